"""How a game plugs into the table: its engine, its screens, and its hooks into a change.

A game cog creates one :class:`GamePlugin` and registers it with the table cog, which owns the
lobby, seats, locks, saving and posting. How the game's messages look is its
:class:`~screens.context.GameScreens`, drawn in the drawing worker. The hooks are handed
the bot's services (:class:`~cogs.table.services.TableServices`), never the table cog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from games.engine import Action, Engine, Event, GameInfo, RulesError
from games.table import Table
from locales import Localizer
from screens.context import GameScreens, TableContext, decode_json_action, fluent_args
from screens.model import Screen

if TYPE_CHECKING:
    from cogs.table.click import Click
    from cogs.table.services import TableServices


class GamePlugin:
    """Defaults every game shares; a game cog subclasses it and gives it its screens."""

    engine: Engine
    # How the game's messages look, drawn in the drawing worker. A plugin without them
    # overrides the screen methods below instead, and is drawn in a thread of the bot.
    screens: GameScreens | None = None
    emoji: str = "🎲"
    computer_seats: bool = False  # the lobby offers "Add computer"
    sends_dms: bool = False  # its players get DMs: their DM channels are asked for as they sit
    # A solo game is won or lost against the game's own opponent (its ranking says which);
    # without one, a solo is played for a personal best and is neither.
    solo_is_won_or_lost: bool = True
    # A click on its private panel (a DM, an ephemeral message) is answered by the edit of
    # that panel, after the save (see answer_in_place).
    answers_in_place: bool = False

    @property
    def info(self) -> GameInfo:
        return self.engine.INFO

    @property
    def kind(self) -> str:
        return self.info.kind

    def title(self, loc: Localizer, language: str) -> str:
        return loc.text(language, f"game-{self.kind}")

    def option_name(self, loc: Localizer, language: str, name: str) -> str:
        return loc.text(language, f"option-{name}")

    def option_label(self, loc: Localizer, language: str, name: str, value: Any) -> str:
        key = f"option-{name}-{str(value).lower()}"
        return loc.text(language, key) if loc.has(key) else str(value)

    def choice_label(self, loc: Localizer, language: str, name: str, value: Any) -> str:
        """The chosen value of a setting's menu, which the closed menu shows instead of its
        name: "Start player: drawn at random"."""
        label = self.option_name(loc, language, name)
        return loc.text(
            language,
            "label-value",
            label=label,
            value=self.option_label(loc, language, name, value),
        )

    # The option that follows the table's language unless the host picks another (Stella's
    # word cards); the lobby's language menu sets both.
    word_option: str | None = None

    def new_state(self, table: Table) -> Any:
        return self.engine.new_game(len(table.seats), table.seed, table.options)

    def decode_action(self, payload: str, values: list[str]) -> Action | None:
        """The engine action of a control: its JSON payload, or a select's chosen JSON value.

        A game whose selects combine several picks into one action overrides this.
        """
        return decode_json_action(payload or (values[0] if values else ""))

    def decode_action_at(
        self, state: Any, seat: int, payload: str, values: list[str]
    ) -> Action | None:
        """The action of a control with the current state at hand (read under the lock).

        For controls relative to the state, such as a toggle of one mark of a draft.
        """
        return self.decode_action(payload, values)

    def older_control_action(
        self, state: Any, table: Table, seat: int, version: int, payload: str
    ) -> Action | None:
        """The action of a control issued before its seat's last own action, if what it
        meant is beyond doubt still; None (the default): it is out of date."""
        return None

    def shows_change(self, events: list[Event]) -> bool:
        """Whether the turn message must be redrawn when its turn goes on after these events."""
        return True

    def replay_state(self, table: Table) -> Any:
        """The state a finished game started from, for replays (by default: as it was made)."""
        return self.new_state(table)

    def record_variant(self, table: Table) -> str:
        """What a solo record is kept per in this game (Dizzle: the sheet), or empty."""
        return ""

    def turn_key(self, state: Any) -> str:
        """Whose turn it is: when this changes, the players to act are notified once."""
        return ",".join(map(str, self.engine.to_move(state)))

    def message_key(self, state: Any) -> str:
        """A new channel message starts whenever this changes (else the turn message is edited).

        By default a message per turn; a game whose turns are short may keep one for longer
        (Dizzle: a pass), and then a short "your turn" message notifies a player whose turn
        came while it was only edited (as often as :meth:`channel_pings` lets it).
        """
        return self.turn_key(state)

    def channel_pings(self, ctx: TableContext, seats: list[int]) -> list[int]:
        """Which of the seats whose turn came the channel notifies (others may get a DM).

        ``ctx.table.notified``: the seats the channel already told since the current turn
        message began (by it or by a "your turn" message).
        """
        return seats

    def closing_text(self, ctx: TableContext, message_key: str) -> str | None:
        """The last words of an earlier turn message (``message_key`` in the table's message
        ids) whose turn is over, in place of its prompt; None: it keeps what it shows.

        For a message that sums up a phase while it runs (Stella's "still marking"), so that
        it stays true once the phase is over. Drawn from ``ctx``, the state after the change.
        """
        return None

    def warm_up(self) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
        """Drawing work worth doing ahead of need, while the drawer is idle (module-level
        functions and their arguments: they run in the drawing worker)."""
        return []

    def turn_screen(self, ctx: TableContext) -> Screen:
        """The public message of the current turn (drawn off the event loop: may render)."""
        return self._drawn_by().turn_screen(ctx)

    def final_screen(self, ctx: TableContext) -> Screen:
        return self._drawn_by().final_screen(ctx)

    def _drawn_by(self) -> GameScreens:
        if self.screens is None:
            raise NotImplementedError(f"{type(self).__name__} has no screens")
        return self.screens

    async def personal_best(
        self, services: TableServices, ctx: TableContext, guild_id: int | None
    ) -> int | None:
        """For a finished solo game: the player's best earlier score (read before drawing)."""
        return None

    def event_lines(self, ctx: TableContext, events: list[Event]) -> list[str]:
        """Public one-line texts for what just happened (secret events left out)."""
        lines = []
        for event in events:
            if "to" in event:
                continue
            key = f"{self.key_prefix}-event-{event['type']}"
            if ctx.loc.has(key):
                args = {k: v for k, v in event.items() if k != "type"}
                if "seat" in args:
                    args["player"] = ctx.name(args["seat"])
                lines.append(ctx.t(key, **fluent_args(args)))
        return lines

    key_prefix: str = "game"

    async def on_ui(self, services: TableServices, click: Click) -> None:
        """Game-specific controls (payload ``u:<verb>``); none by default."""
        raise RulesError("table-error-unknown-control")

    def on_seat_left(
        self, state: Any, seat: int, moves: list[tuple[int | None, Action, str]]
    ) -> list[Event]:
        """A player left or was removed; by default the autopilot simply plays their seat."""
        return []

    def timeout_action(self, state: Any, seat: int, table: Table) -> Action:
        """What happens when a seat's timer runs out: by default the autopilot moves."""
        return self.autopilot(state, seat, table)

    def autopilot(self, state: Any, seat: int, table: Table) -> Action:
        """The move of a computer seat (or of a player who left): the engine's autopilot.

        A game whose autopilot needs what the table knows (Stella: its deck) overrides this.
        """
        return self.engine.autopilot(state, seat)

    def computer_refusal(self, table: Table) -> str | None:
        """Why this table cannot seat computers (a locale key), or None when it can.

        Only asked of games with ``computer_seats``.
        """
        return None

    async def answer_in_place(
        self,
        services: TableServices,
        click: Click,
        ctx: TableContext,
        events: list[Event],
    ) -> bool:
        """Answer a click after a saved change, e.g. by editing a private panel; False: not done."""
        return False

    async def sync_seat(self, services: TableServices, click: Click, ctx: TableContext) -> None:
        """After a click's change is saved and answered: the clicking seat's other private
        messages show it too (Stella: its DM after a mark on "My slate", and the other way
        round). Nothing by default."""

    async def show_panels(
        self, services: TableServices, ctx: TableContext, seats: list[int]
    ) -> None:
        """Bring these seats' private panels up to the saved state (a repair: the edit that
        answered their last click may never have been made)."""

    def own_message(self, events: list[Event]) -> tuple[list[Event], list[Event]]:
        """Events of a new turn that get a message of their own before it, and the rest."""
        return [], events

    def own_screen(self, ctx: TableContext, events: list[Event]) -> Screen:
        """That message (drawn off the event loop: may render)."""
        return self._drawn_by().own_screen(ctx, events)

    def decision_key(self, state: Any, table: Table) -> str:
        """What the turn timer waits for; when it changes, a fresh timer starts.

        By default every move of a waiting player is a decision of its own, so the timer
        restarts whenever the turn comes back to a player, even through automatic seats.
        """
        waiting = [
            seat
            for seat in self.engine.to_move(state)
            if 0 <= seat < len(table.seats) and table.seats[seat].human
        ]
        acted = ",".join(f"{seat}@{table.acted_at[seat]}" for seat in waiting)
        return f"{self.turn_key(state)}|{acted}"

    async def sync_private(
        self, services: TableServices, ctx: TableContext, answered: int | None
    ) -> bool:
        """Bring the players' private messages up to the saved state (Stella's slates by DM).

        ``answered``: the message the change's click was on, if any (its click's own answer
        edits it).

        Runs with the channel step, after the turn message; idempotent like it (message ids
        go to ``ctx.table``). True: the turn message must be shown again (a DM that could not
        be sent makes it offer what the DM would have).
        """
        return False
