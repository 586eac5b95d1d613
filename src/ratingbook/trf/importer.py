"""A TRF file (TRF06, TRF16 or TRF-2026, by any program) read into a Swiss event: ``trf import``
(what TRF06 writes otherwise is :mod:`ratingbook.trf.trf06`'s).

Lenient where nothing depends on a field, strict where results do, never silent:

- strict, one error per problem naming the line and columns, all of them at once: start
  numbers (5-8), ratings (49-52), every round entry's opponent, colour and result letter, a
  number used twice, an opponent with no player record, two records that do not tell the same
  game (A says A-B with White, B says otherwise), a points system (162, ``XXS``) that lists no
  points;
- lenient, with a warning line: the informational records (event, city, federation, dates in
  the forms real programs write, arbiters, time control, round dates, types), an ID that is
  not a FIDE number (kept as the player's National ID), a sex code, a record ratingbook does
  not use (team records, rulers), a ``###`` log line that does not parse (kept as a comment);
- ``###`` lines: the event's log and its other comments (:mod:`ratingbook.trf.log_comments`),
  ``FIDE Rated``, the prize settings and the prizes (:mod:`ratingbook.trf.setting_comments`:
  a prize line that does not read is a warning naming line and column, the prize left out),
  and each player's tie-break value typed by hand (``MAN``) as the log's last ``Manual
  Tie-break`` line for him gives it (a line naming no player of the file: a warning);
- the start numbers are the file's: they are the pairing numbers (FIDE C.04.2 art. 2.3);
- the file's own totals (001 columns 81-84) are checked against the entries: a bye written
  without a result letter (``0000 -  ``, ``     -  ``), whose worth only that total tells, is read
  as the bye that makes them agree, one warning line per player and round; any other
  difference is a warning naming the player, the file's total and ours;
- a dummy player some programs list as the bye (``spielfrei``, ``bye``, ``Freilos``, ...) is
  left out, and games against it become pairing-allocated byes;
- the number of rounds: 142 or ``XXR``, else the number of round dates in 132, else the rounds
  played (with a warning).

Some warnings are about running the event, not about its games: its rounds, pairing and
tie-break settings, withdrawals and absences, dates and log as the Swiss book keeps them, each
with what to do in that book (``Swiss Settings``, ``Swiss Players``). They are also listed
apart (:attr:`TrfImport.running`): a reader of the games alone (a season's rating list) has
none of those sheets and needs none of those notes.

A blank round entry is read by :mod:`ratingbook.trf.absences` (not paired that round, or a
withdrawal where the file says so). Pure: text in, an event and warning lines out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.errors import Location, Problems, RatingbookError
from ratingbook.events.board_order import in_board_order
from ratingbook.events.codes import Scoring, tiebreak_list, tiebreak_problem
from ratingbook.events.event import SwissEntry, SwissEvent, check_event
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.events.prize_rules import Prize
from ratingbook.events.settings import DOUBLE_ROUND_ROBIN, ROUND_ROBIN, SwissSettings
from ratingbook.trf.absences import read_absences, read_stated
from ratingbook.trf.log_comments import fide_mode, read_log_lines, with_typed_values
from ratingbook.trf.national_ratings import NATIONAL_SUPPORT, national_rating, national_support
from ratingbook.trf.player_records import PlayerRecord, RoundField, line_problem, read_player_line
from ratingbook.trf.records import (
    GAME_READINGS,
    ROUNDS_RECORDS,
    TrfError,
    bye_reading,
    read_date,
    read_points,
    record_code,
    round_date_fields,
    rounds_record,
)
from ratingbook.trf.setting_comments import read_prize_list, read_prize_settings, read_rated
from ratingbook.trf.systems import SYSTEM_RECORDS, not_baku, read_system_records
from ratingbook.trf.totals import agree_with_totals
from ratingbook.trf.trf06 import read_as_trf06

__all__ = ["TrfImport", "import_trf"]

#: Names programs give the dummy player that stands for the bye (compared case-insensitively).
DUMMY_NAMES = frozenset(
    {"spielfrei", "bye", "freilos", "bye player", "pairing bye", "exempt", "exento", "libre"}
)
#: Tournament records kept as Swiss Settings texts, by record code.
_TEXT_RECORDS: Mapping[str, str] = {
    "012": "event_name",
    "022": "city",
    "032": "federation",
    "102": "chief_arbiter",
    "112": "deputy_arbiter",
    "122": "time_control",
}
#: Records read for nothing: counts and types written afresh on export, rating report fields.
_INFORMATIONAL = frozenset({"062", "072", "082", "092", "182", "222"})
#: Records about running the event (its dates, rounds, colours, points, tie-breaks, rating
#: method): their warnings are :attr:`TrfImport.running`.
_RUNNING_RECORDS = frozenset(
    {"042", "052", "132", *ROUNDS_RECORDS, "152", "XXC", "202", "212", NATIONAL_SUPPORT}
)


@dataclass(frozen=True, slots=True)
class TrfImport:
    """An imported event, and what the import noted (one line each, naming the file's line)."""

    event: SwissEvent
    warnings: tuple[str, ...] = ()
    log: tuple[LogEntry, ...] = ()
    """The event's log, read from the file's ``###`` lines (:mod:`ratingbook.trf.log_comments`);
    the caller appends the import itself (``log_comments.import_logged``)."""
    comments: tuple[str, ...] = ()
    """The file's other ``###`` comment lines, as written (export writes them back)."""
    ranks: tuple[tuple[str, int], ...] = ()
    """Each player's final rank as the file gives it (001, columns 86-89), by name; empty when
    a player's rank is blank or 0: the file then gives no ranking."""
    stated: tuple[tuple[str, int], ...] = ()
    """The ranks the file states, by name as imported (a name written twice is told apart by
    its start number), a blank or 0 rank left out: what ``ratingbook check`` compares with the
    tie-break list. ``ranks`` is this when every player has one."""
    running: tuple[str, ...] = ()
    """The warnings about running the event (its rounds, pairing and tie-break settings,
    withdrawals and absences, dates and log, with what to do in the Swiss book), in the order
    of ``warnings``, of which they are a part: none of them changes who played whom, with
    which result (a reader that dates games by the round dates says itself what it made of a
    date that does not read)."""
    refused: tuple[RatingbookError, ...] = ()
    """In a ``rated`` reading (a season's list), what refuses the file once its records are read:
    two records that do not tell the same game, a result symbol TRF does not know. ``event``
    holds the games that read (the games these name left out), so the caller checks them too
    and names every problem of the file at once; an import for a Swiss book raises these."""
    prizes: tuple[Prize, ...] = ()
    """The prizes the file's ``###`` lines give (:mod:`ratingbook.trf.setting_comments`)."""

    @property
    def fide_mode(self) -> bool:
        """In FIDE mode unless the file's log says it was left (final for the event)."""
        return fide_mode(self.log)


# --- the tournament records ----------------------------------------------------------------------


def _tiebreaks(value: str, warnings: list[str], line_no: int) -> tuple[str, ...]:
    codes, unknown = tiebreak_list(value)
    warnings.extend(f"line {line_no}: tie-break {token!r} is not used" for token in unknown)
    return codes


def _round_dates(line: str, line_no: int, warnings: list[str]) -> tuple[str, ...]:
    """The 132 record's dates, round by round (each in its round's ten columns)."""
    dates: list[str] = []
    for token in round_date_fields(line):
        date = read_date(token)
        if date is None:
            warnings.append(f"line {line_no}: round date {token!r} is not a date: kept as text")
            dates.append(token)
        else:
            dates.append(f"{date:%Y/%m/%d}")
    return tuple(dates)


def _byes_240(line: str, line_no: int, problems: Problems) -> list[tuple[int, int, Result]]:
    """TRF-2026 record 240: requested byes, ``240 T RRR IIII IIII ...`` (T = F, H or Z)."""
    kind = bye_reading(line[4:5])
    round_text = line[6:9].strip()
    if kind is None or kind is Result.PAIRING_BYE or not round_text.isdigit():
        problems.append(
            line_problem(f"record 240 {line[4:].strip()!r} is not a bye record", line_no)
        )
        return []
    found: list[tuple[int, int, Result]] = []
    for token in line[10:].split():
        if token.isdigit():
            found.append((int(round_text), int(token), kind))
        else:
            problems.append(line_problem(f"record 240: {token!r} is not a start number", line_no))
    return found


# --- reading the file ----------------------------------------------------------------------------


def import_trf(text: str, *, rated: bool = False) -> TrfImport:
    """Read a TRF06, TRF16 or TRF-2026 file's text into an event (see the module text).
    ``rated``: the games are to be rated (a season's list), so a result symbol TRF does not
    know is a problem naming its line and column, not read as an unknown result, and the
    problems of the games, once every record is read, are :attr:`TrfImport.refused`, not
    raised."""
    text = text.removeprefix("\ufeff")
    problems = Problems()
    unrated = Problems()  # result symbols a rated list refuses: with the others, listed last
    warnings: list[str] = []
    running: set[int] = set()  # which of the warnings are about running the event (the module text)
    settings: dict[str, object] = {}
    records: dict[int, PlayerRecord] = {}
    names: dict[str, int] = {}
    tiebreaks: dict[str, tuple[str, ...]] = {}
    nation = ""  # record 172's federation: its code names the national rating records
    byes: list[tuple[int, int, Result]] = []
    unused: dict[str, list[int]] = {}
    system_lines: list[tuple[int, str]] = []
    comment_lines: list[tuple[int, str]] = []
    for line_no, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip()
        if line.startswith("###"):
            comment_lines.append((line_no, line))
            continue
        if not line.strip():
            continue
        code = record_code(line)
        value = line[4:].strip()
        before = len(warnings)
        if code is None:
            warnings.append(f"line {line_no}: {line[:20].strip()!r} is not a TRF record: not used")
        elif code == "001":
            record = read_player_line(
                line, line_no, problems, warnings, unrated=unrated if rated else None
            )
            if record is None:
                continue
            if record.number in records:
                earlier = records[record.number].line
                problems.append(
                    line_problem(
                        f"start number {record.number} is used twice (also line {earlier})", line_no
                    )
                )
                continue
            name = record.player.name
            if name in names:
                unique = f"{name} ({record.number})"
                warnings.append(
                    f"line {line_no}: player name {name!r} is also player {names[name]}'s: "
                    f"this one is named {unique!r}"
                )
                record.player = replace(record.player, name=unique)
            names[record.player.name] = record.number
            records[record.number] = record
        elif code in _TEXT_RECORDS:
            if value:
                settings[_TEXT_RECORDS[code]] = value
        elif code in ("042", "052"):
            what = "start" if code == "042" else "end"
            date = read_date(value) if value else None
            if date is not None:
                settings[f"{what}_date"] = date
            elif value:
                note = f"{what} date as the file writes it: {value}"
                settings["notes"] = "; ".join(filter(None, [str(settings.get("notes", "")), note]))
                warnings.append(
                    f"line {line_no}: {what} date {value!r} is not a date ratingbook can read: "
                    "kept in Swiss Settings (Notes)"
                    + ("; type the Start Date there" if what == "start" else "")
                )
        elif code == "132":
            settings["round_dates"] = _round_dates(line, line_no, warnings)
        elif code in ROUNDS_RECORDS:
            rounds = rounds_record(value)
            if rounds is not None:
                settings["rounds"] = rounds
            else:
                warnings.append(f"line {line_no}: number of rounds {value!r} is not a number")
        elif code == "152":
            if value.upper()[:1] in ("W", "B"):
                settings["first_colour"] = "white" if value.upper().startswith("W") else "black"
            else:
                warnings.append(f"line {line_no}: initial colour {value!r} is not W or B")
        elif code == "XXC":
            for word in value.lower().split():
                if word in ("white1", "black1"):
                    settings["first_colour"] = word[:-1]
        elif code in ("162", "XXS"):
            try:
                settings["scoring"] = read_points(line, line_no)
            except RatingbookError as error:
                problems.append(error)
        elif code in ("202", "212"):
            tiebreaks[code] = _tiebreaks(value, warnings, line_no)
        elif code == "240":
            byes.extend(_byes_240(line, line_no, problems))
        elif code in SYSTEM_RECORDS:
            system_lines.append((line_no, line))
        elif code == NATIONAL_SUPPORT:
            nation, method = national_support(line)
            if method is None:
                warnings.append(
                    f"line {line_no}: tournament rating method {line[8:13].strip()!r} is not "
                    "one ratingbook offers: FIDE ratings used"
                )
            else:
                settings["rating_method"] = method
        elif code in _INFORMATIONAL:
            continue
        else:
            unused.setdefault(line[:3], []).append(line_no)
        if code in _RUNNING_RECORDS:
            running.update(range(before, len(warnings)))
    if not records and not problems:
        raise TrfError("the file has no player records (001): it is not a TRF file")
    _national_ratings(unused.pop(nation, []) if nation else [], text, records, warnings)
    for code, lines in unused.items():
        at = f"line {lines[0]}" if len(lines) == 1 else f"lines {_spans(lines)}"
        count = "record" if len(lines) == 1 else f"{len(lines)} records"
        warnings.append(f"{at}: {count} {code!r} not used")
    if problems:
        problems.extend(unrated)
    problems.check()
    codes = tiebreaks.get("212", tiebreaks.get("202"))
    if codes:
        settings["tiebreaks"] = codes
    before = len(warnings)
    systems = read_system_records(
        system_lines, {n: r.player.name for n, r in records.items()}, problems, warnings
    )
    settings.update(systems.settings)
    if settings.get("pairing") in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN):
        listed: tuple[str, ...] = tuple(settings.get("tiebreaks", ()))  # type: ignore[arg-type]
        kept = tuple(c for c in listed if not tiebreak_problem(c, round_robin=True))
        warnings.extend(
            f"{tiebreak_problem(c, round_robin=True)}: not used" for c in listed if c not in kept
        )
        settings["tiebreaks"] = kept
    running.update(range(before, len(warnings)))
    records, noted = read_as_trf06(text, records)  # FIDE's checklist Q47-48
    warnings.extend(noted)
    records = _without_dummies(records, warnings)
    scoring = settings.get("scoring", Scoring())
    assert isinstance(scoring, Scoring)
    entries, unknown = _entries(records, problems, scoring)
    entries += _requested_byes(byes, records, entries, problems)
    problems.extend(unrated)
    if not rated:
        problems.check()
    declared = {r.player.name: (r.declared, r.line) for r in records.values()}
    entries, noted = agree_with_totals(entries, unknown, declared, scoring)
    warnings.extend(noted)
    before = len(warnings)
    settings["rated"], comment_lines = read_rated(comment_lines, warnings)
    settings["end_of_event"], comment_lines = read_prize_settings(comment_lines, warnings)
    prizes, comment_lines = read_prize_list(comment_lines, warnings)
    if "rounds" not in settings:
        dates = settings.get("round_dates", ())
        played = max((e.round for e in entries), default=0)
        if isinstance(dates, tuple) and dates:
            settings["rounds"] = len(dates)
        elif played:
            settings["rounds"] = played
            warnings.append(
                f"the file does not say how many rounds the event has (no 142 or XXR record, no "
                f"round dates): taken as {played}, the rounds played; change Rounds in Swiss "
                "Settings if more are planned"
            )
    event_settings = SwissSettings(**settings)  # type: ignore[arg-type]
    last = SwissEvent(tuple(r.player for r in records.values()), (), event_settings).rounds_planned
    stated, expelled, unpaired, comment_lines = read_stated(comment_lines)
    players, entries, noted = read_absences(records, entries, last, stated, expelled, unpaired)
    warnings.extend(noted)
    running.update(range(before, len(warnings)))
    # A ban written to the event's last round is a ban for every round (260 has no "ever").
    forbidden = tuple(
        replace(ban, until_round=None)
        if last and ban.until_round is not None and ban.until_round >= last
        else ban
        for ban in systems.forbidden
    )
    event = SwissEvent(players, tuple(entries), event_settings, forbidden=forbidden)
    logged = read_log_lines(comment_lines)
    try:
        check_event(event)
        if not event.settings.round_robin:
            # The records give no board numbers: a Swiss round's are C.04.2's order, on the
            # results it was paired on (the log says what changed since).
            event = in_board_order(event, logged.log)
    except RatingbookError as error:
        problems.append(error)
    if not rated:
        problems.check()
    before = len(warnings)
    warnings.extend(not_baku(event, systems.virtual_points))
    warnings.extend(logged.warnings)
    event, typed_notes = with_typed_values(event, logged.log)  # MAN: the values the log gives
    warnings.extend(typed_notes)
    running.update(range(before, len(warnings)))
    given = [(r.player.name, r.rank) for r in records.values()]
    ranked = tuple((n, r) for n, r in given if r is not None)
    ranks = ranked if len(ranked) == len(given) else ()
    return TrfImport(
        event,
        tuple(warnings),
        logged.log,
        logged.comments,
        ranks,
        ranked,
        tuple(w for i, w in enumerate(warnings) if i in running),
        tuple(problems),
        prizes,
    )


