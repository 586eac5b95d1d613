"""FIDE title norms (Title Regulations, Handbook B.01): the rules of a norm for one title (GM,
IM, WGM, WIM) as figures: the minima, the rating floor, the opponents' average, dp and the
performance, the bars of the mix of federations and titles, and the bound that spares the check
a set of games that cannot give a norm. A player's check, every requirement with its figure and
whether it holds, said in words, is :mod:`ratingbook.fide.rules.norm_check`; which games count,
:mod:`ratingbook.fide.rules.norm_games`; what he still needs before the last rounds,
:mod:`ratingbook.fide.rules.norm_outlook`.

The text: "FIDE Title Regulations effective from 1 January 2024" (handbook.fide.com, chapter
B012024, "Applied from 1 January, 2024"). Articles 0.5, 1.4.6-1.4.9 and 1.7 are checked
against a verbatim transcription of that page; 1.4.1-1.4.5 against a reading of it that keeps
its numbering, and against the older texts whose rules are the same (1 July 2017: 1.41-1.49;
2003: 8.11-8.32). The 2017 text counted an unrated opponent as 1000; the 2024 text says 1400.

- **Games** (1.4.1, 1.4.2): at least 9 count (1.4.1a). The exceptions of 1.4.1b (7 games in
  some World and Continental team championships, 8 in the World Cups) are the
  ``minimum_games`` the organiser states. 1.4.1c (8 games and a forfeit win or a
  pairing-allocated bye in 9 rounds), 1.4.1e-f (ignoring later games, or wins) and 1.4.2c (a
  last-round forfeit the player could afford to lose) choose the set of games:
  :mod:`ratingbook.fide.rules.norm_games`. Not counted (1.4.2): forfeits and byes, opponents of
  federations not in FIDE, in a round robin unrated opponents who scored nothing against the
  rated players. 1.4.1d: each full point above the score the norm needs counts as one more
  game of the norm; 1.7: a norm from an event of more than 13 rounds counts as 13 games.
- **Federations** (1.4.3, 1.4.4): at least two federations other than the player's among the
  opponents (1.4.3); at most 3/5 of the opponents from the player's own and at most 2/3 from
  any one (1.4.4; maxima rounded down). An opponent of FID (FIDE's own flag) is counted as a
  game but is no foreign federation (1.4.2a), and no federation for 1.4.4 either. The
  exemptions of 1.4.3a-d lift both articles: the Swiss one (1.4.3d: at least 20 FIDE-rated
  players not of the host federation, from at least 3 federations, at least 10 of them GM,
  IM, WGM or WIM, counting only players who miss at most one round, pairing-allocated byes
  apart) is decided from the event; the others (national championships, national team
  championships, zonals) the organiser states (``exempt``). An opponent without a federation
  makes the requirement undecidable, and the check says so.
- **Titled opponents** (1.4.5): at least 50 % hold a title (GM, IM, FM, WGM, WIM, WFM; CM and
  WCM are not counted, 1.4.5a); at least 1/3, and at least 3, hold the norm's title or a higher
  one (1.4.5b-e: GM norm: GM; IM norm: GM, IM; WGM norm: GM, IM, WGM; WIM norm: GM, IM, WGM,
  WIM). Minima are rounded up.
- **Average rating of the opponents** (1.4.6, 1.4.7): the rating list at the start of the event
  (1.4.6a); at most one opponent, the lowest, is raised to the rating floor (1.4.6b-c: GM 2200,
  IM 2050, WGM 2000, WIM 1850); an unrated opponent counts 1400 (1.4.6d); the average is
  rounded to the nearest whole number, 0.5 up (1.4.7b). Minimum (1.4.8a): GM 2380, IM 2230,
  WGM 2180, WIM 2030.
- **Performance** (1.4.8): Rp = Ra + dp, p the percentage score rounded to a whole number
  (0.5 up) and dp from table 1.4.9 (the same as B.02's 8.1.1: gacrux's
  ``fidetables.ScoreToDp`` through :mod:`ratingbook.fide.rules.rating_regulations`; the tests
  check it against the printed values); at least GM 2600, IM 2450, WGM 2400, WIM 2250.
- **Score** (1.4.8b): at least 35 %.

Pure: games and figures in, figures out; the event's side is
:mod:`ratingbook.fide.rules.norm_event`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

from ratingbook.fide.rules.norm_games import OPEN, NormGame, Prune
from ratingbook.fide.rules.rating_regulations import performance

__all__ = [
    "FID",
    "FLOOR",
    "FOREIGN_FEDERATIONS",
    "MIN_AVERAGE",
    "MIN_PERFORMANCE",
    "MIN_SCORE",
    "NORM_TITLES",
    "TITLED",
    "UNRATED_AS",
    "NormGame",
    "dp",
    "effective_rating",
    "mix_may_hold",
    "norm_bound",
    "norm_figures",
    "norm_titled_needed",
    "one_allowed",
    "own_allowed",
    "swiss_exemption",
    "titled_needed",
]

#: The norms, highest first.
NORM_TITLES = ("GM", "IM", "WGM", "WIM")
#: 1.4.8: minimum performance; 1.4.8a: minimum average of the opponents.
MIN_PERFORMANCE = {"GM": 2600, "IM": 2450, "WGM": 2400, "WIM": 2250}
MIN_AVERAGE = {"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030}
#: 1.4.6b: the rating floor one opponent may be raised to.
FLOOR = {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}
#: 1.4.6d: an unrated opponent counts this rating.
UNRATED_AS = 1400
#: 1.4.5a: the titles of 0.31 that count as titled opponents (CM and WCM do not).
TITLED = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
#: 1.4.5b-e: the titles that count for each norm ("the norm's title or higher").
AT_LEAST = {
    "GM": frozenset({"GM"}),
    "IM": frozenset({"GM", "IM"}),
    "WGM": frozenset({"GM", "IM", "WGM"}),
    "WIM": frozenset({"GM", "IM", "WGM", "WIM"}),
}
#: 1.4.8b.
MIN_SCORE = Fraction(35, 100)
#: 1.4.2a: players under FIDE's own flag: counted, but no federation of the mix.
FID = "FID"
#: 1.4.3: opponents of at least this many federations other than the player's.
FOREIGN_FEDERATIONS = 2


def own_allowed(n: int) -> int:
    """1.4.4: at most 3/5 of ``n`` opponents from the player's own federation."""
    return 3 * n // 5


