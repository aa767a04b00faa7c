"""What every area shares: a measured figure with its target, and small statistics."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

KB = 1024
MB = 1024 * 1024


@dataclass
class Figure:
    """One measured number; ``limit`` is the target (an upper bound unless ``at_least``)."""

    area: str
    name: str
    value: float
    unit: str
    limit: float | None = None
    at_least: bool = False
    note: str = ""

    @property
    def ok(self) -> bool | None:
        if self.limit is None:
            return None
        return self.value >= self.limit if self.at_least else self.value <= self.limit

    @property
    def target(self) -> str:
        if self.limit is None:
            return ""
        return f"{'>=' if self.at_least else '<='} {_number(self.limit)} {self.unit}"

    @property
    def measured(self) -> str:
        return f"{_number(self.value)} {self.unit}"

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "target": self.target, "ok": self.ok}


def _number(value: float) -> str:
    if value == int(value):
        return f"{int(value):,}"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples) if samples else float("nan")


def p99(samples: Sequence[float]) -> float:
    """The 99th percentile (the largest sample when there are fewer than 100)."""
    if not samples:
        return float("nan")
    if len(samples) < 100:
        return max(samples)
    return statistics.quantiles(samples, n=100, method="inclusive")[98]


def ms(seconds: float) -> float:
    return seconds * 1000


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds one call took (wall clock), and its result."""
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def pss_of(pid: int | str = "self") -> tuple[int, int]:
    """(proportional resident bytes, of them anonymous): pages shared with other processes
    count by their share; anonymous pages are the process's own heap, not mapped files."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
        for line in rollup:
            name, _, rest = line.partition(":")
            if name in ("Pss", "Pss_Anon"):
                fields[name] = int(rest.split()[0]) * 1024
    return fields.get("Pss", 0), fields.get("Pss_Anon", 0)


def host_busy_seconds() -> float:
    """CPU seconds all processes of the host used so far (every core, from /proc/stat)."""
    with open("/proc/stat", encoding="ascii") as stat:
        fields = [int(value) for value in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds() -> float:
    """User + system CPU time of this process so far."""
    times = os.times()
    return times.user + times.system
