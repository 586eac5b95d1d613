"""A Swiss event as ratingbook holds it: players, rounds of games and byes, and its settings.

This is the one home of the event's model: a player, a game or a bye, the start order of the
players, which round is paired next, and the checks across rows that name the cell a mistake is
in (a player twice in one round, a game after a withdrawal, a result on a bye row that is not a
bye). Every bad row is reported, not only the first. The words (result spellings, tie-break
codes, points) are :mod:`ratingbook.events.codes`; the settings are
:mod:`ratingbook.events.settings`. Reading the rows of ``Swiss Players`` and ``Swiss Games``
(and writing them back) is :mod:`ratingbook.workbook.sheets.event_rows`.

Nothing here applies a FIDE rule: pairing and the FIDE tie-breaks (with their unplayed-round
rules) are gacrux's, reached through :mod:`ratingbook.fide`. The seed's own standings
(:mod:`ratingbook.swiss`) are fed from here when no FIDE tie-break is asked for.

Pure: plain values in, frozen values out; no spreadsheet library.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ratingbook.core import fields
from ratingbook.core.results import Result
from ratingbook.core.rules import twice_in_round
from ratingbook.errors import Location, Problems, RatingbookError
from ratingbook.events.forbidden_pairs import ForbiddenPair
from ratingbook.events.settings import SwissSettings
from ratingbook.events.start_order import Numbering, number_players

__all__ = [
    "BYE",
    "EventError",
    "RoundState",
    "SwissEntry",
    "SwissEvent",
    "SwissPlayer",
    "check_event",
    "round_robin_rounds",
    "swiss_rounds_most",
    "swiss_rounds_problem",
]

#: What ``Black`` holds on a bye row.
BYE = "BYE"


class EventError(RatingbookError):
    """The event's rows contradict each other (a player twice in a round, a game after a
    withdrawal, a round that cannot be paired yet)."""


# --- players and rows --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """A player of ``Swiss Players``; ``withdrawn`` is the first round they no longer play
    (``expelled``: the arbiter expelled him from that round on, ``Withdrawn`` says ``4
    expelled``); ``number`` the start number typed in ``No.`` (None: ratingbook numbers the
    player, see :mod:`ratingbook.events.start_order`); ``national_id`` an ID that is not a FIDE
    number."""

    name: str
    rating: int | None = None
    fide_id: int | None = None
    title: str = ""
    federation: str = ""
    birth: str = ""
    sex: str = ""
    withdrawn: int | None = None
    where: Location | None = field(default=None, compare=False, repr=False)
    number: int | None = None
    national_id: str = ""
    #: The player's K for FIDE rating (B.02 8.3.3), typed or from FIDE's list; None: from the rules.
    k: int | None = None
    #: Expelled (from round ``withdrawn`` on): not ranked (:mod:`ratingbook.events.unranked`).
    expelled: bool = False
    #: The player's other ratings by source (``rating`` is the FIDE one): ``National Rating``
    #: and ``Manual Rating``; the event's ``Rating Method`` picks the one the field is ordered
    #: by (:mod:`ratingbook.events.tournament_rating`).
    national_rating: int | None = None
    manual_rating: int | None = None
    #: Not eligible for a half-point bye (free entry, the event's conditions): the organiser's
    #: flag (``Half-Point Bye`` ``No``); a half-point bye asked for him is refused.
    no_half_point_bye: bool = False
    #: A tie-break value typed by the arbiter from outside the event's games (a play-off, an
    #: Armageddon, a place given by hand), ranked by the tie-break code ``MAN``; None: none.
    tiebreak_value: Fraction | None = None
    #: An event over 30 days: his rating in periods 2, 3, ... (``Rating 2``, ...; None: as in
    #: the period before); ``rating`` is period 1's (:mod:`ratingbook.events.long_event`).
    period_ratings: tuple[int | None, ...] = ()

    def plays_in(self, round_number: int) -> bool:
        return self.withdrawn is None or round_number < self.withdrawn


@dataclass(frozen=True, slots=True)
class SwissEntry:
    """One row of ``Swiss Games``: a game (``black`` a name) or a bye (``black`` None)."""

    round: int
    board: int | None
    white: str
    black: str | None
    result: Result | None  # None: a game not played yet
    where: Location | None = field(default=None, compare=False, repr=False)

    @property
    def is_bye(self) -> bool:
        return self.black is None

    def players(self) -> tuple[str, ...]:
        return (self.white,) if self.black is None else (self.white, self.black)


@dataclass(frozen=True, slots=True)
class RoundState:
    """Where an event stands, as every view's title says it: the standings count rounds 1 to
    ``counted``; ``current`` is the round after it when it is paired (None: none is), with
    ``games`` games of which ``results`` have a result (not counted yet); ``later``: results
    of rounds after ``current`` (a round robin played ahead), not counted yet either;
    ``waiting``: games of the counted rounds without a result (a postponed game)."""

    counted: int
    paired: int
    current: int | None = None
    games: int = 0
    results: int = 0
    later: int = 0
    waiting: int = 0


#: The last few start numberings worked out from the players alone, each with the very players
#: (the same tuple, not an equal one) and the initial order it was worked out for: a view asks
#: an event for its start numbers many times over, and an event and the events made from it
#: with other rows (``dataclasses.replace``) share their players.
_NUMBERED: list[tuple[tuple[SwissPlayer, ...], object, Numbering]] = []
_KEPT_NUMBERINGS = 8


@dataclass(frozen=True, slots=True)
class SwissEvent:
    """A whole event: players, every row, the settings, and the start numbers.

    ``numbering`` is the players' start numbers as
    :func:`~ratingbook.workbook.sheets.event_rows.build_event` worked them out (with
    the numbers recorded in Swiss Games); None: worked out from the players alone.
    """

    players: tuple[SwissPlayer, ...]
    entries: tuple[SwissEntry, ...]
    settings: SwissSettings = field(default_factory=SwissSettings)
    numbering: Numbering | None = field(default=None, compare=False, repr=False)
    #: Pairs the organiser forbids (the ``Forbidden Pairs`` sheet).
    forbidden: tuple[ForbiddenPair, ...] = ()

    @property
    def rounds_planned(self) -> int | None:
        """How many rounds the event has: the ``Rounds`` setting, or for a round robin the
        rounds of its Berger table (N - 1 for N players, N for an odd N, twice that for a
        double round robin; C.05 Annex 1)."""
        if self.settings.rounds is not None or not self.settings.round_robin:
            return self.settings.rounds
        return round_robin_rounds(len(self.players), self.settings.cycles)

    def numbered(self) -> Numbering:
        if self.numbering is not None:
            return self.numbering
        order = self.settings.initial_order
        for players, kept_order, numbering in _NUMBERED:
            if players is self.players and kept_order == order:
                return numbering
        numbering = number_players(self.players, order=order)
        _NUMBERED.insert(0, (self.players, order, numbering))
        del _NUMBERED[_KEPT_NUMBERINGS:]
        return numbering

    def start_numbers(self) -> dict[str, int]:
        """Each player's start number (pairing number), 1 to the number of players."""
        return dict(self.numbered().numbers)

    @property
    def start_order(self) -> tuple[SwissPlayer, ...]:
        """The players by start number."""
        numbers = self.numbered().numbers
        return tuple(sorted(self.players, key=lambda p: numbers[p.name]))

    def player(self, name: str) -> SwissPlayer:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def paired_rounds(self) -> int:
        """The last round that has been paired: the highest round with a game or a pairing bye."""
        rounds = [e.round for e in self.entries if not e.is_bye or e.result is Result.PAIRING_BYE]
        return max(rounds, default=0)

    def round_entries(self, round_number: int) -> list[SwissEntry]:
        return [e for e in self.entries if e.round == round_number]

    def pending(self, up_to_round: int | None = None) -> list[SwissEntry]:
        """Games of paired rounds without a result yet."""
        last = self.paired_rounds if up_to_round is None else up_to_round
        return [e for e in self.entries if e.result is None and e.round <= last]

    def requested_byes(self, round_number: int) -> list[SwissEntry]:
        return [
            e
            for e in self.entries
            if e.round == round_number and e.result is not None and e.result.is_requested_bye
        ]

    def points(self, after_round: int | None = None) -> dict[str, Fraction]:
        """Each player's points, rows of rounds up to ``after_round`` (all when None)."""
        totals = {p.name: Fraction(0) for p in self.players}
        scoring = self.settings.scoring
        for e in self.entries:
            if after_round is not None and e.round > after_round:
                continue
            wp, bp = scoring.points(e.result)
            totals[e.white] += wp
            if e.black is not None:
                totals[e.black] += bp
        return totals

    @property
    def standings_round(self) -> int:
        """The last round the standings count (0: none), the one rule every view of the points
        follows (the standings, the crosstables, the prize list, the site, the notes, the
        rating report): the highest paired round all of whose rows have a result. A round
        paired but not finished is not counted, not even its byes, which are known from the
        pairing on: "after round 4" counts rounds 1-4 and nothing else. In a round robin
        (paired ahead) a game of an earlier round still without a result counts nothing until
        it has one."""
        last = self.paired_rounds
        while last and any(e.result is None for e in self.round_entries(last)):
            last -= 1
        return last

    def standings_points(self) -> dict[str, Fraction]:
        """Each player's points as the standings count them: rounds 1 to
        :attr:`standings_round`."""
        return self.points(after_round=self.standings_round)

    def round_state(self) -> RoundState:
        """What the standings count and what is typed beyond them (see :class:`RoundState`)."""
        counted = self.standings_round
        paired = self.paired_rounds
        current = counted + 1 if paired > counted else None
        games = [e for e in self.entries if not e.is_bye]
        return RoundState(
            counted=counted,
            paired=paired,
            current=current,
            games=sum(1 for e in games if e.round == current),
            results=sum(1 for e in games if e.round == current and e.result is not None),
            later=sum(1 for e in games if current and current < e.round and e.result is not None),
            waiting=sum(1 for e in games if e.round <= counted and e.result is None),
        )

    def with_entries(self, extra: Sequence[SwissEntry]) -> SwissEvent:
        entries = (*self.entries, *extra)
        return SwissEvent(self.players, entries, self.settings, self.numbering, self.forbidden)


