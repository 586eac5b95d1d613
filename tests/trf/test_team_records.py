"""Tests for ``ratingbook.trf.team_records``: the TRF-2026 team records written and read back.

A round trip (event -> TRF -> event -> TRF) keeps everything: teams and rosters in board
order, ratings, FIDE IDs, settings (record 192's code, 352, 362, 212), matches with the team
that has White on board 1, each board's players and result, byes (320), empty seats (300)
and teams that did not come (330). The column positions are checked on hand-made lines.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from tests.fide.test_team_pairing import _generated

from ratingbook.core.results import Result
from ratingbook.errors import InputErrors
from ratingbook.events.team import BoardGame, Team, TeamEvent, TeamMatch, TeamPlayer, TeamSettings
from ratingbook.trf.records import TrfError
from ratingbook.trf.team_records import (
    export_team_trf,
    import_team_trf,
    read_team_trf,
    team_code,
)


def test_record_192_codes() -> None:
    """TRF-2026's table of codes: colour type, then the main score first."""
    assert team_code(TeamSettings()) == "FIDE_TEAM_TYPEA_MP_GP"
    assert (
        team_code(TeamSettings(colours="Type B", main_score="Game Points"))
        == "FIDE_TEAM_TYPEB_GP_MP"
    )
    assert team_code(TeamSettings(colours="None")) == "FIDE_TEAM_MP_GP"
    assert team_code(TeamSettings(system="Double Round Robin")) == "FIDE_TEAM_DOUBLEROUNDROBIN"


def _small() -> TeamEvent:
    a = Team(
        "Alpha",
        (TeamPlayer("Ann Ash", "Alpha", 1, 2100, 1234567), TeamPlayer("Bob Bay", "Alpha", 2, 2000)),
    )
    b = Team(
        "Beta", (TeamPlayer("Cal Cox", "Beta", 1, 1900), TeamPlayer("Dee Dow", "Beta", 2, 1800))
    )
    c = Team(
        "Gamma", (TeamPlayer("Eve Eng", "Gamma", 1, 1700), TeamPlayer("Fay Fox", "Gamma", 2, None))
    )
    settings = TeamSettings(
        event_name="Club Cup", rounds=3, boards=2, match_win=Fraction(3), tiebreaks=("MPVGP", "BC")
    )
    matches = (TeamMatch(1, 1, "Beta", "Alpha"), TeamMatch(1, 2, "Gamma", None))
    games = (
        BoardGame(1, 1, 1, "Cal Cox", "Ann Ash", Result.DRAW),
        BoardGame(1, 1, 2, "Bob Bay", None, Result.WHITE_WINS_BY_FORFEIT),
    )
    return TeamEvent((a, b, c), settings, matches, games)


def test_columns_of_the_team_records() -> None:
    """310: pairing number in 5-7, name from 9, match points 55-60, game points 62-67, players
    from 74, five apart. Alpha (average 2050, no. 1) drew board 1 with Black and won board 2
    by forfeit: 1½ game points, 3 match points (3/1/0). Gamma's bye: 1 match point, 1 game
    point, in record 320 (round 1: team 3)."""
    text = export_team_trf(_small())
    lines = text.splitlines()
    alpha = next(line for line in lines if line.startswith("310   1"))
    assert alpha[8:40].rstrip() == "Alpha"
    assert float(alpha[54:60]) == 3.0 and float(alpha[61:67]) == 1.5
    assert alpha[73:77] == "   1" and alpha[78:82] == "   2"
    assert "352 WB" in lines and "362 TW 3.0   TD 1.0   TL 0.0" in lines
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in lines and "212 MPTS MPVGP BC" in lines
    assert next(line for line in lines if line.startswith("320")) == "320  1.0  1.0   3"
    ann = next(line for line in lines if line.startswith("001    1"))
    assert ann[14:47].rstrip() == "Ann Ash" and ann[57:68].strip() == "1234567"
    assert ann[91:99] == "   3 b ="
    # Bob's board has no opponent: a forfeit win; the 300 records keep the empty seat.
    assert next(line for line in lines if line.startswith("001    2"))[91:99] == "0000 - +"
    assert "300   1   2   1    3    0" in lines


