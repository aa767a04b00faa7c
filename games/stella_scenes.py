"""What goes on Stella's generated picture cards: motifs, palettes and compositions.

Pure planning, no drawing: ``plan_card(id)`` decides everything random about a card (palette,
ground, composition template, motifs and where they go, in shares of the card) from
``random.Random(f"stella-card-{id}")``; ``rendering.stella_cards`` paints the plan. It lives
with the rules so that the computer seats (``games.stella_concepts``) read what a card shows
without drawing it.

The motifs are a curated list of OpenMoji images, one code point each: no flags, keycaps, text
symbols, ZWJ sequences or people with skin tones, so Pillow's basic text layout draws them all.
Each line is ``code point  name: kinds``; the kinds say where a motif can go in a scene:

- ``sky``: flies or floats, placed high up;
- ``moon``: a light of the sky (moon, star, planet, lamp), drawn with a glow;
- ``ground``: stands on the ground;
- ``sea``: lives in or on the water;
- ``vessel``: a container something can sit inside (a moon in a teacup);
- ``sprout``: small enough to grow from the top of another motif (a key from a mushroom);
- ``base``: has a top something can grow from;
- ``swarm``: looks natural repeated as a flock (birds, leaves, keys, lanterns);
- ``tiny``: too thin to carry a card alone, never the focal motif.
"""

from __future__ import annotations

import colorsys
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

CARD_ASPECT = 1.5  # height / width of a card
PICTURE_BOTTOM = 0.97  # where the frame starts, share of the card height
FOCAL_SIZE = 0.6  # longest side of the focal motif, share of the card width
SMALL_SIZE = 0.22  # the same for a floating companion

