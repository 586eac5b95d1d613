"""A Swiss or round-robin event, from a TRF file or from a book, as an event of a season.

This module alone decides how an individual event (:class:`ratingbook.events.event.SwissEvent`)
feeds a season: every game and bye of it, with the date each was played and where each row
came from. A TRF file is read by :func:`ratingbook.trf.importer.import_trf` (which already
refuses a file whose records contradict each other: player 1 meets 12 but 12's record says 6;
both claim the win; the file's other games still come, in a
:class:`~ratingbook.season.model.PartlyRead`, so the season's checks name their problems in the
same run); a Swiss or round-robin book is read by the workbook's sheet readers, and
the event they build comes here the same way (:func:`season_event_from_swiss`).

A game's date: its round's date when the source gives it (TRF record 132, the book's Round
Dates), else the event's first day (TRF 042, the book's Start Date; a period then holds the
whole event, and a round date that does not read is said so), else, with neither, an error
naming the file and the round. Forfeits and byes are kept, with their kind, and never rated.
A result symbol TRF does not know is an error naming the file, line and column (the import's
``rated`` reading: a rated list does not guess a result); an adjourned game (``?``, ``X``) is
no rated result: its round is left out as not played yet, and the notes name the game.

What the TRF import notes is passed on with the file's name, except its notes on running the
event (:attr:`ratingbook.trf.importer.TrfImport.running`: its rounds, withdrawals, pairing
settings, log), which tell what to do in a Swiss book's sheets: a list has none of them, and
none of those notes changes a game, so one line says how many were left out and where to
read them.

The event's final ranking comes with it where the source has one: a TRF's rank column (001,
columns 86-89; a file with a player's rank blank or 0 gives none), a book's standings (its
tie-breaks applied, worked out by the workbook's reader and handed in as ``ranks``).

A round paired and not played yet (any of its games without a result: a running event, a
league between evenings) is left out whole, and the event's notes say so; the rounds played
go in. Added again once the round is played, the event is recognised as the same event
continued and only its new rounds go in (:func:`ratingbook.season.adding.continuation`). An
event with no round played is an error: nothing to add.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import PurePath

from ratingbook.core.encoding import decode_legacy
from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.events.event import SwissEvent, SwissPlayer
from ratingbook.season.model import (
    EventRank,
    PartlyRead,
    SeasonError,
    SeasonEvent,
    SeasonGame,
    SourcePlayer,
    SourceRef,
    in_source,
    make_event,
)
from ratingbook.trf.importer import import_trf

__all__ = ["played_rounds", "read_trf", "read_trf_bytes", "season_event_from_swiss"]

_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")


def birth_year(text: str) -> int | None:
    """The year of a birth date as sources write it (``1965/06/25``, ``1978``, ``06.12.1969``).

    >>> birth_year("1969.12.06"), birth_year("06/12/1969"), birth_year(""), birth_year("65")
    (1969, 1969, None, None)
    """
    found = _YEAR.search(text)
    return int(found.group(1)) if found else None


def source_player(player: SwissPlayer, file: str) -> SourcePlayer:
    """An event's player as the season sees him (the TRF's federation is a federation, a
    book's Club column its club)."""
    return SourcePlayer(
        name=player.name,
        fide_id=player.fide_id,
        national_id=player.national_id,
        federation=player.federation,
        birth_year=birth_year(player.birth),
        rating=player.rating,
        sex=player.sex,
        source=SourceRef(file, player.where) if player.where is not None else SourceRef(file),
    )


def _round_date(text: str) -> dt.date | None:
    """A round date as the event keeps it (``2025/09/06``; ISO from a book); None otherwise."""
    cleaned = text.strip().replace("/", "-").replace(".", "-")
    try:
        return dt.date.fromisoformat(cleaned)
    except ValueError:
        return None


