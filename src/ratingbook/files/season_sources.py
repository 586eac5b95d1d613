"""The files a season's rating list is fed from, read as the season's events (issue 35).

This module alone decides which file is read how, by its name's ending:

- ``.trf``, ``.trfx``, ``.tab``, ``.txt``: a TRF file (TRF16 or TRF-2026, UTF-8 or the
  Windows code page older programs write), :func:`ratingbook.season.read_trf_bytes`;
- ``.pgn``: a PGN file, one event per ``Event`` tag, :func:`ratingbook.season.read_pgn`;
- ``.xlsx``, ``.xlsm``: a Swiss, round-robin, team event, Elo or camp ladder book, by the
  family its sheets hold (:func:`ratingbook.workbook.kinds.season_event.book_event`). Each
  game's source is its book, sheet and row. Another family (a Crikey book, a rating list) is
  an error naming it.

``day`` (``season add --date``) dates the games of a source that gives no date (an Elo book;
a team event without a Start Date); a source that gives its dates ignores it.

Every problem of every file is reported at once, each naming its file and line (or book,
sheet and row). :func:`read_each` gives them with the events read, for the season's checks to
run on these in the same run (``season add`` names a bad line of one file and a game two other
files report differently together); a file refused for its own problems whose games read (a
TRF whose records contradict each other, :class:`~ratingbook.season.model.PartlyRead`) gives
its event too, to be checked and never added. :func:`read_sources` raises the problems.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.files.backends import DEFAULT_BACKEND, open_book
from ratingbook.season.model import PartlyRead, SeasonError, SeasonEvent, SourceRef, in_source
from ratingbook.season.pgn_source import read_pgn
from ratingbook.season.trf_source import read_trf_bytes

__all__ = ["SOURCE_SUFFIXES", "Sources", "read_each", "read_sources"]

_TRF = (".trf", ".trfx", ".tab", ".txt")
_PGN = (".pgn",)
_BOOK = (".xlsx", ".xlsm")
#: The endings a source may have.
SOURCE_SUFFIXES = (*_TRF, *_PGN, *_BOOK)


def _book_event(path: Path, backend: str, day: dt.date | None) -> SeasonEvent:
    from ratingbook.workbook.kinds import book_event

    book = open_book(str(path), backend)
    try:
        return book_event(book, path.name, day)
    except InputErrors as errors:
        raise InputErrors(in_source(e, path.name) for e in errors.errors) from None
    except RatingbookError as error:
        raise in_source(error, path.name) from None


def _read(path: Path, backend: str, day: dt.date | None) -> tuple[SeasonEvent, ...]:
    suffix = path.suffix.lower()
    if not path.is_file():
        raise SeasonError("no such file", SourceRef(str(path)))
    if suffix in _TRF:
        return (read_trf_bytes(path.read_bytes(), path.name),)
    if suffix in _PGN:
        return read_pgn(path.read_text(encoding="utf-8", errors="replace"), path.name)
    if suffix in _BOOK:
        return (_book_event(path, backend, day),)
    raise SeasonError(
        f"cannot tell what this file holds by its ending {suffix or '(none)'!r}: a list is fed "
        f"from {', '.join(SOURCE_SUFFIXES)} files",
        SourceRef(str(path)),
    )


@dataclass(frozen=True, slots=True)
class Sources:
    """What the files gave: their events, in order (with those of files read in part), and
    every problem of every file (none: every file read whole)."""

    events: tuple[SeasonEvent, ...]
    problems: tuple[RatingbookError, ...] = ()


def read_each(
    paths: Sequence[str], backend: str = DEFAULT_BACKEND, *, day: dt.date | None = None
) -> Sources:
    """Every event of ``paths`` and every problem of every file, nothing raised (the module
    text). ``day``: the date of the games of a source that gives none."""
    events: list[SeasonEvent] = []
    problems: list[RatingbookError] = []
    for name in paths:
        try:
            events.extend(_read(Path(name), backend, day))
        except PartlyRead as refused:
            events.append(refused.event)
            problems.extend(refused.errors)
        except InputErrors as errors:
            problems.extend(errors.errors)
        except RatingbookError as error:
            problems.append(error)
    return Sources(tuple(events), tuple(problems))


def read_sources(
    paths: Sequence[str], backend: str = DEFAULT_BACKEND, *, day: dt.date | None = None
) -> tuple[SeasonEvent, ...]:
    """Every event of ``paths``, in order; every problem of every file raised at once (none
    of the season's checks: :func:`read_each` gives the problems to run them). ``day``: the
    date of the games of a source that gives none (the module text)."""
    read = read_each(paths, backend, day=day)
    if len(read.problems) == 1:
        raise read.problems[0]
    if read.problems:
        raise InputErrors(read.problems)
    return read.events
