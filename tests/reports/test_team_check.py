"""``ratingbook check`` on a team event's standings (issue 37): the ranks a file's 310 records
state (columns 69-71) against the main score and the tie-break list, computed by gacrux.

The event is worked by hand: tests/trf/test_team_records.py's ``_small()``, three teams of two
boards, 3/1/0. Round 1: Beta-Alpha, board 1 drawn, board 2 won by Alpha by forfeit: Alpha 1½
game points and 3 match points, Beta ½ and 0; Gamma the bye, a drawn match: 1 and 1. So by
match points Alpha 3, Gamma 1, Beta 0. (Its round 1, made by hand, gives Beta White where
C.04.6 gives it to Alpha: that pairing problem is left out of what is compared here.)
"""

from __future__ import annotations

from tests.trf.test_team_records import _small

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
