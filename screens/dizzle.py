"""How Dizzle's table messages look: the turn with its controls, and the result.

The turn message shows the middle above the sheet of the player to act, a one-line summary and
the controls of the phase: a button per legal placement when there are up to four, else a menu,
labelled as on the picture ("4 → C5", with the special; a single placement is played by the
table itself), the Reroll / Pass buttons when nothing fits, a
menu of the player's dice of this pass after a missed reroll, and a planet menu after rockets.
Planet picks are simultaneous: the one message lists everyone who still picks, anyone of them
may use its menu (the engine checks each pick against the picker's own sheet), and it is edited
in place until every pick is made.

Discord allows 25 options a menu and 5 rows a message. More choices than one menu holds are
split into balanced menus in label order, each named by its first and last choice; more than
five menus show the first four and a row of buttons, each opening the next five menus in a
private message. A level has at most 26 x 26 fields, which 4 + 5 x 5 menus of 25 always hold.

Drawn in the drawing worker, which never imports discord.py: neither does this module.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from games import dizzle as engine
from games.dizzle_levels import Special, field_label
from games.engine import Action
from rendering import dizzle as pictures
from screens.context import GameScreens, TableContext, action_payload
from screens.dizzle_alt import scoreboard_alt, turn_alt
from screens.model import Button, Option, Row, Screen, Select

Text = Callable[..., str]

# Discord's limits for one message's controls.
MAX_OPTIONS = 25
MAX_ROWS = 5
MAX_BUTTONS = 5
SHOWN_MENUS = 4  # menus beside the row of "more" buttons when the choices need more than 5
MAX_BUTTONS_FOR_CHOICES = 4  # up to this many placements (or dice to return) are buttons

SPECIAL_EMOJI = {
    "gem": "💎",
    "puzzle": "🧩",
    "key": "🔑",
    "lock": "🔒",
    "bomb": "💣",
    "rocket": "🚀",
    "planet": "🪐",
    "flag": "🚩",
    "poop": "💩",
}


def level_name(level_id: str, title: str, t: Text) -> str:
    """A shipped level ("level3") is named in the reader's language, others by their title."""
    number = level_id.removeprefix("level")
    if level_id.startswith("level") and number.isdigit():
        return t("dz-level-title", number=int(number))
    return title


# ---- the choices of a turn ----------------------------------------------------------------


def choice_menus(state: engine.State, t: Text) -> list[Select]:
    """Every menu the current phase needs (placements, a die to return, planets), split to fit."""
    phase = state.phase
    if phase == "planets":
        return split_menu(_planet_options(state, t), t("dz-choose-planet"), t)
    if phase == "return":
        seat = state.turn
        options = [
            _option(
                t("dz-action-return-die", value=_pips(state, a), field=_label(a)),
                a,
                app_emoji=f"die{_pips(state, a)}",
            )
            for a in engine.legal_actions(state, seat)
        ]
        return split_menu(options, t("dz-choose-return"), t)
    if phase not in ("turn", "forced"):
        return []
    places = [a for a in engine.legal_actions(state, state.turn) if a["type"] == "place"]
    places.sort(key=lambda a: (_pips(state, a), a["at"][1], a["at"][0]))
    return split_menu([_place_option(state, a, t) for a in places], t("dz-choose-place"), t)


def split_menu(options: list[Option], placeholder: str, t: Text) -> list[Select]:
    """One menu, or balanced menus of at most 25 options named by their first and last."""
    if not options:
        return []
    count = math.ceil(len(options) / MAX_OPTIONS)
    size = math.ceil(len(options) / count)
    chunks = [options[i : i + size] for i in range(0, len(options), size)]
    if len(chunks) == 1:
        return [Select(placeholder, "am0", tuple(options))]
    menus = []
    for index, chunk in enumerate(chunks):
        part = t("dz-choose-part", choose=placeholder, first=chunk[0].label, last=chunk[-1].label)
        menus.append(Select(part[:150], f"am{index}", tuple(chunk)))
    return menus


