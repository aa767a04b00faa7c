"""The daily challenge through two bot processes, one per shard of two, on one database.

Kim's server is on shard 0, Lea's on shard 1: Lea's ``/dicestars daily`` reaches the second
process, which opens her table in her DM; her clicks there reach the first (Discord sends DMs
to shard 0). Both meet the same dice, and the day's ranks and leaderboard read the same from
either process. The database is PostgreSQL when TEST_DATABASE_URL is set (see
``tests/test_e2e_shards.py``), else one SQLite file both processes open.
"""

from __future__ import annotations

import json
import time

from games import daily
from games import dice_stars as engine
from tests import test_e2e_shards as sharding
from tests.emulator import FakeDiscord, Message
from tests.test_e2e_dice_stars import star_values
from tests.test_e2e_shards import SHARDS, until

shared, shards = sharding.shared, sharding.shards  # the fixtures: the database, the processes


def _version(custom_id: str) -> int:
    return int(custom_id.split(":", 3)[2])


def _control(message: Message, version: int, wanted: dict) -> tuple[str, list[str] | None] | None:
    """The control of ``message`` issued since ``version`` that makes the move ``wanted``."""
    if wanted["type"] == "take_stars":
        for menu in message.selects():
            if _version(menu["custom_id"]) >= version:
                return menu["custom_id"], star_values(wanted["rows"])
        return None
    for button in message.buttons():
        prefix, _, rest = button["custom_id"].partition(":")
        payload = rest.split(":", 2)[2]
        if (
            prefix == "t"
            and payload.startswith("a{")
            and not button["disabled"]
            and _version(button["custom_id"]) >= version
            and json.loads(payload[1:]) == wanted
        ):
            return button["custom_id"], None
    return None


async def play_daily(emu: FakeDiscord, storage, user) -> int:
    """The user's running Dice Stars daily, played in their DM to its end: the game's id.

    Each step waits for the DM to offer the move, clicks it, and waits for its save: the
    processes work at their own pace.
    """
    dm = emu.open_dm(user)
    record = await until(lambda: storage.open_game(dm.id), f"{user.name}'s daily table")
    for _ in range(300):
        record = await storage.load_game(record.id)
        if record.status != "active":
            return record.id
        state = engine.from_json(record.snapshot["state"])
        wanted = engine.autopilot(state, engine.to_move(state)[0])
        # A control is good from its seat's last move on (the channel's own saves count too).
        acted = record.snapshot["acted_at"][0]

        async def offered(
            version: int = acted, wanted: dict = wanted
        ) -> tuple[Message, str, list] | None:
            for message in reversed(emu.channel_messages(dm)):
                found = _control(message, version, wanted)
                if found:
                    return message, *found
            return None

        message, custom_id, values = await until(offered, f"the move at v{acted}")
        if values is None:
            await emu.click(user, message, custom_id)
        else:
            await emu.select(user, message, custom_id, values)

        async def saved(version: int = acted, game_id: int = record.id) -> bool:
            after = await storage.load_game(game_id)
            return after.snapshot["acted_at"][0] > version or after.status != "active"

        await until(saved, f"the move after v{acted}")
    raise AssertionError("the daily did not end")


async def test_two_servers_on_two_processes_share_the_dice_and_the_leaderboard(emu, shared, shards):
    _, storage = shared
    first = emu.add_guild("Kim's server", shard=(0, SHARDS), locale="en-US")
    second = emu.add_guild("Lea's server", shard=(1, SHARDS), locale="en-US")
    kim, lea = emu.add_user("kim", locale="en-US"), emu.add_user("lea", locale="en-US")
    emu.add_member(first, kim)
    emu.add_member(second, lea)
    kim_chan, lea_chan = emu.add_channel(first, "daily"), emu.add_channel(second, "daily")
    today = daily.utc_day(time.time()).isoformat()

    await emu.slash(kim, kim_chan, "dicestars daily", {})
    await emu.slash(lea, lea_chan, "dicestars daily", {})
    games = [await play_daily(emu, storage, user) for user in (kim, lea)]
    records = [await storage.load_game(game_id) for game_id in games]
    assert [r.guild_id for r in records] == [first.id, second.id]
    # The same seed, so the same first roll and the same rolls for the same choices: both
    # clicked what the autopilot would, so the whole move logs are the same.
    assert records[0].snapshot["seed"] == records[1].snapshot["seed"]
    logs = [[(m.seat, m.action) for m in await storage.moves(game_id)] for game_id in games]
    assert logs[0] == logs[1] and len(logs[0]) > 20

    entries = [await storage.daily_entry("dice_stars", today, u.id) for u in (kim, lea)]
    assert all(entry is not None and entry.ended for entry in entries)
    assert entries[0].score == entries[1].score

    async def posted(chan) -> str | None:
        messages = emu.channel_messages(chan)
        return messages[-1].text if messages else None

    kim_line = await until(lambda: posted(kim_chan), "kim's result line")
    lea_line = await until(lambda: posted(lea_chan), "lea's result line")
    assert "1 of 1 here" in kim_line and "1 of 1 here" in lea_line
    # Equal scores share the first place among all players, whichever process ranked them.
    assert "1 of 2 everywhere" in lea_line

    # A second attempt is refused by either process, which reads the same ranks.
    for user, chan in ((kim, kim_chan), (lea, lea_chan)):
        refused = (await emu.slash(user, chan, "dicestars daily", {})).private.text
        assert "Rank 1 of 1 on this server today" in refused
        assert "Rank 1 of 2 among all players today" in refused
    board = (await emu.slash(lea, emu.open_dm(lea), "daily", {})).private.text
    score = entries[0].score
    assert f"🥇 kim — {score} pts" in board and f"🥇 lea — {score} pts" in board
    assert len(await storage.open_games()) == 0
