"""FIDE title norms (Title Regulations, Handbook B.01, in force from 1 January 2024): for one
player and one title (GM, IM, WGM, WIM), every requirement of section 1.4 with its figure and
whether it holds, and, before the last rounds, what the player still needs.

The requirements, each with the article it comes from (the 2024 text numbers section 1.4 as
1.4.1-1.4.10; the 2017 text had the same rules as 1.42-1.49):

- **Games** (1.4.1-1.4.2): at least 9 games count. Not counted: games decided by forfeit (or
  not played at all: byes), games against opponents who do not belong to a FIDE federation.
  1.4.1's exceptions (7 games for 7-round team championships, ...) are the ``minimum_games``
  parameter; the default is 9.
- **Federations** (1.4.3): at least two federations other than the player's own among the
  opponents; at most 3/5 of the opponents from the player's federation and at most 2/3 from
  any one federation. The exemption this module can decide from the event itself is the Swiss
  one: a Swiss event in which at least 20 FIDE-rated players not of the host federation, from
  at least 3 federations, take part, at least 10 of whom hold GM, IM, WGM or WIM titles. The
  other exemptions (national championships, team championships, zonals, ...) the organiser
  states (``exempt``). An opponent without a federation makes the requirement undecidable,
  and the check says so.
- **Titled opponents** (1.4.4): at least 50 % of the opponents hold a title of 0.31 (GM, IM,
  FM, WGM, WIM, WFM; CM and WCM are not counted). (1.4.5): at least 1/3 of the opponents, and
  at least 3, hold the norm's title or a higher one: GM norm: GM; IM norm: GM, IM; WGM norm:
  GM, IM, WGM; WIM norm: GM, IM, WGM, WIM.
- **Average rating of the opponents** (1.4.6-1.4.8): ratings of the FIDE list at the start of
  the event; an unrated opponent counts 1400; at most one opponent (the lowest) is raised to
  the rating floor (GM 2200, IM 2050, WGM 2000, WIM 1850); the average is rounded to the
  nearest whole number, 0.5 up. Minimum average (1.4.9): GM 2380, IM 2230, WGM 2180, WIM 2030.
- **Performance** (1.4.9): Rp = Ra + dp, p the percentage score rounded to a whole number
  (0.5 up) and dp from the table B.01 shares with the Rating Regulations (B.02 8.1.1,
  gacrux's ``fidetables.ScoreToDp`` through :mod:`ratingbook.fide.ratings`; the tests check it
  against the printed values); at least GM 2600, IM 2450, WGM 2400, WIM 2250.
- **Score** (1.4.10): at least 35 %.

Pure: the player's games in, a :class:`NormCheck` out; the event's side is
:mod:`ratingbook.fide.norm_event`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.fide.ratings import performance

__all__ = [
    "FLOOR",
    "MIN_AVERAGE",
    "MIN_PERFORMANCE",
    "NORM_TITLES",
    "TITLED",
    "UNRATED_AS",
    "NormCheck",
    "NormGame",
    "Requirement",
    "check_norm",
    "dp",
    "still_needed",
]

#: The norms, highest first.
NORM_TITLES = ("GM", "IM", "WGM", "WIM")
#: 1.4.9: minimum performance and minimum average of the opponents.
MIN_PERFORMANCE = {"GM": 2600, "IM": 2450, "WGM": 2400, "WIM": 2250}
MIN_AVERAGE = {"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030}
#: 1.4.7: the rating floor one opponent may be raised to.
FLOOR = {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}
#: 1.4.6: an unrated opponent counts this rating.
UNRATED_AS = 1400
#: 1.4.4: the titles of 0.31 that count as titled opponents (CM and WCM do not).
TITLED = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
#: 1.4.5: the titles that count for each norm ("the norm's title or higher").
_AT_LEAST = {
    "GM": frozenset({"GM"}),
    "IM": frozenset({"GM", "IM"}),
    "WGM": frozenset({"GM", "IM", "WGM"}),
    "WIM": frozenset({"GM", "IM", "WGM", "WIM"}),
}
MIN_SCORE = Fraction(35, 100)


@dataclass(frozen=True, slots=True)
class NormGame:
    """A game of the player: the opponent's FIDE rating (None: unrated), title, federation
    ("" unknown), the player's score; ``counted`` False for a forfeit or a non-FIDE opponent."""

    opponent: str
    rating: int | None
    title: str
    federation: str
    score: Fraction
    counted: bool = True
    round: int = 0


@dataclass(frozen=True, slots=True)
class Requirement:
    """One requirement: what it is, the figure, the bar, and whether it holds (None: it cannot
    be decided, ``figure`` says why)."""

    name: str
    figure: str
    needed: str
    holds: bool | None

    @property
    def verdict(self) -> str:
        return {True: "yes", False: "no", None: "cannot tell"}[self.holds]


