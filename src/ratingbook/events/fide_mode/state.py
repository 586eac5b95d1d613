"""FIDE mode's memory of an event: what the Event Log last recorded, as a snapshot.

This module alone decides what of an event the log keeps (its :class:`EventState`: FIDE mode,
the manual-pairing phase, the settings that change pairings or standings, the players' start
numbers and withdrawals, the tie-break values typed from outside, every row of every round, the
forbidden pairs; of a team event, every board of every round: :func:`team_state_of`), how it
is written as plain rows with its format version
(:meth:`EventState.rows`, :func:`state_from_rows`) into a sheet ratingbook owns, how a
round's boards are written (:func:`boards`), and how its results typed are named by board when
an unpairing deletes them (:func:`results_by_board`; a team round's by match and board,
:func:`team_results_by_board`; :func:`unpairing_text`). Pure: events
in, values out. Which differences are logged changes is
:mod:`~ratingbook.events.fide_mode.changes`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.core.counts import many
from ratingbook.core.results import Result
from ratingbook.events.event import SwissEvent
from ratingbook.events.settings import settings_values
from ratingbook.events.team import TeamEvent

__all__ = [
    "PAIRING_SETTINGS",
    "STATE_FORMAT",
    "EventState",
    "Game",
    "NewerStateError",
    "Pair",
    "board_count",
    "boards",
    "pairs_of",
    "results_by_board",
    "state_from_rows",
    "state_of",
    "team_results_by_board",
    "team_state_of",
    "unpairing_text",
]

#: The settings whose change after round 1 is logged: they change pairings or standings.
PAIRING_SETTINGS = (
    "Rounds",
    "Start Date",
    "Tie-breaks",
    "Pairing",
    "Acceleration",
    "FIDE Rated",
    "Points",
    "Auto-pair",
    "First Colour",
    "Unrated Rating",
    "Tie-break Rating",  # an event over 30 days: the ratings the rating tie-breaks use
)

#: The item of a typed tie-break value (a state without one, written before them, has none).
_TYPED = "Typed Tie-break"

#: The format of :meth:`EventState.rows` (1: before its Format row, ratingbook 0.1).
STATE_FORMAT = 2

Game = tuple[int, str, str, str]  # round, White, Black ("" for a bye), result ("" for none)


class NewerStateError(ValueError):
    """A state written by a newer ratingbook (a format this one does not know)."""


Pair = tuple[str, str]  # White, Black ("PAB" for a pairing-allocated bye)


@dataclass(frozen=True, slots=True)
class EventState:
    """What the log last recorded of an event."""

    fide_mode: bool = True
    left_in: int = 0
    """The round FIDE mode was left in (0: never left)."""
    manual: int = 0
    """The round in a manual-pairing phase (0: none); its rows here are the engine's pairing."""
    settings: tuple[tuple[str, str], ...] = ()
    players: tuple[tuple[str, int, int], ...] = ()
    """Each player's name, start number and withdrawal round (0: not withdrawn)."""
    games: tuple[Game, ...] = ()
    forbidden: tuple[str, ...] = ()
    rating: tuple[str, ...] = ()
    """The rating-report-only corrections: ``round|White|Black|played|rated``."""
    log: str = ""
    """The digest of the log's last row when it was written (rows deleted at its end show)."""
    typed: tuple[tuple[str, str], ...] = ()
    """The tie-break values typed from outside (the code ``MAN``): each player's name and
    value, players without one left out."""
    expelled: tuple[str, ...] = ()
    """The players expelled (``Withdrawn`` says ``4 expelled``): a fourth item ``true`` in
    their ``Player`` row, which a ratingbook reading three items passes over."""

    def rows(self) -> list[tuple[str, str]]:
        """The state as (Item, Value) rows, each value plain JSON."""
        out = [
            ("Format", json.dumps(STATE_FORMAT)),
            ("FIDE Mode", json.dumps([self.fide_mode, self.left_in])),
            ("Manual Pairing", json.dumps(self.manual)),
        ]
        out += [("Setting", json.dumps(list(s), ensure_ascii=False)) for s in self.settings]
        out += [
            (
                "Player",
                json.dumps([*p, *([True] if p[0] in self.expelled else [])], ensure_ascii=False),
            )
            for p in self.players
        ]
        out += [("Entry", json.dumps(list(g), ensure_ascii=False)) for g in self.games]
        out += [("Forbidden", json.dumps(f, ensure_ascii=False)) for f in self.forbidden]
        out += [("Rating Correction", json.dumps(r, ensure_ascii=False)) for r in self.rating]
        out += [(_TYPED, json.dumps(list(t), ensure_ascii=False)) for t in self.typed]
        out += [("Log", json.dumps(self.log))]
        return out

    def pairs(self, round_number: int) -> list[Pair]:
        return sorted(
            (w, b or "PAB") for r, w, b, res in self.games if r == round_number and _paired(b, res)
        )

    @property
    def paired_rounds(self) -> int:
        return max((r for r, _, b, res in self.games if _paired(b, res)), default=0)


