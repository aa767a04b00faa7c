"""Stella on Discord: ``/stella new``, secret slates by direct message, designations in public.

A round in the channel and in private:

- **Marking.** One channel message for the whole phase: the grid, the word and who has locked in
  (names only), edited in place as players lock in. Every player gets a DM with their slate
  picture, 15 toggle buttons laid out like the grid and "Lock in"; a toggle is a ``set_marks`` of
  the toggled draft (drafts are game state: a restart loses no mark) and the DM is edited in
  place once it is saved, the edit answering the click. When a DM cannot be delivered the
  channel says so, and the round's message offers "My slate", which opens the same controls as
  an ephemeral message. A seat has one draft whichever slate it marks on: a mark on one is
  shown on the other (the panel while its click's token lasts), and a button names what it
  asks for (this card marked or not, lock this draft), so a tap on a slate that shows an older
  draft still does what it showed. The marking message ends saying who locked in.
- **Announcement**, all counts at once and Darkness, opens the exploration.
- **Exploration.** Every designation posts a new message with the public board; the active
  player presses "Designate" and taps one of their own unrevealed marks, a button each, in an
  ephemeral panel with their slate. The last unrevealed mark is designated by the table itself.
- **Round end**: a message with the round's results and its summary picture; the game ends with
  the scoreboard.

Secrecy: public texts come only from public events (an event with a ``"to"`` key is shown to
that player alone, in their DM or ephemeral message) and public pictures only from the spectator
view ``view(state, None)``; a slate is drawn from its owner's view and sent to its owner only
(how these messages look is :mod:`screens.stella`).

Computer seats (``games.stella_ai``) lock in their slate as soon as a round starts and designate
when their turn comes, in the same automatic step as any other computer of the table; their
slates are secret events like a player's, sent to nobody. They read a card's description: the
painted deck's from ``games.stella_concepts``, a server's own pictures' from the folder's tags
file (``rendering.stella_folder``); a server deck without one offers no computer seats. A
timed-out scout designates its most likely match the same way (its ``time_out`` names the card,
so the move log replays it).

Decks: the painted deck of ``rendering.stella_cards`` by default, painted once per installation
into ``painted-cards`` next to the database (``rendering.stella_deck``); when the setting
``stella.cards_folder`` names a folder, ``/stella new deck:custom`` plays with its pictures. The
folder is checked when the game starts (``rendering.stella_folder``); the names of its usable
pictures are kept with the table, so cards keep their pictures even if the folder changes later.

Where the rules are silent: the DM is written in the player's own language (the one they joined
with, or of their latest click), else in the table's; a player whose DM failed is offered the
DM again next round (the channel says that the DM failed once a game, and that notice
notifies those players: the marking message goes out before the DMs are tried, at once, and
notifies them from the next round on; the DM notifies everyone else); the lobby has no menu
for the deck (it is chosen with the command), and the ``host_starts`` setting reads "Host is
the first scout".
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from cogs.table.cog import TableAddon
from cogs.table.components import controls_of
from cogs.table.i18n import T
from cogs.table.layout import (
    accent_of,
    card_view,
    files_of,
    notice_view,
    retired_view,
    title_as_header,
)
from cogs.table.messages import pings_for
from cogs.table.plugin import GamePlugin
from games import stella as engine
from games import stella_ai
from games import table as tables
from games.engine import Action, Event, GameInfo, RulesError
from games.engine import Option as Setting
from games.stella_concepts import describe_tags, description
from games.table import Table
from locales import Localizer
from rendering import stella as pictures
from rendering import stella_cards
from rendering.stella_deck import PaintedDeck, paint_ahead
from rendering.stella_folder import (
    TAGS_FILE,
    read_tags,
    scan_cards_folder,
)
from screens.context import TableContext
from screens.model import Button, Row, Screen
from screens.stella import StellaScreens, dm_failed, draft_mask
from screens.stella_alt import slate_alt

if TYPE_CHECKING:
    from bot import TableBot
    from cogs.table.click import Click
    from cogs.table.delivery import Reply
    from cogs.table.services import TableServices

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()

DECKS = ("generated", "custom")
PAINTED_FOLDER = "painted-cards"  # next to the database: the default deck, painted once

ROUND_END = {"round_over", "darkness_penalty", "round_score"}
SLATES_ROUND = "slates"  # in the table's message ids: the round the slate DMs belong to
SLATES_IN_HAND = 16  # slates drawn and not yet delivered, in the whole bot (each a picture)
MARKING_MESSAGE = "marking:"  # in the table's message ids: "marking:<since>" -> its round
PANEL_TOKEN = 14 * 60.0  # seconds a click's token edits its panel (Discord: 15 minutes)
KEPT_PANELS = 1024  # "My slate" panels this process keeps up to date
Result = TypeVar("Result")


# --- the plugin --------------------------------------------------------------------------------


class StellaPlugin(GamePlugin):
    engine = engine
    emoji = "🌟"
    key_prefix = "st"
    word_option = "language"
    computer_seats = True
    sends_dms = True  # the slates
    answers_in_place = True  # a slate's click edits the slate

    def __init__(self, cards_folder: Path | None = None, painted: Path | None = None) -> None:
        self.cards_folder = cards_folder
        # The painted deck kept on disk (in the data folder), else in each process's memory.
        self.painted = PaintedDeck(painted) if painted is not None else None
        self.screens = StellaScreens(cards_folder, self.painted)
        options = engine.INFO.options
        if cards_folder is not None:
            options = (*options, Setting("deck", DECKS, "generated"))
        self._info = dataclasses.replace(engine.INFO, options=options)
        self.languages: dict[int, str] = {}  # user id -> the language their last click spoke
        self._channels: dict[int, int] = {}  # game id -> channel id
        self._in_hand = asyncio.Semaphore(SLATES_IN_HAND)
        # (game, seat) -> the seat's latest "My slate" panel: the click whose token edits it,
        # the panel's message id, and the round and draft it shows.
        self._panels: OrderedDict[tuple[int, int], Panel] = OrderedDict()

    @property
    def info(self) -> GameInfo:
        return self._info

    # ---- lobby and setup ----------------------------------------------------------------

    def option_name(self, loc: Localizer, language: str, name: str) -> str:
        key = f"st-option-{name}"
        return loc.text(language, key) if loc.has(key) else super().option_name(loc, language, name)

    def option_label(self, loc: Localizer, language: str, name: str, value: Any) -> str:
        key = f"st-option-{name}-{str(value).lower()}"
        if loc.has(key):
            return loc.text(language, key)
        return super().option_label(loc, language, name, value)

    def new_state(self, table: Table) -> engine.State:
        options = dict(table.options)
        if options.get("deck") == "custom":
            if self.cards_folder is None:
                raise engine.SetupError("st-error-no-cards-folder")
            if any(seat.computer for seat in table.seats) and self.computer_refusal(table):
                raise engine.SetupError("st-error-computers-need-tags", file=TAGS_FILE)
            files = scan_cards_folder(self.cards_folder)
            table.options["deck_files"] = files
            deck_size = len(files)
        else:
            deck_size = stella_cards.DECK_SIZE
        return engine.new_game(len(table.seats), table.seed, {**options, "deck_size": deck_size})

    def computer_refusal(self, table: Table) -> str | None:
        """A server's own deck seats computers only when its pictures are described."""
        if table.options.get("deck") != "custom":
            return None
        if self.cards_folder is None or read_tags(self.cards_folder) is None:
            return "st-lobby-computers-need-tags"
        return None

    def describer(self, table: Table) -> stella_ai.Describe | None:
        """What each picture card of the table's deck shows; None for pictures nobody described."""
        files = table.options.get("deck_files")
        if table.options.get("deck") != "custom":
            return description
        tags = read_tags(self.cards_folder) if self.cards_folder is not None else None
        if not files or tags is None:
            return None

        def describe(card_id: int) -> dict[str, float]:
            return describe_tags(tags.get(files[card_id], ()))

        return describe

    def autopilot(self, state: engine.State, seat: int, table: Table) -> Action:
        return engine.autopilot(state, seat, self.describer(table) or (lambda card_id: {}))

    def event_lines(self, ctx: TableContext, events: list[Event]) -> list[str]:
        return self.screens.event_lines(ctx, events)  # the round's message lists them too

    def warm_up(self) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
        # Every card of the painted deck, once, in the worker's idle time: a new round then
        # composes its cards and never waits for them to be painted.
        cards = range(stella_cards.DECK_SIZE)
        if self.painted is not None:  # painted to disk once per installation, read after
            return [(paint_ahead, (self.painted, card, pictures.CARD_WIDTH)) for card in cards]
        return [(pictures.paint_card, (card,)) for card in cards]

    # ---- turns and actions --------------------------------------------------------------

    def turn_key(self, state: engine.State) -> str:
        # One message for the whole marking; a new one for every designation.
        if state.phase == engine.MARKING:
            return f"marking:{state.round}"
        if state.phase == engine.EXPLORATION:
            return f"exploration:{state.round}:{len(state.reveals)}:{state.active}"
        return state.phase

    def decode_action_at(
        self, state: engine.State, seat: int, payload: str, values: list[str]
    ) -> Action | None:
        """``toggle:<card>:<1|0>`` marks or unmarks one card of the seat's draft as saved (read
        under the lock); ``lock:<draft>`` locks it in (the draft shown, see draft_mask)."""
        verb, _, argument = payload.partition(":")
        draft = set(state.slates[seat])
        wanted = _explicit_toggle(argument) if verb == "toggle" else None
        if wanted is not None:  # "toggle:<card>:<1 to mark, 0 to unmark>"
            card, marked = wanted
            return {
                "type": "set_marks",
                "cards": sorted(draft | {card} if marked else draft - {card}),
            }
        if verb == "toggle" and argument.isdigit() and int(argument) < engine.GRID_SIZE:
            return {"type": "set_marks", "cards": sorted(draft ^ {int(argument)})}  # earlier DMs
        if verb == "lock" and (not argument or argument.isdigit()):
            return {"type": "lock_in"}
        if verb == "designate" and argument.isdigit():
            return {"type": "designate", "card": int(argument)}
        if verb == "designate" and len(values) == 1 and values[0].isdigit():
            return {"type": "designate", "card": int(values[0])}  # the menu of earlier versions
        return None

    def shows_change(self, events: list[Event]) -> bool:
        # A draft changes nothing anyone else may see: the channel message stays as it is.
        return any("to" not in event for event in events)

    def timeout_action(self, state: engine.State, seat: int, table: Table) -> Action:
        """The game's timeout rule; a timed-out scout designates its most likely match."""
        describe = self.describer(table)
        if state.phase != engine.EXPLORATION or seat != state.active or describe is None:
            return {"type": "time_out"}
        return {"type": "time_out", "card": stella_ai.designation(state, seat, describe)}

    def on_seat_left(
        self, state: engine.State, seat: int, moves: list[tuple[int | None, Action, str]]
    ) -> list[Event]:
        action: Action = {"type": "leave"}
        try:
            events = engine.apply(state, seat, action)
        except RulesError:
            return []
        moves.append((seat, action, "leave"))
        return events

    def own_message(self, events: list[Event]) -> tuple[list[Event], list[Event]]:
        """A round that ended gets its own message (results and picture) before the next one."""
        ends = [i for i, event in enumerate(events) if event["type"] in ROUND_END]
        if not ends:
            return [], events
        cut = ends[-1] + 1
        return events[:cut], events[cut:]

    def channel_pings(self, ctx: TableContext, seats: list[int]) -> list[int]:
        # A slate sent by DM is the marking player's notification; the channel adds none.
        # The channel's message goes out before the DMs: it notifies whoever's DMs were found
        # closed before (the first time, the notice about it does).
        if ctx.state.phase != engine.MARKING:
            return seats
        messages = ctx.table.messages
        return [seat for seat in seats if dm_failed(messages, seat) or f"nodm:{seat}" in messages]

    def closing_text(self, ctx: TableContext, message_key: str) -> str | None:
        """The round's marking message, once its marking is over, says so (it named who the
        table still waited for)."""
        since = message_key.removeprefix("turn:")
        round_ = ctx.table.messages.get(MARKING_MESSAGE + since)
        return self.screens.marking_over_text(ctx, round_) if round_ else None

    def older_control_action(
        self, state: engine.State, table: Table, seat: int, version: int, payload: str
    ) -> Action | None:
        """A tap on a slate showing an older draft of the seat (it marked on its other slate,
        the DM or "My slate", since) is done when what it asks leaves no doubt: a toggle names
        its card and whether it wants it marked; "Lock in" names the draft it showed, and
        locks only that very draft."""
        if state.phase != engine.MARKING or seat not in engine.to_move(state):
            return None
        if version < table.turn_since:
            return None  # a slate of an earlier round
        verb, _, argument = payload.partition(":")
        if verb == "toggle" and _explicit_toggle(argument) is not None:
            action = self.decode_action_at(state, seat, payload, [])
            # Asking for what the draft holds already (the same tap twice): nothing to do.
            if action is not None and action["cards"] == sorted(state.slates[seat]):
                return None
            return action
        shown = int(argument) if verb == "lock" and argument.isdigit() else None
        if shown is not None and shown == draft_mask(state.slates[seat]):
            return {"type": "lock_in"}
        return None

    def decision_key(self, state: engine.State, table: Table) -> str:
        # The marking has one timer for everyone; each designation one of its own.
        return self.turn_key(state)

    async def answer_in_place(
        self,
        services: TableServices,
        click: Click,
        ctx: TableContext,
        events: list[Event],
    ) -> bool:
        """A click on a private panel (slate or designation menu) edits that panel through the
        click's token, after its change is saved."""
        seat = ctx.table.seat_of(click.user_id)
        if click.reply.message_id is None or seat is None or not click.on_private_panel:
            return False
        language = self.remember_language(click)
        private_ctx = dataclasses.replace(ctx, language=language)
        designating = click.argument.startswith("designate")
        # Controls issued before the marking now running began: a slate of an ended round.
        marking_since = ctx.table.turn_since if ctx.state.phase == engine.MARKING else 0
        if not designating and click.version < marking_since:
            await self._retire_slate(click)
            return True
        if designating:
            done = [e for e in events if e["type"] == "designated" and e["seat"] == seat]
            text = private_ctx.t("st-designated", label=done[0]["label"]) if done else ""
            screen = Screen(text=text)
        else:
            channel_id = await self._channel_id(services, ctx.game_id)
            marking = seat in engine.to_move(ctx.state) and ctx.state.phase == engine.MARKING
            toggled = click.argument.startswith("toggle") and marking
            if toggled:  # text and buttons only: no need to wait for the drawing worker
                screen = self.screens.slate_screen(private_ctx, seat, channel_id, False)
            else:
                screen = await services.drawing.screen(
                    self, "slate_screen", private_ctx, seat, channel_id, True
                )
        drawn = screen.image is not None or not screen.rows  # a toggle keeps the grid it shows

        def edit() -> dict[str, Any]:
            # A slate from before V2 messages becomes one (its content goes); fresh files for
            # each try: a file is read once.
            edit: dict[str, Any] = {"content": None, "view": panel_view(ctx, screen)}
            if drawn:
                edit["attachments"] = files_of(screen)
            return edit

        # The click's answer is the edit of its slate: the only way a new picture goes into
        # it through the click (Discord refuses that upload through its token).
        if await click.reply.answer_by_edit(edit):
            return True
        if click.in_dm and screen.image is not None:
            # A DM's new picture: the bot's own edit of it (no new upload through a token).
            await click.reply.edit_dm_panel(panel_view(ctx, screen), files_of(screen))
            return True
        try:
            if screen.image is not None:  # an ephemeral panel keeps its picture; its text is new
                kept = kept_picture(screen, click.reply.message)
                await click.reply.edit_panel(panel_view(ctx, kept))
            else:
                await click.reply.edit_panel(panel_view(ctx, screen), [] if drawn else None)
        except discord.HTTPException:
            if not click.in_dm:
                raise  # an ephemeral panel has no other route; the next click opens a new one
            # A DM: its message can be edited without the click's token.
            await click.reply.edit_dm_panel(panel_view(ctx, screen), [] if drawn else None)
        return True

    async def _retire_slate(self, click: Click) -> None:
        """The click's change ended its slate's round and began the next (the table played
        the forced moves): that slate keeps what it shows, without its controls; the new
        round's slate comes on its own."""
        message = click.reply.message
        retired = retired_view(message) if message is not None else None  # None: classic

        def edit() -> dict[str, Any]:
            return {"view": retired}

        if await click.reply.answer_by_edit(edit):
            return
        try:
            if click.in_dm and message is not None:
                await message.edit(view=retired)
            else:
                await click.reply.edit_original(view=retired)
        except discord.HTTPException as error:
            log.info("slate %s of an ended round not closed (%s)", click.reply.message_id, error)

    async def show_panels(
        self, services: TableServices, ctx: TableContext, seats: list[int]
    ) -> None:
        """The slate DMs of these seats, still marking, as saved (text and buttons: the grid
        they show stays the round's). An ephemeral panel cannot be reached without its click;
        "My slate" opens a new one."""
        state, messages = ctx.state, ctx.table.messages
        if state.phase != engine.MARKING or messages.get(SLATES_ROUND) != state.round:
            return
        channel_id = await self._channel_id(services, ctx.game_id)
        for seat in seats:
            message_id = messages.get(f"dm:{seat}")
            if message_id and seat in engine.to_move(state):
                await self._edit_dm_draft(services, ctx, seat, message_id, channel_id)

    async def on_ui(self, services: TableServices, click: Click) -> None:
        """The "My slate" and "Designate" buttons: private panels from the player's own view."""
        language = self.remember_language(click)
        record = await services.db.load_game(click.game_id)
        if record is None or record.status != tables.ACTIVE:
            raise RulesError("table-error-closed")
        table = Table.from_json(record.snapshot)
        seat = table.seat_of(click.user_id)
        if seat is None or table.seats[seat].left:
            raise RulesError("table-error-not-seated")
        state = engine.from_json(table.state or {})
        ctx = TableContext(record.id, record.version, table, state, language, services.loc)
        self._channels[click.game_id] = record.channel_id
        if click.argument == "slate":
            await self._open_slate(services, click.reply, ctx, seat, record.channel_id)
        elif click.argument == "designate":
            await self._open_designation(services, click.reply, ctx, seat)
        else:
            raise RulesError("table-error-unknown-control")

    async def _open_slate(
        self,
        services: TableServices,
        reply: Reply,
        ctx: TableContext,
        seat: int,
        channel_id: int,
    ) -> None:
        await reply.think_privately()
        screen = await services.drawing.screen(self, "slate_screen", ctx, seat, channel_id)
        panel = await _send_private(reply, ctx, screen)
        state = ctx.state
        if panel is not None and state.phase == engine.MARKING and seat in engine.to_move(state):
            shows = draft_mask(state.slates[seat])
            self._keep_panel(ctx.game_id, seat, Panel(reply, panel, state.round, shows))

    async def _open_designation(
        self,
        services: TableServices,
        reply: Reply,
        ctx: TableContext,
        seat: int,
    ) -> None:
        state = ctx.state
        if state.phase != engine.EXPLORATION:
            raise RulesError("st-error-not-exploring")
        if seat != state.active:
            raise RulesError("st-error-not-your-turn")
        own = engine.view(state, seat)
        revealed = {entry["card"] for entry in own["revealed"]}
        cards = [card for card in own["my_slate"] if card not in revealed]
        if not cards:  # the engine never makes such a seat active; say so rather than fail
            raise RulesError("st-error-not-your-turn")
        await reply.think_privately()
        image = await services.drawing.screen(self, "slate_picture", ctx, seat)
        screen = Screen(
            text=ctx.t("st-designate-prompt"),
            image=image,
            filename=f"stella-slate.{pictures.extension(image)}",
            image_summary=slate_alt(own, ctx.t),
            rows=designation_rows(cards),
        )
        await _send_private(reply, ctx, screen)

    # ---- after every saved change: the DMs ---------------------------------------------

    async def sync_private(
        self, services: TableServices, ctx: TableContext, answered: int | None
    ) -> bool:
        """Slates by DM as the saved state wants them: sent to every seat marking now, closed
        (final slate, no controls) for every seat no longer marking. Idempotent. True when
        the seats offered "My slate" (their DM failed) changed."""
        offered = _slates_offered(ctx.table)
        await self._sync_slates(services, ctx, answered)
        return _slates_offered(ctx.table) != offered

    async def _sync_slates(
        self, services: TableServices, ctx: TableContext, answered: int | None
    ) -> None:
        state = ctx.state
        marking = state.phase == engine.MARKING and ctx.table.status == tables.ACTIVE
        still = set(engine.to_move(state)) if marking else set()
        messages = ctx.table.messages
        if marking and messages.get(SLATES_ROUND, state.round) != state.round:
            # A new round's marking: every slate of an earlier one closes, even when that
            # round's exploration went by within one change (designations the table played).
            await self._close_slates(services, ctx, set(), answered)
        if marking:
            messages[SLATES_ROUND] = state.round
        await self._close_slates(services, ctx, still, answered)
        missing = [
            seat
            for seat in sorted(still)
            if f"dm:{seat}" not in ctx.table.messages and ctx.table.seats[seat].user_id
        ]
        if missing:
            await self._send_slates(services, ctx, missing)
        if marking:
            # The round's message is the one its turn began with: it sums up the marking.
            messages[MARKING_MESSAGE + str(ctx.table.turn_since)] = state.round
        for key in [k for k in messages if k.startswith(MARKING_MESSAGE)]:
            if "turn:" + key.removeprefix(MARKING_MESSAGE) not in messages:
                del messages[key]
        await self._close_panels(ctx, still, answered)

    async def sync_seat(self, services: TableServices, click: Click, ctx: TableContext) -> None:
        """A seat has one draft, whichever of its slates it marks on: a mark on "My slate"
        shows on its DM, and one on the DM on its panel (while the token of the panel's
        latest click lasts). The slate clicked shows it already (answer_in_place)."""
        seat = ctx.table.seat_of(click.user_id)
        state, message_id = ctx.state, click.reply.message_id
        marking = state.phase == engine.MARKING and seat in engine.to_move(state)
        if seat is None or message_id is None or not marking:
            return
        shows = draft_mask(state.slates[seat])
        channel_id = await self._channel_id(services, ctx.game_id)
        if click.in_dm:  # on the DM
            panel = self._panels.get((ctx.game_id, seat))
            if panel is not None and (panel.round, panel.shows) != (state.round, shows):
                await self._edit_panel(ctx, seat, panel, channel_id)
        elif click.on_private_panel and not click.argument.startswith("designate"):
            # On the panel (an ephemeral message); not a designation's, even when the round
            # it ended lets the seat mark the next one: that message shows no slate.
            panel = Panel(click.reply, message_id, state.round, shows)
            self._keep_panel(ctx.game_id, seat, panel)
            dm = ctx.table.messages.get(f"dm:{seat}")
            if dm:
                await self._edit_dm_draft(services, ctx, seat, dm, channel_id)

    async def _close_panels(self, ctx: TableContext, still: set[int], clicked: int | None) -> None:
        """The "My slate" panels of seats no longer marking lose their controls."""
        for game_id, seat in [key for key in self._panels if key[0] == ctx.game_id]:
            if seat not in still:
                await self._close_panel(ctx, seat, self._panels.pop((game_id, seat)), clicked)

    def _private_ctx(self, ctx: TableContext, seat: int) -> TableContext:
        """What only the seat reads speaks its player's language."""
        user_id = ctx.table.seats[seat].user_id or 0
        language = self.languages.get(user_id) or _seat_language(ctx.table, seat)
        return dataclasses.replace(ctx, language=language)

    async def _edit_dm_draft(
        self,
        services: TableServices,
        ctx: TableContext,
        seat: int,
        message_id: int,
        channel_id: int,
    ) -> None:
        """The seat's DM slate shows its draft as saved (text and buttons; the grid stays).
        If Discord refuses, its taps still work (see older_control_action)."""
        screen = self.screens.slate_screen(self._private_ctx(ctx, seat), seat, channel_id, False)
        user_id = ctx.table.seats[seat].user_id
        if user_id is None:
            return
        try:
            dm = await services.direct.channel(user_id)
            # A slate from before V2 messages becomes one: its content goes, its grid stays.
            await dm.get_partial_message(message_id).edit(
                content=None, view=panel_view(ctx, screen)
            )
        except discord.HTTPException as error:
            log.info("slate DM %s not brought up to date (%s)", message_id, error.code)

    async def _edit_panel(
        self, ctx: TableContext, seat: int, panel: Panel, channel_id: int
    ) -> None:
        """The seat's "My slate" panel shows its draft as saved, through the token of its
        latest click (an ephemeral message has no other route). A panel of an earlier round,
        or whose token ran out or was refused, is forgotten (its taps still work)."""
        key = (ctx.game_id, seat)
        if panel.round != ctx.state.round or panel.reply.age > PANEL_TOKEN:
            self._panels.pop(key, None)
            return
        screen = self.screens.slate_screen(self._private_ctx(ctx, seat), seat, channel_id, False)
        try:
            await panel.reply.edit_panel(panel_view(ctx, screen))
        except discord.HTTPException as error:
            log.info("slate panel of seat %s not brought up to date (%s)", seat, error.code)
            self._panels.pop(key, None)
            return
        shows = draft_mask(ctx.state.slates[seat])
        self._keep_panel(ctx.game_id, seat, dataclasses.replace(panel, shows=shows))

    async def _close_panel(
        self, ctx: TableContext, seat: int, panel: Panel, clicked: int | None
    ) -> None:
        """A panel of a seat no longer marking: no controls that could only be refused."""
        if panel.message_id == clicked or panel.reply.age > PANEL_TOKEN:
            return  # the click's own answer shows it (or the token ran out)
        try:
            await panel.reply.close_panel()
        except discord.HTTPException as error:
            log.info("slate panel of seat %s not closed (%s)", seat, error.code)

    def _keep_panel(self, game_id: int, seat: int, panel: Panel) -> None:
        self._panels[(game_id, seat)] = panel
        self._panels.move_to_end((game_id, seat))
        while len(self._panels) > KEPT_PANELS:
            self._panels.popitem(last=False)

    async def _send_slates(
        self, services: TableServices, ctx: TableContext, seats: list[int]
    ) -> None:
        channel_id = await self._channel_id(services, ctx.game_id)
        seats = [seat for seat in seats if ctx.table.seats[seat].user_id is not None]

        async def send(seat: int, screen: Screen) -> int:
            """The DM's message id; 0 if it could not be sent."""
            user_id = ctx.table.seats[seat].user_id
            assert user_id is not None
            try:
                dm = await services.direct.channel(user_id)
                if ctx.repairing and (sent := await _slate_sent(services, dm, ctx)):
                    return sent
                message = await dm.send(
                    view=panel_view(ctx, screen),
                    files=files_of(screen),
                    nonce=f"{ctx.game_id}.s{ctx.state.round}.{seat}",
                )
            except discord.HTTPException as error:
                # DMs closed (403, code 50007) or Discord hiccupped: the channel offers "My slate".
                log.info("no slate DM for seat %s of game %s: %s", seat, ctx.game_id, error.code)
                return 0
            return message.id

        # All at once: when Discord's global limit makes calls wait, the round waits once.
        sent = await self._each_slate(services, ctx, seats, channel_id, send)
        closed = []
        for seat, message_id in zip(seats, sent, strict=True):
            ctx.table.messages[f"dm:{seat}"] = message_id
            if not message_id:
                closed.append(seat)
        # Said once a game per player; later rounds only offer "My slate" on their message.
        unsaid = [seat for seat in closed if f"nodm:{seat}" not in ctx.table.messages]
        if unsaid:
            await self._offer_slates_here(services, ctx, channel_id, unsaid)

    async def _each_slate(
        self,
        services: TableServices,
        ctx: TableContext,
        seats: list[int],
        channel_id: int,
        deliver: Callable[[int, Screen], Awaitable[Result]],
    ) -> list[Result]:
        """``deliver(seat, slate)`` for every seat at once, each slate drawn just before.

        A round start asks the worker for its slates together (its queue is waited for once),
        but at most :data:`SLATES_IN_HAND` slates of the whole bot are drawn and not delivered
        yet: when a hundred rounds start together, their DMs wait for Discord's global limit,
        and the pictures would otherwise wait in memory with them.
        """

        async def one(seat: int) -> Result:
            async with self._in_hand:
                private = self._private_ctx(ctx, seat)
                slate = await services.drawing.screen(
                    self, "slate_screen", private, seat, channel_id
                )
                return await deliver(seat, slate)

        return list(await asyncio.gather(*(one(seat) for seat in seats)))

    async def _offer_slates_here(
        self, services: TableServices, ctx: TableContext, channel_id: int, closed: list[int]
    ) -> None:
        """Said in the channel, once a game: it notifies them (the round's message, posted
        before the DMs were tried, did not), and the round's message then offers "My slate"."""
        channel = services.channel(channel_id)
        players = ", ".join(ctx.mention(seat) for seat in closed)
        users = [user_id for seat in closed if (user_id := ctx.table.seats[seat].user_id)]
        text = ctx.t("st-dm-closed", players=players, count=len(closed))
        message = await channel.send(
            view=notice_view(text, accent_of(engine.INFO.kind)),
            allowed_mentions=pings_for(users),
            nonce=f"{ctx.game_id}.c{ctx.state.round}",
        )
        for seat in closed:
            ctx.table.messages[f"nodm:{seat}"] = message.id

    async def _close_slates(
        self, services: TableServices, ctx: TableContext, still: set[int], answered: int | None
    ) -> None:
        """DMs of seats no longer marking lose their controls and show the final slate."""
        closing = [
            (key, int(key[3:]))
            for key in ctx.table.messages
            if key.startswith("dm:") and int(key[3:]) not in still
        ]
        edits: list[tuple[int, int, int]] = []  # seat, user, message
        for key, seat in closing:
            message_id = ctx.table.messages.pop(key)
            user_id = ctx.table.seats[seat].user_id
            if message_id and message_id != answered and user_id is not None:
                edits.append((seat, user_id, message_id))
        if not edits:
            return
        channel_id = await self._channel_id(services, ctx.game_id)
        messages = {seat: (user_id, message_id) for seat, user_id, message_id in edits}

        async def close(seat: int, screen: Screen) -> None:
            user_id, message_id = messages[seat]
            try:
                dm = await services.direct.channel(user_id)
                closed = panel_view(ctx, dataclasses.replace(screen, rows=[]))  # no controls
                await dm.get_partial_message(message_id).edit(
                    content=None, attachments=files_of(screen), view=closed
                )
            except discord.HTTPException:
                log.info("could not close the slate DM %s", message_id)

        await self._each_slate(services, ctx, list(messages), channel_id, close)

    # ---- helpers ------------------------------------------------------------------------

    def remember_language(self, click: Click) -> str:
        self.languages[click.user_id] = click.language
        return click.language

    async def _channel_id(self, services: TableServices, game_id: int) -> int:
        if game_id not in self._channels:
            record = await services.db.load_game(game_id)
            self._channels[game_id] = record.channel_id if record else 0
        return self._channels[game_id]