_MOTIF_LINES = """
1F319 crescent moon: moon sky sprout swarm
1F315 full moon: moon sky
1F31D full moon with face: moon sky
1F31E sun with face: moon sky
1F31B first quarter moon face: moon sky
2600 sun: moon sky
2B50 star: moon sky sprout swarm
1F31F glowing star: moon sky sprout swarm
1F320 shooting star: moon sky
2604 comet: moon sky
1FA90 ringed planet: moon sky
1F30D globe: moon sky
1F4AB dizzy star: moon sky sprout swarm
2728 sparkles: moon sky sprout tiny
1F52E crystal ball: moon ground
2601 cloud: sky swarm
1F327 rain cloud: sky
1F329 lightning cloud: sky
1F328 snow cloud: sky
1F32A tornado: sky ground
1F308 rainbow: sky
26C5 sun behind cloud: sky moon
2744 snowflake: sky sprout swarm
26A1 lightning: sky
1F4A7 droplet: sky sprout tiny
1F525 fire: sprout ground
1F300 cyclone: sky
2603 snowman: ground
1F30B volcano: ground
1F3D4 snowy mountain: ground
26F0 mountain: ground
1F5FB mount fuji: ground
1F3DD desert island: ground sea
1F3DC desert: ground
1FAA8 rock: ground base
1FAB5 wood: ground base
1F333 deciduous tree: ground sprout
1F332 evergreen tree: ground sprout
1F334 palm tree: ground sprout
1F335 cactus: ground sprout
1F331 seedling: sprout tiny
1F33F herb: sprout tiny
1F340 four leaf clover: sprout tiny
1F341 maple leaf: sky swarm
1F342 fallen leaves: sky swarm
1F343 leaf in wind: sky swarm
1F337 tulip: sprout ground
1F339 rose: sprout ground
1F33A hibiscus: sprout
1F33B sunflower: sprout ground
1F33C blossom: sprout sky swarm
1F338 cherry blossom: sprout sky swarm
1F940 wilted flower: sprout
1FAB7 lotus: sprout sea
1FABB hyacinth: sprout ground
1F490 bouquet: sprout
1FAB4 potted plant: ground
1F344 mushroom: ground base
1FAB8 coral: sea ground
1FAB6 feather: sky sprout swarm
1F384 christmas tree: ground
1FABE leafless tree: ground sprout
1F40B whale: sea sky swarm
1F433 spouting whale: sea sky
1FACD orca: sea sky
1F42C dolphin: sea sky swarm
1F988 shark: sea sky
1F41F fish: sea sky swarm
1F420 tropical fish: sea sky swarm
1F421 blowfish: sea sky
1F419 octopus: sea sky
1F991 squid: sea sky
1FABC jellyfish: sea sky swarm
1F980 crab: sea ground
1F99E lobster: sea ground
1F990 shrimp: sea sky
1F422 turtle: sea ground sky
1F41A spiral shell: sea ground
1F9AA oyster: sea ground vessel
1F9AD seal: sea ground
1F9A6 otter: sea ground
1F427 penguin: ground
1F9A2 swan: sea ground
1F986 duck: sea ground
1FABF goose: ground sky
1F9A9 flamingo: ground sea
1F99A peacock: ground
1F99C parrot: sky swarm
1F989 owl: sky ground
1F985 eagle: sky
1F54A dove: sky swarm
1F426 bird: sky swarm
1F987 bat: sky swarm
1F98B butterfly: sky sprout swarm
1F41D honeybee: sky swarm
1F41E lady beetle: sky sprout swarm
1F40C snail: ground
1F41B bug: ground sprout
1F577 spider: sky
1F578 spider web: sky
1F997 cricket: ground
1F41C ant: ground
1FAB2 beetle: ground
1F98E lizard: ground
1F40D snake: ground
1F40A crocodile: ground sea
1F995 sauropod: ground
1F996 t-rex: ground
1F9A3 mammoth: ground
1F9A4 dodo: ground
1F409 dragon: sky ground
1F432 dragon face: sky
1F984 unicorn: sky
1F418 elephant: ground sky
1F992 giraffe: ground
1F993 zebra: ground
1F98F rhinoceros: ground
1F99B hippopotamus: ground sea
1F42A camel: ground
1F42B bactrian camel: ground
1F999 llama: ground
1F98C deer: ground
1FACE moose: ground
1F9AC bison: ground
1F402 ox: ground
1F404 cow: ground sky
1F40E horse: ground sky
1F3A0 carousel horse: ground sky
1F411 sheep: ground sky
1F410 goat: ground
1F40F ram: ground
1F416 pig: ground sky
1F417 boar: ground
1F407 rabbit: ground sprout
1F430 rabbit face: sprout
1F408 cat: ground
1F415 dog: ground
1F429 poodle: ground
1F98A fox: ground
1F43A wolf: ground
1F43B bear: ground
1F43C panda: ground
1F428 koala: ground
1F9A5 sloth: sky
1F9A8 skunk: ground
1F9A1 badger: ground
1F9AB beaver: ground
1F994 hedgehog: ground sprout
1F43F chipmunk: ground sprout
1F401 mouse: ground sprout
1F413 rooster: ground
1F414 chicken: ground
1F423 hatching chick: ground sprout
1F424 baby chick: sprout
1F983 turkey: ground
1F405 tiger: ground
1F406 leopard: ground
1F981 lion: ground
1F98D gorilla: ground
1F9A7 orangutan: ground sky
1F412 monkey: ground sky
1F998 kangaroo: ground
1F438 frog: ground sprout sea
1F47B ghost: sky swarm
1F47D alien: sky
1F47E alien monster: sky
1F916 robot: ground sky
1F383 jack-o-lantern: ground base
1F9CC troll: ground
1F9DE genie: sky
1F5FF moai: ground base
1F9E0 brain: sky
1F441 eye: sky moon swarm
1F3F0 castle: ground base
1F3EF japanese castle: ground
1F3DB classical building: ground
1F3E0 house: ground base
1F3E1 house with garden: ground
1F3DA derelict house: ground
1F6D6 hut: ground base
26FA tent: ground
1F3AA circus tent: ground
1F3A1 ferris wheel: ground
1F3A2 roller coaster: ground
26F2 fountain: ground
1F5FC tokyo tower: ground
1F5FD statue of liberty: ground
1F3ED factory: ground
1F3EB school: ground
1F6AA door: ground
1FA9F window: sky ground
1FA9C ladder: ground sprout
1FA91 chair: ground base
1F6CF bed: ground
1F6C1 bathtub: ground vessel
26F1 parasol: ground sprout
1F3D5 camping: ground
1F680 rocket: sky
2708 airplane: sky swarm
1F6E9 small airplane: sky
1F681 helicopter: sky
1F6F8 flying saucer: sky swarm
1F6F0 satellite: sky
1FA82 parachute: sky
1FA81 kite: sky swarm
1F388 balloon: sky sprout swarm
1F682 steam locomotive: ground
1F68B tram car: ground
1F6A0 cableway: sky
1F6A1 aerial tramway: sky
1F697 car: ground
1F6B2 bicycle: ground sky
26F5 sailboat: sea sky swarm
1F6A2 ship: sea
26F4 ferry: sea
1F6F6 canoe: sea sky
2693 anchor: sea sky
1F6DF ring buoy: sea sky
1F9ED compass: moon sky
1F9F3 luggage: ground base
1F511 key: sprout sky swarm
1F5DD old key: sprout sky swarm
1F512 lock: ground
1F514 bell: sky sprout swarm
23F3 hourglass: ground base
23F0 alarm clock: ground
1F570 mantelpiece clock: ground base
1F56F candle: sprout ground
1FA94 diya lamp: sprout ground
1F3EE red lantern: sky swarm
1F4A1 light bulb: sky sprout moon swarm
1F526 torch: ground
1F52D telescope: ground
1F52C microscope: ground
1FA84 magic wand: sprout sky tiny
1FA9E mirror: ground
1FAA9 mirror ball: sky moon
1F381 gift: ground base vessel
1F380 ribbon: sprout sky
1F9F8 teddy bear: ground
1FA86 nesting dolls: ground
1FA80 yo-yo: sky
1F9E9 puzzle piece: sky
1F9F6 ball of yarn: ground
1F9F5 spool of thread: ground base
1F3B2 game die: ground base
1F3AF bullseye: sky
1F3A9 top hat: vessel ground
1F451 crown: sprout sky
1F48D ring: sprout sky tiny
1F48E gem stone: sprout moon
1F4DA books: ground base
1F4D6 open book: ground base vessel
1F4DC scroll: sky
2709 envelope: sky swarm
1F48C love letter: sky swarm
1F4EB mailbox: ground
1F4E6 package: ground base vessel
2602 umbrella: sky sprout swarm
2614 umbrella with rain: sky
1F302 closed umbrella: sprout
1F3BB violin: sky
1FA89 harp: ground
1F3BA trumpet: sky
1F3B7 saxophone: sky
1F3B8 guitar: sky
1FA95 banjo: sky
1FA97 accordion: sky
1F941 drum: ground base
1FA98 long drum: ground
1F3B5 musical note: sky sprout tiny swarm
1F3B6 musical notes: sky sprout tiny swarm
1F4EF postal horn: sky
1F3A8 artist palette: sky
1F58C paintbrush: sprout tiny
1F58B fountain pen: sprout tiny
270F pencil: sprout tiny
1F9F2 magnet: sky
2699 gear: sky
1FA9D hook: sky sprout tiny
1F9F9 broom: sky sprout
1F9FA basket: vessel ground base
1FAA3 bucket: vessel ground
1FAD9 jar: vessel ground
1F3FA amphora: vessel ground
1F36F honey pot: vessel ground
2615 hot beverage: vessel ground swarm
1F375 teacup: vessel ground swarm
1FAD6 teapot: vessel ground
1F377 wine glass: vessel ground
1F378 cocktail glass: vessel ground
1F943 tumbler glass: vessel ground
1F963 bowl with spoon: vessel ground
1F372 pot of food: vessel ground
1F95A egg: ground base
1FAB9 empty nest: vessel ground
1FABA nest with eggs: ground
1F95B glass of milk: vessel ground
1F37E bottle with cork: sprout ground
2697 alembic: ground
1F34E red apple: ground base sprout
1F34F green apple: ground base
1F350 pear: ground
1F351 peach: ground
1F352 cherries: sprout sky
1F353 strawberry: ground sprout
1F34B lemon: sky
1F34A tangerine: ground sprout
1F349 watermelon: ground
1F34D pineapple: ground
1F347 grapes: sprout
1F965 coconut: ground vessel
1F951 avocado: ground
1F955 carrot: sprout
1F33D corn: sprout
1F966 broccoli: ground sprout
1F9C5 onion: ground
1F9C4 garlic: ground
1F330 chestnut: ground
1F95C peanuts: ground
1F382 birthday cake: ground base
1F370 shortcake: ground base
1F9C1 cupcake: ground base
1F366 soft ice cream: sprout
1F368 ice cream: vessel ground
1F369 doughnut: sky
1F36A cookie: moon sky swarm
1F950 croissant: moon sky swarm
1F36D lollipop: sprout
1F36C candy: sky
1F9C0 cheese: ground base moon
1F95E pancakes: ground base
1F9C7 waffle: sky
1F968 pretzel: sky
1F96F bagel: sky
1F96E moon cake: moon sky
1F9CA ice cube: ground
1F3AD performing arts: sky
1FA83 boomerang: sky
1F94F flying disc: sky
"""


