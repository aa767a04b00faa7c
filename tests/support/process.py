"""The real bot as its own process (``python bot.py config.toml``) against a test's emulator.

For crash tests: a SIGKILL at an exact request (from an injected fault's hook), a restart on
the same SQLite file, and the bot's log to look for tracebacks::

    bot = BotProcess(emu, tmp_path / "bot", extra_settings={"timers": {"reminder_at": 0.8}})
    await bot.start()
    emu.inject("POST", r"/channels/\\d+/messages", before=bot.kill)
    ...
    assert await bot.wait_exit() == -9
    await bot.restart()

The emulator's ``idle()`` cannot see the process's tasks; it goes by REST quiet alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
import time
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.emulator import FakeDiscord

REPO = Path(__file__).resolve().parents[2]
POLL_SECONDS = 0.2
LOG_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (\w+) ")
LOG_TAIL = 4000

Settings = Mapping[str, Mapping[str, Any]]


class BotProcess:
    """One bot process at a time, on one settings file and one SQLite database.

    `extra_settings` (TOML text or {section: {key: value}}) is merged into the settings the
    emulator needs, key by key; it may be changed between starts.
    """

    def __init__(
        self, emu: FakeDiscord, folder: Path, extra_settings: str | Settings | None = None
    ) -> None:
        self.emu = emu
        self.folder = folder
        self.database = folder / "tables.sqlite3"
        self.settings = folder / "config.toml"
        self.log = folder / "bot.log"
        self.extra_settings = extra_settings
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0

    # --- starting ---------------------------------------------------------------------------

    async def start(self, timeout: float = 30.0) -> None:
        """Spawn the bot and wait until it logged in, identified and synced its commands."""
        if self.running:
            raise RuntimeError(f"the bot process {self.pid} is still running")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.settings.write_text(self.settings_text(), encoding="utf-8")
        # The settings file alone decides: no token or database from this environment.
        env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
        logins = self.emu.logins
        self.starts += 1
        with self.log.open("ab") as log:
            log.write(f"--- start {self.starts} ---\n".encode())
            log.flush()
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "bot.py",
                str(self.settings),
                cwd=REPO,
                env=env,
                stdout=log,
                stderr=log,
            )
        ready = asyncio.ensure_future(self._ready(logins, timeout))
        exited = asyncio.ensure_future(self.process.wait())
        try:
            await asyncio.wait([ready, exited], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (ready, exited):
                task.cancel()
        if exited.done() and not exited.cancelled():
            code = exited.result()
            raise AssertionError(f"the bot exited with {code} before it was ready:\n{self.tail()}")
        problem = None if ready.cancelled() else ready.exception()
        if problem is not None:
            raise AssertionError(f"{problem}; the bot's log:\n{self.tail()}") from problem

    async def _ready(self, logins: int, timeout: float) -> None:
        # A new login first: the emulator may still count the previous process as connected.
        deadline = time.monotonic() + timeout
        what = "a login of the new bot process"
        await self.emu.wait_until(lambda: self.emu.logins > logins, timeout, what)
        await self.emu.wait_for_bot(timeout=max(deadline - time.monotonic(), 1.0))

    async def restart(self, timeout: float = 30.0) -> None:
        """Start again on the same database and settings, once the last process has exited."""
        if self.running:
            raise RuntimeError(f"the bot process {self.pid} is still running: kill it first")
        await self.start(timeout)

    # --- stopping ---------------------------------------------------------------------------

    def kill(self) -> None:
        """SIGKILL, and return as soon as the process is dead (its sockets closed).

        Synchronous, so that an injected fault's `before`/`after` can call it.
        """
        if not self.running:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        deadline = time.monotonic() + 2.0
        while _alive(self.pid) and time.monotonic() < deadline:
            time.sleep(0.001)

    async def wait_exit(self, timeout: float = 15.0) -> int:
        """Until the process exited; its return code (-9 after `kill`)."""
        process = self._process()
        try:
            return await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"the bot did not exit within {timeout} s") from None

    async def terminate(self, timeout: float = 15.0) -> int:
        """SIGTERM (the bot closes cleanly) and wait; SIGKILL and AssertionError after timeout."""
        process = self._process()
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
        try:
            return await self.wait_exit(timeout)
        except AssertionError:
            self.kill()
            await process.wait()
            ignored = f"the bot ignored SIGTERM for {timeout} s:\n{self.tail()}"
            raise AssertionError(ignored) from None

    async def close(self) -> None:
        """The fixture's cleanup: terminate a running process, kill it if it hangs."""
        if not self.running:
            return
        with contextlib.suppress(AssertionError):
            await self.terminate(timeout=10)

    # --- looking at it ----------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    def children(self) -> list[int]:
        """The processes the bot started (its drawing worker), read from /proc."""
        found = []
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{self.pid}/task").iterdir():
                found += [int(pid) for pid in (task / "children").read_text().split()]
        return found

    @property
    def pid(self) -> int:
        return self._process().pid

    @property
    def returncode(self) -> int | None:
        return self._process().returncode

    def log_text(self) -> str:
        """Everything the bot printed or logged, over all its starts."""
        if not self.log.exists():
            return ""
        return self.log.read_text(encoding="utf-8", errors="replace")

    def tail(self, size: int = LOG_TAIL) -> str:
        return self.log_text()[-size:]

    def tracebacks(self) -> list[str]:
        """Every ERROR (or CRITICAL) record and every traceback in the log, each one entry."""
        return problems(self.log_text())

    def settings_text(self) -> str:
        return toml_text(merged(self._base_settings(), self.extra_settings))

    def _base_settings(self) -> dict[str, dict[str, Any]]:
        return {
            "discord": {
                "token": self.emu.bot_token,
                "api_base": self.emu.api_base,
                "gateway_url": self.emu.gateway_url,
            },
            "storage": {"database": str(self.database)},
            "bot": {"log_level": "INFO"},
            "timers": {"poll_seconds": POLL_SECONDS},
        }

    def _process(self) -> asyncio.subprocess.Process:
        if self.process is None:
            raise RuntimeError("the bot process was not started")
        return self.process


