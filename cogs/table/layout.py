"""A table's message as Discord's Components V2 layout: one block per message, phone first.

A :class:`~screens.model.Screen` becomes a stopped :class:`discord.ui.LayoutView`: a container
in the game's accent colour holding, top to bottom, the header line (the game, its round or
phase), the picture (a gallery item that names its upload, with its alt text), what just
happened (the log), whose turn it is and what to press (the prompt), and the controls as rows
of the registered table items (their custom_ids are those of classic messages, so buttons
keep working across restarts and across the change of layout).

Discord counts at most 40 components and 4,000 characters of text per message: the oldest
log lines give way first, then the prompt is cut.

A message taken out of play (an earlier turn, a closed table) keeps what it shows: its layout
is read back from the message and sent again without its rows (:func:`retired_view`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import discord

from cogs.table.components import Upload, table_items
from cogs.table.delivery import MAX_TEXT, answer_card, text_view
from screens.model import Row, Screen

MAX_COMPONENTS = 40
MAX_ALT_TEXT = 256
HEADER_TEXT = 200
# Each game one colour of its own pictures' palette: Dice Stars' star gold, Dizzle's pen
# blue, Stella's Darkness violet; a game without one gets Discord's blurple.
ACCENTS = {"dice_stars": 0xCD960A, "dizzle": 0x1638AA, "stella": 0xAC8CFF}
DEFAULT_ACCENT = 0x5865F2
# Messages of no game (help, the history's list, the daily's board): a neutral grey that
# reads on Discord's dark and light themes alike.
HOUSE_ACCENT = 0x99AAB5
# Ids of the blocks, so that a message read back is known block by block.
HEADER_ID, PICTURE_ID, LOG_ID, PROMPT_ID = 2, 3, 4, 5


def accent_of(kind: str) -> int:
    return ACCENTS.get(kind, DEFAULT_ACCENT)


@dataclass(frozen=True)
class Texts:
    """A screen's texts as the message shows them, within Discord's 4,000 characters."""

    header: str
    log: str
    prompt: str

    def shown(self) -> str:
        """The message's text displays, top to bottom, one per line (how it reads back)."""
        return "\n".join(part for part in (self.header, self.log, self.prompt) if part)


def texts_of(screen: Screen) -> Texts:
    header = (screen.header or "")[:HEADER_TEXT]
    prompt = screen.text[: MAX_TEXT - len(header)]
    budget = MAX_TEXT - len(header) - len(prompt)
    log = "\n".join(line for line in screen.log if line)
    while len(log) > budget and "\n" in log:
        log = log.split("\n", 1)[1]  # the oldest line gives way
    return Texts(header, log[: max(budget, 0)], prompt)


def shown_text(screen: Screen) -> str:
    """What a V2 message built from ``screen`` says (see :func:`message_text`)."""
    return texts_of(screen).shown()


def alt_text(screen: Screen) -> str | None:
    summary = (screen.image_summary or "").strip()
    return summary[:MAX_ALT_TEXT] or None


def picture_url(filename: str) -> str:
    return f"attachment://{filename}"


def layout_view(
    screen: Screen, game_id: int, version: int, accent: int, kept: bool = False
) -> discord.ui.LayoutView:
    """The message of ``screen``, controls included (their custom_ids carry game and version).
    ``kept``: without an image, the screen still shows the picture its message has already,
    by its filename and alt text (an edit that uploads nothing anew)."""
    texts = texts_of(screen)
    blocks: list[discord.ui.Item[discord.ui.LayoutView]] = []
    if texts.header:
        blocks.append(discord.ui.TextDisplay(texts.header, id=HEADER_ID))
    if screen.image is not None or kept:
        item = discord.MediaGalleryItem(picture_url(screen.filename), description=alt_text(screen))
        blocks.append(discord.ui.MediaGallery(item, id=PICTURE_ID))
    if texts.log:
        blocks.append(discord.ui.TextDisplay(texts.log, id=LOG_ID))
    if texts.prompt:
        blocks.append(discord.ui.TextDisplay(texts.prompt, id=PROMPT_ID))
    rows = [discord.ui.ActionRow(*items) for items in table_items(game_id, version, screen.rows)]
    return _stopped(accent, blocks, rows)


def card_view(
    screen: Screen, accent: int, game_id: int = 0, version: int = 0, kept: bool = False
) -> discord.ui.LayoutView:
    """Any other message of the bot (a private card, a notice, a DM) in the same block as a
    table's: header, picture, log, prompt and controls, in ``accent`` (``kept``: see
    :func:`layout_view`)."""
    if not (screen.header or screen.text or screen.log or screen.image is not None or kept):
        screen = replace(screen, text="\u2026")  # a container holds one item at least
    return layout_view(screen, game_id, version, accent, kept)


