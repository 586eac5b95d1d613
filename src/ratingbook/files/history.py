"""Undo states kept by ratingbook before 0.2: whole copies of a book in a folder beside it.

Until 0.2 the command line kept, beside each book ``NAME.xlsx``, a folder
``.ratingbook-history/NAME.xlsx/`` with the book as it was before each logged change
(``0001.xlsx`` with ``0001.txt`` saying which change). Undo is now kept inside the book itself
(:mod:`ratingbook.session.history`), the same for the command line and Excel. This module alone
knows the old folder: it never writes there, it only says where the old states are, so that a
book in the middle of an event can still go back past its upgrade by hand.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["HISTORY", "legacy_note", "legacy_states"]

HISTORY = ".ratingbook-history"


def legacy_states(book: Path) -> list[tuple[Path, str]]:
    """The states an earlier ratingbook kept for ``book``, oldest first: (file, the change it
    precedes)."""
    folder = book.parent / HISTORY / book.name
    if not folder.is_dir():
        return []
    found = []
    for label in sorted(folder.glob("[0-9][0-9][0-9][0-9].txt")):
        copy = folder / f"{label.stem}{book.suffix}"
        if copy.is_file():
            found.append((copy, label.read_text(encoding="utf-8").strip()))
    return found


def legacy_note(book: Path) -> str:
    """A line naming the newest state an earlier ratingbook kept for ``book``, or ""."""
    found = legacy_states(book)
    if not found:
        return ""
    newest, label = found[-1]
    return (
        f"an earlier ratingbook kept {len(found)} whole copies of this book in "
        f"{str(newest.parent)!r}; "
        f"the newest, {newest.name}, is the book {label}: to go back to it, copy it over the "
        "book by hand (what was typed since is then lost)"
    )
