"""``ratingbook.events.as_paired`` on a team event: a board is named in the log by its players'
start numbers (team by team in pairing-number order, each roster in board order), a board with
an empty seat by ``0`` for White and ``=BYE`` for Black, as its ``Correction`` row writes it;
the round paired before the correction is viewed with the result then.

Two teams, two boards: Rooks (1900, 1800: rating 1850, pairing number 1; start numbers Ann
Ash 1, Amy Arm 2) and Pawns (1700, 1600: 1650, number 2; Bea Bos 3, Bob Bel 4). Round 1, Rooks -
Pawns: board 1 Ann Ash - (nobody) +/-, board 2 (nobody) - Amy Arm -/+ (board 2's colours the
other way round): both forfeit wins for Rooks, logged as ``1=BYE`` and ``0-2``. Both corrected
to -/- after round 2 was paired.
"""

from __future__ import annotations

from ratingbook.core.results import Result
from ratingbook.events.as_paired import (
    Corrected,
    corrected_after_pairing,
    correction_note,
    pairing_views,
)
from ratingbook.events.fide_mode.log import LogEntry, LogKind, chain
from ratingbook.events.team import BoardGame, Team, TeamEvent, TeamMatch, TeamPlayer, TeamSettings

ROOKS = Team(
    "Rooks", (TeamPlayer("Ann Ash", "Rooks", 1, 1900), TeamPlayer("Amy Arm", "Rooks", 2, 1800))
)
PAWNS = Team(
    "Pawns", (TeamPlayer("Bea Bos", "Pawns", 1, 1700), TeamPlayer("Bob Bel", "Pawns", 2, 1600))
)
FIRST = BoardGame(1, 1, 1, "Ann Ash", None, Result.DOUBLE_FORFEIT)
SECOND = BoardGame(1, 1, 2, None, "Amy Arm", Result.DOUBLE_FORFEIT)
EVENT = TeamEvent(
    (PAWNS, ROOKS),  # the sheet's order: the pairing numbers go by rating
    TeamSettings(boards=2, rounds=3),
    (TeamMatch(1, 1, "Rooks", "Pawns"), TeamMatch(2, 1, "Pawns", "Rooks")),
    (
        FIRST,
        SECOND,
        BoardGame(2, 1, 1, "Bea Bos", "Ann Ash", None),
        BoardGame(2, 1, 2, "Amy Arm", "Bob Bel", None),
    ),
)


def entry(round_number: int, kind: LogKind, before: str = "", after: str = "") -> LogEntry:
    return LogEntry("2026-07-06T09:00:00Z", round_number, kind, before, after, "arbiter")


LOG = chain(
    [
        entry(1, LogKind.PAIRING, after="round 1 paired: 1 match"),
        entry(2, LogKind.PAIRING, after="round 2 paired: 1 match"),
        entry(1, LogKind.CORRECTION, "1=BYE: +/-", "-/-"),
        entry(1, LogKind.CORRECTION, "0-2: -/+", "-/-"),
    ]
)


def test_start_numbers_go_team_by_team_in_pairing_number_order() -> None:
    assert EVENT.start_numbers() == {"Ann Ash": 1, "Amy Arm": 2, "Bea Bos": 3, "Bob Bel": 4}


def test_round_2_is_viewed_with_the_forfeit_wins_it_was_paired_on() -> None:
    corrected = corrected_after_pairing(EVENT, LOG)
    assert corrected == {
        2: (
            Corrected(FIRST, Result.WHITE_WINS_BY_FORFEIT),
            Corrected(SECOND, Result.BLACK_WINS_BY_FORFEIT),
        )
    }
    views = dict((rounds, view) for view, rounds in pairing_views(EVENT, LOG))
    assert views[(1,)] is EVENT
    then = [g.result for g in views[(2,)].games if g.round == 1]
    assert then == [Result.WHITE_WINS_BY_FORFEIT, Result.BLACK_WINS_BY_FORFEIT]
    assert correction_note(2, corrected[2]) == (
        "round 2 was paired before round 1's result Ann Ash - (no player) was corrected from "
        "+/- to -/-; round 1's result (no player) - Amy Arm was corrected from -/+ to -/-: it "
        "is judged on the results then"
    )


def test_a_round_paired_after_the_correction_is_viewed_as_it_is() -> None:
    """Round 2 taken back and paired again after the corrections: paired on them."""
    again = chain(
        [
            *LOG,
            entry(2, LogKind.UNPAIRING, "round 2 paired", "round 2 unpaired"),
            entry(2, LogKind.PAIRING, after="round 2 paired: 1 match"),
        ]
    )
    assert corrected_after_pairing(EVENT, again) == {}
    assert pairing_views(EVENT, again) == [(EVENT, (1, 2))]
