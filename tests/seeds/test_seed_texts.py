"""The seeds' text formats: Crikey judge input/output, Elo file.in/file.out, the Swiss table."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.helpers.seed_examples import CRIKEY_INPUT as SEED_CRIKEY_INPUT
from tests.helpers.seed_examples import SWISS_RESULTS as SEED_STANDINGS
from tests.helpers.seed_examples import SWISS_TABLE as SEED_TABLE

from ratingbook.core.results import Result
from ratingbook.errors import ParseError, RatingbookError
from ratingbook.ratings.crikey import CRIKEY_RESULTS
from ratingbook.seeds import crikey_text, elo_text, swiss_text
from ratingbook.seeds.crikey_text import format_crikey, read_crikey
from ratingbook.seeds.elo_text import format_elo_series, parse_elo_series
from ratingbook.seeds.swiss_text import format_swiss_table, read_swiss
from ratingbook.swiss import player_result

# --- Elo series (seed 003) ------------------------------------------------------------------

SEED_SCORES = (0, Fraction(1, 2), Fraction(1, 2), 0, 0, 0)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("32 1613 1609\n0\n0.5\n0.5\n0\n0\n0\n", id="seed-file-in"),
        pytest.param("K RA RB\n32 1613 1609\n0\n0.5\n0.5\n0\n0\n0\n", id="header-line"),
        pytest.param("K\tRA\tRB\n32\t1613\t1609\n0\n0.5\n0.5\n0\n0\n0\n", id="tabs"),
        pytest.param("\n32 1613 1609\n\n0\n0.5\n\n0.5\n0\n0\n0\n\n\n", id="blank-lines"),
        pytest.param("32 1613 1609\r\n0\r\n.5\r\n1/2\r\n0\r\n0\r\n0", id="crlf-no-final-newline"),
        pytest.param("32 1613 1609\n0 0.5 ½\n0 0 0\n", id="several-scores-a-line"),
        pytest.param("  32   1613  1609  \n 0\n 0.5\n 0.5 \n0\n0\n0\n", id="extra-spaces"),
    ],
)
def test_parse_elo_series_reads_k_ratings_and_scores(text: str) -> None:
    """file.in is 'K RA RB' then A's scores; a header, tabs and blank lines are tolerated."""
    data = parse_elo_series(text)
    assert (data.k, data.rating_a, data.rating_b) == (32, 1613, 1609)
    assert data.scores == SEED_SCORES


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param("", 1, id="empty"),
        pytest.param("K RA RB\n", 1, id="header-only"),
        pytest.param("32 1613\n0\n", 1, id="two-numbers"),
        pytest.param("32 1613 1609 5\n0\n", 1, id="four-numbers"),
        pytest.param("-1 1613 1609\n0\n", 1, id="negative-k"),
        pytest.param("32 1613 1609\n0\n2\n", 3, id="score-2"),
        pytest.param("32 1613 1609\n0\nx\n", 3, id="score-x"),
        pytest.param("32 1613 1609\n\n0\n-0.5\n", 4, id="score-negative"),
        pytest.param("32 1613 1609\n0 1 win\n", 2, id="score-word"),
        # A first line with a typo ("16O9", letter O) is not a header line such as "K RA RB".
        pytest.param("32 1613 16O9\n0\n0.5\n", 1, id="typo-in-first-line"),
        # ... even when the next line has three numbers, which must not become K, RA and RB.
        pytest.param("32 1613 16O9\n0 0.5 0.5\n0 0 0\n", 1, id="typo-then-three-scores"),
        # seed 003: "Define the actual score S_A as 1 for a win, as 0.5 for a draw, and 0 for a
        # loss": another value in file.in is a typo, not a score.
        pytest.param("32 1613 1609\n0\n0.3\n", 3, id="score-0.3"),
        pytest.param("32 1613 1609\n0.25\n", 2, id="score-quarter"),
    ],
)
def test_parse_elo_series_errors_name_the_line(text: str, line: int) -> None:
    """A malformed file.in is a ParseError naming the offending line."""
    with pytest.raises(ParseError) as caught:
        parse_elo_series(text)
    assert f"line {line}" in str(caught.value)


def test_format_elo_series_prints_the_seed_file_out() -> None:
    """file.out: one 'RA RB' line per pair, the initial pair first (seed 003)."""
    pairs = [
        (1613, 1609),
        (1597, 1625),
        (1598, 1624),
        (1599, 1623),
        (1584, 1638),
        (1570, 1652),
        (1558, 1664),
    ]
    assert format_elo_series(pairs) == (
        "1613 1609\n1597 1625\n1598 1624\n1599 1623\n1584 1638\n1570 1652\n1558 1664\n"
    )


