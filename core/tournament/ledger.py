"""A tournament's ledger: every finished match's result in an SQLite file that outlives the run.

``simulate --ledger FILE`` adds each match's outcome (its number, seed,
seats, totals and winners, or the one line of its failure) as it arrives,
one transaction per match: a run killed at any moment keeps every match it
finished. The file holds the tournament's :func:`definition` (the variant
and its rule parameters, the players, the bot of each seat in the first
match, the seat rotation and the first seed) and the number of matches
asked so far. Opening it again with the same definition continues it: the
matches already in it are not played again, and a larger number of
matches grows it. A different definition, a smaller number of matches, a
file that is not a ledger (another program's SQLite database, a Roundhouse
save database, any other non-empty file) or a ledger from a newer release
raises :class:`LedgerError` in one line, leaving the file untouched.

Every ledger has ``PRAGMA application_id`` :data:`APPLICATION_ID`, so that
it is told apart from any other SQLite file, the save database included.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from roundhouse.core.tournament.standings import MatchOutcome, SimulationResult

APPLICATION_ID = 0x524E444C
"""``PRAGMA application_id`` of every ledger ("RNDL"; a save database has "RNDH")."""
SAVE_APPLICATION_ID = 0x524E4448
"""The save database's application id, named so that a ledger path given a save database says so."""
SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of the ledgers this release writes and reads."""
ROTATION = "seat s of match k is played by the first match's bot of seat (s - k) mod players; seed + k"
"""How seats rotate (:func:`roundhouse.core.tournament.simulate.seating`), written into the definition."""
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 10.0
"""How long a write waits for another process's transaction on the same ledger."""

_SCHEMA = (
    "CREATE TABLE tournament (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE matches (k INTEGER PRIMARY KEY, seed INTEGER NOT NULL, seats TEXT NOT NULL,"
    " totals TEXT, winners TEXT, failure TEXT)",
)


class LedgerError(Exception):
    """A ledger that cannot be used, in one line naming the file and what to do."""


def definition(variant_id: str, params: Mapping[str, Any], bot_ids: Sequence[str], seed: int) -> dict[str, Any]:
    """What makes two runs one tournament: two runs with equal definitions play the same matches."""
    return {
        "variant": variant_id,
        "players": len(bot_ids),
        "bots": list(bot_ids),
        "rotation": ROTATION,
        "seed": seed,
        "params": json.loads(json.dumps(dict(params), sort_keys=True, default=str)),
    }