def test_round_trip_keeps_everything() -> None:
    event = _small()
    back = import_team_trf(export_team_trf(event))
    assert back.teams == event.teams
    assert back.matches == event.matches
    assert back.games == event.games
    assert back.settings == event.settings


def test_a_reserve_above_a_regular_player_keeps_board_and_colour() -> None:
    """Alpha fields Ann on board 1 and its reserve Cid (roster 3) on board 2: Bob (roster 2)
    does not play. Then Bob plays board 1 and Ann board 2: a team out of its roster's order,
    which only record 300 tells (a reader seats the players in roster order without it). Beta
    has White on board 1, so Alpha has Black on board 1 and White on board 2. Numbers: Alpha
    1-3 (Ann, Bob, Cid), Beta 4-5; round 2 is round 1's match again."""
    alpha = Team(
        "Alpha",
        (
            TeamPlayer("Ann Ash", "Alpha", 1, 2100),
            TeamPlayer("Bob Bay", "Alpha", 2, 2050),
            TeamPlayer("Cid Cox", "Alpha", 3, 1700),
        ),
    )
    beta = Team(
        "Beta", (TeamPlayer("Dee Dow", "Beta", 1, 1900), TeamPlayer("Eve Eng", "Beta", 2, 1800))
    )
    matches = (TeamMatch(1, 1, "Beta", "Alpha"), TeamMatch(2, 1, "Beta", "Alpha"))
    games = (
        BoardGame(1, 1, 1, "Dee Dow", "Ann Ash", Result.DRAW),
        BoardGame(1, 1, 2, "Cid Cox", "Eve Eng", Result.WHITE_WINS),
        BoardGame(2, 1, 1, "Dee Dow", "Bob Bay", Result.BLACK_WINS),
        BoardGame(2, 1, 2, "Ann Ash", "Eve Eng", Result.DRAW),
    )
    event = TeamEvent((alpha, beta), TeamSettings(boards=2), matches, games)
    text = export_team_trf(event)
    # Round 1 (Ann, Cid) follows the roster with Bob left out: no record needed.
    assert [line for line in text.splitlines() if line.startswith("300")] == [
        "300   2   1   2    2    1",
        "300   2   2   1    4    5",
    ]
    back, noted = read_team_trf(text)
    assert back.games == event.games and back.matches == event.matches
    assert noted == []
    assert export_team_trf(back) == text


@pytest.mark.parametrize(("teams", "rounds", "seed"), [(9, 5, 1), (8, 5, 2)])
def test_round_trip_of_generated_events(teams: int, rounds: int, seed: int) -> None:
    """Byes, board forfeits, missing players and a whole team not coming survive a round trip."""
    event = _generated(teams, rounds, 4, seed)
    text = export_team_trf(event)
    back = import_team_trf(text)
    # The file lists the teams by pairing number; the numbers themselves are kept.
    assert sorted(back.teams, key=lambda t: t.name) == sorted(event.teams, key=lambda t: t.name)
    assert back.pairing_numbers() == event.pairing_numbers()

    # A TRF file does not number the matches of a round: compare them without the number.
    def matches(e: TeamEvent) -> set[tuple[int, str, str | None]]:
        return {(m.round, m.white, m.black) for m in e.matches}

    def boards(e: TeamEvent) -> set[tuple[object, ...]]:
        return {(g.round, g.board, g.white, g.black, g.result) for g in e.games}

    assert matches(back) == matches(event)
    assert boards(back) == boards(event)
    assert export_team_trf(back) == text


def _player(number: int, name: str, rating: int, opponent: int, colour: str, result: str) -> str:
    """A 001 record laid out by hand (TRF-16 columns: number 5-8, name 15-47, rating 49-52,
    round 1 from column 92: opponent, colour, result)."""
    line = f"001 {number:4d}      {name:<33} {rating:4d}"
    return f"{line:<91}{opponent:4d} {colour} {result}"


def _team_record(name: str, *numbers: int) -> str:
    """A TRF-16 013 record: the team's name in columns 5-36, then its players' numbers."""
    return f"013 {name:<32}" + "".join(f"{n:5d}" for n in numbers)


