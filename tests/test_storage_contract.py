"""Both engines keep the written contract (:class:`storage.contract.Storage`) to the letter: the
same calls, the same parameters with the same defaults. What the calls do is tested once for both
in ``tests/test_storage.py``, whose database fixture runs every test on SQLite and PostgreSQL."""

from __future__ import annotations

import inspect

import pytest

from storage import Database, PostgresDatabase
from storage.contract import Storage

CALLS = [
    name
    for name, member in vars(Storage).items()
    if not name.startswith("_") and inspect.iscoroutinefunction(member)
]


def shape(function) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


@pytest.mark.parametrize("engine", [Database, PostgresDatabase])
def test_an_engine_offers_every_call_of_the_contract_with_its_parameters(engine):
    assert len(CALLS) > 20
    for name in CALLS:
        assert shape(getattr(engine, name)) == shape(getattr(Storage, name)), name


@pytest.mark.parametrize("engine", [Database, PostgresDatabase])
def test_an_engine_offers_nothing_public_beyond_the_contract(engine):
    public = {
        name
        for name, member in vars(engine).items()
        if not name.startswith("_") and inspect.iscoroutinefunction(member)
    }
    assert public == set(CALLS)
