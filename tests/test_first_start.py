"""A host's first start: what ``python bot.py`` says when Discord is out of reach or refuses
the token (one sentence naming the setting, a failing exit status, no traceback), and that
``scripts/run`` says it is installing."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

from tests.emulator import FakeDiscord

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def settings(folder: Path, token: str, api_base: str, gateway: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "config.toml"
    path.write_text(
        f'[discord]\ntoken = "{token}"\napi_base = "{api_base}"\ngateway_url = "{gateway}"\n'
        f'[storage]\ndatabase = "{folder / "tables.sqlite3"}"\n',
        encoding="utf-8",
    )
    return path


async def run_bot(config: Path, timeout: float = 30.0) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "bot.py",
        str(config),
        cwd=REPO,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(process.communicate(), timeout)
    assert process.returncode is not None
    return process.returncode, output.decode()


def assert_one_sentence(output: str, *words: str) -> None:
    assert "Traceback" not in output, output
    assert "voice" not in output.casefold(), output
    lines = [line for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if " INFO " not in line]
    assert len(errors) == 1, output
    for word in words:
        assert word in errors[0], output


async def test_an_unreachable_discord_stops_the_start_with_one_sentence(tmp_path):
    port = free_port()
    config = settings(
        tmp_path, "a-token", f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/"
    )
    code, output = await run_bot(config)
    assert code == 1
    assert_one_sentence(output, "Cannot reach Discord", "discord.api_base", str(port))


async def test_a_wrong_api_base_that_answers_names_the_setting(tmp_path):
    async with FakeDiscord() as emu:
        wrong = emu.api_base.replace("/api/v10", "/nothing-here")
        config = settings(tmp_path, emu.bot_token, wrong, emu.gateway_url)
        code, output = await run_bot(config)
    assert code == 1
    assert_one_sentence(output, "discord.api_base")


async def test_a_refused_token_says_so_and_fails(tmp_path):
    async with FakeDiscord() as emu:
        config = settings(tmp_path, "not-the-token", emu.api_base, emu.gateway_url)
        code, output = await run_bot(config)
        assert emu.logins == 0
    assert code == 1
    assert_one_sentence(output, "refused the token", "discord.token")


STUB_PYTHON = """#!/bin/sh
# Stands in for python: "-m venv DIR" makes DIR/bin/python (this stub), "-m pip" installs nothing.
if [ "$1" = -c ]; then echo 3.12; exit 0; fi  # the version the scripts ask for
if [ "$2" = venv ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; fi
"""


def test_the_first_run_says_that_it_is_installing_and_the_next_says_nothing(tmp_path):
    import subprocess

    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "_venv.sh").write_bytes((REPO / "scripts" / "_venv.sh").read_bytes())
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    stub = tmp_path / "python-stub"
    stub.write_text(STUB_PYTHON, encoding="utf-8")
    stub.chmod(0o755)
    # As scripts/run does it (the helper finds the project from the script's own folder).
    (tmp_path / "scripts" / "go").write_text(
        'source "$(dirname "$0")/_venv.sh"\nensure_venv\n', encoding="utf-8"
    )
    command = ["bash", "scripts/go"]
    env = {**os.environ, "PYTHON": str(stub)}
    first = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    again = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert first.returncode == again.returncode == 0, first.stderr
    assert "Installing into .venv" in first.stderr
    assert again.stderr == again.stdout == ""
