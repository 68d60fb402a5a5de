"""Sentences from the language-neutral store, shown in the player's language (core/text/notices.py)."""

from __future__ import annotations

import pytest

from roundhouse.core.text.i18n import LANGUAGES, ui_catalog
from roundhouse.core.text.notices import Notice, in_language


def test_a_notice_reads_as_its_english_sentence_and_keeps_its_key_and_values():
    notice = Notice("store.saved_set_aside", id=7, error="malformed")
    assert notice == "The saved match 7 could not be read (malformed); it was set aside."
    assert isinstance(notice, str) and notice.key == "store.saved_set_aside"
    assert notice.values == {"id": "7", "error": "malformed"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_notice_is_shown_in_each_language_and_plain_text_stays_as_it_is(lang):
    catalog = ui_catalog(lang)
    notice = Notice("store.history_entry_unreadable", id=3, error="bad row")
    shown = in_language(notice, catalog)
    assert shown == catalog.t("store.history_entry_unreadable", id="3", error="bad row")
    assert "3" in shown and "bad row" in shown
    assert (shown == notice) == (lang == "en")
    assert in_language("a plugin's own warning", catalog) == "a plugin's own warning"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_notice_inside_a_notice_is_translated_with_it(lang):
    catalog = ui_catalog(lang)
    reason = Notice("bot.reason.timed_out", limit="10")
    notice = Notice("bot.failed", bot="'bad'", match=1, seed=5, decision=3, seat=2, round=1, reason=reason)
    assert notice.values["reason"] is reason
    assert notice.endswith(": took longer than 10 s")
    shown = in_language(notice, catalog)
    assert shown == catalog.t(
        "bot.failed",
        bot="'bad'",
        match="1",
        seed="5",
        decision="3",
        seat="2",
        round="1",
        reason=in_language(reason, catalog),
    )
    assert (reason in shown) == (lang == "en")
