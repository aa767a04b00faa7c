"""The bot killed at every step of a click: after the restart, each table shows what was saved.

For each control (a Stella toggle, a lock-in, a designation, a Dice Stars take, a Dizzle
placement) and each step between the click's arrival and its save's commit, and a few after
it up to the new messages' posts (a turn's end, a Stella round's start), the bot process is
started with that step armed, the click comes, and the process dies exactly there: at a
fault point of the product (:mod:`fault_points`, armed by the environment) or at a Discord
request (the emulator's fault). An unarmed process then starts on the same database, and:

- the move log holds the click's move exactly when the step came after the commit;
- every message of the channel and the players' DMs is counted: each new one is a message the
  saved table wants (its turn message, a round's results, a slate for a new round), once;
- the table's current message is the one with working controls, and a Stella slate shows the
  marks as saved; no mark a player was shown before the kill is missing after it;
- the game plays on (and one Dice Stars game to its end).

One emulator, one database and one table per control serve the whole module: every case brings
its table on to its next moment (a case killed before the commit leaves it there for the next).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from fault_points import VARIABLE
from games import dice_stars as dice_engine
from games import dizzle as dizzle_engine
from games import stella as stella_engine
from games.engine import CHANCE, only_action, settle
from games.table import Table
from tests.emulator import Channel, FakeDiscord, Message, User, rest_channels
from tests.support.process import BotProcess, problems
from tests.test_e2e_healing import (
    CALLBACK,
    CHANNEL_POST,
    FOLLOWUP,
    Game,
    expected_log,
    game_of,
    live,
    public_log,
    star_values,
    verb,
)
from tests.test_e2e_healing import controls as dice_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")

KILLED = -signal.SIGKILL
MARKED = 3  # a slate's marked card: a green ("success") button
BEFORE_COMMIT = ("click.arrived", "change.loaded", "save.before-commit")
AFTER_COMMIT = ("save.committed", "drawing.asked", "shown.unsaved")
# --- the module's world: one emulator, one bot process, one table per control ------------------


@dataclass
class Seated:
    """A table of the module: its channel and its players (each kind has its own)."""

    kind: str
    chan: Channel
    users: list[User]


@dataclass
class Bench:
    """The module's emulator, its bot process (one at a time, on one database) and tables."""

    emu: FakeDiscord
    bot: BotProcess
    tables: dict[str, Seated] = field(default_factory=dict)
    toggles_since: int = 0  # the start of the process the toggles' table was made for

    @property
    def path(self) -> Path:
        return self.bot.database

    @property
    def arming(self) -> Path:
        return self.bot.folder / "fault-point"

    async def running(self) -> None:
        """A running bot process, no point armed: SIGUSR1 arms the one :meth:`arm` names."""
        if self.bot.running:
            return
        os.environ[VARIABLE] = f"@{self.arming}"
        try:
            await self.bot.start()
        finally:
            del os.environ[VARIABLE]

    async def arm(self, point: str) -> None:
        """The running process dies when it next reaches ``point``."""
        self.arming.write_text(point, encoding="utf-8")
        os.kill(self.bot.pid, signal.SIGUSR1)
        await self.emu.wait_until(lambda: not self.arming.exists(), 10, f"{point} armed")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bench(tmp_path_factory):
    async with FakeDiscord() as emu:
        bot = BotProcess(emu, tmp_path_factory.mktemp("kill-points"))
        try:
            yield Bench(emu, bot)
        finally:
            await bot.close()
        assert not emu.violations, "\n".join(str(v) for v in emu.violations)


async def seated(bench: Bench, kind: str, players: int) -> Seated:
    if kind not in bench.tables:
        emu = bench.emu
        made = len(emu.guilds)
        guild = emu.add_guild(f"{kind} night {made}", locale="en-US")
        chan = emu.add_channel(guild, kind)
        users = [emu.add_user(f"{kind}-{made}-{n}", locale="en-US") for n in range(players)]
        for user in users:
            emu.add_member(guild, user)
        bench.tables[kind] = Seated(kind, chan, users)
    return bench.tables[kind]


