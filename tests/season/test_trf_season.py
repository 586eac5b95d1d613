"""Tests for :mod:`ratingbook.season.trf_source`: every real TRF file of tests/data/trf feeds one
season, game for game.

The expected counts are read from the files themselves by this test's own fixed-column reader
(FIDE's TRF layout: a 001 record's name in columns 15-47, each round's opponent in 92-95, its
colour in 97 and its result letter in 99, ten columns a round), never from the code under test:
a game over the board is an entry with an opponent and a letter 1, 0, =, W, D or L, written on
both players' records, so the file's games are half its such entries; a forfeit is an entry
with an opponent and + or -. Dates were checked by hand against the files' 042 and 132 lines.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path

import pytest
from tests.helpers.paths import REAL_TRF, REAL_TRF_FILES
from tests.helpers.trf_samples import record

from ratingbook.core.results import Result
from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.season import (
    MatchRule,
    Season,
    SeasonError,
    add_events,
    read_trf,
    read_trf_bytes,
)
from ratingbook.season.model import PartlyRead
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import import_trf

DATA = REAL_TRF
FILES = [DATA / name for name in REAL_TRF_FILES]
#: The dummy player one program lists as the bye (tests/data/trf/README.md): no player.
DUMMIES = {"spielfrei"}
PLAYED, FORFEITS = set("10=WDL"), set("+-")
FORFEIT_RESULTS = {
    Result.WHITE_WINS_BY_FORFEIT,
    Result.BLACK_WINS_BY_FORFEIT,
    Result.DOUBLE_FORFEIT,
}


def raw_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def raw_counts(path: Path) -> tuple[int, int, int]:
    """(games over the board, forfeits, players) as the file's own 001 records give them."""
    records: dict[int, tuple[str, list[tuple[int, str]]]] = {}
    for line in raw_text(path).splitlines():
        if not line.startswith("001"):
            continue
        number = int(line[4:8])
        name = line[14:47].strip()
        entries = []
        for start in range(91, len(line), 10):
            opponent = line[start : start + 4].strip()
            letter = line[start + 7 : start + 8]
            if opponent.isdigit() and int(opponent):
                entries.append((int(opponent), letter.upper()))
        records[number] = (name, entries)
    dummies = {n for n, (name, _) in records.items() if name.casefold() in DUMMIES}
    played = forfeits = 0
    for number, (_, entries) in records.items():
        if number in dummies:
            continue
        for opponent, letter in entries:
            if opponent in dummies:
                continue
            played += letter in PLAYED
            forfeits += letter in FORFEITS
    assert played % 2 == 0 and forfeits % 2 == 0, path.name
    return played // 2, forfeits // 2, len(records) - len(dummies)


@pytest.fixture(scope="module")
def season_events() -> list:
    return [read_trf_bytes(p.read_bytes(), p.name) for p in FILES]


def test_there_are_fourteen_real_files() -> None:
    assert len(FILES) == 14


def test_every_trf_file_goes_into_one_season(season_events: list) -> None:
    """All fourteen files, added at once, make one season without a problem; each event has
    exactly the file's games over the board (rated), its forfeits (kept, never rated) and its
    players."""
    addition = add_events(Season(), season_events)
    assert addition.problems == ()
    assert len(addition.season.events) == len(FILES)
    for path, event in zip(FILES, addition.season.events, strict=True):
        played, forfeits, players = raw_counts(path)
        reasons = Counter(g.unrated_reason for g in event.games)
        assert (reasons[None], reasons["a forfeit"], len(event.players)) == (
            played,
            forfeits,
            players,
        ), path.name
        assert reasons["the result is unknown"] == 0
        assert all(not g.rated for g in event.games if g.is_bye)
        assert event.source.file == path.name
    total = sum(raw_counts(p)[0] for p in FILES)
    assert sum(g.rated for e in addition.season.events for g in e.games) == total == 3207


def test_the_files_added_one_by_one_make_the_same_season(season_events: list) -> None:
    """Adding the files one at a time gives the list adding them at once gives."""
    season = Season()
    for event in season_events:
        addition = add_events(season, [event])
        assert addition.problems == (), event.name
        season = addition.season
    assert season == add_events(Season(), season_events).season


