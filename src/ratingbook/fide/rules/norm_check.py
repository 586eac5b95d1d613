"""A player's check for one FIDE title norm (Title Regulations B.01; its rules, figures and
articles: :mod:`ratingbook.fide.rules.norms`): every requirement said as a line (a
:class:`Requirement`: its name with the articles it cites, its figure, its bar, whether it holds),
over the best set of his games the rules allow (:mod:`ratingbook.fide.rules.norm_games`), and how
many games the norm counts for (1.4.1c-d, 1.7); and what a norm needs, in one sentence, before
round 1 (:func:`requirements_in_words`). This module alone words the requirements: the check's
lines, that sentence and the guide cite the same articles (:data:`CITES`).

Pure: the player's games in, a :class:`NormCheck` out; the event's side is
:mod:`ratingbook.fide.rules.norm_event`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.events.prizes import points_text
from ratingbook.fide.rules.norm_games import NormGame, Selection, selections
from ratingbook.fide.rules.norms import (
    AT_LEAST,
    FID,
    FLOOR,
    FOREIGN_FEDERATIONS,
    MIN_AVERAGE,
    MIN_PERFORMANCE,
    MIN_SCORE,
    NORM_TITLES,
    TITLED,
    UNRATED_AS,
    average_rating,
    dp,
    half_up,
    needed_score,
    norm_bound,
    norm_figures,
    norm_titled_needed,
    one_allowed,
    own_allowed,
    titled_needed,
)

__all__ = [
    "CITES",
    "NormCheck",
    "Requirement",
    "check_norm",
    "requirements_in_words",
]

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


def _cited(requirement: str) -> str:
    """``performance (1.4.8-1.4.9)``: a requirement's name with its articles (:data:`CITES`)."""
    return f"{requirement} ({CITES[requirement]})"


def requirements_in_words(minimum_games: int = 9) -> str:
    """What a norm needs (1.4.1-1.4.9), in one sentence from this module's figures: what
    ``ratingbook norms`` says before any round was played."""
    by_title = ", ".join
    return (
        f"at least {minimum_games} games ({CITES['games']}); opponents of at least "
        f"{FOREIGN_FEDERATIONS} federations other than the player's, at most 3/5 of the player's "
        f"and 2/3 of any one ({CITES['federations']}); at least 50% titled opponents, and at "
        "least 1/3 (and 3) holding the norm's title or a higher one "
        f"({CITES['titled opponents']}); an average opponents' rating of at least "
        + by_title(f"{t} {MIN_AVERAGE[t]}" for t in NORM_TITLES)
        + f" ({CITES['average rating of opponents']}); a performance of at least "
        + by_title(f"{t} {MIN_PERFORMANCE[t]}" for t in NORM_TITLES)
        + f" ({CITES['performance']}); a score of at least 35% ({CITES['score']})"
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


def _nothing_smaller(prefix: Sequence[NormGame], wins: Sequence[int], drop: int) -> bool:
    return False


def _may_give(choice: Selection, title: str) -> bool:
    """The figures alone (games, average, performance) before the whole check: a set that
    fails them is no norm (the same rules, checked first because they are cheap)."""
    return len(choice.games) >= choice.minimum and norm_figures(choice.games, title)


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
