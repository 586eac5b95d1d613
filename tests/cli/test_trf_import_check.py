"""``trf import`` checks every imported round against the pairing rules in FIDE mode (issue 37,
FIDE's checklist Q54-55 as Sharly-Chess quotes them: every imported round checked; one that
does not comply is a level-3 warning and a ``### Import @ Round n: …`` comment).

Which rounds break the rules is gacrux's own pairing checker's verdict on the very file
imported (``pairingchecker -c``, :mod:`tests.helpers.gacrux_checker`), and the mistake is made
by hand in a real file (:mod:`tests.helpers.trf_mutations`): never ratingbook's own output.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.helpers.gacrux_checker import gacrux_rounds
from tests.helpers.paths import REAL_TRF
from tests.helpers.trf_mutations import Trf, swap_two_boards

from ratingbook.cli import cli
from ratingbook.core.encoding import decode_legacy

#: A real file (52 players, 4 rounds) gacrux's checker reads as it is: rounds 2 and 4 are
#: not the Dutch system's of today (paired in 2010), rounds 1 and 3 are.
OPEN_GROS = REAL_TRF / "javafo_trfxsample2_open-gros_2010.trfx"


def _text(path: Path) -> str:
    return decode_legacy(path.read_bytes()).removeprefix("\ufeff").replace("\r\n", "\n")


def _import(folder: Path, text: str, *options: str) -> tuple[int, str, Path]:
    source, book = folder / "event.trf", folder / "event.xlsx"
    source.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(cli, ["trf", "import", str(source), "-o", str(book), *options])
    return done.exit_code, done.output, book


def _import_lines(book: Path) -> dict[int, str]:
    """The ``### Import @ Round n: …`` lines of the book's TRF that hold boards (``=>``), by
    round (the import's own line, ``… : event.trf: 52 players …``, holds none)."""
    done = CliRunner().invoke(cli, ["trf", "export", str(book)])
    assert done.exit_code == 0, done.output
    found = re.findall(r"^### Import @ Round (\d+): (.* => .*)$", done.output, re.MULTILINE)
    return {int(n): what for n, what in found}


def _breaking(text: str, folder: Path) -> list[int]:
    return [n for n, ok in enumerate(gacrux_rounds(text, folder), start=1) if not ok]


def test_a_round_made_to_break_the_dutch_rules_is_a_level_3_warning_and_an_import_line(
    tmp_path: Path,
) -> None:
    """Round 3 of the Open de Gros, which gacrux's checker passes, with two boards' Black
    players exchanged: gacrux's checker then fails it too; the import says so at level 3,
    waits for --confirm, and logs ``### Import @ Round 3: <the rules'> => <the file's>``."""
    original = _text(OPEN_GROS)
    assert _breaking(original, tmp_path) == [2, 4]
    text, (a, b, c, d) = swap_two_boards(original, 3)
    breaking = _breaking(text, tmp_path)
    assert 3 in breaking

    code, output, book = _import(tmp_path, text)
    assert code == 2, output  # level 3: nothing written without the confirmation
    assert "run again with --confirm" in output
    assert not book.exists()

    code, output, book = _import(tmp_path, text, "--confirm")
    assert code == 0, output
    warned = sorted(int(n) for n in re.findall(r"level 3 warning: Import round (\d+):", output))
    assert warned == breaking
    lines = _import_lines(book)
    assert sorted(lines) == breaking
    rules, file = lines[3].split(" => ")
    assert f"{a}-{d}" in file.split() and f"{c}-{b}" in file.split()
    assert f"{a}-{d}" not in rules.split() and f"{c}-{b}" not in rules.split()
    # every game of the round as the file holds it (White first), read from its columns
    assert {b for b in file.split() if "=" not in b} == {f"{w}-{b}" for w, b in Trf(text).games(3)}


def test_a_correct_file_gets_no_warning_and_no_import_line(tmp_path: Path) -> None:
    """An event made by gacrux's generator, every round passed by gacrux's checker: imported
    in FIDE mode without a word; --confirm is refused, as nothing needs it."""
    generated = tmp_path / "generated.trf"
    options = ["--players", "13", "--rounds", "5", "--byes", "1", "--seed", "5"]
    done = CliRunner().invoke(cli, ["generate", "-o", str(generated), *options])
    assert done.exit_code == 0, done.output
    text = _text(generated)
    assert _breaking(text, tmp_path) == []
    code, output, book = _import(tmp_path, text)
    assert code == 0, output
    assert "level 3" not in output
    assert _import_lines(book) == {}
    code, output, _ = _import(tmp_path, text, "--confirm", "--force")
    assert code == 2
    assert "no imported round needed a confirmation" in output


def test_no_check_imports_unchecked_and_says_so_in_the_log(tmp_path: Path) -> None:
    code, output, book = _import(tmp_path, _text(OPEN_GROS), "--no-check")
    assert code == 0, output
    assert "level 3" not in output
    assert _import_lines(book) == {}
    done = CliRunner().invoke(cli, ["trf", "export", str(book)])
    assert "event.trf: 52 players, round 4 paired; pairings not checked" in done.output


def test_outside_fide_mode_the_check_is_asked_for_and_needs_no_confirmation(
    tmp_path: Path,
) -> None:
    """A file whose log says FIDE mode was left: not checked unless ``--check``; then each
    round gacrux's checker fails is a plain warning and an Import line, nothing to confirm."""
    text = _text(OPEN_GROS).rstrip("\n") + "\n### FIDE Mode Off @ Round 4\n"
    code, output, book = _import(tmp_path, text)
    assert code == 0, output
    assert _import_lines(book) == {}
    code, output, book = _import(tmp_path, text, "--check", "--force")
    assert code == 0, output
    assert "level 3" not in output
    assert re.findall(r"warning: round (\d+) is not the pairing", output) == ["2", "4"]
    assert sorted(_import_lines(book)) == [2, 4]


@pytest.mark.parametrize(("answer", "written"), [("y\n", True), ("n\n", False)])
def test_at_a_terminal_the_import_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: str, written: bool
) -> None:
    monkeypatch.setattr("ratingbook.cli.confirming.terminal", lambda: True)
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(_text(OPEN_GROS), encoding="utf-8")
    done = CliRunner().invoke(cli, ["trf", "import", str(source), "-o", str(book)], input=answer)
    assert "Confirm the import?" in done.output
    assert book.exists() is written
    if written:
        assert sorted(_import_lines(book)) == [2, 4]
