"""The real bot in its own process (``python bot.py config.toml``), pointed at the emulator.

A separate process is what the figures need: its resident memory and CPU time are the bot's
alone (the emulator keeps every message and picture in memory), and, as on a 2-core host in
production, the bot's event loop does not share a core with Discord's side of the wire.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

from bench.measure import MB, pss_of

REPO = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


class BotProcess:
    def __init__(self, folder: Path, database: Path, token: str, api_base: str, gateway: str):
        self.folder = folder
        self.log = folder / "bot.log"
        self.profile = folder / "bot.prof"
        self.config = folder / "config.toml"
        self.config.write_text(
            "[discord]\n"
            f'token = "{token}"\n'
            f'api_base = "{api_base}"\n'
            f'gateway_url = "{gateway}"\n'
            "[storage]\n"
            f'database = "{database}"\n'
            "[bot]\n"
            'log_level = "WARNING"\n',
            encoding="utf-8",
        )
        self.process: asyncio.subprocess.Process | None = None
        self.peak_rss = 0
        self.peak_parts: dict[int, tuple[int, int]] = {}  # at the peak: each process's (PSS, heap)
        self.pss_parts: dict[int, int] = {}
        self.anon_parts: dict[int, int] = {}

    async def start(self, profile: bool = False) -> None:
        """Spawn the bot; with ``profile`` under cProfile in every thread (then it runs slower)."""
        if profile:
            command = ["-m", "bench.profiled_bot", str(self.config), str(self.profile)]
        elif os.environ.get("BENCH_CENSUS"):  # SIGUSR1 writes a memory census (see census_bot)
            command = ["-m", "bench.census_bot", str(self.config), os.environ["BENCH_CENSUS"]]
        else:
            command = ["bot.py", str(self.config)]
        with self.log.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                *command,
                cwd=REPO,
                stdout=log,
                stderr=log,
            )

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def pids(self) -> list[int]:
        """The bot and the processes it started (its drawing worker), children first found."""
        found, queue = [], [self.pid]
        while queue:
            pid = queue.pop(0)
            found.append(pid)
            with contextlib.suppress(OSError):
                tasks = Path(f"/proc/{pid}/task").iterdir()
                for task in tasks:
                    children = (task / "children").read_text(encoding="ascii").split()
                    queue += [int(child) for child in children]
        return found

    def rss(self) -> int:
        """Memory of the bot and its workers now, each shared page counted once (the sum of
        their proportional set sizes); the peak of these sums is kept.

        ``pss_parts`` holds each process's share, and ``anon_parts`` what of it is its own
        memory (the heap: not the libraries and fonts mapped from files).
        """
        self.pss_parts, self.anon_parts = {}, {}
        for pid in self.pids():
            with contextlib.suppress(OSError):
                self.pss_parts[pid], self.anon_parts[pid] = pss_of(pid)
        total = sum(self.pss_parts.values())
        if total > self.peak_rss:
            self.peak_rss = total
            self.peak_parts = {
                pid: (pss, self.anon_parts[pid]) for pid, pss in self.pss_parts.items()
            }
        return total

    def peak_note(self) -> str:
        """Who held the peak: the bot's share and its workers', with their heaps."""
        bot = self.peak_parts.get(self.pid, (0, 0))
        workers = [part for pid, part in self.peak_parts.items() if pid != self.pid]
        worker = (sum(p for p, _ in workers), sum(a for _, a in workers))
        return (
            f"at the peak: bot {bot[0] / MB:.0f} MB ({bot[1] / MB:.0f} heap), "
            f"worker {worker[0] / MB:.0f} MB ({worker[1] / MB:.0f} heap)"
        )

    def cpu_parts(self) -> dict[int, float]:
        """User + system CPU seconds of the bot and of each worker so far."""
        parts = {}
        for pid in self.pids():
            with contextlib.suppress(OSError), open(f"/proc/{pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
                parts[pid] = (int(fields[11]) + int(fields[12])) / TICKS
        return parts

    def cpu_seconds(self) -> float:
        """User + system CPU time the bot and its workers used so far."""
        return sum(self.cpu_parts().values())

    def worker_cpu_seconds(self) -> float:
        """The part of :meth:`cpu_seconds` its workers used (drawing pictures)."""
        return sum(cpu for pid, cpu in self.cpu_parts().items() if pid != self.pid)

    async def stop(self) -> float:
        """SIGTERM (the bot closes cleanly); seconds until it exited."""
        if self.process is None or self.process.returncode is not None:
            return 0.0
        loop = asyncio.get_running_loop()
        start = loop.time()
        self.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.process.wait(), 20)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
        return loop.time() - start

    def errors(self) -> list[str]:
        """Error lines and tracebacks the bot logged."""
        if not self.log.exists():
            return []
        lines = self.log.read_text(encoding="utf-8", errors="replace").splitlines()
        return [line for line in lines if " ERROR " in line or line.startswith("Traceback")]
