"""TRF files of tournaments that were really played (tests/data/trf, sources in its README):
every one imports, keeps the arbiter's start numbers, and agrees with the file's own totals.

The expected values are read from the files themselves by this test's own fixed-column reader
(start number, columns 5-8; name, 15-47; points, 81-84: FIDE's TRF layout), never from the
import under test, and the per-file facts below were checked by hand against the files' lines.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import replace
from fractions import Fraction

import pytest
from tests.helpers.paths import REAL_TRF, REAL_TRF_FILES

from ratingbook.core.encoding import decode_legacy
from ratingbook.core.results import Result
from ratingbook.events.event import SwissEvent
from ratingbook.fide.gacrux import pair_next_round
from ratingbook.templates.imported_book import book_of_trf
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import TrfImport, import_trf
from ratingbook.trf.team_records import import_team_trf
from ratingbook.workbook.sheets.team_settings_rows import team_settings_rows

DATA, FILES = REAL_TRF, REAL_TRF_FILES
#: Names programs give the dummy player of the bye (the file lists it; it is no player).
DUMMIES = {"spielfrei"}


@functools.cache
def imported(name: str) -> TrfImport:
    """The file imported, once for the run (the import is frozen; the module's tests ask for
    each file three times and more)."""
    return import_trf(decode_legacy((DATA / name).read_bytes()))


def file_records(name: str) -> list[tuple[int, str, Fraction | None]]:
    """(start number, name, points) of every 001 line, read at FIDE's columns."""
    text = decode_legacy((DATA / name).read_bytes()).lstrip("\ufeff")
    found = []
    for line in text.splitlines():
        if line.startswith("001"):
            points = line[80:84].strip()
            found.append(
                (
                    int(line[4:8]),
                    " ".join(line[14:47].split()),
                    Fraction(points) if points else None,
                )
            )
    return found


def test_every_file_was_collected() -> None:
    assert len(FILES) == 14


@pytest.mark.parametrize("name", FILES)
def test_every_real_file_imports_and_keeps_the_files_start_numbers(name: str) -> None:
    """The file's player numbers are the pairing numbers (C.04.2 art. 2.3): never re-sorted."""
    event = imported(name).event
    expected = {who: number for number, who, _ in file_records(name) if who not in DUMMIES}
    assert event.start_numbers() == expected


@pytest.mark.parametrize("name", FILES)
def test_every_players_points_equal_the_files_total_or_a_warning_says_why(name: str) -> None:
    """Each player's points equal the 001 record's total (counting the rounds paired so far,
    or with the byes entered for the next round, as JaVaFo's files do), or a warning line names
    the player (a bye read from the total, or a difference left as is)."""
    result = imported(name)
    event = result.event
    paired = event.points(after_round=event.paired_rounds)
    every = event.points()
    for _, who, total in file_records(name):
        if who in DUMMIES or total is None or total in (paired[who], every[who]):
            continue
        named = [w for w in result.warnings if repr(who) in w]
        assert named, (who, total, paired[who])
    # And the byes read from a total make it agree exactly.
    disagree = [w for w in result.warnings if "imported as written" in w]
    assert disagree == []


