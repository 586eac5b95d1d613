"""A club's season run from the command line (issue 35's "Done when"): the rating list template
with the club's own three members typed in, then ten events added by ``ratingbook season add``
in the order a rating officer gets them, the last one late.

The events: four real TRF files (two ICU tournaments of 2011, two lichess Swiss of 2020), a PGN
file written here with two club events (Winter Rapid in February 2026, Spring Blitz in March),
an Elo book, a Swiss book and a camp ladder book made from the project's templates, and last a
PGN dated January 2026 (New Year Rapid), before the months already rated: a late result.

The club's members play only each other, in the three PGN events, so their ratings and series
points can be worked by hand, and by :func:`members_elo` here; the other events give the list
its size and every kind of source. :func:`club_season` only runs the commands a user would
type and keeps what they printed.
"""

from __future__ import annotations

import datetime as dt
import math
import subprocess
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import openpyxl
from tests.helpers.cli import run

TRF = Path(__file__).resolve().parents[1] / "data" / "trf"
TRFS = (
    TRF / "icu_bunratty-masters_2011.tab",
    TRF / "icu_kilkenny-masters_2011.tab",
    TRF / "lichess_2020-05-29_mai-5plus0.trf",
    TRF / "lichess_2020-06-26_juni-blitz.trf",
)
#: The club's members: (ID, name, start rating), typed into List Players.
MEMBERS = (("1", "Ann Kelly", 1600), ("2", "Bob Byrne", 1500), ("3", "Cleo Hart", 1700))
#: The PGN events: (event, date, white, black, result), names as PGN writes them.
CLUB_NIGHTS = (
    ("Winter Rapid", dt.date(2026, 2, 7), "Kelly, Ann", "Byrne, Bob", "1-0"),
    ("Winter Rapid", dt.date(2026, 2, 7), "Hart, Cleo", "Kelly, Ann", "1/2-1/2"),
    ("Winter Rapid", dt.date(2026, 2, 7), "Byrne, Bob", "Hart, Cleo", "1-0"),
    ("Spring Blitz", dt.date(2026, 3, 7), "Hart, Cleo", "Kelly, Ann", "1-0"),
    ("Spring Blitz", dt.date(2026, 3, 7), "Byrne, Bob", "Hart, Cleo", "0-1"),
    ("Spring Blitz", dt.date(2026, 3, 7), "Kelly, Ann", "Byrne, Bob", "1/2-1/2"),
)
LATE = (("New Year Rapid", dt.date(2026, 1, 10), "Kelly, Ann", "Byrne, Bob", "1-0"),)
ELO_DAY = dt.date(2026, 3, 14)  # the Elo book's games, in the last month rated: not late
LADDER_DAY = dt.date(2026, 5, 2)  # the day the ladder's first week was archived


_SCORE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
_NAME = {"Kelly, Ann": "1", "Byrne, Bob": "2", "Hart, Cleo": "3"}
MEMBER_IDS = frozenset(_NAME.values())


def _k(rating: float) -> int:
    """The template's K Rules for a member with no birth year: below 1600 K 32, below 2000
    K 24, else 16."""
    return 32 if rating < 1600 else 24 if rating < 2000 else 16


def members_elo(games: tuple[tuple[object, ...], ...]) -> list[tuple[str, str, int, int]]:
    """(month, ID, before, after) of every member who played in a month, month by month: an
    Elo list written here from the rules the template states, never ratingbook's engine
    (monthly periods, every expected score from the ratings at the period's start, K by the
    first K rule that matches, the change rounded half away from zero, floor 400). The
    members play only each other, so their ratings need no one else's."""
    rating = {key: float(start) for key, _, start in MEMBERS}
    months: dict[str, list[tuple[object, ...]]] = defaultdict(list)
    for game in games:
        months[f"{game[1]:%Y-%m}"].append(game)
    history = []
    for month in sorted(months):
        start = dict(rating)
        change: dict[str, float] = defaultdict(float)
        for _, _, white, black, result in months[month]:
            w, b, s = _NAME[str(white)], _NAME[str(black)], _SCORE[str(result)]
            for me, other, score in ((w, b, s), (b, w, 1 - s)):
                expected = 1 / (1 + 10 ** ((start[other] - start[me]) / 400))
                change[me] += _k(start[me]) * (score - expected)
        for key in sorted(change):
            x = change[key]
            rounded = math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)
            rating[key] = max(400, start[key] + rounded)
            history.append((month, key, int(start[key]), int(rating[key])))
    return history


