"""The shared drawing kit: shipped fonts, dice faces, small transparent PNGs."""

import io
import random

from PIL import Image, ImageDraw

from rendering import dice_stars
from rendering.toolkit import (
    DICE,
    GRID,
    INK,
    PAPER,
    _blank_card,
    canvas,
    draw_die,
    fixed_palette,
    font,
    on_backgrounds,
    packed,
    printable,
    to_png,
    unpacked,
    write,
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


def test_a_fixed_palette_keeps_flat_colours_exact_and_text_edges_close():
    image, draw = canvas(300, 120)
    draw.rectangle((20, 20, 120, 100), fill=DICE["blue"][0])
    write(draw, (150, 60), "Größe 42", font(24, True), (40, 40, 48), anchor="lm")
    palette = fixed_palette([DICE["blue"][0]], [([(40, 40, 48)], [(250, 246, 236)])])
    decoded = Image.open(io.BytesIO(to_png(image, palette))).convert("RGBA")
    assert decoded.getpixel((0, 0))[3] == 0
    assert decoded.getpixel((60, 60)) == (*DICE["blue"][0], 255)
    assert decoded.getpixel((5, 60)) == (250, 246, 236, 255)  # the paper
    drawn = image.convert("RGB").tobytes()
    shown = decoded.convert("RGB").tobytes()
    assert max(abs(a - b) for a, b in zip(drawn, shown, strict=True)) <= 40  # antialiased edges


def test_a_blank_card_is_kept_a_byte_a_pixel_and_drawn_on_as_before():
    for width, height, radius in [(620, 316, 18), (300, 120, 18), (1000, 800, 18), (50, 40, 12)]:
        drawn = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        ImageDraw.Draw(drawn).rounded_rectangle(
            (0, 0, width - 1, height - 1), radius=radius, fill=PAPER, outline=GRID
        )
        image, _ = canvas(width, height, radius)
        assert image.mode == "RGBA" and image.tobytes() == drawn.tobytes()
    assert _blank_card(620, 316, 18).mode == "P"


def test_a_packed_layer_gives_the_picture_of_the_layer_itself():
    palette = dice_stars._palette()
    layer, draw = canvas(400, 160)
    draw.rectangle((20, 20, 120, 100), fill=dice_stars.WHITE_FIELD, outline=GRID)
    for y, size in ((40, 13), (80, 22), (120, 30)):
        write(draw, (150, y), "Größe 42 · Ärger", font(size, True), INK, anchor="lm")
    kept = packed(layer, palette)
    assert kept.mode == "P"  # a byte a pixel
    assert to_png(unpacked(kept), palette) == to_png(layer, palette)


def test_a_layer_of_more_colours_than_a_flat_drawing_is_kept_as_drawn():
    layer = Image.frombytes("RGBA", (200, 100), random.Random(1).randbytes(4 * 200 * 100))
    kept = packed(layer, dice_stars._palette())
    assert kept is layer
    copy = unpacked(kept)
    assert copy is not layer and copy.tobytes() == layer.tobytes()


def test_written_text_has_the_pixels_of_imagedraw_text():
    for xy, anchor in (((10.5, 20.25), "lm"), ((150.0, 30.7), "mm"), ((290.3, 50.0), "rs")):
        kept, _ = canvas(300, 80)
        plain = kept.copy()
        write(ImageDraw.Draw(kept), xy, "Zoë 12", font(18, True), (40, 40, 48), anchor=anchor)
        ImageDraw.Draw(plain).text(
            xy, "Zoë 12", font=font(18, True), fill=(40, 40, 48), anchor=anchor
        )
        assert kept.tobytes() == plain.tobytes()


def test_stroked_text_has_the_pixels_of_imagedraw_text():
    for xy, stroke, outline in (((40.5, 30.25), 2, (34, 34, 40)), ((120.0, 40.6), 3, (250,) * 3)):
        kept, _ = canvas(200, 80)
        plain = kept.copy()
        face = font(22, True)
        write(ImageDraw.Draw(kept), xy, "+12", face, (250,) * 3, "mm", stroke, outline)
        ImageDraw.Draw(plain).text(
            xy, "+12", font=face, fill=(250,) * 3, anchor="mm", stroke_width=stroke,
            stroke_fill=outline,
        )  # fmt: skip
        assert kept.tobytes() == plain.tobytes()


def test_mapping_to_a_fixed_palette_gives_the_pixels_quantize_gives() -> None:
    image, draw = canvas(300, 120)
    draw.rectangle((20, 20, 120, 100), fill=DICE["purple"][0])
    write(draw, (150, 60), "Straße 7", font(26, True), (40, 40, 48), anchor="lm")
    palette = fixed_palette(
        [DICE["purple"][0], (250, 246, 236)], [([(40, 40, 48)], [(250, 246, 236)])]
    )
    decoded = Image.open(io.BytesIO(to_png(image, palette))).convert("RGBA")
    expected = image.convert("RGB").quantize(palette=palette.image, dither=Image.Dither.NONE)
    opaque = image.getchannel("A").point(lambda a: 255 if a >= 128 else 0)
    shown = Image.new("RGBA", image.size, (0, 0, 0, 0))
    shown.paste(expected.convert("RGB"), mask=opaque)
    assert decoded.tobytes() == shown.tobytes()


def test_a_fixed_palette_maps_rgba_to_its_entries_and_clear() -> None:
    """Through Pillow's public ``quantize``: a colour keeps its entry, a transparent pixel
    (whose colour is black) takes the clear one."""
    image, draw = canvas(120, 60)
    draw.rectangle((20, 20, 60, 40), fill=DICE["blue"][0])
    palette = fixed_palette([DICE["blue"][0], (250, 246, 236)], [])
    decoded = Image.open(io.BytesIO(to_png(image, palette))).convert("RGBA")
    assert decoded.getpixel((30, 30)) == (*DICE["blue"][0], 255)
    assert decoded.getpixel((0, 0))[3] == 0
