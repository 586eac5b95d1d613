"""A team TRF-2026 file that other engines read as ratingbook means it (issue 37).

TRF-2026 names record 362's symbols ``TW``, ``TD`` and ``TL`` and gives no columns; record 162,
the individual points, puts a symbol's letter at column 6, 15, 24 and its points at 7-10,
16-19, 25-28. gacrux reads 362 the way it reads 162 (the letter at 6, 15, 24); Sharly-Chess's
bbpPairings fork (``src/fileformats/teamtrf.cpp``) reads the two letters at 5-6, 14-15, 23-24
and the points at 7-10, 16-19, 25-28, and falls back to 2/1/0 when it finds no ``TW``. That
fork finds a team's pairing-allocated bye on the board-1 player's ``0000 - U`` entry (with no
entry it reads a zero-point bye, worth no match points); gacrux accepts a bye "sat out with U
on every board" beside record 320. The expected columns below come from those texts; what
the fork paired on such files was recorded with it (not a dependency) and is quoted in the
tests that use it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.fide.test_team_pairing import _generated, _teams
from tests.trf.test_team_records import _small

from ratingbook.core.results import Result
from ratingbook.events.team import BoardGame, TeamEvent, TeamMatch, TeamSettings
from ratingbook.fide.gacrux.team_pairing import check_team_rounds, pair_next_team_round
from ratingbook.trf.records import TrfError
from ratingbook.trf.team_codes import match_points_of_record, match_points_record
from ratingbook.trf.team_records import export_team_trf, import_team_trf


def test_record_362_has_both_readers_columns() -> None:
    """3/1/0: ``TW`` at 5-6 and 3.0 at 7-10, ``TD`` at 14-15 and 1.0 at 16-19, ``TL`` at
    23-24 and 0.0 at 25-28; so the single letters sit at 6, 15 and 24 (162's layout)."""
    line = match_points_record(TeamSettings(match_win=Fraction(3)))
    assert line[0:3] == "362"
    assert (line[4:6], line[6:10]) == ("TW", " 3.0")
    assert (line[13:15], line[15:19]) == ("TD", " 1.0")
    assert (line[22:24], line[24:28]) == ("TL", " 0.0")
    assert (line[5], line[14], line[23]) == ("W", "D", "L")


@pytest.mark.parametrize("seed", [3, 4])
def test_gacrux_reads_the_file_as_ratingbook_paired_it(seed: int) -> None:
    """Nine teams, 3/1/0, six rounds (a bye every round): ratingbook paired each round from
    its own event; gacrux's checker, reading only the file (362 with ``TW``, the byes' ``U``
    entries and 320), finds every round to be the pairing C.04.6 gives. Were 362 read as 2/1/0
    or a bye as worth nothing, the score brackets would differ and rounds would fail."""
    event = _generated(9, 6, 2, seed, match_win=Fraction(3))
    text = export_team_trf(event)
    assert "0000 - U" in text and "362 TW 3.0" in text
    assert check_team_rounds(text) == [True] * 6


@pytest.mark.parametrize(
    ("body", "win", "draw"),
    [
        ("  W 3.0    D 1.0    L 0.0", 3, 1),  # ratingbook before issue 37, gacrux's own
        (" TW 3.0   TD 1.0   TL 0.0", 3, 1),  # ratingbook now
        (" TW  2.0   TD  1.0   TL  0.0", 2, 1),  # the fork's own test files
        (" tw3 td0.5", 3, Fraction(1, 2)),  # no spaces, lower case
        (" TW 11.5", Fraction(23, 2), None),  # a value as wide as its field
    ],
)
def test_every_spelling_of_record_362_is_read(body: str, win: Fraction, draw: object) -> None:
    read = match_points_of_record(body)
    assert read["match_win"] == win
    assert read.get("match_draw") == draw


def test_a_record_362_that_is_not_match_points_is_named_at_its_line() -> None:
    lines = export_team_trf(_small()).splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("362"))
    lines[at] = "362 TW 3.0   TX 1.0"
    with pytest.raises(TrfError) as caught:
        import_team_trf("\n".join(lines) + "\n")
    assert f"line {at + 1}" in str(caught.value) and "'TX 1.0'" in str(caught.value)


