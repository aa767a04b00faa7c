"""How Stella's messages look: the round's grid and board, its results, the scores, and each
player's slate (their DM or ephemeral panel).

Secrecy: public texts come only from public events (an event with a ``"to"`` key is shown to
that player alone) and public pictures only from the spectator view ``view(state, None)``; a
slate is drawn from its owner's view and sent to its owner only.

Drawn in the drawing worker, which never imports discord.py: neither does this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from games import stella as engine
from games.engine import Event
from games.table import Table
from rendering import stella as pictures
from rendering import stella_cards
from rendering.stella_deck import PaintedDeck
from rendering.stella_folder import CardSource, folder_card_source
from screens.context import GameScreens, TableContext, log_event_lines
from screens.model import Button, Row, Screen
from screens.stella_alt import board_alt, grid_alt, round_alt, scoreboard_alt, slate_alt

MAX_TEXT = 2000
# The round's grid in a slate while marking (render_grid draws a JPEG): named alike whether it
# is sent or only kept (a toggle's edit shows the one its message has, by this name).
GRID_FILE = "stella-grid.jpg"
# Events the channel message shows in its own words (header, status) or that a table note says.
SHOWN_BY_SCREEN = {
    "turn",
    "first_scout",
    "round_started",
    "new_row",
    "locked_in",
    "left",
    "final_score",
    "winner",
}


class StellaScreens(GameScreens):
    def __init__(
        self, cards_folder: Path | None = None, painted: PaintedDeck | None = None
    ) -> None:
        self.cards_folder = cards_folder  # a server's own pictures (see cogs.stella)
        self.painted = painted  # the painted deck kept on disk (see rendering.stella_deck)

    def card_source(self, table: Table) -> CardSource:
        files = table.options.get("deck_files")
        if table.options.get("deck") == "custom" and files and self.cards_folder is not None:
            return folder_card_source(self.cards_folder, tuple(files))
        return self.painted or stella_cards.card_image

    def event_lines(self, ctx: TableContext, events: list[Event]) -> list[str]:
        lines = []
        for event in events:
            if "to" in event or event["type"] in SHOWN_BY_SCREEN:
                continue
            key = f"st-event-{event['type']}"
            if ctx.loc.has(key):
                lines.append(ctx.t(key, **_event_args(ctx, event)))
        return lines

    def _names(self, ctx: TableContext) -> list[str]:
        names = []
        for seat in ctx.table.seats:
            names.append(f"{seat.name} {ctx.t('table-left-tag')}" if seat.left else seat.name)
        return names

    def _round_header(
        self, ctx: TableContext, round_: int, word: str | None, phase: str | None
    ) -> str:
        """The message's header: the round, its word (public once the round is dealt), the
        phase (``hd-marking``, ``hd-exploration``, ``hd-round-results``)."""
        parts = [ctx.t("hd-round-of", round=round_, rounds=engine.ROUNDS)]
        if word:
            parts.append(ctx.t("hd-word", word=word))
        if phase:
            parts.append(ctx.t(phase))
        return " · ".join(parts)

    # ---- the channel's messages --------------------------------------------------------

    def turn_screen(self, ctx: TableContext) -> Screen:
        state = ctx.state
        public = engine.view(state, None)
        if state.phase == engine.MARKING:
            image = pictures.render_grid(public, ctx.t, self.card_source(ctx.table))
            return Screen(
                text=self._marking_text(ctx, state),
                image=image,
                filename=f"stella-grid.{pictures.extension(image)}",
                image_summary=self.picture_alt(ctx),
                rows=self.marking_rows(ctx),
                header=self._round_header(ctx, state.round, engine.word(state), "hd-marking"),
            )
        names = self._names(ctx)
        image = pictures.render_board(public, names, ctx.t, self.card_source(ctx.table))
        lines = []
        if state.darkness >= 0:
            lines.append(ctx.t("st-darkness-now", player=ctx.name(state.darkness)))
        if state.phase == engine.EXPLORATION:
            lines.append(ctx.t("st-exploration-prompt", player=ctx.mention(state.active)))
        return Screen(
            text="\n".join(lines),
            image=image,
            filename=f"stella-board.{pictures.extension(image)}",
            image_summary=self.picture_alt(ctx),
            rows=[self._exploration_row(ctx)] if state.phase == engine.EXPLORATION else [],
            header=self._round_header(
                ctx,
                state.round,
                engine.word(state),
                "hd-exploration" if state.phase == engine.EXPLORATION else None,
            ),
        )

    def picture_alt(self, ctx: TableContext) -> str:
        public = engine.view(ctx.state, None)
        if ctx.state.phase == engine.MARKING:
            return grid_alt(public, ctx.t)
        if engine.is_over(ctx.state):
            return scoreboard_alt(public, self._names(ctx), ctx.t)
        return board_alt(public, self._names(ctx), ctx.t)

    def _marking_text(self, ctx: TableContext, state: engine.State) -> str:
        lines = []
        if state.preset == "published" and state.round > 1:
            # Rows are replaced bottom to top: round 2 gets a new row 3, round 4 a new row 1.
            lines.append(ctx.t("st-event-new_row", row=engine.ROWS + 2 - state.round))
        lines.append(ctx.t("st-first-scout", player=ctx.name(state.first_scout)))
        lines.append(ctx.t("st-marking-prompt"))
        taking_part = [s for s in range(state.seats) if state.taking_part[s]]
        locked = [ctx.name(s) for s in taking_part if state.locked[s]]
        waiting = [ctx.mention(s) for s in taking_part if not state.locked[s]]
        nobody = ctx.t("st-nobody")
        lines.append(
            ctx.t(
                "st-marking-status",
                locked=", ".join(locked) or nobody,
                waiting=", ".join(waiting) or nobody,
            )
        )
        return "\n".join(lines)

    def marking_rows(self, ctx: TableContext) -> list[Row]:
        """The "My slate" button, once a player still marking could not be sent a DM."""
        messages = ctx.table.messages
        waiting = engine.to_move(ctx.state) if ctx.state.phase == engine.MARKING else []
        if not any(dm_failed(messages, seat) for seat in waiting):
            return []
        return [(Button(ctx.t("st-button-my-slate"), "u:slate", style="primary", emoji="🗒️"),)]

    def marking_over_text(self, ctx: TableContext, round_: int) -> str | None:
        """The round's marking message once its marking is over: who locked in, nobody still
        marking (its prompt would otherwise name players the table no longer waits for)."""
        state = ctx.state
        if state.round == round_ and state.phase == engine.EXPLORATION:
            word, part = engine.word(state) or "", state.taking_part
        elif 0 < round_ <= len(state.history):
            past = state.history[round_ - 1]
            word, part = past["word"] or "", [count is not None for count in past["counts"]]
        else:
            return None  # still marking (a new message of the same marking), or unknown
        locked = [ctx.name(seat) for seat in range(state.seats) if part[seat]]
        header = ctx.t("st-round-header", round=round_, rounds=engine.ROUNDS, word=word)
        over = ctx.t("st-marking-over", locked=", ".join(locked) or ctx.t("st-nobody"))
        return f"{header}\n{over}"

    def _exploration_row(self, ctx: TableContext) -> Row:
        # The moon when the player to designate is in Darkness: a fall would cost their sparks.
        state = ctx.state
        dark = state.darkness >= 0 and state.active == state.darkness
        return (
            Button(
                ctx.t("st-button-designate"),
                "u:designate",
                style="primary",
                emoji="🔦",
                app_emoji="st_darkness" if dark else "st_spark",
            ),
            Button(ctx.t("st-button-my-slate"), "u:slate", emoji="🗒️"),
        )

    def final_screen(self, ctx: TableContext) -> Screen:
        public = engine.view(ctx.state, None)
        names = self._names(ctx)
        totals, places = engine.scores(ctx.state), engine.ranking(ctx.state)
        lines = []
        for seat in sorted(range(len(names)), key=lambda s: (places[s], s)):
            lines.append(
                ctx.t(
                    "st-event-final_score",
                    place=places[seat],
                    player=names[seat],
                    total=totals[seat],
                )
            )
        lines += [
            ctx.t("st-event-winner", player=names[s]) for s in range(len(names)) if places[s] == 1
        ]
        return Screen(
            text="\n".join(lines),
            image=pictures.render_scoreboard(public, names, ctx.t),
            filename="stella-scores.png",
            image_summary=self.picture_alt(ctx),
            header=ctx.t("hd-final"),
        )

    def own_screen(self, ctx: TableContext, events: list[Event]) -> Screen:
        public = engine.view(ctx.state, None)
        names = self._names(ctx)
        image = pictures.render_round_summary(public, names, ctx.t)
        record = public["history"][-1] if public["history"] else {"round": 0, "word": None}
        # "Round 3 is over" is what the header says.
        said = [event for event in events if event["type"] != "round_over"]
        return Screen(
            text=_join(log_event_lines(self, ctx, said)),
            image=image,
            filename=f"stella-round.{pictures.extension(image)}",
            image_summary=round_alt(public, names, ctx.t),
            header=self._round_header(ctx, record["round"], record["word"], "hd-round-results"),
        )

    # ---- private panels: the slate -----------------------------------------------------

    def slate_screen(
        self, ctx: TableContext, seat: int, channel_id: int, picture: bool = True
    ) -> Screen:
        """A seat's own slate (its DM, or an ephemeral message): drawn from its own view only.

        ``picture=False``: text and buttons only (a toggle keeps the picture the panel has).
        """
        state = ctx.state
        own = engine.view(state, seat)
        marks = own.get("my_slate", [])
        lines = [
            ctx.t(
                "st-slate-header",
                channel=f"<#{channel_id}>",
                round=state.round,
                rounds=engine.ROUNDS,
                word=engine.word(state) or "",
            )
        ]
        rows: list[Row] = []
        marking = state.phase == engine.MARKING
        if marking and seat in engine.to_move(state):
            lines.append(ctx.t("st-slate-prompt", min=engine.MIN_MARKS, max=engine.MAX_MARKS))
            lines.append(ctx.t("st-event-draft", count=len(marks), labels=_labels(marks)))
            if len(marks) > engine.MAX_MARKS:
                lines.append(ctx.t("st-slate-too-many", max=engine.MAX_MARKS))
            rows = self._slate_rows(ctx, marks)
        elif marking and state.locked[seat]:
            lines.append(ctx.t("st-event-slate_locked", count=len(marks), labels=_labels(marks)))
            lines.append(ctx.t("st-slate-waiting"))
        elif state.phase in (engine.MARKING, engine.EXPLORATION) and not state.taking_part[seat]:
            lines.append(ctx.t("st-slate-sitting-out"))
        elif state.phase == engine.EXPLORATION:
            lines += self._exploration_lines(ctx, own, marks)
        else:
            lines.append(ctx.t("st-slate-over"))
        if rows and not picture:
            # The grid its message shows already: named, not drawn (see GRID_FILE).
            public = engine.view(state, None)
            summary = grid_alt(public, ctx.t)
            return Screen("\n".join(lines), filename=GRID_FILE, image_summary=summary, rows=rows)
        if state.phase not in (engine.MARKING, engine.EXPLORATION) or not picture:
            return Screen(text="\n".join(lines), rows=rows)
        source = self.card_source(ctx.table)
        if rows:
            # While marking, the buttons are the marks: the DM shows the round's grid (drawn
            # once for the table), and a toggle edits text and buttons without a new picture.
            public = engine.view(state, None)
            name, image = "grid", pictures.render_grid(public, ctx.t, source)
            summary = grid_alt(public, ctx.t)
        else:
            name, image = "slate", pictures.render_slate(own, ctx.t, source)
            summary = slate_alt(own, ctx.t)
        return Screen(
            text="\n".join(lines),
            image=image,
            filename=GRID_FILE if rows else f"stella-{name}.{pictures.extension(image)}",
            image_summary=summary,
            rows=rows,
        )

    def _exploration_lines(
        self, ctx: TableContext, own: dict[str, Any], marks: list[int]
    ) -> list[str]:
        revealed = {entry["card"] for entry in own["revealed"]}
        hidden = [card for card in marks if card not in revealed]
        seat = own["viewer"]
        lines = [ctx.t("st-slate-marks", labels=_labels(marks) or ctx.t("st-no-marks"))]
        if own["fallen"][seat]:
            lines.append(ctx.t("st-slate-fallen"))
        elif hidden:
            lines.append(ctx.t("st-slate-to-designate", labels=_labels(hidden)))
        else:
            lines.append(ctx.t("st-slate-all-revealed"))
        return lines

    def _slate_rows(self, ctx: TableContext, marks: list[int]) -> list[Row]:
        """The grid as buttons (3 rows of 5, marked cards green), then "Lock in". Each names
        what it asks for (mark or unmark this card, lock this draft): a tap on a slate that
        shows an older draft of the seat still means one thing."""
        rows: list[Row] = []
        for row in range(engine.ROWS):
            cards = range(row * engine.ROW_LENGTH, (row + 1) * engine.ROW_LENGTH)
            rows.append(
                tuple(
                    Button(
                        engine.label(card),
                        f"atoggle:{card}:{int(card not in marks)}",  # the state it asks for
                        style="success" if card in marks else "secondary",
                        emoji="✅" if card in marks else None,
                        app_emoji="st_mark" if card in marks else None,
                    )
                    for card in cards
                )
            )
        can_lock = engine.MIN_MARKS <= len(marks) <= engine.MAX_MARKS
        lock = Button(
            ctx.t("st-button-lock-in", count=len(marks)),
            f"alock:{draft_mask(marks)}",  # the draft it locks
            style="primary",
            emoji="🔒",
            disabled=not can_lock,
        )
        rows.append((lock,))
        return rows

    def slate_picture(self, ctx: TableContext, seat: int) -> bytes:
        """The seat's own slate (drawn in the drawing worker)."""
        return pictures.render_slate(
            engine.view(ctx.state, seat), ctx.t, self.card_source(ctx.table)
        )


def _event_args(ctx: TableContext, event: Event) -> dict[str, Any]:
    args: dict[str, Any] = {}
    for name, value in event.items():
        if name == "seat":
            args["player"] = ctx.name(value)
        elif name == "seats":
            args["players"] = ", ".join(ctx.name(seat) for seat in value)
        elif isinstance(value, bool):
            args[name] = int(value)
        elif isinstance(value, int | str) and name != "type":
            args[name] = value
    return args


def _labels(cards: Sequence[int]) -> str:
    return " ".join(engine.label(card) for card in sorted(cards))


def _join(lines: list[str]) -> str:
    text = "\n".join(line for line in lines if line)
    while len(text) > MAX_TEXT and "\n" in text:
        text = text.split("\n", 1)[1]  # the oldest lines give way first
    return text[:MAX_TEXT]


def draft_mask(cards: Sequence[int]) -> int:
    """A draft as one number (bit n: card n marked), as the table notes what a DM shows."""
    return sum(1 << card for card in set(cards))


def dm_failed(messages: Mapping[str, int], seat: int) -> bool:
    """The seat's slate of this round could not be sent by DM (its message id is 0)."""
    return messages.get(f"dm:{seat}") == 0
