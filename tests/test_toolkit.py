"""The shared drawing kit: shipped fonts, dice faces, small transparent PNGs."""

import io

from PIL import Image

from rendering.toolkit import (
    DICE,
    canvas,
    draw_die,
    font,
    on_backgrounds,
    printable,
    to_png,
)


def test_shipped_font_draws_german_and_french_letters():
    missing = font(20).getmask("\U0010fffd")
    for char in "äöüßÄÖÜéèçêàœ€–":
        assert bytes(font(20).getmask(char)) != bytes(missing), char
    assert font(20).path.endswith("rendering/fonts/DejaVuSans.ttf")


def test_printable_drops_what_the_font_cannot_draw():
    assert printable("Bärbel-Françoise") == "Bärbel-Françoise"
    assert printable("Al 🎲中") == "Al"
    assert printable("🎲") == "?"


def test_dice_faces_differ_and_stars_are_drawn():
    faces = []
    for face in range(7):
        image, draw = canvas(60, 60)
        draw_die(draw, (5, 5), 50, face, "blue")
        faces.append(image.tobytes())
    assert len(set(faces)) == 7
    image, draw = canvas(60, 60)
    draw_die(draw, (5, 5), 50, 0, "yellow")
    assert image.getpixel((30, 30))[:3] == DICE["yellow"][1]  # the star's centre


def test_png_is_small_and_keeps_the_transparent_corners():
    image, draw = canvas(400, 200)
    draw_die(draw, (20, 20), 80, 5, "purple")
    png = to_png(image)
    assert png.startswith(b"\x89PNG") and len(png) < 10_000
    decoded = Image.open(io.BytesIO(png)).convert("RGBA")
    assert decoded.getpixel((0, 0))[3] == 0
    assert decoded.getpixel((200, 100))[3] == 255
    shown = on_backgrounds(png)
    assert shown.width > 2 * decoded.width
