"""A spawned drawing worker never imports discord.py (about 30 MB of a worker's memory).

Where the system cannot fork, the worker is a fresh interpreter, and what it imports is what is
sent to it: the games' screens, the rendering and ``drawing.worker``. None of them may
import discord.py, not even through another module; and a bot run as a script (``python
bot.py``, whose main module imports discord.py) must not have its main module imported in the
worker either. The spawned worker drawing every kind of screen without discord.py is in
``tests/test_drawing.py``; a forked worker shares the bot's modules instead
(``tests/test_drawing_forked.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# Everything a job sent to the worker may import: every game's screens, all of the rendering.
WORKER_MODULES = sorted(
    [
        "drawing.worker",
        *(f"screens.{path.stem}" for path in (REPO / "screens").glob("*.py")),
        *(f"rendering.{path.stem}" for path in (REPO / "rendering").glob("*.py")),
    ]
)
# Loaded by the bot, useless to a worker: discord.py and what it brings (aiohttp, asyncio).
NOT_IN_A_WORKER = ("discord", "aiohttp", "asyncio")


def _python(code: str, *args: str) -> str:
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, *args] if args else [sys.executable, "-c", code],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_what_the_worker_imports_imports_no_discord() -> None:
    assert {"screens.dice_stars", "screens.dizzle", "screens.stella"} <= set(WORKER_MODULES)
    code = textwrap.dedent(
        f"""
        import importlib, json, sys
        for name in {WORKER_MODULES!r}:
            importlib.import_module(name)
        print(json.dumps(sorted({{m.split(".")[0] for m in sys.modules}})))
        """
    )
    loaded = set(json.loads(_python(code)))
    assert loaded.isdisjoint(NOT_IN_A_WORKER), sorted(loaded & set(NOT_IN_A_WORKER))


def test_a_bot_run_as_a_script_starts_its_worker_without_discord(tmp_path: Path) -> None:
    """As ``python bot.py``: the main script imports discord.py, its spawned worker does not."""
    script = tmp_path / "a_bot.py"
    script.write_text(
        textwrap.dedent(
            """
            import asyncio
            import json

            import discord  # noqa: F401 (the bot's main script imports discord.py)

            from cogs.dice_stars import DiceStarsPlugin
            from drawing.service import Drawing
            from locales import Localizer
            from tests.support import in_worker


            async def main() -> None:
                drawing = Drawing(1, Localizer(), start_method="spawn")
                drawing.register(DiceStarsPlugin())
                drawing.start()
                held = await drawing.ask(in_worker.discord_modules)
                print(json.dumps(held))
                drawing.close()


            if __name__ == "__main__":
                asyncio.run(main())
            """
        ),
        encoding="utf-8",
    )
    assert json.loads(_python("", str(script))) == []
