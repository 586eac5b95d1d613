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


#: FIDE's own words, quoted as FIDE wrote them: the one place a player's pronoun stays in the
#: docs. Each page with the quotation exactly as it stands there (whitespace aside).
QUOTED_RULES = {
    "docs/reference/rules.md": [
        # B.02 8.3.3, the K of a player new to the list
        '"for a player new to the rating list until he has completed events with at least 30 '
        'games"',
    ],
}


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _prose_without_quoted_rules(page: Path) -> str:
    """The page's text, whitespace collapsed (a sentence may wrap), with FIDE's quoted words
    left out."""
    text = " ".join(page.read_text(encoding="utf-8").split())
    for quoted in QUOTED_RULES.get(page.relative_to(ROOT).as_posix(), []):
        assert quoted in text, f"{page.relative_to(ROOT)} no longer quotes {quoted}"
        text = text.replace(quoted, "")
    return text


def test_the_docs_give_a_player_no_pronoun_either() -> None:
    """The guides and reference say of a player what the program says (user test 48, mend48s):
    the player's name, "the player", "their"; FIDE's quoted words excepted."""
    found = [
        f"{page.relative_to(ROOT)}: ...{text[max(0, m.start() - 40) : m.end() + 40]}..."
        for page in _pages()
        for text in [_prose_without_quoted_rules(page)]
        for m in PRONOUN.finditer(text)
    ]
    assert found == []


def test_the_docs_check_sees_a_wrapped_pronoun_and_skips_only_the_quotation() -> None:
    quoted = QUOTED_RULES["docs/reference/rules.md"][0]
    sample = f"K 40 {quoted}; type `40` in his\n  `K`"
    text = " ".join(sample.split()).replace(quoted, "")
    assert [m.group() for m in PRONOUN.finditer(text)] == ["his"]
