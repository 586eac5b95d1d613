"""FIDE's Tournament Report File (TRF16 and TRF-2026): a Swiss event to text and back.

Export writes TRF-2026: the tournament records (012 name, 022 city, 032 federation, 042 start
and 052 end date, 062 players, 072 rated players, 092, 102/112 arbiters, 122 time control, 142
rounds plus the common ``XXR`` line, 152 first-round colour plus ``XXC white1``/``black1``, 162
points when they differ from FIDE's, 192 ``FIDE_DUTCH``, 202/212 tie-breaks) and one 001 record
per player with every round: games, forfeits (``+``/``-``), and byes (``U`` pairing-allocated,
``H``, ``F``, ``Z``). Entries written for a round not yet paired (requested byes) are kept.

Import reads TRF16 and TRF-2026 (Swiss-Manager, Vega, JaVaFo files): player records, the
tournament records above (012-052, 102-122; kept as Swiss Settings), the planned rounds (142
or ``XXR``), the first-round colour (152 or ``XXC``), points (162), tie-breaks (212 or 202).
Unknown record codes are ignored and reported, never fatal; a record that does not parse is an
error naming its line.

Letters read the TRF-2026 way (its result table): ``1 = 0`` games, ``+ -`` forfeits, ``W D L``
short unrated games (read as 1-0, ½-½, 0-1), ``U H F Z`` byes; ``0000`` or blank opponent with
``-`` is an absence (a zero-point bye); a wholly blank round is no row. A player with no entry
at all in a paired round and none after it withdrew: ``Withdrawn`` is set (see
:func:`_withdrawn`). Pure.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.errors import Location, ParseError
from ratingbook.swiss.codes import TIEBREAK_CODES, Scoring
from ratingbook.swiss.event import SwissEntry, SwissEvent, SwissPlayer, check_event, normalise_title
from ratingbook.swiss.settings import SwissSettings

__all__ = ["TrfError", "TrfImport", "export_trf", "import_trf"]


class TrfError(ParseError):
    """A TRF file that cannot be read or written (names the line or the player)."""


# --- the letters of a round entry (one home) ---------------------------------------------------

#: White's and Black's letters for each game result.
_GAME_LETTERS: Mapping[Result, tuple[str, str]] = {
    Result.WHITE_WINS: ("1", "0"),
    Result.BLACK_WINS: ("0", "1"),
    Result.DRAW: ("=", "="),
    Result.WHITE_WINS_BY_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_BY_FORFEIT: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
}
_BYE_LETTERS: Mapping[Result, str] = {
    Result.PAIRING_BYE: "U",
    Result.HALF_POINT_BYE: "H",
    Result.FULL_POINT_BYE: "F",
    Result.ZERO_POINT_BYE: "Z",
}
# Reading: a game's pair of letters, seen from White then Black. W/D/L (a game that lasted less
# than one move, not rated) are read as the result they give.
_READ_GAME: Mapping[tuple[str, str], Result] = {
    **{letters: result for result, letters in _GAME_LETTERS.items()},
    ("W", "L"): Result.WHITE_WINS,
    ("L", "W"): Result.BLACK_WINS,
    ("D", "D"): Result.DRAW,
}
# A bye entry's letter (opponent 0000 or blank). TRF16 files also write "+"/"1" for a full-point
# bye, "=" for a half-point bye and "-"/"0"/blank for an absence.
_READ_BYE: Mapping[str, Result] = {
    "U": Result.PAIRING_BYE,
    "H": Result.HALF_POINT_BYE,
    "=": Result.HALF_POINT_BYE,
    "F": Result.FULL_POINT_BYE,
    "+": Result.FULL_POINT_BYE,
    "1": Result.FULL_POINT_BYE,
    "Z": Result.ZERO_POINT_BYE,
    "-": Result.ZERO_POINT_BYE,
    "0": Result.ZERO_POINT_BYE,
    " ": Result.ZERO_POINT_BYE,
}

#: Tournament records kept as Swiss Settings (text), by record code.
_RECORD_SETTINGS: Mapping[str, str] = {
    "022": "city",
    "032": "federation",
    "102": "chief_arbiter",
    "112": "deputy_arbiter",
    "122": "time_control",
}

_NAME_WIDTH = 33
_FIRST_ROUND = 91  # 0-based index of round 1's opponent field (TRF positions 92-95)


# --- export ------------------------------------------------------------------------------------


def _halves(value: Fraction) -> str:
    return f"{float(value):4.1f}"


def default_ranks(event: SwissEvent) -> dict[str, int]:
    """Ranks by points alone (ties share a rank, start order breaks nothing)."""
    points = event.points()
    order = sorted(points.values(), reverse=True)
    return {name: order.index(p) + 1 for name, p in points.items()}


def _entry_field(entry: SwissEntry | None, name: str, numbers: Mapping[str, int]) -> str:
    if entry is None:
        return "          "
    if entry.black is None:
        assert entry.result is not None  # a bye row always says which bye
        return f"  0000 - {_BYE_LETTERS[entry.result]}"
    white_side = entry.white == name
    opponent = numbers[entry.black if white_side else entry.white]
    colour = "w" if white_side else "b"
    letter = " " if entry.result is None else _GAME_LETTERS[entry.result][0 if white_side else 1]
    return f"  {opponent:>4} {colour} {letter}"


def _player_line(
    player: SwissPlayer,
    number: int,
    points: Fraction,
    rank: int,
    rounds: Sequence[SwissEntry | None],
    numbers: Mapping[str, int],
) -> str:
    if len(player.name) > _NAME_WIDTH:
        raise TrfError(
            f"player {player.name!r} has a name longer than {_NAME_WIDTH} characters, "
            "which TRF cannot hold",
            player.where,
            "Name",
        )
    rating = str(player.rating) if player.rating else ""
    fide_id = str(player.fide_id) if player.fide_id else ""
    line = (
        f"001 {number:>4} {player.sex[:1]:1}{player.title[:3]:>3} {player.name:<{_NAME_WIDTH}} "
        f"{rating:>4} {player.federation[:3]:<3} {fide_id:>11} {player.birth[:10]:>10} "
        f"{_halves(points)} {rank:>4}"
    )
    line += "".join(_entry_field(e, player.name, numbers) for e in rounds)
    return line.rstrip()


def export_trf(
    event: SwissEvent,
    ranks: Mapping[str, int] | None = None,
    *,
    absent_next_round: Sequence[str] = (),
) -> str:
    """The event as TRF-2026 text, one record a line.

    ``ranks`` fills the rank column (default: by points). ``absent_next_round`` lists players to
    mark ``0000 - Z`` in the next unpaired round (the pairing engine then leaves them out).
    """
    settings = event.settings
    numbers = event.start_numbers()
    ranks = ranks or default_ranks(event)
    points = event.points()
    last_round = max([event.paired_rounds, *(e.round for e in event.entries)])
    next_round = event.paired_rounds + 1
    if absent_next_round:
        last_round = max(last_round, next_round)
    by_round: dict[tuple[str, int], SwissEntry] = {}
    for entry in event.entries:
        for name in entry.players():
            by_round[(name, entry.round)] = entry
    lines: list[str] = []
    if settings.event_name:
        lines.append(f"012 {settings.event_name}")
    if settings.city:
        lines.append(f"022 {settings.city}")
    if settings.federation:
        lines.append(f"032 {settings.federation}")
    if settings.start_date is not None:
        lines.append(f"042 {settings.start_date:%Y/%m/%d}")
    if settings.end_date is not None:
        lines.append(f"052 {settings.end_date:%Y/%m/%d}")
    lines.append(f"062 {len(event.players)}")
    lines.append(f"072 {sum(1 for p in event.players if p.rating)}")
    lines.append("092 Individual: Swiss-System")
    if settings.chief_arbiter:
        lines.append(f"102 {settings.chief_arbiter}")
    if settings.deputy_arbiter:
        lines.append(f"112 {settings.deputy_arbiter}")
    if settings.time_control:
        lines.append(f"122 {settings.time_control}")
    if settings.rounds is not None:
        lines.append(f"142 {settings.rounds}")
    lines.append(f"152 {'W' if settings.first_colour == 'white' else 'B'}")
    if settings.scoring != Scoring():
        s = settings.scoring
        lines.append(
            f"162  W{float(s.win):4.1f}    D{float(s.draw):4.1f}    L 0.0    A 0.0    "
            f"P{float(s.pairing_bye):4.1f}"
        )
    lines.append("192 FIDE_DUTCH")
    if settings.tiebreaks:
        lines.append("202 " + ",".join(settings.tiebreaks))
        lines.append("212 " + ",".join(("PTS", *settings.tiebreaks)))
    for player in event.start_order:
        entries: list[SwissEntry | None] = []
        for number in range(1, last_round + 1):
            found = by_round.get((player.name, number))
            if found is None and number == next_round and player.name in absent_next_round:
                found = SwissEntry(number, None, player.name, None, Result.ZERO_POINT_BYE)
            entries.append(found)
        lines.append(
            _player_line(
                player,
                numbers[player.name],
                points[player.name],
                ranks.get(player.name, 0),
                entries,
                numbers,
            )
        )
    if settings.rounds is not None:
        lines.append(f"XXR {settings.rounds}")
    lines.append(f"XXC {settings.first_colour}1")
    return "\n".join(lines) + "\n"


# --- import ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrfImport:
    """An imported event, and what was read but not used (unknown records, unknown codes)."""

    event: SwissEvent
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _RoundField:
    opponent: int
    colour: str
    letter: str
    line: int


def _int_field(text: str, line_no: int, what: str, *, blank: int | None = 0) -> int:
    stripped = text.strip()
    if not stripped:
        if blank is None:
            raise TrfError(f"{what} is empty", Location(line=line_no))
        return blank
    if not stripped.isdigit():
        raise TrfError(f"{what} {stripped!r} is not a number", Location(line=line_no))
    return int(stripped)


def _date(text: str, line_no: int) -> _dt.date:
    cleaned = text.strip()
    for pattern in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%y/%m/%d"):
        try:
            return _dt.datetime.strptime(cleaned, pattern).date()
        except ValueError:
            continue
    raise TrfError(f"start date {cleaned!r} is not a date (YYYY/MM/DD)", Location(line=line_no))


def _scoring(line: str, line_no: int) -> Scoring:
    values: dict[str, Fraction] = {}
    for match in re.finditer(r"([WDLAPX])\s*(\d+(?:\.\d)?)", line[4:].upper()):
        values[match.group(1)] = Fraction(match.group(2))
    if not values:
        raise TrfError(f"record 162 {line[4:].strip()!r} lists no points", Location(line=line_no))
    win = values.get("W", Fraction(1))
    return Scoring(win=win, draw=values.get("D", Fraction(1, 2)), pairing_bye=values.get("P", win))


def _tiebreaks(value: str, warnings: list[str], line_no: int) -> tuple[str, ...]:
    codes: list[str] = []
    for token in re.split(r"[\s,;]+", value.strip()):
        code = token.upper().replace("-", "/").replace("#", "/")
        base = code.split("/")[0]
        if not code or base == "PTS":
            continue
        if base in TIEBREAK_CODES and code not in codes:
            codes.append(code)
        else:
            warnings.append(f"line {line_no}: tie-break {token!r} is not used")
    return tuple(codes)


def _player(line: str, line_no: int) -> tuple[int, SwissPlayer, dict[int, _RoundField]]:
    padded = line.ljust(_FIRST_ROUND)
    number = _int_field(padded[4:8], line_no, "starting rank (columns 5-8)", blank=None)
    name = " ".join(padded[14:47].split())
    if not name:
        raise TrfError(f"player {number} has no name (columns 15-47)", Location(line=line_no))
    rating = _int_field(padded[48:52], line_no, "rating (columns 49-52)")
    fide_id = _int_field(padded[57:68], line_no, "FIDE number (columns 58-68)")
    sex = padded[9].strip().casefold()
    player = SwissPlayer(
        name=name,
        rating=rating or None,
        fide_id=fide_id or None,
        title=normalise_title(padded[10:13]),
        federation=padded[53:56].strip().upper(),
        birth=padded[69:79].strip(),
        sex={"f": "w"}.get(sex, sex),
        where=Location(line=line_no),
    )
    rounds: dict[int, _RoundField] = {}
    for round_number, start in enumerate(range(_FIRST_ROUND, len(line), 10), start=1):
        chunk = line[start : start + 8].ljust(8)
        if not chunk.strip():
            continue
        opponent = _int_field(chunk[0:4], line_no, f"round {round_number} opponent")
        colour, letter = chunk[5].lower(), chunk[7].upper()
        if colour not in "wb- ":
            raise TrfError(
                f"round {round_number} colour {chunk[5]!r} is not w, b or -", Location(line=line_no)
            )
        known = _READ_BYE if opponent == 0 else {"1", "0", "=", "+", "-", "W", "D", "L", " "}
        if letter not in known:
            raise TrfError(
                f"round {round_number} result {chunk[7]!r} is not a TRF result code",
                Location(line=line_no),
            )
        rounds[round_number] = _RoundField(opponent, colour, letter, line_no)
    return number, player, rounds


def import_trf(text: str) -> TrfImport:
    """Read a TRF16 or TRF-2026 file into an event (see the module text for what is read)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    warnings: list[str] = []
    settings: dict[str, object] = {}
    players: dict[int, tuple[SwissPlayer, dict[int, _RoundField]]] = {}
    tiebreaks_212: tuple[str, ...] | None = None
    tiebreaks_202: tuple[str, ...] | None = None
    for line_no, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip()
        if len(line) < 3 or line.startswith("###"):
            continue
        code, value = line[:3], line[4:].strip()
        if code == "001":
            number, player, rounds = _player(line, line_no)
            if number in players:
                raise TrfError(f"starting rank {number} is used twice", Location(line=line_no))
            for other, _ in players.values():
                if other.name == player.name:
                    raise TrfError(
                        f"player name {player.name!r} is used twice (also line "
                        f"{other.where.line if other.where else '?'}); the workbook needs "
                        "unique names",
                        Location(line=line_no),
                    )
            players[number] = (player, rounds)
        elif code == "012":
            settings["event_name"] = value
        elif code == "042" and value:
            settings["start_date"] = _date(value, line_no)
        elif code == "052" and value:
            settings["end_date"] = _date(value, line_no)
        elif code in _RECORD_SETTINGS and value:
            settings[_RECORD_SETTINGS[code]] = value
        elif code in ("142", "XXR") and value:
            settings["rounds"] = _int_field(value, line_no, f"number of rounds ({code})")
        elif code == "152" and value:
            if value.upper()[:1] not in ("W", "B"):
                raise TrfError(f"initial colour {value!r} is not W or B", Location(line=line_no))
            settings["first_colour"] = "white" if value.upper().startswith("W") else "black"
        elif code == "XXC":
            for word in value.lower().split():
                if word in ("white1", "black1"):
                    settings["first_colour"] = word[:-1]
        elif code == "162":
            settings["scoring"] = _scoring(line, line_no)
        elif code == "212":
            tiebreaks_212 = _tiebreaks(value, warnings, line_no)
        elif code == "202":
            tiebreaks_202 = _tiebreaks(value, warnings, line_no)
        elif code in ("062", "072", "082", "092"):
            continue  # counts and the type: written afresh from the event on export
        elif code in ("132", "172", "182", "192", "222"):
            continue
        else:
            warnings.append(f"line {line_no}: record {code!r} is not used")
    if not players:
        raise TrfError("the file has no player records (001)")
    tiebreaks = tiebreaks_212 if tiebreaks_212 is not None else tiebreaks_202
    if tiebreaks:
        settings["tiebreaks"] = tiebreaks
    entries = _entries(players)
    paired = frozenset(
        e.round for e in entries if e.black is not None or e.result is Result.PAIRING_BYE
    )
    ordered = tuple(_withdrawn(*players[n], paired) for n in sorted(players))
    event = SwissEvent(ordered, entries, SwissSettings(**settings))  # type: ignore[arg-type]
    check_event(event)
    return TrfImport(event, tuple(warnings))


