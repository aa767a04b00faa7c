"""How Dice Stars' table messages look: the turn with its controls, and the result.

The turn message shows the table strip above the active player's sheet; its buttons are the
refill question, the draw sizes, or one button per choice that fits the sheet (with the dice
it takes) and a menu of empty multiplier fields for stars. When nothing fits, the penalty
choices are offered and explained.

Drawn in the drawing worker, which never imports discord.py: neither does this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import dice_stars as engine
from rendering import dice_stars as pictures
from screens.context import GameScreens, TableContext, action_button
from screens.dice_stars_alt import scoreboard_alt, turn_alt
from screens.model import Button, Option, Row, Screen, Select

COLOUR_EMOJI = {"black": "⚫", "purple": "🟣", "blue": "🔵", "yellow": "🟡"}
NUMBER_EMOJI = {2: "2️⃣", 3: "3️⃣", 4: "4️⃣", 5: "5️⃣", 6: "6️⃣"}


class DiceStarsScreens(GameScreens):
    def _t(self, ctx: TableContext) -> Callable[..., str]:
        return lambda key, **args: ctx.loc.text(ctx.language, key, **args)

    def turn_screen(self, ctx: TableContext) -> Screen:
        view = engine.view(ctx.state, None)
        names = [seat.name for seat in ctx.table.seats]
        seat = view["current"]
        t = self._t(ctx)
        phase = view["phase"]
        prompt = ctx.t(f"ds-prompt-{phase}", player=ctx.mention(seat))
        rows = self._controls(ctx, view, seat)
        if phase == engine.TAKE and not engine.fitting_choices(ctx.state, seat):
            prompt = ctx.t("ds-prompt-penalty", player=ctx.mention(seat))
        return Screen(
            text=prompt,
            image=pictures.render_turn(view, names, t),
            filename="dice-stars-turn.png",
            image_summary=self.picture_alt(ctx),
            rows=rows,
            header=self._round_header(ctx),
        )

    def _round_header(self, ctx: TableContext) -> str:
        """The round of now (the player to act has played one turn fewer than it counts)."""
        state = ctx.state
        header = ctx.t("hd-round", round=state.turns[state.current] + 1)
        if state.end_triggered:
            header += " · " + ctx.t("hd-last-round")
        return header

    def picture_alt(self, ctx: TableContext) -> str:
        if engine.is_over(ctx.state):
            names = [self._seat_label(ctx, seat) for seat in range(len(ctx.table.seats))]
            return scoreboard_alt(ctx.state, names, self._t(ctx), ctx.best)
        return turn_alt(ctx.state, [seat.name for seat in ctx.table.seats], self._t(ctx))

    def _controls(self, ctx: TableContext, view: dict[str, Any], seat: int) -> list[Row]:
        phase = view["phase"]
        legal = engine.legal_actions(ctx.state, seat)
        if phase == engine.REFILL:
            return [
                tuple(
                    action_button(
                        ctx.t(
                            "ds-action-refill-return"
                            if a["return_reserve"]
                            else "ds-action-refill-keep"
                        ),
                        a,
                        style="primary" if not a["return_reserve"] else "secondary",
                    )
                    for a in legal
                )
            ]
        if phase == engine.DRAW:
            allowed = {a["n"] for a in legal}
            return [
                tuple(
                    action_button(
                        ctx.t("ds-action-draw", n=n),
                        {"type": "draw", "n": n},
                        style="primary" if n in allowed else "secondary",
                        disabled=n not in allowed,
                        emoji="🎲",
                        app_emoji="dice",
                    )
                    for n in range(1, engine.MAX_DRAW + 1)
                )
            ]
        if phase != engine.TAKE:
            return []
        return self._take_controls(ctx, seat)

    def _take_controls(self, ctx: TableContext, seat: int) -> list[Row]:
        choices = engine.reserve_choices(ctx.state, seat)
        fitting = [c for c in choices if c["fits"]]
        penalty = not fitting
        colour_row: list[Button] = []
        number_row: list[Button] = []
        rows: list[Row] = []
        for choice in choices if penalty else fitting:
            detail = ctx.t("ds-choice-detail", count=len(choice["dice"]), sum=choice["sum"])
            if choice["kind"] == "colour":
                colour = choice["colour"]
                kind = "penalty_colour" if penalty else "take_colour"
                label = f"{ctx.t(f'ds-action-{kind}', colour=colour)} · {detail}"
                if not penalty:  # where the dice land
                    label += " " + ctx.t("ds-lands-colour", colour=colour)
                colour_row.append(
                    action_button(
                        label,
                        {"type": kind, "colour": colour},
                        emoji=COLOUR_EMOJI[colour],
                        app_emoji=f"ds_{colour}",
                        style="danger" if penalty else "primary",
                    )
                )
            elif choice["kind"] == "number":
                n = choice["n"]
                kind = "penalty_number" if penalty else "take_number"
                label = f"{ctx.t(f'ds-action-{kind}', n=n)} · {detail}"
                if not penalty:
                    label += " " + ctx.t("ds-lands-number", n=n)
                number_row.append(
                    action_button(
                        label,
                        {"type": kind, "n": n},
                        emoji=NUMBER_EMOJI[n],
                        app_emoji=f"die{n}",
                        style="danger" if penalty else "primary",
                    )
                )
            elif not penalty:
                rows.append(self._stars_select(ctx, seat, choice["count"]))
        return [row for row in (tuple(colour_row), tuple(number_row)) if row] + rows

    def _stars_select(self, ctx: TableContext, seat: int, count: int) -> Select:
        """One option per star a row can still take: the fields of a row are interchangeable.

        A row with room for several of the stars offers "star number 2 in this row" as well,
        so that any legal placement can be picked; the menu warns of rows left unfinished.
        """
        sheet = ctx.state.sheets[seat]
        options = []
        for index, row in enumerate(engine.ROWS):
            crossed, fields = sheet.multipliers[index], engine.MULTIPLIER_FIELDS[row]
            for star in range(1, min(fields - crossed, count) + 1):
                after = crossed + star
                if star == 1:
                    label = ctx.t("ds-stars-row", row=row, crossed=crossed, fields=fields)
                else:
                    label = ctx.t("ds-stars-row-again", row=row, star=star)
                hint = ctx.t(
                    "ds-stars-after", full=int(after == fields), after=after, fields=fields
                )
                options.append(
                    Option(
                        label=label[:100],
                        value=f"{row}.{star}",
                        description=hint[:100],
                        emoji="⭐",
                        app_emoji="ds_star",
                    )
                )
        return Select(
            placeholder=ctx.t("ds-stars-choose", count=count)[:150],
            payload="astars",
            options=tuple(options[:25]),
            min_values=count,
            max_values=count,
        )

    def final_screen(self, ctx: TableContext) -> Screen:
        view = engine.view(ctx.state, None)
        names = [self._seat_label(ctx, seat) for seat in range(len(ctx.table.seats))]
        t = self._t(ctx)
        result = view["result"]
        if view.get("solo"):
            lines = self._solo_lines(ctx, view, names[0])
        else:
            lines = []
            order = sorted(range(len(names)), key=lambda s: (result["ranking"][s], s))
            for seat in order:
                lines.append(
                    ctx.t(
                        "ds-final-line",
                        place=result["ranking"][seat],
                        player=names[seat],
                        points=result["scores"][seat],
                    )
                )
        return Screen(
            text="\n".join(lines),
            image=pictures.render_scoreboard(view, names, t, best=ctx.best),
            filename="dice-stars-result.png",
            image_summary=self.picture_alt(ctx),
            header=ctx.t("hd-solo-final" if view.get("solo") else "hd-final"),
        )

    def _solo_lines(self, ctx: TableContext, view: dict[str, Any], name: str) -> list[str]:
        """A solo result is won or lost against the solo opponent: no places."""
        result, solo = view["result"], view["solo"]
        outcome = ctx.t(
            "ds-solo-result",
            outcome=result["outcome"],
            player=name,
            score=result["score"],
            opponent=result["opponent"],
        )
        grid = ctx.t("ds-solo-result-grid", crossed=solo["crossed"], boxes=solo["boxes"])
        return [outcome, grid]

    def _seat_label(self, ctx: TableContext, seat: int) -> str:
        label = ctx.name(seat)
        if ctx.table.seats[seat].left:
            label += " " + ctx.t("table-left-tag")
        return label