@dataclass(frozen=True)
class Motif:
    code: int
    name: str
    kinds: frozenset[str]


def _parse(lines: str) -> tuple[Motif, ...]:
    motifs = []
    for line in lines.strip().splitlines():
        code, rest = line.split(" ", 1)
        name, kinds = rest.split(":")
        motifs.append(Motif(int(code, 16), name.strip(), frozenset(kinds.split())))
    return tuple(motifs)


MOTIFS: tuple[Motif, ...] = _parse(_MOTIF_LINES)


@dataclass(frozen=True)
class Palette:
    name: str
    sky: tuple[str, str, str]  # top, middle, at the horizon
    light: str  # sun or moon glow, halo of the motifs
    haze: str  # air between the viewer and far things
    far: str  # far ground
    near: str  # near ground
    ink: str  # replaces the black outlines of motifs; the vignette
    stars: float  # 0 for a day sky, 1 for a full night sky
    grounds: tuple[str, ...]  # hills, mountains, forest, dunes, snow, sea, clouds, seabed
    feature: str = ""  # "aurora" or "rays" (light falling through water)


# Sixteen strong and different palettes: the first fifteen cards of the deck each get another.
# fmt: off
PALETTES: tuple[Palette, ...] = (
    Palette("midnight", ("#070b26", "#17245e", "#3b4f9c"), "#d6e4ff", "#6a82c8",
            "#1b2552", "#0a0f2c", "#0a0d24", 1.0, ("hills", "sea", "mountains")),
    Palette("rose dusk", ("#26174a", "#8c3f7c", "#f5a08a"), "#ffd9a8", "#e7a0a8",
            "#5c2d60", "#2b1533", "#2a1030", 0.45, ("sea", "hills", "dunes")),
    Palette("lagoon", ("#2f9fd6", "#86d3ea", "#fdf0c6"), "#ffffff", "#cdeef2",
            "#3c9d8f", "#1d6b62", "#123c40", 0.0, ("sea", "hills")),
    Palette("ember", ("#2e0818", "#b83a26", "#ffb347"), "#fff1b8", "#ff9a5a",
            "#6e1f24", "#2a0911", "#2b0a12", 0.1, ("dunes", "mountains", "sea")),
    Palette("pine", ("#0c2722", "#245a4a", "#98c49c"), "#f4ffd8", "#9cc7a4",
            "#1c4a3b", "#0a1e17", "#0b1f18", 0.3, ("forest", "hills")),
    Palette("lavender dawn", ("#5d64c0", "#b197d9", "#ffd8e2"), "#fff5f0", "#e4caec",
            "#8a7ab8", "#4f4286", "#2a2250", 0.15, ("clouds", "hills", "sea")),
    Palette("abyss", ("#06386e", "#0d6f9e", "#3cb6c6"), "#c8fff6", "#5cc8d0",
            "#0b3f52", "#03161f", "#021420", 0.0, ("seabed",), "rays"),
    Palette("desert noon", ("#e5964e", "#f5c985", "#fde8c0"), "#fffbe8", "#f7ddb0",
            "#d98b4a", "#a9582a", "#4a2412", 0.0, ("dunes",)),
    Palette("aurora", ("#040b1c", "#0c2f44", "#1a5f5a"), "#b6ffd9", "#3aa58a",
            "#0b2a30", "#04121a", "#04121a", 1.0, ("snow", "mountains", "sea"), "aurora"),
    Palette("moss", ("#5f9a70", "#c2dc9c", "#f6f2c4"), "#fffbe0", "#e2ecc0",
            "#6b9a5b", "#355f34", "#1f3a22", 0.0, ("hills", "forest")),
    Palette("desert night", ("#150f33", "#47295c", "#b36779"), "#ffe6c0", "#9a6a8a",
            "#6a3a4a", "#2a1727", "#1e0f20", 0.8, ("dunes", "mountains")),
    Palette("cloud kingdom", ("#1f5fbf", "#62a6ea", "#ffe2c4"), "#ffffff", "#e6f3ff",
            "#a9c6ea", "#f4f8ff", "#1a3560", 0.0, ("clouds",)),
    Palette("crimson", ("#170409", "#5a0e1e", "#c0443c"), "#ffcaa0", "#c05050",
            "#3a0a14", "#13030a", "#14030a", 0.5, ("mountains", "dunes", "sea")),
    Palette("golden hour", ("#4f78b3", "#e9b66a", "#ffe08a"), "#fff6c8", "#ffd59a",
            "#9a7a4a", "#4a3a22", "#2e2212", 0.0, ("hills", "forest", "sea")),
    Palette("violet storm", ("#1a1230", "#3f3566", "#8b7fa8"), "#f0e6ff", "#9a90b8",
            "#2e2744", "#141022", "#100c1c", 0.0, ("sea", "hills", "mountains")),
    Palette("snowfield", ("#7da6d6", "#c5d9ee", "#f5f1ea"), "#ffffff", "#e8eef6",
            "#a9c0dc", "#eef3f9", "#2a3a5a", 0.0, ("snow", "mountains")),
)
# fmt: on