def round_robin_rounds(players: int, cycles: int = 1) -> int:
    """The rounds of a round robin of ``players`` (C.05 Annex 1: an odd number of players
    plays the table of the next even number, one player sitting out each round).

    >>> round_robin_rounds(6), round_robin_rounds(5), round_robin_rounds(4, 2)
    (5, 5, 6)
    """
    return (players + players % 2 - 1) * cycles


def swiss_rounds_most(players: int) -> int:
    """The most rounds a Swiss of ``players`` can be paired by the rules (C.04.1 b and d: no
    two meet twice, nobody gets a second pairing-allocated bye): P - 1, or P when P is odd.

    >>> swiss_rounds_most(6), swiss_rounds_most(7)
    (5, 7)
    """
    return players if players % 2 else players - 1


def swiss_rounds_problem(event: SwissEvent) -> str:
    """Why a Swiss event's ``Rounds`` cannot all be paired by the rules ("" : they may be), a
    warning before the start (VCL question 62, as Sharly-Chess quotes it). Two players never
    meet twice (C.04.1 b) and nobody gets a second pairing-allocated bye (C.04.1 d): P players
    have at most P - 1 rounds, or P when P is odd (each sits out once). A round robin's rounds
    are its Berger table's (:func:`check_event`). Fewer rounds may still not be pairable (the
    colour rules); manual pairing then completes the event.

    >>> from ratingbook.events.settings import SwissSettings
    >>> swiss_rounds_problem(SwissEvent(tuple(SwissPlayer(n) for n in "ABCD"), (),
    ...     SwissSettings(rounds=3)))
    ''
    >>> swiss_rounds_problem(SwissEvent(tuple(SwissPlayer(n) for n in "ABCD"), (),
    ...     SwissSettings(rounds=4)))[:47]
    'Rounds 4: a Swiss of 4 players cannot be paired'
    """
    rounds, players = event.settings.rounds, len(event.players)
    if rounds is None or event.settings.round_robin or players < 2:
        return ""
    most = swiss_rounds_most(players)
    if rounds <= most:
        return ""
    why = (
        "each plays every other once and sits out once with the pairing-allocated bye"
        if players % 2
        else "each can play every other only once"
    )
    return (
        f"Rounds {rounds}: a Swiss of {players} players cannot be paired to the end by the "
        f"rules: at most {most} rounds ({why}, C.04.1 b and d)"
    )


