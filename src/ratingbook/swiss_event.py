"""A Swiss event as the workbook holds it: players, rounds of games and byes, and its settings.

This is the one home of the event's own vocabulary: the result spellings of ``Swiss Games``
(games, forfeits and the four kinds of bye), the FIDE tie-break codes an organiser may ask for,
the ``Swiss Settings`` rows, the start order of the players, and the checks that name the cell
a mistake is in (a player twice in one round, a game after a withdrawal, a result on a bye row
that is not a bye, an unknown tie-break code).

Nothing here applies a FIDE rule: pairing and the FIDE tie-breaks (with their unplayed-round
rules) are gacrux's, reached through :mod:`ratingbook.fide`. The seed's own standings
(:mod:`ratingbook.swiss`) are fed from here when no FIDE tie-break is asked for.

Pure: plain values in, frozen values out; no spreadsheet library.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ratingbook.errors import (
    InvalidValueError,
    Location,
    RatingbookError,
    SelfPlayError,
    UnknownPlayerError,
)
from ratingbook.formats import parse_swiss_points
from ratingbook.swiss_codes import Scoring, SwissResult, parse_swiss_result, parse_tiebreaks
from ratingbook.tables import Row, header_key, text, whole_number

__all__ = [
    "BYE",
    "RULES_2026_FROM",
    "EventError",
    "Scoring",
    "SwissEntry",
    "SwissEvent",
    "SwissPlayer",
    "SwissResult",
    "SwissSettings",
    "build_event",
    "parse_swiss_result",
    "parse_tiebreaks",
    "read_settings",
]

#: What ``Black`` holds on a bye row.
BYE = "BYE"

#: FIDE C.07 (2024) art. 17 / the 2026 edition: events starting on or after this date are
#: scored under the 2026 tie-break rules, earlier ones under the 2024 rules (gacrux decides).
RULES_2026_FROM = _dt.date(2026, 3, 1)


class EventError(RatingbookError):
    """The event's rows contradict each other (a player twice in a round, a game after a
    withdrawal, a round that cannot be paired yet)."""


# --- settings ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SwissSettings:
    """The ``Swiss Settings`` sheet. Empty ``tiebreaks`` means the seed's own order."""

    rounds: int | None = None
    start_date: _dt.date | None = None
    tiebreaks: tuple[str, ...] = ()
    pairing: str = "Dutch"
    scoring: Scoring = field(default_factory=Scoring)
    auto_pair: bool = True
    first_colour: str = "white"  # of the top seed in round 1 (TRF 152)
    event_name: str = ""

    @property
    def rules_edition(self) -> str:
        """Which FIDE tie-break rules apply: "2024" before 2026-03-01, else "2026"."""
        if self.start_date is not None and self.start_date < RULES_2026_FROM:
            return "2024"
        return "2026"


# The setting names (and spellings) of the `Swiss Settings` sheet: one home.
_SETTING_NAMES: Mapping[str, str] = {
    "rounds": "Rounds",
    "number of rounds": "Rounds",
    "start date": "Start Date",
    "start": "Start Date",
    "tie-breaks": "Tie-breaks",
    "tiebreaks": "Tie-breaks",
    "tie breaks": "Tie-breaks",
    "pairing": "Pairing",
    "points": "Points",
    "auto-pair": "Auto-pair",
    "autopair": "Auto-pair",
    "auto pair": "Auto-pair",
    "first colour": "First Colour",
    "first color": "First Colour",
    "event": "Event",
    "event name": "Event",
    "tournament": "Event",
}
SETTING_ORDER = (
    "Event",
    "Rounds",
    "Start Date",
    "Tie-breaks",
    "Pairing",
    "Points",
    "Auto-pair",
    "First Colour",
)


def _date(value: object, where: Location, column: str) -> _dt.date:
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool) and 1 <= value < 2958466:
        # A date cell read without its format: Excel's serial day number (1900 date system).
        return _dt.date(1899, 12, 30) + _dt.timedelta(days=int(value))
    if isinstance(value, str):
        cleaned = value.strip().replace("/", "-").replace(".", "-")
        try:
            # "2026-04-11", or with a time of day as a date cell may arrive from xlwings
            return _dt.date.fromisoformat(cleaned[:10] if cleaned[10:11] in ("T", " ") else cleaned)
        except ValueError:
            pass
    raise InvalidValueError(f"{value!r} is not a date; expected e.g. 2026-03-14", where, column)


