"""What every message of the bot must look like since it became a Components V2 message: the
flag, no content nor embeds, one block in a colour (or, for a one-line private answer, a text
display alone), and each picture in a gallery with its alt text."""

from __future__ import annotations

from tests.emulator.models import (
    CONTAINER,
    IS_COMPONENTS_V2,
    MEDIA_GALLERY,
    TEXT_DISPLAY,
    Message,
    walk_components,
)

ACTION_ROW = 1


def assert_v2(message: Message, accent: int | None = None, picture: bool = False) -> None:
    """A V2 message in the family look: with ``accent``, one container of that colour holding
    everything; without, a bare text display. ``picture``: it shows one, described."""
    assert message.flags & IS_COMPONENTS_V2, f"{message!r} is not a V2 message"
    assert not message.content and not message.embeds
    top = message.components
    if accent is None:
        assert [c["type"] for c in top] == [TEXT_DISPLAY], top
        assert top[0]["content"].strip()
    else:
        assert [c["type"] for c in top] == [CONTAINER], top
        assert top[0].get("accent_color") == accent
        assert any(c["type"] == TEXT_DISPLAY for c in walk_components(top))
    galleries = [c for c in walk_components(top) if c["type"] == MEDIA_GALLERY]
    assert bool(galleries) == picture, f"picture expected: {picture}; {top}"
    if picture:
        described = message.media_descriptions()
        assert described and all(described.values()), described
        assert all(len(alt or "") <= 256 for alt in described.values())
        assert len(message.attachments) == len(described)


def make_classic(message: Message) -> None:
    """The message as the bot sent it before its messages were V2 ones: its text the content,
    its controls rows of its own, its pictures attachments (what a table running at the
    upgrade has in its channel and DMs)."""
    if not message.flags & IS_COMPONENTS_V2:
        return
    text = message.text
    rows = [c for c in walk_components(message.components) if c["type"] == ACTION_ROW]
    message.content, message.components = text, rows
    message.flags &= ~IS_COMPONENTS_V2
