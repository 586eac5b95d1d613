"""``ratingbook check`` and ``ratingbook generate`` (issue 37, FIDE C.02 Q16-39).

Expected verdicts come from gacrux's own pairing checker, run as its command line runs
(``pairingchecker -c``, :mod:`tests.helpers.gacrux_checker`), on the very file checked, and
from the mistakes made by hand in the file (:mod:`tests.helpers.trf_mutations`, written from
the TRF layout): never from ratingbook's own output.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.helpers.gacrux_checker import (
    SHARE,
    benchmark_events,
    gacrux_rounds,
    recorded_verdicts,
    text_key,
)
from tests.helpers.paths import REAL_TRF
from tests.helpers.trf_mutations import (
    misrank,
    repeat_a_pairing,
    reverse_a_board,
    swap_two_boards,
)

from ratingbook.cli import cli
from ratingbook.fide.gacrux import gacrux_version

#: A small event of every kind the generator makes: requested byes, forfeits, Baku.
OPTIONS = ["--players", "13", "--rounds", "5", "--byes", "1", "--forfeits", "5%", "--baku"]


def generated(folder: Path, *options: str) -> str:
    out = folder / "event.trf"
    done = CliRunner().invoke(cli, ["generate", "-o", str(out), *OPTIONS, *options])
    assert done.exit_code == 0, done.output
    return out.read_bytes().decode("utf-8").replace("\r\n", "\n")


#: :func:`seed_5`'s file, generated once for the module.
_SEED_5: list[str] = []


def seed_5(folder: Path) -> str:
    """``generated(folder, "--seed", "5")``, the command run once for the module: a seed and
    options give the same file every time (test_generate_repeats_with_a_seed_...)."""
    if not _SEED_5:
        _SEED_5.append(generated(folder, "--seed", "5"))
    return _SEED_5[0]


def check(folder: Path, text: str) -> tuple[int, str]:
    path = folder / "checked.trf"
    path.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(cli, ["check", str(path)])
    return done.exit_code, done.output


def test_a_generated_event_is_clean_and_gacrux_agrees(tmp_path: Path) -> None:
    text = seed_5(tmp_path)
    assert gacrux_rounds(text, tmp_path) == [True] * 5
    code, output = check(tmp_path, text)
    assert code == 0, output
    assert "5 rounds by the Dutch system (C.04.3); standings by BH/C1 BH SB" in output
    assert output.rstrip().endswith("clean")


def test_generate_repeats_with_a_seed_and_writes_what_was_asked(tmp_path: Path) -> None:
    first = generated(tmp_path, "--seed", "9", "--tiebreaks", "SB BH")
    again = generated(tmp_path, "--seed", "9", "--tiebreaks", "SB BH")
    other = generated(tmp_path, "--seed", "10", "--tiebreaks", "SB BH")
    assert first == again != other
    players = [line for line in first.splitlines() if line.startswith("001 ")]
    assert len(players) == 13
    assert "212 PTS,SB,BH" in first and "142 5" in first
    assert any(line.startswith("250 ") for line in first.splitlines())  # Baku's virtual points
    for r in range(5):  # one requested bye a round (H or Z)
        asked = [line for line in players if line[91 + 10 * r : 99 + 10 * r][7:] in ("H", "Z")]
        assert len(asked) == 1


def test_generate_forfeits_and_a_share_of_byes(tmp_path: Path) -> None:
    text = generated(tmp_path, "--seed", "2", "--forfeits", "50%", "--byes", "25%")
    players = [line for line in text.splitlines() if line.startswith("001 ")]
    fields = [line[91 + 10 * r : 99 + 10 * r] for line in players for r in range(5)]
    assert sum(f[:4] != "0000" and f[7] == "+" for f in fields) >= 5  # half of 25 games
    assert sum(f[:4] == "0000" and f[7] in "HZ" for f in fields) == 5 * 3  # 25% of 13
    code, output = check(tmp_path, text)
    assert code == 0, output


def test_unusual_results_are_written_and_checked_as_gacrux_reads_them(tmp_path: Path) -> None:
    """½-0, 0-½ and 0-0 (each player's own letter, ``=`` or ``0``) are ratingbook's results
    too: the file is read, its pairings checked and its ranks (gacrux's, by the list) too."""
    text = generated(tmp_path, "--seed", "3", "--unusual", "30%")
    players = [line for line in text.splitlines() if line.startswith("001 ")]
    letters = {line[91 + 10 * r + 7] for line in players for r in range(5)}
    assert "=" in letters and "0" in letters
    assert gacrux_rounds(text, tmp_path) == [True] * 5
    code, output = check(tmp_path, text)
    assert code == 0, output
    assert "cannot read" not in output and "standings by BH/C1 BH SB" in output
    wrong, (now_first, _) = misrank(text)
    code, output = check(tmp_path, wrong)
    assert code == 1 and f"Generated, Player {now_first:04d} is ranked 1 in the file" in output


def test_two_boards_swapped_are_found_round_and_board_named(tmp_path: Path) -> None:
    text, (a, b, c, d) = swap_two_boards(seed_5(tmp_path), 5)
    assert gacrux_rounds(text, tmp_path) == [True, True, True, True, False]
    code, output = check(tmp_path, text)
    assert code == 1, output
    problems = [line for line in output.splitlines() if line.startswith("  round")]
    assert problems and all(p.startswith("  round 5, board ") for p in problems), output
    assert f"Player {a:04d} - Generated, Player {d:04d} is not the pairing of the Dutch" in output
    assert f"Player {c:04d} - Generated, Player {b:04d} is not the pairing of the Dutch" in output


def test_a_repeated_pairing_is_found_and_named_c1(tmp_path: Path) -> None:
    for seed in range(5, 15):
        made = repeat_a_pairing(generated(tmp_path, "--seed", str(seed)), 5)
        if made is not None:
            break
    assert made is not None
    text, (white, black) = made
    assert gacrux_rounds(text, tmp_path)[-1] is False
    code, output = check(tmp_path, text)
    assert code == 1
    line = next(p for p in output.splitlines() if f"Player {white:04d} - Generated, Player" in p)
    assert line.startswith("  round 5, board ")
    assert f"Player {black:04d}" in line and "[C1]: no two players meet twice" in line


def test_a_board_with_its_colours_reversed_is_found(tmp_path: Path) -> None:
    text, (white, black) = reverse_a_board(seed_5(tmp_path), 5)
    assert gacrux_rounds(text, tmp_path) == [True, True, True, True, False]
    code, output = check(tmp_path, text)
    assert code == 1
    problems = [line for line in output.splitlines() if line.startswith("  round")]
    assert len(problems) == 1 and problems[0].startswith("  round 5, board "), output
    assert (
        f"Generated, Player {black:04d} has White against Generated, Player {white:04d}, but "
        f"the colour rules (E." in problems[0]
    )
    assert problems[0].endswith(f"give White to Generated, Player {white:04d}")


def test_a_wrong_standings_order_is_found(tmp_path: Path) -> None:
    text, (now_first, now_last) = misrank(seed_5(tmp_path))
    assert gacrux_rounds(text, tmp_path) == [True] * 5  # the pairings are untouched
    code, output = check(tmp_path, text)
    assert code == 1
    standings = [line for line in output.splitlines() if "standings after round 5" in line]
    assert standings, output
    assert f"Generated, Player {now_first:04d} is ranked 1 in the file" in standings[0]
    assert any(f"Generated, Player {now_last:04d} is ahead on points" in s for s in standings)
    assert (
        "is ahead on points" in standings[0]
        and "(tie-break list: BH/C1 BH SB; C.07)" in (standings[0])
    )


def test_unreadable_input_is_exit_2_and_the_other_files_are_still_checked(
    tmp_path: Path,
) -> None:
    good = tmp_path / "good.trf"
    good.write_text(seed_5(tmp_path), encoding="utf-8")
    bad = tmp_path / "bad.trf"
    bad.write_text("012 nothing here\n", encoding="utf-8")
    done = CliRunner().invoke(cli, ["check", str(bad), str(good), str(tmp_path / "none.trf")])
    assert done.exit_code == 2
    assert f"{bad}: error: the file has no player records (001)" in done.output
    assert f"{good}: clean" in done.output
    assert "none.trf: error: cannot read" in done.output


#: The real files gacrux's own checker reads as they are (the others it refuses: totals that
#: count a bye written without a result letter, a dummy "spielfrei" player, a team league
#: without record 142): ratingbook's verdict round by round is the checker's.
GACRUX_READS = [
    "javafo_trfxsample2_open-gros_2010.trfx",
    "lichess_2020-05-29_mai-5plus0.trf",
    "lichess_2020-06-26_juni-blitz.trf",
    "icu_kilkenny-masters_2011.tab",
    "icu_armstrong-cup_2011-12_bom-excerpt.tab",
]


@pytest.mark.parametrize("name", GACRUX_READS)
def test_real_files_round_by_round_as_gacrux_checks_them(tmp_path: Path, name: str) -> None:
    from ratingbook.core.encoding import decode_legacy
    from ratingbook.reports.check_notes import check_individual_trf

    text = decode_legacy((REAL_TRF / name).read_bytes()).removeprefix("\ufeff")
    expected = gacrux_rounds(text, tmp_path)
    report = check_individual_trf(text)
    bad = {
        int(p.split(",")[0].split(":")[0].split()[1]) for p in report.problems if p[:5] == "round"
    }
    assert [r not in bad for r in range(1, len(expected) + 1)] == expected


@pytest.mark.slow
def test_check_agrees_with_gacrux_on_a_share_of_the_benchmarks_events() -> None:
    """Every 25th of ``benchmarks/check_agreement.py``'s 1,000 events (the whole run is the
    benchmark): both checkers judge every round alike, and every deliberate mistake is found.
    gacrux's verdicts are the recorded ones (tests/helpers/gacrux_checker.py); the next test
    runs gacrux's checker again on two of the events, so the recording cannot go stale."""
    events, recording = benchmark_events(), recorded_verdicts()
    assert recording["gacrux"] == gacrux_version(), "gacrux changed: record its verdicts again"
    mistakes = 0
    for number in SHARE:
        text, _, mistake = events.event(number)
        recorded = recording["events"][str(number)]
        assert text_key(text) == recorded["sha256"], f"event {number} changed: record again"
        theirs = recorded["verdicts"]
        ours = events.ratingbook_rounds(text, len(theirs))
        assert ours == theirs, (number, mistake)
        if mistake:
            mistakes += 1
            assert not all(ours), (number, mistake)
    assert mistakes >= 10


@pytest.mark.slow
@pytest.mark.parametrize("number", [75, 100])  # a deliberate mistake (every third) and none
def test_the_recorded_verdicts_are_gacruxs_checker_run_again(tmp_path: Path, number: int) -> None:
    text, _, _ = benchmark_events().event(number)
    recorded = recorded_verdicts()["events"][str(number)]
    assert text_key(text) == recorded["sha256"]
    assert gacrux_rounds(text, tmp_path) == recorded["verdicts"]


def test_a_book_is_checked_as_its_trf_export(tmp_path: Path) -> None:
    """A generated event imported into a book and checked there: the same verdict, the
    pairings of the book (its TRF export) being the file's."""
    source = tmp_path / "event.trf"
    source.write_text(seed_5(tmp_path), encoding="utf-8")
    book = tmp_path / "event.xlsx"
    assert CliRunner().invoke(cli, ["trf", "import", str(source), "-o", str(book)]).exit_code == 0
    done = CliRunner().invoke(cli, ["check", str(book)])
    assert done.exit_code == 0, done.output
    assert f"{book}: 5 rounds by the Dutch system (C.04.3); standings by BH/C1 BH SB" in done.output


def test_a_team_file_is_checked_by_c046_table_by_table() -> None:
    """The Armstrong Cup, a team league with fixed fixtures, is no C.04.6 Swiss: its rounds
    differ, and each problem names the round and the table."""
    done = CliRunner().invoke(cli, ["check", str(REAL_TRF / "icu_armstrong-cup_2010-11.tab")])
    assert done.exit_code == 1
    assert "11 rounds by the Swiss team system (C.04.6)" in done.output
    assert "  round 1, table 1: Kilkenny - Gonzaga is not the pairing of the Swiss team" in (
        done.output
    )
    # TRF-16's 013 records state no team rank.
    assert "note: the file states no team ranks (310 columns 69-71)" in done.output


def test_generate_says_which_round_cannot_be_paired(tmp_path: Path) -> None:
    """Four players cannot play five rounds without meeting twice ([C1]): a line naming the
    seed and the round, exit status 2, and no file."""
    out = tmp_path / "e.trf"
    done = CliRunner().invoke(
        cli, ["generate", "-o", str(out), "--players", "4", "--rounds", "5", "--seed", "2"]
    )
    assert done.exit_code == 2
    assert "seed 2: round 4 cannot be paired under the Dutch rules (C.04.3)" in done.output
    assert not out.exists()


def test_ranks_of_two_players_of_the_same_name_are_checked_as_the_import_reads_them() -> None:
    """The checker reads the ranks from the import's own records: two players named alike (the
    import names the second "Same, Name (3)") are each checked, not dropped. By hand: after
    round 1, players 1 and 2 have 1 point, 3 and 4 none; the file ranks player 3 first."""
    from tests.helpers.trf_samples import record

    from ratingbook.reports.check_notes import check_individual_trf

    text = "\n".join(
        [
            "012 Namesakes",
            "062 4",
            record(1, "Same, Name", "1.0", 2, ["3,w,1"], rating="2000"),
            record(2, "Other, Al", "1.0", 3, ["4,b,1"], rating="1900"),
            record(3, "Same, Name", "0.0", 1, ["1,b,0"], rating="1800"),
            record(4, "Third, Bo", "0.0", 4, ["2,w,0"], rating="1700"),
            "XXR 1",
            "",
        ]
    )
    report = check_individual_trf(text)
    standings = [p for p in report.problems if p.startswith("standings")]
    assert standings and "Same, Name (3) is ranked 1 in the file" in standings[0], report
    assert "is ahead on points (1 against 0)" in standings[0]


def _unplayed(text: str, round_number: int) -> str:
    """``text`` with the results of round ``round_number``'s games left blank (paired, not
    played yet), as a book exports a round it has just paired; byes keep theirs. The ranks
    (columns 86-89), the generator's after the last round, are left out with them."""
    at = 91 + (round_number - 1) * 10  # the round's field (opponent, colour, result)
    lines = []
    for line in text.splitlines():
        if line.startswith("001 ") and len(line) > at + 7 and line[at : at + 4].strip("0 "):
            line = line[: at + 7] + " " + line[at + 8 :]
        if line.startswith("001 "):
            line = line[:85] + "    " + line[89:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_the_round_just_paired_is_checked_before_its_results(tmp_path: Path) -> None:
    """An arbiter checks a round once it is paired, before it is played: its pairing depends on
    the rounds before it only. The generated event with two boards of round 5 swapped, which
    gacrux's checker finds once the round has results, is found with round 5 not played; the
    event as generated, round 5 not played, is clean."""
    text = seed_5(tmp_path)
    swapped, (a, _, _, d) = swap_two_boards(text, 5)
    assert gacrux_rounds(swapped, tmp_path) == [True, True, True, True, False]
    code, output = check(tmp_path, _unplayed(swapped, 5))
    assert code == 1, output
    assert f"Player {a:04d} - Generated, Player {d:04d} is not the pairing of the Dutch" in output
    assert "round 5 is paired and not played yet: its pairing is checked" in output
    code, output = check(tmp_path, _unplayed(text, 5))
    assert code == 0, output
    assert "5 rounds" in output, output


def test_a_rank_out_of_its_columns_is_said_not_skipped(tmp_path: Path) -> None:
    """The user test's file: a player's rank slid one column right (86-89 blank, the digit in
    column 90). That player's place cannot be checked, and the check says so instead of
    calling the standings clean without a word."""
    lines = seed_5(tmp_path).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("001    3"))
    rank = lines[at][85:89].strip()
    lines[at] = lines[at][:85] + "    " + rank[-1:] + lines[at][90:]
    code, output = check(tmp_path, "\n".join(lines) + "\n")
    assert code == 0, output
    assert "1 of 13 players state no rank (001 columns 86-89): Generated, Player 0003" in output


def test_a_book_ranked_by_the_seed_order_is_told_so_in_the_books_words(tmp_path: Path) -> None:
    """The Swiss template's `Tie-breaks` setting is empty, so its standings use the seed
    order, which has no FIDE code: its export names no 202 list. The note says what the
    arbiter can see (the book's setting), not a TRF record the book does not show."""
    book = tmp_path / "sw.xlsx"
    assert CliRunner().invoke(cli, ["template", "swiss", "-o", str(book)]).exit_code == 0
    done = CliRunner().invoke(cli, ["check", str(book)])
    assert done.exit_code == 0, done.output
    assert "the book's Tie-breaks setting is empty" in done.output, done.output
    assert "202/212" not in done.output, done.output
