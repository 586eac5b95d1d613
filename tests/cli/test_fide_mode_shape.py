"""FIDE mode and the event's shape, byes and boards on the command line (issue 37).

The 2026 acceptance checklist's questions as Sharly-Chess quotes them (its issues 2308, 2310,
2317 and 2319): the number of rounds changed after the start is level 4 and logged (Q58-59);
when that change makes the last paired round final or not final, the round is checked again,
and a pairing the rules no longer give is level 3 and a ``### Configuration`` line (Q60-61); a
Swiss with more rounds than its players allow is warned before the start (Q62); the points
system is locked once the event has started (Q75, Q85); an individual full-point bye is level
2, "deprecated", and a ``###`` line (Q177-179); a second half-point bye is level 3 (Q174); a
player flagged ineligible is refused a half-point bye (Q175-176); boards changed by hand are
checked against C.04.2's order (Q187-188); a forbidden pair added after round 1 means leaving
FIDE mode (Q196). Expected pairings and levels are worked by hand from those texts and the
Dutch rules (C.04.3).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.cli.test_fide_mode_commands import edit, grid, ok, played_book, refused
from tests.helpers.cli import digest, run
from tests.helpers.fide_event import Grid, event_sheets, setting
from tests.helpers.workbooks import make_book


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def log(path: Path) -> list[tuple[Any, ...]]:
    return [tuple(r[1:5]) for r in grid(path, "Event Log")[1:]]


def trf_text(book: Path, tmp_path: Path) -> str:
    ok("trf", "export", book, "-o", tmp_path / "event.trf")
    return (tmp_path / "event.trf").read_text(encoding="utf-8")


def new_book(tmp_path: Path, sheets: dict[str, Grid] | None = None) -> Path:
    path = tmp_path / "event.xlsx"
    make_book(sheets or event_sheets()).save(path)
    return path


def after_round_1(tmp_path: Path) -> Path:
    """The new book paired and played one round, made by the commands once (a copy of
    :func:`~tests.cli.test_fide_mode_commands.played_book`'s)."""
    return played_book(tmp_path, 1)


# --- the number of rounds (Q58-59) -------------------------------------------------------------


def test_the_number_of_rounds_changed_after_the_start_is_level_4_and_logged(
    tmp_path: Path,
) -> None:
    book = after_round_1(tmp_path)
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 8))
    before = digest(book)
    said = refused("recalc", book, "--in-place", "--confirm")
    assert "a level-4 act needs --confirm --i-understand: Setting Rounds" in said
    # The warning says both numbers, as the log line does (the arbiter confirms a change he
    # can read whole).
    assert "changes after round 1, from 7 to 8" in said, said
    assert digest(book) == before
    ok("recalc", book, "--in-place", "--confirm", "--i-understand")
    assert log(book)[-1] == (1, "Setting", "Rounds 7", "Rounds 8")
    assert "### Configuration @ Round 1: Rounds 7 => Rounds 8" in trf_text(book, tmp_path)


# --- the last paired round, final or not (Q60-61) ----------------------------------------------

# Eight players, A (No. 1) to H (No. 8) by rating. Rounds 1-4 (White first):
EIGHT = [(name, 2000 - 100 * i) for i, name in enumerate("ABCDEFGH")]
FOUR_ROUNDS = [
    (1, 1, "A", "E", "1-0"),
    (1, 2, "F", "B", "0-1"),
    (1, 3, "C", "G", "1-0"),
    (1, 4, "H", "D", "1-0"),
    (2, 1, "C", "A", "1-0"),
    (2, 2, "B", "H", "½-½"),
    (2, 3, "D", "F", "1-0"),
    (2, 4, "E", "G", "1-0"),
    (3, 1, "H", "C", "1-0"),
    (3, 2, "A", "B", "0-1"),
    (3, 3, "E", "D", "0-1"),
    (3, 4, "G", "F", "0-1"),
    (4, 1, "B", "D", "0-1"),
    (4, 2, "H", "E", "0-1"),
    (4, 3, "F", "C", "1-0"),
    (4, 4, "G", "A", "½-½"),
]
# After round 4: D 3, B 2½, H 2½, C 2, E 2, F 2, A 1½, G ½. D (colours B W B B) has an
# absolute preference for White (difference -2); so has C (W W B B: Black in the last two
# rounds, C.04.3 A.6). Two players with the same absolute preference never meet (C.04.3 C.3)
# unless, in the last round, one is a topscorer (over 50%: D with 3 of 4, A.7). D has met H,
# F, E and B; B and H are the 2½ group, so D floats to the 2-point group, where only C is new.
# As the last round the rules pair D-C (D White, C Black a third time: a topscorer's game);
# with a round to follow they may not, and D meets A. Boards by C.04.2: D-C (3 + 2), E-B
# (2½ + 2), G-H (2½ + ½), A-F (2 + 1½).
LAST = [
    (5, 1, "D", "C", None),
    (5, 2, "E", "B", None),
    (5, 3, "G", "H", None),
    (5, 4, "A", "F", None),
]
# The same round with a round 6 to follow, as gacrux pairs it (the Dutch rules): D-A, F-H, B-G,
# C-E, in C.04.2's order: D-A (3 + 1½), F-H (2½ + 2), B-G (2½ + ½), C-E (2 + 2).
NOT_LAST = [
    (5, 1, "D", "A", None),
    (5, 2, "F", "H", None),
    (5, 3, "B", "G", None),
    (5, 4, "C", "E", None),
]


