"""Localized text from YAML: interface strings and rule texts.

Interface strings live in ``rules_text/ui/<lang>.yaml`` as a flat mapping
of keys to strings with named placeholders (``{player}``, ``{tile}``). A
string that depends on a number is written as its plural forms instead,
a mapping of the CLDR categories its language uses to strings, chosen by
the ``count`` value (or by the placeholder named under ``by``)::

    tk.hand.title:
      one: "{name}'s hand ({count} tile)"
      other: "{name}'s hand ({count} tiles)"

Rule texts live in ``rules_text/<variant-id>/<lang>.yaml`` (or in a
third-party variant's ``rules_text_package``). A missing string falls back
to English key by key. Catalogs are read with ``yaml.safe_load``.
"""

from __future__ import annotations

import locale
import os
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

from roundhouse.core.text.elision import elide
from roundhouse.core.text.yaml_load import safe_load, yaml_error_line

LANGUAGES = ("en", "pt", "pl", "fr", "id")
"""Shipped languages, English first (the fallback)."""

LANGUAGE_NAMES = {"en": "English", "pt": "Português", "pl": "Polski", "fr": "Français", "id": "Bahasa Indonesia"}

TEXT_PACKAGE = "roundhouse.rules_text"

PLURAL_CATEGORIES = {
    "en": ("one", "other"),
    "pt": ("one", "many", "other"),
    "pl": ("one", "few", "many", "other"),
    "fr": ("one", "many", "other"),
    "id": ("other",),
}
"""The CLDR plural categories each shipped language distinguishes for whole numbers."""

_PLURAL_KEYS = frozenset({"zero", "one", "two", "few", "many", "other", "by"})

PluralForms = Mapping[str, str]
"""One plural entry: category -> text, and optionally ``by`` -> the placeholder that chooses."""


def plural_category(lang: str, count: int) -> str:
    """The CLDR plural category of the whole number ``count`` in ``lang`` (English rules otherwise).

    English: one for 1. Portuguese and French: one for 0 and 1, many for
    whole millions. Polish: one for 1; few for 2-4, 22-24, 32-34, ... but
    not 12-14; many for the rest (0, 5-21, 25-31, ...). Indonesian: other.
    """
    n = abs(count)
    if lang == "id":
        return "other"
    if lang == "pl":
        if n == 1:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if lang in ("pt", "fr"):
        if n in (0, 1):
            return "one"
        return "many" if n % 1_000_000 == 0 else "other"
    return "one" if n == 1 else "other"


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
        data = safe_load(text)
    except yaml.YAMLError as error:
        raise CatalogError(f"{source}: not valid YAML: {yaml_error_line(error)}") from None
    if not isinstance(data, dict):
        raise CatalogError(f"{source}: expected a mapping of keys to text")
    return data


def _is_plural(value: Any) -> bool:
    """True for a mapping of plural categories (with ``other``) to texts."""
    return (
        isinstance(value, dict)
        and "other" in value
        and set(value) <= _PLURAL_KEYS
        and all(isinstance(text, str) for text in value.values())
    )


def _strings(data: Mapping[str, Any], source: str) -> tuple[dict[str, str], dict[str, PluralForms]]:
    """A flat interface catalog as (key -> text, key -> plural forms); CatalogError naming ``source`` otherwise."""
    texts: dict[str, str] = {}
    plurals: dict[str, PluralForms] = {}
    for key, value in data.items():
        if isinstance(key, str) and _is_plural(value):
            plurals[key] = dict(value)
            continue
        if not isinstance(key, str) or isinstance(value, (dict, list, bool)) or value is None:
            raise CatalogError(f"{source}: key {key!r} must map to a text or plural forms, got {value!r}")
        texts[key] = str(value)
    return texts, plurals