@dataclass(frozen=True, slots=True)
class NormCheck:
    """A player's check for one norm: every requirement, the figures the certificate needs."""

    player: str
    title: str
    games: int
    score: Fraction
    average: int | None
    performance: int | None
    raised: str  # the opponent raised to the floor ("" none)
    requirements: tuple[Requirement, ...]

    @property
    def norm(self) -> bool | None:
        """True: a norm; False: not; None: some requirement cannot be decided."""
        verdicts = [r.holds for r in self.requirements]
        if False in verdicts:
            return False
        return None if None in verdicts else True


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def dp(score: Fraction, games: int) -> int:
    """dp for a score out of ``games``: the percentage rounded to a whole number (0.5 up), then
    table 8.1.1 (through :func:`ratingbook.fide.ratings.performance`: Rp - Ra over opponents
    all rated 0 is dp itself)."""
    found = performance([0] * games, score)
    assert found is not None  # games >= 1
    return found


def _counted_ratings(games: Sequence[NormGame], title: str) -> tuple[list[int], str, int | None]:
    """The ratings that go into the average (unrated as 1400, the lowest raised to the floor
    when below it), the opponent raised, and the average rounded 0.5 up."""
    ratings = [g.rating if g.rating is not None else UNRATED_AS for g in games]
    raised = ""
    if ratings:
        low = min(range(len(ratings)), key=lambda i: ratings[i])
        if ratings[low] < FLOOR[title]:
            ratings[low] = FLOOR[title]
            raised = games[low].opponent
    average = _half_up(Fraction(sum(ratings), len(ratings))) if ratings else None
    return ratings, raised, average


def swiss_exemption(federations: Sequence[tuple[str, bool, str]], host: str) -> tuple[bool, str]:
    """1.4.3's Swiss exemption over the players (federation, FIDE-rated, title): at least 20
    FIDE-rated players not of the host federation, from at least 3 federations, at least 10
    of them GM, IM, WGM or WIM. Returns whether it applies and the figures in words."""
    if not host:
        return False, "the host federation is not set (Federation in Swiss Settings)"
    foreign = [(f, t) for f, rated, t in federations if rated and f and f != host]
    feds = {f for f, _ in foreign}
    titled = sum(1 for _, t in foreign if t in ("GM", "IM", "WGM", "WIM"))
    applies = len(foreign) >= 20 and len(feds) >= 3 and titled >= 10
    return applies, (
        f"{len(foreign)} rated players not of {host}, {len(feds)} federations, "
        f"{titled} GM/IM/WGM/WIM"
    )


def check_norm(
    player: str,
    federation: str,
    title: str,
    games: Sequence[NormGame],
    *,
    minimum_games: int = 9,
    exempt: str = "",
) -> NormCheck:
    """Every requirement of a ``title`` norm for ``player`` over ``games`` (all of his rows:
    the uncounted ones are left out here). ``exempt``: why 1.4.3 does not apply ("" : it does)."""
    counted = [g for g in games if g.counted]
    n = len(counted)
    score = sum((g.score for g in counted), Fraction(0))
    reqs: list[Requirement] = []
    left_out = len(games) - n
    reqs.append(
        Requirement(
            "games (1.4.1-1.4.2)",
            f"{n}"
            + (f" ({left_out} not counted: forfeits, non-FIDE opponents)" if left_out else ""),
            f"at least {minimum_games}",
            n >= minimum_games,
        )
    )
    reqs.extend(_federation_requirements(federation, counted, exempt))
    titled = sum(1 for g in counted if g.title in TITLED)
    norm_titled = sum(1 for g in counted if g.title in _AT_LEAST[title])
    need_titled = math.ceil(n / 2)
    reqs.append(
        Requirement(
            "titled opponents (1.4.4)",
            f"{titled} of {n}",
            f"at least 50% ({need_titled}); CM, WCM not counted",
            n > 0 and titled >= need_titled,
        )
    )
    need_norm = max(3, math.ceil(n / 3))
    holders = "/".join(sorted(_AT_LEAST[title], key=NORM_TITLES.index))
    reqs.append(
        Requirement(
            f"{holders} opponents (1.4.5)",
            f"{norm_titled} of {n}",
            f"at least 1/3 and at least 3 ({need_norm})",
            n > 0 and norm_titled >= need_norm,
        )
    )
    _, raised, average = _counted_ratings(counted, title)
    unrated = sum(1 for g in counted if g.rating is None)
    how = []
    if unrated:
        how.append(f"{unrated} unrated at {UNRATED_AS}")
    if raised:
        how.append(f"{raised} raised to {FLOOR[title]}")
    reqs.append(
        Requirement(
            "average rating of opponents (1.4.6-1.4.9)",
            "-" if average is None else f"{average}" + (f" ({'; '.join(how)})" if how else ""),
            f"at least {MIN_AVERAGE[title]}",
            average is not None and average >= MIN_AVERAGE[title],
        )
    )
    performance = average + dp(score, n) if average is not None and n else None
    percent = f"{_half_up(score / n * 100)}%" if n else "-"
    reqs.append(
        Requirement(
            "performance (1.4.9)",
            "-"
            if performance is None
            else f"{performance} (Ra {average} + dp {dp(score, n)}, "
            f"{_points(score)}/{n} = {percent})",
            f"at least {MIN_PERFORMANCE[title]}",
            performance is not None and performance >= MIN_PERFORMANCE[title],
        )
    )
    reqs.append(
        Requirement(
            "score (1.4.10)",
            f"{_points(score)}/{n} = {percent}",
            "at least 35%",
            n > 0 and score >= MIN_SCORE * n,
        )
    )
    return NormCheck(player, title, n, score, average, performance, raised, tuple(reqs))


