"""French elides "de" and "que" before a vowel-initial name or word filled into a string (core/text/elision.py)."""

from __future__ import annotations

import pytest

from roundhouse.core.text.elision import elide
from roundhouse.core.text.i18n import LANGUAGES, ui_catalog


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Ordinateur 2", "Au tour d’Ordinateur 2"),
        ("Ana", "Au tour d’Ana"),
        ("Élodie", "Au tour d’Élodie"),
        ("Joueur 1", "Au tour de Joueur 1"),
        ("Hugo", "Au tour de Hugo"),
        ("Yann", "Au tour de Yann"),
        ("", "Au tour de "),
    ],
)
def test_french_de_elides_before_a_vowel_only(name, expected):
    assert ui_catalog("fr").t("tk.status.turn", name=name) == expected


def test_french_elision_reaches_every_string_of_the_game_text():
    catalog = ui_catalog("fr")
    assert catalog.t("log.line.owned.double-nine-branch", owner="Ordinateur 3") == "la branche d’Ordinateur 3"
    assert catalog.t("log.line.owned.mexican-train", owner="Isabelle") == "le train d’Isabelle"
    assert catalog.t("tk.hand.title", name="Ordinateur 2", count=3) == "Main d’Ordinateur 2 (3 dominos)"
    assert catalog.t("console.setup_players", low=2, high=10) == "Nombre de joueurs (de 2 à 10)"


def test_only_the_word_before_a_placeholder_elides_and_its_capital_stays():
    values = {"name": "Ana", "other": "Oscar"}
    assert elide("fr", "De {name} à {other}, que {other} joue", values) == "D’{name} à {other}, qu’{other} joue"
    assert elide("fr", "Le tour de Ana : {name}", values) == "Le tour de Ana : {name}"
    assert elide("fr", "prix de {price}", {"price": 8}) == "prix de {price}"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "fr"])
def test_other_languages_keep_their_words(lang):
    catalog = ui_catalog(lang)
    assert "Ordinateur 2" in catalog.t("tk.status.turn", name="Ordinateur 2")
    assert elide(lang, "de {name}", {"name": "Ana"}) == "de {name}"
