"""Who can still win: before a round, for every player, whether he can still finish first on
points (alone, or shared), the results he needs, and why not when he cannot.

This is a statement about **points only**: where players would finish level, tie-breaks decide
the winner, and this module says so instead of guessing them.

The argument, for a player X:

- X's best is to win every remaining game (a win only raises X and lowers his opponent), so
  his maximum T = his points + what the remaining rounds can give him (a win, or the points
  of a bye he has already been given).
- X can be first (shared) iff the other remaining results can be chosen so that nobody ends
  above T (alone: nobody reaches T). Each other player i has a *room* c_i = T - points_i
  (alone: less than that); a game between a and b must give (W, 0), (D, D) or (0, W) within
  the two rooms.
- **Last round, paired.** Each player has one game, so the games are independent: X can be
  first iff every game has a result within its players' rooms. The games that matter are
  those where some result breaks a room; the scenarios are, for each result of X's own game,
  the allowed results of those games ("wins, and Kosten does not win"). Exact.
- **Last round, not paired.** Pairings are assumed free (anyone may meet anyone; the pairing
  rules may forbid some of these pairings, so "can" means "there are pairings and results",
  while "cannot" holds whatever the pairings). X takes as opponent a player with the least
  room; every other player with less than a draw's room must meet one who can win (room at
  least W), and players with a draw's room can draw each other: X can be first iff the
  players with room below D are no more than those with room at least W (a bye, in an odd
  round, goes to one with room at least W). Exact under the assumption, checked against
  every pairing and result by brute force in the tests. The line says what the argument
  uses: who must lose (room below D), who must not win (room below W).
- **Either last round**: one line for each way to be first alone and one for each way to be
  first level, each naming every result it needs (a "level" line names the result that
  makes it level); before a round not paired, the "level" lines only when he cannot be
  alone (which results make it level depends on pairings not made).
- **Two or more rounds left.** "cannot" when someone is already above T, when a game of a
  paired round has no result within its two players' rooms (the later rounds only add
  points), or when the others' rooms cannot absorb the points their games must give out
  (every game gives out at least min(W, 2D)); "can" when a round-by-round schedule is found
  (X meets the player with the least room, the others are paired most room against least
  room; or simply every other game drawn, when every room holds a draw a round); otherwise
  "open": it depends on the pairings. A paired next round is used as it is; when every
  remaining round is paired (a round robin's Berger table), the answer is exact
  (:mod:`ratingbook.events.known_games`).

Pure: points and the rounds' pairings in, frozen values out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ratingbook.events.known_games import fits
from ratingbook.events.last_round import (
    Counted,
    joined,
    last_round_paired,
    last_round_unpaired,
    phrase,
    results,
    rooms,
    without_game,
)

__all__ = ["Contender", "RoundPlan", "contenders", "describe", "game_over"]


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """A remaining round: ``games`` its pairs when paired (None: not paired yet), ``byes`` the
    points of the byes already given for it (requested byes, a paired round's pairing bye),
    ``absent`` players who do not play it (withdrawn), ``number`` its number (for the words),
    ``over`` the players whose game of it is over while it is played (their result already
    in the points, their game not in ``games``)."""

    games: tuple[tuple[str, str], ...] | None = None
    byes: Mapping[str, Fraction] | None = None
    absent: frozenset[str] = frozenset()
    number: int | None = None
    over: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Contender:
    """A player's chances: ``shared`` / ``alone`` True (can), False (cannot) or None (depends
    on pairings not yet made); ``needs`` the results in words; ``scenarios`` the exact
    scenarios when the last round is paired; ``reason`` why not; ``over`` his game of the
    round being played is over (its result in ``points``): every line says so (:func:`describe`,
    end-of-event.md: "Erik's game is over")."""

    name: str
    points: Fraction
    maximum: Fraction
    shared: bool | None
    alone: bool | None
    needs: str
    scenarios: tuple[str, ...] = ()
    reason: str = ""
    over: bool = False

    @classmethod
    def cannot(cls, name: str, points: int, top: int, scale: int, reason: str) -> Contender:
        """A player who cannot finish first, even level (points counted in 1/``scale``)."""
        return cls(
            name, Fraction(points, scale), Fraction(top, scale), False, False, "cannot", (), reason
        )


#: Said after a scenario in which the player is first only level with others.
_LEVEL = " (level on points: tie-breaks decide)"
#: What a found schedule of results shows (pairings not made yet: which results, not said).
_ALL_DRAWN = "{name} wins every game, and the other games can end so that nobody passes {name}"


def _pts(value: int | Fraction, scale: int = 1) -> str:
    """Points as shown: 6½, 7; ``value`` counted in 1/``scale`` points."""
    value = Fraction(value, scale) if isinstance(value, int) else value / scale
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return f"{int(whole) if whole else ''}½"
    return str(float(value))


def contenders(
    points: Mapping[str, Fraction],
    rounds: Sequence[RoundPlan],
    win: Fraction = Fraction(1),
    draw: Fraction = Fraction(1, 2),
    bye: Fraction = Fraction(1),
) -> list[Contender]:
    """Every player's chances before ``rounds`` (the remaining rounds, next first), in order
    of points."""
    # Exact and fast: every quantity counted in whole units of 1/scale points (halves for
    # FIDE's 1-½-0), so the work is integer arithmetic; "less than" is "at most one unit less".
    values = [Fraction(win), Fraction(draw), Fraction(bye), *map(Fraction, points.values())]
    values += [Fraction(p) for r in rounds for p in (r.byes or {}).values()]
    scale = math.lcm(*(v.denominator for v in values))
    units = {n: int(Fraction(p) * scale) for n, p in points.items()}
    plans = [
        Counted(
            r.games,
            {n: int(Fraction(p) * scale) for n, p in (r.byes or {}).items()},
            r.absent,
            r.number,
            r.over,
        )
        for r in rounds
    ]
    w, d, b = (int(Fraction(x) * scale) for x in (win, draw, bye))
    order = sorted(units, key=lambda n: -units[n])
    # No round paired and no bye given yet: the O(1) "all other games drawn" witness applies.
    free = b >= w and all(r.games is None and not r.byes for r in plans)
    found = []
    for name in order:
        # Most players are out at once: someone already has more than their maximum (the
        # leader, or the runner-up when they are the leader). O(1) each, so a 300-player
        # open spends its time only on the few who can still reach the top.
        top = units[name] + _max_gain(name, plans, w, b)
        ahead = next((n for n in order if n != name), None)
        if ahead is not None and units[ahead] > top:
            reason = (
                f"{ahead} has {_pts(units[ahead], scale)} and {name} can reach at most "
                f"{_pts(top, scale)}"
            )
            found.append(Contender.cannot(name, units[name], top, scale, reason))
            continue
        plays = all(name not in r.absent for r in plans)  # he can take an odd round's bye
        if free and plays and ahead is not None and top - units[ahead] - 1 >= d * len(plans):
            # Every other game drawn lifts nobody by more than a draw a round (see
            # _several_rounds): first alone without looking further. O(1).
            found.append(
                Contender(
                    name,
                    Fraction(units[name], scale),
                    Fraction(top, scale),
                    True,
                    True,
                    _ALL_DRAWN.format(name=name),
                    (_ALL_DRAWN.format(name=name),),
                )
            )
            continue
        found.append(_chances(name, units, plans, w, d, b, scale))
    # Whose game of the round being played is over, whatever his chances: his line says it.
    over = plans[0].over if plans else frozenset()
    return [replace(c, over=True) if c.name in over else c for c in found]


def _max_gain(name: str, rounds: Sequence[Counted], win: int, bye: int) -> int:
    gain = 0
    for r in rounds:
        if r.byes and name in r.byes:
            gain += r.byes[name]
        elif name in r.absent:
            continue
        elif r.games is not None:
            gain += win if any(name in g for g in r.games) else 0
        else:
            gain += max(win, bye)
    return gain


def _chances(
    name: str,
    points: Mapping[str, int],
    rounds: Sequence[Counted],
    win: int,
    draw: int,
    bye: int,
    scale: int,
) -> Contender:
    top = points[name] + _max_gain(name, rounds, win, bye)
    if not rounds:
        best = max(points.values())
        level = [n for n in points if points[n] == best]
        return Contender(
            name,
            Fraction(points[name], scale),
            Fraction(top, scale),
            top == best,
            top == best and len(level) == 1,
            "finished",
            reason="" if top == best else "the event is over",
        )
    last = rounds[0] if len(rounds) == 1 and rounds[0].games is not None else None
    if last is not None:
        own = next((g for g in last.games or () if name in g), None)
        return _last_round_exact(name, points, top, last, own, win, draw, scale)
    verdicts = {}
    for strict in (False, True):
        verdicts[strict] = _feasible(name, top, points, rounds, win, draw, bye, strict, scale)
    (shared, why_shared, scen_shared), (alone, why_alone, scen_alone) = (
        verdicts[False],
        verdicts[True],
    )
    if shared is False:
        return Contender.cannot(name, points[name], top, scale, why_shared)
    if alone is True:
        needs = scen_alone[0]
    elif shared is True:
        needs = scen_shared[0]
    elif all(r.games is not None for r in rounds):
        needs = "not worked out: too many results of the games to come to try them all"
    else:
        needs = "depends on the pairings of the rounds to come"
    # The ways to be first alone; only when that cannot be, the ways to be first (then always
    # level). A "level" line beside an "alone" one would have to say which results make it
    # level, which pairings not made yet cannot tell: it is left out.
    scenarios = scen_alone if alone else scen_shared
    return Contender(
        name,
        Fraction(points[name], scale),
        Fraction(top, scale),
        shared,
        alone,
        needs,
        scenarios,
        why_alone if alone is False else "",
    )


def _last_round_exact(
    name: str,
    points: Mapping[str, int],
    top: int,
    plan: Counted,
    own: tuple[str, str] | None,
    win: int,
    draw: int,
    scale: int,
) -> Contender:
    """The last round is paired: for every result of X's game (or his score as it stands when
    he has no game), the exact conditions on the other games (each player has one game, so
    they are independent). A game's results within the rooms for first (``shared``) and
    within those for first alone: all games within the second, first alone; all within the
    first and at least one outside the second, first level. Each line says every condition it
    needs, so a "level" line names the result that makes it level."""
    opponent = None if own is None else own[1] if own[0] == name else own[0]
    # Without a game still to play: over, a bye, or none (last_round.without_game).
    stays = without_game(name, plan, scale)
    outcomes = (
        [(stays, 0, 0)]
        if own is None or opponent is None
        else [
            (f"{name} beats {opponent}", win, 0),
            (f"{name} draws with {opponent}", draw, draw),
            (f"{name} loses to {opponent}", 0, win),
        ]
    )
    gain = _max_gain(name, [plan], win, 0) if own is None else 0
    others = tuple(g for g in plan.games or () if g != own)
    alone_lines: list[str] = []
    level_lines: list[str] = []
    reasons: dict[bool, str] = {}
    for head, mine, theirs in outcomes:
        fixed = dict(points)
        if opponent is not None:
            fixed[name] += mine
            fixed[opponent] += theirs
        mine_top = fixed[name] + gain
        rest = Counted(others, plan.byes, plan.absent, plan.number, plan.over)
        verdict = {}
        for strict in (False, True):
            can, why, _ = _feasible(name, mine_top, fixed, [rest], win, draw, 0, strict, scale)
            verdict[strict] = can
            if not can and (strict not in reasons or head.startswith(f"{name} beats")):
                reasons.setdefault(strict, why)
        if not verdict[False]:
            continue
        room_of = {strict: rooms(name, mine_top, fixed, plan, strict) for strict in (False, True)}
        first = [(a, b, results(a, b, room_of[False], win, draw, "")) for a, b in others]
        if not verdict[True]:  # never alone with this result: every way to be first is level
            level_lines.append(joined(head, [phrase(a, b, ok) for a, b, ok in first]))
            continue
        alone = {(a, b): results(a, b, room_of[True], win, draw, "") for a, b in others}
        needed = [phrase(a, b, alone[a, b]) for a, b, _ in first]
        if opponent is None and not any(needed):
            # Nothing left to him or asked of the others: say so, not a bare "game is over".
            needed = [f"nobody can reach {name} whatever the other results"]
        alone_lines.append(joined(head, needed))
        makes_level = [
            (a, b, [r for r in ok if r not in alone[a, b]])
            for a, b, ok in first
            if len(ok) > len(alone[a, b])
        ]
        if len(makes_level) == 1:  # that game's level-making result, the others as for alone
            a1, b1, level = makes_level[0]
            conditions = [
                phrase(a, b, level if (a, b) == (a1, b1) else alone[a, b]) for a, b, _ in first
            ]
            level_lines.append(joined(head, conditions))
        elif makes_level:
            conditions = [phrase(a, b, ok) for a, b, ok in first]
            either = "; ".join(phrase(a, b, level) for a, b, level in makes_level)
            level_lines.append(joined(head, [*conditions, f"at least one of: {either}"]))
    if not alone_lines and not level_lines:
        return Contender.cannot(name, points[name], top, scale, reasons.get(False, ""))
    scenarios = tuple(alone_lines) + tuple(s + _LEVEL for s in level_lines)
    return Contender(
        name,
        Fraction(points[name], scale),
        Fraction(top, scale),
        True,
        bool(alone_lines),
        scenarios[0],
        scenarios,
        "" if alone_lines else reasons.get(True, ""),
    )


def _feasible(
    name: str,
    top: int,
    points: Mapping[str, int],
    rounds: Sequence[Counted],
    win: int,
    draw: int,
    bye: int,
    strict: bool,
    scale: int,
) -> tuple[bool | None, str, tuple[str, ...]]:
    """(can, reason, scenarios): can X reach ``top`` with nobody above it (``strict``: nobody
    at it)? A room is the most another player may still score."""
    others = [n for n in points if n != name]
    eps = 1 if strict else 0  # whole units: less than T is at most T - 1 unit
    room = {n: top - points[n] - eps for n in others}
    for r in rounds:  # the byes already given are fixed points
        for n, p in (r.byes or {}).items():
            if n in room:
                room[n] -= p
    over = [n for n in others if room[n] < 0]
    if over:
        n = max(over, key=lambda k: top - room[k])
        fixed = top - eps - room[n]
        return (
            False,
            (f"{n} has {_pts(fixed, scale)} and {name} can reach at most {_pts(top, scale)}"),
            (),
        )
    if len(rounds) == 1 and rounds[0].games is not None:
        return last_round_paired(name, room, rounds[0], win, draw, strict, scale)
    if len(rounds) == 1:
        return last_round_unpaired(name, room, rounds[0], win, draw, bye, strict)
    blocked = _paired_game_blocks(name, top, eps, points, room, rounds, win, draw, scale)
    if blocked:
        return False, blocked, ()
    if all(r.games is not None for r in rounds):
        # Every remaining round paired (a round robin's Berger table): X wins his games, and
        # the others' games, all at once, must end within their rooms. Exact.
        left = [g for r in rounds for g in r.games or () if name not in g]
        can, why = fits(room, left, win, draw)
        if not can:
            return can, why.says(name, top, strict, lambda v: _pts(v, scale)) if why else "", ()
        return True, "", (_ALL_DRAWN.format(name=name),)
    return _several_rounds(name, room, rounds, win, draw, bye, scale)


def _paired_game_blocks(
    name: str,
    top: int,
    eps: int,
    points: Mapping[str, int],
    room: Mapping[str, int],
    rounds: Sequence[Counted],
    win: int,
    draw: int,
    scale: int,
) -> str:
    """Why X cannot be first because of a game already paired (empty: no such game). A game
    of a paired round among the others whose every result (a win either way, a draw) lifts one
    of its players past his room proves it whatever the other rounds bring: they can only add
    points. (``eps`` 1: first alone, so reaching X's maximum is too much.)"""
    for r in rounds:
        for a, b in r.games or ():
            if name in (a, b) or a not in room or b not in room:
                continue
            if results(a, b, room, win, draw, ""):
                continue
            # Each result's highest end above a room (byes given in later rounds counted); the
            # least of these over the results.
            ends = []
            for pa, pb in ((win, 0), (draw, draw), (0, win)):
                over = [top - eps - room[n] + got for n, got in ((a, pa), (b, pb)) if got > room[n]]
                ends.append(max(over))
            now = {n: points[n] for n in (a, b)}
            which = f"round {r.number}" if r.number is not None else "a paired round"
            beyond = "more than" if not eps else "as much as"
            return (
                f"{which} pairs {a} ({_pts(now[a], scale)}) with {b} ({_pts(now[b], scale)}): "
                f"whatever its result, one of them ends on at least {_pts(min(ends), scale)}, "
                f"{beyond} {name} can reach ({_pts(top, scale)})"
            )
    return ""


def _several_rounds(
    name: str,
    room: Mapping[str, int],
    rounds: Sequence[Counted],
    win: int,
    draw: int,
    bye: int,
    scale: int,
) -> tuple[bool | None, str, tuple[str, ...]]:
    # The bound: each game among the others gives out at least min(W, 2D).
    least = min(win, 2 * draw)
    given_out = 0
    for r in rounds:
        active = [n for n in room if n not in r.absent and not (r.byes and n in r.byes)]
        if r.games is not None:
            games = sum(1 for a, b in r.games if name not in (a, b))
        else:
            total = len(active) + 1
            games = (total // 2) - 1 if total % 2 == 0 else (total - 1) // 2
        given_out += games * least
    capacity = sum((min(room[n], win * len(rounds)) for n in room), 0)
    if capacity < given_out:
        return (
            False,
            (
                f"the others' games give out at least {_pts(given_out, scale)} points and they "
                f"can take only {_pts(capacity, scale)} without passing {name}"
            ),
            (),
        )
    # Every other game drawn (X taking the pairing bye of an odd round, worth a win) gives
    # nobody more than a draw a round: enough when every room holds that.
    plays = all(name not in r.absent and r.games is None for r in rounds)
    if plays and bye >= win and min(room.values(), default=0) >= draw * len(rounds):
        return True, "", (_ALL_DRAWN.format(name=name),)
    if _schedule(name, dict(room), rounds, win, draw, bye):
        return True, "", (_ALL_DRAWN.format(name=name),)
    return None, "", ()


def _schedule(
    name: str,
    room: dict[str, int],
    rounds: Sequence[Counted],
    win: int,
    draw: int,
    bye: int,
) -> bool:
    """A schedule (free pairings) keeping everyone within his room; False: none was found."""
    for r in rounds:
        if r.games is not None:
            for a, b in r.games:
                if name in (a, b):
                    continue
                if room[a] >= win and room[a] >= room[b]:
                    room[a] -= win
                elif room[b] >= win:
                    room[b] -= win
                elif room[a] >= draw and room[b] >= draw:
                    room[a] -= draw
                    room[b] -= draw
                else:
                    return False
            continue
        active = sorted(
            (n for n in room if n not in r.absent and not (r.byes and n in r.byes)),
            key=lambda n: room[n],
        )
        if name not in r.absent and not (r.byes and name in r.byes):
            if (len(active) + 1) % 2 == 0 and active:
                active.pop(0)
        elif len(active) % 2 == 1:
            if room[active[-1]] < bye:
                return False
            room[active.pop()] -= bye
        # The least room meets the most room: one sorted pass (O(n log n) a round).
        for k in range(len(active) // 2):
            low, high = active[k], active[len(active) - 1 - k]
            if room[high] >= win:
                room[high] -= win
            elif room[low] >= draw and room[high] >= draw:
                room[low] -= draw
                room[high] -= draw
            else:
                return False
    return True


def game_over(c: Contender) -> str:
    """ "Erik's game is over" when his game of the round being played is over (else ""), the
    one spelling of it; a line whose scenario already opens with it does not say it twice."""
    said = f"{c.name}'s game is over"
    return said if c.over and not any(s.startswith(said) for s in c.scenarios) else ""


def describe(c: Contender) -> str:
    """One line an organiser reads: "Kosten (6, at most 7): can win alone: ...", "Erik (3½,
    at most 3½; Erik's game is over): cannot finish first: ..."."""
    over = game_over(c)
    head = f"{c.name} ({_pts(c.points)}, at most {_pts(c.maximum)}{'; ' + over if over else ''})"
    if c.shared is False:
        return f"{head}: cannot finish first: {c.reason}"
    if c.alone:
        return f"{head}: can finish first alone: {c.needs}"
    if c.shared:
        return (
            f"{head}: can finish first only shared ({c.reason or 'tie-breaks decide'}): {c.needs}"
        )
    return f"{head}: open: {c.needs}"