def _paired(black: str, result: str) -> bool:
    return bool(black) or result == Result.PAIRING_BYE.value


def state_from_rows(rows: Iterable[tuple[object, object]]) -> EventState:
    """The state written by :meth:`EventState.rows`, of this format or an earlier one (a
    :class:`NewerStateError` for a later one, a ValueError when a row does not read).

    >>> state_from_rows([("FIDE Mode", "[false, 3]"), ("Log", '"ab"')]).left_in  # format 1
    3
    """
    fide_mode, left_in, manual = True, 0, 0
    settings: list[tuple[str, str]] = []
    players: list[tuple[str, int, int]] = []
    games: list[Game] = []
    forbidden: list[str] = []
    rating: list[str] = []
    typed: list[tuple[str, str]] = []
    expelled: list[str] = []
    log = ""
    for item, value in rows:
        data = json.loads(str(value))
        if item == "Format":
            if not isinstance(data, int) or data > STATE_FORMAT:
                raise NewerStateError(
                    f"it was written by a newer ratingbook (format {data!r}; this one reads "
                    f"up to {STATE_FORMAT}): update ratingbook to go on with this event"
                )
        elif item == "FIDE Mode":
            fide_mode, left_in = bool(data[0]), int(data[1])
        elif item == "Manual Pairing":
            manual = int(data)
        elif item == "Setting":
            settings.append((str(data[0]), str(data[1])))
        elif item == "Player":
            players.append((str(data[0]), int(data[1]), int(data[2])))
            if len(data) > 3 and data[3] is True:
                expelled.append(str(data[0]))
        elif item == "Entry":
            games.append((int(data[0]), str(data[1]), str(data[2]), str(data[3])))
        elif item == "Forbidden":
            forbidden.append(str(data))
        elif item == "Rating Correction":
            rating.append(str(data))
        elif item == _TYPED:
            typed.append((str(data[0]), str(data[1])))
        elif item == "Log":
            log = str(data)
        else:
            raise ValueError(f"unknown item {item!r}")
    return EventState(
        fide_mode,
        left_in,
        manual,
        tuple(settings),
        tuple(players),
        tuple(games),
        tuple(forbidden),
        tuple(rating),
        log,
        tuple(typed),
        tuple(expelled),
    )


def _setting_text(value: object) -> str:
    if value is None:
        return ""
    if hasattr(value, "date") and hasattr(value, "isoformat"):
        return str(value.date().isoformat())  # a datetime written for a date
    return str(value)


def state_of(
    event: SwissEvent,
    *,
    fide_mode: bool,
    left_in: int,
    manual: int,
    rating: tuple[str, ...] = (),
) -> EventState:
    """The state of ``event`` now (FIDE mode and the manual phase as the log holds them)."""
    values = settings_values(event.settings)
    numbers = event.start_numbers()
    return EventState(
        fide_mode=fide_mode,
        left_in=left_in,
        manual=manual,
        settings=tuple((name, _setting_text(values.get(name))) for name in PAIRING_SETTINGS),
        players=tuple((p.name, numbers[p.name], p.withdrawn or 0) for p in event.players),
        expelled=tuple(p.name for p in event.players if p.expelled and p.withdrawn),
        games=tuple(
            (e.round, e.white, e.black or "", "" if e.result is None else e.result.value)
            for e in sorted(event.entries, key=lambda e: (e.round, e.board or 0, e.white))
        ),
        forbidden=tuple(
            sorted(
                f"{f.first} / {f.second}"
                + ("" if f.until_round is None else f" until round {f.until_round}")
                for f in event.forbidden
            )
        ),
        rating=rating,
        typed=tuple(
            (p.name, _value_text(p.tiebreak_value))
            for p in event.players
            if p.tiebreak_value is not None
        ),
    )