def placeholders(text: str | PluralForms) -> set[str]:
    """The named placeholders of a format string (of all forms of a plural entry)."""
    if isinstance(text, Mapping):
        return set().union(*(placeholders(form) for category, form in text.items() if category != "by"))
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@dataclass(frozen=True)
class Catalog:
    """Interface strings of one language with English fallback."""

    lang: str
    strings: Mapping[str, str]
    fallback: Mapping[str, str]
    plurals: Mapping[str, PluralForms] = field(default_factory=dict)
    fallback_plurals: Mapping[str, PluralForms] = field(default_factory=dict)

    def t(self, key: str, **values: Any) -> str:
        """The string ``key`` with its placeholders filled.

        A plural entry takes the form of this language's category for its
        count (``values["count"]``, or the value its ``by`` names). A word
        before a placeholder elides as the language requires
        (:mod:`roundhouse.core.text.elision`: French "d’Ordinateur 2"). Falls
        back to English, then to the key itself (so a missing string shows
        up visibly instead of crashing a game in progress).
        """
        text = self._text(key, self.lang, self.strings, self.plurals, values)
        if text is None:
            text = self._text(key, "en", self.fallback, self.fallback_plurals, values) or key
        else:
            text = elide(self.lang, text, values)
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            english = self._text(key, "en", self.fallback, self.fallback_plurals, values) or key
            return english.format_map(_Lenient(values))

    @staticmethod
    def _text(
        key: str, lang: str, strings: Mapping[str, str], plurals: Mapping[str, PluralForms], values: Mapping[str, Any]
    ) -> str | None:
        """The text of ``key`` in one catalog, the plural form chosen for ``values``; None when absent."""
        forms = plurals.get(key)
        if forms is None:
            return strings.get(key) or None
        count = values.get(forms.get("by", "count"))
        category = plural_category(lang, count) if isinstance(count, int) else "other"
        return forms.get(category) or forms["other"]

    def has(self, key: str) -> bool:
        """True when the key exists in this language or in English."""
        return any(key in table for table in (self.strings, self.fallback, self.plurals, self.fallback_plurals))


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
    english, english_plurals = _strings(_load_mapping(package, "ui/en.yaml") or {}, _source(package, "ui/en.yaml"))
    if lang == "en":
        return Catalog(lang, english, english, english_plurals, english_plurals)
    relative = f"ui/{lang}.yaml"
    own, own_plurals = _strings(_load_mapping(package, relative) or {}, _source(package, relative))
    return Catalog(lang, own, english, own_plurals, english_plurals)


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
    base, prefix = _rules_base(variant_id, package)
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


def _rules_base(variant_id: str, package: str | None) -> tuple[str, str]:
    """Where a variant's rule texts live: (package, prefix of ``<lang>.yaml``)."""
    return (package, "") if package else (TEXT_PACKAGE, f"{variant_id}/")


def rule_text_problems(variant_id: str, package: str | None = None) -> list[str]:
    """Every problem of a variant's rule-text files, one line each naming the file (empty: all good).

    ``en.yaml`` must exist; every ``<lang>.yaml`` present must parse as a
    mapping with a ``title``, well-formed ``sections`` and, when given, a
    ``text`` mapping of keys to strings (the game's own text catalog).
    """
    base, prefix = _rules_base(variant_id, package)
    problems: list[str] = []
    for lang in LANGUAGES:
        source = _source(base, f"{prefix}{lang}.yaml")
        try:
            data = _load_mapping(base, f"{prefix}{lang}.yaml")
            if data is None:
                if lang == "en":
                    problems.append(f"{source}: missing (the English rule text is required)")
                continue
            _sections(data, source)
            _strings(data.get("text") or {}, f"{source} text")
        except CatalogError as error:
            problems.append(str(error))
            continue
        if not data.get("title"):
            problems.append(f"{source}: key 'title' is missing")
    return problems


