"""What ratingbook writes about a player is true of every player: no sentence it prints, writes
into a book or serves says "he", "his" or "him" (user test 48: "'P. Shah' ... his rated games
(2) count for ID 3" about Priya, sex F). The sentences name the player, or say "the player's".

Read from the source itself: every string constant of ``src/ratingbook`` that is not a
docstring (comments and docstrings are for developers), and the server's page templates.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.helpers.paths import ROOT

PACKAGE = ROOT / "src" / "ratingbook"
PRONOUN = re.compile(r"\b([Hh]e|[Hh]is|[Hh]im|[Hh]imself)\b")  # not a code such as "HE"


def _written_strings(path: Path) -> list[tuple[int, str]]:
    """The file's string constants, docstrings (a string standing alone as a statement) left
    out, with their line numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    alone = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in alone
    ]


def test_no_sentence_ratingbook_writes_gives_a_player_a_pronoun() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in _written_strings(path)
        if PRONOUN.search(text)
    ]
    found += [
        f"{path.relative_to(ROOT)}: {line.strip()!r}"
        for path in sorted(PACKAGE.rglob("*.html"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if PRONOUN.search(line)
    ]
    assert found == []


def test_the_check_sees_a_pronoun_in_an_f_string_and_skips_a_docstring(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        'def f(name):\n    """His docstring."""\n    return f"{name}: his games count"\n',
        encoding="utf-8",
    )
    assert [t for _, t in _written_strings(source) if PRONOUN.search(t)] == [": his games count"]
