"""Before the last round(s): what a player still needs for a FIDE title norm, in words, by the
same rules as the check itself (:mod:`ratingbook.fide.rules.norm_check` over the rules of
:mod:`ratingbook.fide.rules.norms`, and the game-counting rules of
:mod:`ratingbook.fide.rules.norm_games`).

- A norm the games so far already give is made: in an event without predetermined pairings
  the later games may be ignored (1.4.1e); a round robin's norm includes every round, so there
  the question stays open.
- The games that will count: the counted games so far and every remaining round (a forfeit
  cannot be foreseen); fewer than the minimum is "cannot", unless 1.4.1c will let 8 games and
  a forfeit win or pairing-allocated bye already had count as 9.
- The opponents still to come: the next one when the round is paired, the others assumed
  rated at the average of the opponents so far (with the rating floor, 1.4.6). Their titles
  and federations are not assumed: what the mix still lacks is counted (titled opponents,
  norm-title holders, foreign federations) and must fit in the unpaired rounds.
- The points: the least score from the remaining games for which some set of games the rules
  allow (every game, or fewer by 1.4.1e-f, never below the minimum) gives the average, the
  performance and 35 %; the set aside, if any, is named.

Pure: a player's games in, a sentence out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from ratingbook.events.prizes import points_text
from ratingbook.fide.rules.norm_check import check_norm
from ratingbook.fide.rules.norm_games import OPEN, NormGame, Selection, selections
from ratingbook.fide.rules.norms import (
    AT_LEAST,
    FID,
    FOREIGN_FEDERATIONS,
    MIN_AVERAGE,
    MIN_PERFORMANCE,
    MIN_SCORE,
    TITLED,
    average_rating,
    mix_may_hold,
    norm_bound,
    norm_figures,
    norm_titled_needed,
    titled_needed,
)

__all__ = ["still_needed"]


def still_needed(
    title: str,
    games: Sequence[NormGame],
    remaining: int,
    next_opponent: NormGame | None = None,
    *,
    federation: str = "",
    minimum_games: int = 9,
    exempt: str = "",
    rounds: int | None = None,
    round_robin: bool = False,
    pairing_byes: Sequence[int] = (),
) -> str:
    """What the player (of ``federation``) needs from his ``remaining`` games for a ``title``
    norm, in words (see the module's docstring); ``games`` all his rows so far."""
    if not round_robin and games:
        made = check_norm(
            "",
            federation,
            title,
            games,
            exempt=exempt,
            minimum_games=minimum_games,
            rounds=rounds,
            pairing_byes=pairing_byes,
        )
        if made.norm:
            how = f" ({made.rule})" if made.rule else ""
            return f"made already{how}: the later games may be ignored (1.4.1e)"
    if next_opponent is not None and not next_opponent.counted:
        # The next game will not count (1.4.2a): one remaining game fewer.
        remaining, next_opponent = remaining - 1, None
    counted = [g for g in games if g.counted]
    final = len(counted) + remaining
    eight = rounds == 9 and final == 8 and minimum_games == 9
    eight = eight and (bool(pairing_byes) or any(g.forfeit_win for g in games))
    if final < minimum_games and not eight:
        return f"cannot: at most {final} games will count, {minimum_games} are needed"
    known = counted + ([next_opponent] if next_opponent is not None else [])
    if not known:
        return "no games yet"
    assumed, _ = average_rating(known, title)
    assert assumed is not None
    unknown = remaining - (1 if next_opponent is not None else 0)
    # The games to come are the rounds after those played (1.4.1e ignores later rounds only).
    last = max((g.round for g in games), default=0)
    if next_opponent is not None and next_opponent.round <= last:
        next_opponent = replace(next_opponent, round=last + 1)
    start = last + 1 + (next_opponent is not None)
    open_games = [
        NormGame("", assumed, OPEN, OPEN, Fraction(0), round=start + i) for i in range(unknown)
    ]
    minimum = 8 if eight else minimum_games

    def first_possible(halves: int) -> tuple[Selection, list[str]] | None:
        results = [Fraction(1)] * (halves // 2) + [Fraction(1, 2)] * (halves % 2)
        results += [Fraction(0)] * (remaining - len(results))
        future = [next_opponent] if next_opponent is not None else []
        future = [replace(g, score=s) for g, s in zip([*future, *open_games], results, strict=True)]
        every = [*counted, *future]
        return _first_possible(title, federation, exempt, every, minimum, round_robin)

    # All wins first: most players have no norm in reach, and they are told why at once.
    if first_possible(2 * remaining) is None:
        return _cannot(title, federation, exempt, counted, known, open_games, remaining)
    need, choice, lacking = next(
        (Fraction(h, 2), *found)
        for h in range(2 * remaining + 1)
        if (found := first_possible(h)) is not None
    )
    needs = [f"{points_text(need)} from {remaining}" if need else "no more points", *lacking]
    if choice.rule:
        needs.append(choice.rule)
    return "needs " + ", ".join(needs) + f" (opponents' average assumed {assumed})"


def _first_possible(
    title: str,
    federation: str,
    exempt: str,
    games: list[NormGame],
    minimum: int,
    round_robin: bool,
) -> tuple[Selection, list[str]] | None:
    """The first set of ``games`` the rules allow whose figures make the norm and whose mix
    can still be completed by the open opponents in it; with what the mix lacks."""
    prune = norm_bound(title, federation, exempt)
    for group in selections(games, minimum_games=minimum, round_robin=round_robin, prune=prune):
        for choice in group:
            lacking = _mix_lacking(title, federation, exempt, choice.games)
            if lacking is not None and _figures_hold(title, choice):
                return choice, lacking
    return None


def _figures_hold(title: str, choice: Selection) -> bool:
    n = len(choice.games)
    score = sum((g.score for g in choice.games), Fraction(0))
    return n >= choice.minimum and norm_figures(choice.games, title) and score >= MIN_SCORE * n


def _mix_lacking(
    title: str, federation: str, exempt: str, games: Sequence[NormGame]
) -> list[str] | None:
    """What the mix (1.4.3-1.4.5) still lacks in words, or None when the open opponents in
    ``games`` cannot make it up (or the known ones already break a maximum of 1.4.4)."""
    if not mix_may_hold(title, federation, exempt, games):
        return None
    n = len(games)
    known = [g for g in games if g.title != OPEN]
    more_titled = max(0, titled_needed(n) - sum(1 for g in known if g.title in TITLED))
    more_norm = max(0, norm_titled_needed(n) - sum(1 for g in known if g.title in AT_LEAST[title]))
    lacking = []
    if more_titled:
        lacking.append(f"{more_titled} more titled opponent{'s' * (more_titled > 1)}")
    if more_norm:
        lacking.append(
            f"{more_norm} more opponent{'s' * (more_norm > 1)} of {title} level or higher"
        )
    if exempt or not federation or any(not g.federation for g in known):
        return lacking
    foreign = {g.federation for g in known} - {FID, federation}
    more_feds = max(0, FOREIGN_FEDERATIONS - len(foreign))
    if more_feds:
        lacking.append(f"opponents of {more_feds} more foreign federation{'s' * (more_feds > 1)}")
    return lacking


def _cannot(
    title: str,
    federation: str,
    exempt: str,
    counted: list[NormGame],
    known: list[NormGame],
    open_games: list[NormGame],
    remaining: int,
) -> str:
    """Why no score from the remaining games gives the norm, on the set of every game."""
    wins = [replace(g, score=Fraction(1)) for g in [*known[len(counted) :], *open_games]]
    every = [*counted, *wins]
    average, _ = average_rating(every, title)
    assert average is not None
    if average < MIN_AVERAGE[title]:
        return (
            f"cannot on these opponents: their average would be {average}, "
            f"{MIN_AVERAGE[title]} is needed"
        )
    if _mix_lacking(title, federation, exempt, every) is None:
        return (
            f"cannot: the opponents' titles or federations (1.4.3-1.4.5) cannot be made up "
            f"in {len(open_games)} unpaired round{'s' * (len(open_games) != 1)}"
        )
    return (
        f"cannot: even {points_text(Fraction(remaining))}/{remaining} gives a performance "
        f"below {MIN_PERFORMANCE[title]} against an average of {average}"
    )