def game_text(variant_id: str, lang: str | None = None, package: str | None = None) -> Catalog:
    """A game's own text catalog: the ``text`` mapping of its rule texts, English filling gaps.

    Games name lines and phrase obligations with these keys
    (:attr:`roundhouse.core.game.views.LineView.label`, :class:`roundhouse.core.game.views.Obligation`).
    Raises CatalogError for a malformed file; a game without rule texts has
    an empty catalog.
    """
    lang = normalize_language(lang)
    base, prefix = _rules_base(variant_id, package)

    def strings(code: str) -> tuple[dict[str, str], dict[str, PluralForms]]:
        data = _load_mapping(base, f"{prefix}{code}.yaml") or {}
        return _strings(data.get("text") or {}, f"{_source(base, prefix + code + '.yaml')} text")

    english, english_plurals = strings("en")
    own, own_plurals = (english, english_plurals) if lang == "en" else strings(lang)
    return Catalog(lang, own, english, own_plurals, english_plurals)


def _sections(data: Mapping[str, Any], source: str) -> dict[str, tuple[str, str]]:
    """The ``sections`` of a rule text as key -> (heading, body); CatalogError naming ``source``."""
    raw = data.get("sections") or {}
    if not isinstance(raw, dict):
        raise CatalogError(f"{source}: 'sections' must be a mapping of section keys")
    result = {}
    for key, section in raw.items():
        if not isinstance(section, dict) or not isinstance(section.get("body"), str):
            raise CatalogError(f"{source}: section {key!r} needs a 'heading' and a text 'body'")
        unknown = sorted(str(k) for k in section if k not in ("heading", "body"))
        if unknown or not isinstance(section.get("heading"), str):
            wrong = f"has the unknown key {unknown[0]!r}" if unknown else "has no text 'heading'"
            raise CatalogError(f"{source}: section {key!r} {wrong}; a section holds a 'heading' and a 'body'")
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
    placeholders and no language has keys English lacks; every plural entry
    has exactly the forms its language's plural rules use; every variant's
    rule text exists in every language with English's section keys in
    English's order, each with a heading and a body.
    """
    problems: list[str] = []
    root = files(package)
    ui_english = _checked(package, "ui/en.yaml", problems)
    problems += _plural_problems(ui_english or {}, "en", _source(package, "ui/en.yaml"))
    for lang in LANGUAGES[1:]:
        relative = f"ui/{lang}.yaml"
        own = _checked(package, relative, problems)
        if own is not None:
            problems += _plural_problems(own, lang, _source(package, relative))
        if ui_english is None or own is None:
            continue
        source = _source(package, relative)
        for key, text in ui_english.items():
            if key not in own:
                problems.append(f"{source}: missing key {key!r}")
            elif placeholders(_entry(own[key])) != placeholders(_entry(text)):
                problems.append(
                    f"{source}: key {key!r} has placeholders {sorted(placeholders(_entry(own[key])))}, "
                    f"English has {sorted(placeholders(_entry(text)))}"
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


def _entry(value: Any) -> str | PluralForms:
    """A catalog value as :func:`placeholders` takes it."""
    return value if _is_plural(value) else str(value)


def _plural_problems(catalog: Mapping[str, Any], lang: str, source: str) -> list[str]:
    """Plural entries of ``lang`` lacking a form its plural rules need, or with forms it never uses."""
    problems = []
    wanted = set(PLURAL_CATEGORIES[lang])
    for key, value in catalog.items():
        if not _is_plural(value):
            continue
        forms = set(value) - {"by"}
        if forms != wanted:
            problems.append(f"{source}: key {key!r} has plural forms {sorted(forms)}, {lang} needs {sorted(wanted)}")
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


def variant_rules_text(variant: Any, lang: str | None = None) -> RulesText:
    """The rule text of a registered variant: from its own ``rules_text_package`` when it has one.

    Every front end reads a variant's rules through this. Raises
    CatalogError as :func:`rules_text` does.
    """
    return rules_text(variant.id, lang, getattr(variant, "rules_text_package", None))


def variant_title(variant: Any, lang: str | None = None) -> str:
    """A variant's name in ``lang``: the title of its rule text, else its own ``name``."""
    try:
        if has_rules_text(variant.id, getattr(variant, "rules_text_package", None)):
            return variant_rules_text(variant, lang).title
    except CatalogError:
        pass
    return variant.name