def test_the_bye_team_has_u_on_each_board_once_the_round_has_results() -> None:
    """_small(): Gamma (Eve Eng, Fay Fox; start numbers 5 and 6) has round 1's bye, and round 1
    has results: both have ``0000 - U`` in round 1 (columns 92-99). A bye is a drawn match
    (C.04.6 art. 1.4): 1 match point and 1 game point of 2 boards (record 320), so record 162
    gives the U (its ``P``, at column 33 and 34-37) ½, and each player's points (81-84) are ½:
    together the 320's game point, as gacrux checks."""
    lines = export_team_trf(_small()).splitlines()
    for number in (5, 6):
        line = next(x for x in lines if x.startswith(f"001 {number:4d}"))
        assert line[91:99] == "0000 - U"
        assert line[80:84] == " 0.5"
    assert next(x for x in lines if x.startswith("320")) == "320  1.0  1.0   3"
    record_162 = next(x for x in lines if x.startswith("162"))
    assert (record_162[32], record_162[33:37]) == ("P", " 0.5")


def test_a_bye_of_a_round_without_results_has_no_u() -> None:
    """Paired, not played: the bye is in 320 only, as gacrux leaves out a bye of a round not
    played (TRF-2026: 81-84 count what was played)."""
    event = _small()
    unplayed = type(event)(event.teams, event.settings, event.matches, ())
    assert "0000 - U" not in export_team_trf(unplayed)


def test_a_round_trip_with_u_entries_keeps_the_event() -> None:
    event = _small()
    back = import_team_trf(export_team_trf(event))
    assert back.matches == event.matches and back.games == event.games


def test_the_bye_and_3_1_0_give_the_pairing_both_engines_give() -> None:
    """Five teams of two boards, 3/1/0. Round 1: T02-T03 1-1, T01-T05 1-1, T04 the bye (a
    drawn match: 1 match point, 1 game point). Every team stands on 1 and 1.

    By hand (C.04.6 art. 3.4): the bye goes to the lowest-ranked team that has not had one:
    T01 (pairing number 4; T04, number 5, had it). The other four form one bracket, S1 = T02,
    T05 and S2 = T03, T04; T02-T03 met, so T02-T04 and T05-T03.

    Sharly-Chess's bbpPairings fork (``--team``), given this file, paired ``1-5, 2-3, 4 bye``
    (recorded); given the same round written as before issue 37 (``362  W 3.0``, no ``U``) it
    read T04's bye as a zero-point bye and gave T04 a second bye (``1-4, 2-3, 5 bye``)."""
    teams = {
        "T02": (("T02 P1", 1849), ("T02 P2", 2369)),
        "T05": (("T05 P1", 1832), ("T05 P2", 1931)),
        "T03": (("T03 P1", 2189), ("T03 P2", 1403)),
        "T01": (("T01 P1", 1427), ("T01 P2", 1988)),
        "T04": (("T04 P1", 1213), ("T04 P2", 1261)),
    }
    event = TeamEvent(_teams(teams), TeamSettings(rounds=4, boards=2, match_win=Fraction(3)))
    assert list(event.pairing_numbers()) == ["T02", "T05", "T03", "T01", "T04"]
    black = Result.BLACK_WINS
    round_1 = (
        TeamMatch(1, 1, "T02", "T03"),
        TeamMatch(1, 2, "T01", "T05"),
        TeamMatch(1, 3, "T04", None),
    )
    games = (
        BoardGame(1, 1, 1, "T02 P1", "T03 P1", black),
        BoardGame(1, 1, 2, "T03 P2", "T02 P2", black),
        BoardGame(1, 2, 1, "T01 P1", "T05 P1", black),
        BoardGame(1, 2, 2, "T05 P2", "T01 P2", black),
    )
    event = TeamEvent(event.teams, event.settings, round_1, games)
    text = export_team_trf(event)
    assert "362 TW 3.0" in text and text.count("0000 - U") == 2
    paired = {frozenset((p.match.white, p.match.black)) for p in pair_next_team_round(event)}
    assert paired == {
        frozenset(("T02", "T04")),
        frozenset(("T05", "T03")),
        frozenset(("T01", None)),
    }


def test_a_bye_given_only_by_u_on_board_1_is_read() -> None:
    """A file as the fork writes it: record 320 with the points only, the bye as ``U`` on the
    bye team's board-1 player. _small()'s round 1 so written reads as _small()."""
    lines = []
    for line in export_team_trf(_small()).splitlines():
        if line.startswith("320"):
            line = line[:13]  # the points, no team numbers
        lines.append(line)
    back = import_team_trf("\n".join(lines) + "\n")
    assert back.matches == _small().matches