async def _slate_sent(
    services: TableServices, dm: discord.PartialMessageable, ctx: TableContext
) -> int:
    """A slate of this round sent before a crash, its id never saved: Discord answers its nonce
    with it for a few minutes only, so a repair looks at the DM's newest messages first."""
    me = services.own_id
    async for message in dm.history(limit=5):
        versions = [v for game, v, _ in controls_of(message) if game == ctx.game_id]
        # The round's slates carry the version its marking began at, or a later one.
        if message.author.id == me and versions and max(versions) >= ctx.table.turn_since:
            return message.id
    return 0


@dataclasses.dataclass(frozen=True)
class Panel:
    """A seat's "My slate" panel (an ephemeral message) and what it shows."""

    reply: Reply  # its latest click's: the token that edits it
    message_id: int
    round: int
    shows: int  # the draft, as draft_mask


def _explicit_toggle(argument: str) -> tuple[int, bool] | None:
    """``<card>:<1|0>``: the card a toggle names and whether it asks for it marked."""
    card, _, marked = argument.partition(":")
    if card.isdigit() and int(card) < engine.GRID_SIZE and marked in ("0", "1"):
        return int(card), marked == "1"
    return None


def _slates_offered(table: Table) -> set[int]:
    """The seats whose DM could not be sent: the round's message offers "My slate" for them."""
    return {seat for seat in range(len(table.seats)) if dm_failed(table.messages, seat)}


