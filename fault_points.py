"""Fault points: steps at which a crash test may have the bot die, exactly there.

A Discord request is a step the test's emulator can kill the bot at; the steps between them
(a database load, a save's commit, a picture asked of the drawing worker) are these points.
A test starts the bot with the environment variable ``TABLEBOT_FAULT_POINT`` naming one
point, optionally with how many times it is passed first (``save.committed`` dies the first
time, ``save.committed*3`` the third); the process then kills itself with SIGKILL when it gets
there, as a power cut would: nothing after that step runs, no cleanup, no answer.

``TABLEBOT_FAULT_POINT=@<file>`` arms nothing at the start: each SIGUSR1 arms the point the
file names (in the same form) and deletes the file to say so. A test can so bring a running
bot to the moment it wants and only then arm the point, without a restart.

Unset, as anywhere but in a test, a point costs one lookup in an empty dict.

The points, in the order a click meets them:

- ``click.arrived``: a control's click, before anything of it is awaited;
- ``change.loaded``: the game loaded under the channel's lock, nothing applied yet;
- ``save.before-commit``: a change's rows written in its transaction, not committed;
- ``save.committed``: the change saved, nothing of it answered or shown yet;
- ``drawing.asked``: a screen about to be drawn (in the worker, or a thread);
- ``shown.unsaved``: the channel step did its work on Discord, its message ids not saved yet.
"""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path
from types import FrameType

VARIABLE = "TABLEBOT_FAULT_POINT"
POINTS = (
    "click.arrived",
    "change.loaded",
    "save.before-commit",
    "save.committed",
    "drawing.asked",
    "shown.unsaved",
)


def armed(setting: str) -> dict[str, int]:
    """``name`` or ``name*n`` -> {name: n}; empty for no setting. ValueError for a typo."""
    if not setting:
        return {}
    name, _, times = setting.partition("*")
    if name not in POINTS or not (times or "1").isdigit() or int(times or 1) < 1:
        raise ValueError(f"{VARIABLE}={setting!r}: expected one of {POINTS}, optionally *n")
    return {name: int(times or 1)}


_left: dict[str, int] = {}


def fault_point(name: str) -> None:
    """Die here if the process was armed to (a no-op otherwise). Safe from any thread."""
    if name not in _left:
        return
    _left[name] -= 1
    if _left[name] == 0:
        os.kill(os.getpid(), signal.SIGKILL)


def _arm_from(file: Path) -> None:
    def arm(signum: int, frame: FrameType | None) -> None:
        with contextlib.suppress(OSError, ValueError):
            setting = file.read_text(encoding="utf-8").strip()
            _left.clear()
            _left.update(armed(setting))
            file.unlink()

    signal.signal(signal.SIGUSR1, arm)


def _set_up(setting: str) -> None:
    """Read once, as the bot starts (this module is imported in its main thread)."""
    if setting.startswith("@"):
        _arm_from(Path(setting[1:]))
    else:
        _left.update(armed(setting))


_set_up(os.environ.get(VARIABLE, ""))
