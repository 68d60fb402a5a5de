"""Sentences for the player from code that knows no language (the save store, the bot guard).

A :class:`Notice` is a string: its text is the English sentence of an
interface catalog key (``rules_text/ui/en.yaml``), so logs, the command
line and tests read it as before. It also keeps the key and the values,
and a front end shows it in the player's language with :func:`in_language`.
A value may itself be a Notice (a reason inside a sentence); it is
translated with the sentence.
"""

from __future__ import annotations

from roundhouse.core.text.i18n import Catalog, ui_catalog


class Notice(str):
    """The English sentence of ``key`` with ``values`` filled, remembering both for a translation."""

    key: str
    values: dict[str, str]
    """The values as given: Notices stay Notices, anything else becomes its text."""

    def __new__(cls, key: str, **values: object) -> Notice:
        words = {name: value if isinstance(value, Notice) else str(value) for name, value in values.items()}
        notice = super().__new__(cls, ui_catalog("en").t(key, **words))
        notice.key = key
        notice.values = words
        return notice


def with_clause(reason: Notice, clause: str) -> Notice:
    """``reason`` followed by its rule clause ("... gets a marker (MT.9b)"), still translatable."""
    return Notice("rule.with_clause", reason=reason, clause=clause)


def in_language(text: str, catalog: Catalog) -> str:
    """``text`` in ``catalog``'s language when it is a :class:`Notice`, else unchanged."""
    if isinstance(text, Notice):
        return catalog.t(text.key, **{name: in_language(value, catalog) for name, value in text.values.items()})
    return text
