"""PGN files (a club's online games, a tournament's game file) as events of a season.

This module alone decides how a PGN file feeds a season. python-chess reads the file
(``chess.pgn.read_headers``: the tags of each game, the moves skipped, as the season needs no
move); of each game the season keeps the tags ``White``, ``Black``, ``Result``, ``Date``,
``Event``, ``Round``, and ``WhiteFideId``, ``BlackFideId``, ``WhiteElo``, ``BlackElo`` when
present:

- the games of one file are grouped by their ``Event`` tag, one season event each (a file
  without one, or with ``?``, is one event named after the file);
- the result is read in the project's one vocabulary (:mod:`ratingbook.core.results`:
  ``1-0``, ``0-1``, ``1/2-1/2`` and the forfeits' spellings); ``*`` is a result not known,
  which the checks report;
- a game's date is its ``Date`` tag when complete (PGN writes ``2024.03.14``; ``2024.??.??``
  is not a date), else the event's ``EventDate``, else an error naming the file and the line
  of the ``Date`` tag; ``EventDate`` is also the event's stated first day;
- the round is the first number of ``Round`` (``3`` and ``3.1`` are round 3); ``?`` or ``-``:
  not known.

Every problem of a file is listed, each with the line of the tag at fault (the game's first
tag when the tag is missing). A file refused for a problem of its own also names a player in
two games of one round of an event (by the names the file writes: the season's check,
:mod:`ratingbook.season.checks`, which matches players to the list, is not reached), so every
problem comes in one run.
"""

from __future__ import annotations

import bisect
import datetime as dt
import io
import re
from collections.abc import Mapping
from pathlib import PurePath

from ratingbook.core.results import parse_swiss_result
from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.season.checks import no_result, plays_twice
from ratingbook.season.model import (
    SeasonError,
    SeasonEvent,
    SeasonGame,
    SourcePlayer,
    SourceRef,
    in_source,
    make_event,
)
from ratingbook.season.names import exact_name

__all__ = ["pgn_date", "pgn_round", "read_pgn"]

#: The tag PGN programs add for the event's first day.
EVENT_DATE = "EventDate"

_DATE = re.compile(r"^\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})\s*$")
_ROUND = re.compile(r"^\s*(\d+)")
_UNKNOWN = frozenset({"", "?", "-"})


def pgn_date(text: str | None) -> dt.date | None:
    """A PGN date tag's day, or None when it has none (``????.??.??``, a month alone).

    >>> pgn_date("2024.03.14"), pgn_date("2024.??.??"), pgn_date(None)
    (datetime.date(2024, 3, 14), None, None)
    """
    found = _DATE.match(text or "")
    if found is None:
        return None
    try:
        return dt.date(*(int(part) for part in found.groups()))
    except ValueError:
        return None


def pgn_round(text: str | None) -> int | None:
    """The round of a ``Round`` tag: its first number (``3.1`` is board 1 of round 3).

    >>> pgn_round("3.1"), pgn_round("?"), pgn_round("12")
    (3, None, 12)
    """
    found = _ROUND.match(text or "")
    return int(found.group(1)) if found and int(found.group(1)) > 0 else None


def _number(text: str | None) -> int | None:
    cleaned = (text or "").strip()
    return int(cleaned) if cleaned.isdigit() and int(cleaned) > 0 else None


def _player(tags: Mapping[str, str], colour: str, where: SourceRef) -> SourcePlayer:
    return SourcePlayer(
        name=" ".join(tags.get(colour, "").split()),
        fide_id=_number(tags.get(f"{colour}FideId")),
        rating=_number(tags.get(f"{colour}Elo")),
        source=where,
    )


def _tag_line(text: str, starts: list[int], offset: int) -> int:
    """The line of the first tag at or after ``offset`` (1-based)."""
    at = text.find("[", offset)
    return bisect.bisect_right(starts, at if at >= 0 else offset)


def _tag_at(
    text: str, starts: list[int], span: tuple[int, int], tag: str, first: SourceRef
) -> SourceRef:
    """Where the game's tag ``tag`` is written (its headers are ``text[span[0]:span[1]]``);
    ``first`` (the game's first tag) when the game has no such tag."""
    found = re.compile(rf"\[\s*{re.escape(tag)}\s").search(text, *span)
    if found is None:
        return first
    return first.at_line(bisect.bisect_right(starts, found.start()))