def one_allowed(n: int) -> int:
    """1.4.4: at most 2/3 of ``n`` opponents from any one federation."""
    return 2 * n // 3


def titled_needed(n: int) -> int:
    """1.4.5a: at least 50% of ``n`` opponents titled (:data:`TITLED`)."""
    return math.ceil(n / 2)


def norm_titled_needed(n: int) -> int:
    """1.4.5b-e: at least 1/3 of ``n`` opponents, and at least 3, of the norm's title or
    higher (:data:`AT_LEAST`)."""
    return max(3, math.ceil(n / 3))


def half_up(value: Fraction) -> int:
    """Rounded to the nearest whole number, 0.5 up (1.4.7b, and the percentages of 1.4.9)."""
    return math.floor(value + Fraction(1, 2))


def dp(score: Fraction, games: int) -> int:
    """dp for a score out of ``games``: the percentage rounded to a whole number (0.5 up), then
    table 1.4.9 (through :func:`ratingbook.fide.rules.rating_regulations.performance`: Rp - Ra
    over opponents all rated 0 is dp itself)."""
    found = performance([0] * games, score)
    assert found is not None  # games >= 1
    return found


def average_rating(games: Sequence[NormGame], title: str) -> tuple[int | None, str]:
    """1.4.6-1.4.7: the opponents' average (unrated as 1400, the lowest raised to the floor
    when below it), rounded 0.5 up, and the opponent raised ("" none)."""
    ratings = [effective_rating(g) for g in games]
    if not ratings:
        return None, ""
    raised = ""
    low = min(range(len(ratings)), key=lambda i: ratings[i])
    if ratings[low] < FLOOR[title]:
        ratings[low] = FLOOR[title]
        raised = games[low].opponent
    return half_up(Fraction(sum(ratings), len(ratings))), raised


def needed_score(average: int, games: int, title: str) -> Fraction | None:
    """The least score (in half points) out of ``games`` that gives a ``title`` performance
    against ``average`` and at least 35 %; None when even all wins do not."""
    for halves in range(2 * games + 1):
        score = Fraction(halves, 2)
        if average + dp(score, games) >= MIN_PERFORMANCE[title] and score >= MIN_SCORE * games:
            return score
    return None


