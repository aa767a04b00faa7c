"""``python -m bench.census_bot config.toml OUT``: the bot with tracemalloc on; SIGUSR1 writes
the 40 biggest allocation sites (by file and line) to OUT, so a load run can be looked into."""

from __future__ import annotations

import signal
import sys
import tracemalloc

import bot


def main(argv: list[str]) -> int:
    config, out = argv
    tracemalloc.start(1)

    def census(*_: object) -> None:
        stats = tracemalloc.take_snapshot().statistics("lineno")
        total = sum(stat.size for stat in stats)
        lines = [f"total traced {total / 2**20:.1f} MB"]
        lines += [f"{s.size / 2**20:8.2f} MB {s.count:8d} {s.traceback}" for s in stats[:40]]
        with open(out, "w", encoding="utf-8") as file:
            file.write("\n".join(lines) + "\n")

    signal.signal(signal.SIGUSR1, census)
    return bot.main([config])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
