"""Fault points: inert unless the process was started to die at one, then exactly there (a save
killed before its commit, on SQLite and PostgreSQL, leaves nothing of it)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from config import Config
from fault_points import POINTS, VARIABLE, armed
from storage import open_storage
from tests.test_storage import TEST_DATABASE_URL, _in_schema, _postgres

REPO = Path(__file__).resolve().parents[1]
PASSING = """
import fault_points
for n in range(1, 4):
    print("before", n, flush=True)
    fault_points.fault_point("save.committed")
    fault_points.fault_point("drawing.asked")
print("through", flush=True)
"""


def run(setting: str | None, script: str = PASSING) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != VARIABLE}
    if setting is not None:
        env[VARIABLE] = setting
    return subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True
    )


def test_unset_every_point_is_passed():
    done = run(None)
    assert done.returncode == 0 and "through" in done.stdout


def test_a_named_point_kills_the_process_the_nth_time_it_is_reached():
    done = run("save.committed*2")
    assert done.returncode == -signal.SIGKILL
    assert done.stdout.split("\n")[:-1] == ["before 1", "before 2"]


def test_the_first_time_without_a_count():
    done = run("drawing.asked")
    assert done.returncode == -signal.SIGKILL and done.stdout == "before 1\n"


def test_sigusr1_arms_the_point_the_file_names(tmp_path):
    arming = tmp_path / "arm"
    script = f"""
import os, signal, fault_points
fault_points.fault_point("save.committed")
print("unarmed", flush=True)
open({str(arming)!r}, "w").write("save.committed")
os.kill(os.getpid(), signal.SIGUSR1)
print("armed:", not os.path.exists({str(arming)!r}), flush=True)
fault_points.fault_point("drawing.asked")
fault_points.fault_point("save.committed")
print("never", flush=True)
"""
    done = run(f"@{arming}", script)
    assert done.returncode == -signal.SIGKILL
    assert done.stdout == "unarmed\narmed: True\n"


@pytest.mark.parametrize("setting", ["save.comitted", "save.committed*0", "save.committed*x"])
def test_a_misspelt_setting_stops_the_start(setting):
    with pytest.raises(ValueError, match=VARIABLE):
        armed(setting)
    assert run(setting).returncode == 1


def test_every_point_is_in_the_product():
    """Each point named here is placed where its name says (a point nobody reaches is a lie)."""
    sources = "".join(
        path.read_text(encoding="utf-8")
        for folder in ("cogs", "drawing", "storage")
        for path in (REPO / folder).rglob("*.py")
    )
    for point in POINTS:
        assert f'fault_point("{point}")' in sources, point


SAVING = """
import asyncio, sys
from pathlib import Path
from config import Config
from storage import open_storage

async def main() -> None:
    path, url, game, version = sys.argv[1:]
    db = await open_storage(Config(token="t", database=Path(path), storage_url=url or None))
    move = (0, {"type": "take"}, "user")
    await db.save_game(int(game), int(version), {"n": 1}, status="active", moves=[move])
    print("saved", flush=True)

asyncio.run(main())
"""


@pytest.fixture(params=["sqlite", "postgresql"])
async def storage_settings(request, tmp_path) -> AsyncIterator[tuple[Path, str]]:
    """A database file, and (for PostgreSQL) the URL of a schema of its own."""
    path = tmp_path / "tables.sqlite3"
    if request.param == "sqlite":
        yield path, ""
        return
    if not TEST_DATABASE_URL:
        pytest.skip("PostgreSQL needs TEST_DATABASE_URL: ./scripts/postgres-for-tests prints one")
    schema = f"test_{uuid.uuid4().hex[:12]}"
    await _postgres(f"CREATE SCHEMA {schema}")
    try:
        yield path, _in_schema(TEST_DATABASE_URL, schema)
    finally:
        await _postgres(f"DROP SCHEMA {schema} CASCADE")


async def test_a_save_killed_before_its_commit_leaves_the_game_as_it_was(storage_settings):
    path, url = storage_settings
    db = await open_storage(Config(token="t", database=path, storage_url=url or None))
    try:
        game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"n": 0})
        arguments = [SAVING, str(path), url, str(game.id), str(game.version)]
        env = {**os.environ, VARIABLE: "save.before-commit"}
        killed = await asyncio.create_subprocess_exec(
            sys.executable, "-c", *arguments, cwd=REPO, env=env, stdout=subprocess.PIPE
        )
        said, _ = await killed.communicate()
        assert killed.returncode == -signal.SIGKILL and said == b""
        record = await db.load_game(game.id)
        assert (record.version, record.snapshot, await db.moves(game.id)) == (
            game.version,
            {"n": 0},
            [],
        )
        env.pop(VARIABLE)
        saving = await asyncio.create_subprocess_exec(
            sys.executable, "-c", *arguments, cwd=REPO, env=env, stdout=subprocess.PIPE
        )
        said, _ = await saving.communicate()
        assert saving.returncode == 0 and said == b"saved\n"
        assert len(await db.moves(game.id)) == 1, "the same save, unarmed, commits"
    finally:
        await db.close()
