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
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

LANGUAGES = ("en", "pt", "pl", "fr", "id")
"""Shipped languages, English first (the fallback)."""

LANGUAGE_NAMES = {"en": "English", "pt": "Português", "pl": "Polski", "fr": "Français", "id": "Bahasa Indonesia"}

TEXT_PACKAGE = "rules_text"


class CatalogError(ValueError):
    """A catalog file that cannot be used; the message names the file."""


def _source(package: str, relative: str) -> str:
    """How a catalog file is named in messages: ``rules_text/ui/pl.yaml``."""
    return f"{package.replace('.', '/')}/{relative}"


def _read(package: str, relative: str) -> str | None:
    """The text of ``package``/``relative``; None when the file is absent."""
    try:
        resource = files(package).joinpath(*relative.split("/"))
    except ModuleNotFoundError as error:
        raise CatalogError(f"{_source(package, relative)}: text package {package!r} not found") from error
    if not resource.is_file():
        return None
    return resource.read_text(encoding="utf-8")


def _load_mapping(package: str, relative: str) -> dict[str, Any] | None:
    """The YAML mapping in ``package``/``relative`` (read with ``yaml.safe_load``); None when absent."""
    text = _read(package, relative)
    if text is None:
        return None
    source = _source(package, relative)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise CatalogError(f"{source}: not valid YAML ({_yaml_problem(error)})") from None
    if not isinstance(data, dict):
        raise CatalogError(f"{source}: expected a mapping of keys to text")
    return data


def _yaml_problem(error: yaml.YAMLError) -> str:
    """A YAML error in one line: where, and what."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    where = f"line {mark.line + 1}: " if mark is not None else ""
    return where + " ".join(str(problem).split())


def _strings(data: Mapping[str, Any], source: str) -> dict[str, str]:
    """A flat interface catalog as key -> text; CatalogError naming ``source`` for anything else."""
    result = {}
    for key, value in data.items():
        if not isinstance(key, str) or isinstance(value, (dict, list, bool)) or value is None:
            raise CatalogError(f"{source}: key {key!r} must map to a text, got {value!r}")
        result[key] = str(value)
    return result


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


@cache
def ui_catalog(lang: str | None = None) -> Catalog:
    """The interface catalog for ``lang`` (None: the system language), cached."""
    return load_catalog(normalize_language(lang))


def load_catalog(lang: str, package: str = TEXT_PACKAGE) -> Catalog:
    """The interface catalog of ``lang`` read now from ``package``/ui/ (uncached).

    A language without a file gets English everywhere; a malformed file
    raises CatalogError naming it.
    """
    english = _strings(_load_mapping(package, "ui/en.yaml") or {}, _source(package, "ui/en.yaml"))
    if lang == "en":
        return Catalog(lang, english, english)
    relative = f"ui/{lang}.yaml"
    return Catalog(lang, _strings(_load_mapping(package, relative) or {}, _source(package, relative)), english)


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
    CatalogError when no English text exists or a file is malformed.
    """
    lang = normalize_language(lang)
    base, prefix = (package, "") if package else (TEXT_PACKAGE, f"{variant_id}/")
    english = _load_mapping(base, f"{prefix}en.yaml")
    if english is None:
        raise CatalogError(f"no rule text for {variant_id!r} (looked for {_source(base, prefix + 'en.yaml')})")
    english_sections = _sections(english, _source(base, f"{prefix}en.yaml"))
    own, own_sections = english, english_sections
    if lang != "en":
        own = _load_mapping(base, f"{prefix}{lang}.yaml") or {}
        own_sections = _sections(own, _source(base, f"{prefix}{lang}.yaml"))
    title = own.get("title") or english.get("title") or variant_id
    sections = tuple((key, *own_sections.get(key, section)) for key, section in english_sections.items())
    return RulesText(variant_id, lang, str(title), sections)


def _sections(data: Mapping[str, Any], source: str) -> dict[str, tuple[str, str]]:
    """The ``sections`` of a rule text as key -> (heading, body); CatalogError naming ``source``."""
    raw = data.get("sections") or {}
    if not isinstance(raw, dict):
        raise CatalogError(f"{source}: 'sections' must be a mapping of section keys")
    result = {}
    for key, section in raw.items():
        if not isinstance(section, dict) or not isinstance(section.get("body"), str):
            raise CatalogError(f"{source}: section {key!r} needs a 'heading' and a text 'body'")
        result[str(key)] = (str(section.get("heading") or key), section["body"])
    return result


