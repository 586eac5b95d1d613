"""How Excel confirms an act of FIDE mode: a message box, or the ``Confirm`` setting.

This module alone decides it. In desktop Excel each act of level 3 or 4 is shown in an OK/Cancel
message box (a level-4 act in two, the second stating its consequences); Cancel refuses the
run, and nothing is written. xlwings Server and xlwings Lite have no modal box: there an act is
confirmed by typing its name in the ``Confirm`` setting of ``Swiss Settings`` (a level-4 act
followed by ``: I understand``), which the run consumes and logs; without it the run is refused
and the message names what to type (for an undo that would clear typed values: to clear them
first).
"""

from __future__ import annotations

import xlwings as xw

from ratingbook.errors import ConfirmationError
from ratingbook.session import Done, NeedsConfirmation, Outcome

__all__ = ["confirmed"]

_TITLE = "ratingbook: FIDE mode"


def confirmed(book: xw.Book, outcome: Outcome, *, remote: bool) -> Done:
    """``outcome`` written: asked in message boxes on the desktop; refused remotely, naming
    how to confirm in the book."""
    if not isinstance(outcome, NeedsConfirmation):
        return outcome
    acts = outcome.acts
    if remote:
        raise outcome.refusal(outcome.in_book)
    found = "".join(f"{w}\n\n" for w in outcome.warnings)  # said with the first question
    for i, act in enumerate(acts):
        level = f"Level {act.level} warning: " if act.level else ""
        text = f"{level}{act.name}\n\n{act.warning}\n\nGo on?"
        text = text if i else found + text
        if book.app.alert(text, title=_TITLE, buttons="ok_cancel", mode="warning") != "ok":
            raise ConfirmationError(f"{act.name}: cancelled; nothing was changed")
        if act.level >= 4:
            second = f"{act.name} cannot be taken back in the event's log. Really go on?"
            answer = book.app.alert(second, title=_TITLE, buttons="ok_cancel", mode="warning")
            if answer != "ok":
                raise ConfirmationError(f"{act.name}: cancelled; nothing was changed")
    return outcome.resume("OK in the message box")
