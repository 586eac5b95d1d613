"""End to end: ``ratingbook prizes``, ``norms`` and ``contenders`` on a hand-built event book,
and the Prize List / Contenders sheets a recalc writes.

The event (worked by hand): Kosten 2500, Adams 2450, Berg 2400, Cole 2350, Dale 2300, Eve 2250;
3 rounds. R1: Kosten-Dale 1-0, Adams-Eve 1-0, Berg-Cole ½-½. R2: Kosten-Adams ½-½, Berg-Eve
1-0, Cole-Dale 1-0. After two rounds Kosten, Adams, Berg and Cole have 1½, Dale and Eve 0.
Round 3 is paired: Kosten-Berg, Adams-Cole, Dale-Eve.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from tests.helpers.cli import run_in_process
from tests.helpers.workbooks import make_book, records, save_book

PLAYERS = [["Name", "Rating", "Federation", "Sex", "Birth"],
           ["Kosten", 2500, "ENG", "M", 1970], ["Adams", 2450, "ENG", "M", 1971],
           ["Berg", 2400, "SWE", "F", 1985], ["Cole", 2350, "USA", "M", 1990],
           ["Dale", 2300, "USA", "M", 2015], ["Eve", 2250, "FRA", "F", 2014]]  # fmt: skip
GAMES = [["Round", "Board", "White", "Black", "Result"],
         [1, 1, "Kosten", "Dale", "1-0"], [1, 2, "Adams", "Eve", "1-0"],
         [1, 3, "Berg", "Cole", "½-½"],
         [2, 1, "Kosten", "Adams", "½-½"], [2, 2, "Berg", "Eve", "1-0"],
         [2, 3, "Cole", "Dale", "1-0"],
         [3, 1, "Kosten", "Berg", None], [3, 2, "Adams", "Cole", None],
         [3, 3, "Dale", "Eve", None]]  # fmt: skip
SETTINGS = [["Setting", "Value"], ["Rounds", 3], ["Auto-pair", "Off"],
            ["Start Date", "2026-07-01"], ["Prize Sharing", "Equal"],
            ["Prize Step", 1]]  # fmt: skip
PRIZES = [["Place", "Category", "Amount", "Object"], [1, None, 400, "Cup"], [2, None, 200, None],
          [3, None, 100, None], [1, "U12", 50, None], [1, "Women", 60, None]]  # fmt: skip


@pytest.fixture
def book(tmp_path: Path) -> Path:
    sheets = {"Swiss Players": PLAYERS, "Swiss Games": GAMES, "Swiss Settings": SETTINGS,
              "Prizes": PRIZES}  # fmt: skip
    return save_book(make_book(sheets), tmp_path / "event.xlsx")


def test_prizes_command_shares_the_tie(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Four on 1½ would share places 1-4: 400+200+100+0 = 700. Berg (a woman) is offered
    175 there or the Women 1st (60): she keeps 175; the Women prize goes to Eve (60). Dale
    (born 2015, under 12 on 1 Jan 2026) takes U12 1st (50). The Cup (1st's object) goes by
    tie-break to whoever is ranked first of the four."""
    result = run_in_process(capsys, "prizes", book)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "4 players on 1½ share places 1-4: 400 + 200 + 100 + 0 = 700 (shared equally)" in out
    assert sum(1 for line in out.splitlines() if "1st-4th shared     175" in line) == 4
    assert "Women 1st" in out and "Eve" in out.split("Women 1st")[0].splitlines()[-1]
    assert "U12 1st" in out and "Dale" in out.split("U12 1st")[0].splitlines()[-1]
    assert "left by rounding" not in out and ["total", "810"] in [
        t.split() for t in out.splitlines()
    ]
    assert "Cup" in out
    # Round 3 is paired, no result typed: the list counts rounds 1-2, and says so (issue 34).
    assert out.splitlines()[0] == "Prize list after round 2"


