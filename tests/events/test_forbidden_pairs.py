"""Forbidden pairs: two players the organiser keeps apart, for every round or up to a round.

A ban counts as if the two had already met (C.04.3's absolute criterion C1), so the rest is
the Dutch rules as written. The small events are worked by hand: four players P1 > P2 > P3 >
P4 by rating, round 1 of the Dutch system pairs 1-3 and 2-4, the top seed White on board 1 and
colours alternating (board 2: P4 White).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tests.helpers.gacrux_checker import passes_checker
from tests.helpers.sheet_rows import rows

from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.events.event import EventError, SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.forbidden_pairs import ForbiddenPair
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.gacrux import pair_next_round
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import import_trf
from ratingbook.workbook.sheets.forbidden_pair_rows import read_forbidden_pairs

R = Result
FOUR = tuple(SwissPlayer(f"P{i}", 2500 - 10 * i) for i in range(1, 5))


def four(*bans: ForbiddenPair, entries: tuple[SwissEntry, ...] = ()) -> SwissEvent:
    return SwissEvent(FOUR, entries, SwissSettings(rounds=3), forbidden=bans)


def pairs(event: SwissEvent) -> list[tuple[str, str | None]]:
    return [(e.white, e.black) for e in pair_next_round(event)]


def test_a_ban_moves_round_one_to_the_next_transposition() -> None:
    # 1-3 is banned: S2 is transposed to (4, 3): 1-4 (P1 White, board 1) and 3-2 (board 2).
    assert pairs(four()) == [("P1", "P3"), ("P4", "P2")]
    assert pairs(four(ForbiddenPair("P1", "P3"))) == [("P1", "P4"), ("P3", "P2")]


ROUND_ONE = (
    SwissEntry(1, 1, "P1", "P3", R.WHITE_WINS),
    SwissEntry(1, 2, "P4", "P2", R.BLACK_WINS),
)


def test_a_ban_for_every_round_and_one_until_round_one() -> None:
    # After round 1 (P1 and P2 won), round 2 would pair the leaders: 2-1 (P2 had Black) and
    # 3-4 (P3 had Black). Banned for good, P1 and P2 each take the one opponent they have not
    # met: P1-P4, both had White and P1, ahead, gets his Black: 4-1; P2-P3, both had Black,
    # P2 gets White: 2-3. A ban until round 1 is over by round 2.
    forever = four(ForbiddenPair("P1", "P2"), entries=ROUND_ONE)
    assert set(pairs(forever)) == {("P4", "P1"), ("P2", "P3")}
    lifted = four(ForbiddenPair("P1", "P2", until_round=1), entries=ROUND_ONE)
    assert set(pairs(lifted)) == {("P2", "P1"), ("P3", "P4")}


def test_bans_that_leave_no_pairing_say_so_and_name_them() -> None:
    event = four(*(ForbiddenPair("P1", other) for other in ("P2", "P3", "P4")))
    with pytest.raises(EventError) as caught:
        pair_next_round(event)
    text = str(caught.value)
    assert "round 1 cannot be paired" in text
    assert "P1 and P2; P1 and P3; P1 and P4" in text and "Until Round" in text
    # gacrux's own finding stays attached, for a bug report should the pairing have been legal.
    assert type(caught.value.__cause__).__name__ == "GacruxNoLegalPairing"


@pytest.mark.parametrize("seed", range(6))
def test_generated_events_never_pair_a_banned_pair_and_pass_gacruxs_checker(
    seed: int, tmp_path: Path
) -> None:
    # 15 players (a bye every round), 6 rounds, random results, twelve random bans of which
    # half end after round 3: every round pairs each player once, never a banned pair while
    # the ban holds, never a pair twice, and gacrux's checker, reading the TRF file with its
    # 260 records, finds every round the one the Dutch rules give.
    rng = random.Random(seed)
    players = tuple(SwissPlayer(f"Q{i:02}", 2400 - 7 * i) for i in range(1, 16))
    names = [p.name for p in players]
    bans: dict[frozenset[str], ForbiddenPair] = {}
    while len(bans) < 12:
        a, b = rng.sample(names, 2)
        bans.setdefault(frozenset((a, b)), ForbiddenPair(a, b, 3 if len(bans) % 2 else None))
    event = SwissEvent(players, (), SwissSettings(rounds=6), forbidden=tuple(bans.values()))
    met: set[frozenset[str]] = set()
    for number in range(1, 7):
        new = pair_next_round(event)
        assert sorted(name for e in new for name in e.players()) == sorted(names)
        played = []
        for e in new:
            if e.black is None:
                played.append(e)
                continue
            pair = frozenset((e.white, e.black))
            assert pair not in met
            assert pair not in bans or not bans[pair].holds_in(number)
            met.add(pair)
            result = rng.choice([R.WHITE_WINS, R.BLACK_WINS, R.DRAW])
            played.append(SwissEntry(e.round, e.board, e.white, e.black, result))
        event = event.with_entries(played)
        assert passes_checker(export_trf(event), number, tmp_path), f"round {number}"


def test_the_checker_fails_the_round_read_without_its_bans(tmp_path: Path) -> None:
    # The control: round 1 with 1-3 banned is 1-4, 3-2; without the 260 record it is wrong.
    event = four(ForbiddenPair("P1", "P3"))
    played = [
        SwissEntry(e.round, e.board, e.white, e.black, R.DRAW) for e in pair_next_round(event)
    ]
    text = export_trf(event.with_entries(played))
    assert passes_checker(text, 1, tmp_path)
    kept = [line for line in text.splitlines() if not line.startswith(("260", "XXP"))]
    assert not passes_checker("\n".join(kept) + "\n", 1, tmp_path)


def sheet(*data: tuple[object, object, object]) -> list:
    return rows("Forbidden Pairs", ("Player", "Other Player", "Until Round"), *data)


def test_the_sheet_is_read_row_by_row() -> None:
    found = read_forbidden_pairs(sheet(("P1", "P2", None), ("P3", "P4", 2)), [p.name for p in FOUR])
    assert found == (ForbiddenPair("P1", "P2"), ForbiddenPair("P3", "P4", 2))


def test_a_name_in_the_wrong_case_is_refused_with_the_name_it_may_mean() -> None:
    # Names are matched exactly, as in Swiss Games: a ban on the wrong player would be silent.
    with pytest.raises(RatingbookError, match=r"row 2, column B.*'p2'.*did you mean 'P2'"):
        read_forbidden_pairs(sheet(("P1", "p2", None)), [p.name for p in FOUR])


def test_every_bad_row_is_named_at_its_cell() -> None:
    with pytest.raises(RatingbookError) as caught:
        read_forbidden_pairs(
            sheet(("P1", "Pete", None), ("P2", "P2", None), ("P3", "P4", "soon"), ("P1", "P4", 0)),
            [p.name for p in FOUR],
        )
    text = str(caught.value)
    assert "row 2, column B (Other Player): no player named 'Pete'" in text
    assert "row 3, column B (Other Player): 'P2' is named twice" in text
    assert "row 4, column C (Until Round)" in text and "'soon'" in text
    assert "row 5, column C (Until Round)" in text


def test_bans_go_through_a_trf_file_and_back() -> None:
    # TRF-2026 record 260: first round, last round, then the start numbers kept apart.
    event = SwissEvent(
        FOUR,
        (),
        SwissSettings(rounds=3),
        forbidden=(ForbiddenPair("P1", "P2"), ForbiddenPair("P3", "P4", 2)),
    )
    text = export_trf(event)
    assert [line for line in text.splitlines() if line.startswith("260")] == [
        "260   1   3    1    2",
        "260   1   2    3    4",
    ]
    back = import_trf(text).event
    assert back.forbidden == event.forbidden


def test_javafos_xxp_line_bans_every_pair_among_its_numbers() -> None:
    event = SwissEvent(FOUR, (), SwissSettings(rounds=3))
    lines = export_trf(event).splitlines()
    lines = [line for line in lines if not line.startswith("260")] + ["XXP 1 2 3"]
    back = import_trf("\n".join(lines) + "\n").event
    assert {frozenset(b.players()) for b in back.forbidden} == {
        frozenset(("P1", "P2")),
        frozenset(("P1", "P3")),
        frozenset(("P2", "P3")),
    }
    assert all(b.until_round is None for b in back.forbidden)