def test_trf16_team_records_give_the_teams_and_the_boards() -> None:
    """Two teams of two (records 013, no 352): one match, Alpha's 1 and 2 against Beta's 3 and 4;
    a match has as many boards as its most games (2)."""
    text = "\n".join(
        [
            "012 Two-board league",
            _team_record("Alpha", 1, 2),
            _team_record("Beta", 3, 4),
            _player(1, "Adams, A", 2200, 3, "w", "1"),
            _player(2, "Brown, B", 2100, 4, "b", "="),
            _player(3, "Cole, C", 2150, 1, "b", "0"),
            _player(4, "Dale, D", 2050, 2, "w", "="),
        ]
    )
    event = import_team_trf(text)
    assert [(t.name, [p.name for p in t.players]) for t in event.teams] == [
        ("Alpha", ["Adams, A", "Brown, B"]),
        ("Beta", ["Cole, C", "Dale, D"]),
    ]
    assert event.settings.boards == 2
    assert [(m.round, {m.white, m.black}) for m in event.matches] == [(1, {"Alpha", "Beta"})]
    games = {(g.white, g.black, g.result) for g in event.games}
    assert games == {
        ("Adams, A", "Cole, C", Result.WHITE_WINS),
        ("Dale, D", "Brown, B", Result.DRAW),
    }


def test_a_player_in_no_team_is_named() -> None:
    text = "\n".join(
        [
            _team_record("Alpha", 1),
            _team_record("Beta", 3),
            _player(1, "Adams, A", 2200, 3, "w", "1"),
            _player(2, "Brown, B", 2100, 4, "b", "="),
            _player(3, "Cole, C", 2150, 1, "b", "0"),
            _player(4, "Dale, D", 2050, 2, "w", "="),
        ]
    )
    with pytest.raises(TrfError, match=r"start numbers 2 \(Brown, B\), 4 \(Dale, D\) played but"):
        import_team_trf(text)


def test_a_team_member_without_a_player_record_is_named() -> None:
    text = "\n".join([_team_record("Alpha", 1, 9), _player(1, "Adams, A", 2200, 0, "-", "+")])
    with pytest.raises(TrfError, match=r"'Alpha' lists start number 9"):
        import_team_trf(text)


def test_a_league_file_keeps_who_played_whom_and_says_which_colours_it_turned() -> None:
    """Alpha's Adams met Beta's Dale and Brown met Cole (not board k against board k), both
    Alpha players with White. The boards keep the games as played; the team rules alternate
    the colours (board 2: Beta's player White), so board 2 is turned and a line says so, the
    result staying Cole's win over Brown."""
    text = "\n".join(
        [
            _team_record("Alpha", 1, 2),
            _team_record("Beta", 3, 4),
            _player(1, "Adams, A", 2200, 4, "w", "1"),
            _player(2, "Brown, B", 2100, 3, "w", "0"),
            _player(3, "Cole, C", 2150, 2, "b", "1"),
            _player(4, "Dale, D", 2050, 1, "b", "0"),
        ]
    )
    event, noted = read_team_trf(text)
    assert [(g.board, g.white, g.black, g.result) for g in event.games] == [
        (1, "Adams, A", "Dale, D", Result.WHITE_WINS),
        (2, "Cole, C", "Brown, B", Result.WHITE_WINS),
    ]
    assert [(m.white, m.black) for m in event.matches] == [("Alpha", "Beta")]
    assert noted == [
        "round 1, Alpha - Beta: the file gives 1 board the other colours than the team rules' "
        "alternation; written by the rules (who played whom and the results are the file's)"
    ]