async def unshown(path, game: Game) -> bool:
    """Whether the bot still owes its game a repair (its save is noted as not shown)."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        (since,) = db.execute(
            "SELECT unshown_since FROM games WHERE id = ?", (game.record.id,)
        ).fetchone()
    return since is not None


async def settled(bench: Bench, chan: Channel, timeout: float = 30) -> Game:
    """Until the channel shows everything saved and Discord is quiet."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        await bench.emu.idle(quiet=0.15, timeout=timeout)
        game = await game_of(bench.path, chan)
        # A change a private panel shows (a toggle) is marked shown once that panel shows it.
        if Table.from_json(game.snapshot).up_to_date and not await unshown(bench.path, game):
            return game
        assert loop.time() < deadline, f"game {game.record.id} still not shown"


async def new_table(bench: Bench, seats: Seated, command: str) -> None:
    """A table of the seats' players in their channel, started (the last one is gone)."""
    emu, users = bench.emu, seats.users
    ix = await emu.slash(users[0], seats.chan, command, {})
    for user in users[1:]:
        await emu.click(user, ix.message, verb(ix.message, "join"))
    lobby = emu.channel_messages(seats.chan)[-1]
    await emu.click(users[0], lobby, verb(lobby, "start"))
    await settled(bench, seats.chan)


async def active(bench: Bench, seats: Seated, command: str) -> Game:
    game = None
    with contextlib.suppress(IndexError):
        game = await game_of(bench.path, seats.chan)
    if game is None or game.status != "active":
        await new_table(bench, seats, command)
        game = await game_of(bench.path, seats.chan)
    return game


def user_of(seats: Seated, game: Game, seat: int) -> User:
    user_id = game.snapshot["seats"][seat]["user_id"]
    return next(user for user in seats.users if user.id == user_id)


# --- the controls: how each reaches its moment and clicks -------------------------------------

Click = Callable[[], Awaitable[Any]]


async def dice_stars_take(bench: Bench) -> tuple[Seated, Click]:
    """A take that ends a turn: the next turn's message is posted."""
    seats = await seated(bench, "dice_stars", 2)
    for _ in range(200):
        game = await active(bench, seats, "dicestars new")
        state = dice_engine.from_json(game.snapshot["state"])
        seat = dice_engine.to_move(state)[0]
        wanted = dice_engine.autopilot(state, seat)
        click = dice_click(bench, seats, game, seat, wanted)
        if state.phase == dice_engine.TAKE:
            return seats, click
        await click()
        await settled(bench, seats.chan)
    raise AssertionError("no take within 200 clicks")


def dice_click(bench: Bench, seats: Seated, game: Game, seat: int, wanted: dict) -> Click:
    emu = bench.emu
    (turn,) = live(emu, seats.chan)
    user = user_of(seats, game, seat)
    if wanted["type"] == "take_stars":
        values = star_values(wanted["rows"])
        return lambda: emu.select(user, turn, turn.select("s:")["custom_id"], values)
    custom_id = next(c for c, action in dice_controls(turn) if action == wanted)
    return lambda: emu.click(user, turn, custom_id)


async def dizzle_placement(bench: Bench) -> tuple[Seated, Click]:
    """A die placed on the sheet (the autopilot's choice, whenever it is a placement)."""
    seats = await seated(bench, "dizzle", 2)
    for _ in range(200):
        game = await active(bench, seats, "dizzle new")
        state = dizzle_engine.from_json(game.snapshot["state"])
        seat = dizzle_engine.to_move(state)[0]
        wanted = dizzle_engine.autopilot(state, seat)
        click = dizzle_click(bench, seats, game, seat, wanted)
        if wanted["type"] == "place":
            return seats, click
        await click()
        await settled(bench, seats.chan)
    raise AssertionError("no placement within 200 clicks")


def dizzle_click(bench: Bench, seats: Seated, game: Game, seat: int, wanted: dict) -> Click:
    emu = bench.emu
    turn = [m for m in emu.channel_messages(seats.chan) if m.attachments][-1]
    user = user_of(seats, game, seat)
    for button in turn.buttons():
        if not button["disabled"] and action_of(button["custom_id"]) == wanted:
            return lambda: emu.click(user, turn, button["custom_id"])
    for menu in turn.selects():
        for option in menu["options"]:
            if parsed(option["value"]) == wanted:
                return lambda: emu.select(user, turn, menu["custom_id"], [option["value"]])
    raise AssertionError(f"no control for {wanted} on the turn message")


def action_of(custom_id: str) -> Any:
    payload = custom_id.split(":", 3)[3]
    return parsed(payload[1:]) if payload.startswith("a{") else None


