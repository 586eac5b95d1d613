"""FIDE tie-breaks and Dutch pairing through ratingbook.fide (gacrux behind one adapter).

Every expected tie-break value below is worked out by hand in the comments from the FIDE
Play-Off and Tie-Break Regulations (C.07): art. 8.1 (BH), 9.1 (SB), 7.1-7.4 (WIN, WON, BPG,
BWG), 10.1 (ARO), 14.1 (Cut-1) and art. 16 (unplayed rounds in Swiss events). Articles 16.1-16.3
and 16.5 read the same in the 2024 and 2026 editions; 16.4 differs: in 2024 the dummy opponent
of an unplayed round scores the participant's own final points, in 2026 that is capped (16.4.1:
at the scheduled opponent's adjusted score for forfeits, 16.4.2: at draw points x rounds for the
other unplayed rounds). gacrux picks the edition from the start date (before 2026-03-01: 2024).
"""

from __future__ import annotations

import datetime as dt
import itertools
import random
from fractions import Fraction

import pytest
from tests.helpers.hand_event import HAND_ENTRIES, HAND_PLAYERS

from ratingbook.core.results import Result
from ratingbook.events.event import (
    EventError,
    SwissEntry,
    SwissEvent,
    SwissPlayer,
    next_round_to_pair,
)
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.gacrux import fide_standings, pair_next_round

R = Result

CODES = ("BH", "BH/C1", "SB", "WIN", "WON", "BPG", "BWG", "ARO")


def hand_event(start: dt.date) -> SwissEvent:
    return SwissEvent(HAND_PLAYERS, HAND_ENTRIES, SwissSettings(rounds=3, start_date=start))


# Art. 16.2 categories: A R2 forfeit win (16.2.2); C R2 requested bye followed by a played
# round (16.2.3); D R2 forfeit loss (16.2.4); E R1 pairing-allocated bye (16.2.1) and E R3 a
# zero-point bye after withdrawing, in the last round (16.2.5).
# Art. 16.3 adjusted scores (what opponents count): A 3 (forfeit win as a win), B ½, C 1 (HPB
# as the draw it was awarded), D 1 (forfeit loss as a loss), E 1 + 1 + ½ = 2.5 (16.3.2: the
# last-round bye counts as a draw).
# VURs (16.1.2): C R2 (requested bye), D R2 (forfeit loss), E R3 (bye after withdrawal).
# Colours played over the board: Black = B (R1), D (R1, R3), E (R2), C (R3); D's R2 forfeit is
# not a game. Only E won with Black (R2).
COMMON = {
    # BH B: A 3 + E 2.5 + D 1 = 6.5; BH/C1 cuts the 1 -> 5.5. SB B: R3 draw with D: ½ x 1.
    "B": {
        "BH": 6.5,
        "BH/C1": 5.5,
        "SB": 0.5,
        "WIN": 0,
        "WON": 0,
        "BPG": 1,
        "BWG": 0,
        "ARO": 1767,
    },  # ARO: (2000 + 1600 + 1700) / 3 = 1766.7 -> 1767
    # BH C: D 1 + dummy(C's own 1; the 2026 cap ½ x 3 = 1.5 does not bite) + A 3 = 5.
    # BH/C1 (16.5.1): the VUR's contribution 1 is cut -> 4. SB C: ½ x 1 + ½ x 1 + 0 = 1.
    "C": {
        "BH": 5.0,
        "BH/C1": 4.0,
        "SB": 1.0,
        "WIN": 0,
        "WON": 0,
        "BPG": 1,
        "BWG": 0,
        "ARO": 1850,
    },  # (1700 + 2000) / 2
    # BH D: C 1 + dummy(D's own 1; 2026 cap A's adjusted 3 does not bite) + B ½ = 2.5.
    # BH/C1 (16.5.1): cut the VUR's 1 (not lower than the least value ½) -> 1.5, not 2.
    # SB D: ½ x 1 (C) + 0 (forfeit loss) + ½ x ½ (B) = 0.75.
    "D": {
        "BH": 2.5,
        "BH/C1": 1.5,
        "SB": 0.75,
        "WIN": 0,
        "WON": 0,
        "BPG": 2,
        "BWG": 0,
        "ARO": 1850,
    },  # (1800 + 1900) / 2: A's forfeit is no game
}
EDITION_2024 = {
    # 16.4 (2024): the dummy scores the participant's own points, uncapped.
    # BH A: B ½ + dummy(A's own 3) + C 1 = 4.5; C1 cuts ½ -> 4. SB A: ½ + 1 x 3 + 1 = 4.5.
    "A": {"BH": 4.5, "BH/C1": 4.0, "SB": 4.5, "WIN": 3, "WON": 2, "BPG": 0, "BWG": 0, "ARO": 1850},
    # BH E: dummy(2) for the PAB + B ½ + dummy(2) for R3 = 4.5; C1 cuts the VUR's 2 -> 2.5.
    # SB E: 1 x 2 (PAB, a win) + 1 x ½ (beat B) + 0 (R3) = 2.5. WIN counts the PAB (7.1).
    "E": {"BH": 4.5, "BH/C1": 2.5, "SB": 2.5, "WIN": 2, "WON": 1, "BPG": 1, "BWG": 1, "ARO": 1900},
}
EDITION_2026 = {
    # 16.4.1: A's forfeit-win dummy is capped at D's adjusted score 1.
    # BH A: ½ + 1 + 1 = 2.5; C1 cuts ½ -> 2. SB A: ½ + 1 x 1 + 1 = 2.5.
    "A": {"BH": 2.5, "BH/C1": 2.0, "SB": 2.5, "WIN": 3, "WON": 2, "BPG": 0, "BWG": 0, "ARO": 1850},
    # 16.4.2: E's dummies are capped at ½ x 3 = 1.5. BH E: 1.5 + ½ + 1.5 = 3.5; C1 cuts the
    # VUR's 1.5 -> 2. SB E: 1 x 1.5 + 1 x ½ + 0 = 2.
    "E": {"BH": 3.5, "BH/C1": 2.0, "SB": 2.0, "WIN": 2, "WON": 1, "BPG": 1, "BWG": 1, "ARO": 1900},
}