def _points_setting(value: object, where: Location, column: str) -> Scoring:
    parts = [p for p in re.split(r"[\s/;]+", str(value if value is not None else "").strip()) if p]
    numbers: list[Fraction] = []
    for part in parts:
        try:
            number = Fraction(part.replace(",", ".").replace("½", "1/2"))
        except (ValueError, ZeroDivisionError):
            number = Fraction(-1)
        if number < 0 or number * 2 != int(number * 2):
            break
        numbers.append(number)
    if len(numbers) != 3 or len(parts) != 3:
        raise InvalidValueError(
            f"{value!r}: expected three numbers in halves, the points for a win, a draw and a "
            "pairing-allocated bye, e.g. 1 0.5 1",
            where,
            column,
        )
    return Scoring(*numbers)


def read_settings(rows: Iterable[Row]) -> SwissSettings:
    """The settings from ``Swiss Settings`` rows (columns ``Setting`` and ``Value``).

    Unknown setting names are an error (a typo would silently change nothing); an empty value
    keeps the default.
    """
    values: dict[str, object] = {}
    place: dict[str, Location] = {}
    for row in rows:
        name = text(row.get("Setting"), row.where, "Setting", required=False)
        if not name:
            continue
        canonical = _SETTING_NAMES.get(header_key(name))
        if canonical is None:
            raise InvalidValueError(
                f"unknown setting {name!r}; expected one of {', '.join(SETTING_ORDER)}",
                row.where,
                "Setting",
            )
        if canonical in values:
            raise InvalidValueError(f"setting {canonical!r} is given twice", row.where, "Setting")
        values[canonical] = row.get("Value")
        place[canonical] = row.where

    def given(name: str) -> bool:
        v = values.get(name)
        return v is not None and not (isinstance(v, str) and not v.strip())

    kwargs: dict[str, object] = {}
    if given("Rounds"):
        rounds = whole_number(values["Rounds"], place["Rounds"], "Value", "a number of rounds")
        if rounds < 1:
            raise InvalidValueError(
                f"{rounds!r} rounds: expected 1 or more", place["Rounds"], "Value"
            )
        kwargs["rounds"] = rounds
    if given("Start Date"):
        kwargs["start_date"] = _date(values["Start Date"], place["Start Date"], "Value")
    if given("Tie-breaks"):
        kwargs["tiebreaks"] = parse_tiebreaks(values["Tie-breaks"], place["Tie-breaks"])
    if given("Pairing"):
        system = text(values["Pairing"], place["Pairing"], "Value")
        if system.casefold() not in ("dutch", "fide dutch", "fide_dutch"):
            raise InvalidValueError(
                f"pairing system {system!r} is not supported; expected Dutch (FIDE C.04.3)",
                place["Pairing"],
                "Value",
            )
    if given("Points"):
        kwargs["scoring"] = _points_setting(values["Points"], place["Points"], "Value")
    if given("Auto-pair"):
        value = values["Auto-pair"]
        key = str(value).strip().casefold()
        if isinstance(value, bool):
            kwargs["auto_pair"] = value
        elif key in ("on", "yes", "true", "1", "y"):
            kwargs["auto_pair"] = True
        elif key in ("off", "no", "false", "0", "n"):
            kwargs["auto_pair"] = False
        else:
            raise InvalidValueError(f"{value!r}: expected On or Off", place["Auto-pair"], "Value")
    if given("First Colour"):
        colour = text(values["First Colour"], place["First Colour"], "Value").casefold()
        if colour not in ("white", "black", "w", "b"):
            raise InvalidValueError(
                f"{values['First Colour']!r}: expected White or Black",
                place["First Colour"],
                "Value",
            )
        kwargs["first_colour"] = "white" if colour.startswith("w") else "black"
    if given("Event"):
        kwargs["event_name"] = text(values["Event"], place["Event"], "Value")
    return SwissSettings(**kwargs)  # type: ignore[arg-type]


# --- players and rows --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """A player of ``Swiss Players``; ``withdrawn`` is the first round they no longer play."""

    name: str
    rating: int | None = None
    fide_id: int | None = None
    title: str = ""
    federation: str = ""
    birth: str = ""
    sex: str = ""
    withdrawn: int | None = None
    where: Location | None = field(default=None, compare=False, repr=False)

    def plays_in(self, round_number: int) -> bool:
        return self.withdrawn is None or round_number < self.withdrawn


@dataclass(frozen=True, slots=True)
class SwissEntry:
    """One row of ``Swiss Games``: a game (``black`` a name) or a bye (``black`` None)."""

    round: int
    board: int | None
    white: str
    black: str | None
    result: SwissResult | None  # None: a game not played yet
    where: Location | None = field(default=None, compare=False, repr=False)

    @property
    def is_bye(self) -> bool:
        return self.black is None

    def players(self) -> tuple[str, ...]:
        return (self.white,) if self.black is None else (self.white, self.black)