def parsed(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def stella_state(game: Game) -> stella_engine.State:
    return stella_engine.from_json(game.snapshot["state"])


def slate(emu: FakeDiscord, user: User) -> Message | None:
    """The player's slate DM while it takes marks."""
    dms = emu.dm_messages(user)
    if dms and any(
        ":atoggle:0:" in b["custom_id"] and not b["disabled"] for b in dms[-1].buttons()
    ):
        return dms[-1]
    return None


def marks_shown(message: Message) -> list[int]:
    """The cards a slate shows marked (a toggle's payload: "atoggle:<card>:<state asked>")."""
    return sorted(
        int(b["custom_id"].split(":atoggle:", 1)[1].split(":")[0])
        for b in message.buttons()
        if ":atoggle:" in b["custom_id"] and b["style"] == MARKED
    )


async def toggle(bench: Bench, user: User, card: int) -> None:
    emu = bench.emu
    panel = slate(emu, user)
    assert panel is not None, f"{user.name} has no slate to mark"
    await emu.click(
        user,
        panel,
        next(b["custom_id"] for b in panel.buttons() if f":atoggle:{card}:" in b["custom_id"]),
    )


async def stella_toggle(bench: Bench) -> tuple[Seated, Click]:
    """A mark on the first marking player's slate (added, or taken off at three marks), by a
    process that has answered a toggle of the table before (so it answers this one at once)."""
    seats, click = await a_toggle(bench)
    await click()
    await settled(bench, seats.chan)
    return await a_toggle(bench)


async def toggle_after_a_start(bench: Bench) -> tuple[Seated, Click]:
    """That toggle, as it comes to a process that has not met the table since it started."""
    seats, click = await a_toggle(bench)
    bench.bot.kill()  # idle, everything saved: nothing is lost
    await bench.bot.wait_exit()
    await bench.running()
    await settled(bench, seats.chan)
    return seats, click


async def a_toggle(bench: Bench) -> tuple[Seated, Click]:
    """A toggle of the first marking player. Each case has a table of its own: a slate that
    showed a mark never saved keeps controls that are out of date for good (see
    ``TOGGLE_SHOWN_FIRST``)."""
    if "stella_toggle" not in bench.tables or bench.bot.starts > bench.toggles_since:
        bench.tables.pop("stella_toggle", None)
        bench.toggles_since = bench.bot.starts
    seats = await seated(bench, "stella_toggle", 3)
    game = await active(bench, seats, "stella new")
    state = stella_state(game)
    seat = stella_engine.to_move(state)[0]
    user = user_of(seats, game, seat)
    marks = state.slates[seat]
    card = marks[0] if len(marks) >= 3 else min(set(range(15)) - set(marks))
    return seats, lambda: toggle(bench, user, card)


async def mark_and_lock(
    bench: Bench, seats: Seated, game: Game, cards: tuple[int, ...], everyone: bool
) -> Game:
    """Each marking player marks these cards and locks in (the last one not, unless
    ``everyone``). One mark each: the table plays the whole exploration itself (each last
    unrevealed mark designates itself); two: the players designate."""
    emu = bench.emu
    state = stella_state(game)
    waiting = list(stella_engine.to_move(state))
    for seat in waiting if everyone else waiting[:-1]:
        user = user_of(seats, game, seat)
        await emu.wait_until(lambda u=user: slate(emu, u) is not None, 10, "a slate")
        for card in cards:
            if card not in stella_state(await settled(bench, seats.chan)).slates[seat]:
                await toggle(bench, user, card)
                await settled(bench, seats.chan)
        panel = slate(emu, user)
        await emu.click(user, panel, verb(panel, "alock"))
        game = await settled(bench, seats.chan)
    last = waiting[-1]
    if not everyone and not stella_state(game).slates[last]:
        await toggle(bench, user_of(seats, game, last), cards[0])
        game = await settled(bench, seats.chan)
    return game


async def stella_lock_in(bench: Bench) -> tuple[Seated, Click]:
    """The last player of a round's marking locks in: with one mark each, the table plays the
    exploration itself, and the next round starts (its results, message and slates)."""
    seats = await seated(bench, "stella_lock", 3)
    for _ in range(12):
        game = await active(bench, seats, "stella new")
        state = stella_state(game)
        if state.phase == stella_engine.MARKING:
            game = await mark_and_lock(bench, seats, game, (0,), everyone=False)
            (seat,) = stella_engine.to_move(stella_state(game))
            user = user_of(seats, game, seat)
            return seats, lock_click(bench, user)
        await designate(bench, seats, game)
    raise AssertionError("no lock-in reached")


def lock_click(bench: Bench, user: User) -> Click:
    panel = slate(bench.emu, user)
    assert panel is not None
    return lambda: bench.emu.click(user, panel, verb(panel, "alock"))


async def stella_designation(bench: Bench) -> tuple[Seated, Click]:
    """The designation that ends a round: its results, the next round's message and slates."""
    seats = await seated(bench, "stella_designate", 3)
    for _ in range(12):
        game = await active(bench, seats, "stella new")
        state = stella_state(game)
        if state.phase == stella_engine.MARKING:
            await mark_and_lock(bench, seats, game, (0, 1), everyone=True)
            continue
        card = stella_engine.legal_actions(state, state.active)[0]["card"]
        if ends_the_round(state, card):
            return seats, await designation_click(bench, seats, game, card)
        await designate(bench, seats, game)
    raise AssertionError("no round's last designation reached")


def ends_the_round(state: stella_engine.State, card: int) -> bool:
    """Whether this designation, with what the table plays after it, starts the next round."""
    state = stella_engine.from_json(stella_engine.to_json(state))
    before = state.round
    stella_engine.apply(state, state.active, {"type": "designate", "card": card})
    for _ in range(100):
        settle(stella_engine, state)
        forced = [
            (seat, action)
            for seat in stella_engine.to_move(state)
            if seat != CHANCE and (action := only_action(stella_engine, state, seat))
        ]
        if not forced:
            break
        stella_engine.apply(state, *forced[0])
    return state.round != before or stella_engine.is_over(state)


async def designation_click(bench: Bench, seats: Seated, game: Game, card: int) -> Click:
    emu = bench.emu
    state = stella_state(game)
    user = user_of(seats, game, state.active)
    (turn,) = live(emu, seats.chan)
    ix = await emu.click(user, turn, verb(turn, "u:designate"))
    panel = ix.private
    return lambda: emu.click(user, panel, verb(panel, f"adesignate:{card}"))


async def designate(bench: Bench, seats: Seated, game: Game) -> None:
    state = stella_state(game)
    card = stella_engine.legal_actions(state, state.active)[0]["card"]
    click = await designation_click(bench, seats, game, card)
    await click()
    await settled(bench, seats.chan)


CONTROLS: dict[str, Callable[[Bench], Awaitable[tuple[Seated, Click]]]] = {
    "stella-toggle": stella_toggle,
    "stella-toggle-after-a-start": toggle_after_a_start,
    "stella-lock-in": stella_lock_in,
    "stella-designation": stella_designation,
    "dice-stars-take": dice_stars_take,
    "dizzle-placement": dizzle_placement,
}


# --- the moments -------------------------------------------------------------------------------


def request_fault(bench: Bench, seats: Seated, moment: str):
    """The emulator's fault for a moment at a Discord request; None for a fault point.

    ``answer:before|after``: the click's answer (its callback); ``post<n>:before|after``: the
    n-th new message in the table's channel (through the click, or the channel's route);
    ``dm:after``: the first message to a player's DM.
    """
    what, _, when = moment.partition(":")
    if not when:
        return None
    kill = {when: bench.bot.kill}
    chan = str(seats.chan.id)
    if what == "answer":
        return bench.emu.inject("POST", CALLBACK, **kill)
    if what.startswith("post"):
        nth = int(what[4:] or 1)

        def in_channel(call) -> bool:
            return call.path.startswith("/webhooks/") or f"/channels/{chan}/" in call.path

        return bench.emu.inject(
            "POST", rf"{CHANNEL_POST}|{FOLLOWUP}", match=in_channel, nth=nth, **kill
        )
    if what == "dm":
        return bench.emu.inject(
            "POST", CHANNEL_POST, match=lambda call: f"/channels/{chan}/" not in call.path, **kill
        )
    raise ValueError(moment)


def committed(moment: str) -> bool | None:
    """Whether the click's change is saved when the bot dies there (None: either may be)."""
    if moment in BEFORE_COMMIT:
        return False
    if moment in AFTER_COMMIT or moment.startswith(("post", "dm")):
        return True
    return None  # the click's answer: before its change, or (a late answer) after it


def kill_cases() -> list[Any]:
    every = [*BEFORE_COMMIT, *AFTER_COMMIT, "answer:before", "answer:after"]
    cases = [
        case(control, moment)
        for control in CONTROLS
        for moment in every
        if not control.startswith("stella-toggle")
    ]
    # A toggle draws nothing and changes nothing the channel shows.
    for moment in [*BEFORE_COMMIT, "save.committed", "answer:before", "answer:after"]:
        cases.append(case("stella-toggle", moment))
    cases.append(case("stella-toggle-after-a-start", "save.committed"))
    cases += [
        case("dice-stars-take", "post1:before"),
        case("dice-stars-take", "post1:after"),
        case("stella-lock-in", "post1:after"),
        case("stella-designation", "post1:after"),  # the round's results
        case("stella-designation", "post2:before"),
        case("stella-designation", "post2:after"),  # the next round's marking message
        case("stella-designation", "dm:after"),  # its first slate
    ]
    return cases


def case(control: str, moment: str, fails_because: str | None = None) -> Any:
    """A case; ``fails_because``: a known fault of the product, a strict xfail until fixed."""
    marks = pytest.mark.xfail(strict=True, reason=fails_because) if fails_because else ()
    return pytest.param(control, moment, marks=marks, id=f"{control}-{moment}")


# --- what the table shows ----------------------------------------------------------------------


@dataclass
class Look:
    game: Game
    channel: list[Message]
    dms: dict[int, list[Message]]
    shown_marks: dict[int, list[int] | None]  # user id -> marks on their live slate

    @property
    def table(self) -> Table:
        return Table.from_json(self.game.snapshot)


def look(bench: Bench, seats: Seated, game: Game) -> Look:
    emu = bench.emu
    dms = {user.id: emu.dm_messages(user) for user in seats.users}
    shown = {}
    for user in seats.users:
        panel = slate(emu, user)
        shown[user.id] = marks_shown(panel) if panel is not None else None
    return Look(game, emu.channel_messages(seats.chan), dms, shown)


def wanted_messages(before: Look, after: Look) -> int:
    """The new channel messages the saved change wants: its turn message, a round's results,
    the current "your turn" ping."""
    old, new = before.table, after.table
    count = int(new.turn_since != old.turn_since)
    if new.kind == "stella":
        rounds_over = stella_state(after.game).round - stella_state(before.game).round
        count += rounds_over + int(after.game.status == "finished")
    pings = {v for k, v in new.messages.items() if k.startswith("ping:")}
    return count + len(pings - {m.id for m in before.channel})


def wanted_dms(before: Look, after: Look, user: User) -> int:
    """A new slate by DM for every player of a round that began."""
    if after.table.kind != "stella" or after.game.status != "active":
        return 0
    old, new = stella_state(before.game), stella_state(after.game)
    seat = after.table.seat_of(user.id)
    began = new.phase == stella_engine.MARKING and (new.round, new.phase) != (old.round, old.phase)
    return int(began and seat in stella_engine.to_move(new))


def assert_shows_what_was_saved(
    bench: Bench, seats: Seated, before: Look, death: Look, after: Look, moment: str
) -> None:
    emu = bench.emu
    grew = len(after.game.moves) > len(before.game.moves)
    expected = committed(moment)
    if expected is not None:
        assert grew == expected, f"the click's move saved: {grew}, expected {expected}"
    assert after.game.record.version >= before.game.record.version
    # Every message of the channel counted: the new ones are those the table wants, once.
    known = {m.id for m in before.channel}
    new = [m for m in after.channel if m.id not in known]
    assert len(new) == wanted_messages(before, after), [m.text[:80] for m in new]
    pings = {v for k, v in before.table.messages.items() if k.startswith("ping:")}
    gone = {m.id for m in before.channel} - {m.id for m in after.channel} - pings
    assert not gone, "only a ping of a turn that passed is deleted"
    # The current message is the one the table saved, and the only one with working controls.
    table = after.table
    current = table.turn_message
    with_controls = [m.id for m in live(emu, seats.chan)]
    if after.game.status != "active":
        assert with_controls == []
    elif table.kind == "stella" and stella_state(after.game).phase == stella_engine.MARKING:
        # The marking's controls are in the DMs; the first round's message teaches the game.
        assert set(with_controls) <= {current}
    else:
        assert with_controls == [current]
    if table.kind == "dice_stars":
        assert public_log(emu, seats.chan) == expected_log(after.game), "every move once"
    # The DMs: one new slate per player of a new round, and each slate shows its saved marks.
    for user in seats.users:
        new_dms = len(after.dms[user.id]) - len(before.dms[user.id])
        assert new_dms == wanted_dms(before, after, user), f"{user.name}: {new_dms} new DMs"
        if table.kind != "stella" or after.game.status != "active":
            continue
        seat = table.seat_of(user.id)
        saved = sorted(stella_state(after.game).slates[seat])
        state = stella_state(after.game)
        if state.phase == stella_engine.MARKING and seat in stella_engine.to_move(state):
            assert after.shown_marks[user.id] == saved, f"{user.name}'s slate shows its saves"
        # What the player was shown when the bot died is what was saved: no mark lost.
        old = before.shown_marks[user.id]
        at_death = death.shown_marks[user.id]
        if at_death is not None and at_death != old:
            assert at_death == saved, f"{user.name} was shown {at_death}, {saved} saved"


# --- the test ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("control", "moment"), kill_cases())
async def test_a_kill_at_a_step_of_a_click_leaves_the_table_as_saved(bench, control, moment):
    bot = bench.bot
    await bench.running()
    seats, click = await CONTROLS[control](bench)
    before = look(bench, seats, await settled(bench, seats.chan))
    fault = request_fault(bench, seats, moment)
    if fault is None:
        await bench.arm(moment)
    log_from = len(bot.log_text())
    clicked = asyncio.ensure_future(click())
    exited = asyncio.ensure_future(bot.wait_exit(timeout=60))
    await asyncio.wait([clicked, exited], return_when=asyncio.FIRST_COMPLETED)
    if not exited.done():  # the click was handled: the bot dies now if the step came
        await bench.emu.idle(quiet=0.3, timeout=30)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(exited), 5)
    if not exited.done():
        exited.cancel()
        raise AssertionError(f"the bot did not die at {moment}")
    assert exited.result() == KILLED
    death = look(bench, seats, before.game)
    clicked.cancel()
    with contextlib.suppress(asyncio.CancelledError, AssertionError):
        await clicked
    if fault is not None:
        fault.cancel()
    await bench.running()
    after = look(bench, seats, await settled(bench, seats.chan))
    assert_shows_what_was_saved(bench, seats, before, death, after, moment)
    assert problems(bot.log_text()[log_from:]) == []
    # And the table plays on: its next moment is reached by clicks (the next case's, or this).
    await CONTROLS[control](bench)