def designation_rows(cards: Sequence[int]) -> list[Row]:
    """One button per unrevealed mark (at most 10: two rows), so a designation is one tap."""
    buttons = [
        Button(
            engine.label(card),
            f"adesignate:{card}",
            style="primary",
            emoji="🔦",
            app_emoji="st_spark",
        )
        for card in sorted(cards)
    ]
    return [tuple(buttons[i : i + 5]) for i in range(0, len(buttons), 5)]


def _seat_language(table: Table, seat: int) -> str:
    """The language the player joined with, else the table's."""
    return table.seats[seat].language or table.language


async def _send_private(reply: Reply, ctx: TableContext, screen: Screen) -> int | None:
    """An ephemeral panel; its message id."""
    bare = dataclasses.replace(screen, image=None, image_summary=None)
    return await reply.open_panel(
        lambda pictured: panel_view(ctx, screen if pictured else bare), lambda: files_of(screen)
    )


def panel_view(ctx: TableContext, screen: Screen) -> discord.ui.LayoutView:
    """A slate, a DM or a private panel as a V2 message in Stella's colour: its first line
    (the game, the round and its word) the header. A screen that names a picture without
    drawing it shows the one its message has already (a toggle keeps the round's grid)."""
    screen = title_as_header(screen)
    kept = screen.image is None and screen.image_summary is not None
    return card_view(screen, accent_of(engine.INFO.kind), ctx.game_id, ctx.version, kept)