def turn_rows(state: engine.State, t: Text) -> list[Row]:
    """The controls of the turn message."""
    if state.phase == "turn":
        legal = engine.legal_actions(state, state.turn)
        if legal and legal[0]["type"] in ("reroll", "pass"):
            reroll = Button(
                t("dz-action-reroll"),
                action_payload({"type": "reroll"}),
                "primary",
                "🎲",
                app_emoji="dice",
            )
            pass_ = Button(t("dz-action-pass"), action_payload({"type": "pass"}), "secondary")
            return [(reroll, pass_)]
    menus = choice_menus(state, t)
    if len(menus) == 1 and len(menus[0].options) <= MAX_BUTTONS_FOR_CHOICES:
        # Few choices: a button each, named by its result ("4 → C5"): one tap, no menu.
        return [tuple(_choice_button(option) for option in menus[0].options)]
    if len(menus) <= MAX_ROWS:
        return list(menus)
    buttons = []
    for number, page in enumerate(more_pages(menus)):
        first, last = page[0].options[0].label, page[-1].options[-1].label
        label = t("dz-more-choices", first=first, last=last)
        buttons.append(Button(label[:80], f"u:more:{number}", emoji="➕"))
    return [*menus[:SHOWN_MENUS], tuple(buttons)]


def _choice_button(option: Option) -> Button:
    label = option.label if not option.description else f"{option.label} · {option.description}"
    return Button(
        label[:80], "a" + option.value, "primary", option.emoji, app_emoji=option.app_emoji
    )


def more_pages(menus: list[Select]) -> list[list[Select]]:
    """The menus behind the "more" buttons: five a private message, up to five buttons."""
    rest = menus[SHOWN_MENUS:] if len(menus) > MAX_ROWS else []
    pages = [rest[i : i + MAX_ROWS] for i in range(0, len(rest), MAX_ROWS)]
    if len(pages) > MAX_BUTTONS:
        raise ValueError("more choices than a level of 26 x 26 fields can offer")
    return pages


def _option(label: str, action: Action, **extra: Any) -> Option:
    return Option(label=label[:100], value=_value(action), **extra)


def _value(action: Action) -> str:
    return action_payload(action)[1:]


def _label(action: Action) -> str:
    return field_label(*action["at"])


def _pips(state: engine.State, action: Action) -> int:
    level = state.level
    return level.pips[level.cell(*action["at"])]


def _place_option(state: engine.State, action: Action, t: Text) -> Option:
    level = state.level
    special = level.specials.get(level.cell(*action["at"]))
    label = f"{_pips(state, action)} → {_label(action)}"  # as the picture names them
    if special is None:
        return _option(label, action, app_emoji=f"die{_pips(state, action)}")
    return _option(
        label,
        action,
        description=_special_text(state, special, t)[:100],
        emoji=SPECIAL_EMOJI[special.kind],
        app_emoji=special_emoji(special),
    )


def special_emoji(special: Special) -> str:
    """The application emoji of a special: a puzzle piece, key or lock in its colour."""
    if special.color:
        return f"dz_{special.kind}_{special.color}"
    return f"dz_{special.kind}"


def _special_text(state: engine.State, special: Special, t: Text) -> str:
    """What a special on a field means for the player placing there, in a few words."""
    name = t(f"dz-special-{special.kind}")
    kind = special.kind
    if kind in ("gem", "poop"):
        return f"{name} {special.points}"
    if kind == "bomb":
        solo = engine.is_solo(state)
        points = engine.SOLO_BOMB_POINTS if solo else special.points
        return t("dz-place-bomb", solo=int(solo), points=points)
    if kind == "flag":
        values = state.level.flags[special.flag_id]
        struck = 0 if engine.is_solo(state) else state.flags_struck.get(special.flag_id, 0)
        points = values[struck] if struck < len(values) else 0
        return f"{name} {points}"
    if special.color:
        return f"{name} ({t('dz-color-name', color=special.color)})"
    return name


def _planet_options(state: engine.State, t: Text) -> list[Option]:
    """The planets any picker may still take (each pick is checked against the picker's sheet)."""
    seen: dict[tuple[int, int], Action] = {}
    for seat in engine.to_move(state):
        for action in engine.legal_actions(state, seat):
            seen.setdefault(tuple(action["at"]), action)
    return [
        _option(
            t("dz-action-choose-planet", field=_label(a)),
            a,
            emoji=SPECIAL_EMOJI["planet"],
            app_emoji="dz_planet",
        )
        for _, a in sorted(seen.items())
    ]


