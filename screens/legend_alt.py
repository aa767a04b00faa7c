"""What a rules card's legend picture says to a screen reader (see :mod:`screens.alt_text`).

The picture lists the game's symbols with their names; its text names the game and as many of
the symbols as fit, in the picture's order (the rules card's text explains them in full).
"""

from __future__ import annotations

from collections.abc import Callable

from rendering.legend import legend_keys
from screens.alt_text import compose

Text = Callable[..., str]


def legend_alt(game: str, t: Text) -> str:
    symbols = t("alt-sep").join(t(key) for key in legend_keys(game))
    return compose([(t("alt-legend", game=t(f"game-{game}")), 0), (symbols, 0)])
