"""One number, one source (issue 34): every view of an event shows each player's (each team's)
points for the same rounds, and says which rounds.

The views compared: the standings (sheet or grid), the crosstable (its Points column, and its
cells, which must add up to it), the published site (``index.html``, ``crosstable.html``, each
player's page and the footer), the recalc's summary, and the ``explain`` lines that cite a
player's points before a round. The round states: every round paired and not played, partly
played, and played, over the Swiss, round robin and team templates (through a real book and
the session) and every real TRF file of ``tests/data/trf``: the full suite checks each file at
one state of each kind at a drawn round (``--exhaustive``: every round in each state), the quick
loop the middle round of every third short file.

A consistency test (docs/developers/testing.md), but the points are not only compared with
each other: the test works out what every view must show from the rows alone, by its own table
of what each result is worth (FIDE's C.04 scoring: a win 1, a draw ½, the pairing-allocated
bye as the settings say, a half-point bye ½), over the rounds the state it built has finished:
"after round N" counts the rounds 1 to N, and a round paired but not finished (its byes
included) counts nothing yet, in every view.
"""

from __future__ import annotations

import functools
import io
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from html.parser import HTMLParser
from typing import Any

import openpyxl
import pytest
from tests.helpers.gacrux_pairings import LONG_FILES
from tests.helpers.paths import REAL_TRF, REAL_TRF_FILES

from ratingbook.core.encoding import decode_legacy
from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEntry, SwissEvent
from ratingbook.reports.event_grids import event_grids
from ratingbook.session import Done, Pair, Recalc, Session
from ratingbook.templates.writer import template_bytes
from ratingbook.trf.importer import import_trf
from ratingbook.web.site import render_site, site_files
from ratingbook.workbook.kinds import read_book_event
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook

DATA, FILES = REAL_TRF, REAL_TRF_FILES
HALF = Fraction(1, 2)

# --- what a result is worth, the test's own table (FIDE C.04: 1, ½, 0) -------------------------