def swiss_exemption(players: Sequence[tuple[str, bool, str, int]], host: str) -> tuple[bool, str]:
    """1.4.3d over the players (federation, FIDE-rated, title, rounds missed not counting
    pairing-allocated byes): at least 20 FIDE-rated players not of the host federation (nor
    FID), from at least 3 federations, at least 10 of them GM, IM, WGM or WIM, counting only
    players who missed at most one round. Returns whether it applies and the figures."""
    if not host:
        return False, "the host federation is not set (Federation in Swiss Settings)"
    foreign = [
        (f, t)
        for f, rated, t, missed in players
        if rated and f not in ("", host, FID) and missed <= 1
    ]
    feds = {f for f, _ in foreign}
    titled = sum(1 for _, t in foreign if t in NORM_TITLES)
    applies = len(foreign) >= 20 and len(feds) >= 3 and titled >= 10
    return applies, (
        f"{len(foreign)} rated players not of {host} who missed at most one round, "
        f"{len(feds)} federations, {titled} GM/IM/WGM/WIM"
    )


def norm_bound(title: str, federation: str, exempt: str) -> Prune:
    """:func:`~ratingbook.fide.rules.norm_games.selections`' bound for a ``title`` norm of a player
    of ``federation`` (``exempt``: see
    :func:`~ratingbook.fide.rules.norm_check.check_norm`). The sets that keep the same games
    up to a round and set aside as many wins all have one size and one score, so:

    - the set that drops the lowest-rated wins has the highest average of them (the floor
      included: it raises only the lowest kept opponent, and dropping a lower one never lowers
      it): when it fails the average or the performance, every set of the kind does;
    - each requirement of the mix (1.4.3-1.4.5) is met best by the set that drops the wins
      that count against it (own-federation wins for 1.4.4's 3/5, untitled wins for 1.4.5a,
      ...): when even that fails one requirement, every set of the kind does.

    Either way no set of the kind can give the norm. An opponent not paired yet
    (:data:`~ratingbook.fide.rules.norm_games.OPEN`) may be of any title and federation."""

    def bound(prefix: Sequence[NormGame], wins: Sequence[int], drop: int) -> bool:
        lowest = set(sorted(wins, key=lambda i: effective_rating(prefix[i]))[:drop])
        if not norm_figures([g for i, g in enumerate(prefix) if i not in lowest], title):
            return False
        return mix_may_hold(title, federation, exempt, prefix, [prefix[i] for i in wins], drop)

    return bound


def mix_may_hold(
    title: str,
    federation: str,
    exempt: str,
    prefix: Sequence[NormGame],
    wins: Sequence[NormGame] = (),
    drop: int = 0,
) -> bool:
    """Whether each mix requirement, on its own, holds for some set of ``prefix`` without
    ``drop`` of ``wins`` (see :func:`norm_bound`; with no ``drop``, whether the opponents
    not paired yet in ``prefix`` can still make up the mix)."""
    n = len(prefix) - drop

    def most(kind: Callable[[NormGame], bool]) -> int:
        others = sum(1 for g in wins if not kind(g))
        return sum(1 for g in prefix if kind(g)) - max(0, drop - others)

    if most(lambda g: g.title in TITLED or g.title == OPEN) < titled_needed(n):
        return False
    if most(lambda g: g.title in AT_LEAST[title] or g.title == OPEN) < norm_titled_needed(n):
        return False
    if exempt or not federation or any(not g.federation for g in prefix):
        return True  # the federations hold, or cannot be decided: no bound from them
    feds = {g.federation for g in prefix} - {FID, OPEN}
    open_ = sum(1 for g in prefix if g.federation == OPEN)
    if len(feds - {federation}) + open_ < FOREIGN_FEDERATIONS:
        return False
    in_prefix = Counter(g.federation for g in prefix if g.federation in feds)
    in_wins = Counter(g.federation for g in wins if g.federation in feds)

    def fewest(fed: str) -> int:  # the fewest games against ``fed`` that can be kept
        return in_prefix[fed] - min(drop, in_wins[fed])

    if fewest(federation) > own_allowed(n):
        return False
    return all(fewest(f) <= one_allowed(n) for f in feds)


def norm_figures(games: Sequence[NormGame], title: str) -> bool:
    """Average and performance (1.4.6-1.4.9) over ``games``: both needed for a norm."""
    average, _ = average_rating(games, title)
    score = sum((g.score for g in games), Fraction(0))
    return (
        average is not None
        and average >= MIN_AVERAGE[title]
        and average + dp(score, len(games)) >= MIN_PERFORMANCE[title]
    )


def effective_rating(game: NormGame) -> int:
    """An opponent's rating as the average counts it (1.4.6: unrated as 1400)."""
    return game.rating if game.rating is not None else UNRATED_AS
