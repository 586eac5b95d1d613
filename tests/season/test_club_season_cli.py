"""A club's season run from the command line (issue 35, "Done when"): the rating list template,
ten events added by ``ratingbook season add`` (tests/helpers/club_season.py: four real TRF
files, a PGN of two club events, an Elo, a Swiss and a ladder book from the templates, and a
late PGN), then ``recalc``, the list, one history, the series standings and ``publish``.

Expected values are worked here, never taken from ratingbook: the club's members' ratings by
hand and by :func:`~tests.helpers.club_season.members_elo`, an Elo list written in the tests
from the rules the template states; the series by hand from the template's series settings; a
TRF player's series points from the rank column of his files.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.browser import Tables
from tests.helpers.cli import run
from tests.helpers.club_season import (
    CLUB_NIGHTS,
    LATE,
    MEMBER_IDS,
    MEMBERS,
    TRFS,
    Season,
    club_season,
    final,
    members_elo,
)

pytestmark = pytest.mark.slow


def changed_lines(stdout: str) -> dict[str, tuple[str, str, str]]:
    """``rating changed: NAME (ID n): OLD -> NEW (+D)`` lines: {ID: (old, new, change)}."""
    found = re.findall(
        r"rating changed: .+? \(ID (\d+)\): (\S+) -> (\d+)(?: \(([+-]\d+)\))?", stdout
    )
    return {key: (old, new, change) for key, old, new, change in found}


def table(book: Path, name: str) -> list[dict[str, object]]:
    rows = list(openpyxl.load_workbook(book, read_only=True)[name].iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=False)) for row in rows[1:] if any(row)]


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Season:
    return club_season(tmp_path_factory.mktemp("club-season"))


def test_ten_events_went_in_and_only_the_one_dated_before_the_others_is_late(
    season: Season,
) -> None:
    events = table(season.book, "List Events")
    assert [e["Event Name"] for e in events] == [
        "Bunratty 2011",  # the 012 line of icu_bunratty-masters_2011.tab
        "Kilkenny Masters",
        "Mai 5 Plus 0 Turnier",
        "Juni Blitzschach 5 Plus 0",
        "Winter Rapid",
        "Spring Blitz",
        "Elo book club-elo.xlsx",  # an Elo book holds no title: what it is and its file
        "Club Swiss",
        "Camp ladder junior-ladder.xlsx",
        "New Year Rapid",
    ]
    assert [e["Kind"] for e in events] == ["TRF"] * 4 + ["PGN"] * 2 + ["book"] * 3 + ["PGN"]
    *earlier, last = season.additions
    for done in earlier:  # the Elo book of 14 March is in the last month rated: not late
        assert "a late event" not in done.stdout, done.stdout
    assert "added 'New Year Rapid' (1 game) from file 'new-year.pgn'" in last.stdout
    assert "a late event: the list is re-rated from period 2026-01 on" in last.stdout
    # names that may be one person, reported and not merged: the same ICU player written
    # "Jones, Gawain" in the Bunratty file and "Jones,Gawain C." in the Kilkenny one, and the
    # Elo template's "Ann" and the Swiss template's "Anna"
    pairs = {(d["Name"], d["Other Name"]) for d in table(season.book, "Near Duplicates")}
    assert {("Gawain C. Jones", "Gawain Jones"), ("Anna", "Ann")} <= pairs


def test_the_club_nights_ratings_are_an_independent_elos() -> None:
    """Worked by hand, February (start Ann 1600, Bob 1500, Cleo 1700): Ann 1½ of 2, expected
    0.640 + 0.360 = 1.000, K 24: +12; Bob 1 of 2, expected 0.360 + 0.240, K 32: +12.8 -> +13;
    Cleo ½ of 2, expected 0.640 + 0.760, K 24: -21.6 -> -22. The function says the same."""
    feb = [h for h in members_elo(CLUB_NIGHTS) if h[0] == "2026-02"]
    assert feb == [
        ("2026-02", "1", 1600, 1612),
        ("2026-02", "2", 1500, 1513),
        ("2026-02", "3", 1700, 1678),
    ]


def test_what_each_addition_says_changed_is_the_independent_elo(season: Season) -> None:
    """The club nights take the members from their start ratings; the late New Year Rapid
    (Ann beats Bob on 10 January: Ann +0.360 x 24 = +8.6 -> 1609, Bob -0.360 x 32 = -11.5 ->
    1488) re-rates January to March, and says whose ratings changed: exactly the members whose
    rating after March is not what it was, each from the old rating to the new."""
    nights = changed_lines(season.additions[2].stdout)
    before = final(members_elo(CLUB_NIGHTS))
    starts = {key: start for key, _, start in MEMBERS}
    assert nights == {
        key: (str(starts[key]), str(after), f"{after - starts[key]:+d}")
        for key, after in before.items()
    }
    history = members_elo(LATE + CLUB_NIGHTS)
    assert history[:2] == [("2026-01", "1", 1600, 1609), ("2026-01", "2", 1500, 1488)]
    after = final(history)
    late = changed_lines(season.additions[-1].stdout)
    assert late == {
        key: (str(before[key]), str(after[key]), f"{after[key] - before[key]:+d}")
        for key in after
        if after[key] != before[key]
    }
    assert {"1", "2"} <= set(late)  # the two players of the late game, at least


def test_consistency_recalc_changes_nothing_and_the_list_is_the_independent_elos(
    season: Season,
) -> None:
    """A consistency test: ``recalc`` of the list after ``season add`` writes the same Season
    List. Then the list against the hand-worked ratings, games and active cut (the list's date
    is its last game's, the ladder's 2 May; active: a game in the 91 days up to it)."""
    out = season.folder / "recalculated.xlsx"
    done = run("recalc", season.book, "-o", out)
    assert done.returncode == 0, done.stderr
    assert table(out, "Season List") == table(season.book, "Season List")
    listed = table(out, "Season List")
    ratings = [row["Rating"] for row in listed if row["Rating"] is not None]
    assert ratings == sorted(ratings, reverse=True)
    assert [row["Rank"] for row in listed[: len(ratings)]] == [
        1 + sum(1 for r in ratings if r > rating) for rating in ratings
    ]
    members = {row["ID"]: row for row in listed if row["ID"] in MEMBER_IDS}
    expected = final(members_elo(LATE + CLUB_NIGHTS))
    assert {key: row["Rating"] for key, row in members.items()} == expected
    assert {key: row["Games"] for key, row in members.items()} == {"1": 5, "2": 5, "3": 4}
    assert {key: row["Active"] for key, row in members.items()} == {k: "yes" for k in expected}
    assert len(listed) == len(table(out, "List Players"))


def test_a_members_history_is_period_by_period_and_explained(season: Season) -> None:
    history = [row for row in table(season.book, "List History") if row["ID"] == "1"]
    worked = [h for h in members_elo(LATE + CLUB_NIGHTS) if h[1] == "1"]
    assert [(r["Period"], r["Before"], r["After"], r["Change"]) for r in history] == [
        (month, before, after, after - before) for month, _, before, after in worked
    ]
    assert [(r["Games"], r["Score"]) for r in history] == [(1, 1), (2, 1.5), (2, 0.5)]
    why = [r["Why"] for r in table(season.book, "Rating Changes") if r["ID"] == "1"]
    # January: 1 of 1 against Bob's 1500, expected 0.64, K 24 (Ann's 1600 is below 2000)
    assert why[0] == "+9: 1 of 1 against an average of 1500, expected 0.64, K 24 (rated below 2000)"
    assert len(why) == 3


def number(text: str) -> float:
    """A series cell as a number: ``(16½)`` (a dropped result) 16.5, ``½`` 0.5, ``14.33``."""
    text = text.strip("()")
    half = text.endswith("½")
    return float(text.rstrip("½") or 0) + (0.5 if half else 0)


def trf_rank(path: Path, name: str) -> int:
    """A player's rank in a TRF file: columns 86-89 of his 001 record (name in 15-47, spaces
    aside: one file writes ``Baburin, Alexander``, the other ``Baburin,Alexander``)."""
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        if line.startswith("001") and line[14:47].replace(" ", "") == name:
            return int(line[85:89])
    raise AssertionError(name)


def test_the_series_is_the_best_two_of_each_players_events_worked_by_hand(
    season: Season,
) -> None:
    """Place points 25 18 15 12 10 8 6 4 2 1, best 2 events, at least 2 to be ranked; a PGN
    event has no ranking of its own, so its places come from its game points, players level
    splitting the points of the places they cover:
    - New Year Rapid (E5): Ann 1 (25), Bob 0 (18);
    - Winter Rapid (E6): Ann 1½ (25), Bob 1 (18), Cleo ½ (15);
    - Spring Blitz (E7): Cleo 2 (25), Ann and Bob ½ each: 2nd-3rd, (18 + 15) / 2 = 16½.
    Ann 25 + 25, 16½ dropped: 50; Bob 18 + 18, 16½ dropped: 36; Cleo 15 + 25 = 40. Before the
    late event Ann had 25 + 16½ = 41½ and Bob 18 + 16½ = 34½ (nothing dropped).
    A TRF player is placed by the file's own rank: Alexander Baburin, in both ICU files (4th
    and 5th: 12 + 10)."""
    standings = {row["Name"]: row for row in table(season.book, "Series Standings")}
    assert (standings["Ann Kelly"]["E5"], standings["Ann Kelly"]["E6"]) == (25, 25)
    # the dropped result spelt as the cells show: this series holds thirds (14.33), so every
    # figure is shown to two decimals
    assert standings["Ann Kelly"]["E7"] == "(16.50)"
    assert [standings[n]["Total"] for n in ("Ann Kelly", "Bob Byrne", "Cleo Hart")] == [50, 36, 40]
    assert [standings[n]["Events"] for n in ("Ann Kelly", "Bob Byrne", "Cleo Hart")] == [3, 3, 2]
    earlier = {row["Name"]: row for row in table(season.before_late, "Series Standings")}
    assert [earlier[n]["Total"] for n in ("Ann Kelly", "Bob Byrne")] == [41.5, 34.5]
    places = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
    baburin = [places[trf_rank(path, "Baburin,Alexander") - 1] for path in TRFS[:2]]
    assert (standings["Alexander Baburin"]["E1"], standings["Alexander Baburin"]["E2"]) == (
        baburin[0],
        baburin[1],
    )
    assert standings["Alexander Baburin"]["Total"] == sum(baburin)
    totals = [row["Total"] for row in table(season.book, "Series Standings") if row["Rank"]]
    assert totals == sorted(totals, reverse=True)
    one_event = [row for row in standings.values() if row["Events"] == 1]
    assert one_event and all(row["Rank"] is None for row in one_event)  # below the minimum


def test_consistency_publish_writes_the_list_a_page_per_player_and_the_books_series(
    season: Season,
) -> None:
    site = season.folder / "site"
    done = run("publish", season.book, "--out-dir", site)
    assert done.returncode == 0, done.stderr
    index = (site / "index.html").read_text(encoding="utf-8")
    for _, name, _ in MEMBERS:
        assert name in index
    listed = table(season.book, "Season List")
    players = [p for p in site.rglob("*.html") if "Ann Kelly" in p.read_text(encoding="utf-8")]
    assert len(players) >= 3  # the list, the series, her own page (and the changes)
    [series] = Tables((site / "series.html").read_text(encoding="utf-8")).tables
    header = [str(h) for h in series["header"]]
    rows = {row[header.index("Name")]: row for row in series["rows"]}
    book = {row["Name"]: row for row in table(season.book, "Series Standings")}
    assert set(rows) == set(book)
    points = [h for h in header if h == "Total" or re.fullmatch(r"E\d+", h)]
    for name, row in book.items():
        shown = rows[str(name)]
        rank = row["Rank"]
        assert shown[header.index("Rank")] == ("" if rank is None else str(rank)), name
        for column in points:  # as shown (1½, (16½), 14.33) the book's number, to its digits
            cell, text = row[column], shown[header.index(column)]
            assert (cell is None) == (text == ""), (name, column)
            if cell is not None:
                assert text.startswith("(") == str(cell).startswith("("), (name, column)
                assert math.isclose(number(text), number(str(cell)), abs_tol=0.005), (name, text)
    assert len(listed) == len([r for r in listed if r["Name"]])
