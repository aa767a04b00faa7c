"""A control's payload is read once, into the kind of control and its argument."""

from __future__ import annotations

import pytest

from cogs.table.click import Kind, read_payload


@pytest.mark.parametrize(
    ("payload", "kind", "argument"),
    [
        ("rules", Kind.RULES, ""),
        ("h:3", Kind.HISTORY, "h:3"),
        ("hpick", Kind.HISTORY, "hpick"),
        ("u:slate", Kind.PANEL, "slate"),
        ("u:more:1", Kind.PANEL, "more:1"),
        ("rematch", Kind.REMATCH, ""),
        ("kick:2", Kind.KICK, "2"),
        ("sure:cancel", Kind.CONFIRM, "cancel"),
        ("join", Kind.LOBBY, "join"),
        ("leave", Kind.LOBBY, "leave"),
        ("start", Kind.LOBBY, "start"),
        ("cancel", Kind.LOBBY, "cancel"),
        ("bot:3", Kind.LOBBY, "bot:3"),
        ("timer", Kind.LOBBY, "timer"),
        ("lang", Kind.LOBBY, "lang"),
        ("opt:solo=1", Kind.LOBBY, "opt:solo=1"),
        ('a{"type":"pass"}', Kind.ACTION, '{"type":"pass"}'),
        ("atoggle:12:1", Kind.ACTION, "toggle:12:1"),
        ("zzz", Kind.UNKNOWN, "zzz"),
    ],
)
def test_every_kind_of_control_is_told_apart(payload: str, kind: Kind, argument: str) -> None:
    assert read_payload(payload) == (kind, argument)


def test_a_click_names_its_payload_as_sent() -> None:
    from cogs.table.click import Click

    for payload in ("rules", "u:slate", "rematch", "kick:2", "sure:leave", "join", "atoggle:3:0"):
        kind, argument = read_payload(payload)
        click = Click(
            id=1,
            game_id=2,
            version=3,
            kind=kind,
            argument=argument,
            values=(),
            user_id=4,
            user_name="a",
            language="en",
            manages_server=False,
            guild_id=None,
            channel_id=None,
            on_message=True,
            on_private_panel=True,
            reply=None,  # type: ignore[arg-type]
        )
        assert click.payload == payload
