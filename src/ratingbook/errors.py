"""The one error family of ratingbook: what went wrong, and where.

Every error a user can cause is a :class:`RatingbookError` (a :class:`ValueError`). Its message
quotes the offending value and names where it was: a sheet, the row as Excel numbers it and the
column, or a line of a text input. The add-in shows these messages to the user as they are; any
other exception is a bug and surfaces as one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

__all__ = [
    "InactivePlayerError",
    "InputErrors",
    "InvalidResultError",
    "InvalidValueError",
    "Location",
    "MissingColumnError",
    "MissingSheetError",
    "ParseError",
    "Problems",
    "RatingbookError",
    "SelfPlayError",
    "UnknownGroupError",
    "UnknownPlayerError",
    "UnsafeWorkbookError",
    "WorkbookError",
]


@dataclass(frozen=True, slots=True)
class Location:
    """Where a row of input came from: a sheet row (as Excel numbers it) or a line of text.

    ``columns`` maps a field to the Excel column letter it was found in, and ``headers`` to
    that column's header as the sheet spells it, so an error about one field names its cell
    exactly; ``who`` names the player of a player list's row, whom the error names too. A
    field is a rule's key (:mod:`ratingbook.core.fields`: ``"white"``) or the workbook's
    column name (``"White"``); :func:`ratingbook.core.tables.read_table` records every column
    under both. A line of text has no columns: its line alone says where.
    """

    sheet: str | None = None
    row: int | None = None
    line: int | None = None
    columns: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    headers: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    #: The player a row of a player list is about (its Name): an error about one of his cells
    #: names him too, since "row 7" alone makes a person count rows.
    who: str = field(default="", compare=False, repr=False)

    def label(self, column: str) -> str:
        """How a person knows the field: its column's header as the sheet spells it, else the
        field's own words (the key ``"white_pieces"`` reads ``white pieces``)."""
        return self.headers.get(column) or column.replace("_", " ")

    def describe(self, column: str | None = None) -> str:
        """A human description, e.g. ``sheet 'Ladder Games', row 7, column C (Result)``."""
        parts: list[str] = []
        if self.sheet is not None:
            parts.append(f"sheet {self.sheet!r}")
        if self.row is not None:
            parts.append(f"row {self.row}")
        if column is not None:
            letter = self.columns.get(column)
            if letter:
                parts.append(f"column {letter} ({self.label(column)})")
            elif self.line is None:
                parts.append(f"column {self.label(column)!r}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        return ", ".join(parts)

    def brief(self) -> str:
        """Where, as short as it reads: ``Swiss Games 7`` (the sheet's name unquoted, then the
        row, as a text file's place is its ``line 12``), with no column: a column of places a
        line each, where the book or file is named elsewhere (a rating list's List Games,
        issue 35)."""
        parts = [self.sheet] if self.sheet is not None else []
        if self.row is not None:
            parts.append(str(self.row) if self.sheet is not None else f"row {self.row}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        return " ".join(parts)


class RatingbookError(ValueError):
    """Base of every error caused by input: bad values, bad files, bad sheets.

    ``where`` and ``column`` say where the problem is; ``problem`` is the bare explanation.
    ``str(error)`` puts them together into one line for the user.
    """

    def __init__(
        self, problem: str, where: Location | None = None, column: str | None = None
    ) -> None:
        self.problem = problem
        self.where = where
        self.column = column
        super().__init__(self._message())

    def _message(self) -> str:
        if self.where is None:
            if self.column is not None:
                return f"column {Location().label(self.column)!r}: {self.problem}"
            return self.problem
        place = self.where.describe(self.column)
        problem = self.problem
        who = self.where.who
        if who and repr(who) not in problem:  # the player, unless the problem names him
            problem = f"{problem} (player {who!r})"
        return f"{place}: {problem}" if place else problem

    def __reduce__(self) -> tuple[object, ...]:
        # Keep errors picklable so they cross process pools (ratingbook recalc --jobs N).
        return (type(self), (self.problem, self.where, self.column))


class InvalidValueError(RatingbookError):
    """A cell or token holds a value of the wrong kind (text for a number, a fraction, ...)."""


class InvalidResultError(InvalidValueError):
    """A game result that is not one of the spellings the system accepts."""


class UnknownPlayerError(RatingbookError):
    """A game names a player who is not on the player list."""


class InactivePlayerError(RatingbookError):
    """A ladder game names a player who is not active this week. ``player`` names him
    (``player 9 ('Isla Jensen')``) and ``active`` his Active cell (``sheet 'Ladder Players',
    row 10, column D (Active)``), so that a caller can say it once for all his games."""

    def __init__(
        self,
        problem: str,
        where: Location | None = None,
        column: str | None = None,
        player: str = "",
        active: str = "",
    ) -> None:
        self.player = player
        self.active = active
        super().__init__(problem, where, column)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.problem, self.where, self.column, self.player, self.active))


class SelfPlayError(RatingbookError):
    """A game where White and Black are the same player."""


class UnknownGroupError(RatingbookError):
    """A ladder player belongs to a group missing from the group table."""


class ParseError(RatingbookError):
    """A text input (the seeds' formats) that does not follow its format."""


class MissingSheetError(RatingbookError):
    """A workbook lacks a sheet its family needs."""


class MissingColumnError(RatingbookError):
    """A sheet lacks a column its table needs."""


class WorkbookError(RatingbookError):
    """A file that cannot be read as a workbook, or cannot be written safely."""


class UnsafeWorkbookError(WorkbookError):
    """A workbook holds parts that would be lost by rewriting it in place."""


class ConfirmationError(RatingbookError):
    """An act of FIDE mode (level 3 or more) without its confirmation, a confirmation nothing
    needed, or an act refused (level 5); nothing was changed."""


class InputErrors(RatingbookError):
    """Every problem one run found in its input, each a :class:`RatingbookError` naming its place.

    A recalc reads every table before it stops, so a book with five mistakes reports all five at
    once. ``errors`` holds them all; ``str(error)`` is one line per problem, the first
    :attr:`SHOWN` of them, then ``and N more``.
    """

    #: How many problems the message lists; a book with more has a bigger problem to fix first.
    SHOWN = 100

    errors: tuple[RatingbookError, ...]

    def __init__(self, errors: Iterable[RatingbookError]) -> None:
        flat: list[RatingbookError] = []
        for error in errors:
            flat.extend(error.errors if isinstance(error, InputErrors) else (error,))
        self.errors = tuple(flat)
        super().__init__("\n".join(self.lines()))

    def lines(self, limit: int | None = None) -> list[str]:
        """One line per problem, at most ``limit`` (default :attr:`SHOWN`), then ``and N more``."""
        shown = self.SHOWN if limit is None else limit
        lines = [str(error) for error in self.errors[:shown]]
        if len(self.errors) > shown:
            lines.append(f"and {len(self.errors) - shown} more")
        return lines

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.errors,))


class Problems(list[RatingbookError]):
    """The input problems found so far: readers append to it and carry on with the next row."""

    def check(self) -> None:
        """Raise what was found: the one error as it is, several as one :class:`InputErrors`."""
        if len(self) == 1:
            raise self[0]
        if self:
            raise InputErrors(self)