# Per-file facts checked by hand against the files' lines.
HAND = {
    "karl-mala-gedenkturnier_2005_frankfurt.trf": dict(
        players=283, rounds=7, paired=7, start=dt.date(2005, 7, 28), end=dt.date(2005, 7, 31)
    ),
    "lichess_2020-05-29_mai-5plus0.trf": dict(
        players=13, rounds=10, paired=10, start=dt.date(2020, 5, 29), end=dt.date(2020, 5, 29)
    ),
    "lichess_2020-05-10_zulfikar-bullet.trf": dict(
        players=112, rounds=21, paired=20, start=dt.date(2020, 5, 10), end=dt.date(2020, 5, 10)
    ),
    "javafo_trfxsample2_open-gros_2010.trfx": dict(
        players=52, rounds=9, paired=4, start=dt.date(2010, 9, 24), end=dt.date(2010, 10, 2)
    ),
    "icu_armstrong-cup_2010-11.tab": dict(
        players=160, rounds=11, paired=11, start=dt.date(2010, 9, 13), end=dt.date(2011, 3, 13)
    ),
    "icu_bunratty-masters_2011.tab": dict(
        players=34, rounds=6, paired=6, start=dt.date(2011, 2, 25), end=dt.date(2011, 2, 27)
    ),
    "icu_irish-junior-champs_2011.tab": dict(
        players=34, rounds=5, paired=5, start=dt.date(2011, 7, 2), end=dt.date(2011, 7, 3)
    ),
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_the_events_size_rounds_and_dates_are_the_files(name: str) -> None:
    event = imported(name).event
    facts = HAND[name]
    assert len(event.players) == facts["players"]
    assert (event.settings.rounds, event.paired_rounds) == (facts["rounds"], facts["paired"])
    assert (event.settings.start_date, event.settings.end_date) == (facts["start"], facts["end"])


def test_a_ruler_of_column_numbers_is_no_record() -> None:
    """Issue 34: the Armstrong Cup's file has a ruler of column numbers under its header (line
    29, ``0123456789...``); the team reader took it for a 012 record, named the event
    ``4567890123...``, and every page printed of the imported book had a four-line title of
    digits. A record's code is followed by a blank (TRF: column 4)."""
    text = decode_legacy((DATA / "icu_armstrong-cup_2010-11.tab").read_bytes())
    names = [line[4:].strip() for line in text.splitlines() if line.startswith("012 ")]
    assert names == ["Leinster Chess Union Div 1 Armstrong Cup 2010 - 2011"]
    assert import_team_trf(text).settings.event_name == names[0]


def test_the_bye_dummy_spielfrei_is_no_player() -> None:
    """Karl-Mala: player 284 'spielfrei' (0 points, every entry an absence) stands for the bye;
    the rounds come from the games (no 142, XXR or round dates), with a warning."""
    result = imported("karl-mala-gedenkturnier_2005_frankfurt.trf")
    assert "spielfrei" not in {p.name for p in result.event.players}
    # (what its TRF06 spellings make the import do is tests/trf/test_trf06.py's)
    warnings = tuple(w for w in result.warnings if "TRF06" not in w)
    assert warnings[:2] == (
        "line 297: player 284 'spielfrei' is the bye, not a player: left out",
        "the file does not say how many rounds the event has (no 142 or XXR record, no round "
        "dates): taken as 7, the rounds played; change Rounds in Swiss Settings if more are "
        "planned",
    )
    # The rest: the blank fields, each named (seven players with none to the end of the event,
    # read as withdrawn; Henrich, 276, with none in round 1, a late entrant).
    rest = warnings[2:]
    assert len(rest) == 8 and all("has no entry" in w for w in rest)
    assert sum("read as withdrawn" in w for w in rest) == 7


def test_byes_without_a_result_letter_are_read_from_the_files_totals() -> None:
    """Bunratty Masters writes byes as '     -  ' with no result letter. By hand, from the lines:
    O'Connor (line 29): 1/2 + 1 + 0 + ? + ? + 0 = 1.5 + ?, total 2.5: rounds 4 and 5 half-point
    byes; Wynarczyk (31): 0 + 1 + ? + 0 + 0 + 1, total 2.5: round 3; Osborne (32): ? + 1/2 +
    1/2 + 1/2 + 1 + 0, total 3: round 1."""
    result = imported("icu_bunratty-masters_2011.tab")
    byes = {
        (e.white, e.round): e.result
        for e in result.event.entries
        if e.white in ("O'Connor, Jonathan", "Wynarczyk, Raymond", "Osborne, Sam")
        and e.black is None
    }
    assert byes == {
        ("O'Connor, Jonathan", 4): Result.HALF_POINT_BYE,
        ("O'Connor, Jonathan", 5): Result.HALF_POINT_BYE,
        ("Wynarczyk, Raymond", 3): Result.HALF_POINT_BYE,
        ("Osborne, Sam", 1): Result.HALF_POINT_BYE,
    }
    assert (
        'line 29: round 4: the bye of "O\'Connor, Jonathan" has no result letter; read as a '
        "half-point bye, so that the player's points equal the file's total 2.5"
    ) in result.warnings


def test_a_latin_1_file_keeps_its_names_and_its_one_point_bye_is_the_pairing_bye() -> None:
    """Irish Junior Championship (Latin-1): Coughlan (line 33) has '0000 -' with no letter in
    round 1, then 1/2 + 0 + 0 + 1/2 = 1, total 2.0: round 1 was worth a point, and round 1 has
    no pairing-allocated bye: hers. Ogintas (line 18): ? + 1/2 + 1 + 1 + 0, total 3: a
    half-point bye."""
    result = imported("icu_irish-junior-champs_2011.tab")
    event = result.event
    assert "Morgan, Mícheál" in {p.name for p in event.players}
    first = {e.white: e.result for e in event.entries if e.round == 1 and e.black is None}
    assert first["Coughlan, Anne B"] is Result.PAIRING_BYE
    assert first["Ogintas, Aligmantas"] is Result.HALF_POINT_BYE


def test_round_1_of_the_open_de_gros_comes_out_as_played_from_the_files_numbers() -> None:
    """The arbiter listed an unrated player 6th (by rating he would be 48th). Paired again by
    the FIDE Dutch rules from the file's numbers, round 1 is the one played, board by board,
    colours included (25 games and the pairing-allocated bye; one player was absent)."""
    event = imported("javafo_trfxsample2_open-gros_2010.trfx").event
    round_1 = [e for e in event.entries if e.round == 1]
    played = {(e.white, e.black) for e in round_1 if e.result is not Result.ZERO_POINT_BYE}
    absent = tuple(e for e in round_1 if e.result is Result.ZERO_POINT_BYE)
    unpaired = SwissEvent(event.players, absent, event.settings, event.numbering)
    paired = {(e.white, e.black) for e in pair_next_round(unpaired)}
    assert len([pair for pair in played if pair[1] is not None]) == 25
    assert paired == played  # the 25 games, colours included, and the pairing-allocated bye
    # Re-sorted by rating (as ratingbook did before it kept the numbers), it is another round.
    resorted = tuple(replace(p, number=None) for p in event.players)
    other = {
        (e.white, e.black) for e in pair_next_round(SwissEvent(resorted, absent, event.settings))
    }
    assert len(other & played) < len(played) // 2


def test_the_open_de_gros_pairs_round_5_right_after_the_import() -> None:
    """XXR 9, four rounds played, byes entered for round 5: the next pairing is round 5, and
    the players with an entered bye are not paired."""
    event = imported("javafo_trfxsample2_open-gros_2010.trfx").event
    entered = {e.white for e in event.requested_byes(5)}
    rows = pair_next_round(event)
    assert {e.round for e in rows} == {5}
    assert entered and not entered & {n for e in rows for n in e.players()}


def test_export_writes_the_files_start_numbers_back() -> None:
    """Import, then export: every 001 record keeps its number and its name."""
    text = export_trf(imported("lichess_2020-05-29_mai-5plus0.trf").event)
    written = [
        (int(line[4:8]), line[14:47].strip()) for line in text.splitlines() if line[:3] == "001"
    ]
    original = [(n, who) for n, who, _ in file_records("lichess_2020-05-29_mai-5plus0.trf")]
    assert written == original


def test_the_test_data_is_documented() -> None:
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in FILES)