@dataclass(frozen=True, slots=True)
class SwissEvent:
    """A whole event: players in start order, every row, the settings."""

    players: tuple[SwissPlayer, ...]
    entries: tuple[SwissEntry, ...]
    settings: SwissSettings = field(default_factory=SwissSettings)

    @property
    def start_order(self) -> tuple[SwissPlayer, ...]:
        """The initial ranking: rating descending (unrated last), then name (the issue's rule)."""
        return tuple(
            sorted(self.players, key=lambda p: (-(p.rating or 0), p.name.casefold(), p.name))
        )

    def start_numbers(self) -> dict[str, int]:
        return {p.name: n for n, p in enumerate(self.start_order, start=1)}

    def player(self, name: str) -> SwissPlayer:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def paired_rounds(self) -> int:
        """The last round that has been paired: the highest round with a game or a pairing bye."""
        rounds = [
            e.round for e in self.entries if not e.is_bye or e.result is SwissResult.PAIRING_BYE
        ]
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

    def with_entries(self, extra: Sequence[SwissEntry]) -> SwissEvent:
        return SwissEvent(self.players, (*self.entries, *extra), self.settings)


# --- building and checking ---------------------------------------------------------------------

_TITLES = {
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
    """``GM`` / ``g`` (TRF16's letters) -> ``GM``; other text is kept as typed."""
    stripped = value.strip()
    return _TITLES.get(
        stripped.casefold(), stripped.upper() if stripped.upper() in TITLES else stripped
    )


def _optional_number(row: Row, column: str, what: str, low: int) -> int | None:
    value = row.get(column)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    number = whole_number(value, row.where, column, what)
    if number < low:
        raise InvalidValueError(f"{number!r} is out of range; expected {what}", row.where, column)
    return number


def _birth(value: object) -> str:
    if isinstance(value, _dt.datetime):
        value = value.date()
    if isinstance(value, _dt.date):
        return value.strftime("%Y/%m/%d")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else " ".join(str(value).split())


def read_player(row: Row) -> SwissPlayer:
    """One ``Swiss Players`` row."""
    name = text(row.get("Name"), row.where, "Name")
    if name.upper() == BYE:
        raise InvalidValueError(f"{name!r} is reserved for bye rows", row.where, "Name")
    sex = text(row.get("Sex"), row.where, "Sex", required=False)
    if sex and sex.casefold() not in ("m", "w", "f"):
        raise InvalidValueError(f"{sex!r}: expected m or w (or empty)", row.where, "Sex")
    federation = text(row.get("Federation"), row.where, "Federation", required=False).upper()
    if len(federation) > 3:
        raise InvalidValueError(
            f"{federation!r}: expected a three-letter FIDE federation code", row.where, "Federation"
        )
    return SwissPlayer(
        name=name,
        rating=_optional_number(row, "Rating", "a rating (a whole number, 0 or more)", 0),
        fide_id=_optional_number(row, "FIDE ID", "a FIDE ID (a whole number)", 1),
        title=normalise_title(text(row.get("Title"), row.where, "Title", required=False)),
        federation=federation,
        birth=_birth(row.get("Birth")),
        sex={"f": "w"}.get(sex.casefold(), sex.casefold()),
        withdrawn=_optional_number(row, "Withdrawn", "the first round not played (1 or more)", 1),
        where=row.where,
    )


def _result_from_points(row: Row) -> SwissResult | None:
    """The seed's ``White Points`` / ``Black Points`` columns as a result, when Result is empty."""
    wv, bv = row.get("White Points"), row.get("Black Points")
    blank = [v is None or (isinstance(v, str) and not v.strip()) for v in (wv, bv)]
    if all(blank):
        return None
    wh = parse_swiss_points(wv, row.where, "White Points")
    bh = parse_swiss_points(bv, row.where, "Black Points")
    table = {
        (2, 0): SwissResult.WHITE_WINS,
        (0, 2): SwissResult.BLACK_WINS,
        (1, 1): SwissResult.DRAW,
    }
    result = table.get((wh, bh))
    if result is None:
        raise InvalidValueError(
            f"points {wv!r} and {bv!r} are not a game result (1 0, 0 1 or ½ ½); "
            "write a forfeit in Result (+/-, -/+, -/-)",
            row.where,
            "Black Points",
        )
    return result


def read_entry(row: Row, names: Mapping[str, str]) -> SwissEntry:
    """One ``Swiss Games`` row; ``names`` maps each player's name, and its case-folded
    spelling (for the "did you mean" hint), to the player's name."""
    round_number = whole_number(row.get("Round"), row.where, "Round", "a round number")
    if round_number < 1:
        raise InvalidValueError(f"round {round_number!r}: expected 1 or more", row.where, "Round")
    board_value = row.get("Board")
    board = None
    if board_value is not None and not (isinstance(board_value, str) and not board_value.strip()):
        board = whole_number(board_value, row.where, "Board", "a board number")
        if board < 1:
            raise InvalidValueError(f"board {board!r}: expected 1 or more", row.where, "Board")

    def player(column: str) -> str:
        name = text(row.get(column), row.where, column)
        if names.get(name) == name:
            return name
        found = names.get(name.casefold())
        extra = f" (did you mean {found!r}?)" if found else ""
        raise UnknownPlayerError(f"no player named {name!r}{extra}", row.where, column)

    white = player("White")
    black_text = text(row.get("Black"), row.where, "Black")
    bye_row = black_text.upper() == BYE
    black = None if bye_row else player("Black")
    if black == white:
        raise SelfPlayError(f"player {white!r} cannot play themself", row.where, "Black")
    result = parse_swiss_result(row.get("Result"), row.where, bye_row=bye_row)
    if result is None and not bye_row:
        result = _result_from_points(row)
    return SwissEntry(round_number, board, white, black, result, row.where)


def check_event(event: SwissEvent) -> None:
    """The cross-row checks: each raises naming the row and column of the mistake."""
    by_name = {p.name: p for p in event.players}
    seen: dict[tuple[int, str], SwissEntry] = {}
    for entry in event.entries:
        for column, name in zip(("White", "Black"), entry.players(), strict=False):
            key = (entry.round, name)
            if key in seen:
                earlier = seen[key].where
                also = f" (also row {earlier.row})" if earlier is not None and earlier.row else ""
                raise EventError(
                    f"{name!r} appears twice in round {entry.round}{also}", entry.where, column
                )
            seen[key] = entry
            player = by_name[name]
            zero_bye = entry.result is SwissResult.ZERO_POINT_BYE
            if not player.plays_in(entry.round) and not zero_bye:
                raise EventError(
                    f"{name!r} withdrew before round {player.withdrawn} (Swiss Players, "
                    f"Withdrawn) but has a row in round {entry.round}",
                    entry.where,
                    column,
                )
    last = event.paired_rounds
    paired = {e.round for e in event.entries if not e.is_bye or e.result is SwissResult.PAIRING_BYE}
    for number in range(1, last):
        if number not in paired:
            first = min(
                (e for e in event.entries if e.round > number and e.round in paired),
                key=lambda e: e.round,
            )
            raise EventError(
                f"round {number} has no games but round {first.round} has", first.where, "Round"
            )
    for entry in event.entries:
        if entry.result is SwissResult.PAIRING_BYE:
            for other in event.entries:
                if (
                    other is not entry
                    and other.result is SwissResult.PAIRING_BYE
                    and other.round == entry.round
                ):
                    raise EventError(
                        f"round {entry.round} has two pairing-allocated byes", other.where, "Result"
                    )


def build_event(
    player_rows: Sequence[Row], game_rows: Sequence[Row], settings: SwissSettings | None = None
) -> SwissEvent:
    """Read and check a whole event from the rows of its sheets."""
    players: list[SwissPlayer] = []
    names: dict[str, str] = {}
    seen: dict[str, Location] = {}
    for row in player_rows:
        player = read_player(row)
        if player.name in seen:
            first = seen[player.name].row
            raise InvalidValueError(
                f"player {player.name!r} is listed twice (also row {first})", row.where, "Name"
            )
        seen[player.name] = row.where
        names[player.name] = player.name
        names.setdefault(player.name.casefold(), player.name)
        players.append(player)
    entries = tuple(read_entry(row, names) for row in game_rows)
    event = SwissEvent(tuple(players), entries, settings or SwissSettings())
    check_event(event)
    return event


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
            f"round {last} is not complete: {', '.join(where)} {noun} no result",
            pending[0].where,
            "Result",
        )
    rounds = event.settings.rounds
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
    if not settings.auto_pair or settings.rounds is None or len(event.players) < 2:
        return False
    return not event.pending() and event.paired_rounds < settings.rounds


def _points_text(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else str(float(value))


def settings_values(settings: SwissSettings) -> dict[str, object]:
    """The settings as ``Swiss Settings`` values by setting name (what :func:`read_settings`
    reads back to the same settings)."""
    s = settings.scoring
    start = settings.start_date
    return {
        "Event": settings.event_name or None,
        "Rounds": settings.rounds,
        "Start Date": _dt.datetime(start.year, start.month, start.day) if start else None,
        "Tie-breaks": " ".join(settings.tiebreaks) or None,
        "Pairing": settings.pairing,
        "Points": " ".join(_points_text(p) for p in (s.win, s.draw, s.pairing_bye)),
        "Auto-pair": "On" if settings.auto_pair else "Off",
        "First Colour": settings.first_colour.capitalize(),
    }