def _national_ratings(
    line_numbers: list[int], text: str, records: dict[int, PlayerRecord], warnings: list[str]
) -> None:
    """Each national rating record (:mod:`ratingbook.trf.national_ratings`) given to the
    player of its start number; one with no such player, or no rating, is a warning."""
    if not line_numbers:
        return
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for line_no in line_numbers:
        number, rating = national_rating(lines[line_no - 1])
        record = records.get(number or 0)
        if record is None or rating is None:
            warnings.append(
                f"line {line_no}: national rating record with no player or no rating "
                "(columns 5-8, 49-52): not used"
            )
            continue
        record.player = replace(record.player, national_rating=rating)


def _spans(lines: list[int]) -> str:
    """``[3, 4, 5, 9]`` -> ``3-5, 9``."""
    spans: list[str] = []
    start = previous = lines[0]
    for n in [*lines[1:], -1]:
        if n == previous + 1:
            previous = n
            continue
        spans.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = n
    return ", ".join(spans)


def _without_dummies(
    records: dict[int, PlayerRecord], warnings: list[str]
) -> dict[int, PlayerRecord]:
    """The records without the dummy player some programs list as the bye; games against it
    become byes, and the players after it move up one start number each."""
    dummies = {
        n
        for n, r in records.items()
        if r.player.name.casefold().strip(" -") in DUMMY_NAMES and not r.declared
    }
    if not dummies:
        return records
    kept: dict[int, PlayerRecord] = {}
    renumber: dict[int, int] = {}
    for new, number in enumerate(sorted(set(records) - dummies), start=1):
        renumber[number] = new
    for number in sorted(dummies):
        warnings.append(
            f"line {records[number].line}: player {number} {records[number].player.name!r} is "
            "the bye, not a player: left out"
        )
    for number, record in sorted(records.items()):
        if number in dummies:
            continue
        rounds: dict[int, RoundField] = {}
        for round_number, f in record.rounds.items():
            if f.opponent in dummies:
                letter = {"+": "U", "1": "U", "W": "U", "=": "H", "D": "H"}.get(f.letter, "Z")
                warnings.append(
                    f"line {f.line}: round {round_number}: {record.player.name!r} against the "
                    f"bye ({records[f.opponent].player.name!r}) read as a "
                    + {"U": "pairing-allocated", "H": "half-point", "Z": "zero-point"}[letter]
                    + " bye"
                )
                f = replace(f, opponent=0, colour="-", letter=letter)
            elif f.opponent:
                f = replace(f, opponent=renumber.get(f.opponent, f.opponent))
            rounds[round_number] = f
        if renumber[number] != number:
            record.player = replace(record.player, number=renumber[number])
        record.rounds = rounds
        record.number = renumber[number]
        kept[renumber[number]] = record
    if any(renumber[n] != n for n in renumber):
        warnings.append("the players after the bye moved up one start number each")
    return kept