@pytest.mark.parametrize(
    ("start", "edition", "own"),
    [
        (dt.date(2025, 10, 4), "2024", EDITION_2024),
        (dt.date(2026, 2, 28), "2024", EDITION_2024),
        (dt.date(2026, 3, 1), "2026", EDITION_2026),
    ],
)
def test_hand_worked_tiebreaks_follow_the_edition_of_the_start_date(start, edition, own):
    """FIDE tie-breaks of a small event with a PAB, a forfeit, a requested bye and a
    withdrawal equal the values derived by hand from C.07 (both editions of art. 16.4)."""
    standings = fide_standings(hand_event(start), CODES)
    assert standings.rules == edition
    assert standings.after_round == 3
    got = {line.name: dict(zip(CODES, line.values, strict=True)) for line in standings.lines}
    points = {line.name: line.points for line in standings.lines}
    assert points == {"A": 3, "B": Fraction(1, 2), "C": 1, "D": 1, "E": 2}
    for name, values in {**COMMON, **own}.items():
        for code, expected in values.items():
            assert got[name][code] == pytest.approx(expected), (name, code)


def test_standings_rank_by_points_then_the_listed_tiebreaks():
    """C and D tie on 1 point; BH/C1 (4 against 1.5) puts C ahead (C.07 art. 4.2)."""
    standings = fide_standings(hand_event(dt.date(2026, 4, 1)), ("BH/C1", "BH"))
    assert [(line.rank, line.name) for line in standings.lines] == [
        (1, "A"),
        (2, "E"),
        (3, "C"),
        (4, "D"),
        (5, "B"),
    ]


def test_standings_leave_out_an_unfinished_round():
    """A round with a game still unplayed is left out: the standings are after round 1."""
    event = hand_event(dt.date(2026, 4, 1))
    unfinished = SwissEvent(
        event.players, (*HAND_ENTRIES[:3], SwissEntry(2, 1, "A", "D", None)), event.settings
    )
    standings = fide_standings(unfinished, ("BH",))
    assert standings.after_round == 1
    assert {line.name: line.points for line in standings.lines}["A"] == 1


# --- pairing -----------------------------------------------------------------------------------


def field(n: int, **withdrawn: int) -> tuple[SwissPlayer, ...]:
    return tuple(
        SwissPlayer(f"P{i:02d}", 2400 - 10 * i, withdrawn=withdrawn.get(f"P{i:02d}"))
        for i in range(1, n + 1)
    )


