"""Pairing and standings notes, worked by hand (FIDE C.04.3, 2017 text; C.07).

The events are small enough to pair by hand:

- FOUR: P1 > P2 > P3 > P4 by rating. Round 1 (C.04.3: S1 = {1, 2} against S2 = {3, 4}, the top
  seed White on board 1, colours alternating): 1-3 and 4-2. P1 and P4 win, both with White.
  Round 2: the 1-point group {P1, P4}: both had White once (colour difference +1: a strong
  preference for Black, A.6.b) - a colour conflict. E.1 and E.2 cannot decide (same colour,
  same strength), E.3 cannot (they never had different colours), so E.4: P1, higher in the
  pairing order (C.04.3 A.2: score, then pairing number; not the standings' order), gets
  his preference, Black: 4-1. The 0-point group {P2, P3} both had Black (a strong preference
  for White): E.4 again, P2 White: 2-3.
- NINE: P1 > ... > P9. Round 1: 1-5, 6-2, 3-7, 8-4 and the bye to P9 (the lowest player,
  C.04.3 C.2); the better-rated player wins every game. Round 2: the 1-point group {P1, P2, P3,
  P4, P9} has 5 players, one floats down. P9's bye counts as a downfloat (A.4), so not P9
  again (C.14); 4-1 and 2-9 meet every colour preference, leaving P3 to float, to P5 (P5 had
  Black: White now). The 0-point group {P6, P7, P8} and P3 moved down: 5-3, 7-6 and the bye to P8.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from tests.helpers.paths import ROOT

from ratingbook.core.encoding import decode_legacy
from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import ROUND_ROBIN, SwissSettings
from ratingbook.fide.gacrux import fide_standings, pair_next_round
from ratingbook.fide.gacrux.analysis import AnalysedPair, PlayerState, analyse_round
from ratingbook.reports.pairing_notes import _colour_reason, pairing_notes
from ratingbook.reports.standings_notes import breakdown_notes, tie_notes
from ratingbook.reports.swiss_grids import SheetGrid, fide_standings_grid
from ratingbook.trf.importer import import_trf

DATA = ROOT / "tests" / "data" / "trf"

R = Result


def event(n: int, *rows: tuple[int, int | None, str, str | None, Result | None]) -> SwissEvent:
    players = tuple(SwissPlayer(f"P{i}", 2500 - 50 * i) for i in range(1, n + 1))
    return SwissEvent(players, tuple(SwissEntry(*r) for r in rows), SwissSettings(rounds=5))


FOUR_ROUND_1 = ((1, 1, "P1", "P3", R.WHITE_WINS), (1, 2, "P4", "P2", R.WHITE_WINS))


def notes(e: SwissEvent, number: int) -> list[tuple[int | None, str, str | None, str]]:
    return [(n.board, n.white, n.black, n.note) for n in pairing_notes(e, analyse_round(e, number))]


def test_a_colour_conflict_is_settled_by_rank() -> None:
    four = event(4, *FOUR_ROUND_1)
    round_2 = [(e.white, e.black) for e in pair_next_round(four)]
    assert round_2 == [("P4", "P1"), ("P2", "P3")]
    paired = event(4, *FOUR_ROUND_1, (2, 1, "P4", "P1", None), (2, 2, "P2", "P3", None))
    assert notes(paired, 2) == [
        (1, "P4", "P1",
         "P4 and P1 both have 1 point (the 1-point group). White: P4; both have the same "
         "preference (a strong preference for Black); compared game by game back from each "
         "one's last (C.04.2 D.5: rounds without a game played are left out), they had the "
         "same colours, White, in round 1 (E.3 cannot decide); P1, higher in the pairing "
         "order (score, then pairing number: C.04.3 A.2), gets the preferred colour (C.04.3 E.4)."),
        (2, "P2", "P3",
         "P2 and P3 both have 0 points (the 0-point group). White: P2; both have the same "
         "preference (a strong preference for White); compared game by game back from each "
         "one's last (C.04.2 D.5: rounds without a game played are left out), they had the "
         "same colours, Black, in round 1 (E.3 cannot decide); P2, higher in the pairing "
         "order (score, then pairing number: C.04.3 A.2), gets the preferred colour (C.04.3 E.4)."),
    ]  # fmt: skip


NINE_ROUND_1 = (
    (1, 1, "P1", "P5", R.WHITE_WINS),
    (1, 2, "P6", "P2", R.BLACK_WINS),
    (1, 3, "P3", "P7", R.WHITE_WINS),
    (1, 4, "P8", "P4", R.BLACK_WINS),
    (1, None, "P9", None, R.PAIRING_BYE),
)
NINE_ROUND_2 = (
    (2, 1, "P4", "P1", None),
    (2, 2, "P2", "P9", None),
    (2, 3, "P5", "P3", None),
    (2, 4, "P7", "P6", None),
    (2, None, "P8", None, R.PAIRING_BYE),
)


def test_a_float_and_a_bye_by_hand() -> None:
    nine = event(9, *NINE_ROUND_1)
    assert [(e.white, e.black) for e in pair_next_round(nine)] == [
        (w, b) for _, _, w, b, _ in NINE_ROUND_2
    ]
    said = {(w, b): text for _, w, b, text in notes(event(9, *NINE_ROUND_1, *NINE_ROUND_2), 2)}
    assert said[("P5", "P3")] == (
        "P3 (1 point) floats down, left over in the 1-point group, which had 5 players, to "
        "meet P5 (0 points). White: P5; P5 has a strong preference for White and P3 a strong "
        "preference for Black: both are met (C.04.3 E.1)."
    )
    assert said[("P2", "P9")] == (
        "P2 and P9 both have 1 point (the 1-point group). White: P2; only P2 has a colour "
        "preference (a strong preference for White; P9 has none), and it is met (C.04.3 E.1)."
    )
    assert said[("P8", None)] == (
        "P8 (0 points) gets the pairing-allocated bye: left over in the 0-point group, which "
        "had 5 players, the lowest group left, and has not had a pairing-allocated bye before "
        "(C.04.3 C.2)."
    )


def test_a_hand_swapped_round_is_audited_never_undone() -> None:
    # The arbiter paired round 2 of FOUR by hand as 1-2 and 3-4 (the rules give 4-1 and 2-3).
    # P1 and P2 never met (C.1 kept); scores 1 and 0; P1 wanted Black, P2 White, strongly:
    # neither met. P3-P4: never met, 0 and 1; P3 wanted White, P4 Black: both met.
    hand = event(4, *FOUR_ROUND_1, (2, 1, "P1", "P2", None), (2, 2, "P3", "P4", None))
    got = {(w, b): text for _, w, b, text in notes(hand, 2)}
    assert got[("P1", "P2")].startswith(
        "Changed by hand: the rules give P1 against P4; P2 against P3. P1 and P2 had not met "
        "before (C.1 kept); scores 1 and 0, 1 apart; P1's strong preference for Black not met; "
        "P2's strong preference for White not met. "
    )
    assert got[("P3", "P4")].startswith(
        "Changed by hand: the rules give P3 against P2; P4 against P1. P3 and P4 had not met "
        "before (C.1 kept); scores 0 and 1, 1 apart. "
    )
    # Only the colours swapped on a board: said as such.
    swapped = event(4, *FOUR_ROUND_1, (2, 1, "P1", "P4", None), (2, 2, "P2", "P3", None))
    first = notes(swapped, 2)[0][3]
    assert first.startswith("Changed by hand: the colours are swapped; the rules give P4 White")
    assert "Changed by hand" not in notes(swapped, 2)[1][3]
    # The book keeps the arbiter's pairing: the event's rows are as typed.
    assert [(e.white, e.black) for e in hand.round_entries(2)] == [("P1", "P2"), ("P3", "P4")]


def test_a_three_way_tie_no_tie_break_separates() -> None:
    # A round robin of four (Berger: 1-4 2-3 | 4-3 1-2 | 2-4 3-1): P1 beats P2, P2 beats P3,
    # P3 beats P1, and all three beat P4: 2 points each. SB (C.07 9.1): each beat one 2-point
    # player and P4 (0): 2. WIN: 2 each. Nothing separates them: they share 1st place.
    players = tuple(SwissPlayer(f"P{i}", 2500 - 50 * i) for i in range(1, 5))
    rows = (
        (1, 1, "P1", "P4", R.WHITE_WINS), (1, 2, "P2", "P3", R.WHITE_WINS),
        (2, 1, "P4", "P3", R.BLACK_WINS), (2, 2, "P1", "P2", R.WHITE_WINS),
        (3, 1, "P2", "P4", R.WHITE_WINS), (3, 2, "P3", "P1", R.WHITE_WINS),
    )  # fmt: skip
    rr = SwissEvent(
        players,
        tuple(SwissEntry(*r) for r in rows),
        SwissSettings(pairing=ROUND_ROBIN, tiebreaks=("SB", "WIN")),
    )
    standings = fide_standings(rr, ("SB", "WIN"), details=True)
    grid, _ = fide_standings_grid(standings)
    assert [note for _, _, note in tie_notes(grid)] == [
        "P1 and P2 share 1st place: both have 2 points; equal on SB 2, WIN 2, and no "
        "tie-break separates them (C.07).",
        "P2 and P3 share 1st place: both have 2 points; equal on SB 2, WIN 2, and no "
        "tie-break separates them (C.07).",
    ]
    # P1's SB taken apart: beat P4 (0 points) and P2 (2), lost to P3: 0 + 2 + 0.
    sb = next(n for n in breakdown_notes(rr, standings, "P1") if n.startswith("SB"))
    assert sb == (
        "SB (Sonneborn-Berger) 2: each opponent's score times the result against that opponent: "
        "round 1 P4 0; round 2 P2 2; round 3 P3 0."
    )


def test_seed_004s_ties_as_its_table_gives_them() -> None:
    # Seed 004's table: Daniel 2.0 5.5 3.25 1 and Charlotte 2.0 3.5 2.25 1; Anna 1.0 5.0 0.50 2
    # and Bob 1.0 5.0 0.50 1. "Daniël gets the second place over Charlotte ... and Anna gets the
    # fourth place over Bob": resistance decides the first, blacks the second.
    header = ("Rank", "Name", "Points", "Resistance", "Sonneborn-Berger", "Blacks")
    rows = [
        (1, "Erik", 2.5, 4.0, 3.0, 2), (2, "Daniel", 2.0, 5.5, 3.25, 1),
        (3, "Charlotte", 2.0, 3.5, 2.25, 1), (4, "Anna", 1.0, 5.0, 0.5, 2),
        (5, "Bob", 1.0, 5.0, 0.5, 1), (6, "Femke", 0.5, 4.0, 1.0, 2),
    ]  # fmt: skip
    grid = SheetGrid("Swiss Standings", header, rows, tiebreaks=(3, 4, 5))
    assert tie_notes(grid) == [
        ("Daniel", "Charlotte",
         "Daniel is 2nd, ahead of Charlotte, on Resistance: 5.5 to 3.5 (both have 2 points)."),
        ("Anna", "Bob",
         "Anna is 4th, ahead of Bob, on Blacks: 2 to 1 (both have 1 point; equal on "
         "Resistance 5, Sonneborn-Berger 0.5)."),
    ]  # fmt: skip


def test_a_round_not_paired_is_an_error() -> None:
    with pytest.raises(Exception, match="round 3 is not paired"):
        analyse_round(event(4, *FOUR_ROUND_1), 3)


# --- the colour-rule sentence names the preferences in its own order -----------------------------


def _state(name: str, number: int, preference: str) -> PlayerState:
    return PlayerState(name, number, Fraction(1), Fraction(1), "wb", 0, preference, False)


@pytest.mark.parametrize(
    ("white_pref", "black_pref", "stronger", "first", "second"),
    [
        # Both want White: White gets it, so White's is the stronger (absolute over strong).
        ("w2", "w1", "Ann", "an absolute preference for White", "a strong preference for White"),
        # Both want Black: Black gets it, so Black's is named first although White is listed
        # first in the pair (the Bunratty board below is this case).
        ("b1", "b2", "Bob", "an absolute preference for Black", "a strong preference for Black"),
    ],
)
def test_the_stronger_preference_is_named_first(
    white_pref: str, black_pref: str, stronger: str, first: str, second: str
) -> None:
    players = {"Ann": _state("Ann", 1, white_pref), "Bob": _state("Bob", 2, black_pref)}
    pair = AnalysedPair("Ann", "Bob", "E.2", 0, Fraction(1))
    assert _colour_reason(pair, players) == (
        f"both want the same colour; {stronger}'s is the stronger preference ({first} "
        f"against {second}) and is met (C.04.3 E.2)."
    )


def test_the_real_board_that_contradicted_itself() -> None:
    """Bunratty Masters 2011, round 6, board 14: Doyle (White) and Porter (Black) both want
    Black. Porter's colours in rounds 1-5 were W B B W W: White in the last two rounds, an
    absolute preference for Black (C.04.3 A.6.a); Doyle's W B W B W, a colour difference of +1:
    a strong preference for Black (A.6.b). Porter gets Black. The note once put White's
    preference first."""
    event = import_trf(decode_legacy((DATA / "icu_bunratty-masters_2011.tab").read_bytes())).event
    note = next(n for n in pairing_notes(event, analyse_round(event, 6)) if n.board == 14)
    assert (note.white, note.black) == ("Doyle, Hugh", "Porter, Liam")
    assert note.note.endswith(
        "both want the same colour; Porter, Liam's is the stronger preference (an absolute "
        "preference for Black against a strong preference for Black) and is met (C.04.3 E.2)."
    )


def test_e3_cites_the_round_their_colours_differed_and_a_hand_swap_says_so() -> None:
    """Kilkenny Masters 2011, round 6, board 2: Maze - Cheparinov, as played. Their colours in
    rounds 1-5 (the file): Maze B W W B W, Cheparinov W B W B W; both have a strong preference
    for Black (colour difference +1, A.6.b). Counted back from round 5, their colours are the
    same in rounds 5, 4 and 3 and differ in round 2 (Maze White, Cheparinov Black): E.3 gives
    Cheparinov White. The board has Maze White: changed by hand, and the note says so instead
    of giving E.3 as the reason for Maze's White (it once cited rounds 4 and 5, equal)."""
    event = import_trf(decode_legacy((DATA / "icu_kilkenny-masters_2011.tab").read_bytes())).event
    note = next(n for n in pairing_notes(event, analyse_round(event, 6)) if n.board == 2)
    assert (note.white, note.black, note.by_hand) == ("Maze,Sebastien", "Cheparinov,Ivan", True)
    assert note.note.endswith(
        "White: Maze,Sebastien, set by hand; the colour rules give Cheparinov,Ivan White: both "
        "have the same preference (a strong preference for Black); the colours alternate from "
        "the last time they had different colours: in round 2, Cheparinov,Ivan had Black and "
        "Maze,Sebastien White (C.04.3 E.3)."
    )


