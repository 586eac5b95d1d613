"""``explain``'s notes say no "his" of a woman (issue 34, user test ut43see: "Cormican, Ruth E
... gets his preference" in the Irish Juniors, where her Sex is ``w``): a note names the player
instead of a pronoun. Over every round's pairing notes and the standings notes of the real
events whose players include women, no note has a gendered pronoun at all.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from tests.reports.test_consistency_views import imported

from ratingbook.fide.gacrux.analysis import analyse_round
from ratingbook.reports.pairing_notes import pairing_notes
from ratingbook.workbook.kinds.individual import _standings_lines

PRONOUN = re.compile(r"\b(he|his|him|himself|she|her|hers|herself)\b", re.IGNORECASE)


@pytest.mark.parametrize(
    "name", ["icu_irish-junior-champs_2011.tab", "icu_bunratty-masters_2011.tab"]
)
def test_no_note_calls_a_player_he_or_she(name: str) -> None:
    event = imported(name, ("BH", "SB", "DE"))
    assert any(p.sex.lower() in ("w", "f") for p in event.players)  # the case: women play
    notes = [
        note.note
        for number in range(1, event.paired_rounds + 1)
        for note in pairing_notes(event, analyse_round(event, number))
    ]
    notes += list(_standings_lines(event, None))
    said = [n for n in notes if PRONOUN.search(n)]
    assert not said, said[:3]


def test_cormican_gets_the_preferred_colour_by_name() -> None:
    """The user test's line: E.4 names the player who gets the preference, not "his"."""
    event = imported("icu_irish-junior-champs_2011.tab")
    event = replace(event, settings=replace(event.settings, tiebreaks=()))
    lines = [
        note.note
        for number in range(1, event.paired_rounds + 1)
        for note in pairing_notes(event, analyse_round(event, number))
        if "Cormican, Ruth E" in (note.white, note.black) and "(C.04.3 E.4)" in note.note
    ]
    assert lines and all("gets the preferred colour (C.04.3 E.4)" in n for n in lines), lines