#: The shaped books (:func:`shaped_book`) made by the commands, once for each shape in the
#: module: tests start from a copy of one and change their own copy.
_SHAPED: dict[str, bytes] = {}


def shaped_book(tmp_path: Path, rounds: int, round_5: list[tuple[Any, ...]]) -> Path:
    """A copy, in ``tmp_path``, of the eight-player event of ``rounds`` rounds with rounds 1-4
    and ``round_5`` in ``Swiss Games``, recalculated once (the log starts there)."""
    key = repr((rounds, round_5))
    if key not in _SHAPED:
        with tempfile.TemporaryDirectory() as folder:
            _SHAPED[key] = _shaped(Path(folder), rounds, round_5).read_bytes()
    book = tmp_path / "event.xlsx"
    book.write_bytes(_SHAPED[key])
    return book


def _shaped(tmp_path: Path, rounds: int, round_5: list[tuple[Any, ...]]) -> Path:
    sheets = event_sheets()
    sheets["Swiss Settings"] = setting(sheets["Swiss Settings"], "Rounds", rounds)
    sheets["Swiss Players"] = [
        ["No.", "Name", "Rating", "Withdrawn"],
        *[[i, n, r, None] for i, (n, r) in enumerate(EIGHT, 1)],
    ]
    sheets["Swiss Games"] = [["Round", "Board", "White", "Black", "Result"]]
    sheets["Swiss Games"] += [list(r) for r in (*FOUR_ROUNDS, *round_5)]
    book = new_book(tmp_path, sheets)
    ok("recalc", book, "--in-place")  # the log starts here, round 5 paired
    return book


def test_a_final_round_made_not_final_is_checked_again_and_logged(tmp_path: Path) -> None:
    book = shaped_book(tmp_path, 5, LAST)
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 6))
    said = refused("recalc", book, "--in-place")
    assert "level 4: Setting Rounds" in said
    assert "level 3: Round 5 checked again" in said and "no longer the last round" in said
    ok("recalc", book, "--in-place", "--confirm", "--i-understand")
    # start numbers A 1 ... H 8: the round 4-3 5-2 7-8 1-6, the rules now 3-5 4-1 2-7 6-8
    assert log(book)[-2:] == [
        (5, "Setting", "Rounds 5", "Rounds 6"),
        (5, "Setting", "round 5 1-6 4-3 5-2 7-8", "the rules' pairing 2-7 3-5 4-1 6-8"),
    ]
    assert (
        "### Configuration @ Round 5: round 5 1-6 4-3 5-2 7-8 => the rules' pairing 2-7 3-5 "
        "4-1 6-8" in trf_text(book, tmp_path)
    )


def test_a_round_made_final_is_checked_again(tmp_path: Path) -> None:
    book = shaped_book(tmp_path, 6, NOT_LAST)
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 5))
    said = refused("recalc", book, "--in-place")
    assert "with Rounds 5, round 5 is the last round" in said
    assert "(1-6 4-3 5-2 7-8)" in said