def test_e3_counts_played_games_only() -> None:
    """C.04.3 E.3 "taking into account C.04.2.D.5": a round without a game is left out, so
    the two games compared may be of different rounds. Lopez (Kilkenny No. 10) had a half-point
    bye in round 1; his games are rounds 2-5."""
    lopez = PlayerState(
        "Lopez", 10, Fraction(3), Fraction(3), "wbww", 1, "b2", False,
        ((2, "w"), (3, "b"), (4, "w"), (5, "w")),
    )  # fmt: skip
    other = PlayerState(
        "Other", 11, Fraction(3), Fraction(3), "wbwbw", 1, "b1", False,
        ((1, "w"), (2, "b"), (3, "w"), (4, "b"), (5, "w")),
    )  # fmt: skip
    # Back from the last game: w/w (round 5 each), w/b (Lopez round 4, Other round 4): differ.
    pair = AnalysedPair("Other", "Lopez", "E.3", 0, Fraction(3), "Other")
    assert "in round 4, Other had Black and Lopez White" in _colour_reason(
        pair, {"Lopez": lopez, "Other": other}
    )
    # Lopez without a round-4 game (B in round 2, W in 3 and 5): his games 2, 3, 5 against
    # Other's 3, 4, 5; round 5 alike, then Lopez's round 3 (White) and Other's round 4 (Black).
    short = replace(lopez, colours="bww", played=((2, "b"), (3, "w"), (5, "w")))
    assert "Other had Black in round 4 and Lopez White in round 3" in _colour_reason(
        pair, {"Lopez": short, "Other": other}
    )