class Ledger:
    """An open ledger: its definition, the matches it holds, and :meth:`add` for one more.

    ``Ledger(path, wanted, matches)`` opens (creating it when absent or
    empty) the ledger of the tournament ``wanted`` of ``matches`` matches;
    ``Ledger(path)`` opens an existing one only to read it.
    """

    def __init__(self, path: str | Path, wanted: Mapping[str, Any] | None = None, matches: int = 0) -> None:
        self.path = Path(path)
        creating = wanted is not None and _is_empty(self.path)
        if not creating:
            _refuse_foreign(self.path)
        try:
            self.connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        except sqlite3.Error as error:
            raise LedgerError(f"cannot open the ledger {self.path}: {error}") from None
        try:
            if creating:
                assert wanted is not None
                self._create(dict(wanted), matches)
            self.definition, self.matches = self._read_definition()
            if wanted is not None:
                self._continue(dict(wanted), matches)
            self.numbers = {int(row[0]) for row in self.connection.execute("SELECT k FROM matches")}
        except sqlite3.Error as error:
            self.connection.close()
            raise LedgerError(f"cannot use the ledger {self.path}: {error}") from None
        except BaseException:
            self.connection.close()
            raise

    def _create(self, wanted: dict[str, Any], matches: int) -> None:
        """Write the header, schema and definition into the file itself, then switch to WAL.

        Written before the switch, the application id is in the file's own
        header from the start, so a run killed before any checkpoint leaves a
        file that :func:`_refuse_foreign` knows as a ledger.
        """
        with _transaction(self.connection):
            self.connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self.connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            for statement in _SCHEMA:
                self.connection.execute(statement)
            self.connection.executemany(
                "INSERT INTO tournament (key, value) VALUES (?, ?)",
                [("definition", json.dumps(wanted, sort_keys=True)), ("matches", str(matches))],
            )
        self.connection.execute("PRAGMA journal_mode = WAL")

    def _read_definition(self) -> tuple[dict[str, Any], int]:
        version = self.connection.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            raise LedgerError(f"the ledger {self.path} has format {version}; this release reads {SCHEMA_VERSION}")
        rows = dict(self.connection.execute("SELECT key, value FROM tournament").fetchall())
        try:
            return json.loads(rows["definition"]), int(rows["matches"])
        except (KeyError, ValueError) as error:
            raise LedgerError(f"the ledger {self.path} is damaged: its definition cannot be read ({error})") from None

    def _continue(self, wanted: dict[str, Any], matches: int) -> None:
        """LedgerError unless ``wanted`` is this ledger's tournament and ``matches`` not fewer; grow it."""
        difference = _difference(self.definition, wanted)
        if difference is not None:
            raise LedgerError(
                f"the ledger {self.path} holds another tournament ({difference}): give another --ledger file"
            )
        if matches < self.matches:
            raise LedgerError(
                f"the ledger {self.path} holds a tournament of {self.matches} matches: "
                f"--matches may grow it, not shrink it"
            )
        if matches > self.matches:
            self.connection.execute("PRAGMA journal_mode = WAL")
            with _transaction(self.connection):
                self.connection.execute("UPDATE tournament SET value = ? WHERE key = 'matches'", (str(matches),))
            self.matches = matches

    def missing(self) -> list[int]:
        """The match numbers of the tournament that the ledger does not hold yet, in order."""
        return [k for k in range(self.matches) if k not in self.numbers]

    def add(self, outcome: MatchOutcome) -> None:
        """Write one match's outcome in a transaction of its own; sqlite3.Error when it cannot be written."""
        seed = int(self.definition["seed"]) + outcome.k
        finished = outcome.failure is None
        with _transaction(self.connection):
            self.connection.execute(
                "INSERT INTO matches (k, seed, seats, totals, winners, failure) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    outcome.k,
                    seed,
                    json.dumps(list(outcome.seats)),
                    json.dumps(outcome.totals) if finished else None,
                    json.dumps(list(outcome.winners)) if finished else None,
                    outcome.failure,
                ),
            )
        self.numbers.add(outcome.k)

    def outcomes(self) -> Iterator[MatchOutcome]:
        """Every match the ledger holds, in match order (without records)."""
        rows = self.connection.execute("SELECT k, seats, totals, winners, failure FROM matches ORDER BY k")
        for k, seats, totals, winners, failure in rows:
            if failure is not None:
                yield MatchOutcome(k, tuple(json.loads(seats)), failure=failure)
            else:
                seat_totals = {int(seat): int(total) for seat, total in json.loads(totals).items()}
                yield MatchOutcome(k, tuple(json.loads(seats)), seat_totals, tuple(json.loads(winners)))

    def standings(self) -> SimulationResult:
        """The standings of every match in the ledger, counted as ``simulate`` counts them."""
        result = SimulationResult(int(self.definition["players"]), list(self.definition["bots"]), self.matches)
        for outcome in self.outcomes():
            result.add(outcome)
        result.earlier = len(self.numbers)
        return result

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class _transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` when the block raises."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __enter__(self) -> None:
        self.connection.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type | None, *rest: object) -> None:
        if kind is None:
            self.connection.execute("COMMIT")
        elif self.connection.in_transaction:
            self.connection.execute("ROLLBACK")


def _difference(there: Mapping[str, Any], here: Mapping[str, Any]) -> str | None:
    """The first difference between two definitions, as ``key <there> there, <here> here``; None when equal.

    A rule parameter is named by itself; keys are compared in the order :func:`definition` gives them.
    """
    for key in [*here, *(key for key in there if key not in here)]:
        old, new = there.get(key), here.get(key)
        if old == new:
            continue
        if key == "params" and isinstance(old, dict) and isinstance(new, dict):
            name = next(name for name in [*old, *new] if old.get(name) != new.get(name))
            return f"rule parameter {name} {_shown(old.get(name))} there, {_shown(new.get(name))} here"
        return f"{key} {_shown(old)} there, {_shown(new)} here"
    return None


def _shown(value: Any) -> str:
    return json.dumps(value, sort_keys=True) if not isinstance(value, str) else value


def _is_empty(path: Path) -> bool:
    """True when there is no file at ``path`` yet, or an empty one: a new ledger may go there."""
    return not path.exists() and not path.is_symlink() or path.is_file() and path.stat().st_size == 0


def _refuse_foreign(path: Path) -> None:
    """LedgerError, touching nothing, unless ``path`` is a file whose header says it is a ledger."""
    if not path.exists():
        raise LedgerError(f"no ledger {path}: run 'roundhouse simulate --ledger {path}' first")
    if not path.is_file():
        raise LedgerError(f"{path} is not a ledger (not a file); it was left untouched")
    with path.open("rb") as handle:
        header = handle.read(100)
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise LedgerError(f"{path} is not a ledger (not SQLite); it was left untouched")
    application = int.from_bytes(header[68:72], "big")
    if application == SAVE_APPLICATION_ID:
        raise LedgerError(f"{path} is a Roundhouse save database, not a ledger; it was left untouched")
    if application != APPLICATION_ID:
        raise LedgerError(
            f"{path} is another program's SQLite database (application id {application:#010x}), not a ledger; "
            "it was left untouched"
        )
