"""What ``season add`` writes to a rating list and says (issue 35's user test): byes kept in
List Games, so a recalculation of an unchanged list changes nothing; a late event said only
when it is dated before a period already rated; counts in the plural.

Counts expected are read from the source files here (a TRF's round columns), never from
ratingbook's readers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ratingbook.files.season_sources import read_sources
from ratingbook.season import read_pgn
from ratingbook.session import AddEvents, Recalc, Session
from ratingbook.templates import build_template
from ratingbook.templates.writer import TemplateBook

TRF = Path(__file__).parent.parent / "data" / "trf" / "lichess_2020-06-26_juni-blitz.trf"


def _list() -> TemplateBook:
    return TemplateBook(build_template("ratinglist"))


def _grid(book: TemplateBook, sheet: str) -> list[dict[str, Any]]:
    header, *rows = book.read_values(sheet)
    return [dict(zip(header, r, strict=False)) for r in rows if any(v is not None for v in r)]


def _trf_byes(path: Path) -> list[tuple[str, int, str]]:
    """Each bye of a TRF (name, round, code), read from its 001 lines' round columns (TRF-2026:
    the name at columns 15-47, round entries of 10 characters from column 92; a bye has no
    opponent and one of the codes U, H, F, Z)."""
    byes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("001"):
            continue
        name = line[14:47].strip()
        for i in range(0, len(line) - 91, 10):
            entry = line[91 + i : 101 + i]
            if entry.strip() in ("U", "H", "F", "Z") or entry[:4].strip() in ("", "0000") and (
                entry.strip()[-1:] in ("U", "H", "F", "Z")
            ):
                byes.append((name, i // 10 + 1, entry.strip()[-1]))
    return byes


def test_a_trfs_byes_are_kept_in_list_games_and_a_recalc_changes_nothing() -> None:
    """The juni-blitz TRF has 9 byes (one a round, code U): each is a List Games row with Black
    empty and the bye's kind as its result; a recalculation right after the addition reads
    them back, so the series standings (which count a bye as taking part) stay as they were."""
    byes = _trf_byes(TRF)
    assert len(byes) == 9 and {code for *_, code in byes} == {"U"}
    book = _list()
    done = Session(book).run(AddEvents(read_sources([str(TRF)])))
    rows = [g for g in _grid(book, "List Games") if g["Event Name"] == "Juni Blitzschach 5 Plus 0"]
    written = sorted((g["White"], g["Round"], g["Result"]) for g in rows if g["Black"] is None)
    assert written == sorted((name, rnd, "PAB") for name, rnd, _ in byes)
    assert all(g["Black ID"] is None for g in rows if g["Black"] is None)
    assert (
        "added 'Juni Blitzschach 5 Plus 0' (36 games and 9 byes) from file "
        "'lichess_2020-06-26_juni-blitz.trf'"
    ) in done.summary
    sheets = ("Season List", "List History", "Series Standings", "Series Notes")
    added = {s: _grid(book, s) for s in sheets}
    Session(book).run(Recalc())
    assert {s: _grid(book, s) for s in sheets} == added


def _pgn(day: str, white: str, black: str, result: str) -> str:
    return (
        f'[Event "Evening {day}"]\n[Date "{day}"]\n[Round "1"]\n[White "{white}"]\n'
        f'[Black "{black}"]\n[Result "{result}"]\n\n{result}\n'
    )


def test_the_newest_event_in_the_last_month_rated_is_not_called_late() -> None:
    """The template's last games are of 2025-11-19: a game of 2025-11-28 is the newest; it
    falls in the month rated last (2025-11), which is rated again with it, but no period rated
    after it is touched: no "late event" line. A game of 2025-10-29 is dated before the
    period 2025-11 already rated: that one is late."""
    book = _list()
    newest = read_pgn(_pgn("2025.11.28", "Alice Brennan", "Marek Nowak", "1-0"), "new.pgn")
    done = Session(book).run(AddEvents(newest))
    assert not [line for line in done.summary if "late event" in line]
    assert any(line.startswith("rating changed: Alice Brennan") for line in done.summary)
    late = read_pgn(_pgn("2025.10.29", "Alice Brennan", "Marek Nowak", "0-1"), "late.pgn")
    done = Session(book).run(AddEvents(late))
    assert "a late event: the list is re-rated from period 2025-10 on" in done.summary