def _shift_hue(hex_colour: str, turn: float) -> str:
    value = int(hex_colour.lstrip("#"), 16)
    r, g, b = ((value >> shift) & 255 for shift in (16, 8, 0))
    h, light, s = colorsys.rgb_to_hls(r / 255, g / 255, b / 255)
    rgb = colorsys.hls_to_rgb((h + turn) % 1.0, light, s)
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


def _tinted(palette: Palette, turn: float) -> Palette:
    """The palette turned a little around the colour wheel, so cards sharing it still differ."""

    def turned(colour: str) -> str:
        return _shift_hue(colour, turn)

    top, middle, low = palette.sky
    return replace(
        palette,
        sky=(turned(top), turned(middle), turned(low)),
        light=turned(palette.light),
        haze=turned(palette.haze),
        far=turned(palette.far),
        near=turned(palette.near),
        ink=turned(palette.ink),
    )


@dataclass(frozen=True)
class Placement:
    """Where one motif goes, in shares of the card (the same at every pixel size)."""

    motif: Motif
    x: float  # centre
    y: float  # the foot if ``stands``, else the centre
    size: float  # longest side, share of the card width
    stands: bool = False
    look: str = "lit"  # "lit", "glow" or "silhouette"
    haze: float = 0.1  # how far away it looks
    tilt: float = 0.0  # degrees
    mirror: bool = False
    rests_on: int | None = None  # index of the placement it grows from or sits inside
    sink: float = 0.0  # how deep it sinks into that placement, share of its own height
    cast_shadow_at: float | None = None  # the ground line under a floating motif
    reflect: bool = False  # mirrored in the sea below