def test_a_real_trf16_team_league_imports_with_the_files_own_points() -> None:
    """The Armstrong Cup 2010-11 (tests/data/trf: 12 teams, 8 boards, 11 rounds, records 013, no
    300 or 352). Each team's points over its boards equal the points its players' 001 entries
    give (summed here from the file's columns): the two forfeits of rounds 6 and 8 ("- -" for
    the absent player, "- +" for the one who came) are each one board."""
    from tests.helpers.paths import ROOT

    from ratingbook.core.encoding import decode_legacy

    raw = decode_legacy((ROOT / "tests/data/trf/icu_armstrong-cup_2010-11.tab").read_bytes())
    team_of = {}
    for line in raw.splitlines():
        if line.startswith("013 "):
            team_of.update({int(n): line[4:36].strip() for n in line[36:].split()})
    letters = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}
    from_file: dict[str, float] = {}
    for line in raw.splitlines():
        if line.startswith("001 "):
            team = team_of[int(line[4:8])]
            for i in range(91, len(line), 10):
                if line[i : i + 8].strip():
                    from_file[team] = from_file.get(team, 0.0) + letters[line[i + 7]]
    event, noted = read_team_trf(raw)
    assert event.settings.boards == 8 and len(event.teams) == 12
    points = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "½-½": (0.5, 0.5), "+/-": (1.0, 0.0),
              "-/+": (0.0, 1.0), "-/-": (0.0, 0.0)}  # fmt: skip
    roster = {p.name: t.name for t in event.teams for p in t.players}
    on_boards: dict[str, float] = {}
    for g in event.games:
        assert g.result is not None
        for player, scored in zip((g.white, g.black), points[g.result.value], strict=True):
            if player is not None:
                on_boards[roster[player]] = on_boards.get(roster[player], 0.0) + scored
    assert not [line for line in noted if "not placed on a board" in line]
    assert on_boards == from_file


def test_a_forfeit_is_one_board_and_boards_follow_the_team_records_order() -> None:
    """Alpha lists 2 before 1 (board 1: Brown). Brown (White) beat Cole; Adams did not come
    ("- -") and Beta's Dale won by forfeit ("- +"): one board, Dale's win."""
    text = "\n".join(
        [
            _team_record("Alpha", 2, 1),
            _team_record("Beta", 3, 4),
            _player(1, "Adams, A", 2200, 0, "-", "-"),
            _player(2, "Brown, B", 2100, 3, "w", "1"),
            _player(3, "Cole, C", 2150, 2, "b", "0"),
            _player(4, "Dale, D", 2050, 0, "-", "+"),
        ]
    )
    event, noted = read_team_trf(text)
    assert [(g.board, g.white, g.black, g.result) for g in event.games] == [
        (1, "Brown, B", "Cole, C", Result.WHITE_WINS),
        (2, "Dale, D", "Adams, A", Result.WHITE_WINS_BY_FORFEIT),
    ]
    assert noted == []


def test_a_game_only_one_player_records_is_named_at_its_line() -> None:
    """Adams (line 3) says he met Cole in round 1; Cole's record names nobody then."""
    text = "\n".join(
        [
            _team_record("Alpha", 1),
            _team_record("Beta", 3),
            _player(1, "Adams, A", 2200, 3, "w", "1"),
            f"{'001    3      Cole, C':<48}2150",
        ]
    )
    with pytest.raises(
        InputErrors, match=r"line 3: round 1: player 1 met 3, but 3's record \(line 4\) does not"
    ):
        import_team_trf(text)


def test_main_score_at_round_1_travels_as_a_comment_line() -> None:
    """TRF-2026 has no record for it: a ``###`` line after the tournament records; a value
    that is neither main score is a warning naming its line and column (the value's: after the
    27 characters of ``### Main Score at Round 1: ``), the setting left empty."""
    event = _small()
    locked = TeamEvent(
        event.teams,
        replace(event.settings, main_score_at_round_1="Match Points"),
        event.matches,
        event.games,
    )
    text = export_team_trf(locked)
    lines = text.splitlines()
    assert lines[lines.index("362 TW 3.0   TD 1.0   TL 0.0") + 1] == (
        "### Main Score at Round 1: Match Points"
    )
    assert import_team_trf(text).settings == locked.settings
    assert "###" not in export_team_trf(event)  # no setting, no line
    bad = text.replace("at Round 1: Match Points", "at Round 1: Points")
    back, noted = read_team_trf(bad)
    assert back.settings.main_score_at_round_1 is None
    number = bad.splitlines().index("### Main Score at Round 1: Points") + 1
    assert noted == [
        f"line {number}, column 28: Main Score at Round 1 'Points' is not Match Points or Game "
        "Points: "
        "Main Score at Round 1 left empty in Team Settings"
    ]
