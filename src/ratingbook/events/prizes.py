"""Who wins which prize: place and category prizes, ties sharing money, rounding, one prize each.

The rules this module decides, in order (the prizes and categories themselves are
:mod:`ratingbook.events.prize_rules`):

1. **Lists.** The place prizes are one list over every player; each category's prizes are a
   list over the players in it. In a list, the eligible players keep the order of the final
   standings (points, then the tie-breaks): the n-th of them is in place n of the list.
2. **Ties share money** within a list. Players level on points who stand in places p..q of
   the list (p at most the last prize of the list) share the money of places p..q (a place
   without a prize counts 0):

   - **Hort** (the Hort system): each tied player keeps half of the prize of his own place
     (his place by tie-break); the other halves are pooled and shared equally. With places
     2-5 worth 1000/800/600/400 and four players tied, the pool is 1400 and each gets 350
     plus half his own: 850, 750, 650, 550.
   - **Equal**: the prizes of places p..q are pooled whole and split equally (700 each).
   - **Tie-break**: no sharing; each takes the prize of his own place.

   **Objects** (a trophy) are never shared: the object of place n goes to the player in
   place n by tie-break, whichever way the money goes.
3. **One prize each** (the default, and what most regulations say: "a player receives the
   most valuable prize he is eligible for"): a player who would receive something in two
   lists keeps the more valuable award (more money; on equal money the one with an object,
   then the place list) and leaves the other lists; those lists are worked out again
   without him, so the players below him move up and a tie there is shared among the tied
   players who are still eligible. Best-placed players choose first. Leaving a list only
   moves the players below up, so no award already kept gets smaller (prizes falling with
   the place, as organisers list them). With ``one_each`` off, every award stands.
4. **Rounding.** Each share is rounded *down* to the step (1, 5, 0.01, ...); what the rounding
   leaves of a tie's pool is its **remainder**, shown on the tie's line and in the total: it
   is never lost, the organiser decides where it goes.

Pure: the standings, the players and the prizes in, frozen values out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.events.prize_rules import (
    EQUAL,
    HORT,
    PLACE_LIST,
    TIE_BREAK,
    Contestant,
    Prize,
    PrizeSettings,
)

__all__ = ["Award", "PrizeList", "Standing", "award_prizes", "money_text", "points_text"]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line of the final standings: ``rank`` 1.. in tie-break order, ``points``."""

    name: str
    rank: int
    points: Fraction


@dataclass(frozen=True, slots=True)
class Award:
    """What one player receives from one list: ``places`` the places of the list his tie
    covers (one place when not tied), ``exact`` his share before rounding, ``amount`` after,
    ``item`` an object (the object of his own place)."""

    name: str
    list_name: str
    own_place: int
    places: tuple[int, int]
    exact: Fraction
    amount: Fraction
    item: str = ""

    @property
    def label(self) -> str:
        """ "2nd" / "2nd-5th (shared)" / "U1800 1st"."""
        first, last = self.places
        own = _ordinal(first) if first == last else f"{_ordinal(first)}-{_ordinal(last)} shared"
        return own if self.list_name == PLACE_LIST else f"{self.list_name} {own}"

    def value(self) -> tuple[Fraction, bool, bool]:
        return (self.exact, bool(self.item), self.list_name == PLACE_LIST)


@dataclass(frozen=True, slots=True)
class PrizeList:
    """The awards in standings order, a line per shared tie, the total remainder left by
    rounding, and the warnings (a category no one is in, an age nobody can decide)."""

    awards: tuple[Award, ...]
    ties: tuple[str, ...]
    remainder: Fraction
    warnings: tuple[str, ...] = ()
    total: Fraction = Fraction(0)


