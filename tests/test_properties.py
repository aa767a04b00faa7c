"""Properties that must hold for any input: the seeded source, ranking, and the lobby."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games import table as tables
from games.engine import GameInfo, Rng, RulesError, rank

INFO = GameInfo("demo", 2, 4)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_rng_stays_in_range_and_replays_from_its_one_integer(seed, n):
    rng = Rng(seed)
    values = [rng.below(n) for _ in range(20)]
    assert all(0 <= v < n for v in values)
    again = Rng(seed)
    assert [again.below(n) for _ in range(20)] == values
    assert again.state == rng.state


@given(st.lists(st.integers(min_value=-50, max_value=200), min_size=1, max_size=6))
def test_ranking_shares_places_and_skips_the_next(scores):
    places = rank(scores)
    for mine, place in zip(scores, places, strict=True):
        assert place == 1 + sum(other > mine for other in scores)
    assert min(places) == 1
    assert sorted(places) == [1 + sorted(places).index(p) for p in sorted(places)]


@given(st.lists(st.tuples(st.sampled_from(["join", "leave"]), st.integers(1, 6)), max_size=40))
@settings(max_examples=200)
def test_any_join_leave_sequence_keeps_the_lobby_sound(clicks):
    table = tables.open_table("demo", 1, "host", "en", {})
    for verb, user in clicks:
        if table.status != tables.LOBBY:
            break
        try:
            if verb == "join":
                tables.join(table, INFO, user, f"user{user}")
            else:
                tables.leave_lobby(table, user)
        except RulesError:
            pass
        ids = [seat.user_id for seat in table.seats]
        assert len(ids) == len(set(ids)) <= INFO.max_players
        if table.status == tables.LOBBY:
            assert table.host_id in ids, "the host always holds a seat"
        else:
            assert not ids and table.status == tables.CANCELLED