def _alive(pid: int) -> bool:
    """Whether the process still runs (a zombie has closed its files already)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            state = stat.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def merged(base: dict[str, dict[str, Any]], extra: str | Settings | None) -> dict[str, Any]:
    """The base settings with `extra` (TOML text or a mapping) laid over them, key by key."""
    sections = tomllib.loads(extra) if isinstance(extra, str) else dict(extra or {})
    result = {name: dict(values) for name, values in base.items()}
    for name, values in sections.items():
        if not isinstance(values, Mapping):
            raise TypeError(f"extra settings: {name!r} is not a [section]")
        result.setdefault(name, {}).update(values)
    return result


def toml_text(sections: Mapping[str, Mapping[str, Any]]) -> str:
    lines: list[str] = []
    for name, values in sections.items():
        lines.append(f"[{name}]")
        lines += [f"{key} = {_toml_value(value)}" for key, value in values.items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str | Path):
        return json.dumps(str(value))  # JSON's string escapes are TOML's too
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    raise TypeError(f"no TOML for {value!r}")


def problems(log: str) -> list[str]:
    """ERROR/CRITICAL records (with their traceback) and stray tracebacks, one entry each."""
    found: list[list[str]] = []
    current: list[str] | None = None
    for line in log.splitlines():
        record = LOG_RECORD.match(line)
        if record is not None:
            current = [line] if record[1] in ("ERROR", "CRITICAL") else None
            if current is not None:
                found.append(current)
        elif line.startswith("Traceback (most recent call last):") and current is None:
            current = [line]
            found.append(current)
        elif current is not None and not line.startswith("--- start "):
            current.append(line)
    return ["\n".join(entry) for entry in found]
