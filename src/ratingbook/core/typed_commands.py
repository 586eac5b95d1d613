"""The commands a message tells the user to type: this module alone decides how one is spelt.

A command a message suggests must work as typed (issue 34). So it names the book as the user
named it, shell-quoted, and a command that would write a copy beside the book
(``NAME-unpaired.xlsx``) carries ``--in-place``: the next command a message suggests reads
the same file and must find the change there (``ratingbook unpair corr.xlsx --round 5`` wrote
``corr-unpaired.xlsx``, and the ``ratingbook pair corr.xlsx`` suggested after it found round 5
still paired). Pure.
"""

from __future__ import annotations

import shlex

__all__ = ["UNNAMED", "WRITE_A_COPY", "typed_command"]

#: The commands (as typed, a group's subcommand with it) that write a copy beside the book
#: unless given ``--in-place``; the others write the book itself (``undo``, ``redo``,
#: ``results take``, ``trf export --period``) or only read it (``check``, ``contenders``).
#: ``tests/test_typed_commands.py`` holds this set to the command line's options.
WRITE_A_COPY = frozenset(
    {
        "recalc",
        "new-week",
        "pair",
        "unpair",
        "manual-pairing start",
        "manual-pairing end",
        "season add",
        "players update",
        "players custom-list",
    }
)

#: The book's name in a suggested command when the message does not know the file (a book
#: open in Excel through a script that is not told its path).
UNNAMED = "BOOK"


def typed_command(verb: str, book: str, *arguments: str) -> str:
    """``ratingbook VERB BOOK ARGUMENTS`` as a message tells the user to type it to act on
    ``book`` itself: ``book`` is the file as the user names it ("" unknown: ``BOOK``), written
    shell-quoted; ``--in-place`` ends a command of :data:`WRITE_A_COPY`."""
    named = shlex.quote(book) if book else UNNAMED
    in_place = ("--in-place",) if verb in WRITE_A_COPY else ()
    return " ".join(("ratingbook", verb, named, *arguments, *in_place))
