"""Licences: every distribution roundhouse needs at run time is under a licence the project's MIT licence allows.

The project states ``License-Expression: MIT`` and ships the MIT text; each
required distribution (followed through its own requirements, extras left
out) must state a licence, and every licence it names must be on
:data:`COMPATIBLE`. A copyleft dependency such as ttkthemes (GPL-3.0-or-later)
would make the whole program GPL, so it is refused.
"""

from __future__ import annotations

import re
from email.message import Message
from importlib import metadata

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

PROJECT = "roundhouse"
PROJECT_LICENCE = "MIT"
"""The project's licence, as an SPDX id."""

LICENCE_TEXTS = {"MIT": ("MIT License", "Permission is hereby granted, free of charge, to any person obtaining a copy")}
"""SPDX id: (first line of the licence file, a sentence its text must hold)."""

COMPATIBLE = frozenset(
    {
        "MIT",
        "MIT-CMU",
        "BSD-2-Clause",
        "BSD-3-Clause",
        "Apache-2.0",
        "ISC",
        "PSF-2.0",
        "Zlib",
        "HPND",
        "0BSD",
        "Unlicense",
        # File-level copyleft only: MIT code may use MPL files unchanged (tqdm is "MPL-2.0 AND MIT").
        "MPL-2.0",
    }
)
"""Licences (SPDX ids) of dependencies that an MIT-licensed program may be distributed with."""

CLASSIFIERS = {
    "License :: OSI Approved :: MIT License": "MIT",
    "License :: OSI Approved :: BSD License": "BSD-3-Clause",
    "License :: OSI Approved :: Apache Software License": "Apache-2.0",
    "License :: OSI Approved :: ISC License (ISCL)": "ISC",
    "License :: OSI Approved :: Python Software Foundation License": "PSF-2.0",
    "License :: OSI Approved :: Mozilla Public License 2.0 (MPL 2.0)": "MPL-2.0",
    "License :: OSI Approved :: zlib/libpng License": "Zlib",
}
"""Trove licence classifiers by SPDX id; any other classifier stands for itself (and is not compatible)."""

OPERATORS = {"AND", "OR"}


def expression_ids(expression: str) -> set[str]:
    """Every licence an SPDX expression names (``WITH`` exceptions left out): "MPL-2.0 AND MIT" -> both.

    All must be compatible, even the alternatives of an OR: the strict reading.
    """
    tokens = re.sub(r"[()]", " ", expression).split()
    ids: set[str] = set()
    skip = False
    for token in tokens:
        if token == "WITH":
            skip = True
        elif skip:
            skip = False
        elif token not in OPERATORS:
            ids.add(token)
    return ids


def licences(meta: Message) -> set[str]:
    """The licences one distribution's metadata states: its License-Expression, else its licence
    classifiers, else a one-line License field read as an expression; empty when it states none."""
    expression = meta.get("License-Expression")
    if expression:
        return expression_ids(expression)
    classifiers = [c for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    if classifiers:
        return {CLASSIFIERS.get(c, c) for c in classifiers}
    field = (meta.get("License") or "").strip()
    return expression_ids(field) if field and "\n" not in field else set()


def run_time_requirements(name: str) -> list[Requirement]:
    """``name``'s requirements that apply here without extras."""
    wanted = [Requirement(line) for line in metadata.requires(name) or []]
    return [r for r in wanted if r.marker is None or r.marker.evaluate({"extra": ""})]


def required_distributions() -> dict[str, set[str]]:
    """Every distribution the project needs at run time, followed through their requirements: name -> licences."""
    found: dict[str, set[str]] = {}
    todo = [r.name for r in run_time_requirements(PROJECT)]
    while todo:
        name = todo.pop()
        key = canonicalize_name(name)
        if key in found:
            continue
        found[key] = licences(metadata.metadata(name))
        todo.extend(r.name for r in run_time_requirements(name))
    return found


def refused(stated: set[str]) -> set[str]:
    """The licences of ``stated`` that the project's licence does not allow (all of them when none is stated)."""
    return stated - COMPATIBLE if stated else {"no licence stated"}


def own_distribution() -> metadata.Distribution:
    """The installed project's metadata: its .dist-info with the licence files, not a source tree's egg-info."""
    for distribution in metadata.distributions(name=PROJECT):
        if distribution.metadata.get_all("License-File") and distribution.read_text("licenses/LICENSE") is not None:
            return distribution
    raise AssertionError(f"{PROJECT} is not installed with its licence files")


def test_every_required_distribution_is_under_a_compatible_licence():
    required = required_distributions()
    assert {"pillow", "pluggy"} <= set(required), "the walk reaches the declared requirements"
    wrong = {name: refused(stated) for name, stated in required.items() if refused(stated)}
    assert not wrong, f"licences an {PROJECT_LICENCE} project cannot depend on: {wrong}"


def test_the_project_states_its_licence_and_ships_its_text():
    distribution = own_distribution()
    assert distribution.metadata["License-Expression"] == PROJECT_LICENCE
    first_line, sentence = LICENCE_TEXTS[PROJECT_LICENCE]
    for name in distribution.metadata.get_all("License-File"):
        text = distribution.read_text(f"licenses/{name}")
        assert text is not None and text.splitlines()[0] == first_line, f"{name} is not the {PROJECT_LICENCE} text"
        assert sentence in " ".join(text.split())


def metadata_of(**fields: str | list[str]) -> Message:
    meta = Message()
    for field, value in fields.items():
        for one in [value] if isinstance(value, str) else value:
            meta[field.replace("_", "-")] = one
    return meta


@pytest.mark.parametrize(
    "meta",
    [
        metadata_of(License_Expression="GPL-3.0-or-later"),  # ttkthemes 3.3
        metadata_of(License="GNU GPLv3", Classifier="License :: OSI Approved :: GNU General Public License v3 (GPLv3)"),
        metadata_of(License_Expression="MIT OR GPL-3.0-only"),
        metadata_of(Summary="states no licence"),
    ],
    ids=["expression", "classifier", "strict-or", "none"],
)
def test_a_copyleft_or_unstated_licence_is_refused(meta):
    assert refused(licences(meta))


@pytest.mark.parametrize(
    ("meta", "stated"),
    [
        (metadata_of(License_Expression="MIT AND (Apache-2.0 OR BSD-2-Clause)"), {"MIT", "Apache-2.0", "BSD-2-Clause"}),
        (metadata_of(License="MPL-2.0 AND MIT"), {"MPL-2.0", "MIT"}),
        (metadata_of(License="MIT", Classifier="License :: OSI Approved :: MIT License"), {"MIT"}),
        (metadata_of(License_Expression="MIT-CMU", License="the whole\nlicence text"), {"MIT-CMU"}),
    ],
    ids=["expression", "license-field", "classifier", "expression-first"],
)
def test_permissive_licences_are_read_from_each_way_of_stating_them(meta, stated):
    assert licences(meta) == stated
    assert not refused(licences(meta))
