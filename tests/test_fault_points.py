"""Fault points: inert unless the process was started to die at one, then exactly there."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from fault_points import POINTS, VARIABLE, armed

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
        for folder in ("cogs", "storage")
        for path in (REPO / folder).glob("*.py")
    )
    for point in POINTS:
        assert f'fault_point("{point}")' in sources, point
