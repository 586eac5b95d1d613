"""A team event's board result corrected after the next round was paired (user test 49): seen,
confirmed and logged as an individual event's correction is (FIDE's rule for a correction:
level 3 outside FIDE mode), and the round paired before it explained, checked and published
on the result it was paired on (``ratingbook.events.as_paired``, the one home of that reading).

The template's camp cup (``ratingbook.templates.team_design``), two boards a side, board 1's
colour for the first-named team and board 2 the other way round. Round 1 (the template):
Queens - Knights 1½-½ (Queens 2 MP, Knights 0), Rooks - Bishops 1-1 (1 MP each), Pawns the bye
(a drawn match: 1 MP). Round 2 as the engine pairs it (``tests/workbook/test_team_book.py``):
Bishops - Queens, Pawns - Rooks, Knights the bye, with the results typed here:

- Bishops - Queens: board 1 Dan Eide (Bishops, White) - Jade Kim 1-0, board 2 Kai Lund
  (Queens, White) - Eva Falk 1-0: 1-1, a drawn match, 1 MP each;
- Pawns - Rooks: board 1 Milo Nash - Gus Hart 0-1, board 2 Hana Ito (Rooks, White) - Nora Ode
  1-0: Rooks 2-0, 2 MP.

So when round 3 is paired: Queens 2+1 = 3, Rooks 1+2 = 3, Bishops 1+1 = 2, Knights 0+1 = 1,
Pawns 1+0 = 1 match points. Board 2 of Bishops - Queens corrected from 1-0 to 0-1 makes that
match 2-0 for Bishops: Queens 2+0 = 2, Bishops 1+2 = 3 in the standings from then on.

The start numbers the log names a board by (TRF's 001 numbers): teams by pairing number (by
rating, the average of the two top boards: Queens 1835, Bishops 1802.5, Knights 1790, Rooks
1700, Pawns 1550), each roster in board order: Jade Kim 1, Kai Lund 2, Lena Moss 3, Dan Eide 4,
Eva Falk 5, ... so the corrected board is ``2-5``.
"""

from __future__ import annotations

import re
from html import unescape

from ratingbook.session import Done, NeedsConfirmation, Pair, Recalc, Redo, Session, Undo, Unpair
from ratingbook.templates import TemplateBook, build_template
from ratingbook.web.site import site_files
from ratingbook.workbook.kinds import read_book_event
from ratingbook.workbook.port.book import Book, WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook

#: Each team's match points when round 3 was paired (the module text).
WHEN_PAIRED = {"Queens": 3, "Rooks": 3, "Bishops": 2, "Knights": 1, "Pawns": 1}
#: The same after the correction: what the standings count.
CORRECTED = {**WHEN_PAIRED, "Queens": 2, "Bishops": 3}
#: The sentence the round-3 notes and page end with, and the round-2 page's.
POINTS_AS_PAIRED = (
    "Points as round 3 was paired, on round 2's Kai Lund - Eva Falk 1-0, since corrected to 0-1 "
    "(the standings count the corrected result)."
)
CORRECTED_SINCE = (
    "Corrected after round 3 was paired: Kai Lund - Eva Falk 1-0, now 0-1 (round 3 was paired "
    "on 1-0)."
)


def session(book: Book) -> Session:
    return Session(book, who="arbiter", now="2026-07-06T09:00:00Z", name="cup.xlsx")


def done(outcome: object) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def typed(book: MemoryBook, round_number: int, match: int, board: int, result: str) -> None:
    """``result`` typed into the board's Result cell of Team Boards (column F)."""
    grid = book.read_values("Team Boards")
    row = next(n for n, line in enumerate(grid, 1) if line[:3] == [round_number, match, board])
    book.write_values(WriteBlock("Team Boards", row, 6, [[result]]))


def round_3_paired() -> MemoryBook:
    """The cup with round 2 played as the module text says and round 3 paired."""
    template = TemplateBook(build_template("team", recalc=False))
    book = MemoryBook({name: template.read_values(name) for name in template.sheet_names()})
    done(session(book).run(Pair()))
    matches = [line for line in book.read_values("Team Matches")[1:] if line[0] == 2]
    assert matches == [
        [2, 1, "Bishops", "Queens"],
        [2, 2, "Pawns", "Rooks"],
        [2, 3, "Knights", "BYE"],
    ]
    for board, result in (((1, 1), "1-0"), ((1, 2), "1-0"), ((2, 1), "0-1"), ((2, 2), "1-0")):
        typed(book, 2, *board, result)
    done(session(book).run(Pair()))
    return book


