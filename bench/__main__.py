"""``python -m bench [--quick] [--only render,engines,...] [--out FILE] [--profile]``.

Prints one table (figure, measured, target, ok/MISSED) and writes the same figures as JSON.
``--profile`` adds cProfile's busiest functions per area to the JSON (the in-process areas
under the profiler, the bot process of the load runs too); timings then read higher.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import channel, e2e, engines, mixed, render, stella_ai, storage
from bench.measure import Figure

AREAS: dict[str, Callable[[bool], list[Figure]]] = {
    "render": render.run,
    "engines": engines.run,
    "storage": storage.run,
    "stella-ai": stella_ai.run,
}
# Areas that run the bot in its own process (and profile it there with --profile).
BOT_AREAS: dict[str, Callable[[bool, bool], tuple[list[Figure], dict[str, str]]]] = {
    "e2e": e2e.run,
    "mixed": mixed.run_mixed,
    "stella-load": mixed.run_stella,
    "channel": channel.run,
}
ORDER = ("render", "engines", "storage", "stella-ai", "e2e", "mixed", "stella-load", "channel")
DEFAULT_OUT = Path(__file__).resolve().parent / "results.json"


def main(argv: list[str] | None = None) -> int:
    options = _parser().parse_args(argv)
    wanted = [area.strip() for area in options.only.split(",") if area.strip()]
    unknown = sorted(set(wanted) - set(ORDER))
    if unknown:
        print(f"unknown areas {unknown}; choose from {', '.join(ORDER)}", file=sys.stderr)
        return 2
    started = time.time()
    figures: list[Figure] = []
    profiles: dict[str, str] = {}
    for area in [a for a in ORDER if a in wanted]:
        print(f"[{time.strftime('%H:%M:%S')}] {area} ...", flush=True)
        found, profiled = _run_area(area, options.quick, options.profile)
        figures += found
        profiles.update(profiled)
    print(table(figures))
    _write(options.out, figures, profiles, options, started)
    print(f"\n{len(figures)} figures in {time.time() - started:.0f} s, written to {options.out}")
    missed = [f for f in figures if f.ok is False]
    if missed:
        print(f"{len(missed)} targets MISSED: " + "; ".join(f.name for f in missed))
    if options.profile:
        print("profiled run: times read higher than without the profiler; profiles in the JSON")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run (about 5 minutes)")
    parser.add_argument("--only", default=",".join(ORDER), help="areas, comma-separated")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the JSON file to write")
    parser.add_argument("--profile", action="store_true", help="add cProfile's top functions")
    return parser


def _run_area(area: str, quick: bool, profile: bool) -> tuple[list[Figure], dict[str, str]]:
    if area in BOT_AREAS:
        return BOT_AREAS[area](quick, profile)
    if not profile:
        return AREAS[area](quick), {}
    profiler = cProfile.Profile()
    found = profiler.runcall(AREAS[area], quick)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(25)
    return found, {area: out.getvalue()}


def table(figures: list[Figure]) -> str:
    rows = [("figure", "measured", "target", "")]
    for figure in figures:
        verdict = {True: "ok", False: "MISSED", None: ""}[figure.ok]
        rows.append((f"{figure.area}: {figure.name}", figure.measured, figure.target, verdict))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    for index, row in enumerate(rows):
        cells = [row[0].ljust(widths[0]), row[1].rjust(widths[1]), row[2].ljust(widths[2]), row[3]]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _write(
    out: Path,
    figures: list[Figure],
    profiles: dict[str, str],
    options: argparse.Namespace,
    started: float,
) -> None:
    document: dict[str, Any] = {
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(started)),
        "seconds": round(time.time() - started, 1),
        "options": {"quick": options.quick, "only": options.only, "profile": options.profile},
        "host": {
            "cpus": os.cpu_count(),
            "load_average": os.getloadavg(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        },
        "figures": [figure.to_json() for figure in figures],
        "profiles": profiles,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