def headed(text: str, **picture: object) -> Screen:
    """A written card as a screen (see :func:`title_as_header`)."""
    return title_as_header(Screen(text, **picture))  # type: ignore[arg-type]


def title_as_header(screen: Screen) -> Screen:
    """The screen with its text's first line as its header, when that line holds bold words
    (a title) and more lines follow."""
    first, _, rest = screen.text.partition("\n")
    if "**" in first and rest:
        return replace(screen, header=first, text=rest)
    return screen


def without_picture(screen: Screen) -> Screen:
    return replace(screen, image=None)


def notice_view(
    text: str,
    accent: int | None = None,
    rows: Sequence[Row] = (),
    game_id: int = 0,
    version: int = 0,
) -> discord.ui.LayoutView:
    """A short message: a bare text display (a one-line private answer, no colour to guess),
    or, with an accent or controls, the text in its block."""
    if accent is None and not rows:
        return text_view(text)
    screen = Screen(text, rows=list(rows))
    return card_view(screen, accent if accent is not None else HOUSE_ACCENT, game_id, version)


def _stopped(
    accent: int,
    blocks: Sequence[discord.ui.Item[discord.ui.LayoutView]],
    rows: Sequence[discord.ui.ActionRow[discord.ui.LayoutView]],
) -> discord.ui.LayoutView:
    """The container of ``blocks`` and ``rows``, in a stopped view: the registered items
    answer every click by its custom_id, so discord.py keeps nothing of it."""
    blocks = list(blocks)
    counted = 1 + len(blocks) + sum(1 + len(row.children) for row in rows)
    while counted > MAX_COMPONENTS and len(blocks) > 1:
        blocks.pop(0)  # the header, then the picture: the prompt and controls stay
        counted -= 1
    container = discord.ui.Container(*blocks, *rows, accent_colour=accent)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    view.stop()
    return view


def files_of(screen: Screen) -> list[discord.File]:
    """The upload the gallery names; the attachment carries the alt text too (what a client
    shows that reads the attachment rather than the gallery item)."""
    if screen.image is None:
        return []
    return [Upload(screen.image, screen.filename, alt_text(screen))]


def is_layout(message: discord.Message) -> bool:
    """Whether a message is a Components V2 message (as Discord returns it)."""
    return message.flags.components_v2


def message_text(message: discord.Message) -> str:
    """What a message says: a classic message's content, a V2 message's text displays."""
    if not is_layout(message):
        return message.content
    return "\n".join(_texts(message.components))


def _texts(components: Sequence[discord.Component]) -> list[str]:
    found: list[str] = []
    for component in components:
        if isinstance(component, discord.TextDisplay):
            found.append(component.content)
        elif isinstance(component, discord.Container):
            found.extend(_texts(component.children))
    return found


def retired_view(
    message: discord.Message, closing: str | None = None
) -> discord.ui.LayoutView | None:
    """A V2 message as it shows, without its controls; ``closing`` replaces its prompt (its
    last words), its log stays. None: nothing left to show (not a V2 message)."""
    containers = [c for c in message.components if isinstance(c, discord.Container)]
    if not containers:
        return None
    shown = containers[0]
    blocks: list[discord.ui.Item[discord.ui.LayoutView]] = []
    for component in shown.children:
        if isinstance(component, discord.TextDisplay):
            content = component.content
            if component.id == PROMPT_ID and closing is not None:
                content = closing
            blocks.append(discord.ui.TextDisplay(content, id=component.id))
        elif isinstance(component, discord.MediaGalleryComponent):
            items = [
                discord.MediaGalleryItem(
                    picture_url(_filename(message, item.media.url)), description=item.description
                )
                for item in component.items
            ]
            blocks.append(discord.ui.MediaGallery(*items, id=component.id))
    if closing is not None and not any(
        isinstance(block, discord.ui.TextDisplay) and block.id == PROMPT_ID for block in blocks
    ):
        blocks.append(discord.ui.TextDisplay(closing, id=PROMPT_ID))
    accent = shown.accent_colour.value if shown.accent_colour is not None else DEFAULT_ACCENT
    return _stopped(accent, blocks, [])


def _filename(message: discord.Message, url: str) -> str:
    """The attachment a gallery item shows: named by the url sent, or the one Discord made."""
    if url.startswith("attachment://"):
        return url.removeprefix("attachment://")
    for attachment in message.attachments:
        if url.split("?", 1)[0] in (attachment.url.split("?", 1)[0], attachment.proxy_url):
            return attachment.filename
    return message.attachments[0].filename if message.attachments else url


async def answer_screen(interaction: discord.Interaction, screen: Screen, accent: int) -> None:
    """A slash command's private card of ``screen`` (see :func:`answer_card`)."""
    await answer_card(
        interaction,
        lambda pictured: card_view(screen if pictured else without_picture(screen), accent),
        lambda: files_of(screen),
    )