def test_a_change_that_leaves_the_last_round_as_it_was_checks_nothing(tmp_path: Path) -> None:
    book = shaped_book(tmp_path, 6, NOT_LAST)
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 7))  # round 5 still not last
    ok("recalc", book, "--in-place", "--confirm", "--i-understand")
    assert log(book)[-1] == (5, "Setting", "Rounds 6", "Rounds 7")
    assert [r[1] for r in log(book)].count("Setting") == 1


def test_a_pairing_the_rules_give_either_way_is_not_warned(tmp_path: Path) -> None:
    """Round 1 of the ten-player event, paired by the engine: as the last round or not, the
    rules give round 1 from the start order alone (C.04.3: no colour history yet)."""
    book = new_book(tmp_path)
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 1))
    ok("pair", book, "--in-place")
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 3))
    said = ok("recalc", book, "--in-place", "--confirm", "--i-understand")
    assert "checked again" not in said
    assert log(book)[-1] == (1, "Setting", "Rounds 1", "Rounds 3")


def typed_round_5(tmp_path: Path, round_5: list[tuple[Any, ...]]) -> Path:
    """Six rounds, rounds 1-4 played and logged, then ``round_5`` typed into ``Swiss Games``
    by hand (no manual-pairing phase) and confirmed."""
    book = shaped_book(tmp_path, 6, [])
    edit(book, "Swiss Games", lambda g: [*g, *[list(r) for r in round_5]])
    said = refused("recalc", book, "--in-place")
    assert "level 3: Pairing round 5" in said
    ok("recalc", book, "--in-place", "--confirm")
    return book


def test_a_round_typed_by_hand_is_logged_against_the_rules_pairing(tmp_path: Path) -> None:
    """A round typed by hand is compared with the pairing the rules give it, as a manual
    pairing's end is: with round 6 to follow they give NOT_LAST (worked out above), so LAST
    typed by hand logs the rules' boards before and the typed ones after (start numbers A 1
    ... H 8, White first, in start order: 2-7 3-5 4-1 6-8 and 1-6 4-3 5-2 7-8)."""
    book = typed_round_5(tmp_path, LAST)
    assert log(book)[-1] == (5, "Pairing", "2-7 3-5 4-1 6-8", "1-6 4-3 5-2 7-8")
    assert "### Pairing @ Round 5: 2-7 3-5 4-1 6-8 => 1-6 4-3 5-2 7-8" in trf_text(book, tmp_path)


def test_a_round_typed_by_hand_as_the_rules_give_it_is_logged_as_typed(tmp_path: Path) -> None:
    book = typed_round_5(tmp_path, NOT_LAST)
    assert log(book)[-1] == (
        5,
        "Pairing",
        None,
        "round 5 paired: 4 boards (typed into Swiss Games, not by the engine)",
    )


# --- before the start (Q62) --------------------------------------------------------------------


def test_more_rounds_than_the_players_allow_is_warned_before_the_start(tmp_path: Path) -> None:
    book = new_book(tmp_path)  # 10 players: at most 9 rounds
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 10))
    said = ok("recalc", book, "--in-place")
    assert "level 2 warning: Rounds 10: a Swiss of 10 players cannot be paired to the end" in said
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 9))
    assert "cannot be paired to the end" not in ok("recalc", book, "--in-place")


# --- the points system, locked (Q75, Q85) ------------------------------------------------------


def test_the_points_system_cannot_change_after_the_start_in_fide_mode(tmp_path: Path) -> None:
    book = after_round_1(tmp_path)
    edit(book, "Swiss Settings", lambda g: [*g, ["Points", "1 0.5 0.5"]])
    before = digest(book)
    said = refused("recalc", book, "--in-place", "--confirm", "--i-understand")
    assert "refused in FIDE mode (level 5)" in said and "Setting Points" in said
    assert "points system is locked" in said
    assert digest(book) == before


# --- byes (Q174-179) ---------------------------------------------------------------------------


def bye(round_number: int, name: str, kind: str) -> Callable[[Grid], Grid]:
    return lambda g: [*g, [round_number, None, name, "BYE", kind]]