def test_prizes_command_prints_aligned_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#34: a 29-character name shifted the Points column and the amounts were left-aligned.
    Adams renamed so (29 characters): in every line of the table the name starts where the
    header's Name starts, the points and the amount end where their headers end (numbers on
    the right), the prize starts under Prize; the total's amount ends under Amount too."""
    long = "Bartholomew Featherstonehaugh"
    assert len(long) == 29
    players = [[long if c == "Adams" else c for c in row] for row in PLAYERS]
    games = [[long if c == "Adams" else c for c in row] for row in GAMES]
    sheets = {"Swiss Players": players, "Swiss Games": games, "Swiss Settings": SETTINGS,
              "Prizes": PRIZES}  # fmt: skip
    path = save_book(make_book(sheets), tmp_path / "long.xlsx")
    result = run_in_process(capsys, "prizes", path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    header = lines[1]
    assert header.split() == ["Rank", "Name", "Points", "Prize", "Amount", "Object"]
    name_at, prize_at = header.index("Name"), header.index("Prize")
    points_end = header.index("Points") + len("Points")
    amount_end = header.index("Amount") + len("Amount")
    table = lines[2:8]
    names = [long, "Cole", "Kosten", "Berg", "Dale", "Eve"]
    amounts = ["175", "175", "175", "175", "50", "60"]
    for line, name, amount in zip(table, names, amounts, strict=True):
        assert line[name_at:].startswith(name), line
        assert line[:points_end].rstrip()[-2:] in ("1½", " 0"), line
        assert line[points_end - 2 : points_end] in ("1½", " 0"), line
        assert line[prize_at - 2 : prize_at] == "  " and line[prize_at] != " ", line
        assert line[:amount_end].endswith(" " + amount), line
    total = lines[8]
    assert total.split() == ["total", "810"] and total.endswith(" 810")
    assert len(total) == amount_end


def test_contenders_before_the_paired_last_round(
    book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Kosten (1½, at most 2½) is first alone if he beats Berg and Adams-Cole is drawn; level
    if he beats Berg and either wins there (the line says so: #34 left out "Adams and Cole do
    not draw", reading as level whatever their result); with a draw (2) level only if Adams
    and Cole draw.
    Dale and Eve (0, at most 1) cannot: the leaders already have 1½."""
    result = run_in_process(capsys, "contenders", book)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.splitlines()[0].startswith("Before round 3, on points")
    assert (
        "Kosten (1½, at most 2½): can finish first alone: Kosten beats Berg, and Adams and "
        "Cole draw" in out
    )
    assert (
        "or: Kosten beats Berg, and Adams and Cole do not draw (level on points: tie-breaks "
        "decide)" in out
    )
    assert "or: Kosten draws with Berg, and Adams and Cole draw (level on points" in out
    assert "Dale (0, at most 1): cannot finish first: " in out


def test_norms_on_an_event_not_fide_rated(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_in_process(capsys, "norms", book)
    assert result.returncode == 0
    assert result.stdout.startswith("no norms: the event is not FIDE-rated")


def test_a_bad_prizes_sheet_names_every_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = [
        ["Place", "Category", "Amount", "Object"],
        [1, None, 400, None],
        [1, None, 300, None],
        [2, None, "x", None],
    ]
    sheets = {"Swiss Players": PLAYERS, "Swiss Games": GAMES, "Swiss Settings": SETTINGS,
              "Prizes": bad}  # fmt: skip
    path = save_book(make_book(sheets), tmp_path / "bad.xlsx")
    result = run_in_process(capsys, "prizes", path)
    assert result.returncode == 2
    assert "sheet 'Prizes', row 4, column C (Amount): 'x' is not an amount" in result.stderr
    assert "row 3, column A (Place): a second prize for 1st" in result.stderr


def test_recalc_writes_prize_list_and_contenders(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.xlsx"
    result = run_in_process(capsys, "recalc", book, "-o", out)
    assert result.returncode == 0, result.stderr
    prizes = records(out, "Prize List")
    assert sorted(r["Amount"] for r in prizes if r["Rank"] not in (None, ""))[:2] == [50, 60]
    assert any("share places 1-4" in str(r["Name"]) for r in prizes)
    contenders = records(out, "Contenders")
    # The four on 1½ in the standings' order (#34: in the order of Swiss Players before).
    standings = [r["Name"] for r in records(out, "Swiss Standings")]
    assert [r["Name"] for r in contenders if r["Points"] not in (None, "")] == standings[:4]
    # Every row of the table names its player (#34), the sentences below it aside.
    assert all(r["Name"] for r in contenders)
    assert sorted(standings[:4]) == ["Adams", "Berg", "Cole", "Kosten"]
    kosten_at = next(k for k, r in enumerate(contenders) if r["Name"] == "Kosten")
    kosten = [r["What it takes (points only)"] for r in contenders[kosten_at : kosten_at + 6]]
    assert kosten == [
        "Kosten beats Berg",
        "and Adams and Cole draw",
        "or: Kosten beats Berg",
        "and Adams and Cole do not draw (level on points: tie-breaks decide)",
        "or: Kosten draws with Berg",
        "and Adams and Cole draw (level on points: tie-breaks decide)",
    ]


def test_publish_adds_the_prize_list_and_contenders_pages(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    result = run_in_process(capsys, "publish", book, "--out-dir", site)
    assert result.returncode == 0, result.stderr
    prizes = (site / "prizes.html").read_text("utf-8")
    assert "4 players on 1½ share places 1-4" in prizes
    contenders = (site / "contenders.html").read_text("utf-8")
    assert "Kosten beats Berg" in contenders and "and Adams and Cole draw" in contenders
    index = (site / "index.html").read_text("utf-8")
    assert 'href="prizes.html"' in index and 'href="contenders.html"' in index
    assert not (site / "norms.html").exists()  # not FIDE-rated


def test_publishing_the_fide_rated_round_robin_template_adds_norms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.helpers.paths import ROOT

    site = tmp_path / "site"
    book = ROOT / "workbook_templates" / "roundrobin.xlsx"
    result = run_in_process(capsys, "publish", book, "--out-dir", site)
    assert result.returncode == 0, result.stderr
    norms = (site / "norms.html").read_text("utf-8")
    assert "Title norms after round" in norms
    assert not (site / "prizes.html").exists()
    # before round 2 of 9: who can still win is a report of the last three rounds
    assert not (site / "contenders.html").exists()


@pytest.mark.parametrize(("rounds", "written"), [(5, True), (6, False)])
def test_the_contenders_sheet_is_written_in_the_last_three_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rounds: int, written: bool
) -> None:
    """Before round 3 of 5, three rounds remain: the sheet is due; of 6, four remain: it is
    not, and ``ratingbook contenders`` still answers."""
    settings = [row if row[0] != "Rounds" else ["Rounds", rounds] for row in SETTINGS]
    sheets = {"Swiss Players": PLAYERS, "Swiss Games": GAMES, "Swiss Settings": settings}
    book = save_book(make_book(sheets), tmp_path / "event.xlsx")
    out = tmp_path / "out.xlsx"
    result = run_in_process(capsys, "recalc", book, "-o", out)
    assert result.returncode == 0, result.stderr
    assert ("contenders before round 3" in result.stdout) is written
    assert ("Contenders" in load_workbook(out, read_only=True).sheetnames) is written
    asked = run_in_process(capsys, "contenders", book)
    assert asked.returncode == 0, asked.stderr
    # Six players can be paired for 5 rounds only (C.04.1 b): of 6, the 5 are counted.
    most = min(rounds, 5) - 2
    assert "Before round 3" in asked.stdout and f"Dale (0, at most {most})" in asked.stdout
    assert ("who can still win counts those 5" in asked.stdout) is (rounds > 5)


def test_a_bad_prize_setting_names_its_cell_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = [*SETTINGS[:4], ["Prize Sharing", "pro rata"], ["Prize Step", 1]]
    sheets = {"Swiss Players": PLAYERS, "Swiss Games": GAMES, "Swiss Settings": settings,
              "Prizes": PRIZES}  # fmt: skip
    path = save_book(make_book(sheets), tmp_path / "bad.xlsx")
    out = tmp_path / "out.xlsx"
    result = run_in_process(capsys, "recalc", path, "-o", out)
    assert result.returncode == 2
    assert (
        "sheet 'Swiss Settings', row 5, column B (Value): prize sharing 'pro rata': expected "
        "Hort, Equal or Tie-break" in result.stderr
    )
    assert not out.exists()


def test_contenders_before_an_earlier_round(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before round 2 (after round 1: Kosten, Adams 1; Berg, Cole ½; Dale, Eve 0), rounds 2
    and 3 remain, both paired in the book (R2 Kosten-Adams, Berg-Eve, Cole-Dale; R3
    Kosten-Berg, Adams-Cole, Dale-Eve). Even Dale (at most 2) can be first alone, worked by
    hand: Dale beats Cole and Eve (2); Kosten-Adams drawn (1½ each); Eve beats Berg (1), Berg
    beats Kosten (1½), Cole beats Adams (1½): nobody else above 1½."""
    result = run_in_process(capsys, "contenders", book, "--round", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Before round 2, on points")
    assert any(line.startswith("  Kosten (1, at most 3)") for line in lines)
    assert "  Dale (0, at most 2): can finish first alone: " in "\n".join(lines)
    # Before round 4 (after the last round): round 3 is paired, no result typed, so the
    # answer is not known yet, and the event is not over (issue 34).
    bad = run_in_process(capsys, "contenders", book, "--round", "4")
    assert bad.returncode == 2 and "the results of round 3 are not all in yet" in bad.stderr


def test_contenders_during_the_last_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 3 under way: Kosten has beaten Berg (2½); Adams-Cole and Dale-Eve still play.
    Kosten is first alone if Adams and Cole draw (a win takes either to 2½: level); Adams can
    only draw level, by beating Cole; Berg (1½, game over) cannot."""
    games = [row[:] for row in GAMES]
    games[7][4] = "1-0"  # Kosten-Berg
    sheets = {"Swiss Players": PLAYERS, "Swiss Games": games, "Swiss Settings": SETTINGS}
    path = save_book(make_book(sheets), tmp_path / "live.xlsx")
    result = run_in_process(capsys, "contenders", path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("In round 3, 1 game over (counted as they ended), on points")
    # The game over counts as it ended, in the points shown too (end-of-event.md).
    assert (
        "Kosten (2½, at most 2½): can finish first alone: Kosten's game is over, and Adams "
        "and Cole draw" in out
    )
    assert "Adams (1½, at most 2½): can finish first only shared" in out
    assert "Adams beats Cole (level on points: tie-breaks decide)" in out
    # Berg's line says his game is over too, whatever his chances (end-of-event.md).
    assert "Berg (1½, at most 1½; Berg's game is over): cannot finish first: Kosten has 2½" in out


@pytest.mark.parametrize(
    ("rounds", "games", "line"),
    [
        (6, GAMES, "Who can still win is shown in the last 3 rounds (from round 4)"),
        (2, GAMES[:7], "The event is over: who could still win is no longer asked."),
    ],
)
def test_an_earlier_contenders_sheet_keeps_no_old_answer(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    rounds: int,
    games: list[list[object]],
    line: str,
) -> None:
    """A book with a Contenders sheet from an earlier run: before round 3 of 6 (not in the
    last three rounds) and after the last round of 2, the sheet says why it shows nothing,
    and the old answer is gone; the published site has no contenders page."""
    settings = [row if row[0] != "Rounds" else ["Rounds", rounds] for row in SETTINGS]
    old = [["Name", "Points", "At most", "Chances", "What it takes (points only)"],
           ["Kosten", 1.5, 2.5, "can win alone", "an old answer"]]  # fmt: skip
    sheets = {"Swiss Players": PLAYERS, "Swiss Games": games, "Swiss Settings": settings,
              "Contenders": old}  # fmt: skip
    book = save_book(make_book(sheets), tmp_path / "event.xlsx")
    out = tmp_path / "out.xlsx"
    result = run_in_process(capsys, "recalc", book, "-o", out)
    assert result.returncode == 0, result.stderr
    cells = [
        str(v)
        for row in load_workbook(out, read_only=True)["Contenders"].iter_rows(values_only=True)
        for v in row
        if v is not None
    ]
    assert any(line in c for c in cells)
    assert not any("an old answer" in c or "Kosten" in c for c in cells)
    site = tmp_path / "site"
    published = run_in_process(capsys, "publish", out, "--out-dir", site)
    assert published.returncode == 0, published.stderr
    assert not (site / "contenders.html").exists()


# --- norms before they can exist (issue 34, repro 8) ---------------------------------------------

#: A FIDE-rated field with titles and federations, so that nothing but the rounds stops a norm.
RATED_PLAYERS = [["Name", "Rating", "Title", "Federation", "Sex"],
                 ["Adams", 2600, "GM", "ENG", "M"], ["Berg", 2550, "GM", "SWE", "M"],
                 ["Cole", 2500, "IM", "USA", "M"], ["Dale", 2450, "IM", "FRA", "M"],
                 ["Eve", 2400, "FM", "GER", "F"], ["Finn", 2350, "FM", "NOR", "M"]]  # fmt: skip


def _rated(tmp_path: Path, rounds: int, games: list[list[object]]) -> Path:
    settings = [["Setting", "Value"], ["Rounds", rounds], ["Auto-pair", "Off"],
                ["FIDE Rated", "Standard"], ["Start Date", "2026-07-01"]]  # fmt: skip
    sheets = {"Swiss Players": RATED_PLAYERS, "Swiss Settings": settings,
              "Swiss Games": [["Round", "Board", "White", "Black", "Result"], *games]}  # fmt: skip
    return save_book(make_book(sheets), tmp_path / "rated.xlsx")


def test_norms_before_round_1_say_why_there_is_nothing_and_what_a_norm_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing played: no silence, but the reason and B.01's requirements (1.4.1a: 9 games;
    1.4.8a: GM average 2380; 1.4.8: GM performance 2600; 1.4.8b: 35%)."""
    result = run_in_process(capsys, "norms", _rated(tmp_path, 9, []))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "no round played yet" in out
    for needed in ("at least 9 games (1.4.1-1.4.2)", "GM 2380", "GM 2600", "35%"):
        assert needed in out


def test_norms_after_a_five_round_event_say_a_norm_needs_nine_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A finished event of 5 rounds (6 players, each pair met once): 5 games each, fewer than
    the 9 a norm needs (B.01 1.4.1a), so none of the four checked (the GMs need no norm) has a
    norm in reach, and the lines say why."""
    names = [r[0] for r in RATED_PLAYERS[1:]]
    # Berger-style rounds by hand: every pair meets once, White the first named.
    pairs = [
        [(0, 5), (1, 4), (2, 3)], [(5, 3), (4, 2), (0, 1)], [(1, 5), (2, 0), (3, 4)],
        [(5, 4), (0, 3), (1, 2)], [(2, 5), (3, 1), (4, 0)],
    ]  # fmt: skip
    games = [
        [r, b, names[w], names[k], "½-½"]
        for r, boards in enumerate(pairs, 1)
        for b, (w, k) in enumerate(boards, 1)
    ]
    result = run_in_process(capsys, "norms", _rated(tmp_path, 5, games))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "no norm can be made in this event: it has 5 rounds, and a norm needs at least 9" in out
    assert "4 of 4 players checked have no norm in reach after round 5:" in out
    assert "games (1.4.1-1.4.2): 5, needed at least 9" in out


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_the_prize_lists_sentences_print_below_its_table(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], backend: str
) -> None:
    """Issue 34: the printed Prize List put its tie sentences inside the Name column (wrapped
    there, blank cells beside them), the last ones on a second page. Each sentence's cell runs
    from the Name column to the last (Object), merged and wrapped, its row as tall as its
    lines; the names' column no longer wraps. Both back ends write the same."""
    out = tmp_path / f"{backend}.xlsx"
    result = run_in_process(capsys, "recalc", book, "-o", out, "--backend", backend)
    assert result.returncode == 0, result.stderr
    ws = load_workbook(out)["Prize List"]
    header = [c.value for c in ws[1]]
    name, last = header.index("Name") + 1, len(header)
    rows = [r for r in range(2, ws.max_row + 1) if "share places" in str(ws.cell(r, name).value)]
    assert rows
    merged = {str(m) for m in ws.merged_cells.ranges}
    for r in rows:
        assert f"B{r}:F{r}" in merged and (name, last) == (2, 6)
        cell = ws.cell(r, name)
        assert cell.alignment.wrap_text and cell.alignment.horizontal == "left"
        # "4 players on 1½ share places 1-4: 400 + 200 + 100 + 0 = 700 (shared equally)",
        # 78 characters, in lines as wide as the merged columns (less a character of
        # padding), 15 points a line.
        room = int(sum(ws.column_dimensions[c].width for c in "BCDEF")) - 1
        assert ws.row_dimensions[r].height == 15 * -(-len(cell.value) // room)
    assert not ws.cell(2, name).alignment.wrap_text


def test_contenders_after_the_last_round_says_the_event_is_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The user test: asked after the last round, the command said "error: the event is over"
    and exited 2. Now it says what the Contenders sheet says, and how to ask about a round
    before; --round still asks as it stood then (before round 3: Kosten, Adams, Berg, Cole 1½)."""
    played = [row if row[4] is not None else [*row[:4], "½-½"] for row in GAMES]
    sheets = {"Swiss Players": PLAYERS, "Swiss Games": played, "Swiss Settings": SETTINGS}
    book = save_book(make_book(sheets), tmp_path / "over.xlsx")
    over = run_in_process(capsys, "contenders", book)
    assert (over.returncode, over.stderr) == (0, "")
    assert over.stdout == (
        "The event is over: who could still win is no longer asked. "
        "(--round N asks as it stood before round N.)\n"
    )
    before = run_in_process(capsys, "contenders", book, "--round", "3")
    assert before.returncode == 0, before.stderr
    assert any(line.startswith("  Kosten (1½, at most 2½)") for line in before.stdout.splitlines())
