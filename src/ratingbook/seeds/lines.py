"""Reading the seeds' text formats a line at a time, or a block of lines at a time.

This module alone decides how a seed format's lines are read and how a problem names its line:
blank lines are skipped, each distinct token is read once (:func:`readings`), and every problem
is a :class:`~ratingbook.errors.ParseError` naming the input line, counted from 1
(:func:`line_error`).

Speed: the long parts of the inputs (games, scores) are read in bulk, a whole block of lines at
a time, with C-level ``str.split``, slicing and ``map``, and each distinct token (``won``,
``0.5``, a piece value) is read once, through the same reader a single line uses. A block with
anything wrong in it is read again line by line, which finds and reports the first problem: the
line-numbered errors have one home, each format's line-by-line reader. The readers that make a
tuple per game pause the cyclic garbage collector meanwhile (see :func:`gc_paused`).
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import ParamSpec, TypeVar

from ratingbook.errors import Location, ParseError

__all__ = ["content_lines", "gc_paused", "line_error", "readings", "whole_number"]


T = TypeVar("T")
P = ParamSpec("P")


def gc_paused(parse: Callable[P, T]) -> Callable[P, T]:
    """Run ``parse`` with the cyclic garbage collector paused.

    A read makes a tuple (and a list of tokens) per line, none of them garbage and none in a
    cycle; meanwhile every collector pass would walk all the objects made so far, which took a
    third of the time of a 150,000-game parse. Reference counting still frees everything as
    usual; the collector resumes afterwards (unless it was off already).
    """

    @functools.wraps(parse)
    def paused(*args: P.args, **kwargs: P.kwargs) -> T:
        if not gc.isenabled():
            return parse(*args, **kwargs)
        gc.disable()
        try:
            return parse(*args, **kwargs)
        finally:
            gc.enable()

    return paused


def content_lines(lines: list[str], first: int = 1) -> tuple[list[str], Sequence[int]]:
    """The lines that are not blank, and their numbers (``lines[0]`` is line ``first``)."""
    if "" not in lines and not any(map(str.isspace, lines)):
        return lines, range(first, first + len(lines))
    # str.strip() empties exactly the lines that are blank or whitespace only.
    kept = list(map(bool, map(str.strip, lines)))
    return list(compress(lines, kept)), list(compress(range(first, first + len(lines)), kept))


class _Readings(dict[str, T]):
    """``read`` applied once to each distinct token, when first looked up; a token that ``read``
    cannot read (None) is a KeyError, which sends a block to the line-by-line reader."""

    def __init__(self, read: Callable[[str], T | None]) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, token: str) -> T:
        value = self.read(token)
        if value is None:
            raise KeyError(token)
        self[token] = value
        return value


def readings(read: Callable[[str], T | None]) -> Mapping[str, T]:
    """A table of what ``read`` makes of each token (see :class:`_Readings`)."""
    return _Readings(read)


def line_error(line: int, problem: str) -> ParseError:
    return ParseError(problem, Location(line=line))


def whole_number(token: str, line: int, what: str, low: int = 0) -> int:
    try:
        value = int(token)
    except ValueError:
        raise line_error(line, f"{what} {token!r} is not a whole number") from None
    if value < low:
        raise line_error(line, f"{what} {token!r} must be at least {low}")
    return value