def _withdrawn(
    player: SwissPlayer, fields: Mapping[int, _RoundField], paired: frozenset[int]
) -> SwissPlayer:
    """The player with ``withdrawn`` set when the file says so without doubt.

    A paired round (one with a game or a pairing-allocated bye) in which the player has no entry
    at all means the player was no longer in the event: TRF has no other way to write "not
    paired". When that round is followed by no entry of the player at all, the player withdrew;
    the first round of the run of absences (blank fields, or zero-point absences ``0000 - Z`` /
    ``0000 - -``) that ends in it is the ``Withdrawn`` round. Absences alone, each written as an
    entry, prove nothing (a player may miss rounds and come back) and stay zero-point byes.
    """
    last_paired = max(paired, default=0)
    if player.withdrawn is not None or last_paired == 0:
        return player
    last_entry = max(fields, default=0)
    if last_entry >= last_paired or last_entry + 1 not in paired:
        return player

    def absent(round_number: int) -> bool:
        field = fields.get(round_number)
        if field is None:
            return True
        return field.opponent == 0 and _READ_BYE[field.letter] is Result.ZERO_POINT_BYE

    first = last_entry + 1
    while first > 1 and absent(first - 1):
        first -= 1
    return replace(player, withdrawn=first)


def _entries(
    players: Mapping[int, tuple[SwissPlayer, Mapping[int, _RoundField]]],
) -> tuple[SwissEntry, ...]:
    """One row per game (from both players' records, which must agree) and per bye."""
    entries: list[SwissEntry] = []
    points: dict[int, Fraction] = dict.fromkeys(players, Fraction(0))
    rounds = sorted({r for _, fields in players.values() for r in fields})
    for round_number in rounds:
        games: list[tuple[int, int, Result | None, int]] = []
        byes: list[SwissEntry] = []
        for number in sorted(players):
            player, fields = players[number]
            field = fields.get(round_number)
            if field is None:
                continue
            where = Location(line=field.line)
            if field.opponent == 0:
                byes.append(
                    SwissEntry(
                        round_number, None, player.name, None, _READ_BYE[field.letter], where
                    )
                )
                continue
            other = players.get(field.opponent)
            if other is None:
                raise TrfError(
                    f"round {round_number}: opponent {field.opponent} has no player record", where
                )
            back = other[1].get(round_number)
            if back is None or back.opponent != number:
                raise TrfError(
                    f"round {round_number}: player {number} meets {field.opponent}, but the "
                    f"record of {field.opponent} does not say so",
                    where,
                )
            # The game is read once, from White's record; a forfeit written without colours
            # ("-") is read from the lower starting rank's record.
            if field.colour == "b" or (field.colour != "w" and back.colour == "w"):
                continue
            if field.colour != "w" and back.colour != "b" and number > field.opponent:
                continue
            pair = (field.letter, back.letter)
            result: Result | None
            if pair == (" ", " "):
                result = None  # paired, not played yet
            elif pair in _READ_GAME:
                result = _READ_GAME[pair]
            else:
                raise TrfError(
                    f"round {round_number}: results {field.letter!r} (player {number}) and "
                    f"{back.letter!r} (player {field.opponent}) do not make one game",
                    where,
                )
            games.append((number, field.opponent, result, field.line))
        # Boards: the order a pairing list shows, the higher score (then starting rank) first.
        games.sort(key=lambda g: (-max(points[g[0]], points[g[1]]), min(g[0], g[1])))
        scoring = Scoring()
        for board, (white, black, result, line_no) in enumerate(games, start=1):
            entries.append(
                SwissEntry(
                    round_number,
                    board,
                    players[white][0].name,
                    players[black][0].name,
                    result,
                    Location(line=line_no),
                )
            )
            wp, bp = scoring.points(result)
            points[white] += wp
            points[black] += bp
        for bye in byes:
            bye_board = len(games) + 1 if bye.result is Result.PAIRING_BYE else None
            entries.append(SwissEntry(bye.round, bye_board, bye.white, None, bye.result, bye.where))
        number_of = {p.name: n for n, (p, _) in players.items()}
        for bye in byes:
            points[number_of[bye.white]] += scoring.points(bye.result)[0]
    return tuple(entries)