@dataclass(frozen=True)
class CardPlan:
    card_id: int
    palette: Palette
    ground: str
    horizon: float  # share of the card height
    light: tuple[float, float]  # where the sun or moon shines
    disc: str  # "moon", "sun" or "" for a light without a painted disc
    template: str
    focal: Motif
    placements: tuple[Placement, ...]  # in drawing order, far to near
    tuft: float | None  # where a tuft of dark grass frames the scene at the bottom, if any
    paint_seed: int  # for the brush work: stars, clouds, ripples


def _is(motif: Motif, *kinds: str) -> bool:
    return bool(motif.kinds.intersection(kinds))


def _shuffled_focals() -> tuple[Motif, ...]:
    focals = [m for m in MOTIFS if "tiny" not in m.kinds]
    random.Random("stella-deck").shuffle(focals)
    return tuple(focals)


# The focal motif of card n is entry n of a fixed shuffle: no two cards share one.
FOCAL_ORDER: tuple[Motif, ...] = _shuffled_focals()


Picker = Callable[..., Motif]


def _picker(rng: random.Random, focal: Motif) -> Picker:
    """Draws secondary motifs of given kinds, never one already on the card."""
    used = {focal.code}

    def pick(*kinds: str, allow_tiny: bool = True) -> Motif:
        pool = [
            m
            for m in MOTIFS
            if m.code not in used and _is(m, *kinds) and (allow_tiny or "tiny" not in m.kinds)
        ]
        motif = rng.choice(pool)
        used.add(motif.code)
        return motif

    return pick


