"""How every ``ratingbook`` command reports an input error: one line per problem on standard
error, naming the command, and exit status 2 (a Python traceback means a bug).

Shared by :mod:`ratingbook.cli` and :mod:`ratingbook.cli.trf_commands`, so both speak alike.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import NoReturn, TypeVar

import click

from ratingbook.cli.jobs import problem_lines
from ratingbook.errors import RatingbookError

__all__ = ["INPUT_ERROR", "F", "fail", "reports_input_errors"]

F = TypeVar("F", bound=Callable[..., object])

INPUT_ERROR = 2


def fail(message: str | RatingbookError) -> NoReturn:
    """Print the problem (one line each) to standard error and exit with the input-error status."""
    name = click.get_current_context().command_path
    lines = problem_lines(message) if isinstance(message, RatingbookError) else [message]
    for line in lines:
        click.echo(f"{name}: error: {' '.join(line.split())}", err=True)
    sys.exit(INPUT_ERROR)


def reports_input_errors(command: F) -> F:
    """Turn a RatingbookError raised by ``command`` into one line on stderr and exit status 2."""

    @functools.wraps(command)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return command(*args, **kwargs)
        except RatingbookError as error:
            fail(error)

    return wrapper  # type: ignore[return-value]