def test_format_elo_series_prints_a_fractional_initial_rating_exactly() -> None:
    """An initial rating of 1613.5 prints as 1613.5, whole numbers without decimals."""
    assert format_elo_series([(Fraction(3227, 2), 1609)]) == "1613.5 1609\n"


# --- Swiss (seed 004) -----------------------------------------------------------------------


def test_format_swiss_table_matches_the_seed_table() -> None:
    """The standings print as the seed's table: pt and rp with 1 decimal, SB with 2, blacks."""
    assert format_swiss_table(SEED_STANDINGS) == SEED_TABLE


def test_format_swiss_table_gives_complete_ties_a_shared_rank() -> None:
    """Players equal on all four keys share a rank and the next rank skips (the seed's
    "3. Anna and Charlotte ... 5. Femke")."""
    standings = [
        player_result("Sam", 1.0, 2.0, 1.0, 2),
        player_result("Rex", 1.0, 2.0, 1.0, 2),
        player_result("Quin", 1.0, 2.0, 1.0, 0),
    ]
    assert format_swiss_table(standings) == (
        "\tpt\trp\tSB\tb\n"
        "1 Sam\t1.0\t2.0\t1.00\t2\n"
        "1 Rex\t1.0\t2.0\t1.00\t2\n"
        "3 Quin\t1.0\t2.0\t1.00\t0\n"
    )


# --- Crikey (seed 000) ----------------------------------------------------------------------


def test_format_crikey_prints_the_seed_output() -> None:
    """Per tournament 'Ratings after Tournament k:' then 'name rating', highest first."""
    results = [
        {"alice": 7419, "bob": 7908},
        {"bob": 5549, "alice": 5561},
        {"alice": 9513, "bob": 9513},
        {"alice": 5255, "bob": 5555, "fred": 8000},
    ]
    assert format_crikey(results) == (
        "Ratings after Tournament 1:\n"
        "bob 79.08\n"
        "alice 74.19\n"
        "Ratings after Tournament 2:\n"
        "alice 55.61\n"
        "bob 55.49\n"
        "Ratings after Tournament 3:\n"
        "bob 95.13\n"
        "alice 95.13\n"
        "Ratings after Tournament 4:\n"
        "fred 80.00\n"
        "bob 55.55\n"
        "alice 52.55\n"
    )


def test_format_crikey_orders_equal_ratings_in_decreasing_alphabetical_order() -> None:
    """Equal ratings: names in DEcreasing alphabetical order (seed 000, OUTPUT)."""
    results = [{"amy": 5000, "zed": 5000, "max": 5000, "bo": 6000, "cy": -5}]
    assert format_crikey(results) == (
        "Ratings after Tournament 1:\nbo 60.00\nzed 50.00\nmax 50.00\namy 50.00\ncy -0.05\n"
    )


def _games(table: crikey_text.CrikeyTable) -> list[tuple[str, str, Result, int, int]]:
    """A tournament's games with names and results in place of indices."""
    return [
        (table.names[w], table.names[b], CRIKEY_RESULTS[r], wp, bp)
        for w, b, r, wp, bp in table.games
    ]


def test_read_crikey_reads_the_seed_input() -> None:
    """The judge input reads into four tournaments of ratings (hundredths) and games."""
    tournaments = read_crikey(SEED_CRIKEY_INPUT)
    assert [dict(zip(t.names, t.ratings, strict=True)) for t in tournaments] == [
        {"alice": 7691, "bob": 7636},
        {"alice": 5555, "bob": 5555},
        {"alice": 9426, "bob": 9600},
        {"alice": 5255, "bob": 5555, "fred": 8000},
    ]
    assert [_games(t) for t in tournaments] == [
        [("alice", "bob", Result.BLACK_WINS, 20, 15)],
        [("alice", "bob", Result.DRAW, 10, 30), ("bob", "alice", Result.DRAW, 20, 20)],
        [("alice", "bob", Result.WHITE_WINS, 10, 10)],
        [("alice", "bob", Result.DRAW, 10, 30), ("fred", "fred", Result.BLACK_WINS, 27, 50)],
    ]


def test_read_crikey_records_the_line_of_each_game() -> None:
    """Each game knows its input line, so later errors can name it."""
    tournaments = read_crikey(SEED_CRIKEY_INPUT)
    assert [n for t in tournaments for n in t.lines] == [5, 9, 10, 14, 19, 20]


