"""``ratingbook check`` and the FIDE-mode import check of an event in which a round was paired
while a game was adjourned (issue 37, FIDE's checklist Q157: an adjourned game is a draw for
pairing until its result comes).

The event is the one a user test found the defect with: ten players, seven rounds planned;
round 2's Jana - Ivan had no result when round 3 was paired (so it was adjourned, the file's
``### Adjournment @ Round 2: 10-9: (no result) => ?``), rounds 3 and 4 were paired with it
open, and its result came after round 4 was paired (``### Adjournment @ Round 2: 10-9: ? =>
1-0``). Rounds 3 and 4 were right when made; checked with the game as the decisive result it
became, they are not. The expected verdicts are gacrux's own checker's
(:func:`tests.helpers.gacrux_checker.gacrux_rounds`) on the file with the adjourned game written
as a draw, as the rounds were paired, never ratingbook's own output.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.helpers.gacrux_checker import gacrux_rounds
from tests.helpers.swiss_trf import swiss_trf

from ratingbook.cli import cli
from ratingbook.events.as_paired import pairing_views
from ratingbook.trf.importer import import_trf

NAMES = ["Anna", "Bob", "Carl", "Dana", "Erik", "Femke", "Gus", "Hana", "Ivan", "Jana"]
#: The games, by start number, White first; round 4 paired, not played. ``ADJOURNED`` marks
#: round 2's Jana (10) - Ivan (9), whose result each test chooses.
ADJOURNED = "adjourned"
GAMES: dict[int, list[tuple[int, int, str]]] = {
    1: [(1, 6, "1-0"), (7, 2, "1-0"), (3, 8, "="), (9, 4, "0-1"), (5, 10, "1-0")],
    2: [(5, 1, "1-0"), (2, 3, "="), (4, 7, "0-1"), (8, 6, "1-0"), (10, 9, ADJOURNED)],
    3: [(1, 8, "0-1"), (9, 2, "1-0"), (3, 4, "="), (7, 5, "1-0"), (6, 10, "0-1")],
    4: [(1, 9, ""), (2, 6, ""), (10, 3, ""), (4, 5, ""), (8, 7, "")],
}
#: The log as ratingbook writes it, its detail lines left out (a file from another program
#: writes none; the import chains them): the game adjourned when round 3 was paired.
ADJOURNED_WHEN_PAIRED = [
    "### Pairing @ Round 1: round 1 paired: 5 boards",
    "### Pairing @ Round 2: round 2 paired: 5 boards",
    "### Adjournment @ Round 2: 10-9: (no result) => ?",
    "### Pairing @ Round 3: round 3 paired: 5 boards",
    "### Pairing @ Round 4: round 4 paired: 5 boards",
    "### Adjournment @ Round 4: round 4 paired with 1 adjourned from before round 3",
]


def event_text(
    result: str, *, rounds: int = 7, log: list[str] | None = None, round_4: str = ""
) -> str:
    """The event as a TRF text, the adjourned game ending ``result`` (``?``: still adjourned),
    round 4's games ending ``round_4`` (none by default); the ranks by points, then start
    number."""
    games = {
        n: [
            (white, black, result if played == ADJOURNED else played or round_4)
            for white, black, played in round_games
        ]
        for n, round_games in GAMES.items()
    }
    return swiss_trf(
        "Club Swiss",
        "2026/04/11",
        NAMES,
        games,
        planned=rounds,
        ratings=[2400 - 50 * (n - 1) for n in range(1, 11)],
        fide_ids=[1000000 + n for n in range(1, 11)],
        log=log or [],
    )


def result_line(result: str) -> str:
    return f"### Adjournment @ Round 2: 10-9: ? => {result}"


def as_paired(folder: Path) -> list[bool]:
    """gacrux's checker's verdict on each round of the event with the adjourned game written
    as a draw, as rounds 3 and 4 were paired (round 4's games as draws: the checker reads a
    round once it has results; its pairing depends on the rounds before it only). The same
    file each time: the checker runs on it once for the module."""
    if not _AS_PAIRED:
        _AS_PAIRED.extend(gacrux_rounds(event_text("=", round_4="="), folder))
    return list(_AS_PAIRED)


_AS_PAIRED: list[bool] = []


def run(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(cli, list(args))
    return done.exit_code, done.output


@pytest.mark.parametrize("result", ["1-0", "0-1"])
def test_check_reads_a_round_paired_while_a_game_was_adjourned_with_it_a_draw(
    tmp_path: Path, result: str
) -> None:
    assert as_paired(tmp_path) == [True] * 4  # the rounds were right when made
    path = tmp_path / "event.trf"
    path.write_text(event_text(result, log=[*ADJOURNED_WHEN_PAIRED, result_line(result)]))
    code, output = run("check", str(path))
    assert code == 0, output
    assert output.rstrip().endswith("clean")


def test_without_the_log_the_decisive_result_is_what_the_rounds_are_checked_with(
    tmp_path: Path,
) -> None:
    # The same rounds in a file that says nothing of an adjournment: Jana beat Ivan in round 2
    # as far as it tells, and round 3 is not the rules' pairing (gacrux's checker on the file).
    assert gacrux_rounds(event_text("1-0", round_4="="), tmp_path) == [True, True, False, False]
    path = tmp_path / "event.trf"
    path.write_text(event_text("1-0"))
    code, output = run("check", str(path))
    assert code == 1, output
    assert "round 3, board" in output


def test_a_result_line_without_the_adjourning_line_reads_from_the_pairing_lines(
    tmp_path: Path,
) -> None:
    # Where the file is silent on when the game was adjourned (it was typed ``?``): from its
    # own round on, for the rounds the Pairing lines before its result line name.
    log = [line for line in ADJOURNED_WHEN_PAIRED if "(no result)" not in line]
    path = tmp_path / "event.trf"
    path.write_text(event_text("1-0", log=[*log, result_line("1-0")]))
    code, output = run("check", str(path))
    assert code == 0, output


def test_the_fide_mode_import_passes_the_rounds_paired_while_a_game_was_adjourned(
    tmp_path: Path,
) -> None:
    assert as_paired(tmp_path) == [True] * 4
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(event_text("1-0", log=[*ADJOURNED_WHEN_PAIRED, result_line("1-0")]))
    # FIDE mode (the log does not say it was left): no level-3 warning, so no --confirm.
    code, output = run("trf", "import", str(source), "-o", str(book))
    assert code == 0, output
    assert "level 3" not in output and book.is_file()


def test_check_book_checks_a_book_whose_last_round_is_paired_while_a_game_is_adjourned(
    tmp_path: Path,
) -> None:
    assert as_paired(tmp_path) == [True] * 4
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(event_text("?", rounds=4, log=ADJOURNED_WHEN_PAIRED))
    code, output = run("trf", "import", str(source), "-o", str(book))
    assert code == 0, output
    code, output = run("check", str(book))
    assert code == 0, output  # the report's refusal (Q169) is not the checker's
    assert "4 rounds by the Dutch system (C.04.3)" in output
    assert output.rstrip().endswith("clean")


# --- the reading of the log, where it is silent (events/adjourned.py's module text) ----------


def drawn_rounds(text: str) -> list[tuple[int, ...]]:
    """The rounds checked with Jana - Ivan (round 2) a draw, as the log is read."""
    imported = import_trf(text)
    return [
        rounds
        for view, rounds in pairing_views(imported.event, imported.log)
        if view is not imported.event
    ]


def test_the_rounds_paired_between_the_adjourning_line_and_the_result_line() -> None:
    log = [*ADJOURNED_WHEN_PAIRED, result_line("1-0")]
    assert drawn_rounds(event_text("1-0", log=log)) == [(3, 4)]
    # The result came before round 4 was paired: round 4 was paired with the game 1-0.
    early = [*ADJOURNED_WHEN_PAIRED[:4], result_line("1-0"), ADJOURNED_WHEN_PAIRED[4]]
    assert drawn_rounds(event_text("1-0", log=early)) == [(3,)]
    # No adjournment in the log: the game was 1-0 when every round was paired.
    assert drawn_rounds(event_text("1-0", log=ADJOURNED_WHEN_PAIRED[:2])) == []


def test_a_game_still_adjourned_is_a_draw_for_every_round_after_its_own() -> None:
    assert drawn_rounds(event_text("?")) == [(3, 4)]


def test_a_log_without_pairing_lines_has_reached_the_highest_round_it_names() -> None:
    # Another program's log: no Pairing line, so the rounds paired when the result came are
    # those up to the highest round its lines name, at least the round after the game's.
    reached = ["### Adjournment @ Round 4: round 4 paired with 1 adjourned", result_line("1-0")]
    assert drawn_rounds(event_text("1-0", log=reached)) == [(3, 4)]
    assert drawn_rounds(event_text("1-0", log=[result_line("1-0")])) == [(3,)]


def test_an_unpairing_undone_gives_back_a_round_paired_while_the_game_was_adjourned() -> None:
    # Round 4 unpaired and the unpairing undone before the result came: the undo gave back
    # round 4 as it was made, with the game open, so it is a draw for round 4 as for round 3;
    # the unpairing redone, round 4 is not paired when the result comes (paired again later,
    # on the game's 1-0).
    unpaired = "### Unpairing @ Round 4: round 4 paired: 5 boards => round 4 unpaired"
    undone = "### Undo @ Round 4: Unpairing round 4 => taken back"
    log = [*ADJOURNED_WHEN_PAIRED, unpaired, undone, result_line("1-0")]
    assert drawn_rounds(event_text("1-0", log=log)) == [(3, 4)]
    redone = "### Redo @ Round 4: Unpairing round 4 => given back"
    again = "### Pairing @ Round 4: round 4 paired: 5 boards"
    log = [*ADJOURNED_WHEN_PAIRED, unpaired, undone, redone, result_line("1-0"), again]
    assert drawn_rounds(event_text("1-0", log=log)) == [(3,)]
