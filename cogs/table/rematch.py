"""Rematch: the result message's button opens a lobby like the finished table's.

Same channel, game, settings, turn timer, computer seats and watching channels; the presser is
host and seated, the other players are invited by one mention in the lobby (see
``games.table.rematch`` for who is invited). One open table per channel is the database's rule,
across processes: a second click, here or in another process, finds the channel taken and is
told privately where the table is. A crash before the lobby is posted leaves the new table
unshown, and the table cog's sweep posts it like any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games import table as tables
from games.engine import RulesError
from games.table import Table
from screens.context import TableContext
from screens.model import Button, Row
from storage import ChannelBusy, GameRecord

if TYPE_CHECKING:
    from cogs.table.click import Click
    from cogs.table.plugin import GamePlugin
    from cogs.table.services import TableChanges, TableServices

REMATCH = "rematch"  # the payload of the result message's button


def rematch_row(ctx: TableContext) -> Row:
    """The result message's one control."""
    return (Button(ctx.t("rematch-button"), REMATCH, style="success", emoji="🔁"),)


async def open_rematch(
    services: TableServices,
    changes: TableChanges,
    click: Click,
    plugin: GamePlugin,
    finished: GameRecord,
) -> None:
    """A click on Rematch (already acknowledged): the new lobby, or where the open table is."""
    db = services.db
    old = Table.from_json(finished.snapshot)
    channel_id = finished.channel_id
    if old.seat_of(click.user_id) is None:
        taken = await db.open_game(channel_id)
        if taken is None:
            raise RulesError("rematch-players-only")
        await tell_where(click, finished, taken)
        return

    def computer_name(seat: int) -> str:
        return services.loc.text(old.language, "table-computer-name", n=seat)

    table = tables.rematch(old, click.user_id, click.user_name, computer_name)
    table.seats[0].language = click.language
    table.rematch_of = finished.id
    table.changed = 1  # the lobby message is to be shown
    async with changes.queue(channel_id):
        try:
            record = await db.create_game(
                guild_id=finished.guild_id,
                channel_id=channel_id,
                kind=plugin.kind,
                snapshot=table.to_json(),
            )
        except ChannelBusy:
            await tell_where(click, finished, await db.open_game(channel_id))
            return
        for watching in table.spectators:
            await db.link_channel(watching, record.id)
        await changes.show(record, table, alone=True)  # a new game: no other process shows it


async def tell_where(click: Click, finished: GameRecord, taken: GameRecord | None) -> None:
    """Privately, where the channel's open table is: the rematch of ``finished``, or another."""
    link = f"<#{finished.channel_id}>"  # a table closed a moment ago, or not posted yet
    if taken is not None:
        table = Table.from_json(taken.snapshot)
        message_id = table.messages.get("lobby") or table.turn_message
        if message_id and taken.guild_id:
            link = message_link(taken.guild_id, taken.channel_id, message_id)
    again = taken is not None and taken.snapshot.get("rematch_of") == finished.id
    await click.reply.say("rematch-open" if again else "rematch-channel-busy", link=link)


def message_link(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"
