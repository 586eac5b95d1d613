"""How the command line confirms an act of FIDE mode: flags, or a prompt at a terminal.

This module alone decides it. An act of level 3 needs ``--confirm``; one of level 4 needs
``--confirm --i-understand`` (the consequences are stated in the refusal that asks for them).
Without the flags, at a terminal, ratingbook asks (twice for level 4, the second time stating
the consequences); when standard input is not a terminal, the act is refused and nothing is
written. A flag given where nothing needs a confirmation is refused too (never silently
ignored). The confirmation is logged in the Event Log.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from ratingbook.session import NeedsConfirmation, Offer

__all__ = ["FLAGS", "ask", "confirm_level", "confirm_options", "offer", "terminal"]

F = TypeVar("F", bound=Callable[..., Any])

#: What the flags say in the log, by how many were given (1: --confirm, 2: both).
FLAGS = {1: "--confirm", 2: "--confirm --i-understand"}


def terminal() -> bool:
    """Whether standard input is a terminal. The book's process (a fork) has its ``sys.stdin``
    replaced by an empty one, so file descriptor 0, which it still holds, is asked."""
    try:
        return os.isatty(0)
    except OSError:
        return False


@contextlib.contextmanager
def _standard_input() -> Iterator[None]:
    """``sys.stdin`` on file descriptor 0 while the questions are asked (see :func:`terminal`)."""
    saved = sys.stdin
    sys.stdin = open(0, encoding=saved.encoding or "utf-8", closefd=False)  # noqa: SIM115
    try:
        yield
    finally:
        sys.stdin.close()
        sys.stdin = saved


def offer(confirm: int) -> Offer | None:
    """The confirmation the flags give before the run: ``confirm`` 0 (none), 1 (--confirm) or
    2 (and --i-understand)."""
    if not confirm:
        return None
    from ratingbook.session import Offer

    return Offer(confirm, FLAGS[confirm])


def ask(asked: NeedsConfirmation, confirm: int) -> str:
    """The confirmation of what ``asked`` waits for: asked at a terminal (twice for level 4,
    the second time stating the consequences), else a :class:`ConfirmationError` saying which
    flags confirm it; flags too weak for it are refused, never asked past."""
    from ratingbook.errors import ConfirmationError

    acts = asked.acts
    if confirm:  # given, but the act needs the second step
        raise ConfirmationError(
            "nothing was changed: a level-4 act needs --confirm --i-understand: "
            + " | ".join(
                [*(f"{a.name}: {a.warning}" for a in acts if a.level >= 4), *asked.warnings]
            )
        )
    if not terminal():
        flags = FLAGS[asked.steps]
        raise asked.refusal(
            f"run again with {flags} (standard input is not a terminal, so ratingbook cannot ask)"
        )
    with _standard_input():
        for warning in asked.warnings:  # what else the run found, before the question
            click.echo(warning, err=True)
        for act in acts:
            level = f"level {act.level} warning: " if act.level else ""
            click.echo(f"{level}{act.name}: {act.warning}", err=True)
            if not click.confirm(f"Confirm {act.name}?", err=True):
                raise ConfirmationError(f"{act.name}: cancelled; nothing was changed")
            if act.level >= 4 and not click.confirm(
                f"This cannot be taken back in the event's log. Really {act.name}?", err=True
            ):
                raise ConfirmationError(f"{act.name}: cancelled; nothing was changed")
    return "confirmed at the prompt"


def confirm_options(command: F) -> F:
    """``--confirm`` and ``--i-understand`` (FIDE mode's confirmations of levels 3 and 4)."""
    command = click.option(
        "--i-understand",
        "understood",
        is_flag=True,
        help="With --confirm: confirm a level-4 act (its consequences were stated).",
    )(command)
    return click.option(
        "--confirm",
        "confirmed",
        is_flag=True,
        help="Confirm this run's level-3 act of FIDE mode (refused when nothing needs it).",
    )(command)


def confirm_level(confirmed: bool, understood: bool) -> int:
    """0, 1 or 2 from the flags (--i-understand alone is a usage error)."""
    if understood and not confirmed:
        raise click.UsageError("--i-understand goes with --confirm (the second step of two)")
    return 2 if understood else int(confirmed)
