"""What a TRF file's missing round entries mean: not paired that round, or withdrawn.

The pairing engines' convention (JaVaFo, bbpPairings, gacrux): a player is paired in a round
unless the file gives him an entry for it. So this module decides:

- a blank field in a round already paired (one with a game or a pairing-allocated bye) means
  *not paired that round*: a zero-point absence, the same as ``0000 - Z``, never a withdrawal.
  A late entrant's blank first rounds read so, and he is paired in the next round. One warning
  line names the player and the rounds;
- a player absent in the last paired round (a blank field or ``0000 - Z``) whose file gives a
  zero-point absence in *every* round still to be paired, up to the last round of the event,
  withdrew (that is how :mod:`ratingbook.trf.exporter` writes a withdrawal); ``Withdrawn`` is
  the first round of the run of absences that ends there. Absences only in rounds not yet
  paired stay requested byes;
- in a finished event (every planned round paired) a run of blank fields to the last round may
  mean the player left: read as withdrawn from the run's first round, with a warning line (it
  changes no pairing, only what Swiss Players shows);
- a withdrawal the file states in ratingbook's comment ``### Withdrawn: <start number> from
  round <n>`` (:func:`withdrawal_line`, which ``trf export`` writes for every withdrawn player)
  is read as stated, with no guess and no warning: a round already paired leaves no field for
  it (the player is simply not paired), so the file says it in words. Other programs ignore
  ``###`` lines. An expelled player's line ends `` (expelled)``: TRF-2026 has no field for an
  expulsion (its player record holds no status, and its result codes say only that a round was
  not played), so the file says that in words too;
- a paired round the file states a player was not paired in, in ratingbook's comment
  ``### Not paired: <start number> in round <n>`` (or ``in rounds 1, 2``; :func:`not_paired_line`,
  which ``trf export`` writes for a late entrant's rounds before he entered and any other
  paired round in which a player still in the event has no row of ``Swiss Games``), is read as
  stated: no row there, with no warning, whether the field is blank or ``0000 - Z``
  (TRF-2026's absence). Without the line ``0000 - Z`` is a zero-point bye typed in
  ``Swiss Games``, as any program's file means it; but a withdrawn player's ``0000 - Z`` in a
  paired round from his ``Withdrawn`` round on (stated or read) is no row either: he was not
  paired.

Pure: records and rows in; players, rows and warning lines out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence, Set
from dataclasses import replace

from ratingbook.core.results import Result
from ratingbook.errors import Location
from ratingbook.events.event import SwissEntry, SwissPlayer
from ratingbook.trf.player_records import PlayerRecord

__all__ = ["not_paired_line", "read_absences", "read_stated", "withdrawal_line"]

_WITHDRAWN = re.compile(
    r"^### Withdrawn: (?P<number>\d+) from round (?P<round>\d+)(?P<expelled> \(expelled\))?\s*$"
)
_NOT_PAIRED = re.compile(r"^### Not paired: (?P<number>\d+) in rounds? (?P<rounds>\d+(, \d+)*)\s*$")


def not_paired_line(number: int, rounds: Sequence[int]) -> str:
    """The comment stating that player ``number`` was not paired in ``rounds`` (paired rounds in
    which he has no row, not withdrawn)."""
    return f"### Not paired: {number} in round{'s' if len(rounds) > 1 else ''} " + ", ".join(
        map(str, rounds)
    )


def withdrawal_line(number: int, round_number: int, *, expelled: bool = False) -> str:
    """The comment stating that player ``number`` withdrew (or was ``expelled``) from round
    ``round_number``."""
    return f"### Withdrawn: {number} from round {round_number}" + (
        " (expelled)" if expelled else ""
    )


def read_stated(
    lines: Sequence[tuple[int, str]],
) -> tuple[dict[int, int], set[int], dict[int, set[int]], list[tuple[int, str]]]:
    """The withdrawals the ``###`` lines state (start number -> round; see
    :func:`withdrawal_line`), the start numbers of those expelled, the rounds each player was
    not paired in (:func:`not_paired_line`), and the other lines, as given."""
    stated: dict[int, int] = {}
    expelled: set[int] = set()
    not_paired: dict[int, set[int]] = {}
    others: list[tuple[int, str]] = []
    for line_no, line in lines:
        found = _WITHDRAWN.match(line)
        absent = _NOT_PAIRED.match(line)
        if found:
            stated[int(found["number"])] = int(found["round"])
            if found["expelled"]:
                expelled.add(int(found["number"]))
        elif absent:
            rounds = not_paired.setdefault(int(absent["number"]), set())
            rounds.update(int(r) for r in absent["rounds"].split(", "))
        else:
            others.append((line_no, line))
    return stated, expelled, not_paired, others


def _spans(rounds: Sequence[int]) -> str:
    """``[1, 2, 3, 5]`` -> ``rounds 1-3, 5``; ``[2]`` -> ``round 2``."""
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    parts: list[str] = []
    start = previous = rounds[0]
    for n in [*rounds[1:], -1]:
        if n == previous + 1:
            previous = n
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = n
    return "rounds " + ", ".join(parts)


def read_absences(
    records: Mapping[int, PlayerRecord],
    entries: Sequence[SwissEntry],
    rounds_planned: int | None,
    stated: Mapping[int, int] | None = None,
    expelled: Set[int] = frozenset(),
    not_paired: Mapping[int, Set[int]] | None = None,
) -> tuple[tuple[SwissPlayer, ...], list[SwissEntry], list[str]]:
    """The players (``withdrawn`` set where the file says so), the rows with a zero-point
    absence for every blank field of a paired round, and one warning line per player whose
    blank fields were read (see the module text); ``stated``: the withdrawals the file states
    (:func:`read_stated`), read as they are; ``expelled``: the start numbers among them
    the file says were expelled; ``not_paired``: the rounds the file states each player was
    not paired in (no row there)."""
    paired = {e.round for e in entries if e.black is not None or e.result is Result.PAIRING_BYE}
    last_paired = max(paired, default=0)
    last = max(rounds_planned or 0, last_paired)
    by_player: dict[tuple[int, str], SwissEntry] = {}
    for entry in entries:
        for name in entry.players():
            by_player[(entry.round, name)] = entry
    players: list[SwissPlayer] = []
    rows = list(entries)
    dropped: set[tuple[int, str]] = set()
    unpaired: set[tuple[int, str]] = set()  # TRF's absences (0000 - Z) that are no row
    warnings: list[str] = []
    for number, record in sorted(records.items()):
        player = record.player
        name = player.name
        for r in sorted((not_paired or {}).get(number, ())):
            given = by_player.get((r, name))
            if given is None or given.result is Result.ZERO_POINT_BYE:
                unpaired.add((r, name))
            else:
                warnings.append(
                    f"line {record.line}: player {number} {name!r} has an entry in round {r}, "
                    "which a '### Not paired' line says the player was not paired in: the entry "
                    "is kept"
                )
        if stated and number in stated:
            # As stated: the absences written for the rounds still to be paired are the
            # withdrawal itself, not requested byes; in a paired round, no row.
            player = replace(player, withdrawn=stated[number], expelled=number in expelled)
            dropped.update((r, name) for r in range(max(stated[number], last_paired + 1), last + 1))
            unpaired.update((r, name) for r in paired if r >= stated[number])
        if player.withdrawn is not None or last_paired == 0:
            players.append(player)
            continue

        def blank(r: int, name: str = name) -> bool:
            return r in paired and (r, name) not in by_player and (r, name) not in unpaired

        def absent(r: int, name: str = name) -> bool:
            entry = by_player.get((r, name))
            if entry is None:
                return r in paired
            return entry.is_bye and entry.result is Result.ZERO_POINT_BYE

        withdrawn: int | None = None
        said = f"line {record.line}: player {number} {name!r}"
        future = range(last_paired + 1, last + 1)
        if (
            future
            and absent(last_paired)
            and all(absent(r) and (r, name) in by_player for r in future)
        ):
            # Absent in every round still to be paired: the file's way to write a withdrawal.
            withdrawn = last_paired + 1
            while withdrawn > 1 and absent(withdrawn - 1):
                withdrawn -= 1
            dropped.update((r, name) for r in future)
            unpaired.update((r, name) for r in paired if r >= withdrawn)
        elif not future and blank(last_paired):
            withdrawn = last_paired
            while withdrawn > 1 and absent(withdrawn - 1):
                withdrawn -= 1
            first_blank = last_paired
            while blank(first_blank - 1):
                first_blank -= 1
            warnings.append(
                f"{said} has no entry from round {first_blank} to the last round of the "
                f"finished event: read as withdrawn from round {withdrawn}; clear Withdrawn in "
                "Swiss Players if the player was only absent"
            )
        gaps = [r for r in sorted(paired) if blank(r) and (withdrawn is None or r < withdrawn)]
        if gaps:
            rows.extend(
                SwissEntry(r, None, name, None, Result.ZERO_POINT_BYE, Location(line=record.line))
                for r in gaps
            )
            then = ""
            if withdrawn is None and last_paired < last:
                then = f"; included when round {last_paired + 1} and later are paired"
                if gaps[-1] == last_paired and not all(map(absent, range(1, last_paired))):
                    then += " (type the Withdrawn round in Swiss Players if the player left)"
            warnings.append(
                f"{said} has no entry in {_spans(gaps)}, already paired: read as not paired "
                f"(a zero-point absence), not as a withdrawal{then}"
            )
        players.append(player if withdrawn is None else replace(player, withdrawn=withdrawn))
    if dropped or unpaired:
        rows = [
            e
            for e in rows
            if not (e.is_bye and (e.round, e.white) in dropped)
            and not (e.result is Result.ZERO_POINT_BYE and (e.round, e.white) in unpaired)
        ]
    return tuple(players), rows, warnings