def test_an_individual_full_point_bye_is_level_2_deprecated_and_logged(tmp_path: Path) -> None:
    book = after_round_1(tmp_path)
    edit(book, "Swiss Games", bye(2, "Carl", "FPB"))
    said = ok("recalc", book, "--in-place")
    assert "level 2 warning: Carl (No. 3) gets a full-point bye in round 2" in said
    assert "deprecated" in said
    assert log(book)[-1] == (2, "Bye", None, "Carl (No. 3): full-point bye")
    assert "### Bye @ Round 2: Carl (No. 3): full-point bye" in trf_text(book, tmp_path)


def test_a_second_half_point_bye_is_level_3(tmp_path: Path) -> None:
    book = after_round_1(tmp_path)
    edit(book, "Swiss Games", bye(2, "Dana", "HPB"))
    said = ok("recalc", book, "--in-place")  # the first: nothing asked, nothing logged
    assert "Bye" not in [r[1] for r in log(book)]
    edit(book, "Swiss Games", bye(4, "Dana", "HPB"))
    before = digest(book)
    said = refused("recalc", book, "--in-place")
    assert "level 3: Bye Dana round 4" in said and "already has one (round 2)" in said
    assert digest(book) == before
    ok("recalc", book, "--in-place", "--confirm")
    assert log(book)[-1] == (4, "Bye", None, "Dana (No. 4): half-point bye (2 in the event)")


def test_a_half_point_bye_for_an_ineligible_player_is_refused(tmp_path: Path) -> None:
    book = after_round_1(tmp_path)

    def flag(g: Grid) -> Grid:
        rows = [[*r, None] for r in g]
        rows[0][-1] = "Half-Point Bye"
        next(r for r in rows if r[1] == "Emil")[-1] = "No"
        return rows

    edit(book, "Swiss Players", flag)
    ok("recalc", book, "--in-place")
    edit(book, "Swiss Games", bye(2, "Emil", "HPB"))
    before = digest(book)
    said = refused("recalc", book, "--in-place", "--confirm")
    assert "sheet 'Swiss Games'" in said and "column E (Result)" in said
    assert "'Emil' is not eligible for a half-point bye" in said
    assert digest(book) == before


# --- boards changed by hand (Q187-188) ---------------------------------------------------------


def test_boards_changed_in_a_manual_pairing_are_checked_against_c042s_order(
    tmp_path: Path,
) -> None:
    book = after_round_1(tmp_path)
    ok("pair", book, "--in-place")
    ok("manual-pairing", "start", book, "--round", "2", "--in-place")
    games = grid(book, "Swiss Games")
    first = next(r for r in games[1:] if r[0] == 2 and r[1] == 1)
    last = max(r[1] for r in games[1:] if r[0] == 2 and r[3] != "BYE")

    def renumber(g: Grid) -> Grid:  # board 1's game moved to the last board, the rest up
        out = [list(r) for r in g]
        for r in out[1:]:
            if r[0] == 2 and r[3] != "BYE":
                r[1] = last if r[1] == 1 else r[1] - 1
        return out

    edit(book, "Swiss Games", renumber)
    done = run("manual-pairing", "end", book, "--in-place")
    said = done.stdout + done.stderr
    assert "round 2's boards are not in the order of C.04.2" in said
    numbers = {r[1]: r[0] for r in grid(book, "Swiss Players")[1:]}
    board_1 = f"{numbers[first[2]]}-{numbers[first[3]]}"
    assert f"in that order they are {board_1} " in said  # the engine's board 1 still first
    assert f" {board_1})" in said  # typed last


# --- forbidden pairs after round 1 (Q196) ------------------------------------------------------


def test_a_forbidden_pair_after_round_1_is_refused_in_fide_mode(tmp_path: Path) -> None:
    book = after_round_1(tmp_path)
    edit(book, "Forbidden Pairs", lambda g: [*g, ["Anna", "Boris", None]])
    before = digest(book)
    said = refused("recalc", book, "--in-place", "--confirm", "--i-understand")
    assert "refused in FIDE mode (level 5)" in said and "Forbidden pair Anna / Boris" in said
    assert "set FIDE Mode to Off" in said
    assert digest(book) == before
    # leaving FIDE mode in the same run adds it: both logged
    edit(book, "Swiss Settings", lambda g: setting(g, "FIDE Mode", "Off"))
    ok("recalc", book, "--in-place", "--confirm", "--i-understand")
    assert [r[1] for r in log(book)[-2:]] == ["FIDE Mode Off", "Forbidden Pair"]
