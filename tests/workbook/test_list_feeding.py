"""What ``season add`` writes to a rating list and says (issue 35's user test): byes kept in
List Games, so a recalculation of an unchanged list changes nothing; a late event said only
when it is dated before a period already rated; counts in the plural.

Counts expected are read from the source files here (a TRF's round columns), never from
ratingbook's readers."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.files.season_sources import read_sources
from ratingbook.season import read_pgn
from ratingbook.session import AddEvents, Recalc, Session
from ratingbook.templates import build_template, sample_rows
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
            entry = line[91 + i : 101 + i].strip()
            opponent = entry.split()[0] if entry else ""
            if entry[-1:] in ("U", "H", "F", "Z") and opponent in ("U", "H", "F", "Z", "0000"):
                byes.append((name, i // 10 + 1, entry[-1]))
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


def test_every_problem_of_a_list_comes_in_one_run_and_a_typo_is_offered() -> None:
    """A List Games row naming nobody of the list (a letter swapped in 'Marek Nowak', no ID), a
    row with the result '1-O' (a letter O) and an alias to ID 99 (no player's): one
    recalculation names all three, each at its cell, the typo with the name it may mean (as
    docs/reference/bad-input.md promises), and writes nothing."""
    wb = build_template("ratinglist")
    games = wb["List Games"]
    games["D2"], games["E2"] = "Mraek Nowak", None
    games["H3"] = "1-O"
    wb["Aliases"]["A2"], wb["Aliases"]["B2"] = "Jan de Vries", 99
    book = TemplateBook(wb)
    before = book.read_values("Season List")
    with pytest.raises(InputErrors) as raised:
        Session(book).run(Recalc())
    said = [str(e) for e in raised.value.errors]
    assert len(said) == 3, said
    assert any(
        "row 2, column D (White)" in s
        and "no player named 'Mraek Nowak' on 'List Players' (did you mean 'Marek Nowak'?)" in s
        for s in said
    )
    assert any("row 3, column H (Result)" in s and "'1-O'" in s for s in said)
    assert any("sheet 'Aliases', row 2" in s and "'99'" in s for s in said)
    assert book.read_values("Season List") == before


def test_a_pgn_names_a_bad_date_and_a_game_without_result_in_one_run() -> None:
    """Two games: the first dated '2025.??.??' (no day: its Date tag on line 2), the second
    '*' (not finished, a game's problem at its first tag, line 10): the file is refused naming
    both, by line, in one run."""
    text = (
        _pgn("2025.??.??", "Alice Brennan", "Marek Nowak", "1-0")
        + "\n"
        + _pgn("2025.11.28", "Priya Shah", "Tom O'Neill", "*")
    )
    with pytest.raises(InputErrors) as raised:
        read_pgn(text, "club.pgn")
    said = [str(e) for e in raised.value.errors]
    assert len(said) == 2, said
    assert said[0].startswith(
        "file 'club.pgn', line 2: the game Alice Brennan - Marek Nowak has no date"
    )
    assert said[1].startswith("file 'club.pgn', line 10: the game Priya Shah - Tom O'Neill")
    assert "has no result" in said[1]


def test_a_list_players_name_a_letter_off_is_offered() -> None:
    """'Ben Cloe' for 'Ben Cole' (docs/reference/bad-input.md), here 'Priya Sahh' for the
    list's 'Priya Shah' (a letter changed): the error offers the list's name."""
    wb = build_template("ratinglist")
    wb["List Games"]["F4"], wb["List Games"]["G4"] = "Priya Sahh", None
    with pytest.raises(RatingbookError, match=r"\(did you mean 'Priya Shah'\?\)"):
        Session(TemplateBook(wb)).run(Recalc())


def test_a_team_books_start_date_typed_as_a_date_cell_is_read(tmp_path: Path) -> None:
    """Team Settings' Start Date typed as a date (Excel keeps a date cell's day and time): the
    book recalculates, and fed to a rating list without --date its games take that day, as a
    Swiss book's do."""
    wb = build_template("team")
    settings = wb["Team Settings"]
    settings.append(("Start Date", dt.datetime(2025, 11, 15)))
    for table in settings.tables.values():
        table.ref = f"A1:C{settings.max_row}"
    path = tmp_path / "team.xlsx"
    TemplateBook(wb).save(path)
    Session(TemplateBook(openpyxl.load_workbook(path))).run(Recalc())
    [event] = read_sources([str(path)])
    assert {g.date for g in event.games} == {dt.date(2025, 11, 15)}
    assert event.start == dt.date(2025, 11, 15)


def test_one_game_is_said_in_the_singular(tmp_path: Path) -> None:
    """A ladder week of one game: its recalculation says "1 game replayed", and fed to a list
    (a week archived before it) the week being played is "(1 game on Ladder Games)"."""
    wb = build_template("ladder")
    for row in wb["Ladder Games"].iter_rows(min_row=3, max_col=3):
        for cell in row:
            cell.value = None
    done = Session(TemplateBook(wb)).run(Recalc())
    assert any(line.endswith(", 1 game replayed") for line in done.summary), done.summary
    wb = build_template("ladder")
    for row in wb["Ladder Games"].iter_rows(min_row=3, max_col=3):
        for cell in row:
            cell.value = None
    wb["Games Archive"].append(
        ("Week 1", dt.datetime(2026, 7, 10), 1, 3, "(1-0)", "Maya Okafor", "Priya Nair")
    )
    path = tmp_path / "ladder.xlsx"
    TemplateBook(wb).save(path)
    [event] = read_sources([str(path)])
    assert any("the week being played (1 game on Ladder Games)" in n for n in event.notes)


def test_a_new_player_from_a_pgn_is_on_the_list_given_name_first() -> None:
    """[White "Fitzgerald, Rory"] (PGN 8.1.1.5 writes the surname first), new to the list: he
    is 'Rory Fitzgerald' on List Players, in the summary and on Season List, as every name
    of the list is written; List Games keeps the game as the file wrote it, with his ID."""
    book = _list()
    done = Session(book).run(
        AddEvents(read_pgn(_pgn("2025.11.28", "Fitzgerald, Rory", "Alice Brennan", "0-1"), "a.pgn"))
    )
    assert "new players: Rory Fitzgerald (ID 10)" in done.summary
    assert _grid(book, "List Players")[-1]["Name"] == "Rory Fitzgerald"
    last = _grid(book, "List Games")[-1]
    assert (last["White"], last["White ID"]) == ("Fitzgerald, Rory", "10")
    Session(book).run(Recalc())
    assert "Rory Fitzgerald" in [r["Name"] for r in _grid(book, "Season List")]


def test_a_title_after_the_given_name_stays_a_suffix_on_the_list() -> None:
    """The Karl-Mala TRF writes a doctor 'Kiese,Matthias,Dr.' (surname, given name, title):
    new to the list he is 'Matthias Kiese, Dr.', given name first as every list name, the title
    kept after it; 'Smith, John, Jr.' is 'John Smith, Jr.'. A later game that writes him
    'Kiese, Matthias, Dr.' (spaced otherwise) is the same player, no new one."""
    book = _list()
    first = _pgn("2025.11.28", "Kiese,Matthias,Dr.", "Smith, John, Jr.", "1-0")
    done = Session(book).run(AddEvents(read_pgn(first, "a.pgn")))
    assert "new players: Matthias Kiese, Dr. (ID 10), John Smith, Jr. (ID 11)" in done.summary
    names = [r["Name"] for r in _grid(book, "List Players")]
    assert names[-2:] == ["Matthias Kiese, Dr.", "John Smith, Jr."]
    again = _pgn("2025.12.05", "Alice Brennan", "Kiese, Matthias, Dr.", "0-1")
    done = Session(book).run(AddEvents(read_pgn(again, "b.pgn")))
    assert "new players" not in done.summary
    assert _grid(book, "List Games")[-1]["Black ID"] == "10"
    Session(book).run(Recalc())
    assert "Matthias Kiese, Dr." in [r["Name"] for r in _grid(book, "Season List")]


def test_fide_k_40_is_for_a_player_new_to_the_list_until_30_games() -> None:
    """B.02 8.3.3: "K = 40 for a player new to the rating list until he has completed events
    with at least 30 games". Nora starts unrated: her five October games against rated players
    give her a first rating (8.2, 7.1.4's 5 games); in November (her 6th game) she is new to the
    list, K 40. Alice has a Start Rating: already
    rated, her earlier games not known, so an adult under 2400 has K 20 from her first month
    (docs/reference/rules.md says so)."""
    rows = {
        "List Settings": [["System", "FIDE", None]],
        "List Players": [
            ["1", None, "Alice Brennan", "Riverside", 1985, None, 1820, None, None],
            ["2", None, "Marek Nowak", "Riverside", 1990, None, 1900, None, None],
            ["10", None, "Nora Newcomer", "Riverside", 1980, None, None, None, None],
        ],
        "List Games": [
            *(
                [dt.date(2025, 10, 4), "October", n, *pair, result]
                for n, (pair, result) in enumerate(
                    (
                        (("Nora Newcomer", "10", "Marek Nowak", "2"), "½-½"),
                        (("Alice Brennan", "1", "Nora Newcomer", "10"), "0-1"),
                        (("Nora Newcomer", "10", "Marek Nowak", "2"), "0-1"),
                        (("Alice Brennan", "1", "Nora Newcomer", "10"), "½-½"),
                        (("Nora Newcomer", "10", "Marek Nowak", "2"), "½-½"),
                    ),
                    start=1,
                )
            ),
            [
                dt.date(2025, 11, 8),
                "November",
                1,
                "Alice Brennan",
                "1",
                "Nora Newcomer",
                "10",
                "0-1",
            ],
            [dt.date(2025, 11, 8), "November", 2, "Alice Brennan", "1", "Marek Nowak", "2", "1-0"],
        ],
    }
    wb = build_template("ratinglist", rows=rows)
    rules = {(r["Period"], r["Name"]): r["Rule"] for r in _wb_grid(wb, "List History")}
    assert rules[("2025-11", "Nora Newcomer")] == "K 40 (new to the list, fewer than 30 games)"
    assert rules[("2025-11", "Alice Brennan")] == "K 20 (rated below 2400)"
    text = (Path(__file__).parents[2] / "docs" / "reference" / "rules.md").read_text("utf-8")
    assert "A player with a `Start Rating` is already rated" in text


def _wb_grid(wb: Any, name: str) -> list[dict[str, Any]]:
    rows = list(wb[name].iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=False)) for row in rows[1:]]


