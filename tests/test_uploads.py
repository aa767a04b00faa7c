"""A picture sent lets its bytes go as soon as discord.py is done with the request."""

import io

import discord
from discord.http import handle_message_parameters

from cogs.table.components import Upload, attachments
from screens.model import Screen

PICTURE = b"\x89PNG" + bytes(200_000)


def test_discord_py_closing_the_file_lets_the_picture_go():
    upload = Upload(PICTURE, "slate.png", "a slate")
    with handle_message_parameters(content="hi", files=[upload]) as params:
        assert params.files == [upload]
        upload.reset(seek=1)  # a retry reads the whole picture again
        assert upload.fp.read() == PICTURE
    assert upload.fp.closed, "the buffer (and with it the picture) is let go"


def test_a_plain_file_of_a_buffer_stays_open_which_is_why_uploads_exist():
    plain = discord.File(io.BytesIO(PICTURE), "slate.png")
    with handle_message_parameters(content="hi", files=[plain]):
        pass
    assert not plain.fp.closed


def test_a_screens_files_are_uploads_with_its_name_and_summary():
    (upload,) = attachments(Screen("text", PICTURE, "grid.png", "the grid"))
    assert isinstance(upload, Upload)
    assert (upload.filename, upload.description) == ("grid.png", "the grid")
    assert upload.fp.read() == PICTURE
    assert attachments(Screen("no picture")) == []
