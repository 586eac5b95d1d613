"""Why a player floats down out of a score group, each reason citing the rule that holds, and
the words of a score (``2½ points``, ``the 2½-point group``): the one home of float reasons.

- the only player on his score;
- out of a group of an odd number of players: the odd one out (``left over``) only when a
  pairing of the group with him in it keeps the absolute rules; else the rules that stop it
  (C.1 alone, naming the players he met and the round, when he may meet none of the others);
- out of a group of an even number: "no pairing within the group kept the absolute rules"
  only when a search of the group's pairings under C.1 and C.3 finds none, citing the criteria
  that stop it (C.1 alone for two players who met, whatever their colours); when it finds one,
  the players below are searched, and completion (C.4) is named with the fact that stops them.

Rules are cited as FIDE's Dutch system (C.04.3) numbers them in its 2017 text: C.1 no two
players meet twice (nor a forbidden pair), C.2 no second pairing-allocated bye, C.3 no two
players with the same absolute colour preference meet, C.4 completion. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ratingbook.fide.gacrux.analysis import PlayerState, RoundAnalysis

__all__ = ["group_name", "pairable", "points_text", "short_points", "why_down"]


def points_text(value: Fraction) -> str:
    """``1 point``, ``2½ points``, ``½ point``."""
    whole = int(value)
    if value == whole:
        return f"{whole} point" + ("" if whole == 1 else "s")
    return f"{whole}½ points" if whole else "½ point"


def short_points(value: Fraction) -> str:
    """``2``, ``2½``, ``½``."""
    whole = int(value)
    return str(whole) if value == whole else (f"{whole}½" if whole else "½")


def group_name(score: Fraction) -> str:
    """``the 1½-point group``."""
    return f"the {short_points(score)}-point group"


#: How many steps the search for a pairing of a group may take: a large open's groups find
#: one at once or are small; a search that gives up claims nothing either way.
SEARCH_STEPS = 20_000


#: The absolute criteria a search for a pairing keeps (C.04.3 C.1, C.2, C.3).
_ABSOLUTE = ("C.1", "C.2", "C.3")


_Asked = tuple[tuple[str, ...], bool, tuple[str, ...]]
#: The answers of :func:`pairable`, by the names asked of, each with the very players it was
#: asked of: a round's notes ask of the same group once per player who floats out of it, and
#: comparing the players themselves (the same objects, not equal ones) costs nothing, where
#: hashing their points would cost more than many a search.
_ASKED: dict[_Asked, tuple[tuple[PlayerState, ...], bool | None]] = {}
_REMEMBERED = 4096


def pairable(
    players: list[PlayerState], *, bye: bool = False, rules: tuple[str, ...] = _ABSOLUTE
) -> bool | None:
    """Whether ``players`` can all be paired among themselves keeping C.04.3 C.1 and C.3 (with
    ``bye``, one of them taking the pairing-allocated bye, which C.2 gives only to a player who
    has not had one); ``rules`` the criteria kept, all three unless said; None when the search
    took more than :data:`SEARCH_STEPS` steps."""
    key = (tuple(p.name for p in players), bye, rules)
    asked = _ASKED.get(key)
    if asked is not None and all(a is b for a, b in zip(asked[0], players, strict=True)):
        return asked[1]
    found = _pairable(tuple(players), bye, rules)
    if len(_ASKED) >= _REMEMBERED:
        _ASKED.clear()
    _ASKED[key] = (tuple(players), found)
    return found


def _partners(players: tuple[PlayerState, ...], bye: bool, rules: tuple[str, ...]) -> list[int]:
    """Whom each of ``players`` may meet, as a bit mask over their places (bit ``len(players)``:
    the pairing-allocated bye, with ``bye``): C.04.3 C.1, not met before nor a forbidden pair in
    force; C.3, not two non-topscorers with the same absolute colour preference; C.2, the bye
    only to one who has not had it; those of them in ``rules``."""
    kept = "C.1" in rules
    # C.3 binds two players with one key: the same absolute preference, neither a topscorer.
    keys = [
        p.preference if "C.3" in rules and p.preference[1:] == "2" and not p.topscorer else None
        for p in players
    ]
    masks = [0] * len(players)
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            b = players[j]
            if kept and (b.name in a.kept_apart or a.name in b.kept_apart):
                continue
            if keys[i] is not None and keys[i] == keys[j]:
                continue
            masks[i] |= 1 << j
            masks[j] |= 1 << i
        if bye and not (a.had_bye and "C.2" in rules):
            masks[i] |= 1 << len(players)
    return masks


def _pairable(players: tuple[PlayerState, ...], bye: bool, rules: tuple[str, ...]) -> bool | None:
    """:func:`pairable`'s search: each player's partners are tried lowest place first, the
    order of the players given, so a search takes the same steps however often it is asked."""
    size = len(players) + (1 if bye else 0)
    if size % 2:
        return False
    partners = _partners(players, bye, rules)
    full, failed, steps = (1 << size) - 1, set(), 0

    def search(taken: int) -> bool:
        nonlocal steps
        if taken == full:
            return True
        if taken in failed:
            return False
        steps += 1
        if steps > SEARCH_STEPS:
            raise TimeoutError
        first = (~taken & (taken + 1)).bit_length() - 1  # the lowest player not yet paired
        if first == len(players):  # only the bye is left
            return False
        free = partners[first] & ~taken
        while free:
            other = free & -free  # the lowest partner not yet paired
            if search(taken | 1 << first | other):
                return True
            free ^= other
        failed.add(taken)
        return False

    try:
        return search(0)
    except TimeoutError:
        return None


def _keeps(
    players: list[PlayerState], name: str, *, bye: bool = False, rules: tuple[str, ...] = _ABSOLUTE
) -> bool | None:
    """Whether ``players``, an odd number, can be paired among themselves with ``name`` paired
    and another left over (with ``bye``, the one left over takes the pairing-allocated bye,
    which C.2 gives only to a player who has not had one); None when a search gave up."""
    found = [
        pairable([p for p in players if p is not out], rules=rules)
        for out in players
        if out.name != name and not (bye and "C.2" in rules and out.had_bye)
    ]
    return True if True in found else (None if None in found else False)


def _stopped_by(
    players: list[PlayerState], *, bye: bool = False, keeping: str | None = None
) -> tuple[str, ...]:
    """The absolute criteria that stop ``players`` being paired among themselves (with
    ``keeping``, an odd number of them, with that player paired: :func:`_keeps`), called when
    they stop it all together: those that stop it each alone; else those without which they
    could be paired, when those together stop it; else all the criteria that bear (C.2 only
    with ``bye``). A criterion that cannot bind (two players who met, but no two with the same
    absolute colour preference) is never cited."""

    def paired(rules: tuple[str, ...]) -> bool | None:
        if keeping is None:
            return pairable(players, bye=bye, rules=rules)
        return _keeps(players, keeping, bye=bye, rules=rules)

    bearing = tuple(r for r in _ABSOLUTE if bye or r != "C.2")
    alone = tuple(r for r in bearing if paired((r,)) is False)
    if alone:
        return alone
    needed = tuple(r for r in bearing if paired(tuple(x for x in bearing if x != r)) is True)
    if needed and paired(needed) is False:
        return needed
    return bearing


def _cited(rules: tuple[str, ...]) -> str:
    """``C.1, C.3``, C.2 said in words: ``C.1, and C.2, the bye only to one who has not had it``."""
    said = [r for r in rules if r != "C.2"]
    if "C.2" not in rules:
        return ", ".join(said)
    bye = "C.2, the bye only to one who has not had it"
    return ", and ".join([", ".join(said), bye]) if said else bye


#: The last round's players paired, in score order (:func:`_paired_in_order`), with the round.
_ORDERED: list[tuple[RoundAnalysis, list[PlayerState]]] = []


def _paired_in_order(analysis: RoundAnalysis) -> list[PlayerState]:
    """The players paired in ``analysis`` (the bye's too), highest pairing score first, then by
    start number: found once for a round whose notes name many a player floated down."""
    held = _ORDERED[0] if _ORDERED else None  # read once: another thread may replace it
    if held is not None and held[0] is analysis:
        return held[1]
    paired = {n for p in analysis.pairs for n in (p.white, p.black) if n}
    ordered = sorted(
        (s for s in analysis.players.values() if s.name in paired),
        key=lambda s: (-s.pairing_score, s.number),
    )
    _ORDERED[:] = [(analysis, ordered)]
    return ordered


def _completion(score: Fraction, group: list[PlayerState], analysis: RoundAnalysis) -> str:
    """Why a player left an even group whose pairing was not in its own players' way: the rest
    of the round, the players below it, could not then be paired (C.04.3 C.4, the completion
    criterion), said with the fact that stops them; or, when that is not found, what the rules
    say of the group as a whole (true of any player who floats down out of an even group)."""
    name = group_name(score)
    below = [s for s in _paired_in_order(analysis) if s.pairing_score < score]
    if below and pairable(group) and pairable(below, bye=len(below) % 2 == 1) is False:
        kept = (
            f"needed below to complete the round (C.04.3 C.4), as {name} could be paired "
            "within itself keeping the absolute rules (C.1, C.3) but"
        )
        if len(below) == 1:
            return (
                f"{kept} {below[0].name}, the only player below it, would then have no "
                "opponent and has had the pairing-allocated bye already (C.2)"
            )
        stop = _stopped_by(below, bye=len(below) % 2 == 1)
        return (
            f"{kept} the {len(below)} players below it could not then all be paired among "
            f"themselves ({_cited(stop)})"
        )
    if pairable(group) is False:
        cited = _cited(_stopped_by(group))
        return f"no pairing within {name} kept the absolute rules (C.04.3 {cited})"
    return (
        f"no pairing within {name} kept the absolute rules and left the rest of the round "
        "pairable (C.04.3 C.1, C.3, C.4)"
    )


def _left_over(
    name: str,
    score: Fraction,
    group: list[PlayerState],
    met: Mapping[frozenset[str], int],
    bye: bool,
) -> str:
    """Why ``name`` is the one left over in a group of an odd number of players (``bye``: he
    takes the pairing-allocated bye from it): the odd one out only when a pairing of the group
    with him in it kept the absolute rules; else the rules that stop him (C.1 with whom he met,
    and when, or the forbidden pair, when he may meet none of the others; ``met``: the round
    each two players met in)."""
    if _keeps(group, name, bye=bye) is not False:
        return f"left over in {group_name(score)}, which had {len(group)} players"
    me = next(p for p in group if p.name == name)
    others = [p for p in group if p is not me]
    if all(o.name in me.kept_apart for o in others):
        rounds = {o.name: met.get(frozenset((name, o.name)), 0) for o in others}
        every = "both other players" if len(others) == 2 else f"all {len(others)} other players"
        order = sorted(rounds.items(), key=lambda item: (not item[1], item[1]))  # forbidden last
        of = f"{every} of {group_name(score)}"
        if all(rounds.values()):
            listed = [f"{o} in round {r}" for o, r in order]
            return f"having already met {of}, {_and(listed)} (C.04.3 C.1)"
        listed = [f"{o} met in round {r}" if r else f"{o} by a forbidden pair" for o, r in order]
        return f"barred from {of} (C.04.3 C.1), {_and(listed)}"
    cited = _cited(_stopped_by(group, bye=bye, keeping=name))
    return (
        f"no pairing of {group_name(score)}, which had {len(group)} players, with {name} in it "
        f"kept the absolute rules (C.04.3 {cited})"
    )


def _and(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


def why_down(name: str, analysis: RoundAnalysis, met: Mapping[frozenset[str], int]) -> str:
    """Why ``name`` left each group he floated down from, top first (``met``: the round each
    two players met in)."""
    reasons = []
    out_of = [b for b in analysis.brackets if name in b.downfloaters]
    bye = any(p.white == name and p.black is None for p in analysis.pairs)
    for bracket in out_of:
        size = len(bracket.players)
        group = [analysis.players[n] for n in bracket.players]
        if size == 1:
            reasons.append(f"the only player on {points_text(bracket.score)}")
        elif size % 2:
            last = bye and bracket is out_of[-1]
            reasons.append(_left_over(name, bracket.score, group, met, last))
        else:
            reasons.append(_completion(bracket.score, group, analysis))
    if not reasons:
        return "moved down"
    return ", then ".join(reasons)
