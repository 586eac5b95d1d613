"""The states of a book that ``ratingbook undo`` restores: kept beside it, whole files.

This module alone decides where the states are kept and how one is restored. Beside each book
``NAME.xlsx`` a folder ``.ratingbook-history/NAME.xlsx/`` holds, for every run that logged a
change in its Event Log, the book as it was just before that change (``0001.xlsx``, ...) with a
line saying which change it precedes (``0001.txt``), and the book as ratingbook last saved it
(``saved.xlsx``: the state before a change typed into the book by hand). A state is a copy of
the whole file, so an undo gives back every sheet, cell and value exactly; it is put in place
with :func:`~ratingbook.files.disk.atomic_save` (a temporary file, then a rename).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from ratingbook.errors import WorkbookError
from ratingbook.files.disk import atomic_save

__all__ = ["HISTORY", "history_folder", "last_saved", "record", "remember_saved", "states", "undo"]

HISTORY = ".ratingbook-history"


def history_folder(book: Path) -> Path:
    """The folder of ``book``'s states."""
    return book.parent / HISTORY / book.name


def last_saved(book: Path) -> Path | None:
    """The book as ratingbook last saved it, or None."""
    saved = history_folder(book) / f"saved{book.suffix}"
    return saved if saved.is_file() else None


def remember_saved(book: Path) -> None:
    """Keep a copy of ``book`` as just saved by ratingbook."""
    folder = history_folder(book)
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(book, folder / f"saved{book.suffix}")


def states(book: Path) -> list[tuple[int, str]]:
    """The restorable states of ``book``, oldest first: (number, what change they precede)."""
    folder = history_folder(book)
    if not folder.is_dir():
        return []
    found = []
    for label in sorted(folder.glob("[0-9][0-9][0-9][0-9].txt")):
        if (folder / f"{label.stem}{book.suffix}").is_file():
            found.append((int(label.stem), label.read_text(encoding="utf-8").strip()))
    return found


def record(book: Path, before: Path, label: str) -> Path:
    """Keep ``before`` (the book before a logged change) as ``book``'s newest state."""
    folder = history_folder(book)
    folder.mkdir(parents=True, exist_ok=True)
    number = max((n for n, _ in states(book)), default=0) + 1
    copy = folder / f"{number:04d}{book.suffix}"
    shutil.copyfile(before, copy)
    (folder / f"{number:04d}.txt").write_text(label + "\n", encoding="utf-8")
    return copy


def undo(book: Path) -> str:
    """Put ``book``'s newest state in place of it and drop that state; what it undid."""
    found = states(book)
    if not found:
        raise WorkbookError(
            f"{str(book)!r} has no history to undo: no logged change was saved by ratingbook "
            f"(the states are kept in {str(history_folder(book))!r})"
        )
    number, label = found[-1]
    folder = history_folder(book)
    state = folder / f"{number:04d}{book.suffix}"

    def write(temporary: str) -> None:
        shutil.copyfile(state, temporary)

    atomic_save(book, write)
    shutil.copyfile(state, folder / f"saved{book.suffix}")
    state.unlink()
    (folder / f"{number:04d}.txt").unlink()
    return label