def _federation_requirements(
    own: str, counted: Sequence[NormGame], exempt: str
) -> list[Requirement]:
    name = "federations (1.4.3)"
    if exempt:
        return [Requirement(name, f"exempt: {exempt}", "-", True)]
    unknown = [g.opponent for g in counted if not g.federation]
    if not own or unknown:
        who = "the player" if not own else ", ".join(unknown)
        return [
            Requirement(
                name,
                f"cannot be decided: no federation for {who}",
                "2 foreign; at most 3/5 own, 2/3 one",
                None,
            )
        ]
    n = len(counted)
    feds = Counter(g.federation for g in counted)
    foreign = sorted(f for f in feds if f != own)
    biggest, most = feds.most_common(1)[0] if feds else ("-", 0)
    return [
        Requirement(
            name + " foreign",
            f"{len(foreign)} ({', '.join(foreign) or 'none'})",
            "at least 2",
            len(foreign) >= 2,
        ),
        Requirement(
            name + " own", f"{feds[own]} of {n} from {own}", "at most 3/5", 5 * feds[own] <= 3 * n
        ),
        Requirement(
            name + " one", f"{most} of {n} from {biggest}", "at most 2/3", 3 * most <= 2 * n
        ),
    ]


def _points(score: Fraction) -> str:
    whole, rest = divmod(score, 1)
    return str(int(whole)) if not rest else (f"{int(whole)}½" if whole else "½")


def still_needed(
    title: str,
    games: Sequence[NormGame],
    remaining: int,
    next_opponent: NormGame | None = None,
    *,
    minimum_games: int = 9,
) -> str:
    """Before the last round(s): what the player needs from his ``remaining`` games for a
    ``title`` norm, in words. The unknown opponents are assumed to be rated at the average of
    the opponents so far (and ``next_opponent`` when the next round is paired); the titles
    and federations still needed are counted, not assumed."""
    counted = [g for g in games if g.counted]
    final = len(counted) + remaining
    if final < minimum_games:
        return f"cannot: at most {final} games will count, {minimum_games} are needed"
    known = counted + ([next_opponent] if next_opponent is not None else [])
    if not known:
        return "no games yet"
    _, _, average_now = _counted_ratings(known, title)
    assert average_now is not None
    unknown = remaining - (1 if next_opponent is not None else 0)
    assumed = [NormGame("?", average_now, "", "", Fraction(0))] * unknown
    opponents = known + assumed
    _, _, average = _counted_ratings(opponents, title)
    assert average is not None
    have = sum((g.score for g in counted), Fraction(0))
    needs = []
    if average < MIN_AVERAGE[title]:
        return (
            f"cannot on these opponents: their average would be {average}, "
            f"{MIN_AVERAGE[title]} is needed"
        )
    need = None
    for halves in range(0, 2 * remaining + 1):
        total = have + Fraction(halves, 2)
        if average + dp(total, final) >= MIN_PERFORMANCE[title] and total >= MIN_SCORE * final:
            need = Fraction(halves, 2)
            break
    if need is None:
        return (
            f"cannot: even {_points(Fraction(remaining))}/{remaining} gives a performance "
            f"below {MIN_PERFORMANCE[title]} against an average of {average}"
        )
    needs.append(f"{_points(need)} from {remaining}" if need else "no more points")
    titled = sum(1 for g in known if g.title in TITLED)
    norm_titled = sum(1 for g in known if g.title in _AT_LEAST[title])
    more_titled = max(0, math.ceil(final / 2) - titled)
    more_norm = max(0, max(3, math.ceil(final / 3)) - norm_titled)
    if more_titled > unknown or more_norm > unknown:
        return (
            f"cannot: {more_titled} more titled and {more_norm} more {title}-level "
            f"opponents would be needed in {unknown} unpaired rounds"
        )
    if more_titled:
        needs.append(f"{more_titled} more titled opponent{'s' * (more_titled > 1)}")
    if more_norm:
        needs.append(f"{more_norm} more opponent{'s' * (more_norm > 1)} of {title} level or higher")
    return "needs " + ", ".join(needs) + f" (opponents' average assumed {average})"
