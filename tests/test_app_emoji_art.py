"""The application emojis' pictures: Discord's size and name rules, transparent, each its own,
and visible on both of Discord's themes."""

from __future__ import annotations

import io
import itertools
import re

from PIL import Image, ImageChops, ImageStat

from rendering.app_emojis import KEYS, SIZE, emoji_names, emoji_png, emoji_set
from rendering.toolkit import DISCORD_DARK, DISCORD_LIGHT

NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
MAX_IMAGE = 256 * 1024


def _picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _count(channel: Image.Image, above: int) -> int:
    """How many pixels of a one-band picture are brighter than ``above``."""
    return sum(channel.histogram()[above + 1 :])


def test_every_emoji_is_a_square_png_that_discord_takes():
    arts = emoji_set()
    assert [art.key for art in arts] == list(KEYS)
    for art in arts:
        image = _picture(art.png)
        assert image.format == "PNG" and image.mode == "RGBA", art.key
        assert image.size == (SIZE, SIZE), art.key
        assert NAME.fullmatch(art.name), art.name
        assert len(art.png) <= MAX_IMAGE, art.key


def test_emojis_have_transparent_corners_and_a_solid_shape():
    for art in emoji_set():
        alpha = _picture(art.png).getchannel("A")
        corners = [(0, 0), (SIZE - 1, 0), (0, SIZE - 1), (SIZE - 1, SIZE - 1)]
        assert all(alpha.getpixel(xy) == 0 for xy in corners), art.key
        covered = _count(alpha, 128) / SIZE**2
        assert 0.2 < covered < 0.95, (art.key, covered)


def test_every_emoji_is_its_own_picture_and_name():
    arts = emoji_set()
    assert len({art.png for art in arts}) == len(arts)
    assert len({art.name for art in arts}) == len(arts)
    assert len({art.digest for art in arts}) == len(arts)
    # The die faces differ where their pips are, not only in their bytes.
    faces = [_picture(a.png).convert("L") for a in arts if a.key.startswith("die")]
    for one, other in itertools.pairwise(faces):
        assert ImageStat.Stat(ImageChops.difference(one, other)).mean[0] > 2


def test_emojis_show_on_the_dark_and_the_light_theme():
    """A quarter of each shape at least (its edge, its rim, its pips) stands out clearly."""
    for art in emoji_set():
        image = _picture(art.png)
        covered = _count(image.getchannel("A"), 128)
        for background in (DISCORD_DARK, DISCORD_LIGHT):
            plain = Image.new("RGB", image.size, background)
            shown = Image.alpha_composite(plain.convert("RGBA"), image).convert("RGB")
            red, green, blue = ImageChops.difference(shown, plain).split()
            changed = ImageChops.lighter(ImageChops.lighter(red, green), blue)
            assert _count(changed, 60) > covered / 4, (art.key, background)


def test_the_same_art_gives_the_same_names_and_pictures():
    arts = emoji_set()
    assert emoji_names() == {art.key: art.name for art in arts}
    assert [art.name for art in emoji_set()] == [art.name for art in arts]
    assert all(emoji_png(art.key) == art.png for art in arts[:3])
