"""The bot's application emojis (die faces, dice, game symbols), found or created after login.

Each process, at each start, in the background (nothing waits for it):

1. learns the set's names (:mod:`rendering.app_emojis`) from its drawing worker;
2. lists the application's emojis (one request) and takes each of the set's by its name;
3. creates each one missing, its picture drawn by the worker. Discord keeps an emoji name
   unique in an application and refuses a second emoji of a taken name, so when two
   processes start at once and create the same emoji, one gets it and the other is refused:
   a refused (or unanswered) create is followed by a fresh list, where the other process's
   emoji is found and taken. A create that the list does not explain (the application at its
   limit of 2,000, creates refused) ends the creating;
4. tells the table's controls (:mod:`cogs.table.emojis`) what it found: they show the emojis
   from then on. Until then, and for any emoji not found, they show what they always did.

A failure (Discord away, a timeout, a refusal) is logged and the start goes on; the missing
emojis are looked for again a few times, minutes apart.

An emoji's name carries the digest of its pixels: new art is a new emoji, never a replaced
one. Older art is left in place (and counted in the log): messages posted before still show
it, and during a rolling upgrade a process of the previous version still sends it; deleting
it would blank those buttons, and nothing tells one process that every other moved on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping

import aiohttp
import discord

from cogs.table import emojis
from drawing.service import Drawing
from rendering.app_emojis import DIGEST, KEYS, emoji_names, emoji_png

log = logging.getLogger(__name__)
CALL_PATIENCE = 30.0  # seconds one request to Discord may take
RETRY_SECONDS = 300.0  # between tries while emojis are missing
TRIES = 3
MAX_EMOJIS_REACHED = 30008  # Discord's error code at the application's limit


FAILURES = (discord.DiscordException, aiohttp.ClientError, TimeoutError, OSError)


class EmojisRefused(Exception):
    """Discord would not create an emoji (at the application's limit, or refusing creates)."""


async def _listed(client: discord.Client) -> dict[str, discord.Emoji]:
    found = await asyncio.wait_for(client.fetch_application_emojis(), CALL_PATIENCE)
    return {emoji.name: emoji for emoji in found}


Picture = Callable[[str], Awaitable[bytes]]  # an emoji's PNG, by key


async def _created(
    client: discord.Client, key: str, name: str, picture: Picture, listed: dict[str, discord.Emoji]
) -> discord.Emoji:
    """The emoji ``name``, created now, or created meanwhile by another process."""
    image = await picture(key)
    try:
        return await asyncio.wait_for(
            client.create_application_emoji(name=name, image=image), CALL_PATIENCE
        )
    except (discord.HTTPException, TimeoutError) as error:
        if isinstance(error, discord.HTTPException) and error.code == MAX_EMOJIS_REACHED:
            raise EmojisRefused(f"the application has no room for more emojis: {error}") from error
        # The name is taken (another process was first), or the create timed out (it may have
        # been made all the same), or it was refused: what is there now decides.
        listed.update(await _listed(client))
        if name not in listed:
            raise EmojisRefused(f"Discord refused the emoji {name}: {error!r}") from error
        return listed[name]


async def find_or_create(
    client: discord.Client, names: Mapping[str, str], picture: Picture
) -> dict[str, discord.PartialEmoji]:
    """The set's emojis (``names`` by key): found by name, created from ``picture(key)`` when
    missing (see the module's text).

    A refused create ends the creating (the next would most likely be refused too); the
    emojis found until then are returned.
    """
    listed = await _listed(client)
    found: dict[str, discord.PartialEmoji] = {}
    try:
        for key, name in names.items():
            emoji = listed.get(name) or await _created(client, key, name, picture, listed)
            listed[emoji.name] = emoji
            found[key] = discord.PartialEmoji(name=emoji.name, id=emoji.id)
    except (EmojisRefused, *FAILURES) as error:
        log.warning("application emojis: creating stopped: %r", error)
    older = [name for name in listed if _older_art(name, names)]
    if older:
        log.info("%d emojis of older art are kept (earlier messages show them)", len(older))
    return found


def _older_art(name: str, names: Mapping[str, str]) -> bool:
    key, _, digest = name.rpartition("_")
    return key in KEYS and len(digest) == DIGEST and names.get(key) != name


class AppEmojis:
    """Finds or creates the emojis after login and keeps the table's controls told."""

    def __init__(self, client: discord.Client, drawing: Drawing) -> None:
        self.client = client
        self.drawing = drawing
        self.settled = asyncio.Event()  # the first try is over, whatever it found
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start looking (after login: the application's id is known)."""
        emojis.forget()
        self._task = asyncio.create_task(self._keep_looking(), name="app-emojis")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        emojis.forget()

    async def _keep_looking(self) -> None:
        try:
            try:
                names = await self.drawing.picture(self.drawing.loc.default, emoji_names)
            except Exception:  # a drawing that failed: the controls keep their words
                log.exception("application emojis: the set could not be drawn")
                return
            for attempt in range(TRIES):
                if attempt:
                    await asyncio.sleep(RETRY_SECONDS)
                if await self._look(names):
                    return
                self.settled.set()
        finally:
            self.settled.set()

    async def _picture(self, key: str) -> bytes:
        return await self.drawing.picture(self.drawing.loc.default, emoji_png, key)

    async def _look(self, names: Mapping[str, str]) -> bool:
        """One try; whether every emoji is known now."""
        try:
            found = await find_or_create(self.client, names, self._picture)
        except FAILURES as error:
            log.warning("application emojis unavailable, controls keep their labels: %r", error)
            return False
        emojis.learn(found)
        log.info("application emojis: %d of %d known", len(found), len(names))
        return len(found) == len(names)
