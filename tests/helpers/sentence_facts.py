"""The facts a sentence may cite, read from an event's games by this module alone: the reader the
sentence tests (``test_consistency_sentences.py``) check every note against.

Nothing here calls ratingbook's engines or reports: the points are the games' results added up,
the colours are the games' colours, the colour preferences are worked out from FIDE's C.04.3
A.6 (2017 text), E.3's comparison from C.04.2 D.5, Baku's virtual points from C.04.5.1. The
only things read from ratingbook are the event's rows (the games as typed or imported), its
settings (points for a win, a draw, the pairing bye) and the start numbers (input data).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from ratingbook.events.event import SwissEvent

WHITE, BLACK = "White", "Black"
#: The results as the games write them (``Result.value``): White's and Black's share, counted in
#: wins (1) and draws (½ of... a draw's own value, see :func:`_points`).
_GAME = {"1-0": ("W", "L"), "0-1": ("L", "W"), "½-½": ("D", "D")}
_FORFEIT = {"+/-": ("W", "L"), "-/+": ("L", "W"), "-/-": ("L", "L")}
_BYE = {"PAB": "PAB", "HPB": "D", "FPB": "W", "ZPB": "L"}


@dataclass
class Player:
    """One player before a round."""

    name: str
    number: int
    points: Fraction = Fraction(0)
    #: (round, "White"/"Black") of each game played over the board, in round order.
    colours: list[tuple[int, str]] = field(default_factory=list)
    pab: bool = False
    virtual: Fraction = Fraction(0)

    @property
    def score(self) -> Fraction:
        """The pairing score: points and Baku's virtual points."""
        return self.points + self.virtual

    def preference(self) -> tuple[str, str] | None:
        """(strength, colour) as C.04.3 A.6 defines it, or None (no game played: none)."""
        seq = [c for _, c in self.colours]
        if not seq:
            return None
        cod = seq.count(WHITE) - seq.count(BLACK)
        if cod < -1:
            return "absolute", WHITE
        if cod > 1:
            return "absolute", BLACK
        if seq[-2:] == [BLACK, BLACK]:
            return "absolute", WHITE
        if seq[-2:] == [WHITE, WHITE]:
            return "absolute", BLACK
        if cod:
            return "strong", WHITE if cod < 0 else BLACK
        return "mild", WHITE if seq[-1] == BLACK else BLACK

    @property
    def colour_difference(self) -> int:
        seq = [c for _, c in self.colours]
        return seq.count(WHITE) - seq.count(BLACK)


@dataclass
class Before:
    """The event as it stood before ``round``: every player, and who met whom."""

    round: int
    players: dict[str, Player]
    #: Pairs who played a game over the board; pairs who had any game (a forfeit too).
    played: set[frozenset[str]]
    paired: set[frozenset[str]]

    #: Who is paired in this round (a game or the pairing bye) or had an opponent before.
    counted: set[str] = field(default_factory=set)

    def pairing_number(self, name: str) -> int:
        """The pairing number the colour rules read: the players counted in start order (a
        player above who was never paired, and is not now, is not counted: gacrux's running
        count, which the pairing engine uses)."""
        mine = self.players[name].number
        return sum(1 for p in self.players.values() if p.number <= mine and p.name in self.counted)

    def higher(self, a: str, b: str) -> str:
        """The higher ranked of two (C.04.3 A.2: pairing score, then pairing number)."""
        pa, pb = self.players[a], self.players[b]
        return a if (pa.score, -pa.number) > (pb.score, -pb.number) else b


def _value(event: SwissEvent, kind: str) -> Fraction:
    scoring = event.settings.scoring
    return {
        "W": scoring.win,
        "D": scoring.draw,
        "L": Fraction(0),
        "PAB": scoring.pairing_bye,
    }[kind]