def test_round_one_pairs_top_half_against_bottom_half_with_alternating_colours():
    """C.04.3 round 1, 7 players: 1-4, 5-2, 3-6 (colours alternate from the drawn White of the
    top seed), the lowest-ranked player 7 gets the pairing-allocated bye."""
    event = SwissEvent(field(7), (), SwissSettings(rounds=5))
    rows = pair_next_round(event)
    assert [(e.board, e.white, e.black, e.result) for e in rows] == [
        (1, "P01", "P04", None),
        (2, "P05", "P02", None),
        (3, "P03", "P06", None),
        (4, "P07", None, R.PAIRING_BYE),
    ]


def test_round_one_with_black_for_the_top_seed():
    """First Colour = Black: the top seed gets Black on board 1, colours alternate from there."""
    event = SwissEvent(field(4), (), SwissSettings(rounds=3, first_colour="black"))
    rows = pair_next_round(event)
    assert [(e.white, e.black) for e in rows] == [("P03", "P01"), ("P02", "P04")]


def test_requested_bye_and_withdrawn_players_are_not_paired():
    """A player with a half-point bye in round 1 and a withdrawn player stay out of round 1."""
    players = field(6, P02=1)
    event = SwissEvent(
        players, (SwissEntry(1, None, "P05", None, R.HALF_POINT_BYE),), SwissSettings(rounds=3)
    )
    rows = pair_next_round(event)
    paired = {name for e in rows for name in e.players()}
    assert paired == {"P01", "P03", "P04", "P06"}
    assert all(e.black is not None for e in rows)  # four players: no pairing bye


