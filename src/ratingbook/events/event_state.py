"""FIDE mode's memory of an event and the changes since: what the Event Log last recorded.

This module alone decides what of an event the log keeps (its :class:`EventState`: FIDE mode,
the manual-pairing phase, the settings that change pairings or standings, the players' start
numbers and withdrawals, every row of every round, the forbidden pairs), which differences
between two states are logged changes (:func:`changes`: a pairing, an unpairing, a result
correction, start numbers, a late entry, a withdrawal, a setting, a forbidden pair, FIDE mode
left) and how hard each one is warned (:class:`~ratingbook.events.event_log.WarningLevel`), and
what a manual pairing breaks (:func:`manual_pairing_problems`). Pure: events in, values out.

The state is written as plain rows (:meth:`EventState.rows`, :func:`state_from_rows`) into a
sheet ratingbook owns; the log entries and the hash chain are :mod:`ratingbook.events.event_log`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEvent
from ratingbook.events.event_log import LogKind, WarningLevel
from ratingbook.events.settings import settings_values

__all__ = [
    "PAIRING_SETTINGS",
    "STATE_FORMAT",
    "EventState",
    "LoggedChange",
    "NewerStateError",
    "changes",
    "manual_pairing_problems",
    "pairs_of",
    "state_from_rows",
    "state_of",
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
)

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

    def rows(self) -> list[tuple[str, str]]:
        """The state as (Item, Value) rows, each value plain JSON."""
        out = [
            ("Format", json.dumps(STATE_FORMAT)),
            ("FIDE Mode", json.dumps([self.fide_mode, self.left_in])),
            ("Manual Pairing", json.dumps(self.manual)),
        ]
        out += [("Setting", json.dumps(list(s), ensure_ascii=False)) for s in self.settings]
        out += [("Player", json.dumps(list(p), ensure_ascii=False)) for p in self.players]
        out += [("Entry", json.dumps(list(g), ensure_ascii=False)) for g in self.games]
        out += [("Forbidden", json.dumps(f, ensure_ascii=False)) for f in self.forbidden]
        out += [("Rating Correction", json.dumps(r, ensure_ascii=False)) for r in self.rating]
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
        elif item == "Entry":
            games.append((int(data[0]), str(data[1]), str(data[2]), str(data[3])))
        elif item == "Forbidden":
            forbidden.append(str(data))
        elif item == "Rating Correction":
            rating.append(str(data))
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
    )


def pairs_of(event: SwissEvent, round_number: int) -> list[Pair]:
    return sorted(
        (e.white, e.black or "PAB")
        for e in event.round_entries(round_number)
        if e.black is not None or e.result is Result.PAIRING_BYE
    )


@dataclass(frozen=True, slots=True)
class LoggedChange:
    """A change to log: its kind, round, what it was and is, and how hard it is warned.

    ``level`` 0 is logged without a warning; ``act`` names it for a confirmation ("Correction
    round 4"); ``by_hand``: typed into the book (undo goes back to the state last recorded),
    not done by the command itself (undo goes back to the book the command read).
    """

    kind: LogKind
    round: int
    before: str
    after: str
    level: int = 0
    act: str = ""
    warning: str = ""
    by_hand: bool = True
    notes: tuple[str, ...] = field(default=())


def _boards(pairs: Sequence[Pair]) -> str:
    boards = sum(1 for _, black in pairs if black != "PAB")
    bye = " and a pairing-allocated bye" if len(pairs) > boards else ""
    return f"{boards} boards{bye}"


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


def changes(
    old: EventState,
    new: EventState,
    event: SwissEvent,
    *,
    engine_rounds: Iterable[int] = (),
    unpaired: Iterable[int] = (),
) -> list[LoggedChange]:
    """Every logged change from ``old`` to ``new`` (the state of ``event``), in the order they
    are logged. ``engine_rounds``: the rounds the engine paired in this run; ``unpaired``: the
    rounds the unpair command took back. In FIDE mode a level 5 change is refused; outside it,
    it is a level 3 one."""
    fide = old.fide_mode
    engine = set(engine_rounds)
    started = old.paired_rounds >= 1
    out: list[LoggedChange] = []
    current = max(old.paired_rounds, 1)
    if old.fide_mode and not new.fide_mode:
        out.append(
            LoggedChange(
                LogKind.FIDE_MODE_OFF,
                current,
                "FIDE mode on",
                "FIDE mode off",
                WarningLevel.CONSEQUENCES,
                "Leave FIDE mode",
                "leaving FIDE mode is final for this event: warnings of level 5 become level 3, "
                "earlier rounds' results may be corrected, and every printout, page and summary "
                "says the event is not in FIDE mode",
            )
        )
    if started:
        out += _setting_changes(old, new, current)
        out += _player_changes(old, new, current)
        out += _forbidden_changes(old, new, current)
    numbers = event.start_numbers()
    out += _round_changes(old, new, engine, set(unpaired), numbers, fide=fide)
    out += _rating_changes(old, new, numbers)
    return out


def _rating_changes(
    old: EventState, new: EventState, numbers: Mapping[str, int]
) -> list[LoggedChange]:
    """A rating-report-only correction added (or taken away): level 3."""
    out: list[LoggedChange] = []
    for text, added in [
        *((t, True) for t in sorted(set(new.rating) - set(old.rating))),
        *((t, False) for t in sorted(set(old.rating) - set(new.rating))),
    ]:
        number, white, black, played, rated = text.split("|")
        game = f"{white} - {black}"
        board = f"{numbers.get(white, 0)}-{numbers.get(black, 0)}"
        out.append(
            LoggedChange(
                LogKind.RATING_CORRECTION,
                int(number),
                f"{board}: {played}" if added else f"{board}: {rated} (rating report only)",
                f"{rated} (rating report only)" if added else played,
                WarningLevel.CONFIRM,
                f"Rating correction round {number}",
                f"{game}: the rating report counts {rated if added else played}; pairings and "
                "standings keep the result as played",
            )
        )
    return out


def _setting_changes(old: EventState, new: EventState, current: int) -> list[LoggedChange]:
    before, out = dict(old.settings), []
    for name, value in new.settings:
        if before.get(name, value) != value:
            out.append(
                LoggedChange(
                    LogKind.SETTING,
                    current,
                    f"{name} {before[name] or '(empty)'}",
                    f"{name} {value or '(empty)'}",
                    WarningLevel.CONFIRM,
                    f"Setting {name}",
                    f"{name} changed after round 1: later pairings and the standings follow it",
                )
            )
    return out


def _player_changes(old: EventState, new: EventState, current: int) -> list[LoggedChange]:
    out: list[LoggedChange] = []
    before = {name: (number, out_in) for name, number, out_in in old.players}
    after = {name: (number, out_in) for name, number, out_in in new.players}
    for name, (number, _) in after.items():
        if name not in before:
            out.append(
                LoggedChange(
                    LogKind.LATE_ENTRY,
                    current + 1,
                    "",
                    f"{name} entered as No. {number}",
                    WarningLevel.ACKNOWLEDGE,
                    warning=f"{name} enters late: the players below No. {number} move down",
                )
            )
    kept = [n for n, _, _ in sorted(old.players, key=lambda p: p[1]) if n in after]
    now = sorted(kept, key=lambda n: after[n][0])
    if kept != now:
        moved = [n for n in kept if kept.index(n) != now.index(n)]
        out.append(
            LoggedChange(
                LogKind.START_NUMBERS,
                current,
                "; ".join(f"{n} No. {before[n][0]}" for n in moved),
                "; ".join(f"{n} No. {after[n][0]}" for n in moved),
                WarningLevel.CONFIRM,
                "Start numbers",
                "start numbers changed after round 1 (regenerated or exchanged)",
            )
        )
    for name, (_, out_in) in after.items():
        was = before.get(name, (0, 0))[1]
        if name in before and out_in != was:
            out.append(
                LoggedChange(
                    LogKind.WITHDRAWAL,
                    out_in or was,
                    f"{name} withdrawn from round {was}" if was else f"{name} playing",
                    f"{name} withdrawn from round {out_in}" if out_in else f"{name} playing",
                    WarningLevel.ACKNOWLEDGE,
                    warning=f"{name}: withdrawal {'recorded' if out_in else 'taken back'}",
                )
            )
    return out


def _forbidden_changes(old: EventState, new: EventState, current: int) -> list[LoggedChange]:
    out: list[LoggedChange] = []
    for pair in sorted(set(new.forbidden) - set(old.forbidden)):
        out.append(
            LoggedChange(
                LogKind.FORBIDDEN_PAIR,
                current,
                "",
                f"{pair} added",
                WarningLevel.CONSEQUENCES,
                f"Forbidden pair {pair}",
                f"the pair {pair} is forbidden after round 1: it is logged for good and every "
                "later pairing avoids it",
            )
        )
    for pair in sorted(set(old.forbidden) - set(new.forbidden)):
        out.append(
            LoggedChange(
                LogKind.FORBIDDEN_PAIR,
                current,
                f"{pair}",
                f"{pair} removed",
                WarningLevel.CONFIRM,
                f"Forbidden pair {pair}",
                f"the forbidden pair {pair} removed after round 1",
            )
        )
    return out


def _round_changes(
    old: EventState,
    new: EventState,
    engine: set[int],
    unpaired: set[int],
    numbers: Mapping[str, int],
    *,
    fide: bool,
) -> list[LoggedChange]:
    out: list[LoggedChange] = []
    last = new.paired_rounds
    for number in range(1, max(old.paired_rounds, last) + 1):
        was, now = old.pairs(number), new.pairs(number)
        if was == now:
            out += _corrections(old, new, number, last, numbers, fide=fide)
            continue
        if not was:
            by_engine = number in engine
            out.append(
                LoggedChange(
                    LogKind.PAIRING,
                    number,
                    "",
                    f"round {number} paired: {_boards(now)}"
                    + ("" if by_engine else " (typed into Swiss Games, not by the engine)"),
                    0 if by_engine else WarningLevel.CONFIRM,
                    "" if by_engine else f"Pairing round {number}",
                    "" if by_engine else f"round {number} was paired by hand, not by the engine",
                    by_hand=not by_engine,
                )
            )
        elif not now:
            results = [g for g in old.games if g[0] == number and g[3] and g[2]]
            command = number in unpaired
            out.append(
                LoggedChange(
                    LogKind.UNPAIRING,
                    number,
                    f"round {number} paired: {_boards(was)}",
                    f"round {number} unpaired" + ("" if command else " (rows deleted by hand)"),
                    0 if command and not results else WarningLevel.CONFIRM,
                    f"Unpair round {number}",
                    f"round {number}'s pairing taken back"
                    + (f" with {len(results)} results typed" if results else ""),
                    by_hand=not command,
                )
            )
        elif number == old.manual:
            continue  # the manual phase: compared with the engine's pairing at its end
        else:
            out.append(
                LoggedChange(
                    LogKind.MANUAL_PAIRING,
                    number,
                    boards(was, numbers),
                    boards(now, numbers),
                    WarningLevel.REFUSE if fide else WarningLevel.CONFIRM,
                    f"Manual pairing round {number}",
                    f"round {number}'s pairing was changed by hand outside a manual-pairing "
                    f"phase: in FIDE mode, start one (ratingbook manual-pairing start --round "
                    f"{number}, or Manual Pairing = Round {number}) and end it",
                )
            )
    return out


def _corrections(
    old: EventState,
    new: EventState,
    number: int,
    last: int,
    numbers: Mapping[str, int],
    *,
    fide: bool,
) -> list[LoggedChange]:
    if number >= last:
        return []  # the last paired round: its results are typed, not corrected
    before = {(w, b): res for r, w, b, res in old.games if r == number}
    out: list[LoggedChange] = []
    for r, w, b, res in new.games:
        if r != number or (w, b) not in before or before[(w, b)] in ("", res):
            continue
        earlier = number < last - 1
        level = WarningLevel.REFUSE if fide and earlier else WarningLevel.CONFIRM
        game = f"{w} - {b or 'bye'}"
        board = f"{numbers.get(w, 0)}-{numbers.get(b, 0)}" if b else f"{numbers.get(w, 0)}=BYE"
        warning = f"{game}: " + (
            f"round {number} is not the previous round: in FIDE mode only round {last - 1}'s "
            "results may be corrected (undo this change, or leave FIDE mode)"
            if level == WarningLevel.REFUSE
            else f"round {number + 1} was paired on the standings this correction changes: to "
            f"re-pair it, ratingbook unpair BOOK --round {last} then ratingbook pair BOOK"
        )
        out.append(
            LoggedChange(
                LogKind.CORRECTION,
                number,
                f"{board}: {before[(w, b)]}",
                res or "(empty)",
                level,
                f"Correction round {number}",
                warning,
            )
        )
    return out


def _colours(event: SwissEvent, player: str, before_round: int) -> list[str]:
    played = (
        Result.WHITE_WINS,
        Result.BLACK_WINS,
        Result.DRAW,
        None,
    )
    colours = []
    for e in sorted(event.entries, key=lambda e: e.round):
        if e.round >= before_round or e.black is None or e.result not in played:
            continue
        if e.white == player:
            colours.append("W")
        elif e.black == player:
            colours.append("B")
    return colours


def _expected(colours: list[str]) -> str | None:
    if not colours:
        return None
    difference = colours.count("W") - colours.count("B")
    if difference:
        return "B" if difference > 0 else "W"
    return "B" if colours[-1] == "W" else "W"


def manual_pairing_problems(
    event: SwissEvent, round_number: int, pairs: Sequence[Pair]
) -> list[tuple[int, str]]:
    """What the manual pairs of ``round_number`` break, each with its warning level: level 3
    for a repeated game, a forbidden pair, a second pairing-allocated bye, a third colour in a
    row or a colour difference over 2 before the last round; level 2 when both players get the
    colour opposite to the one they expect."""
    problems: list[tuple[int, str]] = []
    earlier = [e for e in event.entries if e.round < round_number]
    met = {frozenset((e.white, e.black)) for e in earlier if e.black is not None}
    byes = {e.white for e in earlier if e.result is Result.PAIRING_BYE}
    last = (event.rounds_planned or 0) == round_number
    for white, black in pairs:
        if black == "PAB":
            if white in byes:
                problems.append((3, f"{white} gets a second pairing-allocated bye"))
            continue
        if frozenset((white, black)) in met:
            problems.append((3, f"{white} - {black} is a repeated game"))
        if any({f.first, f.second} == {white, black} and f.holds_in(round_number)
               for f in event.forbidden):  # fmt: skip
            problems.append((3, f"{white} - {black} is a forbidden pair"))
        expected: list[str | None] = []
        for player, colour in ((white, "W"), (black, "B")):
            colours = _colours(event, player, round_number)
            expected.append(_expected(colours))
            if last:
                continue
            if colours[-2:] == [colour, colour]:
                problems.append((3, f"{player} gets {_word(colour)} a third time in a row"))
            after = [*colours, colour]
            if abs(after.count("W") - after.count("B")) > 2:
                problems.append((3, f"{player}'s colour difference goes over 2"))
        if expected == ["B", "W"]:
            problems.append(
                (2, f"{white} - {black}: both players get the colour opposite to the expected one")
            )
    return problems


def _word(colour: str) -> str:
    return "white" if colour == "W" else "black"
