"""FIDE title norms (Title Regulations, Handbook B.01): for one player and one title (GM, IM,
WGM, WIM), every requirement with its figure and whether it holds, over the best set of his
games the rules allow (:mod:`ratingbook.fide.rules.norm_games`); what he still needs before the last
rounds is :mod:`ratingbook.fide.rules.norm_outlook`.

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

Pure: the player's games in, a :class:`NormCheck` out; the event's side is
:mod:`ratingbook.fide.rules.norm_event`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.events.prizes import points_text
from ratingbook.fide.rules.norm_games import OPEN, NormGame, Prune, Selection, selections
from ratingbook.fide.rules.rating_regulations import performance

__all__ = [
    "CITES",
    "FID",
    "FLOOR",
    "FOREIGN_FEDERATIONS",
    "MIN_AVERAGE",
    "MIN_PERFORMANCE",
    "MIN_SCORE",
    "NORM_TITLES",
    "TITLED",
    "UNRATED_AS",
    "NormCheck",
    "NormGame",
    "Requirement",
    "check_norm",
    "dp",
    "effective_rating",
    "mix_may_hold",
    "norm_bound",
    "norm_figures",
    "norm_titled_needed",
    "one_allowed",
    "own_allowed",
    "requirements_in_words",
    "swiss_exemption",
    "titled_needed",
]

#: The norms, highest first.
NORM_TITLES = ("GM", "IM", "WGM", "WIM")
#: The articles each requirement cites wherever it is said (the check's lines, the sentence before
#: round 1, the guide's list: a test compares): the average by 1.4.6-1.4.7, its minimum 1.4.8a.
CITES = {
    "games": "1.4.1-1.4.2",
    "federations": "1.4.3-1.4.4",
    "titled opponents": "1.4.5",
    "average rating of opponents": "1.4.6-1.4.7, 1.4.8a",
    "performance": "1.4.8-1.4.9",
    "score": "1.4.8b",
}
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
    """A player's check for one norm: every requirement, the figures the certificate needs,
    the games counted and those set aside (with the article), how the set was chosen
    (``rule``, "" all counted games) and how many games the norm counts for (``counts_as``,
    None when it is no norm)."""

    player: str
    title: str
    games: int
    score: Fraction
    average: int | None
    performance: int | None
    raised: str  # the opponent raised to the floor ("" none)
    requirements: tuple[Requirement, ...]
    counted: tuple[NormGame, ...] = ()
    set_aside: tuple[tuple[NormGame, str], ...] = ()
    rule: str = ""
    counts_as: int | None = None

    @property
    def norm(self) -> bool | None:
        """True: a norm; False: not; None: some requirement cannot be decided."""
        verdicts = [r.holds for r in self.requirements]
        if False in verdicts:
            return False
        return None if None in verdicts else True


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


def _cited(requirement: str) -> str:
    """``performance (1.4.8-1.4.9)``: a requirement's name with its articles (:data:`CITES`)."""
    return f"{requirement} ({CITES[requirement]})"


def requirements_in_words(minimum_games: int = 9) -> str:
    """What a norm needs (1.4.1-1.4.9), in one sentence from this module's figures: what
    ``ratingbook norms`` says before any round was played."""
    by_title = ", ".join
    return (
        f"at least {minimum_games} games ({CITES['games']}); opponents of at least "
        f"{FOREIGN_FEDERATIONS} federations other than the player's, at most 3/5 of his own "
        f"and 2/3 of any one ({CITES['federations']}); at least 50% titled opponents, and at "
        "least 1/3 (and 3) holding the norm's title or a higher one "
        f"({CITES['titled opponents']}); an average opponents' rating of at least "
        + by_title(f"{t} {MIN_AVERAGE[t]}" for t in NORM_TITLES)
        + f" ({CITES['average rating of opponents']}); a performance of at least "
        + by_title(f"{t} {MIN_PERFORMANCE[t]}" for t in NORM_TITLES)
        + f" ({CITES['performance']}); a score of at least 35% ({CITES['score']})"
    )


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