def test_one_player_in_two_files_is_one_player(season_events: list) -> None:
    """lichess's 'mattderkuerschner' plays the May and the June tournament (no ID: matched by
    name); the Irish files' IDs join a player across events."""
    addition = add_events(Season(), season_events)
    keys = {m.key for m in addition.matching.matches if m.player.name == "mattderkuerschner"}
    assert len(keys) == 1
    by_id = [m for m in addition.matching.matches if m.rule is MatchRule.FIDE_ID]
    assert by_id


def test_a_real_near_duplicate_is_reported_and_not_merged(season_events: list) -> None:
    """Bunratty Masters lists 'Jones, Gawain' (line 17, no ID); Kilkenny 'Jones,Gawain C.'
    (ID 7685): the officer is asked, with the evidence, and they stay two players. Both are
    shown as the list writes names, given name first ('Gawain Jones', 'Gawain C. Jones'), the
    same from ``season add`` as from a recalc (the user test's Name column showed the file's
    spelling)."""
    addition = add_events(Season(), season_events)
    found = [
        c
        for c in addition.candidates
        if {c.name, c.other_name} == {"Gawain Jones", "Gawain C. Jones"}
    ]
    assert len(found) == 1
    assert found[0].key != found[0].other
    assert "a middle initial C. left out" in found[0].reasons[0]
    assert found[0].source is not None
    assert found[0].source.file in (
        "icu_bunratty-masters_2011.tab",
        "icu_kilkenny-masters_2011.tab",
    )


# --- dates ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "round_number", "date"),
    [
        # 132: "10.09.13  10.09.25 ...": YY.MM.DD
        ("icu_armstrong-cup_2010-11.tab", 1, dt.date(2010, 9, 13)),
        ("icu_armstrong-cup_2010-11.tab", 2, dt.date(2010, 9, 25)),
        ("icu_armstrong-cup_2010-11.tab", 11, dt.date(2011, 3, 13)),
        # 132: "11.25.02 ... 11.27.02": YY.DD.MM (a month above 12)
        ("icu_bunratty-minor_2011.tab", 1, dt.date(2011, 2, 25)),
        ("icu_bunratty-minor_2011.tab", 6, dt.date(2011, 2, 27)),
        # no 132: the event's start date (042 2011-11-25) for every round
        ("icu_kilkenny-masters_2011.tab", 6, dt.date(2011, 11, 25)),
        # an empty 132: 042 "May 29, 2020"
        ("lichess_2020-05-29_mai-5plus0.trf", 10, dt.date(2020, 5, 29)),
        # 042 "28. 07. 2005", no round dates
        ("karl-mala-gedenkturnier_2005_frankfurt.trf", 7, dt.date(2005, 7, 28)),
    ],
)
def test_a_game_is_dated_by_its_round_else_by_its_event(
    file: str, round_number: int, date: dt.date
) -> None:
    event = read_trf_bytes((DATA / file).read_bytes(), file)
    assert {g.date for g in event.games if g.round == round_number} == {date}


TWO_PLAYERS = [
    "012 Club Night",
    record(1, "Able, Ann", "1.0", 1, ["2,w,1"]),
    record(2, "Baker, Bob", "0.0", 2, ["1,b,0"]),
]


def test_a_game_with_no_date_is_an_error_naming_the_file_and_line() -> None:
    """No 132 round date and no 042 start date: the round cannot be dated."""
    with pytest.raises(SeasonError) as caught:
        read_trf("\n".join(TWO_PLAYERS), "club-night.trf")
    assert str(caught.value) == (
        "file 'club-night.trf', line 2: round 1 has no date: the source gives neither the "
        "round's date nor the event's start date"
    )