def test_an_imported_books_name_columns_hold_its_longest_names() -> None:
    """Issue 34: the Open de Gros' input sheets kept the template's widths (Name 21.5, White
    19.5, Black 18 units), and printed ``Lakunza Oyarbide Juan Ca`` and ``Gorrochategui
    Torres,`` cut by the next cell. A column of text is as wide as its longest value: at
    least 27.5 units, ``Gorrochategui Torres, Eugenio`` with its cell's padding
    (tests/workbook/test_presentation.py works it out), who plays White and Black."""
    data = (DATA / "javafo_trfxsample2_open-gros_2010.trfx").read_bytes()
    wb = book_of_trf(data, check=False).book.workbook
    for sheet, column in (
        ("Swiss Players", "Name"),
        ("Swiss Games", "White"),
        ("Swiss Games", "Black"),
    ):
        ws = wb[sheet]
        header = [c.value for c in ws[1]]
        letter = ws.cell(1, header.index(column) + 1).column_letter
        assert ws.column_dimensions[letter].width >= 27.5, (sheet, column)


def test_the_armstrong_cups_rounds_are_its_round_dates() -> None:
    """Issue 34: the Armstrong Cup's book had an empty Rounds in Team Settings: the file (TRF16,
    013 team records) has no 142 or XXR record, but a 132 record with a date for each of its
    11 rounds (line 13: 10.09.13 to 11.03.13), which the Swiss import counts. The team import
    counts them too. The file says nothing of the boards a team's rating averages (no record
    for it in TRF16 or in TRF-2026's team records): Rating Boards stays empty, every board."""
    text = decode_legacy((DATA / "icu_armstrong-cup_2010-11.tab").read_bytes())
    settings = import_team_trf(text).settings
    assert (settings.rounds, settings.rating_boards) == (11, None)
    rows = dict(team_settings_rows(settings))
    assert (rows["Rounds"], rows["Rating Boards"]) == (11, "")
