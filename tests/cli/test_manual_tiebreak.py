"""Tie-break values typed from outside (issue #37, VCL questions 205 and 207 as Sharly-Chess
quotes them, #2320: "tied players can be ranked manually and external tie-break values
entered"): the column ``Tie-break Value`` of ``Swiss Players`` and the code ``MAN``, in FIDE
mode a level-3 act with a ``###`` line, shown in every view (the standings sheet, the published
site, the TRF's 001 ranks).

The expected order is worked out here by hand: the players' points from the results typed, the
places the arbiter gives the players tied on them.
"""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from tests.cli.test_fide_mode_commands import edit, grid, log, new_book, ok, played, refused
from tests.helpers.cli import digest
from tests.helpers.fide_event import setting


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def points_by_hand(book: Path) -> dict[str, Fraction]:
    """Each player's points, added up here from the rows of ``Swiss Games`` (a win 1, a draw
    ½, the pairing-allocated bye 1: C.04.1 c)."""
    rows = grid(book, "Swiss Games")
    at = {name: rows[0].index(name) for name in ("White", "Black", "Result")}
    points: dict[str, Fraction] = {}
    for row in rows[1:]:
        white, black, result = (row[at[c]] for c in ("White", "Black", "Result"))
        if not white:
            continue
        mine = {"1-0": (1, 0), "0-1": (0, 1), "½-½": (Fraction(1, 2),) * 2, "PAB": (1, 0)}
        w, b = mine[str(result)]
        points[white] = points.get(white, Fraction(0)) + w
        if black not in (None, "BYE"):
            points[black] = points.get(black, Fraction(0)) + b
    return points


#: The books :func:`typed_book` gives, made by the commands once for each list of codes in
#: the module: each test changes its own copy.
_TYPED: dict[str, bytes] = {}


def typed_book(tmp_path: Path, codes: str) -> tuple[Path, list[str]]:
    """The FIDE-mode event with ``codes`` as its tie-breaks, round 1 played; the players tied
    on the most points, by name (at least two: four games of five are won)."""
    if codes not in _TYPED:
        with tempfile.TemporaryDirectory() as folder:
            made = new_book(Path(folder))
            edit(made, "Swiss Settings", lambda g: setting(g, "Tie-breaks", codes))
            played(made, 1)
            _TYPED[codes] = made.read_bytes()
    book = tmp_path / "event.xlsx"
    book.write_bytes(_TYPED[codes])
    points = points_by_hand(book)
    top = max(points.values())
    tied = sorted(name for name, p in points.items() if p == top)
    assert len(tied) >= 2
    return book, tied


def type_values(book: Path, values: dict[str, object]) -> None:
    def change(g: list[list[object]]) -> list[list[object]]:
        header = [*g[0], "Tie-break Value"] if "Tie-break Value" not in g[0] else list(g[0])
        at, name = header.index("Tie-break Value"), header.index("Name")
        out = [header]
        for row in g[1:]:
            row = list(row) + [None] * (len(header) - len(row))
            row[at] = values.get(str(row[name]), row[at])
            out.append(row)
        return out

    edit(book, "Swiss Players", change)


def standings_order(book: Path) -> list[tuple[int, str, object]]:
    """The standings sheet's rank, name and MAN value, top to bottom."""
    rows = grid(book, "Swiss Standings")
    head = next(i for i, r in enumerate(rows) if r and "Name" in r)
    header = rows[head]
    rank, name = header.index("Rank"), header.index("Name")
    man = next(i for i, h in enumerate(header) if isinstance(h, str) and h.startswith("MAN"))
    return [(r[rank], r[name], r[man]) for r in rows[head + 1 :] if r and r[name]]


def test_places_typed_by_hand_rank_tied_players_in_every_view(tmp_path: Path) -> None:
    book, tied = typed_book(tmp_path, "MAN/R")
    # Nothing typed: the players on the top score share rank 1 (ties are allowed, Q203).
    before = [row for row in standings_order(book) if row[1] in tied]
    assert {r[0] for r in before} == {1}
    # The arbiter ranks them by hand, the last name first (the reverse of any order they had).
    places = {name: place for place, name in enumerate(reversed(tied), start=1)}
    type_values(book, places)
    unchanged = digest(book)
    said = refused("recalc", book, "--in-place")
    assert "level 3: Tie-break value" in said  # a level-3 act in FIDE mode
    assert digest(book) == unchanged
    ok("recalc", book, "--in-place", "--confirm")
    assert [k for _, _, k in log(book)][-len(tied) :] == ["Manual Tie-break"] * len(tied)
    expected = [
        (rank, name, place)
        for rank, (name, place) in enumerate(
            sorted(places.items(), key=lambda item: item[1]), start=1
        )
    ]
    assert [row for row in standings_order(book) if row[1] in tied] == expected

    trf = tmp_path / "event.trf"
    ok("trf", "export", book, "-o", trf)
    text = trf.read_text(encoding="utf-8")
    first = tied[-1]
    assert f"### Manual Tie-break @ Round 1: {first} none => {first} 1" in text
    ranks = {
        line[14:47].strip(): int(line[85:89]) for line in text.splitlines() if line[:3] == "001"
    }
    assert [ranks[name] for name, _ in sorted(places.items(), key=lambda i: i[1])] == list(
        range(1, len(tied) + 1)
    )

    site = tmp_path / "site"
    ok("publish", book, "--out-dir", site)
    html = (site / "index.html").read_text(encoding="utf-8")  # the standings page
    assert "MAN/<wbr>R" in html  # the code may wrap after its slash on a phone
    found = [html.index(f">{name}<") for name in sorted(places, key=places.__getitem__)]
    assert found == sorted(found)


