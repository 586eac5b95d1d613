"""``ratingbook season add`` names every problem of every file in one run, and writes nothing.

The files are real TRFs of ``tests/data/trf`` edited here; every expected line is written by
hand from the files' lines. Juni Blitzschach (``lichess_2020-06-26_juni-blitz.trf``): lines 1-15
are its tournament records (``042``/``052``: Jun 26, 2020; line 13 the empty ``132``), lines
16-24 players 1-9, one record each; round 1 is columns 92-99 of a record, round 2 102-109,
round 9 172-179."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.built_books import template_book
from tests.helpers.cli import run

TRF = Path(__file__).resolve().parents[1] / "data" / "trf"
JUNI = TRF / "lichess_2020-06-26_juni-blitz.trf"
MAI = TRF / "lichess_2020-05-29_mai-5plus0.trf"
EVENT = "'Juni Blitzschach 5 Plus 0' (2020-06-26 to 2020-06-26)"


def _put(line: str, column: int, text: str) -> str:
    """``line`` with ``text`` written from ``column`` (counted from 1, as TRF counts)."""
    line = line.ljust(column - 1 + len(text))
    return line[: column - 1] + text + line[column - 1 + len(text) :]


def _round_dates(*dates: str) -> str:
    """A 132 record: each round's date in its round's ten columns, from column 92."""
    return ("132".ljust(91) + "".join(d.ljust(10) for d in dates)).rstrip()


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _errors(stderr: str) -> list[str]:
    prefix = "ratingbook season add: error: "
    return [line.removeprefix(prefix) for line in stderr.splitlines() if line.startswith(prefix)]


def _outside(file: str, line: int, day: str, what: str = "game") -> str:
    return f"file {file!r}, line {line}: the {what} is dated {day}, outside its event {EVENT}"


def test_a_file_that_does_not_read_leaves_the_other_files_checked(tmp_path: Path) -> None:
    """One file's bad line (Mai: line 16, player 1's record, rating ``15x0``) does not keep the
    checks of the others from running: a copy of Juni's rounds 1-2 whose round 1 game 1-6 says
    the other way round, with round 2 dated Jun 27 (132), outside the event's Jun 26."""
    book = tmp_path / "list.xlsx"
    template_book(book, "ratinglist")
    mai = MAI.read_text(encoding="utf-8").splitlines()
    assert mai[15].startswith("001    1      mattderkuerschner")
    mai[15] = _put(mai[15], 49, "15x0")
    bad = _write(tmp_path / "mai-bad.trf", mai)
    juni = JUNI.read_text(encoding="utf-8").splitlines()
    same = _write(tmp_path / "juni.trf", juni)
    again = list(juni)
    again[12] = _round_dates("20/06/26", "20/06/27")
    again[15:24] = [line[:111].rstrip() for line in again[15:24]]  # rounds 1 and 2 only
    # round 1: "   6 w 1" (line 16, player 1) and "   1 b 0" (line 21, player 6) turned round
    assert again[15][91:99] == "   6 w 1" and again[20][91:99] == "   1 b 0"
    again[15], again[20] = _put(again[15], 99, "0"), _put(again[20], 99, "1")
    late = _write(tmp_path / "juni-again.trf", again)
    before = book.read_bytes()

    done = run("season", "add", book, bad, same, late, "--in-place")

    assert done.returncode == 2, done.stdout
    assert book.read_bytes() == before  # nothing written
    also = "(also file 'juni.trf', line {})"
    twice = "file 'juni-again.trf', line {}: the game {} on 2020-06-26 ({}) is reported twice "
    # round 2 of Juni, read from White's records: 2-1 (line 17), 3-4 (18), 6-8 (21), 9-5
    # (24), and player 7's bye (line 22, "U")
    assert sorted(_errors(done.stderr)) == sorted(
        [
            "file 'mai-bad.trf', line 16: rating (columns 49-52) '15x0' is not a number",
            "file 'juni-again.trf', line 16: two sources report the game mattderkuerschner - "
            "liamyoda2007 on 2020-06-26 with different results: 0-1 here, 1-0 there "
            + also.format(16),
            # round 1's other games, the same in both: 4-2 (line 19: "2 w 1"), 8-3 (line 23:
            # "3 w 0"), 7-9 (line 22: "9 w 0"); player 5's "U" is a bye, no game
            twice.format(19, "tobiasthomas - hansimpech", "1-0") + also.format(19),
            twice.format(23, "feyre17 - kicia64", "0-1") + also.format(23),
            twice.format(22, "michaelwalz7 - presidentlangen", "0-1") + also.format(22),
            *(_outside("juni-again.trf", n, "2020-06-27") for n in (17, 18, 21, 24)),
            _outside("juni-again.trf", 22, "2020-06-27", "bye"),
        ]
    )


def test_a_trf_refused_for_contradictions_names_its_games_outside_the_event(
    tmp_path: Path,
) -> None:
    """Juni with round dates (132) putting round 9 on Jun 27, after its 052's Jun 26, and
    round 1's game 1-6 claimed by both (line 21, player 6: ``1 b 0`` made ``1 b 1``): both
    problems named in one run."""
    book = tmp_path / "list.xlsx"
    template_book(book, "ratinglist")
    juni = JUNI.read_text(encoding="utf-8").splitlines()
    juni[12] = _round_dates(*["20/06/26"] * 8, "20/06/27")
    assert juni[20][91:99] == "   1 b 0"
    juni[20] = _put(juni[20], 99, "1")
    dated = _write(tmp_path / "juni-dated.trf", juni)
    before = book.read_bytes()

    done = run("season", "add", book, dated, "--in-place")

    assert done.returncode == 2, done.stdout
    assert book.read_bytes() == before
    # round 9 (columns 172-179), read from White's records: 9-2 (line 24, "2 w 0" for 9),
    # 7-3 (22), 6-4 (21), 8-5 (23), and player 1's bye (line 16, "U")
    assert sorted(_errors(done.stderr)) == sorted(
        [
            "file 'juni-dated.trf', line 16: round 1 (columns 92-99): results '1' (player 1) "
            "and '1' (player 6, line 21) do not make one game",
            _outside("juni-dated.trf", 16, "2020-06-27", "bye"),
            *(_outside("juni-dated.trf", n, "2020-06-27") for n in (21, 22, 23, 24)),
        ]
    )