# --- building and checking ---------------------------------------------------------------------

#: The title letters of TRF06 (and the lower-case spellings TRF16 files still carry), and the
#: title each stands for: the one home of the letters (trf/trf06.py reads a TRF06 file by them).
TITLE_LETTERS: Mapping[str, str] = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}
TITLES = frozenset({"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"})


def normalise_title(value: str) -> str:
    """``GM`` / ``g`` (TRF06's letters) -> ``GM``; other text is kept as typed."""
    stripped = value.strip()
    return TITLE_LETTERS.get(
        stripped.casefold(), stripped.upper() if stripped.upper() in TITLES else stripped
    )


def check_event(event: SwissEvent) -> None:
    """The cross-row checks, each naming the row and column of the mistake; all are reported."""
    problems = Problems()
    by_name = {p.name: p for p in event.players}
    seen: dict[tuple[int, str], SwissEntry] = {}
    for entry in event.entries:
        for column, name in zip((fields.WHITE, fields.BLACK), entry.players(), strict=False):
            key = (entry.round, name)
            if key in seen:
                earlier = seen[key].where
                also = earlier.row if earlier is not None else None
                problems.append(
                    EventError(
                        twice_in_round(name, entry.round, also_row=also), entry.where, column
                    )
                )
                continue
            seen[key] = entry
            player = by_name[name]
            forfeited = entry.result is Result.ZERO_POINT_BYE or entry.result in (
                (Result.BLACK_WINS_BY_FORFEIT, Result.DOUBLE_FORFEIT)
                if column == fields.WHITE
                else (Result.WHITE_WINS_BY_FORFEIT, Result.DOUBLE_FORFEIT)
            )
            if not player.plays_in(entry.round) and not forfeited:
                problems.append(
                    EventError(
                        f"{name!r} withdrew before round {player.withdrawn} (Swiss Players, "
                        f"Withdrawn) but has a row in round {entry.round}",
                        entry.where,
                        column,
                    )
                )
    for entry in event.entries:
        # VCL questions 175-176 (as Sharly-Chess quotes them): a player the organiser made
        # ineligible for a half-point bye cannot be given one.
        if entry.result is Result.HALF_POINT_BYE and by_name[entry.white].no_half_point_bye:
            problems.append(
                EventError(
                    f"{entry.white!r} is not eligible for a half-point bye (Swiss Players, "
                    "Half-Point Bye: No); give the player a zero-point bye (ZPB) or none",
                    entry.where,
                    fields.RESULT,
                )
            )
    paired = {e.round for e in event.entries if not e.is_bye or e.result is Result.PAIRING_BYE}
    for number in range(1, event.paired_rounds):
        if number not in paired:
            first = min(
                (e for e in event.entries if e.round > number and e.round in paired),
                key=lambda e: e.round,
            )
            problems.append(
                EventError(
                    f"round {number} has no games but round {first.round} has",
                    first.where,
                    fields.ROUND,
                )
            )
            break
    settings = event.settings
    if settings.round_robin and settings.rounds is not None:
        table = round_robin_rounds(len(event.players), settings.cycles)
        if settings.rounds > table:
            problems.append(
                EventError(
                    f"a {settings.pairing.lower()} of {len(event.players)} players has "
                    f"{table} rounds (the Berger tables, C.05 Annex 1), not {settings.rounds}",
                    settings.places.get("Rounds"),
                    fields.VALUE,
                )
            )
    byes: dict[int, SwissEntry] = {}
    for entry in event.entries:
        if entry.result is Result.PAIRING_BYE:
            if entry.round in byes:
                problems.append(
                    EventError(
                        f"round {entry.round} has two pairing-allocated byes",
                        entry.where,
                        fields.RESULT,
                    )
                )
            byes.setdefault(entry.round, entry)
    problems.check()