# --- composition templates -------------------------------------------------------------------


def _ground_y(horizon: float, depth: float) -> float:
    """A line on the ground: depth 0 is the horizon, 1 the bottom of the picture."""
    return horizon + depth * (PICTURE_BOTTOM - horizon)


def _side(rng: random.Random) -> Callable[[float], float]:
    """Mirror a composition left-right half of the time."""
    flip = rng.random() < 0.5
    return lambda x: 1 - x if flip else x


def _jitter(rng: random.Random, value: float, spread: float) -> float:
    return value + rng.uniform(-spread, spread)


def _floater(rng: random.Random, motif: Motif, x: float, y: float, size: float) -> Placement:
    return Placement(
        motif,
        _jitter(rng, x, 0.03),
        _jitter(rng, y, 0.02),
        _jitter(rng, size, 0.02),
        look="glow" if _is(motif, "moon") or rng.random() < 0.35 else "lit",
        haze=rng.uniform(0.15, 0.3),
        tilt=rng.uniform(-14, 14),
        mirror=rng.random() < 0.5,
    )


def _standing(
    rng: random.Random, motif: Motif, x: float, foot: float, size: float, haze: float
) -> Placement:
    """A smaller motif on the ground; far away ones are sometimes a dark silhouette."""
    far = haze >= 0.25
    return Placement(
        motif,
        x,
        foot,
        size,
        stands=True,
        look="silhouette" if far and rng.random() < 0.35 else "lit",
        haze=haze,
        mirror=rng.random() < 0.5,
    )


def _focal(rng: random.Random, motif: Motif, **where: Any) -> Placement:
    return Placement(motif, haze=0.06, mirror=rng.random() < 0.4, tilt=rng.uniform(-4, 4), **where)


def _stand(rng: random.Random, focal: Motif, pick: Picker, horizon: float) -> list[Placement]:
    """A large motif standing low, smaller ones floating above it or far behind it."""
    side = _side(rng)
    # Something small far away makes the large motif a giant; the giant steps aside for it.
    with_companion = rng.random() < 0.4
    main = _focal(
        rng,
        focal,
        x=side(0.42) if with_companion else _jitter(rng, 0.5, 0.05),
        y=_ground_y(horizon, 0.55),
        size=_jitter(rng, FOCAL_SIZE, 0.04),
        stands=True,
    )
    upper = _floater(rng, pick("sky", "moon"), side(0.22), 0.17, SMALL_SIZE + 0.04)
    if with_companion:
        companion = pick("ground", allow_tiny=False)
        x, foot = side(_jitter(rng, 0.87, 0.02)), _ground_y(horizon, 0.08)
        far = _standing(rng, companion, x, foot, _jitter(rng, 0.15, 0.02), 0.3)
        return [upper, far, main]
    if rng.random() < 0.75:
        return [_floater(rng, pick("sky"), side(0.8), 0.3, SMALL_SIZE - 0.04), upper, main]
    return [upper, main]


def _hover(rng: random.Random, focal: Motif, pick: Picker, horizon: float) -> list[Placement]:
    """A whale above a castle: a large motif floating over a small one on the ground."""
    side = _side(rng)
    below = _standing(
        rng,
        pick("ground", allow_tiny=False),
        side(_jitter(rng, 0.66, 0.08)),
        _ground_y(horizon, 0.25),
        _jitter(rng, 0.3, 0.03),
        0.25,
    )
    main = _focal(
        rng,
        focal,
        x=side(0.44),
        y=_jitter(rng, 0.34, 0.02),
        size=_jitter(rng, FOCAL_SIZE, 0.03),
        look="glow",
        cast_shadow_at=_ground_y(horizon, 0.45),
    )
    if rng.random() < 0.6:
        return [_floater(rng, pick("moon", "sky"), side(0.84), 0.1, 0.11), below, main]
    return [below, main]


