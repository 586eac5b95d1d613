"""The files a season's rating list is fed from, read as the season's events (issue 35).

This module alone decides which file is read how, by its name's ending:

- ``.trf``, ``.trfx``, ``.tab``, ``.txt``: a TRF file (TRF16 or TRF-2026, UTF-8 or the
  Windows code page older programs write), :func:`ratingbook.season.read_trf_bytes`;
- ``.pgn``: a PGN file, one event per ``Event`` tag, :func:`ratingbook.season.read_pgn`;
- ``.xlsx``, ``.xlsm``: a Swiss or round-robin book, read by the workbook's own sheet reader
  (:func:`ratingbook.workbook.sheets.event_book.read_event`) and handed to
  :func:`ratingbook.season.season_event_from_swiss` (each game's source is its book, sheet
  and row). Elo, ladder and team books do not feed a list yet.

Every problem of every file is reported at once, each naming its file and line (or book,
sheet and row); nothing is read half.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.files.backends import DEFAULT_BACKEND, open_book
from ratingbook.season.model import SeasonError, SeasonEvent, SourceRef, in_source
from ratingbook.season.pgn_source import read_pgn
from ratingbook.season.trf_source import read_trf_bytes, season_event_from_swiss

__all__ = ["SOURCE_SUFFIXES", "read_sources"]

_TRF = (".trf", ".trfx", ".tab", ".txt")
_PGN = (".pgn",)
_BOOK = (".xlsx", ".xlsm")
#: The endings a source may have.
SOURCE_SUFFIXES = (*_TRF, *_PGN, *_BOOK)


def _book_event(path: Path, backend: str) -> SeasonEvent:
    from ratingbook.workbook.sheets.event_book import read_event

    book = open_book(str(path), backend)
    try:
        event = read_event(book)
    except InputErrors as errors:
        raise InputErrors(in_source(e, path.name) for e in errors.errors) from None
    except RatingbookError as error:
        raise in_source(error, path.name) from None
    return season_event_from_swiss(event, path.name, kind="book")


def _read(path: Path, backend: str) -> tuple[SeasonEvent, ...]:
    suffix = path.suffix.lower()
    if not path.is_file():
        raise SeasonError("no such file", SourceRef(str(path)))
    if suffix in _TRF:
        return (read_trf_bytes(path.read_bytes(), path.name),)
    if suffix in _PGN:
        return read_pgn(path.read_text(encoding="utf-8", errors="replace"), path.name)
    if suffix in _BOOK:
        return (_book_event(path, backend),)
    raise SeasonError(
        f"cannot tell what this file holds by its ending {suffix or '(none)'!r}: a list is fed "
        f"from {', '.join(SOURCE_SUFFIXES)} files",
        SourceRef(str(path)),
    )


def read_sources(paths: Sequence[str], backend: str = DEFAULT_BACKEND) -> tuple[SeasonEvent, ...]:
    """Every event of ``paths``, in order; every problem of every file at once."""
    events: list[SeasonEvent] = []
    problems: list[RatingbookError] = []
    for name in paths:
        try:
            events.extend(_read(Path(name), backend))
        except InputErrors as errors:
            problems.extend(errors.errors)
        except RatingbookError as error:
            problems.append(error)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise InputErrors(problems)
    return tuple(events)
