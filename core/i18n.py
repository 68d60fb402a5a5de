"""Localized text from YAML: interface strings and rule texts.

Interface strings live in ``rules_text/ui/<lang>.yaml`` as a flat mapping
of keys to strings with named placeholders (``{player}``, ``{tile}``).
Rule texts live in ``rules_text/<variant-id>/<lang>.yaml`` (or in a
third-party variant's ``rules_text_package``). A missing string falls back
to English key by key. Catalogs are read with ``yaml.safe_load``.
"""

from __future__ import annotations

import locale
import os
import string
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import Any, Mapping

import yaml

LANGUAGES = ("en", "pt", "pl", "fr", "id")
"""Shipped languages, English first (the fallback)."""

LANGUAGE_NAMES = {"en": "English", "pt": "Português", "pl": "Polski", "fr": "Français", "id": "Bahasa Indonesia"}

TEXT_PACKAGE = "rules_text"


class CatalogError(ValueError):
    """A catalog file that cannot be used; the message names the file."""


def _load_mapping(package: str, relative: str) -> dict[str, Any] | None:
    """The YAML mapping in ``package``/``relative``; None when the file is absent."""
    resource = files(package).joinpath(*relative.split("/"))
    if not resource.is_file():
        return None
    source = f"{package.replace('.', '/')}/{relative}"
    try:
        data = yaml.safe_load(resource.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise CatalogError(f"{source}: not valid YAML: {error}") from error
    if not isinstance(data, dict):
        raise CatalogError(f"{source}: expected a mapping of keys to text")
    return data


def placeholders(text: str) -> set[str]:
    """The named placeholders of a format string."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@dataclass(frozen=True)
class Catalog:
    """Interface strings of one language with English fallback."""

    lang: str
    strings: Mapping[str, str]
    fallback: Mapping[str, str]

    def t(self, key: str, **values: Any) -> str:
        """The string ``key`` with its placeholders filled.

        Falls back to English, then to the key itself (so a missing string
        shows up visibly instead of crashing a game in progress).
        """
        text = self.strings.get(key) or self.fallback.get(key) or key
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return self.fallback.get(key, key).format_map(_Lenient(values))

    def has(self, key: str) -> bool:
        """True when the key exists in this language or in English."""
        return key in self.strings or key in self.fallback


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@lru_cache(maxsize=None)
def ui_catalog(lang: str | None = None) -> Catalog:
    """The interface catalog for ``lang`` (None: the system language)."""
    lang = normalize_language(lang)
    english = _load_mapping(TEXT_PACKAGE, "ui/en.yaml") or {}
    own = english if lang == "en" else (_load_mapping(TEXT_PACKAGE, f"ui/{lang}.yaml") or {})
    return Catalog(lang, {k: str(v) for k, v in own.items()}, {k: str(v) for k, v in english.items()})


@dataclass(frozen=True)
class RulesText:
    """A variant's rule text: a title and ordered sections of (key, heading, body)."""

    variant: str
    lang: str
    title: str
    sections: tuple[tuple[str, str, str], ...]

    def as_text(self) -> str:
        """Plain text for the console: title, then each heading and body."""
        parts = [self.title, "=" * len(self.title)]
        for _, heading, body in self.sections:
            parts += ["", heading, "-" * len(heading), body.strip()]
        return "\n".join(parts) + "\n"


def rules_text(variant_id: str, lang: str | None = None, package: str | None = None) -> RulesText:
    """The rule text of ``variant_id`` in ``lang``, section by section with English fallback.

    ``package`` is a third-party variant's own text package holding
    ``<lang>.yaml``; by default ``rules_text/<variant-id>/``. Raises
    CatalogError when no English text exists.
    """
    lang = normalize_language(lang)
    base, prefix = (package, "") if package else (TEXT_PACKAGE, f"{variant_id}/")
    english = _load_mapping(base, f"{prefix}en.yaml")
    if english is None:
        raise CatalogError(f"no rule text for {variant_id!r} (looked for {base}/{prefix}en.yaml)")
    own = english if lang == "en" else (_load_mapping(base, f"{prefix}{lang}.yaml") or {})
    title = own.get("title") or english.get("title") or variant_id
    sections = []
    for key, section in (english.get("sections") or {}).items():
        chosen = (own.get("sections") or {}).get(key) or section
        sections.append((key, str(chosen.get("heading", key)), str(chosen.get("body", ""))))
    return RulesText(variant_id, lang, str(title), tuple(sections))


def normalize_language(lang: str | None) -> str:
    """A shipped language code from ``lang`` or, when None, the system locale."""
    if lang is None:
        lang = system_language()
    code = lang.lower().replace("-", "_").split("_")[0].split(".")[0]
    return code if code in LANGUAGES else "en"


def system_language() -> str:
    """The language of the user's locale settings (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value and value not in ("C", "POSIX"):
            return value.split(":")[0]
    found = locale.getlocale()[0]
    return found or "en"