def _virtual(event: SwissEvent, round_number: int) -> dict[str, Fraction]:
    """Baku's virtual points (C.04.5.1) for ``round_number``: group A is the first half of the
    players paired in round 1 (a game or the pairing bye), rounded up to an even number; its
    last player's start number bounds it for good. A win's points in the first half (rounded
    up) of the accelerated rounds (the first half, rounded up, of the event), a draw's after."""
    rounds = event.settings.rounds
    if event.settings.acceleration != "Baku" or not rounds:
        return {}
    accelerated = -(-rounds // 2)
    full = -(-accelerated // 2)
    if round_number > accelerated:
        return {}
    numbers = event.start_numbers()
    first = [
        n
        for e in event.entries
        if e.round == 1
        and (e.black is not None or (e.result is not None and e.result.value == "PAB"))
        for n in e.players()
    ]
    if not first:
        return {}
    first.sort(key=numbers.__getitem__)
    last = numbers[first[min(2 * -(-len(first) // 4), len(first)) - 1]]
    points = event.settings.scoring.win if round_number <= full else event.settings.scoring.draw
    return {name: points for name, number in numbers.items() if number <= last}


def before(event: SwissEvent, round_number: int) -> Before:
    """The facts of ``event`` before ``round_number``, read from its games."""
    numbers = event.start_numbers()
    virtual = _virtual(event, round_number)
    players = {
        p.name: Player(p.name, numbers[p.name], virtual=virtual.get(p.name, Fraction(0)))
        for p in event.players
    }
    played: set[frozenset[str]] = set()
    paired: set[frozenset[str]] = set()
    for e in sorted(event.entries, key=lambda e: e.round):
        if e.round >= round_number or e.result is None:
            continue
        value = e.result.value
        white = players[e.white]
        if e.black is None:
            white.points += _value(event, _BYE[value])
            white.pab |= value == "PAB"
            continue
        black = players[e.black]
        paired.add(frozenset((e.white, e.black)))
        if value in _GAME:
            played.add(frozenset((e.white, e.black)))
            white.colours.append((e.round, WHITE))
            black.colours.append((e.round, BLACK))
            ws, bs = _GAME[value]
        else:
            ws, bs = _FORFEIT[value]
        white.points += _value(event, ws)
        black.points += _value(event, bs)
    counted = {
        n
        for e in event.entries
        if (e.round < round_number and e.black is not None)
        or (
            e.round == round_number
            and (e.black is not None or (e.result is not None and e.result.value == "PAB"))
        )
        for n in e.players()
    }
    return Before(round_number, players, played, paired, counted)


def last_difference(
    a: Player, b: Player
) -> tuple[tuple[int, str], tuple[int, str], list[tuple[str, str]]] | None:
    """C.04.3 E.3 with C.04.2 D.5: the two players' played games compared from the last one
    back; each one's (round, colour) at the first pair of games with different colours, and the
    colours compared before it (all equal). None: never different."""
    same = []
    for x, y in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if x[1] != y[1]:
            return x, y, same
        same.append((x[1], y[1]))
    return None


class Checker:
    """The problems found and how many facts of each kind were checked."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.problems: list[str] = []
        self.checked: Counter[str] = Counter()

    def expect(self, kind: str, ok: bool, what: str, text: str) -> None:
        self.checked[kind] += 1
        if not ok:
            self.problems.append(f"{self.where}: {what}\n    in: {text}")


# --- numbers as the sentences write them --------------------------------------------------------


def number(text: str) -> Fraction:
    """``1½`` -> 3/2, ``½`` -> 1/2, ``3`` -> 3, ``2.5`` -> 5/2."""
    text = text.strip()
    if text.endswith("½"):
        return Fraction(int(text[:-1] or 0)) + Fraction(1, 2)
    return Fraction(text)


POINTS = r"(\d*½|\d+(?:\.\d+)?) points?"
PREFERENCE = r"(?:an? (absolute|strong|mild) preference for (White|Black)|no colour preference)"


def preference_said(match: re.Match[str], at: int) -> tuple[str, str] | None:
    """The (strength, colour) a :data:`PREFERENCE` group pair of ``match`` says (at ``at``)."""
    strength, colour = match.group(at), match.group(at + 1)
    return (strength, colour) if strength else None


def berger_pairs(players: int, round_number: int) -> set[frozenset[int]]:
    """The pairs (start numbers) of round ``round_number`` of a single round robin by the Berger
    tables of C.05 Annex 1, colours aside, from the tables' arithmetic: with n places (an odd
    number of players plays the table of the next even number, its last place a bye), places
    i and j below n meet in round r when i + j - 2 = r - 1 (mod n - 1), and place n meets the
    place i with 2(i - 1) = r - 1 (mod n - 1). (Round 1 of six: 1-6, 2-5, 3-4.)"""
    n = players + players % 2
    pairs = {
        frozenset((i, j))
        for i in range(1, n)
        for j in range(i + 1, n)
        if (i + j - 2) % (n - 1) == (round_number - 1) % (n - 1)
    }
    last = next(i for i in range(1, n) if 2 * (i - 1) % (n - 1) == (round_number - 1) % (n - 1))
    if n == players:
        pairs.add(frozenset((last, n)))
    return pairs