KILKENNY = TRF.parent / "icu_kilkenny-masters_2011.tab"


def _list_with(**settings: object) -> TemplateBook:
    rows = [list(r) for r in sample_rows("ratinglist")["List Settings"]]
    for row in rows:
        row[1] = settings.get(str(row[0]), row[1])
    return TemplateBook(build_template("ratinglist", rows={"List Settings": rows}))


def test_an_event_before_the_first_period_says_every_start_now_counts_from_it() -> None:
    """The template's first game is of 13 September 2025 (period 2025-09); the Kilkenny TRF's
    042 line dates it 25 November 2011 (period 2011-11). rules.md: a Start Rating counts from
    the list's first period, and on a Glicko-2 list a deviation grows each period a player
    does not play, so moving that period back 166 months (2011-11 to 2025-09) re-rates members
    who played none of its games (Tom O'Neill): the addition says so. On an Elo list the same
    line, without the Glicko-2 words; a newer event moves nothing and says nothing."""
    moved = "the list's first period moves from 2025-09 to 2011-11: every start rating now "
    moved += "counts from there"
    glicko = " (Glicko-2: a deviation grows each period a player does not play)"
    book = _list_with(System="Glicko-2")
    done = Session(book).run(AddEvents(read_sources([str(KILKENNY)])))
    assert moved + glicko in done.summary
    assert any(line.startswith("rating changed: Tom O'Neill") for line in done.summary)
    book = _list()  # Elo
    done = Session(book).run(AddEvents(read_sources([str(KILKENNY)])))
    assert moved in done.summary
    newer = read_pgn(_pgn("2025.11.28", "Alice Brennan", "Marek Nowak", "1-0"), "new.pgn")
    done = Session(book).run(AddEvents(newer))
    assert not [line for line in done.summary if "first period" in line]