_DEFAULT = PrizeSettings()


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def points_text(points: Fraction) -> str:
    """6½, 7, ½."""
    whole, rest = divmod(points, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return f"{int(whole) if whole else ''}½"
    return str(float(points))


def money_text(amount: Fraction) -> str:
    """250, 62.50 (two decimals when not whole, exact for a currency step of 0.01)."""
    if amount.denominator == 1:
        return str(amount.numerator)
    return f"{float(amount):.2f}" if (amount * 100).denominator == 1 else f"{float(amount):.4f}"


def _round_down(value: Fraction, step: Fraction) -> Fraction:
    return (value // step) * step


@dataclass(frozen=True, slots=True)
class _Tie:
    names: tuple[str, ...]
    points: Fraction
    places: tuple[int, int]
    pool: Fraction
    prizes: tuple[Fraction, ...]


def _list_awards(
    list_name: str,
    prizes: Mapping[int, Prize],
    candidates: Sequence[Standing],
    settings: PrizeSettings,
) -> tuple[list[Award], list[_Tie]]:
    """One list's awards over its candidates (standings order) and its shared ties."""
    last_place = max(prizes, default=0)
    awards: list[Award] = []
    ties: list[_Tie] = []
    position = 0
    i = 0
    while i < len(candidates) and position < last_place:
        j = i
        while j + 1 < len(candidates) and candidates[j + 1].points == candidates[i].points:
            j += 1
        group = candidates[i : j + 1]
        first, last = position + 1, position + len(group)
        money = [prizes[p].amount if p in prizes else Fraction(0) for p in range(first, last + 1)]
        pool = sum(money, Fraction(0))
        shared = len(group) > 1 and settings.sharing != TIE_BREAK and pool > 0
        for k, standing in enumerate(group):
            own = first + k
            if settings.sharing == HORT and shared:
                exact = money[k] / 2 + pool / 2 / len(group)
            elif settings.sharing == EQUAL and shared:
                exact = pool / len(group)
            else:
                exact = money[k]
            item = prizes[own].item if own in prizes else ""
            if exact == 0 and not item:
                continue
            span = (first, last) if shared else (own, own)
            rounded = _round_down(exact, settings.step)
            awards.append(Award(standing.name, list_name, own, span, exact, rounded, item))
        if shared:
            ties.append(
                _Tie(
                    tuple(s.name for s in group), group[0].points, (first, last), pool, tuple(money)
                )
            )
        position = last
        i = j + 1
    return awards, ties


def award_prizes(
    standings: Sequence[Standing],
    players: Mapping[str, Contestant],
    prizes: Sequence[Prize],
    settings: PrizeSettings = _DEFAULT,
    event_year: int | None = None,
) -> PrizeList:
    """The prize list of an event (see the module's docstring for every rule)."""
    order = sorted(standings, key=lambda s: s.rank)
    lists: dict[str, dict[int, Prize]] = {}
    categories = {}
    for prize in prizes:
        lists.setdefault(prize.list_name, {})[prize.place] = prize
        if prize.category is not None:
            categories[prize.list_name] = prize.category
    warnings: list[str] = []
    candidates: dict[str, list[Standing]] = {}
    for list_name in lists:
        category = categories.get(list_name)
        if category is None:
            candidates[list_name] = list(order)
            continue
        eligible = []
        undecided = []
        for s in order:
            verdict = category.admits(players.get(s.name, Contestant(s.name)), event_year)
            if verdict:
                eligible.append(s)
            elif verdict is None:
                undecided.append(s.name)
        if undecided:
            one = len(undecided) == 1
            needed = "a birth year" + ("" if event_year else " and the event's Start Date")
            warnings.append(
                f"category {list_name!r}: cannot tell whether {', '.join(undecided[:5])}"
                f"{' and others' if len(undecided) > 5 else ''} "
                f"{'belongs' if one else 'belong'} ({needed} {'is' if event_year else 'are'} "
                f"needed); {'the player is' if one else 'they are'} left out of it"
            )
        if not eligible:
            warnings.append(f"no player is in category {list_name!r}: its prizes stay")
        candidates[list_name] = eligible
    rank = {s.name: s.rank for s in order}
    while True:
        worked = {
            name: _list_awards(name, lists[name], candidates[name], settings) for name in lists
        }
        if not settings.one_each:
            break
        by_player: dict[str, list[Award]] = {}
        for awards, _ in worked.values():
            for award in awards:
                by_player.setdefault(award.name, []).append(award)
        doubles = sorted((n for n, a in by_player.items() if len(a) > 1), key=rank.__getitem__)
        if not doubles:
            break
        chooser = doubles[0]
        best = max(by_player[chooser], key=Award.value)
        for list_name in lists:
            if list_name != best.list_name:
                candidates[list_name] = [s for s in candidates[list_name] if s.name != chooser]
    awards = [a for list_awards, _ in worked.values() for a in list_awards]
    awards.sort(key=lambda a: (rank[a.name], a.list_name != PLACE_LIST, a.list_name))
    lines: list[str] = []
    remainder = Fraction(0)
    for list_name, (list_awards, ties) in worked.items():
        for tie in ties:
            shares = [a for a in list_awards if a.name in tie.names]
            left = tie.pool - sum((a.amount for a in shares), Fraction(0))
            remainder += left
            lines.append(_tie_line(list_name, tie, shares, settings, left))
    for a in awards:
        if a.places[0] == a.places[1]:
            remainder += a.exact - a.amount
    total = sum((a.amount for a in awards), Fraction(0))
    return PrizeList(tuple(awards), tuple(lines), remainder, tuple(warnings), total)


def _tie_line(
    list_name: str, tie: _Tie, shares: Sequence[Award], settings: PrizeSettings, left: Fraction
) -> str:
    first, last = tie.places
    where = "places" if list_name == PLACE_LIST else f"{list_name} places"
    how = {
        HORT: "Hort: each keeps half of the prize of the place the tie-break gives, the other "
        "halves are shared",
        EQUAL: "shared equally",
    }[settings.sharing]
    money = " + ".join(money_text(m) for m in tie.prizes)
    each = "; ".join(f"{a.name} {money_text(a.amount)}" for a in shares)
    line = (
        f"{len(tie.names)} players on {points_text(tie.points)} share {where} {first}-{last}: "
        f"{money} = {money_text(tie.pool)} ({how}): {each}"
    )
    if left:
        line += f"; {money_text(left)} left by rounding to {money_text(settings.step)}"
    gone = [n for n in tie.names if n not in {a.name for a in shares}]
    if gone:
        line += f" ({', '.join(gone)}: nothing from this list)"
    return line