def test_a_play_off_score_ranks_the_higher_first_and_a_player_without_one_after(
    tmp_path: Path,
) -> None:
    """``MAN`` (without /R): the higher value first, as a play-off's score; a tied player
    without a value ranks after those with one."""
    book, tied = typed_book(tmp_path, "MAN")
    first, second, *rest = tied
    type_values(book, {first: 0.5, second: 1.5})
    ok("recalc", book, "--in-place", "--confirm")
    order = [row for row in standings_order(book) if row[1] in tied]
    assert order[:2] == [(1, second, 1.5), (2, first, 0.5)]
    assert all(rank == 3 and value is None for rank, _, value in order[2:])
    assert {name for _, name, _ in order[2:]} == set(rest)


def test_a_value_that_is_not_a_number_names_the_cell(tmp_path: Path) -> None:
    book, tied = typed_book(tmp_path, "MAN/R")
    type_values(book, {tied[0]: "first"})
    said = refused("recalc", book, "--in-place", "--confirm")
    assert "sheet 'Swiss Players'" in said and "Tie-break Value" in said and "'first'" in said


def test_a_value_typed_without_man_listed_is_said_unused_and_history_names_each_value(
    tmp_path: Path,
) -> None:
    """User test 49: with ``MAN`` not among the Tie-breaks, the level-3 question said "the
    standings' order ... may change", though the value orders nobody; and ``history`` showed
    one line per act, each "Manual Tie-break round 1" alike, naming neither player nor value."""
    book, tied = typed_book(tmp_path, "BH SB")
    first, second = tied[:2]
    type_values(book, {first: 1})
    said = " ".join(refused("recalc", book, "--in-place").split())
    assert (
        f"level 3: Tie-break value {first}: {first}'s tie-break value typed by hand changes "
        "(none to 1): the Tie-breaks setting does not list MAN, so the value is not used (the "
        "standings' order stays); list MAN where the value is to break ties"
    ) in said
    ok("recalc", book, "--in-place", "--confirm")
    type_values(book, {first: None, second: 2})
    ok("recalc", book, "--in-place", "--confirm")
    acts = [line.split(maxsplit=2)[2] for line in ok("history", book).splitlines()[:-1]]
    assert acts[-2:] == [
        f"Manual Tie-break round 1 ({first}: none to 1)",
        f"Manual Tie-break round 1 ({first}: 1 to none; {second}: none to 2)",
    ]
    undone = ok("undo", book, "--confirm")  # a level-3 act, and so its undo
    assert f"undone: Manual Tie-break round 1 ({first}: 1 to none; {second}: none to 2)" in undone
    # listed, the value orders the players tied before it, as the question says
    book, tied = typed_book(tmp_path, "MAN")
    type_values(book, {tied[0]: 1})
    said = " ".join(refused("recalc", book, "--in-place").split())
    assert "(none to 1): the standings' order of players tied before it may change" in said


def test_the_run_summary_names_each_value_typed(tmp_path: Path) -> None:
    """User test 49: two values typed in one run were logged as "Manual Tie-break round 1;
    Manual Tie-break round 1", naming neither player nor value. The run's "logged:" names the
    act as ``history`` does: each player, the value before (none) and the value typed."""
    book, tied = typed_book(tmp_path, "MAN")
    first, second = tied[:2]
    type_values(book, {first: 1, second: 2})
    said = " ".join(ok("recalc", book, "--in-place", "--confirm").split())
    rows = grid(book, "Swiss Players")
    names = [row[rows[0].index("Name")] for row in rows[1:]]
    typed = sorted([(first, 1), (second, 2)], key=lambda t: names.index(t[0]))  # sheet order
    values = "; ".join(f"{name}: none to {value}" for name, value in typed)
    assert f"logged: Manual Tie-break round 1 ({values})" in said
    assert said.count("Manual Tie-break round 1") == 1 + said.count("(before Manual")
