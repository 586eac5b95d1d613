"""How this run confirms: the front end's side of FIDE mode's warnings (issue #25).

A front end (the command line, desktop Excel, xlwings Server and Lite, a template being built)
says how an act of level 3 or more is confirmed by running its work inside :func:`fide_run`
with a :class:`FideRun`; the planner (:mod:`ratingbook.workbook.fide_plan`) asks
:func:`current_run` and raises :class:`ConfirmationError` when an act is not confirmed. This
module plans nothing, so the front ends import it, never the planner.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field

from ratingbook.errors import RatingbookError
from ratingbook.events.event_state import LoggedChange

__all__ = [
    "UNDERSTOOD",
    "Act",
    "ConfirmationError",
    "Confirmer",
    "FideRun",
    "current_run",
    "fide_run",
]


#: What a level-4 confirmation adds to the act's name in the ``Confirm`` setting.
UNDERSTOOD = ": I understand"


class ConfirmationError(RatingbookError):
    """An act of level 3 or more without its confirmation, or a confirmation nothing needed."""


@dataclass(frozen=True, slots=True)
class Act:
    """An act waiting for a confirmation: its name, level and what it does."""

    name: str
    level: int
    warning: str


#: A front end's way of confirming: the confirmation text logged, or a ConfirmationError.
Confirmer = Callable[[Sequence[Act]], str]


@dataclass(slots=True)
class FideRun:
    """How this run confirms and what it asks, given by the front end; ``logged`` is filled in
    with the changes the run logged (the command line keeps the states for undo from it)."""

    confirm: Confirmer | None = None
    offered: str = ""
    """A confirmation given in advance (``--confirm``): refused when nothing needs one."""
    how: str = "set the Confirm setting of Swiss Settings to the act's name"
    """How to confirm, said when a confirmation is missing."""
    manual: tuple[str, int] | None = None
    """("start", round) or ("end", round): the manual-pairing phase asked by a command."""
    unpaired: tuple[int, ...] = ()
    """The rounds the unpair command takes back in this run."""
    who: str = ""
    now: str = ""
    logged: list[LoggedChange] = field(default_factory=list)
    seen: bool = False
    """Set when the run planned a Swiss event (its states are kept for undo)."""
    log: bool = True
    """False for a template's sample event: its log starts with the user's first run."""
    in_book: bool = False
    """Keep the states for undo in the book (Excel: :mod:`ratingbook.workbook.book_history`)."""


_RUN: ContextVar[FideRun | None] = ContextVar("ratingbook_fide_run", default=None)


@contextlib.contextmanager
def fide_run(run: FideRun) -> Iterator[FideRun]:
    """Run the block with ``run`` as this run's way of confirming."""
    token = _RUN.set(run)
    try:
        yield run
    finally:
        _RUN.reset(token)


def current_run() -> FideRun:
    run = _RUN.get()
    return run if run is not None else FideRun()