def test_a_round_date_that_does_not_read_is_said_in_the_lists_words() -> None:
    """Round 1's date 'Saturday' is no date: the season dates its game by the start date (042)
    and says so; the import's own advice ("kept as text", for a Swiss book) is not passed on."""
    lines = [*TWO_PLAYERS, "042 2025/09/06", "132" + " " * 88 + "  Saturday"]
    event = read_trf("\n".join(lines), "club-night.trf")
    assert [g.date for g in event.games] == [dt.date(2025, 9, 6)]
    assert (
        "file 'club-night.trf': round 1's date 'Saturday' is not a date: its games are dated "
        "by the event's start date, 2025-09-06"
    ) in event.notes
    assert not [n for n in event.notes if "kept as text" in n]


# --- a result sheet that contradicts itself ------------------------------------------------------


def test_a_contradicting_result_sheet_lists_every_contradiction_with_file_and_line() -> None:
    """Player 1 meets 3, but 3's record says 2 (the coordinator's "1 met 12, 12 says 6"); and
    in round 2 players 1 and 2 both claim the win: each named by file and line, both at once."""
    text = "\n".join(
        [
            "012 Goofy Sheet",
            "042 2025/01/11",
            record(1, "Able, Ann", "2.0", 1, ["3,w,1", "2,b,1"]),
            record(2, "Baker, Bob", "1.0", 2, ["0000,-,U", "1,w,1"]),
            record(3, "Cole, Cat", "0.0", 3, ["2,b,0", "0000,-,U"]),
        ]
    )
    with pytest.raises(InputErrors) as caught:
        read_trf(text, "goofy.trf")
    lines = [str(e) for e in caught.value.errors]
    assert len(lines) == 3
    assert lines[0].startswith("file 'goofy.trf', line 3: round 1 (columns 92-99): player 1 ")
    assert "meets 3, but the record of 3 (line 5) says opponent 2" in lines[0]
    assert lines[1] == (
        "file 'goofy.trf', line 5: round 1 (columns 92-99): player 3 meets 2, but the record "
        "of 2 (line 4) says a bye in round 1"
    )
    assert lines[2] == (
        "file 'goofy.trf', line 4: round 2 (columns 102-109): results '1' (player 2) and '1' "
        "(player 1, line 3) do not make one game"
    )
    assert all(isinstance(e, SeasonError) for e in caught.value.errors)


def test_a_file_that_is_no_trf_is_named() -> None:
    with pytest.raises(RatingbookError, match=r"^file 'notes\.txt': the file has no player"):
        read_trf("just some notes\n", "notes.txt")


# --- the same event twice ------------------------------------------------------------------------


def test_the_same_file_added_twice_is_refused(season_events: list) -> None:
    first = add_events(Season(), season_events[:3]).season
    again = read_trf_bytes(FILES[1].read_bytes(), FILES[1].name)
    addition = add_events(first, [again])
    assert addition.season is first
    assert [str(p) for p in addition.problems] == [
        f"file {FILES[1].name!r}: the event {again.name!r} is already in the season as "
        f"{again.name!r}: the same 1 game and byes (also file "  # the excerpt's one game
        f"{FILES[1].name!r})"
    ]


def test_the_same_event_renamed_and_written_again_by_another_program_is_refused() -> None:
    """The Kilkenny file, written again by ratingbook's TRF export (TRF-2026 columns, its own
    records) under another name, is the same event: refused, naming both files."""
    path = DATA / "icu_kilkenny-masters_2011.tab"
    original = read_trf_bytes(path.read_bytes(), path.name)
    rewritten_text = export_trf(import_trf(raw_text(path)).event)
    assert rewritten_text != raw_text(path)
    rewritten = read_trf(rewritten_text, "kilkenny-final-results.trf")
    assert rewritten.fingerprint == original.fingerprint
    season = add_events(Season(), [original]).season
    addition = add_events(season, [rewritten])
    assert len(addition.problems) == 1
    message = str(addition.problems[0])
    assert message.startswith("file 'kilkenny-final-results.trf': the event 'Kilkenny Masters'")
    assert message.endswith(f"(also file {path.name!r})")


def test_two_sections_of_one_name_are_two_events(season_events: list) -> None:
    """The four Bunratty sections are all called 'Bunratty 2011': their games tell them apart."""
    bunratty = [e for e in season_events if e.name == "Bunratty 2011"]
    assert len(bunratty) == 4
    assert len({e.fingerprint for e in bunratty}) == 4


