"""Which of a player's games a FIDE title norm counts, and which sets of them he may put
forward: the game-counting rules of the Title Regulations (Handbook B.01, the text applied from
1 January 2024; the article numbers are that text's, see :mod:`ratingbook.fide.rules.norms`).

A game is not counted (1.4.2) when it was not played over the board (a forfeit, 1.4.2c; a bye
is no game at all), when the opponent's federation is not a member of FIDE (1.4.2a), or, in a
round robin, when the opponent is unrated and scored nothing against the rated players
(1.4.2b). The event side (:mod:`ratingbook.fide.rules.norm_event`) says which, in ``NormGame.why``.

The sets a norm may be checked over, in the order :func:`selections` offers them:

1. every counted game, at least ``minimum_games`` of them (1.4.1a: 9; the exceptions of 1.4.1b,
   7 for some team championships, 8 for the World Cups, are the organiser's ``Norm Games``);
2. 1.4.1c: in a 9-round event, 8 games and a forfeit win or a pairing-allocated bye: the 8
   games must give the norm by themselves, and the norm counts as 9 games (only one such norm
   may go into a title application, which the check says);
3. 1.4.2c: a last-round game the opponent forfeited, when the player needed it to reach the
   minimum: the norm counts if it holds with that game lost to that opponent (he "could afford
   to lose" it); the game is then counted as a loss;
4. fewer games, never fewer than the minimum: 1.4.1e, in an event without predetermined
   pairings (a Swiss), the games after a round may be ignored once the games up to it make the
   norm; 1.4.1f, the games against opponents he defeated may be ignored, in any event, provided
   what is left still has the required mix of opponents; in a round robin the mix of the whole
   event must make a norm possible too (``whole_mix``). The largest sets come first; the
   check picks, among the sets of one size that give a norm, the highest performance.

The text says nothing special about the score, the performance or the rating floor of a
smaller set: every requirement is checked over the games kept, and the floor raises the
lowest-rated opponent among them. Pure: plain values in, plain values out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

__all__ = [
    "FORFEIT",
    "NON_FIDE",
    "OPEN",
    "UNRATED_ZERO",
    "NormGame",
    "Prune",
    "Selection",
    "selections",
]

#: Why a game is not counted (``NormGame.why``), with the article.
FORFEIT = "forfeit (1.4.2c)"
NON_FIDE = "opponent's federation not in FIDE (1.4.2a)"
UNRATED_ZERO = "unrated opponent who scored nothing against rated players (1.4.2b)"
#: Why a counted game was set aside for a smaller set.
_LATER = "later round ignored (1.4.1e)"
_BEATEN = "win set aside (1.4.1f)"
#: The title and federation of an opponent not paired yet: open, neither assumed nor counted.
OPEN = "?"


@dataclass(frozen=True, slots=True)
class NormGame:
    """A game of the player: the opponent's FIDE rating (None: unrated), title, federation
    ("" unknown), the player's score; ``counted`` False for a game the norm does not count,
    ``why`` says why (:data:`FORFEIT`, :data:`NON_FIDE`, :data:`UNRATED_ZERO`)."""

    opponent: str
    rating: int | None
    title: str
    federation: str
    score: Fraction
    counted: bool = True
    round: int = 0
    why: str = ""

    @property
    def forfeit_win(self) -> bool:
        """A game the opponent forfeited (the player scored, nobody played)."""
        return self.why == FORFEIT and self.score == 1


#: :func:`selections`' bound: whether some set that keeps the games ``prefix`` but ``drop`` of
#: the wins at the indices ``wins`` can give the norm (False: none of those sets is offered).
Prune = Callable[[Sequence[NormGame], Sequence[int], int], bool]


@dataclass(frozen=True, slots=True)
class Selection:
    """A set of games a norm is checked over: ``games`` counted, ``set_aside`` the counted
    games left out on purpose (each with its article), the ``minimum`` number of games, the
    ``rule`` that lets this set count ("" every counted game), ``counts_as`` when the rule
    fixes how many games the norm counts for (1.4.1c), ``whole_mix`` the games whose mix of
    opponents must hold as well (a round robin's whole event, 1.4.1f)."""

    games: tuple[NormGame, ...]
    set_aside: tuple[tuple[NormGame, str], ...] = ()
    minimum: int = 9
    rule: str = ""
    counts_as: int | None = None
    whole_mix: tuple[NormGame, ...] = ()


def selections(
    games: Sequence[NormGame],
    *,
    minimum_games: int = 9,
    rounds: int | None = None,
    round_robin: bool = False,
    pairing_byes: Sequence[int] = (),
    prune: Prune | None = None,
) -> Iterator[list[Selection]]:
    """The sets of ``games`` (all of the player's rows, counted or not) a norm may be checked
    over, in groups of equal rank, best first (see the module's docstring). ``rounds`` is the
    event's number of rounds (None: unknown, and 1.4.1c and 1.4.2c are not tried),
    ``pairing_byes`` the rounds the player had a pairing-allocated bye.

    ``prune``: asked once for each kind of set (the same games up to a round, as many wins
    set aside) before its sets are built; when it says no set of the kind can give the norm,
    none is offered (:func:`~ratingbook.fide.rules.norms.norm_bound`). Without it a round robin of
    22 rounds offers millions of sets."""
    counted = tuple(sorted((g for g in games if g.counted), key=lambda g: g.round))
    yield [Selection(counted, minimum=minimum_games)]
    if rounds == 9 and len(counted) == 8 and minimum_games == 9:
        free = [f"forfeit win in round {g.round}" for g in games if g.forfeit_win]
        free += [f"pairing-allocated bye in round {r}" for r in pairing_byes]
        if free:
            yield [
                Selection(
                    counted,
                    minimum=8,
                    rule=f"1.4.1c: 8 games and a {free[0]} count as 9 "
                    "(one such norm per title application)",
                    counts_as=9,
                )
            ]
    last = [g for g in games if g.forfeit_win and rounds is not None and g.round == rounds]
    if last and len(counted) < minimum_games:
        lost = replace(last[0], counted=True, score=Fraction(0), why="")
        yield [
            Selection(
                tuple(sorted((*counted, lost), key=lambda g: g.round)),
                minimum=minimum_games,
                rule=f"1.4.2c: the last-round forfeit by {lost.opponent} counted as a loss",
            )
        ]
    yield from _smaller(counted, minimum_games, round_robin, prune)


def _smaller(
    counted: tuple[NormGame, ...],
    minimum: int,
    round_robin: bool,
    prune: Prune | None,
) -> Iterator[list[Selection]]:
    """1.4.1e-f: the sets of ``size`` games, from one fewer than all down to ``minimum``
    (``prune``: see :func:`selections`)."""
    ends = [len(counted)] if round_robin else list(range(len(counted), minimum - 1, -1))
    for size in range(len(counted) - 1, minimum - 1, -1):
        group = []
        for end in ends:
            wins = [i for i in range(end) if counted[i].score == 1]
            drop = end - size
            if drop < 0 or drop > len(wins):
                continue
            if prune is not None and not prune(counted[:end], wins, drop):
                continue
            for beaten in combinations(wins, drop):
                out = set(beaten)
                kept = tuple(g for i, g in enumerate(counted[:end]) if i not in out)
                aside = [(counted[i], _BEATEN) for i in beaten]
                aside += [(g, _LATER) for g in counted[end:]]
                group.append(
                    Selection(
                        kept,
                        tuple(sorted(aside, key=lambda a: a[0].round)),
                        minimum,
                        _rule(counted, end, [counted[i] for i in beaten]),
                        whole_mix=counted if round_robin else (),
                    )
                )
        if group:
            yield group


def _rule(counted: tuple[NormGame, ...], end: int, beaten: list[NormGame]) -> str:
    parts = []
    if end < len(counted):
        parts.append(f"1.4.1e: the games after round {counted[end - 1].round} ignored")
    if beaten:
        who = ", ".join(f"{g.opponent} (round {g.round})" for g in beaten)
        parts.append(f"1.4.1f: the win{'s' * (len(beaten) > 1)} against {who} set aside")
    return "; ".join(parts)