class _Draft:
    """One event's games as the file gives them, before the event is made."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.games: list[SeasonGame] = []
        self.players: dict[SourcePlayer, SourcePlayer] = {}
        self.starts: set[dt.date] = set()


def _line(error: RatingbookError) -> int:
    return error.where.line or 0 if error.where is not None else 0


def read_pgn(text: str, file: str) -> tuple[SeasonEvent, ...]:
    """The events of a PGN file's text, one per ``Event`` tag, in the order the file first
    names them; every problem named by ``file`` and line, all at once."""
    # python-chess is imported here, where a file is read: xlwings Lite (Pyodide) has no
    # python-chess and never reads a file. The Seven Tag Roster (PGN standard, 8.1.1) is named
    # as python-chess lists it: the format's own tag names, not columns of ours.
    from chess.pgn import TAG_ROSTER, read_headers

    event_tag, _, date_tag, round_tag, white_tag, black_tag, result_tag = TAG_ROSTER
    text = text.removeprefix("\ufeff")
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    handle = io.StringIO(text)
    drafts: dict[str, _Draft] = {}
    problems: list[RatingbookError] = []
    unfinished: list[RatingbookError] = []
    twice: list[RatingbookError] = []  # a player in two games of a round (the module text)
    rounds: dict[tuple[str, int, str], SourceRef] = {}
    while True:
        offset = handle.tell()
        headers = read_headers(handle)
        if headers is None:
            break
        where = SourceRef(file).at_line(_tag_line(text, starts, offset))
        span = (offset, handle.tell())
        tags = dict(headers)
        event_name = tags.get(event_tag, "").strip()
        if event_name in _UNKNOWN:
            event_name = PurePath(file).stem
        white, black = _player(tags, white_tag, where), _player(tags, black_tag, where)
        found = len(problems)
        for player, colour in ((white, white_tag), (black, black_tag)):
            if player.name in _UNKNOWN:
                at = _tag_at(text, starts, span, colour, where)
                problems.append(SeasonError(f"the game names no {colour} player", at))
        date = pgn_date(tags.get(date_tag)) or pgn_date(tags.get(EVENT_DATE))
        if date is None:
            problems.append(
                SeasonError(
                    f"the game {white.name} - {black.name} has no date: Date "
                    f"{tags.get(date_tag, '')!r}"
                    + (f", EventDate {tags[EVENT_DATE]!r}" if EVENT_DATE in tags else "")
                    + "; a rated game needs its day",
                    _tag_at(text, starts, span, date_tag, where),
                )
            )
        raw = tags.get(result_tag, "*").strip()
        result = None
        if raw == "*":
            unfinished.append(
                no_result(white.name, black.name, pgn_round(tags.get(round_tag)), where)
            )
        else:
            try:
                at = _tag_at(text, starts, span, result_tag, where)
                result = parse_swiss_result(raw, at.where, bye_row=False)
            except RatingbookError as error:
                problems.append(in_source(error, file))
        round_number = pgn_round(tags.get(round_tag))
        if round_number is not None:
            for player in (white, black):
                key = (event_name, round_number, exact_name(player.name))
                first = rounds.setdefault(key, where)
                if first is not where and player.name not in _UNKNOWN:
                    twice.append(plays_twice(player.name, round_number, event_name, where, first))
        if len(problems) > found or date is None:
            continue
        draft = drafts.setdefault(event_name, _Draft(event_name))
        # The event lists each player once; each game keeps its own (with that game's rating).
        draft.players.setdefault(white, white)
        draft.players.setdefault(black, black)
        stated = pgn_date(tags.get(EVENT_DATE))
        if stated is not None:
            draft.starts.add(stated)
        draft.games.append(SeasonGame("", date, round_number, white, black, result, where))
    if problems:
        # The checks name a game without a result, and a player twice in a round, once the
        # file is read; a file refused here names them too, so every problem comes in one run.
        problems = sorted([*problems, *unfinished, *twice], key=_line)
        raise problems[0] if len(problems) == 1 else InputErrors(problems)
    if not drafts:
        raise SeasonError(
            'the file holds no game (PGN tags such as [White "..."])', SourceRef(file)
        )
    return tuple(
        make_event(
            name=d.name,
            kind="PGN",
            source=SourceRef(file),
            start=min(d.starts) if d.starts else None,
            end=None,
            players=tuple(d.players),
            games=d.games,
        )
        for d in drafts.values()
    )