# ---- the screens -------------------------------------------------------------------------


class DizzleScreens(GameScreens):
    def _names(self, ctx: TableContext) -> list[str]:
        return [ctx.name(seat) for seat in range(len(ctx.table.seats))]

    def turn_screen(self, ctx: TableContext) -> Screen:
        state = ctx.state
        view = engine.view(state, None)
        names = self._names(ctx)
        summary = pictures.turn_summary(view, names, ctx.t)
        lines = [self._prompt(ctx, view)]
        if state.phase != "planets":
            lines.insert(0, summary)
        return Screen(
            text="\n".join(lines),
            image=pictures.render_turn(view, names, ctx.t),
            filename="dizzle-turn.png",
            image_summary=self.picture_alt(ctx),
            rows=turn_rows(state, ctx.t),
            header=self._round_header(ctx, view),
        )

    def _round_header(self, ctx: TableContext, view: dict[str, Any]) -> str:
        """The round and pass of now (no pass where a round has one), or the planet picks."""
        parts = [ctx.t("hd-round-of", round=view["round"], rounds=view["rounds"])]
        if ctx.state.phase == "planets":
            parts.append(ctx.t("hd-planets"))
        elif view["passes"] > 1:
            parts.append(ctx.t("hd-pass", **{"pass": view["pass"]}, passes=view["passes"]))
        return " · ".join(parts)

    def picture_alt(self, ctx: TableContext) -> str:
        if engine.is_over(ctx.state):
            names = [self._seat_label(ctx, seat) for seat in range(len(ctx.table.seats))]
            return scoreboard_alt(ctx.state, names, ctx.t, ctx.best)
        return turn_alt(ctx.state, self._names(ctx), ctx.t)

    def _prompt(self, ctx: TableContext, view: dict[str, Any]) -> str:
        state = ctx.state
        if state.phase == "planets":
            pickers = engine.to_move(state)
            players = ", ".join(ctx.mention(seat) for seat in pickers)
            status = ctx.t("dz-status-planets", players=players, count=len(pickers))
            return f"{status}\n{ctx.t('dz-planets-hint')}"
        seat = state.turn
        player = ctx.mention(seat)
        if state.phase == "forced":
            return ctx.t("dz-status-forced", player=player)
        if state.phase == "return":
            return ctx.t("dz-status-return", player=player)
        if not engine.placeable(state, seat):
            return ctx.t("dz-status-stuck", player=player)
        prompt = ctx.t("dz-status-turn", player=player)
        if view["players"][seat]["boxed_in"]:
            prompt += " " + ctx.t("dz-status-boxed-in")
        return prompt

    def final_screen(self, ctx: TableContext) -> Screen:
        state = ctx.state
        view = engine.view(state, None)
        names = [self._seat_label(ctx, seat) for seat in range(len(ctx.table.seats))]
        level = view["level"]
        level_title = level_name(level["id"], level["title"], ctx.t)
        places = engine.ranking(state)
        scores = engine.scores(state)
        if engine.is_solo(state):  # played for a personal best: a score, not a place
            solo = {
                "player": names[0],
                "score": scores[0],
                "crosses": view["players"][0]["cross_count"],
            }
            lines = [ctx.t("dz-solo-result", **solo)]
        else:
            lines = []
            for seat in sorted(range(len(names)), key=lambda s: (places[s], s)):
                lines.append(
                    ctx.t(
                        "dz-final-line",
                        place=places[seat],
                        player=names[seat],
                        points=scores[seat],
                        crosses=view["players"][seat]["cross_count"],
                    )
                )
            if pictures.tie_broken(list(zip(places, view["players"], strict=True))):
                lines.append(ctx.t("dz-final-tie-break"))  # only where fewer crosses decided
        return Screen(
            text="\n".join(lines),
            image=pictures.render_scoreboard(view, names, ctx.t, best=ctx.best),
            filename="dizzle-result.png",
            image_summary=self.picture_alt(ctx),
            header=" · ".join(
                (ctx.t("hd-solo-final" if engine.is_solo(state) else "hd-final"), level_title)
            ),
        )

    def _seat_label(self, ctx: TableContext, seat: int) -> str:
        label = ctx.name(seat)
        if ctx.table.seats[seat].left:
            label += " " + ctx.t("table-left-tag")
        return label
