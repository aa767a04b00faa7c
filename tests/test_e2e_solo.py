"""Solo games end to end on the emulator: the result message, /history and the statistics.

A lost Dice Stars solo reads as lost (no place, no trophy), counts no win and holds no record,
however high its score; a Dizzle solo is played for a personal best, so /history and the
statistics agree that it is no win while its score is the level's record.
"""

from __future__ import annotations

import re
import secrets

import pytest

from cogs.dice_stars import DiceStarsPlugin
from cogs.table.records import seat_results
from games import dice_stars, dizzle
from games.table import Seat
from tests.emulator import FakeDiscord
from tests.test_e2e_dice_stars import play_turn_step
from tests.test_e2e_dizzle import play_to_the_end
from tests.test_fair_records import played

# Seeds of the tables opened here (secrets.randbits(62) is the table's seed): with the
# players clicking what the autopilot would, this Dice Stars solo fills the solo grid (lost)
# while scoring more than the solo opponent's 120 points.
LOST_SOLO_SEED = 20192
DIZZLE_SOLO_SEED = 20191
BEN = 4242


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Solo night", locale="en-US")
    chan = emu.add_channel(guild, "solo")
    kim = emu.add_user("kim", locale="en-US")
    emu.add_member(guild, kim)
    return chan, kim


def seed_tables(monkeypatch, seed: int) -> None:
    drawn = secrets.randbits  # discord.py's 64-bit nonces stay random
    monkeypatch.setattr(secrets, "randbits", lambda bits: seed if bits == 62 else drawn(bits))


async def history_line(emu, kim, chan) -> tuple[str, list[str]]:
    """The /history answer, and its lines about finished games (the records come before)."""
    text = (await emu.slash(kim, chan, "history", {})).private.text
    lines = text.split("\n")
    recent = lines.index(next(line for line in lines if line.startswith("**Latest games**")))
    return text, lines[recent + 1 :]


async def test_a_lost_dice_stars_solo_has_no_place_no_trophy_and_no_record(
    emu, runner, world, monkeypatch
):
    chan, kim = world
    seed_tables(monkeypatch, LOST_SOLO_SEED)
    await runner.start()
    # Ben won a solo earlier with fewer points than Kim is about to lose with.
    won = played([Seat(BEN, "ben")], seed=1)
    won_score = dice_stars.scores(dice_stars.from_json(won.state))[0]
    assert dice_stars.result(dice_stars.from_json(won.state))["outcome"] == "solo_win"
    earlier = await runner.db.create_game(
        guild_id=chan.guild.id, channel_id=chan.id, kind="dice_stars", snapshot=won.to_json()
    )
    await runner.db.save_game(
        earlier.id,
        1,
        won.to_json(),
        status="finished",
        results=seat_results(DiceStarsPlugin(), won),
    )

    await emu.slash(kim, chan, "dicestars new", {"solo": True})
    for _ in range(300):
        if not await play_turn_step(emu, runner, chan, [kim]):
            break
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished" and record.id != earlier.id
    result = dice_stars.result(dice_stars.from_json(record.snapshot["state"]))
    assert result["outcome"] == "solo_grid_full"
    score, opponent = result["score"], result["opponent"]
    assert score > opponent and score > won_score, "a high score, and still lost"

    final = emu.channel_messages(chan)[-1].text
    assert not re.search(r"^\s*\d+\. ", final, re.MULTILINE), f"no place in a solo:\n{final}"
    assert "**Dice Stars** · Solo game · final score" in final
    assert (
        f"kim loses: the solo grid is full ({score} points against the solo opponent's"
        f" {opponent})." in final
    )
    assert "Solo grid: 24 of 24 boxes crossed." in final
    picture = emu.channel_messages(chan)[-1].attachments[0]
    assert picture.filename == "dice-stars-result.png"
    assert picture.description.startswith(
        f"Dice Stars solo, kim loses, the solo grid is full: {score} to {opponent}."
        " Solo grid: 24 of 24 boxes crossed."
    )

    text, games = await history_line(emu, kim, chan)
    assert f"Best Dice Stars score: **{won_score}** by ben" in text
    assert f"**{score}**" not in text, "the lost score is no record"
    assert games[0].endswith(f"kim {score} · solo, lost") and "🏆" not in games[0]
    assert games[1].endswith(f"ben {won_score} 🏆 · solo, won")

    mine = (await emu.slash(kim, chan, "history", {"player": kim})).private.text
    assert mine.split("\n")[1] == "Dice Stars: 1 game · 0 wins"


async def test_a_dizzle_solo_is_no_win_in_history_nor_in_the_statistics(
    emu, runner, world, monkeypatch
):
    chan, kim = world
    seed_tables(monkeypatch, DIZZLE_SOLO_SEED)
    await runner.start()
    await emu.slash(kim, chan, "dizzle new", {"level": "level2", "solo": True})
    await play_to_the_end(emu, runner, chan, [kim])
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    state = dizzle.from_json(record.snapshot["state"])
    score = dizzle.scores(state)[0]
    crosses = state.sheets[0].crosses.bit_count()

    final = emu.channel_messages(chan)[-1].text
    lines = final.split("\n")
    assert lines[0].endswith("**Dizzle** · Solo game · final score · Level 2"), lines[0]
    assert lines[-1] == f"kim — {score} points ({crosses} crosses)"
    assert not re.search(r"^\s*\d+\. ", final, re.MULTILINE), f"no place in a solo:\n{final}"
    picture = emu.channel_messages(chan)[-1].attachments[0]
    assert picture.description.startswith(
        f"Dizzle solo, Level 2: kim {score} points, {crosses} crosses."
    ), "the picture's text has no place either"

    text, games = await history_line(emu, kim, chan)
    assert f"Best Dizzle solo on Level 2: **{score}** by kim" in text
    assert games[0].endswith(f"kim {score} · solo") and "🏆" not in games[0]
    mine = (await emu.slash(kim, chan, "history", {"player": kim})).private.text
    assert mine.split("\n")[1] == f"Dizzle: 1 game · 0 wins · best score **{score}**"
