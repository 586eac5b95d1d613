"""A season's model: its players, the events that feed it, their games, and where each came from.

This module alone decides what these things are:

- a **source ref** (:class:`SourceRef`): a file and a line (a TRF or PGN file), or a book, a
  sheet and an Excel row; every problem of a season names one (:class:`SeasonError`);
- a **source player** (:class:`SourcePlayer`): a player as one source names him, with the IDs,
  club, sex and rating it gives; who he is in the season is the identity module's question;
- a **season player** (:class:`SeasonPlayer`): one person of the rating list, by key, with his
  IDs, name, club, birth year or category, and his starting point (a rating, or unrated; a
  fixed rating, for a guest who counts for his opponents and is not rated; his own K);
- a **game** (:class:`SeasonGame`): a date, the event, the round when known, the two players as
  the source named them and the result in :mod:`ratingbook.core.results`'s one vocabulary.
  A bye is kept as a game without Black; a forfeit, a bye or a game with no known result is
  kept and never rated (:attr:`SeasonGame.unrated_reason` says why);
- an **event** (:class:`SeasonEvent`) and its **fingerprint** (:func:`fingerprint`), decided
  from its first day and its games and never from a file's name, so the same event added twice
  is recognised when the file was renamed or written again by another program, and the same
  games on another day are another event (:func:`same_day`);
- a source **read in part** (:class:`PartlyRead`): a file refused for its own problems, with the
  games of it that read, so the season's checks name their problems too;
- an event's **final ranking** (:class:`EventRank`), when its source has one: each player's
  rank as the source decided it, its tie-breaks applied (a TRF's rank column, a Swiss or
  round-robin book's standings, a team event's ranking of its teams: then each player takes
  his team's rank and names his team). A source of bare games (a PGN file, an Elo book, a
  ladder) has none.

Pure: plain frozen values, no spreadsheet library.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ratingbook.core.results import Result
from ratingbook.errors import InputErrors, Location, RatingbookError
from ratingbook.season.names import exact_name

__all__ = [
    "EventRank",
    "PartlyRead",
    "SeasonError",
    "SeasonEvent",
    "SeasonGame",
    "SeasonPlayer",
    "SourcePlayer",
    "SourceRef",
    "fingerprint",
    "in_source",
    "make_event",
    "same_day",
]


@dataclass(frozen=True, slots=True)
class SourceRef:
    """Where something of a season came from: ``file`` (a TRF or PGN file's name, or a book's)
    and, inside it, ``where``: a line of a text file, or a sheet and the row as Excel numbers
    it (:class:`ratingbook.errors.Location`)."""

    file: str
    where: Location = field(default_factory=Location)

    @property
    def is_book(self) -> bool:
        """A workbook's sheet and row, not a text file's line."""
        return self.where.sheet is not None

    def describe(self, column: str | None = None) -> str:
        """``file 'a.trf', line 12`` or ``book 'club.xlsx', sheet 'Swiss Games', row 7``."""
        inside = self.where.describe(column)
        head = f"{'book' if self.is_book else 'file'} {self.file!r}"
        return f"{head}, {inside}" if inside else head

    def at_line(self, line: int) -> SourceRef:
        """The same file, at ``line``."""
        return SourceRef(self.file, Location(line=line))


class SeasonError(RatingbookError):
    """A problem with what comes into a season, naming its source (file and line, or book,
    sheet and row). ``also`` names a second place the problem involves (the other game of a
    conflict), which the message names too."""

    def __init__(
        self,
        problem: str,
        source: SourceRef | None = None,
        column: str | None = None,
        also: SourceRef | None = None,
    ) -> None:
        self.source = source
        self.also = also
        super().__init__(problem, source.where if source is not None else None, column)

    def _message(self) -> str:
        problem = self.problem
        if self.also is not None:
            problem = f"{problem} (also {self.also.describe()})"
        if self.source is None:
            return problem
        return f"{self.source.describe(self.column)}: {problem}"

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.problem, self.source, self.column, self.also))


class PartlyRead(InputErrors):
    """A source refused for its own problems (``errors``: a TRF whose records do not tell the
    same game), with ``event``: the games of it that read. The season checks those with the
    other sources' (a round date outside the event's dates is named with the contradictions,
    in one run); the problems refuse the addition, so the event is never added."""

    def __init__(self, errors: Iterable[RatingbookError], event: SeasonEvent) -> None:
        self.event = event
        super().__init__(errors)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.errors, self.event))


def in_source(error: RatingbookError, file: str) -> SeasonError:
    """``error`` (of a reader that knows lines or rows, not the file) said in ``file``."""
    if isinstance(error, SeasonError):
        return error
    where = error.where if error.where is not None else Location()
    return SeasonError(error.problem, SourceRef(file, where), error.column)


# --- players -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SourcePlayer:
    """A player as one source names him: his name, the IDs it gives (a FIDE ID; a national or
    club ID), his club or federation, birth year, sex (``m`` or ``w``; empty: not given) and the
    rating the source shows. Two source players are equal when their name, IDs, club,
    federation and birth year are (the rating, the sex and the place are not compared: a PGN
    gives a player's rating game by game)."""

    name: str
    fide_id: int | None = None
    national_id: str = ""
    club: str = ""
    federation: str = ""
    birth_year: int | None = None
    rating: int | None = field(default=None, compare=False)
    source: SourceRef | None = field(default=None, compare=False, repr=False)
    sex: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class SeasonPlayer:
    """One person of the season's rating list.

    ``key`` is his key in the list, stable once given. ``rating`` is where he starts (None:
    unrated); ``fixed_rating`` a rating that stays as it is (a guest, a player with another
    federation's rating: he counts for his opponents and is not rated himself); ``k`` his own
    K where the list gives one (as some federations publish it). ``birth_year`` or
    ``category`` (a junior, a senior, as the club names it) for the K rules and prizes;
    ``sex`` (``m`` or ``w``; empty: not given) and ``birth_year`` for the series' categories."""

    key: str
    name: str
    fide_id: int | None = None
    national_id: str = ""
    club: str = ""
    birth_year: int | None = None
    category: str = ""
    rating: float | None = None
    fixed_rating: float | None = None
    k: float | None = None
    source: SourceRef | None = field(default=None, compare=False, repr=False)
    sex: str = ""

    @property
    def unrated(self) -> bool:
        """Starts without a rating (and has no fixed one)."""
        return self.rating is None and self.fixed_rating is None


# --- games and events ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeasonGame:
    """One game of an event (or one bye: ``black`` None), as its source reports it.

    ``result`` is None when the result is unknown (a PGN's ``*``, a round paired and not played
    yet): a check reports it. ``event`` is the event's id (:attr:`SeasonEvent.id`)."""

    event: str
    date: dt.date
    round: int | None
    white: SourcePlayer
    black: SourcePlayer | None
    result: Result | None
    source: SourceRef

    @property
    def is_bye(self) -> bool:
        return self.black is None

    @property
    def rated(self) -> bool:
        """Played over the board between two players, with its result known: the only games
        a rating counts (forfeits and byes never are)."""
        return self.black is not None and self.result is not None and self.result.is_played

    @property
    def unrated_reason(self) -> str | None:
        """Why the game is not rated (None: it is)."""
        if self.black is None:
            return "a bye"
        if self.result is None:
            return "the result is unknown"
        if self.result.is_penalty:
            return "a penalty's score (½-0, 0-½ or 0-0), not a result over the board"
        if not self.result.is_played:
            return "a forfeit"
        return None

    @property
    def white_score(self) -> float:
        """White's score (1, ½, 0) in a rated game."""
        assert self.result is not None
        return self.result.white_score


@dataclass(frozen=True, slots=True)
class EventRank:
    """A player's rank in his event's final ranking: ``rank`` 1 for the first (ranks may
    repeat: a shared place); ``team`` the team whose rank it is in a team event (empty: his
    own); ``source`` where the rank was read (a list's row, to name in a problem)."""

    player: SourcePlayer
    rank: int
    team: str = ""
    source: SourceRef | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class SeasonEvent:
    """An event that feeds the season: its name, kind (``TRF``, ``PGN``, ``book``), the file
    it came from, its dates as the source states them (None: not stated), its players as the
    source names them, its games and byes, and its :func:`fingerprint`. ``id`` is the
    fingerprint's first 16 hexadecimal digits; ``notes`` what the reader noted (one line
    each, naming its line); ``ranks`` its final ranking (:class:`EventRank`; empty: the
    source has none), which the fingerprint leaves out."""

    id: str
    name: str
    kind: str
    source: SourceRef
    start: dt.date | None
    end: dt.date | None
    players: tuple[SourcePlayer, ...]
    games: tuple[SeasonGame, ...]
    fingerprint: str
    notes: tuple[str, ...] = ()
    ranks: tuple[EventRank, ...] = ()

    @property
    def first_date(self) -> dt.date | None:
        """The date of its first game (or bye)."""
        return min((g.date for g in self.games), default=None)

    @property
    def last_date(self) -> dt.date | None:
        return max((g.date for g in self.games), default=None)

    @property
    def first_day(self) -> dt.date | None:
        """Its first day: the stated start, else its first game's date (a PGN states none);
        the fingerprint's day, which tells the same event from one with the same games played
        another day (:func:`same_day`)."""
        return _first_day(self.start, self.games)

    @property
    def last_day(self) -> dt.date | None:
        """Its last day: the stated end (a book's End Date), else its last game's date (the
        last round's)."""
        return self.end if self.end is not None else self.last_date

    def describe(self) -> str:
        """``'Autumn Open' (file 'autumn.trf')``."""
        return f"{self.name!r} ({self.source.describe()})"


def _first_day(start: dt.date | None, games: Iterable[SeasonGame]) -> dt.date | None:
    return start if start is not None else min((g.date for g in games), default=None)


def same_day(held: SeasonEvent, event: SeasonEvent) -> bool:
    """Whether ``event``, as read now, can be the season's ``held`` added again or continued,
    by its dates: it states no first day (an Elo book dated by ``--date``, a PGN without an
    ``EventDate``: its games' day is the one it was added with, not the event's own), or it
    states ``held``'s (:attr:`SeasonEvent.first_day`, the day their fingerprints hold). The
    same players, pairings and results from another day are another event (a monthly blitz
    whose four regulars finish as they did last month)."""
    return event.start is None or event.start == held.first_day


def _ident(player: SourcePlayer | None) -> str:
    return "" if player is None else exact_name(player.name)


def fingerprint(start: dt.date | None, games: Iterable[SeasonGame]) -> str:
    """The event's fingerprint: a SHA-256 of its first day and its games (each game's round,
    White's and Black's names as matched by :func:`~ratingbook.season.names.exact_name`, and
    its result), sorted.

    Decided from the games alone, so the same event is recognised under another file name, and
    when another program wrote it again: start numbers, boards, the order of the lines, the
    letter case of the names and the round dates (which one program writes and another drops)
    do not count; byes do not count either (programs write them in different ways, some with a
    dummy player). An event of byes only is told by its byes."""
    rows = [
        "\t".join(
            (
                str(g.round or ""),
                _ident(g.white),
                _ident(g.black),
                g.result.value if g.result else "*",
            )
        )
        for g in games
    ]
    games_only = [r for r in rows if r.split("\t")[2]]  # Black named: not a bye
    lines = sorted(games_only or rows)
    text = "\n".join([start.isoformat() if start else "", *lines])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def make_event(
    *,
    name: str,
    kind: str,
    source: SourceRef,
    start: dt.date | None,
    end: dt.date | None,
    players: Sequence[SourcePlayer],
    games: Sequence[SeasonGame],
    notes: Sequence[str] = (),
    ranks: Sequence[EventRank] = (),
) -> SeasonEvent:
    """An event from what a reader found: its fingerprint worked out and given to each game.
    The fingerprint's day is the stated start, else the first game's date."""
    print_ = fingerprint(_first_day(start, games), games)
    event_id = print_[:16]
    games = tuple(replace(g, event=event_id) for g in games)
    return SeasonEvent(
        event_id,
        name,
        kind,
        source,
        start,
        end,
        tuple(players),
        games,
        print_,
        tuple(notes),
        tuple(ranks),
    )
