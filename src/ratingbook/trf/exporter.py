"""A Swiss event as a TRF-2026 file: what ``ratingbook trf export`` writes and what gacrux reads.

The tournament records (012 name, 022 city, 032 federation, 042 start and 052 end date, 062
players, 072 rated players, 092, 102/112 arbiters, 122 time control, 132 round dates, 142
rounds plus the common ``XXR`` line, 152 first-round colour plus ``XXC white1``/``black1``, 162
points when they differ from FIDE's, 192 ``FIDE_DUTCH``, 202/212 tie-breaks) and one 001
record per player, by start number, with every round: games, forfeits (``+``/``-``), and byes
(``U`` pairing-allocated, ``H``, ``F``, ``Z``), an adjourned game ``?`` (with record 162's
``X``); the event's log as ``###`` lines between the tournament records and the players, and
what TRF has no record for (``FIDE Rated``, the prize settings and the prizes:
:mod:`ratingbook.trf.setting_comments`). Entries written for a round not yet paired
(requested byes) are kept; a withdrawn player gets ``0000 - Z`` in every round still to be
paired, to the last (the pairing engines pair a player unless his round has an entry), and a
``### Withdrawn: <number> from round <n>`` line (:func:`ratingbook.trf.absences.withdrawal_line`).
A paired round in which a player has no row (a late entrant's rounds before he entered, a
withdrawn player's: :mod:`ratingbook.events.absent_rounds`) is TRF-2026's absence, ``0000 - Z``
("0000 for bye/absent", colour "- (bye or not paired)", "Z zero-point-bye (known absence)"),
and, where he was not withdrawn, a ``### Not paired: <number> in round <n>`` line
(:func:`ratingbook.trf.absences.not_paired_line`), so that ``trf import`` gives back no row
there rather than a zero-point bye typed in ``Swiss Games``.
The columns and letters are :mod:`ratingbook.trf.records`'. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from ratingbook.core import fields
from ratingbook.core.results import Result
from ratingbook.events.absent_rounds import Absence, absent_rounds
from ratingbook.events.acceleration import baku_virtual_points
from ratingbook.events.codes import Scoring
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.events.long_event import period_event
from ratingbook.events.periods import RatingPeriod
from ratingbook.events.prize_rules import Prize
from ratingbook.events.settings import (
    ACCELERATION_NONE,
    BAKU,
    DOUBLE_ROUND_ROBIN,
    DUTCH,
    ROUND_ROBIN,
)
from ratingbook.trf.absences import not_paired_line, withdrawal_line
from ratingbook.trf.log_comments import log_lines, outside_fide_mode
from ratingbook.trf.national_ratings import national_lines
from ratingbook.trf.records import BYE_LETTERS, GAME_LETTERS, NAME_WIDTH, TrfError, read_date
from ratingbook.trf.setting_comments import prize_lines, prize_list_lines, rated_line

__all__ = ["default_ranks", "export_period_trf", "export_trf"]

#: Record 192, the encoded tournament type (TRF-2026), by pairing system and acceleration.
_SYSTEM_CODES = {
    (DUTCH, ACCELERATION_NONE): "FIDE_DUTCH",
    (DUTCH, BAKU): "FIDE_DUTCH_BAKU",
    (ROUND_ROBIN, ACCELERATION_NONE): "FIDE_ROUNDROBIN",
    (DOUBLE_ROUND_ROBIN, ACCELERATION_NONE): "FIDE_DOUBLEROUNDROBIN",
}
#: The last round a ban "for every round" names in record 260 (its field has three digits).
MAX_ROUND = 999


#: The absences of a player still in the event (not withdrawn): said in a ``### Not paired`` line.
_PLAYING = (Absence.NOT_YET_ENTERED, Absence.NOT_PAIRED)


def _halves(value: Fraction) -> str:
    return f"{float(value):4.1f}"


def default_ranks(event: SwissEvent) -> dict[str, int]:
    """Ranks by points alone (ties share a rank, start order breaks nothing)."""
    points = event.points()
    # A player's rank is one more than the number of players with more points.
    rank: dict[Fraction, int] = {}
    for place, p in enumerate(sorted(points.values(), reverse=True), start=1):
        rank.setdefault(p, place)
    return {name: rank[p] for name, p in points.items()}


def _entry_field(entry: SwissEntry | None, name: str, numbers: Mapping[str, int]) -> str:
    if entry is None:
        return "          "
    if entry.black is None:
        assert entry.result is not None  # a bye row always says which bye
        return f"  0000 - {BYE_LETTERS[entry.result]}"
    white_side = entry.white == name
    opponent = numbers[entry.black if white_side else entry.white]
    colour = "w" if white_side else "b"
    letter = " " if entry.result is None else GAME_LETTERS[entry.result][0 if white_side else 1]
    return f"  {opponent:>4} {colour} {letter}"


def _player_line(
    player: SwissPlayer,
    number: int,
    points: Fraction,
    rank: int,
    rounds: Sequence[SwissEntry | None],
    numbers: Mapping[str, int],
) -> str:
    if len(player.name) > NAME_WIDTH:
        raise TrfError(
            f"player {player.name!r} has a name longer than {NAME_WIDTH} characters, "
            "which TRF cannot hold",
            player.where,
            fields.NAME,
        )
    rating = str(player.rating) if player.rating else ""
    fide_id = str(player.fide_id) if player.fide_id else ""
    line = (
        f"001 {number:>4} {player.sex[:1]:1}{player.title[:3]:>3} {player.name:<{NAME_WIDTH}} "
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
    withdrawals: bool = True,
    log: Sequence[LogEntry] = (),
    comments: Sequence[str] = (),
    fide_mode: bool = True,
    prizes: Sequence[Prize] = (),
) -> str:
    """The event as TRF-2026 text, one record a line.

    ``ranks`` fills the rank column (default: by points). ``absent_next_round`` lists players to
    mark ``0000 - Z`` in the next unpaired round (gacrux's pairing then leaves them out).
    ``withdrawals``: write a withdrawn player's ``0000 - Z`` in every round still to be paired,
    and every player's ``0000 - Z`` in a paired round in which he has no row (off for gacrux,
    whose round-robin tables must see every round blank, and for which a blank is the same
    absence; its Swiss pairing leaves the withdrawn out through ``absent_next_round``).
    ``log``: the event's log, written as ``###`` lines after the tournament records, before the
    players (:mod:`ratingbook.trf.log_comments`); ``comments``: other ``###`` lines to keep.
    ``fide_mode`` False for an event outside FIDE mode whose log does not say it was left: a
    ``FIDE Mode Off`` line is added (with no time or name), so the file says so too.
    ``prizes``: the ``Prizes`` sheet's, a ``###`` line each after the prize settings'.
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
    lines.append(
        "092 Individual: round-robin" if settings.round_robin else "092 Individual: Swiss-System"
    )
    if settings.chief_arbiter:
        lines.append(f"102 {settings.chief_arbiter}")
    if settings.deputy_arbiter:
        lines.append(f"112 {settings.deputy_arbiter}")
    if settings.time_control:
        lines.append(f"122 {settings.time_control}")
    dates = [read_date(d) for d in settings.round_dates]
    if dates and all(d is not None for d in dates):
        # 132: each round's date in that round's ten columns (YY/MM/DD, from column 92).
        lines.append("132" + " " * 87 + "".join(f"  {d:%y/%m/%d}" for d in dates if d))
    rounds = event.rounds_planned
    if rounds is not None:
        lines.append(f"142 {rounds}")
    lines.append(f"152 {'W' if settings.first_colour == 'white' else 'B'}")
    adjourned = any(e.result is Result.ADJOURNED for e in event.entries)
    if settings.scoring != Scoring() or adjourned:
        # 162, one code every nine columns from column 6; with an adjourned game its code X
        # too ("unknown result (e.g. adjourned game)", a draw's points), so a reader knows what
        # the entries written "?" are worth (FIDE's checklist, Q164-165).
        s = settings.scoring
        lines.append(
            f"162  W{float(s.win):4.1f}    D{float(s.draw):4.1f}    L 0.0    A 0.0    "
            f"P{float(s.pairing_bye):4.1f}" + (f"    X{float(s.draw):4.1f}" if adjourned else "")
        )
    support, national = national_lines(
        event.players, numbers, settings.federation, settings.rating_method
    )
    if support:
        lines.append(support)
    lines.append(f"192 {_SYSTEM_CODES[settings.pairing, settings.acceleration]}")
    if settings.tiebreaks:
        lines.append("202 " + ",".join(settings.tiebreaks))
        lines.append("212 " + ",".join(("PTS", *settings.tiebreaks)))
    if settings.acceleration == BAKU:
        # 250: virtual points, start numbers first to last, rounds first to last (C.04.5.1).
        lines.extend(
            f"250 {float(v.points):4.1f} {float(v.points):4.1f} {v.first_round:3} "
            f"{v.last_round:3} {1:4} {v.last_number:4}"
            for v in baku_virtual_points(event)
        )
    for ban in event.forbidden:
        # 260: the first and last round a ban holds, then the start numbers it keeps apart.
        last = ban.until_round if ban.until_round is not None else (rounds or MAX_ROUND)
        lines.append(f"260 {1:3} {last:3} {numbers[ban.first]:4} {numbers[ban.second]:4}")
    # A withdrawal: a zero-point absence in every round still to be paired, to the last.
    gone = {p.name: p.withdrawn for p in event.players if p.withdrawn is not None and withdrawals}
    if gone and rounds is not None and min(gone.values()) <= rounds:
        last_round = max(last_round, rounds)
    lines.extend(comments)
    lines.extend(log_lines(log if fide_mode else outside_fide_mode(log, event.paired_rounds)))
    lines.append(rated_line(settings.rated))  # TRF-2026 has no field for it
    lines.extend(prize_lines(settings.end_of_event, settings.places))  # nor for prizes
    lines.extend(prize_list_lines(prizes))
    # Every withdrawal in words too: in a round already paired the player has no field to
    # show it, and the import would have to guess (ratingbook.trf.absences).
    lines.extend(
        withdrawal_line(numbers[p.name], p.withdrawn, expelled=p.expelled)
        for p in event.start_order
        if p.withdrawn is not None and withdrawals
    )
    # A paired round without a row: TRF's absence, and the rounds he was not withdrawn from
    # in words too (else the import reads a zero-point bye typed in Swiss Games).
    absences = absent_rounds(event) if withdrawals else {}
    unpaired = {p.name: absences.get(p.name, {}) for p in event.start_order}
    said = {n: [r for r, why in found.items() if why in _PLAYING] for n, found in unpaired.items()}
    lines.extend(not_paired_line(numbers[n], said[n]) for n in said if said[n])
    for player in event.start_order:
        entries: list[SwissEntry | None] = []
        for number in range(1, last_round + 1):
            found = by_round.get((player.name, number))
            absent = player.name in absent_next_round and number == next_round
            absent = absent or number in unpaired[player.name]
            if player.name in gone and number >= max(gone[player.name], next_round):
                absent = rounds is not None and number <= rounds
            if found is None and absent:
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
    lines.extend(national)
    if rounds is not None:
        lines.append(f"XXR {rounds}")
    lines.append(f"XXC {settings.first_colour}1")
    # JaVaFo's XXP holds for every round: only the bans without a last round.
    lines.extend(
        f"XXP {numbers[ban.first]} {numbers[ban.second]}"
        for ban in event.forbidden
        if ban.until_round is None
    )
    return "\n".join(lines) + "\n"


def export_period_trf(
    event: SwissEvent, period: RatingPeriod, ranks_of: Callable[[SwissEvent], Mapping[str, int]]
) -> str:
    """A rating period's own rating report (an event over 30 days): its own FIDE tournament,
    holding only that period's rounds, numbered from 1, and each player at his rating of that
    period (:func:`~ratingbook.events.long_event.period_event`); ranked by ``ranks_of`` that
    own event (the standings' ranks by its tie-break list, the one the 202 record names: the
    caller's, whose layer computes standings); no log (the event's file carries it)."""
    own = period_event(event, period, own_file=True)
    return export_trf(own, ranks_of(own), fide_mode=True)
