"""The rating list's systems through the workbook (issue 35): the template with System Glicko-2
or FIDE, or with an alias, recalculated, and its cells read back.

Expected values come from implementations written here from the rules, never from ratingbook's
engine: :func:`glicko2_period` from Glickman's "Example of the Glicko-2 system" (checked first
against the paper's own worked example), FIDE's change from table 8.1.2 typed from the Handbook
(:mod:`tests.helpers.fide_table`), Elo from :func:`tests.workbook.test_rating_list.independent_elo`.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import openpyxl
import pytest
from tests.helpers.fide_table import fide_change
from tests.workbook.test_rating_list import independent_elo

from ratingbook.season import read_pgn
from ratingbook.session import AddEvents, Session
from ratingbook.templates import build_template, sample_rows
from ratingbook.templates.writer import TemplateBook

KIND = "ratinglist"
_SCORES = {"1-0": 1.0, "0-1": 0.0, "½-½": 0.5}
#: Glicko-2's start for a player with a rating but no deviation: the list's Start Deviation
#: (default 60, lichess's typical established deviation) and the paper's volatility.
START_DEVIATION, VOLATILITY, TAU = 60.0, 0.06, 0.5
SCALE = 400 / math.log(10)


def _grid(wb: openpyxl.Workbook, name: str) -> list[dict[str, Any]]:
    rows = list(wb[name].iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=False)) for row in rows[1:]]


def _settings(**values: object) -> list[list[object]]:
    rows = [list(r) for r in sample_rows(KIND)["List Settings"]]
    for row in rows:
        if row[0] in values:
            row[1] = values.pop(str(row[0]))
    rows += [[name, value, None] for name, value in values.items()]
    return rows


def _months(games: Sequence[Sequence[Any]]) -> dict[str, list[Sequence[Any]]]:
    """The rated games by month (forfeits never rated), in date order."""
    months: dict[str, list[Sequence[Any]]] = defaultdict(list)
    for game in sorted(games, key=lambda g: g[0]):
        if game[7] in _SCORES:
            months[f"{game[0]:%Y-%m}"].append(game)
    return months


# --- Glicko-2 ------------------------------------------------------------------------------------


def glicko2_period(
    r: float, rd: float, sigma: float, games: Sequence[tuple[float, float, float]]
) -> tuple[float, float, float]:
    """Glickman's steps 2-8 for one player; a period without games: step 6 alone."""
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    if not games:
        return r, SCALE * math.sqrt(phi**2 + sigma**2), sigma

    def g(p: float) -> float:
        return 1 / math.sqrt(1 + 3 * p**2 / math.pi**2)

    scaled = [((rj - 1500) / SCALE, rdj / SCALE, s) for rj, rdj, s in games]
    es = [1 / (1 + math.exp(-g(pj) * (mu - mj))) for mj, pj, _ in scaled]
    v = 1 / sum(g(pj) ** 2 * e * (1 - e) for (_, pj, _), e in zip(scaled, es, strict=True))
    total = sum(g(pj) * (s - e) for (_, pj, s), e in zip(scaled, es, strict=True))
    delta = v * total
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > 0.000001:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi**2 + new_sigma**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * total
    return SCALE * new_mu + 1500, SCALE * new_phi, new_sigma


