"""Who can still win while the last round is played: the games already over count as they
ended (docs/guides/end-of-event.md), in every player's points, every sentence and the sheet.

The user test's Swiss (six players, five rounds), worked by hand. After round 4: Erik 3½
(beat Bob, Anna, Charlotte, drew Daniel), Daniel 2½, Charlotte 2, Bob 2, Anna 1, Femke 1.
Round 5 under way: Femke-Erik 0-1 and Daniel-Anna 1-0 are over, Bob-Charlotte is still
played. So Erik has 4½, Daniel 3½, and Bob and Charlotte can reach at most 3: Erik is first
alone whatever Bob-Charlotte gives; nobody else can be first.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.events.contenders import describe
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.event_contenders import event_contenders, finished_games
from ratingbook.events.settings import SwissSettings
from ratingbook.reports.contender_grids import contender_grid, contender_lines

R = Result
ROWS = (
    (1, 1, "Anna", "Femke", R.WHITE_WINS), (1, 2, "Bob", "Erik", R.BLACK_WINS),
    (1, 3, "Charlotte", "Daniel", R.DRAW),
    (2, 1, "Erik", "Anna", R.WHITE_WINS), (2, 2, "Femke", "Charlotte", R.DRAW),
    (2, 3, "Daniel", "Bob", R.WHITE_WINS),
    (3, 1, "Daniel", "Erik", R.DRAW), (3, 2, "Charlotte", "Anna", R.WHITE_WINS),
    (3, 3, "Bob", "Femke", R.WHITE_WINS),
    (4, 1, "Erik", "Charlotte", R.WHITE_WINS), (4, 2, "Femke", "Daniel", R.DRAW),
    (4, 3, "Anna", "Bob", R.BLACK_WINS),
    (5, 1, "Femke", "Erik", R.BLACK_WINS), (5, 2, "Daniel", "Anna", R.WHITE_WINS),
    (5, 3, "Bob", "Charlotte", None),
)  # fmt: skip
NAMES = ("Anna", "Bob", "Charlotte", "Daniel", "Erik", "Femke")
HALF = Fraction(1, 2)
#: By hand, the games over counted: (points, at most).
EXPECTED = {
    "Erik": (4 + HALF, 4 + HALF),
    "Daniel": (3 + HALF, 3 + HALF),
    "Charlotte": (Fraction(2), Fraction(3)),
    "Bob": (Fraction(2), Fraction(3)),
    "Anna": (Fraction(1), Fraction(1)),
    "Femke": (Fraction(1), Fraction(1)),
}


def _event() -> SwissEvent:
    players = tuple(SwissPlayer(n) for n in NAMES)
    return SwissEvent(players, tuple(SwissEntry(*r) for r in ROWS), SwissSettings(rounds=5))


def _pts(text: str) -> Fraction:
    whole = text.replace("½", "")
    return Fraction(int(whole or 0)) + (HALF if "½" in text else 0)


def test_games_over_count_as_they_ended_in_every_line() -> None:
    event = _event()
    number, found = event_contenders(event)
    assert number == 5
    assert {c.name: (c.points, c.maximum) for c in found} == EXPECTED
    erik = next(c for c in found if c.name == "Erik")
    assert erik.alone is True
    assert erik.needs == "Erik's game is over, and nobody can reach Erik whatever the other results"
    assert [c.name for c in found if c.shared] == ["Erik"]
    # One player, one score: every "X has P" any line says is X's points in his own row.
    for c in found:
        for who, said in re.findall(r"(\w+) has (\d*½?)", describe(c)):
            assert _pts(said) == EXPECTED[who][0], describe(c)


def test_the_sheet_and_the_lines_say_the_games_over_are_counted() -> None:
    event = _event()
    number, found = event_contenders(event)
    over = finished_games(event, number)
    assert over == 2
    grid = contender_grid(number, found, over)
    assert grid.title == "Who can still win in round 5, 2 games over (counted as they ended)"
    assert grid.rows[0][:4] == ["Erik", "4½", "4½", "can win alone (game over)"]
    # On the sheet and the page themselves, not only in the printed title.
    assert [
        "In round 5, 2 games over (counted as they ended): Points and At most include them; "
        "only the games still going are open.",
        None, None, None, None,
    ] in grid.rows  # fmt: skip
    lines = contender_lines(number, found, over)
    assert lines[0].startswith("In round 5, 2 games over (counted as they ended), on points")


def test_every_line_of_a_player_whose_game_is_over_says_so() -> None:
    """end-of-event.md: "a player whose game is over says so ("Erik's game is over")", whatever
    his chances (ut43see: Mullins, 5 and at most 5, said only "cannot finish first"). Round 5:
    Femke-Erik and Daniel-Anna are over, Bob-Charlotte is still played."""
    event = _event()
    number, found = event_contenders(event)
    over = {"Erik", "Femke", "Daniel", "Anna"}
    lines = {c.name: describe(c) for c in found}
    for name, line in lines.items():
        said = line.count(f"{name}'s game is over")
        assert said == (1 if name in over else 0), line
    assert lines["Anna"].startswith("Anna (1, at most 1; Anna's game is over): cannot finish")
    # The command's lines (--all: every player) and the sheet's Chances column.
    text = "\n".join(contender_lines(number, found, finished_games(event, number)))
    assert all(f"{name}'s game is over" in text for name in over), text
    grid = contender_grid(number, found, 2)
    chances = {r[0]: r[3] for r in grid.rows if r[3]}
    assert chances == {"Erik": "can win alone (game over)"}


def test_the_round_robin_repro_says_oskar_linds_game_is_over() -> None:
    """ut43see's round robin: round 2 played, round 3 paired, Oskar Lind - Sven Eng 1-0 typed:
    the book's Contenders sheet (and so its page) says both their games are over."""
    from tests.reports.test_consistency_views import grid, recalc, set_cell, template_book

    book = template_book("roundrobin")
    recalc(book)
    for board, result in ((1, "0-1"), (2, "1-0"), (3, "½-½")):
        set_cell(book, "Swiss Games", {"Round": 2, "Board": board}, {"Result": result})
    recalc(book)
    assert set_cell(book, "Swiss Games", {"Round": 3, "White": "Oskar Lind"}, {"Result": "1-0"})
    recalc(book)
    rows = grid(book, "Contenders")
    header = [str(h) for h in rows[0]]
    at, chances = header.index("Name"), header.index("Chances")
    shown = {str(r[at]): str(r[chances]) for r in rows[1:] if r[chances]}
    assert shown["Oskar Lind"].endswith("(game over)"), shown
    assert not any(v.endswith("(game over)") for k, v in shown.items() if k != "Oskar Lind")
    said = " ".join(str(r[at]) for r in rows[1:] if not r[chances])
    assert "Sven Eng's game is over" in said, said


def test_before_round_1_only_the_rounds_that_can_be_paired_count() -> None:
    """ut43see: six players, Rounds 9, before round 1. Six players can meet in 5 rounds only
    (C.04.1 b: no two meet twice; each meets the 5 others once), so nobody can reach more than
    5 points: "at most 9" was a maximum nobody can reach. The report says why."""
    players = tuple(SwissPlayer(n) for n in NAMES)
    event = SwissEvent(players, (), SwissSettings(rounds=9))
    number, found = event_contenders(event)
    assert number == 1
    assert {c.maximum for c in found} == {Fraction(5)}
    from ratingbook.events.event_contenders import playable_rounds_note

    note = playable_rounds_note(event)
    assert note.startswith("Rounds 9: a Swiss of 6 players cannot be paired to the end")
    assert note.endswith("who can still win counts those 5")
    lines = contender_lines(number, found, 0, note)
    assert lines[0] == f"{note}." and lines[1].startswith("Before round 1, on points")
    assert all("at most 5)" in line for line in lines[2:]), lines
    # Rounds 5 (all can be paired): nothing to say.
    assert playable_rounds_note(SwissEvent(players, (), SwissSettings(rounds=5))) == ""