async def test_the_dice_stars_table_plays_on_to_its_end(bench):
    await bench.running()
    seats = await seated(bench, "dice_stars", 2)
    for _ in range(400):
        game = await settled(bench, seats.chan)
        if game.status != "active":
            break
        state = dice_engine.from_json(game.snapshot["state"])
        seat = dice_engine.to_move(state)[0]
        await dice_click(bench, seats, game, seat, dice_engine.autopilot(state, seat))()
    game = await settled(bench, seats.chan)
    assert game.status == "finished"
    assert public_log(bench.emu, seats.chan) == expected_log(game)
    assert live(bench.emu, seats.chan) == []


@pytest.mark.parametrize("moment", ["post2:after", "dm:after"])
async def test_a_repair_killed_as_it_posts_is_not_repeated_once_discord_forgot_the_nonce(
    bench, moment
):
    """The designation that starts a round is saved and the bot dies; the restart's repair
    posts the round's results and the next round's message by the channel's route (and then
    the slates by DM), and dies too, after the marking message (or the first slate), its ids
    unsaved; the next restart comes after Discord stopped deduplicating nonces (minutes later):
    it finds the messages by their words and the slate in the DM, and posts none again."""
    bot = bench.bot
    await bench.running()
    seats, click = await stella_designation(bench)
    before = look(bench, seats, await settled(bench, seats.chan))
    await bench.arm("save.committed")
    clicked = asyncio.ensure_future(click())
    assert await bot.wait_exit() == KILLED
    clicked.cancel()
    with contextlib.suppress(asyncio.CancelledError, AssertionError):
        await clicked
    forgotten = rest_channels.NONCE_WINDOW
    rest_channels.NONCE_WINDOW = 0.0
    try:
        fault = request_fault(bench, seats, moment)
        await bench.running()
        await fault.wait(timeout=20)
        assert await bot.wait_exit() == KILLED
        assert len(bench.emu.channel_messages(seats.chan)) == len(before.channel) + 2
        await bench.running()
        after = look(bench, seats, await settled(bench, seats.chan))
    finally:
        rest_channels.NONCE_WINDOW = forgotten
    assert_shows_what_was_saved(bench, seats, before, before, after, moment)
