"""``ratingbook check`` on a team event's standings (issue 37): the ranks a file's 310 records
state (columns 69-71) against the main score and the tie-break list, computed by gacrux.

The event is worked by hand: tests/trf/test_team_records.py's ``_small()``, three teams of two
boards, 3/1/0. Round 1: Beta-Alpha, board 1 drawn, board 2 won by Alpha by forfeit: Alpha 1½
game points and 3 match points, Beta ½ and 0; Gamma the bye, a drawn match: 1 and 1. So by
match points Alpha 3, Gamma 1, Beta 0. (Its round 1, made by hand, gives Beta White where
C.04.6 gives it to Alpha: that pairing problem is left out of what is compared here.)
"""

from __future__ import annotations

from dataclasses import replace

from tests.trf.test_team_records import _small

from ratingbook.core.results import Result
from ratingbook.events.team import BoardGame, Team, TeamEvent, TeamMatch, TeamPlayer, TeamSettings
from ratingbook.reports.check_notes import CheckReport, check_team_trf
from ratingbook.trf.team_records import export_team_trf, stated_team_ranks


def standings(report: CheckReport) -> tuple[str, ...]:
    return tuple(p for p in report.problems if p.startswith("standings"))


def test_ranks_in_the_order_of_the_match_points_are_clean() -> None:
    text = export_team_trf(_small(), ranks={"Alpha": 1, "Gamma": 2, "Beta": 3})
    assert stated_team_ranks(text) == {"Alpha": 1, "Gamma": 2, "Beta": 3}
    report = check_team_trf(text)
    assert standings(report) == ()
    assert report.checked.endswith("standings by MPTS MPVGP BC")


def test_a_team_ranked_above_one_with_more_match_points_is_named() -> None:
    text = export_team_trf(_small(), ranks={"Beta": 1, "Alpha": 2, "Gamma": 3})
    report = check_team_trf(text)
    assert standings(report) == (
        "standings after round 1: Beta is ranked 1 in the file, above Alpha (2), but Alpha is "
        "ahead on match points (3 against 0) (main score: match points; tie-break list: "
        "MPVGP BC; C.07)",
    )


def test_a_file_without_team_ranks_says_its_standings_are_not_checked() -> None:
    report = check_team_trf(export_team_trf(_small()))
    assert standings(report) == ()
    assert report.notes == (
        "the file states no team ranks (310 columns 69-71): standings not checked",
    )


def test_teams_sharing_a_rank_the_match_points_set_apart_are_named() -> None:
    """Alpha (3 match points) and Gamma (1) given the same rank: not tied (C.07)."""
    text = export_team_trf(_small(), ranks={"Alpha": 1, "Gamma": 1, "Beta": 3})
    assert standings(check_team_trf(text)) == (
        "standings after round 1: Alpha and Gamma share rank 1 in the file, but Alpha is "
        "ahead on match points (3 against 1), so they are not tied (main score: match points; "
        "tie-break list: MPVGP BC; C.07)",
    )


# --- the last round paired, not played yet (user test 49) -----------------------------------
#
# Four teams of two boards, pairing numbers by rating: Alpha 1, Beta 2, Gamma 3, Delta 4.
# Round 1 as C.04.6 pairs it: one score group, 1-3 and 2-4; colours by art. 4.3.1 (the first
# team's pairing number decides, odd gets the initial colour, White): Alpha - Gamma, Delta -
# Beta. Alpha wins 2-0, Delta and Beta draw 1-1.


def _four(round_2: tuple[TeamMatch, ...], results: bool = False) -> TeamEvent:
    def team(name: str, first: int) -> Team:
        players = (
            TeamPlayer(f"{name} One", name, 1, first),
            TeamPlayer(f"{name} Two", name, 2, first - 100),
        )
        return Team(name, players)

    teams = (team("Alpha", 2400), team("Beta", 2200), team("Gamma", 2000), team("Delta", 1800))
    matches = (TeamMatch(1, 1, "Alpha", "Gamma"), TeamMatch(1, 2, "Delta", "Beta"), *round_2)
    games = [
        BoardGame(1, 1, 1, "Alpha One", "Gamma One", Result.WHITE_WINS),
        BoardGame(1, 1, 2, "Gamma Two", "Alpha Two", Result.BLACK_WINS),
        BoardGame(1, 2, 1, "Delta One", "Beta One", Result.DRAW),
        BoardGame(1, 2, 2, "Beta Two", "Delta Two", Result.DRAW),
    ]
    for match in round_2:
        assert match.black is not None
        for board, (white, black) in enumerate(
            ((match.white, match.black), (match.black, match.white)), start=1
        ):
            number = "One" if board == 1 else "Two"
            result = Result.DRAW if results else None
            games.append(
                BoardGame(2, match.table, board, f"{white} {number}", f"{black} {number}", result)
            )
    settings = TeamSettings(event_name="Four", rounds=3, boards=2)
    return TeamEvent(teams, settings, matches, tuple(games))


def test_the_last_round_is_checked_before_its_results() -> None:
    """Round 2 paired again as round 1 (Alpha - Gamma, Delta - Beta), no board played yet:
    two teams meet once only (C.04.6), so round 2 breaks the rules before a board is played,
    and the check says so, as it does for an individual event's last round. Round 1 is
    the rules' pairing: nothing is said of it."""
    repeated = (TeamMatch(2, 1, "Alpha", "Gamma"), TeamMatch(2, 2, "Delta", "Beta"))
    report = check_team_trf(export_team_trf(_four(repeated)))
    assert report.checked == "2 rounds by the Swiss team system (C.04.6)"
    assert report.problems and all(p.startswith("round 2") for p in report.problems)
    assert any("Alpha - Gamma" in p for p in report.problems)
    assert report.notes == (
        "round 2 is paired and not played yet: its pairing is checked (it depends on the "
        "rounds before it only)",
        "the file states no team ranks (310 columns 69-71): standings not checked",
    )
    # Played, the same round is the same problem: the results of a round do not change
    # whether its pairing is the rules'.
    played = check_team_trf(export_team_trf(_four(repeated, results=True)))
    assert played.problems == report.problems


def test_round_1_paired_and_not_played_is_checked() -> None:
    """Round 1 paired (Alpha - Gamma, Delta - Beta, the rules' pairing worked out above), no
    board played: one round checked, and clean (it was "no paired round")."""
    event = _four(())
    unplayed = replace(event, games=tuple(replace(g, result=None) for g in event.games))
    report = check_team_trf(export_team_trf(unplayed))
    assert report.checked == "1 round by the Swiss team system (C.04.6)"
    assert report.problems == ()
    assert report.notes[0].startswith("round 1 is paired and not played yet")