def test_read_crikey_skips_blank_lines() -> None:
    """Blank lines between the parts of the input are ignored."""
    text = "\n1\n\n2 1\nalice 76.91\n\nbob 76.36\nalice bob lost 20 15\n\n"
    (tournament,) = read_crikey(text)
    assert dict(zip(tournament.names, tournament.ratings, strict=True)) == {
        "alice": 7691,
        "bob": 7636,
    }


CRIKEY_ONE = "1\n2 1\nalice 76.91\nbob 76.36\n"  # the game goes on line 5


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param("x\n", 1, id="tournament-count-not-a-number"),
        pytest.param("1 2\n", 1, id="tournament-count-two-tokens"),
        pytest.param("1\n2\n", 2, id="counts-one-token"),
        pytest.param("1\ntwo 1\n", 2, id="counts-not-a-number"),
        pytest.param("1\n2 1\nalice\n", 3, id="player-without-rating"),
        pytest.param("1\n2 1\nalice 7x.91\n", 3, id="rating-not-a-number"),
        pytest.param("1\n2 1\nalice 76.911\n", 3, id="rating-three-decimals"),
        pytest.param("1\n2 1\nalice 76.91\nalice 70.00\n", 4, id="player-twice"),
        pytest.param(CRIKEY_ONE + "alice bob lost 20\n", 5, id="game-four-tokens"),
        pytest.param(CRIKEY_ONE + "alice bob lost 20 15 9\n", 5, id="game-six-tokens"),
        pytest.param(CRIKEY_ONE + "alice carol lost 20 15\n", 5, id="unknown-player"),
        pytest.param(CRIKEY_ONE + "alice bob lose 20 15\n", 5, id="bad-result-word"),
        pytest.param(CRIKEY_ONE + "alice bob lost x 15\n", 5, id="pieces-not-a-number"),
        pytest.param(CRIKEY_ONE + "alice bob lost 20 1.5\n", 5, id="pieces-fraction"),
        pytest.param(CRIKEY_ONE + "alice bob lost -1 15\n", 5, id="pieces-negative"),
        pytest.param(CRIKEY_ONE, 5, id="game-missing"),
        pytest.param(CRIKEY_ONE + "alice bob lost 20 15\nbob 1.00\n", 6, id="text-after-the-end"),
    ],
)
def test_read_crikey_errors_name_the_line(text: str, line: int) -> None:
    """A malformed judge input is a ParseError naming the offending input line."""
    with pytest.raises(ParseError) as caught:
        read_crikey(text)
    assert f"line {line}" in str(caught.value)


def test_parse_errors_are_ratingbook_errors() -> None:
    """ParseError belongs to the one error family (a ValueError)."""
    assert issubclass(ParseError, RatingbookError)
    assert issubclass(ParseError, ValueError)


# --- the bulk readers agree with the line-by-line reader ----------------------------------------
#
# read_crikey, read_swiss and parse_elo_series read the long parts of their input (games,
# scores) a block at a time and fall back to reading line by line when a block has a problem.
# Whatever the input, both ways must give the same games (with the same line numbers) or the
# same error: compared here on random inputs, each slightly broken or not, with the bulk reading
# switched off (``readings`` answering "unreadable" to every token, as an empty table does,
# sends every block line by line).

# Tokens a slip of the keyboard may leave: spellings the readers accept and ones they refuse.
ODD_TOKENS = (
    "x", "-1", "+3", "1.5", "07", "1_0", "٣", "WON", "Drew", "lose", "½", "1/2", "0.50",
    "2", "1e400000000", "nan", "alice", "zed", "",
)  # fmt: skip


def parse_outcome(parse: Callable[[str], object], text: str) -> object:
    """What ``parse`` makes of ``text``: its result with every game's line, or its error."""
    try:
        result = parse(text)
    except ParseError as error:
        return ("error", str(error))
    return ("ok", result)


def line_by_line(parse: Callable[[str], object], text: str) -> object:
    no_table = mock.patch.object  # every module that reads in bulk, switched to line by line
    with (
        no_table(crikey_text, "readings", lambda read: {}),
        no_table(elo_text, "readings", lambda read: {}),
        no_table(swiss_text, "readings", lambda read: {}),
    ):
        return parse_outcome(parse, text)


