"""A save store holding one finished match, for the tests of the log's past matches (DX.11)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.store import HistoryEntry, Store


def store_with_finished_match(registry: Registry, directory: Path, seed: int = 3) -> tuple[Store, HistoryEntry]:
    """A store (opened in ``directory``) whose history holds one finished one-round Mexican Train match."""
    store = Store.open(directory)
    params = {**registry.variant("mexican-train").default_params(), "rounds": 1}
    session = make_session(registry, "mexican-train", [Seat("Ana", "random"), Seat("Bo", "random")], seed, params)
    store.attach(session)
    session.run_bots()
    assert session.is_over
    [entry] = store.history()
    return store, entry


def hidden_draws(store: Store, entry: HistoryEntry) -> list[dict[str, Any]]:
    """The draw lines of the saved match: their tiles were seen only by the drawer."""
    return [line for line in store.match_record(entry.id) if line["type"] == "draw"]