# --- the flow: which round is paired next ------------------------------------------------------


def next_round_to_pair(event: SwissEvent) -> int:
    """The round the next pairing makes, or an error saying why none can be made now.

    The last paired round must be complete (every game has a result: the error names the boards
    without one) and ``Rounds`` in ``Swiss Settings`` must plan more rounds.
    """
    last = event.paired_rounds
    pending = event.pending()
    if pending:
        where = [
            (f"board {e.board}" if e.board else f"row {_row(e)}")
            + ("" if e.round == last else f" of round {e.round}")
            for e in pending
        ]
        noun = "has" if len(pending) == 1 else "have"
        raise EventError(
            f"round {last} is not complete: {', '.join(where)} {noun} no result (type the "
            "result, or ? to adjourn the game: a draw for pairing until its result is entered)",
            pending[0].where,
            fields.RESULT,
        )
    rounds = event.rounds_planned
    if rounds is None:
        raise EventError(
            "the number of rounds is not set: add the row Rounds to sheet 'Swiss Settings'"
        )
    if last >= rounds:
        raise EventError(f"the event is over: all {rounds} rounds have been paired")
    return last + 1


def _row(entry: SwissEntry) -> str:
    return str(entry.where.row) if entry.where is not None and entry.where.row else "?"


def pairing_due(event: SwissEvent) -> bool:
    """Whether a recalc pairs the next round now: auto-pairing on, the last round complete and
    more rounds planned."""
    settings = event.settings
    rounds = event.rounds_planned
    if not settings.auto_pair or rounds is None or len(event.players) < 2:
        return False
    return not event.pending() and event.paired_rounds < rounds
