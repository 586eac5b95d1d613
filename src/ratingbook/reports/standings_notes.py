"""Why a player is ranked where he is, in plain words.

- **Ties**: for every two players next to each other in the standings with the same points,
  the tie-break that put one ahead and both values ("Ann is 3rd, ahead of Bob, on BH/C1: 10.5
  to 10; equal on BH, 11.5"), or that they are equal on every one and share the place. Read
  from the standings table itself, so a note always agrees with the sheet.
- **Breakdowns** (FIDE tie-breaks): what makes up each value, round by round: the opponent and
  his score that counts in a Buchholz, the weighted score in Sonneborn-Berger, what a round
  without an opponent counted as (C.07 art. 16, 2024 or 2026 edition), which round a cut or
  median left out (C.07 art. 14) or Koya's limit did (art. 9.2: an opponent under it); DE
  (art. 6) as the place it is among the players tied on points, step by step, with whom.

Pure: from the standings grid's header and rows, the event, and gacrux's details
(:class:`~ratingbook.fide.TiebreakDetail`).
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.events.codes import TIEBREAK_NAMES
from ratingbook.events.codes import TIEBREAKS as TIEBREAK_KINDS
from ratingbook.events.event import SwissEvent
from ratingbook.fide.gacrux.tiebreaks import FideStanding, FideStandings, TiebreakDetail
from ratingbook.reports.float_reasons import points_text
from ratingbook.reports.tables import SheetGrid

__all__ = ["breakdown_notes", "every_breakdown", "ordinal", "tie_notes"]

#: What each FIDE code is, in words (the one list: :data:`~ratingbook.events.codes.TIEBREAKS`).
NAMES = TIEBREAK_NAMES

#: Tie-breaks whose value is a place, not a score: lower is better. DE (C.07 art. 6) ranks
#: the players tied on points by the points each scored in their games against each other,
#: again among any still tied; gacrux's value is that place (1 = first).
PLACES = frozenset({"DE"})


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
        if header[decided].split("/")[0] in PLACES:
            first, second = upper[decided], lower[decided]
            said = (
                f"placed {ordinal(first)} and {ordinal(second)} among the players tied on points, "
                f"by the points each scored in their games against each other"
                if isinstance(first, int) and isinstance(second, int)
                else f"{_value(first)} to {_value(second)}"
            )
            notes.append(
                (a, b, f"{a} is {place}, ahead of {b}, on {_named(header[decided])}: {said} "
                    f"({points}{also}).")
            )  # fmt: skip
            continue
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
            if e.result is not None and not (e.result.is_played or e.result.is_penalty)
            else ""
        )
        found.setdefault(e.white, {})[e.round] = f"{e.black}{forfeit}"
        found.setdefault(e.black, {})[e.round] = f"{e.white}{forfeit}"
    return found


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _direct_encounter(
    detail: TiebreakDetail,
    steps: Sequence[Sequence[str]],
    met: Collection[str],
    level: _Level = ((), (), ()),
) -> str:
    """DE taken apart: gacrux's details are not rounds but steps (C.07 art. 6): the points
    scored against the other players still tied, the first step among all tied on points;
    ``met``: the players he has had a game against; ``level``: the tie-breaks before it and
    the players level with him on points and on every one of them (:func:`_level`)."""
    article = TIEBREAK_KINDS["DE"].article
    if not detail.by_round:
        before, on_points, still = level
        if still:  # level on everything before it, and yet no step: gacrux's, not ours, to say
            return f"{_named(detail.code)}: not used (C.07 art. {article})."
        same = "the same points"
        if before and on_points:  # some are level on points: a tie-break before it parted them
            same += f" and the same {_names(before)}"
        return f"{_named(detail.code)}: not used: no other player has {same} (C.07 art. {article})."
    parts = []
    for step in sorted(detail.by_round):
        among = steps[step - 1] if step <= len(steps) else ()
        played = [n for n in among if n in met]
        unmet = [n for n in among if n not in met]
        then = "" if step == 1 else "then, still tied, "
        if among and not played:
            parts.append(f"{then}no game yet against {_names(unmet)}")
            continue
        who = f" against {_names(played)}" if played else ""
        yet = f" ({_names(unmet)} not met yet)" if unmet else ""
        parts.append(f"{then}{points_text(detail.by_round[step])}{who}{yet}")
    # gacrux gives a place within the tied group, 1 first; 0 when it separates none of them.
    place = (
        "it separates none of the players tied on points"
        if detail.value == 0
        else f"{ordinal(int(detail.value))} of the players tied on points"
    )
    return (
        f"{_named(detail.code)} {_value(detail.value)}: {place}, by the points each scored "
        f"in their games against each other (C.07 art. {article}): {'; '.join(parts)}."
    )


def _breakdown(
    detail: TiebreakDetail,
    opponents: Mapping[int, str],
    rules: str,
    steps: Sequence[Sequence[str]] = (),
    level: _Level = ((), (), ()),
) -> str:
    base = detail.code.split("/")[0]
    if base in PLACES:
        return _direct_encounter(detail, steps, {_met(o) for o in opponents.values()}, level)
    if not detail.by_round:
        return f"{_named(detail.code)}: {_value(detail.value)}."
    parts = []
    for number in sorted(detail.by_round):
        who = opponents.get(number, "not paired")
        mark = (
            (" [left out: the opponent scored under the limit]" if base == "KS" else " [cut]")
            if number in detail.cut
            else ""
        )
        parts.append(f"round {number} {who} {_value(detail.by_round[number])}{mark}")
    what = {
        "BH": "the opponents' scores",
        "SB": "each opponent's score times the result against that opponent",
        "PTS": "the points of each round",
    }.get(base, "round by round")
    text = f"{_named(detail.code)} {_value(detail.value)}: {what}: {'; '.join(parts)}."
    if detail.cut and base == "KS":
        rounds = ", ".join(str(r) for r in detail.cut)
        plural = "s" if len(detail.cut) > 1 else ""
        text += (
            f" Koya counts only the games against opponents who scored the limit or more "
            f"(50 % of the points possible, unless the code moves it: C.07 art. "
            f"{TIEBREAK_KINDS['KS'].article}); it leaves out round{plural} {rounds}."
        )
    elif detail.cut:
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
        line.name: [_breakdown(d, opponents.get(line.name, {}), standings.rules,
                               _tied_steps(standings, line.name, i), _level(standings, line, i))
                    for i, d in enumerate(line.details)]
        for line in standings.lines
        if names is None or line.name in names
    }  # fmt: skip


#: (the tie-breaks before one, by code; the players level with one on points; those of them
#: level on every tie-break before it too)
_Level = tuple[Sequence[str], Sequence[str], Sequence[str]]


def _level(standings: FideStandings, line: FideStanding, at: int) -> _Level:
    """For the tie-break at detail ``at`` of ``line``: the codes of the tie-breaks before it
    (points left out), the other players with the same points, and those of them with the
    same value of every tie-break before it too."""
    before = [d.code for d in line.details[:at] if d.code.split("/")[0] != "PTS"]
    on_points = [o for o in standings.lines if o.name != line.name and o.points == line.points]
    mine = [d.value for d in line.details[:at]]
    still = [o.name for o in on_points if [d.value for d in o.details[:at]] == mine]
    return before, [o.name for o in on_points], still


def _met(opponent: str) -> str:
    """The player named in an opponent's entry (a forfeit's mark left off)."""
    return opponent.removesuffix(" (forfeit)").removesuffix(" (adjourned)")


def _tied_steps(standings: FideStandings, name: str, at: int) -> list[list[str]]:
    """For a place-valued tie-break (DE) at detail ``at``: the other players ``name`` was
    still tied with at each step: the first, all with his points; each next, those of them
    who scored as he did in every step before (and had that step too)."""
    lines = {line.name: line for line in standings.lines}
    me = lines[name]
    if not me.details or me.details[at].code.split("/")[0] not in PLACES:
        return []
    mine = me.details[at].by_round
    steps = []
    for step in sorted(mine):
        steps.append([
            other.name for other in standings.lines
            if other.name != name and other.points == me.points
            and step in other.details[at].by_round
            and all(other.details[at].by_round.get(s) == mine[s] for s in mine if s < step)
        ])  # fmt: skip
    return steps