def test_an_older_first_event_says_the_age_categories_count_from_its_year() -> None:
    """Age categories count from the year of the season's first event (rating-officer.md):
    with Series Categories U18 the Kilkenny TRF (2011) moves that year from 2025, and Sophie
    Laurent (born 2001: 10 on 1 January 2011, under 18) becomes U18: the line says the year
    moved. With Women only, no age category: no such words."""
    ages = "; the series' age categories now count from 2011, not 2025"
    book = _list_with(**{"Series Categories": "U18"})
    done = Session(book).run(AddEvents(read_sources([str(KILKENNY)])))
    [line] = [line for line in done.summary if "first period" in line]
    assert line.endswith("counts from there" + ages)
    sophie = next(r for r in _grid(book, "Series Standings") if r["Name"] == "Sophie Laurent")
    assert str(sophie["Category"]).startswith("U18")
    book = _list_with(**{"Series Categories": "Women"})
    done = Session(book).run(AddEvents(read_sources([str(KILKENNY)])))
    [line] = [line for line in done.summary if "first period" in line]
    assert line.endswith("counts from there")


def test_only_the_near_duplicates_an_addition_raised_are_named() -> None:
    """The template holds 'T. O'Neill' (9) and 'Tom O'Neill' (2), a pair since its start. A
    PGN naming 'O'Neill, Tom' (Tom O'Neill, matched by name) raises no pair: the summary names
    none (Near Duplicates still lists the old pair, undecided). A PGN naming 'Brennan, A.',
    new to the list, raises one with Alice Brennan (1): that pair alone is named."""
    book = _list()
    old = read_pgn(_pgn("2025.11.28", "O'Neill, Tom", "Alice Brennan", "0-1"), "a.pgn")
    done = Session(book).run(AddEvents(old))
    assert not [line for line in done.summary if line.startswith("near duplicate")]
    pairs = {frozenset((r["Name"], r["Other Name"])) for r in _grid(book, "Near Duplicates")}
    assert frozenset(("T. O'Neill", "Tom O'Neill")) in pairs
    new = read_pgn(_pgn("2025.12.05", "Brennan, A.", "Tom O'Neill", "1-0"), "b.pgn")
    done = Session(book).run(AddEvents(new))
    said = [line for line in done.summary if line.startswith("near duplicate")]
    assert len(said) == 1 and "'A. Brennan' (player 10)" in said[0]
    assert "'Alice Brennan' (player 1)" in said[0]
