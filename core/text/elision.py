"""Elision before a filled-in value: French "de Ordinateur 2" reads "d’Ordinateur 2".

A catalog string cannot know whether the name or word it receives begins
with a vowel, so a language whose short words elide before one lists them
here, and :func:`elide` contracts such a word standing right before a
placeholder whose value begins with a vowel. Only the word next to a
placeholder is touched: the translator's own text stays as written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

ELIDING_WORDS = {"fr": ("de", "que")}
"""Per language, the words that lose their last letter to an apostrophe before a vowel."""

VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæ")
"""Letters that make the word before them elide (not h or y, whose names vary: "de Hugo", "de Yann")."""

_PATTERNS = {
    lang: re.compile(r"\b(" + "|".join(words) + r") \{(\w+)\}", re.IGNORECASE) for lang, words in ELIDING_WORDS.items()
}


def elide(lang: str, template: str, values: Mapping[str, Any]) -> str:
    """``template`` with each eliding word of ``lang`` before a vowel-initial value contracted ("d’{name}")."""
    pattern = _PATTERNS.get(lang)
    if pattern is None or "{" not in template:
        return template

    def contract(match: re.Match[str]) -> str:
        word, name = match.groups()
        value = str(values.get(name, ""))
        if value[:1].lower() in VOWELS:
            return f"{word[:-1]}’{{{name}}}"
        return match.group(0)

    return pattern.sub(contract, template)