def _play(rows: list[SwissEntry], rng: random.Random) -> list[SwissEntry]:
    outcomes = [R.WHITE_WINS, R.BLACK_WINS, R.DRAW, R.DRAW, R.WHITE_WINS_BY_FORFEIT]
    return [
        e
        if e.black is None
        else SwissEntry(e.round, e.board, e.white, e.black, rng.choice(outcomes))
        for e in rows
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pairing_a_whole_event_keeps_the_fide_absolute_rules(seed):
    """Over 7 rounds of 15 players with forfeits, requested byes and two late withdrawals:
    no two players meet twice over the board (C.04.1 b), withdrawn and bye-requesting players
    are not paired, an odd field gives exactly one pairing-allocated bye, to a player who has had
    no PAB and no point without playing (C.04.1 d), nobody gets the same colour three times in a
    row nor a colour difference beyond 2 (C.04.1 f, g; the last round's topscorers excepted)."""
    rng = random.Random(seed)
    rounds = 7
    event = SwissEvent(field(15, P03=4, P12=6), (), SwissSettings(rounds=rounds))
    for number in range(1, rounds + 1):
        requested = [
            SwissEntry(number, None, p.name, None, rng.choice([R.HALF_POINT_BYE, R.ZERO_POINT_BYE]))
            for p in event.players
            if p.plays_in(number) and rng.random() < 0.1
        ]
        event = event.with_entries(requested)
        rows = pair_next_round(event)
        out = {e.white for e in requested} | {
            p.name for p in event.players if not p.plays_in(number)
        }
        paired = [name for e in rows for name in e.players()]
        assert len(paired) == len(set(paired))
        assert set(paired) == {p.name for p in event.players} - out
        byes = [e for e in rows if e.black is None]
        assert len(byes) == len(paired) % 2
        for bye in byes:
            before = [
                e
                for e in event.entries
                if e.white == bye.white
                and e.result in (R.PAIRING_BYE, R.FULL_POINT_BYE, R.WHITE_WINS_BY_FORFEIT)
            ] + [
                e
                for e in event.entries
                if e.black == bye.white and e.result is R.BLACK_WINS_BY_FORFEIT
            ]
            assert before == [], f"{bye.white} already had a point without playing"
        played_before = {
            frozenset((e.white, e.black))
            for e in event.entries
            if e.black is not None and e.result is not None and e.result.is_played
        }
        for e in rows:
            if e.black is not None:
                assert frozenset((e.white, e.black)) not in played_before
        event = event.with_entries(_play(rows, rng))
    # Colours over the board, per player, in round order (C.04.1 f/g), except the last round.
    for player in event.players:
        colours = [
            ("w" if e.white == player.name else "b")
            for e in sorted(event.entries, key=lambda e: e.round)
            if e.round < rounds
            and e.black is not None
            and player.name in e.players()
            and e.result is not None
            and e.result.is_played
        ]
        assert "www" not in "".join(colours) and "bbb" not in "".join(colours), player.name
        assert abs(colours.count("w") - colours.count("b")) <= 2, player.name


def test_pairing_refuses_an_incomplete_round_naming_its_boards():
    event = SwissEvent(field(4), (), SwissSettings(rounds=3))
    rows = pair_next_round(event)
    done = SwissEntry(1, rows[0].board, rows[0].white, rows[0].black, R.DRAW)
    event = event.with_entries([done, rows[1]])
    with pytest.raises(EventError, match="round 1 is not complete: board 2 has no result"):
        pair_next_round(event)


def test_pairing_refuses_when_the_event_is_over_or_has_no_rounds():
    with pytest.raises(EventError, match="number of rounds is not set"):
        next_round_to_pair(SwissEvent(field(4), (), SwissSettings()))
    entries = [
        SwissEntry(1, 1, "P01", "P03", R.DRAW),
        SwissEntry(1, 2, "P04", "P02", R.DRAW),
    ]
    with pytest.raises(EventError, match="the event is over: all 1 rounds"):
        next_round_to_pair(SwissEvent(field(4), tuple(entries), SwissSettings(rounds=1)))


def test_no_rematch_even_when_scores_call_for_it():
    """Round 2 of 4 players: the winners 1 and 3... whoever met in round 1 cannot meet again."""
    event = SwissEvent(field(4), (), SwissSettings(rounds=3))
    for _ in range(3):
        rows = pair_next_round(event)
        event = event.with_entries(
            [SwissEntry(e.round, e.board, e.white, e.black, R.WHITE_WINS) for e in rows]
        )
    pairs = [frozenset(e.players()) for e in event.entries]
    assert len(pairs) == len(set(pairs)) == 6  # three rounds of 4 players: everyone met once
    assert set(pairs) == {
        frozenset(c) for c in itertools.combinations([p.name for p in field(4)], 2)
    }


# --- rating-based tie-breaks with an unrated player ------------------------------------------

# 4 players, C unrated. R1: A-C 1-0, B-D ½-½. R2: A-B ½-½, C-D 0-1. A and D 1.5, B 1, C 0.
UNRATED_PLAYERS = (
    SwissPlayer("A", 2000),
    SwissPlayer("B", 1800),
    SwissPlayer("C", None),
    SwissPlayer("D", 1600),
)
UNRATED_ENTRIES = (
    SwissEntry(1, 1, "A", "C", R.WHITE_WINS),
    SwissEntry(1, 2, "B", "D", R.DRAW),
    SwissEntry(2, 1, "A", "B", R.DRAW),
    SwissEntry(2, 2, "C", "D", R.BLACK_WINS),
)


def test_unrated_rating_setting_counts_unrated_opponents_in_aro_and_tpr():
    """With Unrated Rating 1400, C counts as 1400 (C.07 art. 10: ARO is the average rating of
    the opponents met over the board; TPR = ARO + dp(p), p = points / games played, dp from the
    FIDE table of B.02 8.1a: dp(0.75) = 193, dp(0.5) = 0, dp(0) = -800).
    A: ARO (1400 + 1800) / 2 = 1600, p = 1.5 / 2 -> 1793. D: (1800 + 1400) / 2 = 1600 -> 1793.
    B: (1600 + 2000) / 2 = 1800, p = 0.5 -> 1800. C: (2000 + 1600) / 2 = 1800, p = 0 -> 1000."""
    settings = SwissSettings(rounds=2, start_date=dt.date(2026, 4, 1), unrated_rating=1400)
    event = SwissEvent(UNRATED_PLAYERS, UNRATED_ENTRIES, settings)
    got = {line.name: line.values for line in fide_standings(event, ("ARO", "TPR")).lines}
    assert got == {"A": (1600, 1793), "D": (1600, 1793), "B": (1800, 1800), "C": (1800, 1000)}


def test_without_unrated_rating_rating_tiebreaks_stay_empty_when_a_player_is_unrated():
    """No rating for unrated players set: ARO, TPR and PTP are left empty for the whole field
    rather than computed on a guess (the event's regulations must say what an unrated counts)."""
    settings = SwissSettings(rounds=2, start_date=dt.date(2026, 4, 1))
    event = SwissEvent(UNRATED_PLAYERS, UNRATED_ENTRIES, settings)
    lines = fide_standings(event, ("ARO", "TPR", "PTP")).lines
    assert {line.values for line in lines} == {(None, None, None)}
