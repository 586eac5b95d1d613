"""Round robins by the Berger tables (FIDE C.05 Annex 1), through ratingbook.fide.gacrux.berger.

The expected tables below are FIDE's published Berger tables for 3 to 16 players, copied from
the Annex as text (White first); for more players the Annex's general rule, written out here as
O. Milvang's "Berger explained" words it (the algorithm behind the Annex): round 1 pairs m with
N - m + 1, lower number White; then sort 1..N-1 by their board in the previous round, White
before Black; player N meets the last of that list with the colour he did not have last round;
the rest pair from the end of the list, the penultimate White. An odd number of players plays
the next even table and the highest number "counts as a bye" (whoever meets it sits out).
A double round robin repeats the table with colours reversed, and the last two rounds of the
first cycle are exchanged so nobody has the same colour three times running (the Annex's
recommendation): worked by hand for four players in DOUBLE_FOUR.
"""

from __future__ import annotations

import pytest

from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.events.event import (
    EventError,
    SwissEntry,
    SwissEvent,
    SwissPlayer,
    check_event,
    round_robin_rounds,
)
from ratingbook.events.round_robin import check_round_robin
from ratingbook.events.settings import DOUBLE_ROUND_ROBIN, ROUND_ROBIN, SwissSettings
from ratingbook.fide.gacrux import fide_standings, pair_next_round
from ratingbook.fide.gacrux.berger import berger_schedule, pair_round_robin

R = Result

#: FIDE's Berger tables (C.05 Annex 1) for 4 to 16 players, round by round, White first.
#: (The Annex's 13/14 table as one transcription prints it has a typo, "2-9. 3-8", in round 10.)
BERGER = {
    4: (
        "1-4, 2-3",
        "4-3, 1-2",
        "2-4, 3-1",
    ),
    6: (
        "1-6, 2-5, 3-4",
        "6-4, 5-3, 1-2",
        "2-6, 3-1, 4-5",
        "6-5, 1-4, 2-3",
        "3-6, 4-2, 5-1",
    ),
    8: (
        "1-8, 2-7, 3-6, 4-5",
        "8-5, 6-4, 7-3, 1-2",
        "2-8, 3-1, 4-7, 5-6",
        "8-6, 7-5, 1-4, 2-3",
        "3-8, 4-2, 5-1, 6-7",
        "8-7, 1-6, 2-5, 3-4",
        "4-8, 5-3, 6-2, 7-1",
    ),
    10: (
        "1-10, 2-9, 3-8, 4-7, 5-6",
        "10-6, 7-5, 8-4, 9-3, 1-2",
        "2-10, 3-1, 4-9, 5-8, 6-7",
        "10-7, 8-6, 9-5, 1-4, 2-3",
        "3-10, 4-2, 5-1, 6-9, 7-8",
        "10-8, 9-7, 1-6, 2-5, 3-4",
        "4-10, 5-3, 6-2, 7-1, 8-9",
        "10-9, 1-8, 2-7, 3-6, 4-5",
        "5-10, 6-4, 7-3, 8-2, 9-1",
    ),
    12: (
        "1-12, 2-11, 3-10, 4-9, 5-8, 6-7",
        "12-7, 8-6, 9-5, 10-4, 11-3, 1-2",
        "2-12, 3-1, 4-11, 5-10, 6-9, 7-8",
        "12-8, 9-7, 10-6, 11-5, 1-4, 2-3",
        "3-12, 4-2, 5-1, 6-11, 7-10, 8-9",
        "12-9, 10-8, 11-7, 1-6, 2-5, 3-4",
        "4-12, 5-3, 6-2, 7-1, 8-11, 9-10",
        "12-10, 11-9, 1-8, 2-7, 3-6, 4-5",
        "5-12, 6-4, 7-3, 8-2, 9-1, 10-11",
        "12-11, 1-10, 2-9, 3-8, 4-7, 5-6",
        "6-12, 7-5, 8-4, 9-3, 10-2, 11-1",
    ),
    14: (
        "1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8",
        "14-8, 9-7, 10-6, 11-5, 12-4, 13-3, 1-2",
        "2-14, 3-1, 4-13, 5-12, 6-11, 7-10, 8-9",
        "14-9, 10-8, 11-7, 12-6, 13-5, 1-4, 2-3",
        "3-14, 4-2, 5-1, 6-13, 7-12, 8-11, 9-10",
        "14-10, 11-9, 12-8, 13-7, 1-6, 2-5, 3-4",
        "4-14, 5-3, 6-2, 7-1, 8-13, 9-12, 10-11",
        "14-11, 12-10, 13-9, 1-8, 2-7, 3-6, 4-5",
        "5-14, 6-4, 7-3, 8-2, 9-1, 10-13, 11-12",
        "14-12, 13-11, 1-10, 2-9, 3-8, 4-7, 5-6",
        "6-14, 7-5, 8-4, 9-3, 10-2, 11-1, 12-13",
        "14-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7",
        "7-14, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1",
    ),
    16: (
        "1-16, 2-15, 3-14, 4-13, 5-12, 6-11, 7-10, 8-9",
        "16-9, 10-8, 11-7, 12-6, 13-5, 14-4, 15-3, 1-2",
        "2-16, 3-1, 4-15, 5-14, 6-13, 7-12, 8-11, 9-10",
        "16-10, 11-9, 12-8, 13-7, 14-6, 15-5, 1-4, 2-3",
        "3-16, 4-2, 5-1, 6-15, 7-14, 8-13, 9-12, 10-11",
        "16-11, 12-10, 13-9, 14-8, 15-7, 1-6, 2-5, 3-4",
        "4-16, 5-3, 6-2, 7-1, 8-15, 9-14, 10-13, 11-12",
        "16-12, 13-11, 14-10, 15-9, 1-8, 2-7, 3-6, 4-5",
        "5-16, 6-4, 7-3, 8-2, 9-1, 10-15, 11-14, 12-13",
        "16-13, 14-12, 15-11, 1-10, 2-9, 3-8, 4-7, 5-6",
        "6-16, 7-5, 8-4, 9-3, 10-2, 11-1, 12-15, 13-14",
        "16-14, 15-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7",
        "7-16, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1, 14-15",
        "16-15, 1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8",
        "8-16, 9-7, 10-6, 11-5, 12-4, 13-3, 14-2, 15-1",
    ),
}

