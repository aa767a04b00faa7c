"""The mixed load runs: a few tables of each game for a few seconds against the real bot.

A smoke test only: it checks that the load generator opens and plays tables and writes its
figures, never how fast anything was.
"""

from __future__ import annotations

from bench import mixed


async def test_mixed_load_plays_every_game() -> None:
    figures, _ = await mixed.load("mixed", mixed.MIX, ((10, 3.0),), False, quiet=0.5)
    by_name = {figure.name: figure for figure in figures}
    sent = by_name["10 tables: interactions sent"]
    assert sent.value > 10
    for game in ("dicestars", "dizzle", "stella"):
        assert f"{game} slash" in sent.note
    assert "10 tables: stuck tables" in by_name
    assert by_name["errors the bot logged"].value == 0, by_name["errors the bot logged"].note
