"""How Excel confirms an act of FIDE mode: a message box, or the ``Confirm`` setting.

This module alone decides it. In desktop Excel each act of level 3 or 4 is shown in an OK/Cancel
message box (a level-4 act in two, the second stating its consequences); Cancel refuses the
run, and nothing is written. xlwings Server and xlwings Lite have no modal box: there an act is
confirmed by typing its name in the ``Confirm`` setting of ``Swiss Settings`` (a level-4 act
followed by ``: I understand``), which the run consumes and logs; without it the run is refused
and the message names what to type.
"""

from __future__ import annotations

from collections.abc import Sequence

import xlwings as xw

from ratingbook.workbook.fide_run import UNDERSTOOD, Act, ConfirmationError, FideRun

__all__ = ["excel_run"]

_TITLE = "ratingbook: FIDE mode"


def excel_run(book: xw.Book, remote: bool) -> FideRun:
    """This run's :class:`FideRun`: message boxes on the desktop, the Confirm cell remotely."""
    if remote:
        return FideRun(
            in_book=True,
            how="type the act's name in the Confirm setting of Swiss Settings (a level-4 act "
            f"followed by '{UNDERSTOOD.strip()}'), then run again",
        )

    def confirmer(acts: Sequence[Act]) -> str:
        for act in acts:
            text = f"Level {act.level} warning: {act.name}\n\n{act.warning}\n\nGo on?"
            if book.app.alert(text, title=_TITLE, buttons="ok_cancel", mode="warning") != "ok":
                raise ConfirmationError(f"{act.name}: cancelled; nothing was changed")
            if act.level >= 4:
                second = f"{act.name} cannot be taken back in the event's log. Really go on?"
                answer = book.app.alert(second, title=_TITLE, buttons="ok_cancel", mode="warning")
                if answer != "ok":
                    raise ConfirmationError(f"{act.name}: cancelled; nothing was changed")
        return "OK in the message box"

    return FideRun(confirm=confirmer, in_book=True)