@st.composite
def broken_text(draw: st.DrawFn, lines: list[str]) -> str:
    """``lines`` joined, perhaps with one token changed, dropped or added, a token moved to the
    next line (the total count stays right), a blank or blank-looking line inserted, or Windows
    newlines."""
    lines = list(lines)
    changes = ["none", "token", "drop", "add", "shift", "blank", "spaces", "crlf"]
    change = draw(st.sampled_from(changes))
    if len(lines) > 1 and change == "shift":
        i = draw(st.integers(0, len(lines) - 2))
        tokens = lines[i].split()
        if tokens:
            lines[i] = " ".join(tokens[:-1])
            lines[i + 1] = f"{tokens[-1]} {lines[i + 1]}"
    elif lines and change in ("token", "drop", "add"):
        i = draw(st.integers(0, len(lines) - 1))
        tokens = lines[i].split()
        if tokens:
            j = draw(st.integers(0, len(tokens) - 1))
            if change == "token":
                tokens[j] = draw(st.sampled_from(ODD_TOKENS))
            elif change == "drop":
                del tokens[j]
            else:
                tokens.insert(j, draw(st.sampled_from(ODD_TOKENS)))
            lines[i] = " ".join(tokens)
    elif change in ("blank", "spaces"):
        i = draw(st.integers(0, len(lines)))
        lines.insert(i, "" if change == "blank" else " \t ")
    newline = "\r\n" if change == "crlf" else "\n"
    return newline.join(lines) + newline


@st.composite
def crikey_texts(draw: st.DrawFn) -> str:
    names = ["alice", "bob", "carol", "dan"]
    lines = [str(draw(st.integers(1, 2)))]
    for _ in range(int(lines[0])):
        players = names[: draw(st.integers(1, 4))]
        games = draw(st.integers(0, 6))
        lines.append(f"{len(players)} {games}")
        lines += [f"{p} {draw(st.integers(0, 9999)) / 100:.2f}" for p in players]
        for _ in range(games):
            white, black = draw(st.sampled_from(players)), draw(st.sampled_from(players))
            result = draw(st.sampled_from(["won", "drew", "lost"]))
            lines.append(f"{white} {black} {result} {draw(st.integers(0, 39))} 5")
    return draw(broken_text(lines))


@st.composite
def swiss_texts(draw: st.DrawFn) -> str:
    players = ["Anna", "Bob", "Cleo", "Dirk"][: draw(st.integers(2, 4))]
    lines = [*players, ""]
    for _ in range(draw(st.integers(0, 3))):
        for _ in range(draw(st.integers(1, 3))):
            white, black = draw(st.sampled_from(players)), draw(st.sampled_from(players))
            points = draw(st.sampled_from(["1 0", "0 1", "0.5 0.5", "½ ½", "1/2 0", "1 ½"]))
            lines.append(f"{white} {black} {points}")
        lines.append("")
    return draw(broken_text(lines))


@st.composite
def elo_series_texts(draw: st.DrawFn) -> str:
    lines = ["32 1613 1609"]
    lines += [
        " ".join(draw(st.lists(st.sampled_from(["1", "0", "0.5", ".5", "½", "1/2"]), max_size=3)))
        for _ in range(draw(st.integers(0, 6)))
    ]
    return draw(broken_text(lines))


@settings(max_examples=300)
@given(crikey_texts())
@example("1\n2 2\nalice 76.91\nbob 76.36\nalice bob lost 20\n15 bob alice won 1 2\n")
def test_read_crikey_reads_in_bulk_as_line_by_line(text: str) -> None:
    assert parse_outcome(read_crikey, text) == line_by_line(read_crikey, text)


@settings(max_examples=300)
@given(swiss_texts())
@example("Anna\nBob\n\nAnna Bob 1\n0 Bob Anna 1 0\n")  # a token on the wrong line
def test_read_swiss_reads_in_bulk_as_line_by_line(text: str) -> None:
    assert parse_outcome(read_swiss, text) == line_by_line(read_swiss, text)


@settings(max_examples=300)
@given(elo_series_texts())
def test_parse_elo_series_reads_in_bulk_as_line_by_line(text: str) -> None:
    assert parse_outcome(parse_elo_series, text) == line_by_line(parse_elo_series, text)


def test_the_line_by_line_switch_reaches_the_line_by_line_reader() -> None:
    """The comparison above is not empty: with the switch, a bad game line is still found, and
    a good input still parses (so both readers really ran)."""
    bad = CRIKEY_ONE + "alice bob lose 20 15\n"
    assert line_by_line(read_crikey, bad) == parse_outcome(read_crikey, bad)
    assert line_by_line(read_crikey, SEED_CRIKEY_INPUT)[0] == "ok"
    calls: list[str] = []
    real = crikey_text._crikey_game

    def spy(*args: Any) -> Any:
        calls.append("line")
        return real(*args)

    with mock.patch.object(crikey_text, "_crikey_game", spy):
        line_by_line(read_crikey, SEED_CRIKEY_INPUT)
    assert len(calls) == 6  # the seed's six games, one by one
