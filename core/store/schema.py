"""The save database's schema and its migrations.

The database records its schema version in the ``schema_version`` table.
:data:`MIGRATIONS` holds, in order, the statements that bring a database from
version ``i`` to ``i + 1``; a later release appends to it and never edits an
earlier step, so every older save stays readable.
"""

from __future__ import annotations

import sqlite3

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        # Every match this data directory has seen: the one being played
        # ("playing"), ended ones ("finished"), ones left for a new match
        # ("abandoned") and saves that no longer replay ("unreadable").
        """
        CREATE TABLE matches (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            status TEXT NOT NULL,
            started TEXT NOT NULL,
            updated TEXT NOT NULL,
            ended TEXT,
            variant TEXT NOT NULL,
            header TEXT NOT NULL,
            match_number INTEGER NOT NULL,
            seed_explicit INTEGER NOT NULL,
            redo TEXT NOT NULL DEFAULT '[]',
            totals TEXT NOT NULL DEFAULT '{}',
            winners TEXT NOT NULL DEFAULT '[]',
            record BLOB,
            note TEXT
        )
        """,
        "CREATE INDEX matches_status ON matches (status, id)",
        # ``record`` is the match's RECORD.md text, zlib-compressed, once it ended.
        # The decision log of a match: one row per entry, replaced in place.
        """
        CREATE TABLE decisions (
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            entry TEXT NOT NULL,
            PRIMARY KEY (match_id, idx)
        ) WITHOUT ROWID
        """,
    ),
)
"""Statements per schema step; ``len(MIGRATIONS)`` is the current version."""

SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNew(Exception):
    """The database was written by a later release; the message says which version."""


COLUMNS = {
    "matches": (
        "id",
        "status",
        "started",
        "updated",
        "ended",
        "variant",
        "header",
        "match_number",
        "seed_explicit",
        "redo",
        "totals",
        "winners",
        "record",
        "note",
    ),
    "decisions": ("match_id", "idx", "entry"),
}
"""The columns the store reads from each table at :data:`SCHEMA_VERSION`."""

TABLES = frozenset({*COLUMNS, "schema_version"})
"""Every table a Roundhouse database holds (besides SQLite's own)."""


def schema_version(connection: sqlite3.Connection) -> int:
    """The database's schema version (0 for a new, empty database).

    sqlite3.DatabaseError when the recorded version is missing (while other
    tables of ours are there) or not a whole number.
    """
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    row = connection.execute("SELECT version FROM schema_version").fetchone() if "schema_version" in tables else None
    if row is None and tables & set(COLUMNS):
        raise sqlite3.DatabaseError("the table 'schema_version' is missing or empty, though the saves are there")
    if row is None:
        return 0
    if type(row[0]) is not int:
        raise sqlite3.DatabaseError(f"the schema version {row[0]!r} is not a whole number")
    return row[0]


def check_tables(connection: sqlite3.Connection) -> None:
    """sqlite3.DatabaseError naming the first table or column of :data:`COLUMNS` that is missing."""
    for table, columns in COLUMNS.items():
        found = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        if not found:
            raise sqlite3.DatabaseError(f"the table {table!r} is missing")
        for column in columns:
            if column not in found:
                raise sqlite3.DatabaseError(f"the column {table}.{column} is missing")


def migrate(connection: sqlite3.Connection) -> int:
    """Bring the database to :data:`SCHEMA_VERSION`, one transaction per step.

    Returns the version found before migrating. Raises SchemaTooNew for a
    database newer than this release (it is left untouched).
    """
    found = schema_version(connection)
    if found > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"the save database has schema version {found}, but this Roundhouse reads up to {SCHEMA_VERSION}"
        )
    for version in range(found, SCHEMA_VERSION):
        with connection:
            connection.execute("BEGIN IMMEDIATE")
            if schema_version(connection) != version:
                continue  # another process migrated meanwhile
            for statement in MIGRATIONS[version]:
                connection.execute(statement)
            connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            connection.execute("DELETE FROM schema_version")
            connection.execute("INSERT INTO schema_version (version) VALUES (?)", (version + 1,))
    return found