def corrected(book: MemoryBook) -> NeedsConfirmation:
    """Round 2's Kai Lund - Eva Falk corrected from 1-0 to 0-1, and the run that finds it."""
    typed(book, 2, 1, 2, "0-1")
    outcome = session(book).run(Recalc())
    assert isinstance(outcome, NeedsConfirmation), outcome
    return outcome


def log_rows(book: MemoryBook) -> list[tuple[object, ...]]:
    """The Event Log's Round, Kind, Before, After and Confirmation."""
    return [(r[1], r[2], r[3], r[4], r[6]) for r in book.read_values("Event Log")[1:] if any(r)]


def points(note: str, first: str, second: str, table: dict[str, int]) -> str:
    """What a match's note says of the teams' match points, by ``table``."""
    a, b = table[first], table[second]
    if a == b:
        return f"both had {a} match point{'' if a == 1 else 's'}"
    high, low = (first, second) if a > b else (second, first)
    return f"{high} had {max(a, b)} match points and {low} {min(a, b)}"


def round_3_notes(book: MemoryBook) -> list[str]:
    return [line[1] for line in book.read_values("Team Notes")[1:] if line[0] == "Round 3"]


def test_a_late_correction_waits_for_a_confirmation_then_is_logged() -> None:
    """Round 3 is paired: round 2's results are corrected, not typed. The run says so as an
    individual event's does (level 3: confirmed, the pairing made stays, how to re-pair it)
    and writes nothing before the confirmation; confirmed, the log keeps the board by start
    numbers, the result before and after, and the confirmation."""
    book = round_3_paired()
    assert log_rows(book) == [
        (2, "Pairing", None, "round 2 paired: 2 matches and a bye", None),
        (3, "Pairing", None, "round 3 paired: 2 matches and a bye", None),
    ]
    waiting = corrected(book)
    (act,) = waiting.acts
    assert (act.name, act.level) == ("Correction round 2", 3)
    assert act.warning == (
        "Kai Lund - Eva Falk: corrected from 1-0 to 0-1: round 3 was paired on the standings "
        "this correction changes: to re-pair it, ratingbook unpair cup.xlsx --round 3 --in-place "
        "then ratingbook pair cup.xlsx --in-place"
    )
    assert len(log_rows(book)) == 2  # nothing written yet
    waiting.resume("--confirm")
    assert log_rows(book)[-1] == (2, "Correction", "2-5: 1-0", "0-1", "--confirm")
    standings = {line[2]: line[4] for line in book.read_values("Team Standings")[1:]}
    assert standings == CORRECTED  # the standings count the corrected result


def test_the_round_paired_before_it_is_explained_checked_and_published_as_paired() -> None:
    """Round 3's notes (Team Notes, explain, its page) give the match points it was paired on,
    the sentence saying what was corrected since; round 2's page says its board was corrected
    after round 3 was paired; check judges round 3 on the result then: no problem."""
    book = round_3_paired()
    corrected(book).resume("--confirm")
    matches = [(line[2], line[3]) for line in book.read_values("Team Matches")[1:] if line[0] == 3]
    played = [(w, b) for w, b in matches if b != "BYE"]
    assert any("Queens" in match for match in played)  # a team whose points changed plays
    notes = round_3_notes(book)
    for (white, black), note in zip(played, notes, strict=False):
        assert points(note, white, black, WHEN_PAIRED) in note, note
    assert notes[-1] == POINTS_AS_PAIRED
    lines = list(read_book_event(book).explain(3, None, False))
    assert lines[0] == (
        "Round 3: round 3 was paired before round 2's result Kai Lund - Eva Falk was corrected "
        "from 1-0 to 0-1: it is judged on the result then"
    )
    for white, black in played:
        said = next(line for line in lines if f"{white} (no." in line and f"{black} (no." in line)
        assert points(said, white, black, WHEN_PAIRED) in said
    files = site_files(read_book_event(book).site(), "Cup")
    assert POINTS_AS_PAIRED in _paragraphs(files["round-3.html"])
    assert CORRECTED_SINCE in _paragraphs(files["round-2.html"])
    # Round 3 played (every White wins), then checked as the book's TRF export.
    for match, _ in enumerate(played, start=1):
        typed(book, 3, match, 1, "1-0")
        typed(book, 3, match, 2, "1-0")
    done(session(book).run(Recalc()))
    from ratingbook.reports.check_notes import check_team_trf

    report = check_team_trf(read_book_event(book).trf(in_event=True).text)
    assert report.checked.startswith("3 rounds")
    assert report.problems == ()
    assert (
        "round 3 was paired before round 2's result Kai Lund - Eva Falk was corrected from 1-0 "
        "to 0-1: it is judged on the result then"
    ) in report.notes


