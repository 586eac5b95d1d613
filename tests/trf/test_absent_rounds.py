"""A late entrant's rounds before he entered and a withdrawn player's rounds after he left:
what the crosstable, a player's page and the TRF file say of them, and the round trip
(``trf export`` then ``trf import``) giving back the same ``Swiss Games`` (user test 47).

The event, by hand: six players numbered by rating (A 1 ... F 6), three rounds; F entered late
(first row in round 2), E withdrew from round 3.

- round 1 (A-E): board 1 A-C 1-0, board 2 D-B 0-1, E the pairing-allocated bye (board 3).
  Scores: A, B, E 1; C, D 0;
- round 2 (F in): board 1 B-A ½-½ (top score 1, sum 2), board 2 E-C 1-0 (top 1, sum 1), board
  3 F-D 1-0 (top 0). Scores: E 2; A, B 1½; F 1; C, D 0;
- round 3 (E out): board 1 A-F 1-0 (top 1½, sum 2½), board 2 C-B 0-1 (top 1½, sum 1½), D the
  pairing-allocated bye (lowest score, lowest of the two at 0; board 3).

Boards in C.04.2's order (the higher score of the pair, then the sum, then the higher-ranked
player), the pairing-allocated bye on the board after the last game, as the pairing writes
them and ``trf import`` numbers them: the file has no board numbers.

TRF-2026's player record gives each round the opponent at columns 92-95 (``0000`` "for
bye/absent"), the colour at 97 (``-`` "bye or not paired") and the result at 99 (``Z``
"zero-point-bye (known absence)"), ten columns a round; it has no field saying the event is
rated, so ``FIDE Rated`` travels in ratingbook's ``###`` line.
"""

from __future__ import annotations

import io

import openpyxl

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.reports.event_grids import event_grids
from ratingbook.reports.swiss_grids import crosstable_grid
from ratingbook.templates.imported_book import book_of_trf
from ratingbook.templates.trf_book import book_from_trf, event_rows
from ratingbook.trf.exporter import export_trf
from ratingbook.web.pages import event_pages, player_file

W, B, D, PAB = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.PAIRING_BYE
PLAYERS = (
    SwissPlayer("A", 2000),
    SwissPlayer("B", 1900),
    SwissPlayer("C", 1800),
    SwissPlayer("D", 1700),
    SwissPlayer("E", 1600, withdrawn=3),
    SwissPlayer("F", 1500),
)
ROWS = (
    SwissEntry(1, 1, "A", "C", W),
    SwissEntry(1, 2, "D", "B", B),
    SwissEntry(1, 3, "E", None, PAB),
    SwissEntry(2, 1, "B", "A", D),
    SwissEntry(2, 2, "E", "C", W),
    SwissEntry(2, 3, "F", "D", W),
    SwissEntry(3, 1, "A", "F", W),
    SwissEntry(3, 2, "C", "B", B),
    SwissEntry(3, 3, "D", None, PAB),
)
EVENT = SwissEvent(
    PLAYERS, ROWS, SwissSettings(event_name="Small Open", rounds=3, rated="Standard")
)
#: Swiss Games as typed, cell for cell: Round, Board, White, Black, Result, White No., Black No.
GAMES = [
    (1, 1, "A", "C", "1-0", 1, 3),
    (1, 2, "D", "B", "0-1", 4, 2),
    (1, 3, "E", "BYE", "PAB", 5, None),
    (2, 1, "B", "A", "½-½", 2, 1),
    (2, 2, "E", "C", "1-0", 5, 3),
    (2, 3, "F", "D", "1-0", 6, 4),
    (3, 1, "A", "F", "1-0", 1, 6),
    (3, 2, "C", "B", "0-1", 3, 2),
    (3, 3, "D", "BYE", "PAB", 4, None),
]


def _round_fields(text: str, number: int) -> list[tuple[str, str, str]]:
    """Player ``number``'s round entries as written: (opponent 92-95, colour 97, result 99),
    ten columns a round (TRF-2026's player section)."""
    (line,) = [ln for ln in text.splitlines() if ln.startswith("001") and int(ln[4:8]) == number]
    line = line.ljust(91 + 30)
    return [(line[s : s + 4].strip(), line[s + 5], line[s + 7]) for s in range(91, 91 + 30, 10)]