def _resting(
    rng: random.Random, motif: Motif, size: float, base: int, sink: float, look: str
) -> Placement:
    """A motif whose bottom sinks into the top of placement ``base`` (drawn before it)."""
    return Placement(
        motif,
        _jitter(rng, 0.5, 0.04),
        0.0,
        _jitter(rng, size, 0.03),
        look=look,
        haze=0.06,
        tilt=rng.uniform(-12, 12),
        mirror=rng.random() < 0.5,
        rests_on=base,
        sink=sink,
    )


def _grow(rng: random.Random, focal: Motif, pick: Picker, horizon: float) -> list[Placement]:
    """A key growing from a mushroom: something sprouts from the top of the large motif."""
    side = _side(rng)
    main = _focal(
        rng, focal, x=0.5, y=_ground_y(horizon, 0.6), size=_jitter(rng, 0.5, 0.03), stands=True
    )
    sprout = pick("sprout", allow_tiny=rng.random() < 0.3)
    look = "glow" if rng.random() < 0.5 else "lit"
    floater = _floater(rng, pick("sky", "moon"), side(0.8), 0.14, SMALL_SIZE - 0.02)
    return [floater, _resting(rng, sprout, 0.3, 2, 0.3, look), main]


def _inside(rng: random.Random, focal: Motif, pick: Picker, horizon: float) -> list[Placement]:
    """A moon in a teacup: the large motif holds a smaller one."""
    side = _side(rng)
    main = _focal(
        rng, focal, x=0.5, y=_ground_y(horizon, 0.6), size=_jitter(rng, 0.55, 0.03), stands=True
    )
    content = pick("moon", "sea", "sky", allow_tiny=False)
    floater = _floater(rng, pick("sky", "moon"), side(0.2), 0.15, SMALL_SIZE)
    return [floater, _resting(rng, content, 0.3, 2, 0.45, "glow"), main]


def _orbit(rng: random.Random, focal: Motif, pick: Picker, horizon: float) -> list[Placement]:
    """A glowing motif in the middle of the sky with small companions around it."""
    side = _side(rng)
    main = _focal(
        rng, focal, x=0.5, y=_jitter(rng, 0.43, 0.02), size=_jitter(rng, 0.56, 0.03), look="glow"
    )
    placements = [
        _floater(rng, pick("sky", "moon"), side(0.2), 0.13, SMALL_SIZE),
        _floater(rng, pick("sky"), side(0.83), 0.22, SMALL_SIZE - 0.04),
        main,
    ]
    if rng.random() < 0.7:
        companion = pick("ground", allow_tiny=False)
        x, foot = side(_jitter(rng, 0.76, 0.04)), _ground_y(horizon, 0.35)
        placements.append(_standing(rng, companion, x, foot, _jitter(rng, 0.2, 0.02), 0.2))
    return placements


def _giant(rng: random.Random, focal: Motif, pick: Picker, horizon: float) -> list[Placement]:
    """A huge light leaning into the picture from a top corner over something small."""
    side = _side(rng)
    main = _focal(
        rng,
        focal,
        x=side(0.66),
        y=_jitter(rng, 0.27, 0.03),
        size=_jitter(rng, 0.8, 0.04),
        look="glow",
    )
    main = replace(main, haze=0.22, tilt=rng.uniform(-18, 18))
    small = pick("ground", "sea", allow_tiny=False)
    x, foot = side(_jitter(rng, 0.3, 0.04)), _ground_y(horizon, 0.55)
    return [main, _standing(rng, small, x, foot, _jitter(rng, 0.26, 0.03), 0.08)]


def _flock(rng: random.Random, focal: Motif, pick: Picker, horizon: float) -> list[Placement]:
    """A large motif and one small motif repeated along an arc, as birds in flight."""
    side = _side(rng)
    stands = _is(focal, "ground") and not _is(focal, "sky")
    main = _focal(
        rng,
        focal,
        x=side(0.56),
        y=_ground_y(horizon, 0.55) if stands else 0.5,
        size=_jitter(rng, 0.54, 0.03),
        stands=stands,
        look="lit" if stands else "glow",
    )
    bird, tilt, mirror = pick("swarm"), rng.uniform(-20, 20), rng.random() < 0.5
    arc = ((0.66, 0.1, 0.1, 0.26), (0.42, 0.18, 0.14, 0.18), (0.2, 0.3, 0.19, 0.1))
    flock = [
        Placement(bird, side(x), y, size, haze=haze, tilt=tilt, mirror=mirror)
        for x, y, size, haze in arc
    ]
    return [*flock, main]