def kept_picture(screen: Screen, message: discord.Message | None) -> Screen:
    """``screen`` showing the picture ``message`` has already, instead of its own."""
    shown = message.attachments[0] if message is not None and message.attachments else None
    if shown is None:
        return dataclasses.replace(screen, image=None, image_summary=None)
    summary = shown.description or screen.image_summary
    return dataclasses.replace(screen, image=None, filename=shown.filename, image_summary=summary)


# --- the cog -----------------------------------------------------------------------------------


def _choices(
    key: str, values: Sequence[str], texts: dict[str, str]
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=T(texts[value], f"cmd-stella-new.{key}-{value}"), value=value)
        for value in values
    ]


class StellaCog(TableAddon):
    group = app_commands.Group(
        name=T("stella", "cmd-stella.name"),
        description=T("Play Stella", "cmd-stella.description"),
        guild_only=True,
    )

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        painted = bot.config.database.parent / PAINTED_FOLDER
        self.plugin = StellaPlugin(bot.config.stella_cards_folder, painted)
        self.table.register(self.plugin)

    @group.command(
        name=T("new", "cmd-stella-new.name"),
        description=T("Open a Stella table in this channel", "cmd-stella-new.description"),
    )
    @app_commands.describe(
        preset=T(
            "Points when two or more marked a card, and how many cards are new each round",
            "cmd-stella-new.preset",
        ),
        language=T("Language of the words (default: the table's)", "cmd-stella-new.language"),
        deck=T(
            "Picture cards: the bot's painted deck or this server's own pictures",
            "cmd-stella-new.deck",
        ),
        turn_timer=T(
            "Minutes for the marking and for each designation (0: no timer)",
            "cmd-stella-new.timer",
        ),
    )
    @app_commands.rename(
        preset=T("rules", "cmd-stella-new.preset-name"),
        language=T("language", "cmd-stella-new.language-name"),
        deck=T("deck", "cmd-stella-new.deck-name"),
        turn_timer=T("turn_timer", "cmd-timer.name"),
    )
    @app_commands.choices(
        preset=_choices(
            "preset",
            engine.PRESETS,
            {
                "seed": "2 points if two marked a card, 3 if more · 15 new cards each round",
                "published": "3 points if two marked a card, 2 if more · 5 new cards each round",
            },
        ),
        language=_choices(
            "language", engine.LANGUAGES, {"en": "English", "de": "German", "fr": "French"}
        ),
        deck=_choices(
            "deck", DECKS, {"generated": "Painted deck", "custom": "This server's pictures"}
        ),
    )
    async def new(
        self,
        interaction: discord.Interaction,
        preset: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
        deck: app_commands.Choice[str] | None = None,
        turn_timer: app_commands.Range[int, 0, 10080] | None = None,
    ) -> None:
        self.plugin.languages[interaction.user.id] = self.table.lang(interaction)
        if deck is not None and deck.value == "custom" and self.plugin.cards_folder is None:
            await self.table.tell(interaction, "st-error-no-cards-folder")
            return
        # Without a language the word cards speak the table's (see TableCog.open_table).
        options: dict[str, Any] = {
            "preset": preset.value if preset else None,
            "language": language.value if language else None,
        }
        if deck is not None:
            options["deck"] = deck.value
        await self.table.open_table(interaction, self.plugin, options, turn_minutes=turn_timer)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(StellaCog(bot))