def _paragraphs(page: str) -> list[str]:
    return [
        unescape(re.sub(r"<[^>]+>", "", p)).strip()
        for p in re.findall(r"<p[^>]*>(.*?)</p>", page, re.S)
    ]


def test_the_confirm_setting_of_team_settings_confirms_it_where_nobody_can_be_asked() -> None:
    """xlwings Server and Lite have no message box: the act's name typed in Team Settings'
    Confirm confirms it (as Swiss Settings' Confirm does), and the cell is emptied once used."""
    book = round_3_paired()
    settings = book.read_values("Team Settings")
    row = len(settings) + 1
    book.write_values(WriteBlock("Team Settings", row, 1, [["Confirm", "Correction round 2"]]))
    typed(book, 2, 1, 2, "0-1")
    done(session(book).run(Recalc()))
    assert log_rows(book)[-1] == (
        2,
        "Correction",
        "2-5: 1-0",
        "0-1",
        "Confirm setting: Correction round 2",
    )
    assert book.read_values("Team Settings")[row - 1][:2] == ["Confirm", None]


def test_undo_gives_the_result_back_and_redo_the_correction() -> None:
    """The correction is an act kept for undo with the cell typed: undo writes 1-0 back (the
    log says so), and the next run finds nothing to correct; redo gives 0-1 back."""
    book = round_3_paired()
    corrected(book).resume("--confirm")
    done(session(book).run(Undo()))
    board = next(line for line in book.read_values("Team Boards") if line[:3] == [2, 1, 2])
    assert board[5] == "1-0"
    assert log_rows(book)[-1][:3] == (2, "Undo", "Correction round 2")
    done(session(book).run(Recalc()))  # nothing waits: the result is the one round 3 was paired on
    assert POINTS_AS_PAIRED not in round_3_notes(book)
    done(session(book).run(Redo()))
    board = next(line for line in book.read_values("Team Boards") if line[:3] == [2, 1, 2])
    assert board[5] == "0-1"


def test_a_round_re_paired_after_the_correction_is_paired_on_the_corrected_result() -> None:
    """Round 3 unpaired as the warning says (no result yet: no warning), then paired again: the
    log says so, and the new round 3 is explained on the corrected standings with no sentence
    about a correction."""
    book = round_3_paired()
    corrected(book).resume("--confirm")
    done(session(book).run(Unpair()))
    done(session(book).run(Pair()))
    assert log_rows(book)[-2:] == [
        (3, "Unpairing", "round 3 paired", "round 3 unpaired", None),
        (3, "Pairing", None, "round 3 paired: 2 matches and a bye", None),
    ]
    matches = [(line[2], line[3]) for line in book.read_values("Team Matches")[1:] if line[0] == 3]
    notes = round_3_notes(book)
    assert POINTS_AS_PAIRED not in notes
    for (white, black), note in zip([m for m in matches if m[1] != "BYE"], notes, strict=False):
        assert points(note, white, black, CORRECTED) in note, note


def test_the_log_travels_in_the_team_trf_and_comes_back_with_its_import() -> None:
    """``trf export`` writes the log as ``###`` lines (the correction by start numbers, as the
    TEC Manual's form has it); ``trf import`` keeps it, row for row, so the new book's round 3
    is still explained on the result it was paired on, and its export is the file again."""
    from ratingbook.templates.team_trf_book import book_from_team_trf

    book = round_3_paired()
    corrected(book).resume("--confirm")
    text = read_book_event(book).trf().text
    assert "### Correction @ Round 2: 2-5: 1-0 => 0-1" in text.splitlines()
    imported, _, noted = book_from_team_trf(text.encode("utf-8"))
    assert noted == []
    assert imported.read_values("Event Log") == book.read_values("Event Log")
    notes = [line[1] for line in imported.read_values("Team Notes")[1:] if line[0] == "Round 3"]
    assert notes[-1] == POINTS_AS_PAIRED
    assert read_book_event(imported).trf().text == text