def test_the_glicko2_oracle_gives_glickmans_worked_example() -> None:
    """The paper: 1500 / 200 / 0.06 beats 1400 (RD 30), loses to 1550 (100) and 1700 (300):
    r' 1464.06 (1464.05 unrounded), RD' 151.52, σ' 0.05999 (the first five decimals of
    0.059996)."""
    r, rd, sigma = glicko2_period(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert (round(r, 2), round(rd, 2), round(sigma, 6)) == (1464.05, 151.52, 0.059996)


def independent_glicko2(
    players: Sequence[Sequence[Any]], games: Sequence[Sequence[Any]]
) -> dict[str, tuple[float, float, float]]:
    """Every player's values after the template's season, by month: the players who played
    updated from everyone's values at the month's start, the others' deviation grown (step 6),
    the fixed guest never updated."""
    values = {str(p[0]): (float(p[6]), START_DEVIATION, VOLATILITY) for p in players}
    fixed = {str(p[0]) for p in players if p[7]}
    for month in _months(games).values():
        start = dict(values)
        played: dict[str, list[tuple[float, float, float]]] = defaultdict(list)
        for game in month:
            white, black, score = str(game[4]), str(game[6]), _SCORES[game[7]]
            played[white].append((start[black][0], start[black][1], score))
            played[black].append((start[white][0], start[white][1], 1 - score))
        for key, (r, rd, sigma) in start.items():
            if key not in fixed:
                values[key] = glicko2_period(r, rd, sigma, played.get(key, []))
    return values


@pytest.fixture(scope="module")
def glicko_list() -> openpyxl.Workbook:
    return build_template(KIND, rows={"List Settings": _settings(System="Glicko-2")})


def test_a_glicko2_list_rates_as_glickmans_paper(glicko_list: openpyxl.Workbook) -> None:
    """Every rating and deviation of Season List is the paper's, each player with a starting
    rating starting at the list's Start Deviation (60), established, so not provisional."""
    samples = sample_rows(KIND)
    expected = independent_glicko2(samples["List Players"], samples["List Games"])
    listed = {r["ID"]: r for r in _grid(glicko_list, "Season List")}
    for key, (rating, deviation, _) in expected.items():
        assert listed[key]["Rating"] == math.floor(rating + 0.5), key
        assert listed[key]["Deviation"] == math.floor(deviation + 0.5), key
        assert listed[key]["Provisional"] == ("fixed" if key == "7" else None), key


def test_a_glicko2_change_is_the_difference_of_the_ratings_shown(
    glicko_list: openpyxl.Workbook,
) -> None:
    """One number, one source: Change is After - Before as both are shown (whole numbers), and
    Last Change is the last period's Change, so the columns never disagree."""
    history = _grid(glicko_list, "List History")
    for row in history:
        assert row["Change"] == row["After"] - row["Before"], row
    last = {r["ID"]: r for r in history if r["Period"] == "2025-11"}
    for row in _grid(glicko_list, "Season List"):
        if row["ID"] in last:
            assert row["Last Change"] == last[row["ID"]]["Change"]
            assert row["Rating"] == last[row["ID"]]["After"]
    sentences = {(r["Period"], r["ID"]): r["Why"] for r in _grid(glicko_list, "Rating Changes")}
    for row in history:
        change = row["Change"]
        head = f"+{change}" if change > 0 else f"{change}" if change < 0 else "±0"
        assert sentences[(row["Period"], row["ID"])].startswith(head + ":"), row


PGN_DECEMBER = """[Event "December Blitz"]
[Date "2025.12.03"]
[Round "1"]
[White "Brennan, Alice"]
[Black "O'Neill, Tom"]
[Result "1-0"]

1. e4 e5 1-0
"""


def test_season_adds_summary_says_the_change_the_sheets_show() -> None:
    """``season add`` says whose rating changed by the change the sheets show: the difference
    of the two ratings shown, each a whole number (0.5 up). Worked by the oracle: after the
    template's autumn Alice Brennan stands at 1846.26, after beating Tom O'Neill in December at
    1850.72: shown 1846 -> 1851, +5, where the unrounded difference (+4.45) rounds to +4."""
    samples = sample_rows(KIND)
    players, games = samples["List Players"], list(samples["List Games"])
    names = {str(p[0]): str(p[2]) for p in players}
    december = (dt.date(2025, 12, 3), "December Blitz", 1, "Alice Brennan", "1", "", "2", "1-0")
    before = independent_glicko2(players, games)
    after = independent_glicko2(players, [*games, december])
    expected = []
    for key in ("1", "2"):
        old, new = (math.floor(v[key][0] + 0.5) for v in (before, after))
        expected.append(f"rating changed: {names[key]} (ID {key}): {old} -> {new} ({new - old:+d})")
    # the case this test is about: Alice's shown change is not her unrounded change rounded
    assert round(after["1"][0] - before["1"][0]) != math.floor(after["1"][0] + 0.5) - math.floor(
        before["1"][0] + 0.5
    )
    book = TemplateBook(build_template(KIND, rows={"List Settings": _settings(System="Glicko-2")}))
    done = Session(book).run(AddEvents(read_pgn(PGN_DECEMBER, "december.pgn")))
    said = [line for line in done.summary if line.startswith("rating changed")]
    assert sorted(said) == sorted(expected)


# --- FIDE ----------------------------------------------------------------------------------------


def _fide_k(rating: int, birth: int | None, year: int) -> int:
    """8.3.3 without a count of earlier games (the template gives none): 40 until the end of
    the year of the 18th birthday while under 2300, 20 under 2400, else 10."""
    if birth is not None and year - birth <= 18 and rating < 2300:
        return 40
    return 20 if rating < 2400 else 10


def independent_fide(
    players: Sequence[Sequence[Any]], games: Sequence[Sequence[Any]]
) -> dict[str, int]:
    """Each player's rating after the template's season, by FIDE's rating periods (months):
    K x the month's sum of (score - PD), PD from table 8.1.2 with the 400-point rule, rounded
    once a month, 0.5 away from zero; the fixed guest counts for his opponents only."""
    rating = {str(p[0]): int(p[6]) for p in players}
    birth = {str(p[0]): p[4] for p in players}
    fixed = {str(p[0]) for p in players if p[7]}
    for month, played in _months(games).items():
        start = dict(rating)
        mine: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for game in played:
            white, black, score = str(game[4]), str(game[6]), _SCORES[game[7]]
            mine[white].append((start[black], score))
            mine[black].append((start[white], 1 - score))
        for key, own in mine.items():
            if key not in fixed:
                k = _fide_k(start[key], birth[key], int(month[:4]))
                rating[key] = start[key] + fide_change(start[key], k, own)
    return rating


def test_a_fide_list_rates_by_table_8_1_2_and_rounds_each_month_once() -> None:
    samples = sample_rows(KIND)
    wb = build_template(KIND, rows={"List Settings": _settings(System="FIDE")})
    expected = independent_fide(samples["List Players"], samples["List Games"])
    listed = {r["ID"]: r["Rating"] for r in _grid(wb, "Season List")}
    assert listed == expected
    rules = {r["Rule"] for r in _grid(wb, "List History") if r["ID"] == "3"}
    assert rules == {"K 40 (aged 18 or less in the period's year and rated below 2300)"}


def test_a_fide_list_refuses_a_period_other_than_fides_month() -> None:
    from ratingbook.errors import RatingbookError
    from ratingbook.session import Recalc, Session
    from ratingbook.templates.writer import TemplateBook

    rows = {"List Settings": _settings(System="FIDE", Period="Event")}
    book = TemplateBook(build_template(KIND, rows=rows, recalc=False))
    with pytest.raises(RatingbookError, match=r"row 3, column B \(Value\): System FIDE rates by"):
        Session(book).run(Recalc())


# --- aliases -------------------------------------------------------------------------------------


def test_an_alias_rates_a_name_as_the_player_it_names() -> None:
    """A game typed with another spelling of Tom O'Neill ("Tommy O'Neill", no ID) and the
    officer's alias: it counts for Tom (ID 2), as if typed with his ID."""
    import datetime as dt

    samples = sample_rows(KIND)
    day = dt.date(2025, 11, 26)
    typed = (day, "Club Night", 1, "Tommy O'Neill", None, "Sophie Laurent", "5", "1-0")
    as_id = (day, "Club Night", 1, "Tom O'Neill", 2, "Sophie Laurent", 5, "1-0")
    rows = {
        "List Games": [*samples["List Games"], typed],
        "Aliases": [("Tommy O'Neill", "2", None, "the officer", day)],
    }
    wb = build_template(KIND, rows=rows)
    expected, _ = independent_elo(samples["List Players"], [*samples["List Games"], as_id])
    listed = {r["ID"]: r for r in _grid(wb, "Season List")}
    assert {key: row["Rating"] for key, row in listed.items()} == expected
    assert listed["2"]["Games"] == 3  # two before, the aliased game the third
    assert "Tommy O'Neill" not in {r["Name"] for r in _grid(wb, "Season List")}


# --- what Games and Provisional say --------------------------------------------------------------


def test_games_counts_the_games_rated_for_the_player() -> None:
    """Sophie Laurent beats Nora, unrated at the start of November: the game makes Nora's
    first rating (her performance: Sophie's rating at the month's start - 400) and is not
    rated for Sophie (FIDE 8.3.1's rule: a rated player's games count against rated
    opponents). Sophie's Games stay 3, Nora's are 1; Sophie's sentence for November says why
    her rating did not move; a member who never played and has no rating is 'unrated'."""
    import datetime as dt

    samples = sample_rows(KIND)
    players = [
        *samples["List Players"],
        ("10", None, "Nora Quinn", "Riverside", 2012, "Junior", None, None, None),
        ("11", None, "Ian Park", "Riverside", 1999, None, None, None, None),
    ]
    day = dt.date(2025, 11, 26)
    games = [
        *samples["List Games"],
        (day, "Club Night", 1, "Sophie Laurent", "5", "Nora Quinn", "10", "1-0"),
    ]
    wb = build_template(KIND, rows={"List Players": players, "List Games": games})
    listed = {r["ID"]: r for r in _grid(wb, "Season List")}
    assert listed["5"]["Games"] == 3 and listed["10"]["Games"] == 1
    expected, _ = independent_elo(samples["List Players"], samples["List Games"])
    assert listed["5"]["Rating"] == expected["5"]  # the newcomer's game moved nothing
    assert listed["10"]["Rating"] == expected["5"] - 400  # Sophie played no other November game
    assert listed["11"]["Provisional"] == "unrated" and listed["11"]["Rating"] is None
    assert listed["11"]["Active"] == "no" and listed["5"]["Active"] == "yes"  # never empty
    history = [r for r in _grid(wb, "List History") if r["ID"] == "5"]
    # no game rated for her in November: the period's row all the same, no change, and why
    (november,) = [r for r in history if r["Period"] == "2025-11"]
    assert (november["Change"], november["Games"]) == (0, 0)
    assert november["Before"] == november["After"] == expected["5"]
    (sentence,) = [
        r["Why"] for r in _grid(wb, "Rating Changes") if r["ID"] == "5" and r["Period"] == "2025-11"
    ]
    assert sentence == (
        "±0: no games counted; 1 game against a newcomer unrated at the start not counted"
    )


# --- which columns --------------------------------------------------------------------------------

#: Season List's columns as the guide's "What you read" names them; only Glicko-2 rates a
#: deviation (an Elo or FIDE list printed an empty Deviation column: stop 44's user test).
ELO_COLUMNS = (
    "Rank", "ID", "Name", "Club", "Rating", "Games", "Provisional", "Active", "Last Change",
)  # fmt: skip
GLICKO_COLUMNS = (*ELO_COLUMNS[:5], "Deviation", *ELO_COLUMNS[5:])


@pytest.mark.parametrize("system", ["Elo", "FIDE", "Glicko-2"])
def test_season_list_has_a_deviation_column_for_glicko2_only(system: str) -> None:
    wb = build_template(KIND, rows={"List Settings": _settings(System=system)})
    header = next(wb["Season List"].iter_rows(max_row=1, values_only=True))
    assert header == (GLICKO_COLUMNS if system == "Glicko-2" else ELO_COLUMNS)


def test_a_glicko2_list_turned_elo_keeps_no_deviation_column() -> None:
    """The sheet is rebuilt whole: the Glicko-2 list's tenth column does not linger."""
    from ratingbook.session import Recalc

    book = TemplateBook(build_template(KIND, rows={"List Settings": _settings(System="Glicko-2")}))
    for row in book.workbook["List Settings"].iter_rows(min_row=2):
        if row[0].value == "System":
            row[1].value = "Elo"
    Session(book).run(Recalc())
    rows = list(book.workbook["Season List"].iter_rows(values_only=True))
    assert rows[0] == ELO_COLUMNS
    assert all(len(r) == len(ELO_COLUMNS) for r in rows)