def test_every_pairing_notes_row_names_its_board_and_no_name_is_cut() -> None:
    """Issue 34: the sheet's rows after a note's first sentence had no round, board or players
    (on the next page, or on a page of their own printed across, they named no board), and the
    Open de Gros' "Rodriguez Cabrera Fco. Javier" was cut after "Fco." as if a sentence ended
    there. Every row holds the board's key cells; a sentence ends at a full stop outside a
    name. Board 6 of Gros round 4, as the notes word it."""
    from ratingbook.reports.notes_grids import pairing_notes_grid
    from ratingbook.reports.pairing_notes import BoardNote

    white, black = "Rodriguez Cabrera Fco. Javier", "Alvarado Fernandez Mikel"
    first = f"{white} and {black} both have 2 points (the 2-point group)."
    second = (
        f"White: {white}; {white} has a mild preference for White and {black} a strong "
        "preference for Black: both are met (C.04.3 E.1)."
    )
    grid = pairing_notes_grid(4, [BoardNote(6, white, black, f"{first} {second}")], "notes")
    assert [tuple(r) for r in grid.rows] == [
        (4, 6, f"{white} - {black}", None, first),
        (4, 6, f"{white} - {black}", None, second),
    ]


def test_the_rules_colour_on_a_hand_set_board_is_what_the_rule_would_give() -> None:
    """Kilkenny Masters 2011, round 5, board 14: Collins,Mark A. (No. 23) - McMorrow,John, as
    played. Both had Black, White, Black, White in rounds 1-4 (the file's 001 records): a mild
    preference for Black each, E.3 cannot decide, and E.4 gives the preferred colour, Black, to
    the higher in the pairing order, Collins. The board gives him White: the audit says his
    preference is not met, and the colour sentence says what E.4 would give, not that he
    "gets" it (the note once said both, the user test's contradiction)."""
    event = import_trf(decode_legacy((DATA / "icu_kilkenny-masters_2011.tab").read_bytes())).event
    note = next(n for n in pairing_notes(event, analyse_round(event, 5)) if n.board == 14)
    assert (note.white, note.black, note.by_hand) == ("Collins,Mark A.", "McMorrow,John", True)
    assert "Collins,Mark A.'s mild preference for Black not met" in note.note
    assert note.note.endswith(
        "Collins,Mark A., higher in the pairing order (score, then pairing number: C.04.3 A.2), "
        "would get the preferred colour (C.04.3 E.4)."
    )
    assert "gets the preferred colour" not in note.note