#: A double round robin of four, by hand: the table's rounds 1, 3, 2 (the last two of the first
#: cycle exchanged), then rounds 1, 2, 3 with the colours reversed. Player 4 then plays White,
#: White, Black in rounds 3-5; the unexchanged order would give him White three times running.
DOUBLE_FOUR = {
    1: [(1, 4), (2, 3)],
    2: [(2, 4), (3, 1)],
    3: [(4, 3), (1, 2)],
    4: [(4, 1), (3, 2)],
    5: [(3, 4), (2, 1)],
    6: [(4, 2), (1, 3)],
}


def parse(round_text: str) -> list[tuple[int, int]]:
    pairs = [pair.strip().split("-") for pair in round_text.split(",")]
    return [(int(white), int(black)) for white, black in pairs]


def event_of(n: int, pairing: str = ROUND_ROBIN, **settings: object) -> SwissEvent:
    """``n`` players rated 2600 down in steps of 10: start numbers 1..n in that order."""
    players = tuple(SwissPlayer(f"P{i:02}", 2610 - 10 * i) for i in range(1, n + 1))
    return SwissEvent(players, (), SwissSettings(pairing=pairing, **settings))  # type: ignore[arg-type]


def general_rule(n: int) -> dict[int, list[tuple[int, int]]]:
    """The Annex's rule for any even ``n``, step by step as written (see the module docstring)."""
    rounds = {1: [(m, n - m + 1) for m in range(1, n // 2 + 1)]}
    for number in range(2, n):
        previous = rounds[number - 1]
        board = {}
        for b, (white, black) in enumerate(previous):
            board[white] = (b, 0)
            board[black] = (b, 1)
        order = sorted(range(1, n), key=lambda p: board[p])
        last = order.pop()
        n_was_white = previous[0][0] == n
        pairs = [(last, n) if n_was_white else (n, last)]
        while order:
            black = order.pop()
            white = order.pop()
            pairs.append((white, black))
        rounds[number] = pairs
    return rounds


@pytest.mark.parametrize("n", sorted(BERGER))
def test_the_schedule_is_fides_berger_table(n: int) -> None:
    expected = {r: parse(text) for r, text in enumerate(BERGER[n], start=1)}
    assert berger_schedule(event_of(n)) == expected


def test_the_general_rule_reproduces_the_published_tables() -> None:
    # The rule in the test is checked against the Annex before it is trusted beyond 16.
    for n, table in BERGER.items():
        assert general_rule(n) == {r: parse(t) for r, t in enumerate(table, start=1)}


@pytest.mark.parametrize("n", [18, 20, 24, 30])
def test_larger_round_robins_follow_the_annexs_general_rule(n: int) -> None:
    assert berger_schedule(event_of(n)) == general_rule(n)


@pytest.mark.parametrize("n", [3, 5, 7, 9, 15])
def test_an_odd_field_plays_the_next_table_and_its_highest_number_is_the_bye(n: int) -> None:
    expected = {r: parse(t) for r, t in enumerate(BERGER[n + 1], start=1)}
    event = event_of(n)
    schedule = berger_schedule(event)
    assert len(schedule) == n == round_robin_rounds(n) == event.rounds_planned
    for number, pairs in expected.items():
        games = [(w, b) for w, b in pairs if n + 1 not in (w, b)]
        sitter = next(w if b == n + 1 else b for w, b in pairs if n + 1 in (w, b))
        assert sorted(schedule[number]) == sorted([*games, (sitter, 0)])


def test_the_sitter_gets_a_zero_point_bye_row_and_everyone_else_a_board() -> None:
    # 5 players, round 1 of the 6-table: 1-6, 2-5, 3-4 -> player 1 sits out, scoring nothing.
    rows = pair_round_robin(event_of(5), range(1, 2))
    assert [(e.board, e.white, e.black, e.result) for e in rows] == [
        (1, "P02", "P05", None),
        (2, "P03", "P04", None),
        (None, "P01", None, R.ZERO_POINT_BYE),
    ]


def test_a_double_round_robin_of_four_by_hand() -> None:
    event = event_of(4, DOUBLE_ROUND_ROBIN)
    assert event.rounds_planned == 6
    assert berger_schedule(event) == DOUBLE_FOUR


@pytest.mark.parametrize("n", [4, 5, 6, 8, 10, 12, 14, 16])
def test_a_double_round_robin_meets_everyone_once_with_each_colour(n: int) -> None:
    schedule = berger_schedule(event_of(n, DOUBLE_ROUND_ROBIN))
    even = n + n % 2
    assert len(schedule) == 2 * (even - 1)
    games = [pair for pairs in schedule.values() for pair in pairs if pair[1]]
    everyone = [(a, b) for a in range(1, n + 1) for b in range(1, n + 1) if a != b]
    assert sorted(games) == everyone
    # Exchanging the first cycle's last two rounds means no three colours alike in a row.
    for player in range(1, n + 1):
        colours = ""
        for number in sorted(schedule):
            for white, black in schedule[number]:
                if player == white and black:
                    colours += "W"
                elif player == black:
                    colours += "B"
        assert "WWW" not in colours and "BBB" not in colours, (player, colours)


def table_for(even: int) -> dict[int, list[tuple[int, int]]]:
    """The Annex's table for an even number of players: published up to 16, the rule beyond."""
    if even in BERGER:
        return {r: parse(text) for r, text in enumerate(BERGER[even], start=1)}
    return general_rule(even)


def by_hand(n: int, double: bool) -> dict[int, list[tuple[int, int]]]:
    """The schedule of ``n`` players by the Annex: the next even table for an odd ``n`` (the
    partner of the highest number sits out, shown as (player, 0)); for a double round robin
    the first cycle with its last two rounds exchanged, then the table again, colours reversed."""
    even = n + n % 2
    table = table_for(even)
    last = even - 1
    if double:
        first = [table[r] for r in range(1, last + 1)]
        first[-2], first[-1] = first[-1], first[-2]
        second = [[(b, w) for w, b in table[r]] for r in range(1, last + 1)]
        rounds = dict(enumerate(first + second, start=1))
    else:
        rounds = table

    def shown(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        if even == n:
            return pairs
        games = [(w, b) for w, b in pairs if even not in (w, b)]
        sitter = next(w if b == even else b for w, b in pairs if even in (w, b))
        return sorted([*games, (sitter, 0)])

    return {r: shown(pairs) for r, pairs in rounds.items()}


@pytest.mark.parametrize("double", [False, True], ids=["single", "double"])
@pytest.mark.parametrize("n", range(3, 21))
def test_every_size_from_3_to_20_single_and_double_is_the_annexs(n: int, double: bool) -> None:
    schedule = berger_schedule(event_of(n, DOUBLE_ROUND_ROBIN if double else ROUND_ROBIN))
    if n % 2:
        schedule = {r: sorted(pairs) for r, pairs in schedule.items()}
    assert schedule == by_hand(n, double)


def test_a_withdrawn_players_remaining_games_are_forfeits() -> None:
    # P04 withdraws after round 1: in round 2 of the 4-table (4-3, 1-2) P03 wins by forfeit.
    event = event_of(4)
    players = list(event.players)
    players[3] = SwissPlayer("P04", players[3].rating, withdrawn=2)
    event = SwissEvent(tuple(players), (), event.settings)
    rows = pair_round_robin(event, range(2, 3))
    assert [(e.white, e.black, e.result) for e in rows] == [
        ("P04", "P03", R.BLACK_WINS_BY_FORFEIT),
        ("P01", "P02", None),
    ]


def played(event: SwissEvent, *rows: tuple[int, int | None, str, str | None, Result]) -> SwissEvent:
    entries = tuple(SwissEntry(*row) for row in rows)
    return SwissEvent(event.players, entries, event.settings)


def test_the_next_round_comes_from_the_table_whatever_the_scores() -> None:
    # Round 1 of six: 1-6, 2-5, 3-4, Black wins everywhere; round 2 is still 6-4, 5-3, 1-2.
    event = played(
        event_of(6),
        (1, 1, "P01", "P06", R.BLACK_WINS),
        (1, 2, "P02", "P05", R.BLACK_WINS),
        (1, 3, "P03", "P04", R.BLACK_WINS),
    )
    assert [(e.white, e.black) for e in pair_next_round(event)] == [
        ("P06", "P04"),
        ("P05", "P03"),
        ("P01", "P02"),
    ]


def test_a_game_off_the_table_is_refused_at_its_row() -> None:
    # Round 1 of four is 1-4 and 2-3; 1-2 and 3-4 were typed (or paired as a Swiss before the
    # system was changed): both rows are named, each with the game the table has.
    event = played(
        event_of(4),
        (1, 1, "P01", "P02", R.WHITE_WINS),
        (1, 2, "P03", "P04", R.DRAW),
    )
    with pytest.raises(RatingbookError) as caught:
        check_round_robin(event, berger_schedule(event))
    text = str(caught.value)
    assert "P01 (White) against P04" in text and "P02 (White) against P03" in text


def test_colours_reversed_count_as_off_the_table() -> None:
    event = played(event_of(4), (1, 1, "P04", "P01", R.WHITE_WINS))
    with pytest.raises(EventError, match=r"P01 \(White\) against P04"):
        check_round_robin(event, berger_schedule(event))


def test_more_rounds_than_the_table_is_an_error() -> None:
    with pytest.raises(EventError, match="3 rounds"):
        check_event(event_of(4, rounds=5))


def test_a_round_robins_standings_and_sonneborn_berger_by_hand() -> None:
    # Four players, the table's three rounds (1-4 2-3 | 4-3 1-2 | 2-4 3-1):
    # R1 P01 beats P04, P02 beats P03; R2 P04-P03 drawn, P02 beats P01; R3 P04 beats P02,
    # P01 beats P03. Points: P01 2, P02 2, P04 1.5, P03 0.5.
    # Sonneborn-Berger (C.07 9.1: the beaten opponents' scores plus half the drawn ones'):
    # P02 0.5 + 2 = 2.5, P01 1.5 + 0.5 = 2, P04 2 + 0.25 = 2.25, P03 0.75.
    settings = SwissSettings(pairing=ROUND_ROBIN, tiebreaks=("SB",))
    event = played(
        SwissEvent(event_of(4).players, (), settings),
        (1, 1, "P01", "P04", R.WHITE_WINS),
        (1, 2, "P02", "P03", R.WHITE_WINS),
        (2, 1, "P04", "P03", R.DRAW),
        (2, 2, "P01", "P02", R.BLACK_WINS),
        (3, 1, "P02", "P04", R.BLACK_WINS),
        (3, 2, "P03", "P01", R.BLACK_WINS),
    )
    table = fide_standings(event, ("SB",))
    assert [(s.rank, s.name, float(s.points), s.values[0]) for s in table.lines] == [
        (1, "P02", 2.0, 2.5),
        (2, "P01", 2.0, 2.0),
        (3, "P04", 1.5, 2.25),
        (4, "P03", 0.5, 0.75),
    ]