def final(history: list[tuple[str, str, int, int]]) -> dict[str, int]:
    return {key: after for _, key, _, after in history}


@dataclass(frozen=True)
class Season:
    folder: Path
    book: Path  # the list after the ten events
    before_late: Path  # a copy of the list after the first nine
    additions: tuple[subprocess.CompletedProcess[str], ...]  # each `season add`, in order


def pgn(games: tuple[tuple[str, dt.date, str, str, str], ...]) -> str:
    rounds: dict[str, int] = {}
    text = []
    for event, day, white, black, result in games:
        rounds[event] = rounds.get(event, 0) + 1
        text.append(
            f'[Event "{event}"]\n[Site "Riverside"]\n[Date "{day:%Y.%m.%d}"]\n'
            f'[Round "{rounds[event]}"]\n[White "{white}"]\n[Black "{black}"]\n'
            f'[Result "{result}"]\n\n{result}\n\n'
        )
    return "".join(text)


def _ok(done: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def members_list(book: Path) -> None:
    """The template with its sample players and games replaced by the club's members, as the
    officer's guide says (the settings, K rules and series settings kept)."""
    _ok(run("template", "ratinglist", "-o", book))
    wb = openpyxl.load_workbook(book)
    for name in ("List Players", "List Games"):
        for row in wb[name].iter_rows(min_row=2):
            for cell in row:
                cell.value = None
    players = wb["List Players"]
    header = [c.value for c in players[1]]
    for row, (key, name, rating) in enumerate(MEMBERS, start=2):
        players.cell(row, header.index("ID") + 1, key)
        players.cell(row, header.index("Name") + 1, name)
        players.cell(row, header.index("Start Rating") + 1, rating)
    wb.save(book)


def ladder_book(path: Path) -> None:
    """The ladder template after its first week ended (``new-week``), archived on LADDER_DAY
    (new-week writes today's date; the day is fixed so the season does not move with it)."""
    _ok(run("template", "ladder", "-o", path))
    _ok(run("new-week", path, "--in-place"))
    wb = openpyxl.load_workbook(path)
    archive = wb["Games Archive"]
    column = [c.value for c in archive[1]].index("Archived On") + 1
    for row in range(2, archive.max_row + 1):
        if archive.cell(row, column).value is not None:
            archive.cell(row, column).value = dt.datetime.combine(LADDER_DAY, dt.time())
    wb.save(path)


def club_season(folder: Path) -> Season:
    book = folder / "club-list.xlsx"
    members_list(book)
    _ok(run("template", "swiss", "-o", folder / "club-swiss.xlsx"))
    _ok(run("template", "elo", "-o", folder / "club-elo.xlsx"))
    ladder_book(folder / "junior-ladder.xlsx")
    nights, late = folder / "club-nights.pgn", folder / "new-year.pgn"
    nights.write_text(pgn(CLUB_NIGHTS), encoding="utf-8")
    late.write_text(pgn(LATE), encoding="utf-8")
    steps: list[tuple[object, ...]] = [
        (*TRFS[:2],),
        (*TRFS[2:],),
        (nights,),
        ("--date", ELO_DAY.isoformat(), folder / "club-elo.xlsx"),
        (folder / "club-swiss.xlsx",),
        (folder / "junior-ladder.xlsx",),
    ]
    additions = [_ok(run("season", "add", book, *step, "--in-place")) for step in steps]
    before_late = folder / "club-list-before-late.xlsx"
    before_late.write_bytes(book.read_bytes())
    additions.append(_ok(run("season", "add", book, late, "--in-place")))
    return Season(folder, book, before_late, tuple(additions))