def language_code(text: str) -> str:
    """The shipped language named by ``text`` ("pl", "pt_BR", "fr-FR"); ValueError for any other."""
    code = text.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {text!r} (available: {', '.join(LANGUAGES)})")
    return code


def normalize_language(lang: str | None) -> str:
    """A shipped language code from ``lang`` or, when None, the system locale."""
    try:
        return language_code(system_language() if lang is None else lang)
    except ValueError:
        return "en"


def system_language() -> str:
    """The language of the user's locale settings (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value and value not in ("C", "POSIX"):
            return value.split(":")[0]
    found = locale.getlocale()[0]
    return found or "en"


def check_catalogs(package: str = TEXT_PACKAGE) -> list[str]:
    """Every problem of the shipped catalogs in ``package``, one line each (empty: all good).

    Checks that every file parses; no key appears twice in one mapping;
    every interface key of English exists in every language with the same
    placeholders and no language has keys English lacks; every variant's
    rule text exists in every language with English's section keys in
    English's order, each with a heading and a body.
    """
    problems: list[str] = []
    root = files(package)
    ui_english = _checked(package, "ui/en.yaml", problems)
    for lang in LANGUAGES[1:]:
        relative = f"ui/{lang}.yaml"
        own = _checked(package, relative, problems)
        if ui_english is None or own is None:
            continue
        source = _source(package, relative)
        for key, text in ui_english.items():
            if key not in own:
                problems.append(f"{source}: missing key {key!r}")
            elif placeholders(str(own[key])) != placeholders(str(text)):
                problems.append(
                    f"{source}: key {key!r} has placeholders {sorted(placeholders(str(own[key])))}, "
                    f"English has {sorted(placeholders(str(text)))}"
                )
        problems += [f"{source}: key {key!r} is not in English" for key in own if key not in ui_english]
    skipped = ("ui", "__pycache__")
    variants = sorted(entry.name for entry in root.iterdir() if entry.is_dir() and entry.name not in skipped)
    for variant_id in variants:
        english = _checked(package, f"{variant_id}/en.yaml", problems)
        for lang in LANGUAGES:
            relative = f"{variant_id}/{lang}.yaml"
            own = english if lang == "en" else _checked(package, relative, problems)
            if english is None or own is None:
                continue
            source = _source(package, relative)
            try:
                wanted, found = list(_sections(english, source)), list(_sections(own, source))
            except CatalogError as error:
                problems.append(str(error))
                continue
            if not own.get("title"):
                problems.append(f"{source}: no title")
            if found != wanted:
                problems.append(f"{source}: sections {found}, English has {wanted}")
            for key, (heading, body) in _sections(own, source).items():
                if not heading.strip() or not body.strip():
                    problems.append(f"{source}: section {key!r} has an empty heading or body")
    return problems


def _checked(package: str, relative: str, problems: list[str]) -> dict[str, Any] | None:
    """The mapping of one file, or None with the reason added to ``problems``."""
    source = _source(package, relative)
    try:
        data = _load_mapping(package, relative)
        text = _read(package, relative)
    except CatalogError as error:
        problems.append(str(error))
        return None
    if data is None or text is None:
        problems.append(f"{source}: missing file")
        return None
    problems += [f"{source}: {message}" for message in _duplicate_keys(yaml.compose(text, Loader=yaml.SafeLoader))]
    return data


def _duplicate_keys(node: yaml.Node | None) -> list[str]:
    """Keys written twice in one mapping of a composed YAML document (safe_load keeps only the last)."""
    found: list[str] = []
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            if key.value in seen:
                found.append(f"key {key.value!r} appears twice (line {key.start_mark.line + 1})")
            seen.add(key.value)
            found += _duplicate_keys(value)
    return found


def has_rules_text(variant_id: str, package: str | None = None) -> bool:
    """True when an English rule text exists for ``variant_id`` (in ``package`` when given)."""
    if not package and (not variant_id or "/" in variant_id or "\\" in variant_id or variant_id.startswith(".")):
        return False
    try:
        return _read(package or TEXT_PACKAGE, "en.yaml" if package else f"{variant_id}/en.yaml") is not None
    except CatalogError:
        return False


def variant_title(variant: Any, lang: str | None = None) -> str:
    """A variant's name in ``lang``: the title of its rule text, else its own ``name``."""
    package = getattr(variant, "rules_text_package", None)
    try:
        if has_rules_text(variant.id, package):
            return rules_text(variant.id, lang, package).title
    except CatalogError:
        pass
    return variant.name