def team_state_of(event: TeamEvent) -> EventState:
    """The state of a team event now: every board of every round, as an individual event's
    game (round, White, Black, result; "" for an empty seat, a result not typed), in the
    order of the rounds, matches and boards. A team event has no FIDE mode (its log is kept
    all the same), no manual-pairing phase and no settings the log follows."""
    games = sorted(event.games, key=lambda g: (g.round, g.table, g.board))
    return EventState(
        fide_mode=False,
        games=tuple(
            (g.round, g.white or "", g.black or "", "" if g.result is None else g.result.value)
            for g in games
        ),
    )


def _value_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def pairs_of(event: SwissEvent, round_number: int) -> list[Pair]:
    return sorted(
        (e.white, e.black or "PAB")
        for e in event.round_entries(round_number)
        if e.black is not None or e.result is Result.PAIRING_BYE
    )


def board_count(pairs: Sequence[Pair]) -> str:
    """How many boards a round has (``5 boards and a pairing-allocated bye``)."""
    boards = sum(1 for _, black in pairs if black != "PAB")
    bye = " and a pairing-allocated bye" if len(pairs) > boards else ""
    return f"{many(boards, 'board')}{bye}"


def boards(pairs: Sequence[Pair], numbers: Mapping[str, int]) -> str:
    """Boards as the TEC Manual writes them: start numbers, White first (``1-4 2-3 5=BYE``)."""
    ordered = sorted(pairs, key=lambda p: numbers.get(p[0], 0))
    return (
        " ".join(
            f"{numbers.get(w, 0)}=BYE" if b == "PAB" else f"{numbers.get(w, 0)}-{numbers.get(b, 0)}"
            for w, b in ordered
        )
        or "none"
    )


def results_by_board(event: SwissEvent, round_number: int) -> tuple[str, ...]:
    """The results typed in a round's games, each named by its board (``board 2 '½-½'``; a
    game typed without a board by its players), in board order."""
    games = [e for e in event.round_entries(round_number) if e.result is not None and e.black]
    games.sort(key=lambda e: (e.board is None, e.board or 0))
    return tuple(
        f"{f'board {e.board}' if e.board is not None else f'{e.white} - {e.black}'} "
        f"{e.result.value!r}"
        for e in games
        if e.result is not None
    )


def team_results_by_board(event: TeamEvent, round_number: int) -> tuple[str, ...]:
    """The results typed in a team round's boards, each named by its match and board
    (``match 1 board 2 '½-½'``), in match and board order."""
    games = sorted(event.games, key=lambda g: (g.table, g.board))
    return tuple(
        f"match {g.table} board {g.board} {g.result.value!r}"
        for g in games
        if g.round == round_number and g.result is not None
    )


def unpairing_text(
    number: int, results: int, deleted: Sequence[str], *, sheet: str = "Swiss Games"
) -> str:
    """What unpairing round ``number`` does, said before it is confirmed: ``results`` the
    round's results (typed or recorded), ``deleted`` those the book holds, named by board
    (:func:`results_by_board`; a team event's by match and board): they leave ``sheet`` with
    the round's rows, and an undo of the unpairing writes them back."""
    said = f"round {number}'s pairing taken back"
    if not deleted:
        return said + (f" with {many(results, 'result')} typed" if results else "")
    each = "its result" if len(deleted) == 1 else f"its {len(deleted)} results"
    return (
        f"{said}: {each} typed {'is' if len(deleted) == 1 else 'are'} deleted from {sheet} "
        f"with its rows: {', '.join(deleted)} (an undo of the unpairing gives them back)"
    )