def _entries(
    records: Mapping[int, PlayerRecord], problems: Problems, scoring: Scoring
) -> tuple[list[SwissEntry], set[tuple[int, str]]]:
    """One row per game (from both players' records, which must tell the same game) and per
    bye, and the byes whose worth the file leaves blank ((round, player): read as zero-point
    byes until :func:`agree_with_totals` has seen the totals)."""
    entries: list[SwissEntry] = []
    unknown: set[tuple[int, str]] = set()
    points: dict[int, Fraction] = dict.fromkeys(records, Fraction(0))
    rounds = sorted({r for record in records.values() for r in record.rounds})
    for round_number in rounds:
        games: list[tuple[int, int, Result | None, int]] = []
        byes: list[SwissEntry] = []
        for number, record in sorted(records.items()):
            f = record.rounds.get(round_number)
            if f is None:
                continue
            if f.opponent == 0:
                result = bye_reading(f.letter)
                if result is None:
                    unknown.add((round_number, record.player.name))
                    result = Result.ZERO_POINT_BYE
                byes.append(
                    SwissEntry(round_number, None, record.player.name, None, result, f.where)
                )
                continue
            game = _game(number, f, records, round_number)
            if isinstance(game, TrfError):
                problems.append(game)
            elif game is not None:
                games.append(game)
        # Boards: the order a pairing list shows, the higher score (then start number) first;
        # a Swiss event's are numbered in C.04.2's order once it is whole (below).
        games.sort(key=lambda g: (-max(points[g[0]], points[g[1]]), min(g[0], g[1])))
        for board, (white, black, result, line_no) in enumerate(games, start=1):
            entries.append(
                SwissEntry(
                    round_number,
                    board,
                    records[white].player.name,
                    records[black].player.name,
                    result,
                    Location(line=line_no),
                )
            )
            wp, bp = scoring.points(result)
            points[white] += wp
            points[black] += bp
        number_of = {r.player.name: n for n, r in records.items()}
        for bye in byes:
            bye_board = len(games) + 1 if bye.result is Result.PAIRING_BYE else None
            entries.append(SwissEntry(bye.round, bye_board, bye.white, None, bye.result, bye.where))
            points[number_of[bye.white]] += scoring.points(bye.result)[0]
    return entries, unknown


