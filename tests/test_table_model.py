"""The lobby rules every game shares: seats, host, settings, start, cancel."""

import pytest

from games import table as tables
from games.engine import GameInfo, Option, RulesError

INFO = GameInfo("demo", 2, 3, (Option("host_starts", (False, True), False),))


def lobby() -> tables.Table:
    return tables.open_table("demo", 1, "Ada", "en", {"host_starts": False})


def raises(key: str):
    class _Match:
        def __enter__(self):
            return self

        def __exit__(self, kind, error, tb):
            assert isinstance(error, RulesError), f"expected {key}, got {error!r}"
            assert error.key == key
            return True

    return _Match()


def test_join_in_order_host_first_and_no_double_seat():
    table = lobby()
    tables.join(table, INFO, 2, "Bo")
    assert [s.user_id for s in table.seats] == [1, 2]
    with raises("table-error-already-seated"):
        tables.join(table, INFO, 2, "Bo")
    tables.join(table, INFO, 3, "Cy")
    with raises("table-error-full"):
        tables.join(table, INFO, 4, "Di")


def test_host_leaving_hands_the_role_to_the_next_seat():
    table = lobby()
    tables.join(table, INFO, 2, "Bo")
    assert tables.leave_lobby(table, 1) == 2
    assert table.host_id == 2 and [s.user_id for s in table.seats] == [2]
    with raises("table-error-not-seated"):
        tables.leave_lobby(table, 1)


def test_last_player_leaving_closes_the_table():
    table = lobby()
    tables.leave_lobby(table, 1)
    assert table.status == tables.CANCELLED


def test_only_the_host_changes_settings_and_only_to_offered_values():
    table = lobby()
    tables.join(table, INFO, 2, "Bo")
    with raises("table-error-host-only"):
        tables.set_option(table, INFO, 2, "host_starts", True)
    with raises("table-error-bad-option"):
        tables.set_option(table, INFO, 1, "host_starts", "maybe")
    tables.set_option(table, INFO, 1, "host_starts", True)
    assert table.options["host_starts"] is True


def test_start_needs_the_host_and_a_fitting_player_count():
    table = lobby()
    with raises("table-error-player-count"):
        tables.start(table, INFO, 1, seed=7)
    tables.join(table, INFO, 2, "Bo")
    with raises("table-error-host-only"):
        tables.start(table, INFO, 2, seed=7)
    tables.start(table, INFO, 1, seed=7)
    assert table.status == tables.ACTIVE and table.seed == 7 and table.acted_at == [0, 0]
    with raises("table-error-not-in-lobby"):
        tables.join(table, INFO, 3, "Cy")


def test_cancel_by_host_or_manager_only():
    table = lobby()
    tables.join(table, INFO, 2, "Bo")
    with raises("table-error-cancel-forbidden"):
        tables.cancel(table, 2, can_manage=False)
    tables.cancel(table, 2, can_manage=True)
    assert table.status == tables.CANCELLED
    with raises("table-error-closed"):
        tables.cancel(table, 1, can_manage=False)


def test_computer_seats_and_host_handover_in_game():
    table = lobby()
    tables.add_computer(table, INFO, 1, "Robo 1")
    with raises("table-error-host-only"):
        tables.add_computer(table, INFO, 2, "Robo 2")
    tables.join(table, INFO, 2, "Bo")
    table.seats[0].left = True
    assert tables.hand_over_host(table) == 2


@pytest.mark.parametrize("status", [tables.LOBBY, tables.ACTIVE])
def test_json_round_trip(status):
    table = lobby()
    tables.join(table, INFO, 2, "Bo")
    table.status = status
    table.messages["turn"] = 123
    assert tables.Table.from_json(table.to_json()) == table


def test_a_rematch_keeps_game_settings_and_computers_and_invites_the_others():
    table = lobby()
    table.options = {"host_starts": True}
    table.turn_minutes = 15
    table.language = "fr"
    tables.watch(table, 77)
    tables.join(table, INFO, 2, "Bo")
    tables.add_computer(table, INFO, 1, "Robo 2")
    tables.start(table, INFO, 1, seed=5)
    with raises("table-error-closed"):
        tables.rematch(table, 1, "Ada", lambda n: f"R{n}")
    table.seats.append(tables.Seat(3, "Cy", left=True))  # left during the game
    table.status = tables.FINISHED
    with raises("rematch-players-only"):
        tables.rematch(table, 9, "Stranger", lambda n: f"R{n}")
    again = tables.rematch(table, 2, "Bo", lambda n: f"R{n}")
    assert (again.kind, again.options, again.turn_minutes) == ("demo", {"host_starts": True}, 15)
    assert again.status == tables.LOBBY and again.host_id == 2 and again.spectators == [77]
    assert again.language == "fr", "the table's language comes along"
    assert [(s.user_id, s.name, s.computer) for s in again.seats] == [
        (2, "Bo", False),
        (None, "R1", True),
    ]
    assert again.invited == [1], "Cy left the game and is not invited"
    again.options["host_starts"] = False
    assert table.options == {"host_starts": True}, "the finished table is left as it was"
    tables.join(again, INFO, 1, "Ada")
    assert again.invited == []


def test_only_the_host_sets_the_tables_language_and_only_in_the_lobby():
    table = lobby()
    tables.join(table, INFO, 2, "Bo")
    with raises("table-error-host-only"):
        tables.set_language(table, 2, "fr", ("en", "de", "fr"))
    with raises("table-error-bad-option"):
        tables.set_language(table, 1, "es", ("en", "de", "fr"))
    tables.set_language(table, 1, "fr", ("en", "de", "fr"))
    assert tables.Table.from_json(table.to_json()).language == "fr"
    tables.start(table, INFO, 1, seed=3)
    with raises("table-error-not-in-lobby"):
        tables.set_language(table, 1, "de", ("en", "de", "fr"))
    assert table.language == "fr"


def test_a_table_saved_before_the_first_turn_was_kept_still_loads():
    data = lobby().to_json()
    del data["first_turn"]
    assert tables.Table.from_json(data).first_turn == 0
