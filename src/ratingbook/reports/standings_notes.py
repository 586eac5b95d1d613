"""Why a player is ranked where he is, in plain words.

- **Ties**: for every two players next to each other in the standings with the same points,
  the tie-break that put one ahead and both values ("Ann is 3rd, ahead of Bob, on BH/C1: 10.5
  to 10; equal on BH, 11.5"), or that they are equal on every one and share the place. Read
  from the standings table itself, so a note always agrees with the sheet.
- **Breakdowns** (FIDE tie-breaks): what makes up each value, round by round: the opponent and
  his score that counts in a Buchholz, the weighted score in Sonneborn-Berger, what a round
  without an opponent counted as (C.07 art. 16, 2024 or 2026 edition), and which round a cut or
  median left out (C.07 art. 14).

Pure: from the standings grid's header and rows, the event, and gacrux's details
(:class:`~ratingbook.fide.TiebreakDetail`).
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.events.codes import TIEBREAK_NAMES
from ratingbook.events.event import SwissEvent
from ratingbook.fide.gacrux.tiebreaks import FideStandings, TiebreakDetail
from ratingbook.reports.pairing_notes import points_text
from ratingbook.reports.tables import SheetGrid

__all__ = ["breakdown_notes", "every_breakdown", "ordinal", "tie_notes"]

#: What each FIDE code is, in words (the one list: :data:`~ratingbook.events.codes.TIEBREAKS`).
NAMES = TIEBREAK_NAMES


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _value(value: object) -> str:
    if value is None or value == "":
        return "none"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, Fraction):
        return str(int(value)) if value.denominator == 1 else f"{float(value):g}"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _named(code: str) -> str:
    base = code.split("/")[0]
    name = NAMES.get(base)
    if name is None:
        return code
    modifier = code[len(base) + 1 :]
    if modifier[:1] in ("C", "M") and modifier[1:].isdigit():
        kind = "cut" if modifier[0] == "C" else "median"
        name = f"{name} {kind} {modifier[1:]}"
    elif modifier:
        name = f"{name}, {modifier}"
    return f"{code} ({name})"


def tie_notes(standings: SheetGrid) -> list[tuple[str, str, str]]:
    """For each player tied on points with the next one: (his name, the next one's, the note),
    from the standings table's own tie-break columns (:attr:`SheetGrid.tiebreaks`)."""
    header, rows = standings.header, standings.rows
    name_at, points_at = header.index("Name"), header.index("Points")
    rank_at = header.index("Rank")
    codes = standings.tiebreaks
    notes = []
    for upper, lower in itertools.pairwise(rows):
        if upper[points_at] != lower[points_at]:
            continue
        a, b = str(upper[name_at]), str(lower[name_at])
        rank = upper[rank_at]
        place = ordinal(rank) if isinstance(rank, int) else str(rank)
        equal = []
        decided = None
        for i in codes:
            if upper[i] == lower[i]:
                equal.append(f"{header[i]} {_value(upper[i])}")
                continue
            decided = i
            break
        shown = upper[points_at]
        number = Fraction(str(shown)) if isinstance(shown, int | float) else None
        points = f"both have {points_text(number) if number is not None else _value(shown)}"
        if decided is None:
            said = f"; equal on {', '.join(equal)}" if equal else ""
            notes.append(
                (a, b, f"{a} and {b} share {place} place: {points}{said}, and no tie-break "
                    "separates them (C.07).")
            )  # fmt: skip
            continue
        also = f"; equal on {', '.join(equal)}" if equal else ""
        notes.append(
            (a, b, f"{a} is {place}, ahead of {b}, on {_named(header[decided])}: "
                f"{_value(upper[decided])} to {_value(lower[decided])} ({points}{also}).")
        )  # fmt: skip
    return notes


def _opponents(event: SwissEvent) -> dict[str, dict[int, str]]:
    """Each player's opponent in each round, or what the round was when he had none (the
    event's rows read once)."""
    found: dict[str, dict[int, str]] = {}
    for e in event.entries:
        if e.black is None:
            what = f"no opponent ({e.result.value if e.result else 'bye'})"
            found.setdefault(e.white, {})[e.round] = what
            continue
        forfeit = (
            " (adjourned)"
            if e.result is Result.ADJOURNED
            else " (forfeit)"
            if e.result is not None and not e.result.is_played
            else ""
        )
        found.setdefault(e.white, {})[e.round] = f"{e.black}{forfeit}"
        found.setdefault(e.black, {})[e.round] = f"{e.white}{forfeit}"
    return found


def _breakdown(detail: TiebreakDetail, opponents: Mapping[int, str], rules: str) -> str:
    base = detail.code.split("/")[0]
    if not detail.by_round:
        return f"{_named(detail.code)}: {_value(detail.value)}."
    parts = []
    for number in sorted(detail.by_round):
        who = opponents.get(number, "not paired")
        mark = " [cut]" if number in detail.cut else ""
        parts.append(f"round {number} {who} {_value(detail.by_round[number])}{mark}")
    what = {
        "BH": "the opponents' scores",
        "SB": "each opponent's score times the result against him",
        "PTS": "the points of each round",
    }.get(base, "round by round")
    text = f"{_named(detail.code)} {_value(detail.value)}: {what}: {'; '.join(parts)}."
    if detail.cut:
        rounds = ", ".join(str(r) for r in detail.cut)
        plural = "s" if len(detail.cut) > 1 else ""
        text += f" The cut leaves out round{plural} {rounds} (C.07 art. 14)."
    if any(
        opponents.get(r, "not paired").startswith(("no opponent", "not paired"))
        or opponents.get(r, "").endswith("(forfeit)")
        for r in detail.by_round
    ) and base in ("BH", "SB"):
        text += (
            f" A round without a game counts as C.07 art. 16 of the {rules} rules says "
            "(16.2-16.4: a dummy opponent)."
        )
    return text


def breakdown_notes(event: SwissEvent, standings: FideStandings, name: str) -> list[str]:
    """One line per tie-break of ``name``'s standing (points first), each value taken apart."""
    return every_breakdown(event, standings, (name,)).get(name, [])


def every_breakdown(
    event: SwissEvent, standings: FideStandings, names: Collection[str] | None = None
) -> dict[str, list[str]]:
    """:func:`breakdown_notes` of every player in the standings (or of ``names``), the event
    read once for all of them."""
    opponents = _opponents(event)
    return {
        line.name: [_breakdown(d, opponents.get(line.name, {}), standings.rules)
                    for d in line.details]
        for line in standings.lines
        if names is None or line.name in names
    }  # fmt: skip