def test_forfeits_and_byes_are_kept_with_their_kind_and_never_rated(season_events: list) -> None:
    gros = next(e for e in season_events if e.source.file.startswith("javafo"))
    forfeits = [g for g in gros.games if not g.is_bye and g.result in FORFEIT_RESULTS]
    assert forfeits and all(g.unrated_reason == "a forfeit" and not g.rated for g in forfeits)
    byes = [g for g in gros.games if g.is_bye]
    assert {g.result for g in byes} >= {Result.HALF_POINT_BYE}
    assert all(g.unrated_reason == "a bye" for g in byes)


# --- results a rated list does not take ----------------------------------------------------------

THREE_ROUNDS = [
    "012 Club Night",
    "042 2025/09/06",
    record(1, "Able, Ann", "1.0", 1, ["2,w,1", "3,b,1"]),
    record(2, "Baker, Bob", "1.0", 2, ["1,b,0", "0000,-,U"]),
    record(3, "Cole, Cat", "1.0", 3, ["0000,-,U", "1,w,0"]),
]


def test_an_unknown_result_symbol_is_an_error_naming_file_line_and_column() -> None:
    """Round 1 of line 3 written ``Q`` (the user test's lichess file): TRF has no such result
    (FIDE's TRF-2026 result codes; ? and X for a game without a result yet). The Swiss reading
    guesses an adjourned game; a rated list refuses the file, naming column 99 (round 1's
    result letter: columns 92-99, the letter last), with its other games for the season's
    checks (round 2's)."""
    lines = [*THREE_ROUNDS]
    lines[2] = record(1, "Able, Ann", "1.0", 1, ["2,w,Q", "3,b,1"])
    with pytest.raises(PartlyRead) as caught:
        read_trf("\n".join(lines), "club-night.trf")
    assert str(caught.value) == (
        "file 'club-night.trf', line 3: round 1 (columns 92-99): result 'Q' in column 99 is "
        "not a TRF result code (1, 0, =, +, -, W, D, L; ? or X for a game without a result yet)"
    )
    assert {g.round for g in caught.value.event.games} == {2}  # round 1 waits for its result


def test_an_adjourned_game_is_named_and_its_round_left_out() -> None:
    """Round 2's game Cole - Able written ``?`` on both records: adjourned, no rated result.
    Round 1 goes in (one game, one bye); round 2 waits, and the notes name the game."""
    lines = [*THREE_ROUNDS]
    lines[2] = record(1, "Able, Ann", "1.5", 1, ["2,w,1", "3,b,?"])
    lines[4] = record(3, "Cole, Cat", "1.5", 3, ["0000,-,U", "1,w,?"])
    event = read_trf("\n".join(lines), "club-night.trf")
    assert {g.round for g in event.games} == {1}
    assert (
        "file 'club-night.trf', line 5: round 2: the game Cole, Cat - Able, Ann is adjourned "
        "(? or X: no result yet), which a rated list does not rate: its round is left out "
        "until the result is entered"
    ) in event.notes


def test_an_unknown_result_symbol_is_listed_with_the_files_contradictions() -> None:
    """Round 1 of line 3 written ``Q`` and line 4's round 2 meeting 3, whose record (line 5)
    says 1: both named in one run (the contradiction is found after every record is read)."""
    lines = [*THREE_ROUNDS]
    lines[2] = record(1, "Able, Ann", "1.0", 1, ["2,w,Q", "3,b,1"])
    lines[3] = record(2, "Baker, Bob", "1.0", 2, ["1,b,0", "3,w,1"])
    with pytest.raises(InputErrors) as caught:
        read_trf("\n".join(lines), "club-night.trf")
    assert caught.value.lines() == [
        "file 'club-night.trf', line 4: round 2 (columns 102-109): player 2 meets 3, but the "
        "record of 3 (line 5) says opponent 1 in round 2",
        "file 'club-night.trf', line 3: round 1 (columns 92-99): result 'Q' in column 99 is "
        "not a TRF result code (1, 0, =, +, -, W, D, L; ? or X for a game without a result yet)",
    ]
