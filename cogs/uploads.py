"""Pictures uploaded as they are, without a copy per upload.

discord.py sends a file's ``fp`` through aiohttp, which asks an ``io.BytesIO`` for its buffer
to learn its length. A BytesIO made from bytes that someone else still holds (the screen, which
lives until its message is sent) then copies them, so every upload in flight held its picture
twice: when many tables start at once, some 190 uploads at a time, 36 MB of copies in the
bot (measured in the Stella load's ramp). A :class:`Picture` is sent straight from its bytes.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from aiohttp import payload


class Picture(io.BytesIO):
    """A picture's bytes to hand to :class:`discord.File`; read as usual, uploaded uncopied."""


class _PicturePayload(payload.BytesPayload):
    def __init__(self, value: Picture, *args: Any, **kwargs: Any) -> None:
        # getvalue() of a BytesIO that was never written to is the very bytes it was made of.
        super().__init__(value.getvalue(), *args, **kwargs)


payload.PAYLOAD_REGISTRY.register(_PicturePayload, Picture, order=payload.Order.try_first)


def picture_file(image: bytes, filename: str, description: str | None = None) -> discord.File:
    """``image`` as an attachment of a message."""
    return discord.File(Picture(image), filename, description=description)
