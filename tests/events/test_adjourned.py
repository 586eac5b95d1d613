"""The rules of adjourned games over the event's model (FIDE's 2026 checklist, Q157-169, as
Sharly-Chess's issue #2316 quotes them; TRF-2026, record 162: "X unknown result (e.g. adjourned
game)", by default "same as D"): the spellings, the points, which games a pairing adjourns, and
what an unresolved adjournment stops."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from ratingbook.core.results import Result, parse_swiss_result
from ratingbook.errors import InvalidResultError
from ratingbook.events.adjourned import adjourn_missing, adjourned_games, final_refusal
from ratingbook.events.codes import Scoring
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings


@pytest.mark.parametrize("typed", ["?", "adj", "Adj.", " ADJOURNED "])
def test_a_swiss_games_result_registers_a_game_as_adjourned(typed: str) -> None:
    assert parse_swiss_result(typed, bye_row=False, adjourned=True) is Result.ADJOURNED


def test_where_no_adjourned_game_is_kept_a_question_mark_is_refused() -> None:
    """A team's board, a PGN game, a results desk report: no adjournment there."""
    with pytest.raises(InvalidResultError, match="unknown result '\\?'"):
        parse_swiss_result("?", bye_row=False)
    with pytest.raises(InvalidResultError, match="is not a bye"):
        parse_swiss_result("?", bye_row=True, adjourned=True)


@pytest.mark.parametrize(
    "scoring, each",
    [
        (Scoring(), Fraction(1, 2)),
        # record 162's X is "same as D": with 3 for a win and 1 for a draw, 1 each
        (Scoring(win=Fraction(3), draw=Fraction(1), pairing_bye=Fraction(3)), Fraction(1)),
    ],
)
def test_an_adjourned_game_is_worth_a_draw_to_both(scoring: Scoring, each: Fraction) -> None:
    assert scoring.points(Result.ADJOURNED) == (each, each)


def event(rounds: int, *entries: SwissEntry) -> SwissEvent:
    players = tuple(SwissPlayer(name, rating) for name, rating in [("A", 2000), ("B", 1900)])
    more = (SwissPlayer("C", 1800), SwissPlayer("D", 1700))
    return SwissEvent(players + more, entries, SwissSettings(rounds=rounds))


def test_pairing_adjourns_the_games_of_paired_rounds_without_a_result_never_a_bye() -> None:
    played = SwissEntry(1, 1, "A", "C", Result.WHITE_WINS)
    open_game = SwissEntry(1, 2, "D", "B", None)
    adjourned, games = adjourn_missing(event(3, played, open_game))
    assert games == [SwissEntry(1, 2, "D", "B", Result.ADJOURNED)]
    assert adjourned.entries == (played, games[0])
    assert adjourned.pending() == [] and adjourned_games(adjourned) == games
    assert adjourned.points() == {"A": 1, "B": Fraction(1, 2), "C": 0, "D": Fraction(1, 2)}


def test_an_adjourned_game_stops_the_final_report_only_once_the_last_round_is_paired() -> None:
    rounds_1 = (
        SwissEntry(1, 1, "A", "C", Result.WHITE_WINS),
        SwissEntry(1, 2, "D", "B", Result.ADJOURNED),
    )
    assert final_refusal(event(2, *rounds_1), "the TRF") is None  # during the event: ITDX
    round_2 = (SwissEntry(2, 1, "B", "A", Result.DRAW), SwissEntry(2, 2, "C", "D", Result.DRAW))
    refused = final_refusal(event(2, *rounds_1, *round_2), "the TRF")
    assert refused is not None
    assert refused.problem.startswith(
        "the TRF cannot be produced while an adjourned game has no result: round 1 board 2 "
        "(D - B): 1 adjourned game has no result yet"
    )
    resolved = (rounds_1[0], SwissEntry(1, 2, "D", "B", Result.BLACK_WINS), *round_2)
    assert final_refusal(event(2, *resolved), "the TRF") is None


def test_a_round_with_no_result_in_is_not_adjourned_one_result_in_adjourns_the_rest() -> None:
    # The lead's reading of Q159 for ratingbook: the missing results of a round begun are
    # adjourned; a round none of whose games has a result is refused (pairing names its boards).
    unplayed = (SwissEntry(1, 1, "A", "C", None), SwissEntry(1, 2, "D", "B", None))
    not_begun = event(3, *unplayed)
    assert adjourn_missing(not_begun) == (not_begun, [])
    one_in = event(3, replace(unplayed[0], result=Result.WHITE_WINS), unplayed[1])
    _, games = adjourn_missing(one_in)
    assert games == [SwissEntry(1, 2, "D", "B", Result.ADJOURNED)]
    adjourned_on_purpose = event(3, replace(unplayed[0], result=Result.ADJOURNED), unplayed[1])
    _, games = adjourn_missing(adjourned_on_purpose)  # ``?`` typed is a result typed
    assert games == [SwissEntry(1, 2, "D", "B", Result.ADJOURNED)]
