"""Rule parameters from YAML, validated on load with clear errors."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml

from roundhouse.core.text.yaml_load import safe_load, yaml_error_line


class ParamError(ValueError):
    """A bad rule parameter; the message names file, key and what is allowed."""


@dataclass(frozen=True)
class ParamSpec:
    """What one key accepts.

    ``kind`` is ``int``, ``bool``, ``str`` or ``dict`` (a table of int to
    int). ``low``/``high`` bound ints (and a table's values), ``choices``
    lists the allowed values.
    """

    kind: type
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] | None = None
    book: tuple[Any, ...] | None = None
    """The values the rule book allows (None: anything the spec accepts); see :func:`check_rule_book`."""
    house: Mapping[Any, str] = field(default_factory=dict)
    """House options the rule book permits (MT.16): value -> option name (catalog ``house.<name>``)."""
    clause: str = ""
    """The rule clause fixing this key ("MT.2"), named in errors."""

    def allowed(self) -> str:
        """The allowed values in words."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        what = "a table of whole numbers" if self.kind is dict else "a whole number"
        if self.low is not None and self.high is not None:
            return f"{what} from {self.low} to {self.high}"
        if self.low is not None:
            return f"{what} of at least {self.low}"
        return what

    def accepts(self, value: Any) -> bool:
        """True when ``value`` fits this spec."""
        if self.kind is dict:
            return isinstance(value, dict) and all(
                self._int_ok(k, None, None) and self._int_ok(v, self.low, self.high) for k, v in value.items()
            )
        if self.kind is int and not self._int_ok(value, self.low, self.high):
            return False
        if self.kind is not int and (type(value) is not self.kind):
            return False
        return self.choices is None or value in self.choices

    @staticmethod
    def _int_ok(value: Any, low: int | None, high: int | None) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (low is None or value >= low)
            and (high is None or value <= high)
        )


def validate(
    params: Mapping[str, Any],
    specs: Mapping[str, ParamSpec],
    source: str,
    extra_check: Callable[[dict[str, Any], str], None] | None = None,
) -> dict[str, Any]:
    """Check every key of ``params`` against ``specs``; return a plain copy.

    Raises ParamError naming ``source``, the key and the allowed values for
    an unknown key, a missing key or a value out of range. ``extra_check``
    may raise ParamError for rules that tie keys together.
    """
    if not isinstance(params, Mapping):
        raise ParamError(f"{source}: expected a mapping of rule parameters, got {type(params).__name__}")
    for key in params:
        if key not in specs:
            raise ParamError(f"{source}: unknown key {key!r} (known keys: {', '.join(sorted(specs))})")
    for key, spec in specs.items():
        if key not in params:
            raise ParamError(f"{source}: key {key!r} is missing (allowed: {spec.allowed()})")
        if not spec.accepts(params[key]):
            raise ParamError(f"{source}: key {key!r} has value {params[key]!r}; allowed: {spec.allowed()}")
    result = dict(params)
    if extra_check is not None:
        extra_check(result, source)
    return result


def check_rule_book(params: Mapping[str, Any], specs: Mapping[str, ParamSpec], source: str) -> None:
    """DX.9, MT.16: a game's own parameters are the rule book's, or one of its named house options.

    Raises ParamError naming ``source``, the key, the clause and the allowed values.
    """
    for key, spec in specs.items():
        if spec.book is None or key not in params:
            continue
        value = params[key]
        if any(value == allowed for allowed in (*spec.book, *spec.house)):
            continue
        where = f"the rule book, {spec.clause}" if spec.clause else "the rule book"
        allowed = " or ".join(repr(v) for v in spec.book) + f" ({where})"
        if spec.house:
            allowed += ", or a house option: " + ", ".join(f"{v!r} ({name})" for v, name in spec.house.items())
        raise ParamError(f"{source}: key {key!r} has value {value!r}; allowed: {allowed}")


def house_options(params: Mapping[str, Any], specs: Mapping[str, ParamSpec]) -> list[str]:
    """The names of the house options in force (catalog keys ``house.<name>``), in key order."""
    return [name for key, spec in specs.items() for value, name in spec.house.items() if params.get(key) == value]


def load_yaml(text: str, source: str) -> Any:
    """Parse YAML with ``safe_load``; a syntax error becomes a ParamError naming ``source``."""
    try:
        return safe_load(text)
    except yaml.YAMLError as error:
        raise ParamError(f"{source}: not valid YAML: {yaml_error_line(error)}") from error
