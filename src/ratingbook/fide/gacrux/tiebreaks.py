"""FIDE's tie-breaks (C.07) by gacrux's code (``gacrux.tiebreak``), which chooses the 2024 or the
2026 rules for unplayed rounds by the event's start date.

gacrux reads the codes as :mod:`ratingbook.events.codes` writes them (``TPN/R``, ``KS/L+1``,
``RND``). What gacrux does not know comes from the event's rules: the drawing of lots
(:mod:`ratingbook.events.lots`, handed to gacrux as each competitor's ``random``), the players
the standings leave out (:mod:`ratingbook.events.unranked`: their games left out too where the
rules say so, their lines dropped and the others ranked without them), the rating an
unrated player counts as (the ``Unrated Rating`` setting) and the values the arbiter typed from
outside (``MAN``, a play-off or a place given by hand: added to gacrux's list of tie-breaks for
the one computation, :func:`_typed_values`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from gacrux.tiebreak import tiebreak

from ratingbook.events.event import SwissEvent
from ratingbook.events.long_event import tiebreak_event
from ratingbook.events.lots import drawing_of_lots
from ratingbook.events.unranked import Unranked, unranked
from ratingbook.fide.gacrux.event import gacrux_tournament

__all__ = ["FideStanding", "FideStandings", "TiebreakDetail", "fide_standings"]


@dataclass(frozen=True, slots=True)
class TiebreakDetail:
    """How gacrux made one value: what each round contributed (the opponent's score for
    Buchholz, the weighted score for Sonneborn-Berger, the points for PTS; an unplayed round
    its article-16 value) and which rounds a cut or median dropped."""

    code: str
    value: Fraction
    by_round: dict[int, Fraction]
    cut: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FideStanding:
    """One line of the FIDE standings: rank (ties share it), points, one value per tie-break."""

    rank: int
    name: str
    rating: int | None
    points: Fraction
    values: tuple[float | int | None, ...]
    #: With ``details``: one per code (PTS first), else empty.
    details: tuple[TiebreakDetail, ...] = ()


@dataclass(frozen=True, slots=True)
class FideStandings:
    """The standings after ``after_round``, under the tie-break rules of ``rules`` (2024/2026);
    ``unranked``: the players left out of ``lines``, each with why."""

    codes: tuple[str, ...]
    after_round: int
    rules: str
    lines: tuple[FideStanding, ...]
    unranked: tuple[Unranked, ...] = ()


def _number(value: object) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        return (
            int(value)
            if value == value.to_integral_value() and value.as_tuple().exponent == 0
            else float(value)
        )
    if isinstance(value, int | float):
        return value
    return float(str(value))


@functools.lru_cache(maxsize=4096)
def _fraction_of(text: str) -> Fraction | None:
    """``text`` as an exact number, or None when it is not one: read once for the many
    details that write the same few values (a Fraction cannot change, so one serves all)."""
    try:
        return Fraction(text)
    except ValueError:
        return None


def _detail(raw: dict[str, Any]) -> TiebreakDetail:
    rounds = {}
    for key, value in raw.items():
        if str(key).isdigit() and value not in (None, ""):
            # DE's details are "score" or, where not all the tied players met, "score/most
            # possible" (a tab before a step written twice): the score counts, never a fraction.
            number = _fraction_of(str(value).strip().split("/")[0])
            if number is None:
                continue  # a detail that is not a number (a code, a rank): not a contribution
            rounds[int(key)] = number
    cut = tuple(int(c) for c in raw.get("cut", []) or [])
    value = _fraction_of(str(raw.get("val", 0)))
    return TiebreakDetail(
        str(raw.get("desc", "")), Fraction(0) if value is None else value, rounds, cut
    )


def fide_standings(
    event: SwissEvent,
    codes: Sequence[str],
    after_round: int | None = None,
    *,
    details: bool = False,
) -> FideStandings:
    """Points and the FIDE tie-breaks ``codes`` (e.g. ``BH/C1``), ranked, computed by gacrux.

    The standings cover the rounds up to ``after_round`` (default: the rounds every view
    counts, :attr:`~ratingbook.events.event.SwissEvent.standings_round`). Rounds after it are
    left out, as are their requested byes. The players the rules leave out
    (:func:`~ratingbook.events.unranked.unranked`) are in ``unranked``, not in ``lines``; where
    the rules say so their games are left out too.
    """
    last_complete = event.standings_round
    upto = last_complete if after_round is None else min(after_round, last_complete)
    left_out = unranked(event)
    dropped = {u.name for u in left_out if u.games_dropped}
    rated = tiebreak_event(event)  # an event over 30 days: the period's ratings asked for
    shown = SwissEvent(
        rated.players,
        tuple(e for e in event.entries if e.round <= upto and not dropped & set(e.players())),
        event.settings,
        rated.numbering,
    )
    tournament = gacrux_tournament(shown)
    tournament.pop("accelerated", None)  # virtual points are for the pairing only (C.04.5.1)
    numbers = event.start_numbers()
    lots = drawing_of_lots(event)
    by_number = {n: event.player(name) for name, n in numbers.items()}
    for competitor in tournament["competitors"]:
        # gacrux's RND ranks by "random"; it draws its own only where none is given.
        competitor["random"] = lots[by_number[competitor["cid"]].name]
    tournament["numRounds"] = max(upto, 1)
    tournament["currentRound"] = upto
    params: dict[str, Any] = {
        "tiebreak": ["PTS", *codes],
        "check": details,  # gacrux's check mode also hands back each value's details
        # Said, never guessed: gacrux would take a small Swiss for a round robin. In a round
        # robin every game was planned (C.07: "pre-determined"), which changes how unplayed
        # games and the sitting-out rounds count.
        **({"pre_determined": True} if event.settings.round_robin else {"swiss": True}),
        "experimental": [],
        "verbose": 0,
        # The rating unrated players count as (Swiss Settings, Unrated Rating); None leaves
        # ARO, TPR, PTP, APRO, APPO and RTNG empty when any player is unrated.
        "unrated": unrated_as(rated),
    }
    engine = tiebreak(tournament, upto, params)
    if any(code.split("/")[0] == "MAN" for code in codes):
        _typed_values(engine, {n: p.tiebreak_value for n, p in by_number.items()})
    result = engine.compute_tiebreaks(tournament, params)
    out = {u.name for u in left_out}
    lines = []
    for competitor in result["competitors"]:
        player = by_number[competitor["cid"]]
        if player.name in out:
            continue
        scores = _shown(competitor["tiebreakScore"], codes, player.tiebreak_value)
        lines.append(
            FideStanding(
                rank=int(competitor["rank"]),
                name=player.name,
                rating=player.rating,
                points=Fraction(str(scores[0])),
                values=tuple(_number(v) for v in scores[1:]),
                details=tuple(_detail(d) for d in competitor.get("tiebreakDetails", ())),
            )
        )
    lines.sort(key=lambda s: (s.rank, numbers[s.name]))
    if out:
        # Ranked without the players left out: each rank is 1 + the lines ahead of it (ties
        # still share theirs).
        lines = [
            replace(line, rank=1 + sum(1 for other in lines if other.rank < line.rank))
            for line in lines
        ]
    rules = "2024" if str(result["rules"]) < "2026-03-01" else "2026"
    return FideStandings(tuple(codes), upto, rules, tuple(lines), left_out)


#: What a player without a typed value counts as under ``MAN/R`` (the lower the better): after
#: every value typed. gacrux would rank an empty value first in an ascending order.
_NO_PLACE = Decimal(10) ** 9


def _typed_values(engine: Any, values: dict[int, Fraction | None]) -> None:
    """Teach this one gacrux computation the code ``MAN``: each competitor's value is the one
    typed for him (``values``, by start number), the higher the better (``MAN/R``: the lower).
    gacrux keeps its tie-breaks in a table of its instance, each a function that writes every
    competitor's value, so the code is added there, as gacrux's own ``RND`` reads its values."""

    def compute(tb: dict[str, Any], cmps: dict[int, Any], rounds: int) -> str:
        prefix = engine.get_scoreinfo(tb, True)[3]
        ascending = not tb["modifiers"]["rev"]  # MAN's own order is descending: /R flips it
        for number, cmp in cmps.items():
            typed = values.get(number)
            value = None if typed is None else Decimal(typed.numerator) / typed.denominator
            if value is None and ascending:
                value = _NO_PLACE
            cmp["tbval"][prefix + "man"] = {"val": value}
        return "man"

    engine.tiebreaklist["MAN"] = {
        "name": "MAN",
        "func": compute,
        "rev": True,  # gacrux's word for "the higher the better"
        "flag": "",
        "desc": "Value typed by the arbiter",
    }


def _shown(scores: Sequence[object], codes: Sequence[str], typed: Fraction | None) -> list[object]:
    """gacrux's values (PTS first) with ``MAN``'s shown as typed (empty when none was)."""
    shown = list(scores)
    for index, code in enumerate(codes, start=1):
        if code.split("/")[0] == "MAN":
            shown[index] = None if typed is None else Decimal(typed.numerator) / typed.denominator
    return shown


def unrated_as(event: SwissEvent) -> int | None:
    """The rating an unrated player counts as in the rating-based tie-breaks (ARO, TPR, PTP,
    APRO, APPO, RTNG), as the ``Unrated Rating`` setting says: a rating typed (the first
    method: one rating the event's regulations give every unrated player, 0 included), or
    ``Average`` (the second: the average rating of the event's rated players, rounded half
    up), or None (empty: those tie-breaks are left empty when any player is unrated)."""
    settings = event.settings
    if not settings.unrated_average:
        return settings.unrated_rating
    ratings = [p.rating for p in event.players if p.rating]
    if not ratings:
        return None
    return int(Fraction(sum(ratings), len(ratings)) + Fraction(1, 2))