def _swiss_games(data: bytes) -> list[tuple[object, ...]]:
    sheet = openpyxl.load_workbook(io.BytesIO(data), read_only=True)["Swiss Games"]
    rows = [r for r in sheet.iter_rows(values_only=True) if any(v is not None for v in r)]
    header = list(rows[0])
    columns = ["Round", "Board", "White", "Black", "Result", "White No.", "Black No."]
    return [tuple(r[header.index(c)] for c in columns) for r in rows[1:]]


def test_the_book_typed_holds_the_rows_by_hand() -> None:
    """The fixture: the rows the event writes into Swiss Games are the hand-typed cells."""
    typed = event_rows(EVENT)["Swiss Games"]
    columns = ["Round", "Board", "White", "Black", "Result", "White No.", "Black No."]
    assert [tuple(dict(row)[c] for c in columns) for row in typed] == GAMES  # type: ignore[call-overload]


def test_export_writes_trf_2026_absences_and_says_why() -> None:
    text = export_trf(EVENT)
    # F (6): not paired in round 1 (TRF-2026: 0000, "-", Z), then white against D (4) winning,
    # black against A (1) losing.
    assert _round_fields(text, 6) == [("0000", "-", "Z"), ("4", "w", "1"), ("1", "b", "0")]
    # E (5): the pairing-allocated bye (U), white against C (3) winning, withdrawn in round 3.
    assert _round_fields(text, 5) == [("0000", "-", "U"), ("3", "w", "1"), ("0000", "-", "Z")]
    comments = [ln for ln in text.splitlines() if ln.startswith("###")]
    assert "### Not paired: 6 in round 1" in comments
    assert "### Withdrawn: 5 from round 3" in comments
    assert "### FIDE Rated: Standard" in comments


def test_trf_import_of_the_export_gives_back_the_same_swiss_games_without_a_warning() -> None:
    imported = book_from_trf(export_trf(EVENT).encode(), "small.trf", check=False)
    assert imported.warnings == ()
    assert _swiss_games(imported.book.package_bytes()) == GAMES
    assert imported.event.player("E").withdrawn == 3
    assert imported.event.player("F").withdrawn is None
    # The FIDE Rated setting comes back, and with it the rating report's sheets.
    assert imported.event.settings.rated == "Standard"
    assert imported.rated_stated


def test_a_file_that_does_not_say_the_event_is_rated_says_so_in_the_summary() -> None:
    text = "\n".join(ln for ln in export_trf(EVENT).splitlines() if "FIDE Rated" not in ln)
    imported = book_of_trf(text.encode(), "small.trf", check=False)
    assert imported.holds.endswith(
        "; FIDE Rated left empty: the file does not say whether the event is rated (TRF-2026 "
        "has no field for it)"
    )
    # An unrated event says so too, and comes back unrated without that note.
    unrated = SwissEvent(PLAYERS, ROWS, SwissSettings(rounds=3))
    assert "### FIDE Rated: No" in export_trf(unrated).splitlines()
    back = book_of_trf(export_trf(unrated).encode(), "small.trf", check=False)
    assert "FIDE Rated" not in back.holds


def test_the_crosstable_says_why_a_round_has_no_game() -> None:
    grid = crosstable_grid(EVENT, {})
    rounds = [grid.header.index(f"R{r}") for r in (1, 2, 3)]
    cells = {row[grid.header.index("Name")]: [row[i] for i in rounds] for row in grid.rows}
    assert cells["F"] == ["not yet entered (Z)", "4w1", "1b0"]
    assert cells["E"] == ["PAB", "3w1", "withdrawn (Z)"]
    assert cells["A"] == ["3w1", "2b½", "6w1"]


def test_the_player_page_says_why_a_round_has_no_game_and_that_he_withdrew() -> None:
    pages = {p.file: p for p in event_pages(EVENT, event_grids(EVENT), "Small Open")}
    e, f = pages[player_file(5)], pages[player_file(6)]
    assert ("Withdrawn", "from round 3") in e.facts
    assert not any(label == "Withdrawn" for label, _ in f.facts)

    def games(page: object) -> dict[str, tuple[str, str]]:
        (table,) = page.tables  # type: ignore[attr-defined]
        at = table.header.index
        return {
            row[at("Round")].text: (row[at("Opponent")].text, row[at("Result")].text)
            for row in table.rows
        }

    assert games(e)["3"] == ("withdrawn", "Z")
    assert games(f)["1"] == ("not yet entered", "Z")
    assert list(games(f)) == ["1", "2", "3"]