#: White's and Black's points of a game, by the result's spelling in a sheet or the enum.
GAME = {
    "1-0": (1, 0),
    "0-1": (0, 1),
    "½-½": (HALF, HALF),
    "+/-": (1, 0),
    "-/+": (0, 1),
    "-/-": (0, 0),
    Result.WHITE_WINS: (1, 0),
    Result.BLACK_WINS: (0, 1),
    Result.DRAW: (HALF, HALF),
    Result.WHITE_WINS_BY_FORFEIT: (1, 0),
    Result.BLACK_WINS_BY_FORFEIT: (0, 1),
    Result.DOUBLE_FORFEIT: (0, 0),
}
#: A bye's points; the pairing-allocated bye's come from the event's settings.
BYES = {"HPB": HALF, "FPB": Fraction(1), "ZPB": Fraction(0)}
BYE_CODES = {
    Result.PAIRING_BYE: "PAB",
    Result.HALF_POINT_BYE: "HPB",
    Result.FULL_POINT_BYE: "FPB",
    Result.ZERO_POINT_BYE: "ZPB",
}
#: A crosstable cell's result sign, seen from its row's player.
SIGNS = {"1": Fraction(1), "½": HALF, "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}


@dataclass(frozen=True)
class Row:
    round: int
    white: str
    black: str | None  # None: a bye
    result: object  # a spelling or a Result; None: not played yet


def bye_points(result: object, pab: Fraction) -> Fraction:
    code = BYE_CODES.get(result, result)  # type: ignore[call-overload]
    return pab if code == "PAB" else BYES[str(code)]


def expected_points(
    names: Sequence[str], rows: Sequence[Row], counted: int, pab: Fraction
) -> dict[str, Fraction]:
    """Each player's points over rounds 1 to ``counted``, from the rows alone."""
    points = {name: Fraction(0) for name in names}
    for row in rows:
        if row.round > counted or row.result is None:
            continue
        if row.black is None:
            points[row.white] += bye_points(row.result, pab)
            continue
        white, black = GAME[row.result]  # type: ignore[index]
        points[row.white] += white
        points[row.black] += black
    return points


def stage_words(counted: int, current: int | None = None, typed: int = 0, games: int = 0) -> str:
    """What a title must say (issue 34): "after round N" counts rounds 1 to N; "before round
    1" when none is finished; results typed of the round in progress are named."""
    words = f"after round {counted}" if counted else "before round 1"
    if current is not None and typed:
        plural = "" if games == 1 else "s"
        words += (
            f" (round {current} in progress: {typed} of {games} result{plural}, not counted yet)"
        )
    return words


def number(value: object) -> Fraction:
    """A figure as a view shows it (1.5, "1.5", "1½", "½", 2) as an exact number."""
    if isinstance(value, int | float):
        return Fraction(str(value))
    text = str(value).strip()
    if text.endswith("½"):
        return Fraction(int(text[:-1] or 0)) + HALF
    return Fraction(text)


def cell_points(cell: object, pab: Fraction) -> Fraction:
    """A crosstable cell's points (``4b1``, ``3w½``, ``PAB``, a round robin's ``½``; empty,
    the diagonal's ``X`` or a round not paired in, ``withdrawn (Z)``: nothing)."""
    text = "" if cell is None else str(cell).strip()
    if not text or text == "X":  # a round robin's diagonal: nobody meets himself
        return Fraction(0)
    if text in BYES or text == "PAB":
        return bye_points(text, pab)
    if text.endswith("(Z)"):  # a round not paired in (not yet entered, withdrawn): TRF's Z
        return Fraction(0)
    total = Fraction(0)
    for game in text.split():  # a double round robin's cell holds two games: "1 ½"
        sign = game[-1]
        assert sign in SIGNS, f"a counted round's cell without a result: {text!r}"
        total += SIGNS[sign]
    return total


# --- reading the views ------------------------------------------------------------------------


class Page(HTMLParser):
    """A published page's tables (caption, header, rows of cell texts), its facts (a
    player's details) and its footer. A table's caption is the ``<p class="caption">`` above
    its scroller (or a ``<caption>``)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tables: list[tuple[str, list[list[str]]]] = []
        self.facts: dict[str, str] = {}
        self.footer = ""
        self._text: list[str] | None = None
        self._where: list[str] = []
        self._row: list[str] | None = None
        self._label = ""
        self._above = ""  # the caption above the next table
        self._caption = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._where.append(tag)
        if tag == "table":
            self.tables.append((self._above, []))
            self._above = ""
        elif tag == "tr":
            self._row = []
        self._caption = tag == "p" and ("class", "caption") in attrs
        if tag in ("td", "th", "caption", "dt", "dd", "footer") or self._caption:
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        while self._where and self._where.pop() != tag:
            pass
        text = " ".join("".join(self._text or []).split())
        if tag in ("td", "th") and self._row is not None:
            self._row.append(text)
        elif tag == "tr" and self._row is not None and self.tables:
            self.tables[-1][1].append(self._row)
            self._row = None
        elif tag == "caption":
            self.tables[-1] = (text, self.tables[-1][1])
        elif tag == "p" and self._caption:
            self._above, self._caption = text, False
        elif tag == "dt":
            self._label = text
        elif tag == "dd":
            self.facts[self._label] = text
        elif tag == "footer":
            self.footer = text
        if (
            tag in ("td", "th", "caption", "dt", "dd", "footer", "p")
            and "footer" not in self._where
        ):
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def column(rows: Sequence[Sequence[Any]], key: str, value: str) -> dict[str, Any]:
    """``{row[key]: row[value]}`` of a table whose first row is its header."""
    header = [str(h) for h in rows[0]]
    at, of = header.index(key), header.index(value)
    return {str(row[at]): row[of] for row in rows[1:] if row and row[at] not in (None, "")}


def round_cells(rows: Sequence[Sequence[Any]], key: str) -> dict[str, list[Any]]:
    """Each row's round cells (columns ``R1``, ``R2``, ... or a round robin's ``1``, ``2``)."""
    header = [str(h) for h in rows[0]]
    rounds = [i for i, h in enumerate(header) if re.fullmatch(r"R?\d+", h)]
    at = header.index(key)
    return {str(row[at]): [row[i] for i in rounds] for row in rows[1:] if row and row[at]}


@dataclass(frozen=True)
class Expected:
    """What every view must show: the points (or a team's MP and GP) and the title's words."""

    points: Mapping[str, Fraction]
    words: str
    counted: int
    pab: Fraction = Fraction(1)


def check_site(files: Mapping[str, str], expected: Expected, key: str = "Name") -> None:
    """``index.html`` and ``crosstable.html`` (the figures and their captions or heading),
    each player's page and every page's footer."""
    value = "Points" if key == "Name" else "MP"
    # Each page parsed once (the parser is most of this check's time), then read for all it shows.
    pages = {file: Page(html) for file, html in files.items() if file.endswith(".html")}
    for file, title in (("index.html", "Standings"), ("crosstable.html", "Crosstable")):
        caption, rows = next(t for t in pages[file].tables if t[1] and key in t[1][0])
        shown = {k: number(v) for k, v in column(rows, key, value).items()}
        assert shown == dict(expected.points), (file, caption)
        if key == "Name":
            assert caption == f"{title} {expected.words}", (file, caption)
        assert "after round 0" not in files[file]
    if key == "Team":
        heading = re.findall(r"<h1>(.*?)</h1>", files["index.html"])
        assert heading == [f"Team standings {expected.words}"], heading
    for file, page in pages.items():
        if file == "contenders.html" and "over (counted as they ended). Published" in page.footer:
            continue  # who can still win counts the games over: its footer says so (issue 34)
        assert f": {expected.words}. Published" in page.footer, (file, page.footer)
    if key == "Name":
        crosstable = next(t for t in pages["crosstable.html"].tables if t[1])[1]
        label = f"Points {stage_words(expected.counted)}"
        for no, name in column(crosstable, "No.", "Name").items():
            facts = pages[f"player-{no}.html"].facts
            assert number(facts[label]) == expected.points[name], (name, facts)


def check_grid_rows(
    standings: Sequence[Sequence[Any]],
    crosstable: Sequence[Sequence[Any]],
    expected: Expected,
) -> None:
    """A standings table and a crosstable (header first): the points, and the crosstable's
    cells adding up to them, a round column for each counted round of a Swiss."""
    shown = {k: number(v) for k, v in column(standings, "Name", "Points").items()}
    assert shown == dict(expected.points)
    crossed = {k: number(v) for k, v in column(crosstable, "Name", "Points").items()}
    assert crossed == dict(expected.points)
    if "Rank" in crosstable[0] and str(crosstable[0][0]) == "Rank":  # a Swiss: in rank order
        down = [number(v) for v in column(crosstable, "Name", "Points").values()]
        assert down == sorted(down, reverse=True), "a player below one with fewer points"
    for name, cells in round_cells(crosstable, "Name").items():
        added = sum((cell_points(c, expected.pab) for c in cells), Fraction(0))
        assert added == expected.points[name], (name, cells)


# --- events of the real TRF files, at every round state ----------------------------------------


@dataclass(frozen=True)
class State:
    label: str
    event: SwissEvent
    expected: Expected


def rows_of(event: SwissEvent) -> list[Row]:
    return [Row(e.round, e.white, e.black, e.result) for e in event.entries]


def _at(event: SwissEvent, entries: Sequence[SwissEntry], counted: int, words: str) -> Expected:
    kept = SwissEvent(event.players, tuple(entries), event.settings, event.numbering)
    names = [p.name for p in event.players]
    pab = event.settings.scoring.pairing_bye
    return Expected(expected_points(names, rows_of(kept), counted, pab), words, counted, pab)


def round_states(event: SwissEvent, rounds: Sequence[int]) -> Iterator[State]:
    """Each round of ``rounds``: paired and not played (its byes are known), partly played
    (half its games have a result), played (with the requested byes already typed for the
    next round, as JaVaFo's file has them)."""
    scoring = event.settings.scoring
    assert (scoring.win, scoring.draw) == (1, HALF)  # the table above
    for r in rounds:
        earlier = [e for e in event.entries if e.round < r]
        this = [e for e in event.entries if e.round == r]
        games = [e for e in this if e.black is not None]
        byes_next = [
            e
            for e in event.entries
            if e.round == r + 1 and e.black is None and e.result is not Result.PAIRING_BYE
        ]

        def keep(
            n: int, games: list[SwissEntry] = games, this: list[SwissEntry] = this
        ) -> list[SwissEntry]:
            kept = {id(e) for e in games[:n]}
            return [
                e if e.black is None or id(e) in kept else replace(e, result=None) for e in this
            ]

        def state(
            label: str, entries: list[SwissEntry], counted: int, words: str, r: int = r
        ) -> State:
            ev = SwissEvent(event.players, tuple(entries), event.settings, event.numbering)
            return State(f"round {r} {label}", ev, _at(event, entries, counted, words))

        yield state("paired", earlier + keep(0), r - 1, stage_words(r - 1))
        half = len(games) // 2
        if half:
            words = stage_words(r - 1, r, half, len(games))
            yield state("partly played", earlier + keep(half), r - 1, words)
        yield state("played", earlier + this + byes_next, r, stage_words(r))


def check_event(state: State) -> None:
    """The grids (what the sheets are written from) and the site of one state."""
    event, expected = state.event, state.expected
    grids = event_grids(event)
    standings = [grids.standings.header, *grids.standings.rows]
    crosstable = [grids.crosstable.header, *grids.crosstable.rows]
    check_grid_rows(standings, crosstable, expected)
    assert grids.standings.title == f"Standings {expected.words}", state.label
    assert grids.crosstable.title == f"Crosstable {expected.words}", state.label
    if not event.settings.round_robin:
        header = grids.crosstable.header
        assert [h for h in header if re.fullmatch(r"R\d+", h)] == [
            f"R{n}" for n in range(1, expected.counted + 1)
        ]
    check_site(render_site(event, "Event"), expected)


def imported(name: str, tiebreaks: tuple[str, ...] = ()) -> SwissEvent:
    event = import_trf(decode_legacy((DATA / name).read_bytes())).event
    if tiebreaks:
        event = replace(event, settings=replace(event.settings, tiebreaks=tiebreaks))
    return event


def sample(paired: int) -> list[int]:
    """The quick loop's round of a file: its middle one (round 1 and the last are covered by
    the templates and the slow test)."""
    return [max(1, (paired + 1) // 2)]


#: The quick loop's files: every third of those of at most 64 players (the slow test below
#: takes every file, in each state at a drawn round, or every round with --exhaustive).
QUICK_FILES = [n for n in FILES if n not in LONG_FILES and n != "icu_bunratty-minor_2011.tab"][2::3]


@pytest.mark.parametrize("name", QUICK_FILES)
def test_consistency_views_of_a_real_event_in_each_state_of_a_round(name: str) -> None:
    """The middle round of every third short real TRF file, paired / partly played / played,
    with FIDE tie-breaks (BH SB) through gacrux."""
    event = imported(name, ("BH", "SB"))
    for state in round_states(event, sample(event.paired_rounds)):
        check_event(state)


#: The three states of a round, as :func:`round_states` labels them.
KINDS = ("paired", "partly played", "played")


def sampled_states(event: SwissEvent, name: str, tiebreaks: tuple[str, ...]) -> list[State]:
    """The full suite's states of a file: one of each kind (paired, partly played, played),
    each at a round drawn for it (by a generator seeded with the file's name and tie-breaks,
    so the same in every run, and the seed's and FIDE's standings see different rounds);
    with the seed's standings the paired state is round 1's ("before round 1"), with FIDE's
    the played state is the last round's (the final standings). A file none of whose rounds
    has two games has no partly played state."""
    rng = random.Random(f"{name} {' '.join(tiebreaks)}")
    every = list(round_states(event, range(1, event.paired_rounds + 1)))
    fixed = "round 1 paired" if not tiebreaks else f"round {event.paired_rounds} played"
    chosen = []
    for kind in KINDS:
        of_kind = [s for s in every if s.label.split(" ", 2)[2] == kind]
        anchored = [s for s in of_kind if s.label == fixed]
        if anchored or of_kind:
            chosen.append(anchored[0] if anchored else rng.choice(of_kind))
    return chosen


@pytest.mark.slow
@pytest.mark.parametrize("tiebreaks", [(), ("BH", "SB")], ids=["seed", "fide"])
@pytest.mark.parametrize("name", FILES)
def test_consistency_views_of_a_real_event_at_every_round_state(
    name: str, tiebreaks: tuple[str, ...], exhaustive: bool
) -> None:
    """Every real TRF file, with the seed's standings and with FIDE tie-breaks, in each of
    the three states of a round (paired, partly played, played), every view of each. With
    ``--exhaustive`` every round in each state (about 290 s of one worker's CPU); by default
    one state of each kind at a drawn round (:func:`sampled_states`): every file, every view
    and every round state still, round 1 paired and the last round played among them."""
    event = imported(name, tiebreaks)
    if exhaustive:
        states = list(round_states(event, range(1, event.paired_rounds + 1)))
    else:
        states = sampled_states(event, name, tiebreaks)
        assert {s.label.split(" ", 2)[2] for s in states} >= {"paired", "played"}, states
    for state in states:
        check_event(state)


# --- the templates, through a book and the session ---------------------------------------------


def template_book(kind: str) -> MemoryBook:
    """The ``kind`` template's sheets (but Instructions) in a book of the test's own."""
    return MemoryBook({name: [list(r) for r in rows] for name, rows in _template(kind).items()})


@functools.cache
def _template(kind: str) -> dict[str, tuple[tuple[object, ...], ...]]:
    """The ``kind`` template's values, built and read once for the run (each test that asked
    built the template and read it again): rows of plain values, copied into each book."""
    book = openpyxl.load_workbook(io.BytesIO(template_bytes(kind)))
    return {
        ws.title: tuple(ws.iter_rows(values_only=True))
        for ws in book.worksheets
        if ws.title != "Instructions"
    }


def typed(book: MemoryBook, sheet: str, new: Sequence[Sequence[object]]) -> None:
    """Type ``new`` over ``sheet`` (as a person would: only the values change)."""
    width = max(len(r) for r in (*new, *book.grids()[sheet]))
    height = max(len(new), len(book.grids()[sheet]))
    rows = [list(r) + [None] * (width - len(r)) for r in new]
    rows += [[None] * width for _ in range(height - len(rows))]
    book.write_values(WriteBlock(sheet, 1, 1, rows))


def grid(book: MemoryBook, sheet: str) -> list[list[Any]]:
    rows = [list(r) for r in book.grids()[sheet] if any(v not in (None, "") for v in r)]
    width = max((len(r) for r in rows), default=0)
    return [r + [None] * (width - len(r)) for r in rows]


def set_cell(
    book: MemoryBook, sheet: str, match: Mapping[str, object], value: Mapping[str, object]
) -> int:
    """Set ``value``'s columns in every row of ``sheet`` matching ``match``; how many rows."""
    rows = book.grids()[sheet]
    header = [str(h) for h in rows[0]]
    changed = 0
    for line in rows[1:]:
        line += [None] * (len(header) - len(line))
        if all(line[header.index(k)] == v for k, v in match.items()):
            for k, v in value.items():
                line[header.index(k)] = v
            changed += 1
    typed(book, sheet, rows)
    return changed


def run(book: MemoryBook, command: Recalc | Pair) -> Done:
    outcome = Session(book, who="arbiter", now="2026-04-20T10:00:00Z").run(command)
    assert isinstance(outcome, Done), outcome
    return outcome


def recalc(book: MemoryBook) -> Done:
    return run(book, Recalc())


def swiss_rows(book: MemoryBook) -> list[Row]:
    rows = grid(book, "Swiss Games")
    header = [str(h) for h in rows[0]]
    at = {k: header.index(k) for k in ("Round", "White", "Black", "Result")}
    return [
        Row(
            int(r[at["Round"]]),
            str(r[at["White"]]),
            None if r[at["Black"]] in (None, "BYE") else str(r[at["Black"]]),
            r[at["Result"]] or None,
        )
        for r in rows[1:]
    ]


def type_round(book: MemoryBook, number: int, how_many: int | None = None) -> int:
    """Results for the first ``how_many`` games (all: None) of round ``number`` without one:
    White wins on odd boards, a draw on even ones."""
    rows = book.grids()["Swiss Games"]
    header = [str(h) for h in rows[0]]
    count = 0
    for line in rows[1:]:
        line += [None] * (len(header) - len(line))
        if line[header.index("Round")] != number or line[header.index("Black")] in (None, "BYE"):
            continue
        if line[header.index("Result")] is None and (how_many is None or count < how_many):
            board = int(line[header.index("Board")] or 1)
            line[header.index("Result")] = "1-0" if board % 2 else "½-½"
            count += 1
    typed(book, "Swiss Games", rows)
    return count


def check_swiss_book(book: MemoryBook, done: Done, counted: int, words: str, pab: Fraction) -> None:
    """The sheets, the summary, the site and the explained round of a Swiss or round robin
    book, against the Swiss Games rows."""
    names = [str(r[1]) for r in grid(book, "Swiss Players")[1:]]
    rows = swiss_rows(book)
    expected = Expected(expected_points(names, rows, counted, pab), words, counted, pab)
    check_grid_rows(grid(book, "Swiss Standings"), grid(book, "Crosstable"), expected)
    base = stage_words(counted)
    assert any(f"standings {base}" in line for line in done.summary), done.summary
    assert not any("round 0" in line for line in done.summary), done.summary
    event = read_book_event(book)
    check_site(site_files(event.site(), "Event"), expected)
    # The pairing notes of the last round paired cite each player's points before it.
    paired = max(r.round for r in rows if r.black is not None)
    before = expected_points(names, rows, paired - 1, pab)
    try:
        lines = list(event.explain(paired, None, False))
    except RatingbookError:  # a round robin's pairing is its Berger table: no notes
        lines = []
    for name, cited in re.findall(r"([A-Z][a-z]+) \((\d*½?) points?", "\n".join(lines)):
        if name in before:
            assert number(cited) == before[name], (name, cited, paired)


def setting(book: MemoryBook, name: str, value: object) -> None:
    assert set_cell(book, "Swiss Settings", {"Setting": name}, {"Value": value}) == 1


@pytest.mark.parametrize("tiebreaks", [None, "BH SB"], ids=["seed", "fide"])
def test_consistency_views_of_the_swiss_template_round_by_round(tiebreaks: str | None) -> None:
    """Issue 34's first repro and on: the template (round 4 paired), round 4 partly and fully
    played with Femke withdrawn from round 5 (round 5 paired, Daniel's pairing-allocated bye
    counted in no view before round 5 is played), round 5 partly and fully played."""
    book = template_book("swiss")
    setting(book, "Tie-breaks", tiebreaks)
    one = Fraction(1)
    check_swiss_book(book, recalc(book), 3, stage_words(3), one)
    assert type_round(book, 4, 1) == 1
    check_swiss_book(book, recalc(book), 3, stage_words(3, 4, 1, 3), one)
    assert set_cell(book, "Swiss Players", {"Name": "Femke"}, {"Withdrawn": 5}) == 1
    type_round(book, 4)
    done = recalc(book)
    assert any(r.round == 5 and r.black is None for r in swiss_rows(book))  # the bye
    check_swiss_book(book, done, 4, stage_words(4), one)
    assert type_round(book, 5, 1) == 1
    check_swiss_book(book, recalc(book), 4, stage_words(4, 5, 1, 2), one)
    type_round(book, 5)
    check_swiss_book(book, recalc(book), 5, stage_words(5), one)


def test_consistency_views_of_the_swiss_template_before_round_1() -> None:
    """Round 1 paired, nothing played: every view says "before round 1", every player 0."""
    book = template_book("swiss")
    rows = book.grids()["Swiss Games"]
    typed(book, "Swiss Games", rows[:1])  # the games cleared
    done = recalc(book)
    assert any(r.round == 1 for r in swiss_rows(book))
    check_swiss_book(book, done, 0, "before round 1", Fraction(1))
    type_round(book, 1, 1)
    check_swiss_book(book, recalc(book), 0, stage_words(0, 1, 1, 3), Fraction(1))


def test_consistency_views_of_the_round_robin_template_round_by_round() -> None:
    """The round robin (round 2 paired): round 2 partly played, played (round 3 paired), on to
    the end."""
    book = template_book("roundrobin")
    zero = Fraction(0)
    check_swiss_book(book, recalc(book), 1, stage_words(1), zero)
    for number in range(2, 6):
        assert type_round(book, number, 1) == 1
        check_swiss_book(
            book, recalc(book), number - 1, stage_words(number - 1, number, 1, 3), zero
        )
        type_round(book, number)
        check_swiss_book(book, recalc(book), number, stage_words(number), zero)


def team_points(book: MemoryBook, counted: int) -> dict[str, Fraction]:
    """Each team's match points over rounds 1 to ``counted``, from Team Matches and Team
    Boards (C.04.6: more game points win the match; the bye is a drawn match)."""
    settings = column(grid(book, "Team Settings"), "Setting", "Value")
    win, draw = Fraction(str(settings["Match Win"])), Fraction(str(settings["Match Draw"]))
    teams = [str(r[0]) for r in grid(book, "Teams")[1:] if r[0]]
    teams = sorted(set(teams) & set(column(grid(book, "Team Standings"), "Team", "MP")))
    mp = {t: Fraction(0) for t in teams}
    boards = grid(book, "Team Boards")
    header = [str(h) for h in boards[0]]
    games: dict[tuple[int, int], list[tuple[Fraction, Fraction]]] = {}
    for r in boards[1:]:
        key = (int(r[header.index("Round")]), int(r[header.index("Match")]))
        result = r[header.index("Result")]
        white, black = GAME[result] if result else (None, None)  # type: ignore[index]
        games.setdefault(key, []).append((white, black))  # type: ignore[arg-type]
    for r in grid(book, "Team Matches")[1:]:
        number, match, first, second = int(r[0]), int(r[1]), str(r[2]), str(r[3])
        if number > counted:
            continue
        if second == "BYE":
            mp[first] += draw
            continue
        # Board 1's White is the first team's; the colours alternate down the boards.
        mine = theirs = Fraction(0)
        for board, (white, black) in enumerate(games[(number, match)], start=1):
            ours, other = (white, black) if board % 2 else (black, white)
            mine, theirs = mine + ours, theirs + other
        mp[first] += win if mine > theirs else draw if mine == theirs else 0
        mp[second] += win if theirs > mine else draw if mine == theirs else 0
    return mp


def type_boards(book: MemoryBook, number: int, matches: int | None = None) -> int:
    """Every board of the first ``matches`` matches (all: None) of round ``number`` without a
    result: board 1 White wins, board 2 a draw."""
    rows = book.grids()["Team Boards"]
    header = [str(h) for h in rows[0]]
    done: set[int] = set()
    for line in rows[1:]:
        line += [None] * (len(header) - len(line))
        if line[header.index("Round")] != number or line[header.index("Result")] is not None:
            continue
        match = int(line[header.index("Match")])
        if matches is not None and match not in done and len(done) >= matches:
            continue
        done.add(match)
        line[header.index("Result")] = "1-0" if line[header.index("Board")] == 1 else "½-½"
    typed(book, "Team Boards", rows)
    return len(done)


def check_team_book(book: MemoryBook, done: Done, counted: int, words: str) -> None:
    """Team Standings, Team Crosstable, the summary and the site, against Team Matches and
    Team Boards."""
    expected = Expected(team_points(book, counted), words, counted)
    for sheet in ("Team Standings", "Team Crosstable"):
        shown = {k: number(v) for k, v in column(grid(book, sheet), "Team", "MP").items()}
        assert shown == dict(expected.points), sheet
    assert any(f"team standings {stage_words(counted)}" in s for s in done.summary), done.summary
    check_site(site_files(read_book_event(book).site(), "Cup"), expected, key="Team")


def test_consistency_views_of_the_team_template_round_by_round() -> None:
    """The team template (round 1 played): each next round paired, partly played (one match
    of it complete), played; match points in the team standings, the team crosstable and the
    site, and the summary saying which rounds they count."""
    book = template_book("team")
    done = recalc(book)
    check_team_book(book, done, 1, stage_words(1))
    for number in range(2, 5):
        done = run(book, Pair())
        assert any(r[0] == number for r in grid(book, "Team Matches")[1:])
        check_team_book(book, done, number - 1, stage_words(number - 1))
        matches = [r for r in grid(book, "Team Matches")[1:] if r[0] == number]
        games = sum(1 for r in matches if r[3] != "BYE")
        assert type_boards(book, number, 1) == 1
        check_team_book(book, recalc(book), number - 1, stage_words(number - 1, number, 1, games))
        type_boards(book, number)
        check_team_book(book, recalc(book), number, stage_words(number))