def check_norm(
    player: str,
    federation: str,
    title: str,
    games: Sequence[NormGame],
    *,
    minimum_games: int = 9,
    exempt: str = "",
    rounds: int | None = None,
    round_robin: bool = False,
    pairing_byes: Sequence[int] = (),
    rounds_to_play: int = 0,
) -> NormCheck:
    """Every requirement of a ``title`` norm for ``player`` over ``games`` (all of his rows),
    over the best set of them the rules allow (:func:`~ratingbook.fide.rules.norm_games.selections`:
    all counted games first; among sets of one size that give a norm, the highest
    performance); when no set gives a norm, the check over all counted games. ``exempt``: why
    1.4.3-1.4.4 do not apply ("" : they do); ``rounds`` the event's rounds;
    ``rounds_to_play`` in a round robin the rounds not played yet (its norm must include every
    scheduled round, 1.4.1e)."""
    first: NormCheck | None = None
    prune = norm_bound(title, federation, exempt)
    if round_robin:
        whole_mix = _mix_requirements(federation, [g for g in games if g.counted], exempt, title)
        if _all(r.holds for r in whole_mix) is not True:
            # 1.4.1f: a round robin's smaller sets need the whole event's mix as well; all
            # its games are the first set, which is checked in full
            prune = _nothing_smaller
    for group in selections(
        games,
        minimum_games=minimum_games,
        rounds=rounds,
        round_robin=round_robin,
        pairing_byes=pairing_byes,
        prune=prune,
    ):
        made = []
        for choice in group:
            if first is not None and not _may_give(choice, title):
                continue
            check = _check(player, federation, title, choice, exempt, rounds, rounds_to_play)
            if first is None:
                first = check
            if check.norm:
                made.append(check)
        if made:
            return max(made, key=lambda c: c.performance or 0)
    assert first is not None  # selections always offers all counted games first
    return first