def _game(
    number: int, f: RoundField, records: Mapping[int, PlayerRecord], round_number: int
) -> tuple[int, int, Result | None, int] | TrfError | None:
    """The game of player ``number``'s entry ``f`` as (white, black, result, line), read once
    (from White's record; a forfeit written without colours from the lower start number's);
    None when the other record reads it; an error when the two records disagree."""
    where = f"round {round_number} ({f.columns()})"
    other = records.get(f.opponent)
    if other is None:
        return line_problem(f"{where}: opponent {f.opponent} has no player record", f.line)
    back = other.rounds.get(round_number)
    if back is None or back.opponent != number:
        said = (
            "nothing"
            if back is None
            else (f"opponent {back.opponent}" if back.opponent else "a bye")
        )
        return line_problem(
            f"{where}: player {number} meets {f.opponent}, but the record of {f.opponent} "
            f"(line {other.line}) says {said} in round {round_number}",
            f.line,
        )
    if f.colour == back.colour and f.colour in "wb":
        return line_problem(
            f"{where}: players {number} and {f.opponent} (line {other.line}) both have "
            f"colour {f.colour!r}",
            f.line,
        )
    # Read once: from White's record; without colours ("-", a forfeit), from the lower number.
    if f.colour == "b" or (
        f.colour == "-" and (back.colour == "w" or (back.colour == "-" and number > f.opponent))
    ):
        return None
    pair = (f.letter, back.letter)
    if pair == (" ", " "):
        return number, f.opponent, None, f.line  # paired, not played yet
    # An unknown result on either side makes the game's result unknown (adjourned).
    result = Result.ADJOURNED if "?" in pair else GAME_READINGS.get(pair)
    if result is None:
        return line_problem(
            f"{where}: results {f.letter!r} (player {number}) and {back.letter!r} (player "
            f"{f.opponent}, line {other.line}) do not make one game",
            f.line,
        )
    return number, f.opponent, result, f.line


def _requested_byes(
    byes: list[tuple[int, int, Result]],
    records: Mapping[int, PlayerRecord],
    entries: list[SwissEntry],
    problems: Problems,
) -> list[SwissEntry]:
    """The byes of 240 records that the players' own entries do not already show."""
    have = {(e.round, name) for e in entries for name in e.players()}
    extra: list[SwissEntry] = []
    for round_number, number, kind in byes:
        record = records.get(number)
        if record is None:
            problems.append(TrfError(f"record 240: start number {number} has no player record"))
            continue
        if (round_number, record.player.name) not in have:
            extra.append(SwissEntry(round_number, None, record.player.name, None, kind))
    return extra
