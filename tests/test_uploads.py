"""A picture is uploaded from its own bytes: no copy per upload in flight."""

from __future__ import annotations

import os
import sys

import aiohttp

from cogs.uploads import picture_file


class _Wire:
    def __init__(self) -> None:
        self.sent = bytearray()

    async def write(self, data: bytes) -> None:
        self.sent += data


async def test_a_picture_goes_out_whole_without_a_copy_of_its_bytes() -> None:
    image = os.urandom(300_000)  # a picture's size, held by its screen meanwhile
    file = picture_file(image, "table.png", "the table")
    form = aiohttp.FormData(quote_fields=False)  # as discord.py builds a message with a file
    form.add_field("payload_json", "{}")
    form.add_field("files[0]", file.fp, filename=file.filename)
    body = form()
    wire = _Wire()
    await body.write(wire)
    assert image in bytes(wire.sent)
    assert b'filename="table.png"' in wire.sent
    assert sys.getsizeof(file.fp) < 10_000, "the picture's bytes were copied for the upload"
    assert file.fp.read() == image  # still a readable file for whoever reads it