def norm_bound(title: str, federation: str, exempt: str) -> Prune:
    """:func:`~ratingbook.fide.rules.norm_games.selections`' bound for a ``title`` norm of a player
    of ``federation`` (``exempt``: see :func:`check_norm`). The sets that keep the same games
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


def _nothing_smaller(prefix: Sequence[NormGame], wins: Sequence[int], drop: int) -> bool:
    return False


def _may_give(choice: Selection, title: str) -> bool:
    """The figures alone (games, average, performance) before the whole check: a set that
    fails them is no norm (the same rules, checked first because they are cheap)."""
    return len(choice.games) >= choice.minimum and norm_figures(choice.games, title)


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


def _check(
    player: str,
    federation: str,
    title: str,
    choice: Selection,
    exempt: str,
    rounds: int | None,
    rounds_to_play: int,
) -> NormCheck:
    counted = choice.games
    n = len(counted)
    score = sum((g.score for g in counted), Fraction(0))
    reqs: list[Requirement] = [_games_requirement(choice)]
    if rounds_to_play:
        reqs.append(
            Requirement(
                "every scheduled round (1.4.1e)",
                f"{rounds_to_play} round{'s' * (rounds_to_play > 1)} still to play",
                "a round robin's norm includes all its rounds",
                False,
            )
        )
    reqs.extend(_mix_requirements(federation, counted, exempt, title))
    if choice.whole_mix:
        whole = _mix_requirements(federation, choice.whole_mix, exempt, title)
        reqs.append(
            Requirement(
                "mix of the whole event (1.4.1f)",
                "; ".join(f"{r.name}: {r.verdict}" for r in whole if r.holds is not True)
                or "every mix requirement holds",
                "a round robin's mix must allow a norm over every game",
                _all(r.holds for r in whole),
            )
        )
    average, raised = average_rating(counted, title)
    how = []
    unrated = sum(1 for g in counted if g.rating is None)
    if unrated:
        how.append(f"{unrated} unrated at {UNRATED_AS}")
    if raised:
        how.append(f"{raised} raised to {FLOOR[title]}")
    reqs.append(
        Requirement(
            _cited("average rating of opponents"),
            "-" if average is None else f"{average}" + (f" ({'; '.join(how)})" if how else ""),
            f"at least {MIN_AVERAGE[title]}",
            average is not None and average >= MIN_AVERAGE[title],
        )
    )
    rp = average + dp(score, n) if average is not None and n else None
    percent = f"{half_up(score / n * 100)}%" if n else "-"
    reqs.append(
        Requirement(
            _cited("performance"),
            "-"
            if rp is None
            else f"{rp} (Ra {average} + dp {dp(score, n)}, {points_text(score)}/{n} = {percent})",
            f"at least {MIN_PERFORMANCE[title]}",
            rp is not None and rp >= MIN_PERFORMANCE[title],
        )
    )
    reqs.append(
        Requirement(
            _cited("score"),
            f"{points_text(score)}/{n} = {percent}",
            "at least 35%",
            n > 0 and score >= MIN_SCORE * n,
        )
    )
    made = _all(r.holds for r in reqs)
    counts = _counts_as(choice, score, average, title, rounds) if made and average else None
    return NormCheck(
        *(player, title, n, score, average, rp, raised, tuple(reqs), counted),
        choice.set_aside,
        choice.rule,
        counts,
    )


def _counts_as(
    choice: Selection, score: Fraction, average: int, title: str, rounds: int | None
) -> int:
    """How many games the norm counts for: 1.4.1c's fixed 9; else the games plus each full
    point above the score the norm needs (1.4.1d), at most 13 from an event of more than 13
    rounds (1.7)."""
    if choice.counts_as is not None:
        return choice.counts_as
    n = len(choice.games)
    needed = needed_score(average, n, title)
    assert needed is not None  # a norm was made with ``score``
    total = n + math.floor(score - needed)
    return min(total, 13) if rounds is not None and rounds > 13 else total


def _games_requirement(choice: Selection) -> Requirement:
    n = len(choice.games)
    notes = []
    if choice.rule:
        notes.append(choice.rule)
    return Requirement(
        _cited("games"),
        f"{n}" + (f" ({'; '.join(notes)})" if notes else ""),
        f"at least {choice.minimum}",
        n >= choice.minimum,
    )


def _mix_requirements(
    federation: str, counted: Sequence[NormGame], exempt: str, title: str
) -> list[Requirement]:
    """The mix (1.4.3-1.4.5) of ``counted``."""
    return [
        *_federation_requirements(federation, counted, exempt),
        *_title_requirements(counted, title),
    ]


def _title_requirements(counted: Sequence[NormGame], title: str) -> list[Requirement]:
    n = len(counted)
    titled = sum(1 for g in counted if g.title in TITLED)
    norm_titled = sum(1 for g in counted if g.title in AT_LEAST[title])
    need_titled = titled_needed(n)
    need_norm = norm_titled_needed(n)
    holders = "/".join(sorted(AT_LEAST[title], key=NORM_TITLES.index))
    return [
        Requirement(
            "titled opponents (1.4.5a)",
            f"{titled} of {n}",
            f"at least 50% ({need_titled}); CM, WCM not counted",
            n > 0 and titled >= need_titled,
        ),
        Requirement(
            f"{holders} opponents (1.4.5b-e)",
            f"{norm_titled} of {n}",
            f"at least 1/3 and at least 3 ({need_norm})",
            n > 0 and norm_titled >= need_norm,
        ),
    ]


def _federation_requirements(
    own: str, counted: Sequence[NormGame], exempt: str
) -> list[Requirement]:
    name = _cited("federations")
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
    feds = Counter(g.federation for g in counted if g.federation != FID)
    foreign = sorted(f for f in feds if f != own)
    biggest, most = feds.most_common(1)[0] if feds else ("-", 0)
    fids = n - sum(feds.values())
    fid = f"; {fids} of FID, no federation (1.4.2a)" if fids else ""
    return [
        Requirement(
            "foreign federations (1.4.3)",
            f"{len(foreign)} ({', '.join(foreign) or 'none'}){fid}",
            f"at least {FOREIGN_FEDERATIONS}",
            len(foreign) >= FOREIGN_FEDERATIONS,
        ),
        Requirement(
            "own federation (1.4.4)",
            f"{feds[own]} of {n} from {own}",
            f"at most 3/5 ({own_allowed(n)})",
            feds[own] <= own_allowed(n),
        ),
        Requirement(
            "one federation (1.4.4)",
            f"{most} of {n} from {biggest}",
            f"at most 2/3 ({one_allowed(n)})",
            most <= one_allowed(n),
        ),
    ]


def _all(verdicts: Iterable[bool | None]) -> bool | None:
    found = list(verdicts)
    if False in found:
        return False
    return None if None in found else True