def season_event_from_swiss(
    event: SwissEvent,
    file: str,
    *,
    kind: str = "book",
    name: str | None = None,
    notes: Sequence[str] = (),
    clubs: dict[str, str] | None = None,
    ranks: Mapping[str, int] | None = None,
) -> SeasonEvent:
    """``event`` (read from ``file``) as a season's event, or a :class:`SeasonError` per round
    that has no date (all of them at once, in an :class:`~ratingbook.errors.InputErrors` when
    several). ``clubs`` gives a player's club by name where the source has a club column;
    ``ranks`` the event's final ranking by name (a TRF's rank column, a book's standings), kept
    for the players its games name."""
    settings = event.settings
    players = {p.name: source_player(p, file) for p in event.players}
    if clubs:
        players = {n: replace(p, club=clubs.get(n, "")) for n, p in players.items()}
    round_dates = [_round_date(text) for text in settings.round_dates]
    problems: list[RatingbookError] = []
    undated: set[int] = set()
    adjourned: list[str] = []
    games: list[SeasonGame] = []
    for entry in event.entries:
        known = entry.round <= len(round_dates) and round_dates[entry.round - 1] is not None
        date = round_dates[entry.round - 1] if known else settings.start_date
        where = SourceRef(file, entry.where) if entry.where is not None else SourceRef(file)
        if date is None:
            if entry.round not in undated:
                undated.add(entry.round)
                problems.append(
                    SeasonError(
                        f"round {entry.round} has no date: the source gives neither the round's "
                        "date nor the event's start date",
                        where,
                    )
                )
            continue
        black = None if entry.black is None else players[entry.black]
        result = entry.result
        if result is not None and result.is_adjourned:
            # An adjourned game (TRF's ? or X) has no result yet: not a rated result, so its
            # round waits as a round not played yet (played_rounds) until the result is entered.
            result = None
            adjourned.append(
                f"{where.describe()}: round {entry.round}: the game {entry.white} - "
                f"{entry.black} is adjourned (? or X: no result yet), which a rated list does "
                "not rate: its round is left out until the result is entered"
            )
        games.append(SeasonGame("", date, entry.round, players[entry.white], black, result, where))
    if problems:
        raise problems[0] if len(problems) == 1 else InputErrors(problems)
    dated = [
        f"round {number}'s date {text.strip()!r} is not a date: its games are dated by the "
        f"event's start date, {settings.start_date}"
        for number, (text, date) in enumerate(
            zip(settings.round_dates, round_dates, strict=True), 1
        )
        if text.strip() and date is None and any(e.round == number for e in event.entries)
    ]
    games, unplayed = played_rounds(games)
    if unplayed and not games:
        raise SeasonError(
            "no round of the event is played yet (every round has a game without a result): "
            "nothing to add",
            SourceRef(file),
        )
    said = SourceRef(file).describe()
    notes = [*notes, *adjourned, *(f"{said}: {line}" for line in [*dated, *unplayed])]
    title = name or settings.event_name or PurePath(file).stem
    playing = {p.name for g in games for p in (g.white, g.black) if p is not None}
    ranking = [
        EventRank(player, ranks[name])
        for name, player in players.items()
        if ranks and name in playing and name in ranks
    ]
    return make_event(
        name=title,
        kind=kind,
        source=SourceRef(file),
        start=settings.start_date,
        end=settings.end_date,
        players=tuple(players.values()),
        games=games,
        notes=notes,
        ranks=ranking,
    )


def played_rounds(games: list[SeasonGame]) -> tuple[list[SeasonGame], list[str]]:
    """The games of the rounds whose every game has a result, and a line for each round left
    out."""
    waiting: dict[int | None, list[SeasonGame]] = {}
    for game in games:
        if game.black is not None and game.result is None:
            waiting.setdefault(game.round, []).append(game)
    lines = []
    for number, open_games in sorted(waiting.items(), key=lambda r: r[0] or 0):
        total = sum(1 for g in games if g.round == number and g.black is not None)
        lines.append(
            f"round {number} is not played yet ({len(open_games)} of {total} games without a "
            "result): left out; add the event again once it is played, and only its new "
            "rounds go in"
        )
    return [g for g in games if g.round not in waiting], lines


def read_trf(text: str, file: str) -> SeasonEvent:
    """A TRF file's text (TRF16 or TRF-2026, by any program) as a season's event; every
    problem of the file named by ``file`` and line, all at once. A file whose records are read
    but do not agree (two records telling one game two ways, a result symbol TRF does not know)
    raises :class:`~ratingbook.season.model.PartlyRead`, with the event of its other games."""
    try:
        imported = import_trf(text, rated=True)
    except InputErrors as errors:
        raise InputErrors(in_source(e, file) for e in errors.errors) from None
    except RatingbookError as error:
        raise in_source(error, file) from None
    said = SourceRef(file).describe()
    running = set(imported.running)
    notes = [f"{said}, {line}" for line in imported.warnings if line not in running]
    if running:
        # What the import says about running the event (its rounds, withdrawals, pairing
        # settings, log) tells what to do in a Swiss book's sheets, which a list has not.
        count = "1 note" if len(imported.running) == 1 else f"{len(imported.running)} notes"
        notes.append(
            f"{said}: {count} on running the event itself (its rounds, withdrawals and "
            "absences, pairing settings, dates or log) left out: they change none of its games "
            "and nothing on this list; they are the event's own matter (ratingbook trf import "
            "lists them)"
        )
    ranks = dict(imported.ranks)
    if not imported.refused:
        return season_event_from_swiss(imported.event, file, kind="TRF", notes=notes, ranks=ranks)
    # Refused, yet its other games are checked with the season's (a round date outside the
    # event's dates is named with the records that contradict each other, in one run).
    refused = [in_source(e, file) for e in InputErrors(imported.refused).errors]
    try:
        event = season_event_from_swiss(imported.event, file, kind="TRF")
    except InputErrors as errors:
        raise InputErrors([*refused, *(in_source(e, file) for e in errors.errors)]) from None
    except RatingbookError as error:
        raise InputErrors([*refused, in_source(error, file)]) from None
    raise PartlyRead(refused, event)


def read_trf_bytes(data: bytes, file: str) -> SeasonEvent:
    """A TRF file's bytes (UTF-8, or the Windows code page older programs write)."""
    return read_trf(decode_legacy(data), file)
