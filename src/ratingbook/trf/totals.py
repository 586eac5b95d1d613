"""A TRF file's own totals (001 columns 81-84) against its round entries: the one witness of
what a bye written without a result letter was worth.

Programs write a bye as ``0000 -`` with no result letter, or with no opponent at all, and give
its worth only in the player's total. For each player whose entries add up to less than the
file's total, the byes without a letter are read as the byes that make the totals agree, as
plainly as the numbers allow, preferring (in this order):

1. all of them half-point byes (the bye a player asks for);
2. one of them the round's pairing-allocated bye (in a round that has none: the odd player out
   of the round, whom older programs gave a bye without a letter) and the others worth the same;
3. all of them full-point byes;
4. half-point byes from the first round on, as many as the difference needs.

A file's total may count the byes entered for a round not yet paired (JaVaFo's files do) or
leave them out (others do): either agrees.
Each reading is a warning line per player and round, saying what was read and why. A
difference these byes cannot explain (no such bye, a total below ours, a difference that is not
a number of half points) is imported as written, with a warning naming the player, the file's
total and ours. Never silent. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.events.codes import Scoring
from ratingbook.events.event import SwissEntry

__all__ = ["agree_with_totals"]

_KINDS = {
    Result.ZERO_POINT_BYE: "a zero-point bye",
    Result.HALF_POINT_BYE: "a half-point bye",
    Result.FULL_POINT_BYE: "a full-point bye",
    Result.PAIRING_BYE: "the pairing-allocated bye",
}


def _points(value: Fraction) -> str:
    return f"{float(value):g}"


def agree_with_totals(
    entries: Sequence[SwissEntry],
    unknown: set[tuple[int, str]],
    declared: Mapping[str, tuple[Fraction | None, int]],
    scoring: Scoring,
) -> tuple[list[SwissEntry], list[str]]:
    """``entries`` with the byes of ``unknown`` ((round, player), read as zero-point byes so
    far) read as the file's totals (``declared``: player -> (total, its line)) say, and the
    warning lines."""
    # A file's total counts the rounds paired so far; byes entered for a later round do not.
    paired = max(
        (e.round for e in entries if e.black is not None or e.result is Result.PAIRING_BYE),
        default=0,
    )
    ours: dict[str, Fraction] = dict.fromkeys(declared, Fraction(0))
    ahead: dict[str, Fraction] = dict.fromkeys(declared, Fraction(0))
    for entry in entries:
        wp, bp = scoring.points(entry.result)
        counted = ours if entry.round <= paired else ahead
        counted[entry.white] += wp
        if entry.black is not None:
            counted[entry.black] += bp
    pab_rounds = {e.round for e in entries if e.result is Result.PAIRING_BYE}
    chosen: dict[tuple[int, str], Result] = {}
    warnings: list[str] = []
    for name, (total, line) in declared.items():
        if total is None or total in (ours[name], ours[name] + ahead[name]):
            continue
        rounds = sorted(r for r, who in unknown if who == name and r <= paired)
        reading = _reading(total - ours[name], rounds, scoring, pab_rounds)
        if reading is None:
            blank = (
                f"; its byes without a result letter (rounds {', '.join(map(str, rounds))}) "
                "cannot make up the difference"
                if rounds
                else ""
            )
            warnings.append(
                f"line {line}: {name!r} has {_points(total)} points in the file but "
                f"{_points(ours[name])} from the round entries{blank}; imported as written"
            )
            continue
        for round_number, read_as in reading.items():
            chosen[(round_number, name)] = read_as
            if read_as is not Result.ZERO_POINT_BYE:
                warnings.append(
                    f"line {line}: round {round_number}: the bye of {name!r} has no result "
                    f"letter; read as {_KINDS[read_as]}, so that the player's points equal the "
                    f"file's total {_points(total)}"
                )
            if read_as is Result.PAIRING_BYE:
                pab_rounds.add(round_number)
    if not chosen:
        return list(entries), warnings
    resolved: list[SwissEntry] = []
    for entry in entries:
        kind = chosen.get((entry.round, entry.white)) if entry.black is None else None
        if kind is not None:
            board: int | None = None
            if kind is Result.PAIRING_BYE:
                games = [e for e in entries if e.round == entry.round and e.black is not None]
                board = len(games) + 1
            entry = SwissEntry(entry.round, board, entry.white, None, kind, entry.where)
        resolved.append(entry)
    return resolved, warnings


def _reading(
    missing: Fraction,
    rounds: Sequence[int],
    scoring: Scoring,
    pab_rounds: set[int],
) -> dict[int, Result] | None:
    """The kinds of the byes in ``rounds`` that add up to ``missing`` points (see the module
    text for the order of preference), or None when none do."""
    if not rounds or missing <= 0:
        return None
    values = {
        Result.HALF_POINT_BYE: scoring.draw,
        Result.FULL_POINT_BYE: scoring.win,
    }
    if scoring.draw * len(rounds) == missing:  # 1. all half-point byes
        return dict.fromkeys(rounds, Result.HALF_POINT_BYE)
    candidates = [r for r in rounds if r not in pab_rounds]
    for pab in candidates:  # 2. one pairing-allocated bye, the others alike
        rest = [r for r in rounds if r != pab]
        left = missing - scoring.pairing_bye
        for kind, value in values.items():
            if left == value * len(rest):
                return {pab: Result.PAIRING_BYE, **dict.fromkeys(rest, kind)}
        if left == 0:
            return {pab: Result.PAIRING_BYE, **dict.fromkeys(rest, Result.ZERO_POINT_BYE)}
    if scoring.win * len(rounds) == missing:  # 3. all full-point byes
        return dict.fromkeys(rounds, Result.FULL_POINT_BYE)
    half = scoring.draw  # 4. half-point byes from the first round on
    if half and missing % half == 0 and missing / half <= len(rounds):
        count = int(missing / half)
        return {
            r: Result.HALF_POINT_BYE if i < count else Result.ZERO_POINT_BYE
            for i, r in enumerate(rounds)
        }
    return None
