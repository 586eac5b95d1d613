"""The last round, in words: the results of a game within its players' rooms (the most each may
still score), those results said ("Adams does not beat Cole"), and the last round's verdicts
(paired: each game independent; not paired: free pairings), for
:mod:`ratingbook.events.contenders`, which argues and explains there. Pure; points counted in
whole units (see :func:`ratingbook.events.contenders.contenders`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.events.prizes import points_text

__all__ = [
    "Counted",
    "joined",
    "last_round_paired",
    "last_round_unpaired",
    "phrase",
    "results",
    "rooms",
    "without_game",
]


@dataclass(frozen=True, slots=True)
class Counted:
    """A :class:`~ratingbook.events.contenders.RoundPlan` counted in whole units."""

    games: tuple[tuple[str, str], ...] | None
    byes: Mapping[str, int]
    absent: frozenset[str]
    number: int | None = None
    over: frozenset[str] = frozenset()


def joined(head: str, conditions: Sequence[str]) -> str:
    """ "Kosten beats Berg, and Adams and Cole draw": the conditions that restrict a result."""
    return ", and ".join([head, *(c for c in conditions if c)])


def rooms(
    name: str, top: int, points: Mapping[str, int], plan: Counted, strict: bool
) -> dict[str, int]:
    """The most each other player may still score this round for X on ``top`` to be first
    (``strict``: first alone), the byes already given counted."""
    room = {n: top - points[n] - (1 if strict else 0) for n in points if n != name}
    for n, p in (plan.byes or {}).items():
        if n in room:
            room[n] -= p
    return room


def results(a: str, b: str, room: Mapping[str, int], win: int, draw: int, given: str) -> list[str]:
    """The results of a-b within both rooms (``given``: a's opponent is X, who gets ``given``)."""
    allowed = []
    for result, (pa, pb) in (("1-0", (win, 0)), ("½-½", (draw, draw)), ("0-1", (0, win))):
        if (a not in room or room[a] >= pa) and (b not in room or room[b] >= pb):
            allowed.append(result)
    return allowed


def phrase(a: str, b: str, allowed: Sequence[str]) -> str:
    """The results ``allowed`` of a-b in words; empty when every result is."""
    s = set(allowed)
    if len(s) == 3:
        return ""
    if s == {"1-0", "0-1"}:
        return f"{a} and {b} do not draw"
    if s == {"½-½", "0-1"}:
        return f"{a} does not beat {b}"
    if s == {"1-0", "½-½"}:
        return f"{b} does not beat {a}"
    if s == {"0-1"}:
        return f"{a} loses to {b}"
    if s == {"1-0"}:
        return f"{b} loses to {a}"
    if s == {"½-½"}:
        return f"{a} and {b} draw"
    return f"{a}-{b}: " + " or ".join(allowed)


def last_round_paired(
    name: str,
    room: Mapping[str, int],
    plan: Counted,
    win: int,
    draw: int,
    strict: bool,
    scale: int,
) -> tuple[bool | None, str, tuple[str, ...]]:
    """X's own game already decided (or none): the other games, each within its rooms
    (``scale``: points are counted in 1/``scale`` units)."""
    conditions: list[str] = []
    blocked: list[str] = []
    for a, b in plan.games or ():
        if name in (a, b):
            continue
        allowed = results(a, b, room, win, draw, "")
        if not allowed:
            verb = "reach" if strict else "pass"
            blocked.append(f"{a} or {b} would {verb} {name} whatever the result of their game")
        elif len(allowed) < 3:
            conditions.append(phrase(a, b, allowed))
    if blocked:
        return False, "; ".join(blocked), ()
    # X's own game is decided by the caller, or over, or he has none.
    return True, "", (", and ".join([without_game(name, plan, scale), *conditions]),)


def without_game(name: str, plan: Counted, scale: int) -> str:
    """The round of a player with no game still to play in it, the one spelling of it: his
    game is over (its result already in his points), his bye gives him its points (the
    round's result, counted in his maximum: "stays on his score" was not so when a pairing
    bye took him from 3 to 4, issue 34), or he has neither ("stays on his score")."""
    if name in plan.over:
        return f"{name}'s game is over"
    if plan.byes and name in plan.byes:
        got = Fraction(plan.byes[name], scale)
        amount = "no points" if not got else f"{points_text(got)} point{'s' if got > 1 else ''}"
        return f"{name}'s bye gives {amount}"
    return f"{name}'s score stays as it is"


def last_round_unpaired(
    name: str,
    room: Mapping[str, int],
    plan: Counted,
    win: int,
    draw: int,
    bye: int,
    strict: bool,
) -> tuple[bool | None, str, tuple[str, ...]]:
    playing = sorted(
        (n for n in room if n not in plan.absent and not (plan.byes and n in plan.byes)),
        key=lambda n: room[n],
    )
    # What the proof uses, in the order of the standings: who must score nothing (a draw
    # would lift him too high) and who must not win.
    must_lose = [n for n in room if n in playing and room[n] < draw]
    no_win = [n for n in room if n in playing and draw <= room[n] < win]
    x_plays = name not in plan.absent and not (plan.byes and name in plan.byes)
    if x_plays and len(playing) % 2 == 1:
        playing.pop(0)  # X meets the player with the least room
    elif x_plays and bye < win:
        playing.pop(0)  # X must play to reach his maximum; the bye goes to another player
        if not playing or room[playing[-1]] < bye:
            return False, "the pairing bye would lift any player who takes it too high", ()
        playing.pop()
    elif not x_plays and len(playing) % 2 == 1:
        if room[playing[-1]] < bye:
            return False, "the pairing bye would lift any player who takes it too high", ()
        playing.pop()  # the bye to the player with the most room
    below_draw = sum(1 for n in playing if room[n] < draw)
    can_win = sum(1 for n in playing if room[n] >= win)
    if below_draw <= can_win:
        conditions = [f"{name} wins", *(f"{n} loses" for n in must_lose)]
        conditions += [f"{n} does not win" for n in no_win]
        if must_lose:
            # Free pairings (the module's assumption): each who must lose meets a player who
            # can take the win, which the count above shows there are.
            whom = must_lose[0] if len(must_lose) == 1 else "each of them"
            conditions.append(f"the pairings give {whom} an opponent who can take the win")
        elif not no_win:
            verb = "reach" if strict else "pass"
            conditions.append(f"nobody can {verb} {name} whatever the other results")
        return True, "", (", and ".join(conditions),)
    near = [n for n in playing if room[n] < draw]
    what = "first alone" if strict else "first"
    return (
        False,
        (
            f"cannot be {what}: {len(near)} players ({', '.join(near[:4])}"
            f"{', ...' if len(near) > 4 else ''}) cannot even draw, and only {can_win} others can "
            "take a win from them"
        ),
        (),
    )