def _mirror(rng: random.Random, focal: Motif, pick: Picker, horizon: float) -> list[Placement]:
    """A motif standing on a calm sea, mirrored in the water."""
    side = _side(rng)
    main = _focal(
        rng,
        focal,
        x=_jitter(rng, 0.5, 0.04),
        y=horizon + 0.015,
        size=_jitter(rng, 0.5, 0.03),
        stands=True,
        look="glow",
        reflect=True,
    )
    floater = _floater(rng, pick("moon", "sky"), side(0.22), 0.14, SMALL_SIZE)
    return [floater, replace(main, tilt=0.0)]


Template = Callable[[random.Random, Motif, Picker, float], list[Placement]]
# Composition templates: the focal kinds each one suits, and how often it is chosen.
TEMPLATES: dict[str, tuple[Template, frozenset[str], float]] = {
    "stand": (_stand, frozenset({"ground"}), 4),
    "hover": (_hover, frozenset({"sky", "sea"}), 5),
    "grow": (_grow, frozenset({"base", "ground", "sea"}), 5),
    "inside": (_inside, frozenset({"vessel"}), 12),
    "orbit": (_orbit, frozenset({"moon", "sky", "sprout"}), 3),
    "giant": (_giant, frozenset({"moon"}), 6),
    "flock": (_flock, frozenset({"ground", "sky"}), 1.5),
    "mirror": (_mirror, frozenset({"ground", "sea", "moon"}), 4),
}


def _free_spot(
    placements: list[Placement], horizon: float, rng: random.Random
) -> tuple[float, float]:
    """Where the sun or moon shines: the place in the sky with the most room around it."""
    spots = [
        (0.2, 0.14),
        (0.8, 0.14),
        (0.5, 0.11),
        (0.22, 0.36),
        (0.78, 0.36),
        (0.5, horizon - 0.08),
    ]
    shapes = [
        (p.x, p.y - p.size / 3 if p.stands else p.y, p.size / 2)
        for p in placements
        if p.rests_on is None
    ]

    def room(spot: tuple[float, float]) -> float:
        return min(math.hypot(spot[0] - x, (spot[1] - y) * CARD_ASPECT) - r for x, y, r in shapes)

    x, y = max(spots, key=room)
    return (_jitter(rng, x, 0.04), _jitter(rng, y, 0.02))


def plan_card(card_id: int) -> CardPlan:
    """Everything random about a card, decided from its id alone."""
    rng = random.Random(f"stella-card-{card_id}")
    palette = _tinted(PALETTES[card_id % len(PALETTES)], rng.uniform(-0.035, 0.035))
    ground = rng.choice(palette.grounds)
    horizon = rng.uniform(0.64, 0.74)
    focal = FOCAL_ORDER[card_id % len(FOCAL_ORDER)]
    names = [
        name
        for name, (_, kinds, _) in TEMPLATES.items()
        if _is(focal, *kinds) and (name != "mirror" or ground == "sea")
    ]
    template = rng.choices(names, [TEMPLATES[name][2] for name in names])[0]
    placements = TEMPLATES[template][0](rng, focal, _picker(rng, focal), horizon)
    light = _free_spot(placements, horizon, rng)
    disc = ""
    has_moon = any(_is(p.motif, "moon") for p in placements)
    if palette.feature != "rays" and not has_moon and rng.random() < 0.65:
        disc = "moon" if palette.stars >= 0.3 else "sun"
    return CardPlan(
        tuft=rng.choice((0.1, 0.9)) if ground != "clouds" and rng.random() < 0.6 else None,
        card_id=card_id,
        palette=palette,
        ground=ground,
        horizon=horizon,
        light=light,
        disc=disc,
        template=template,
        focal=focal,
        placements=tuple(placements),
        paint_seed=rng.getrandbits(64),
    )
