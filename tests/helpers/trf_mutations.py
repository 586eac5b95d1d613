"""Deliberate mistakes made in a TRF file's text, written here from the TRF layout (FIDE's
TRF-2026 text: 001 columns 81-84 points, 86-89 rank, ten columns a round from 92: opponent,
colour, result letter), not with ratingbook's reader or writer, for ``ratingbook check`` to
find (issue 37): two boards' opponents exchanged, a repeated pairing, a board's colours
reversed, two ranks exchanged.

Each mistake keeps the file readable: both records of a game still tell the same game, and the
players' totals (81-84) are written again from their letters, as a program that made the
mistake would have written them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

#: Each result letter's points under the standard scoring (TRF-2026's table; ``U`` 1, ``H`` ½).
POINTS = {"1": 1, "+": 1, "W": 1, "F": 1, "U": 1, "=": Fraction(1, 2), "D": Fraction(1, 2)}
POINTS["H"] = Fraction(1, 2)


@dataclass
class Record:
    """A 001 line, padded, and its start number."""

    line: str
    number: int

    def field(self, round_number: int) -> str:
        start = 91 + 10 * (round_number - 1)
        return self.line[start : start + 8].ljust(8)

    def set_field(self, round_number: int, text: str) -> None:
        start = 91 + 10 * (round_number - 1)
        self.line = self.line[:start] + text.ljust(8) + self.line[start + 8 :]

    def opponent(self, round_number: int) -> int:
        text = self.field(round_number)[:4].strip()
        return int(text) if text.isdigit() else 0


class Trf:
    """A TRF text whose 001 records can be changed and written back."""

    def __init__(self, text: str) -> None:
        self.lines = text.replace("\r\n", "\n").split("\n")
        self.records = {}
        for index, line in enumerate(self.lines):
            if line.startswith("001 "):
                self.records[index] = Record(line.ljust(91 + 10 * 99), int(line[4:8]))
        self.by_number = {r.number: r for r in self.records.values()}

    def rounds(self) -> int:
        return max((len(r.line.rstrip()) - 91 + 9) // 10 for r in self.records.values())

    def games(self, round_number: int) -> list[tuple[int, int]]:
        """The round's games, (White, Black) by start number, the lowest numbers first."""
        found = set()
        for r in self.by_number.values():
            opponent = r.opponent(round_number)
            if opponent and r.field(round_number)[5] == "w":
                found.add((r.number, opponent))
        return sorted(found, key=lambda g: min(g))

    def text(self) -> str:
        for index, record in self.records.items():
            points = sum(
                (POINTS.get(record.field(n)[7], 0) for n in range(1, self.rounds() + 1)),
                start=Fraction(0),
            )
            line = record.line[:80] + f"{float(points):4.1f}" + record.line[84:]
            self.lines[index] = line.rstrip()
        return "\n".join(self.lines)

    def exchange_blacks(self, round_number: int, first: tuple[int, int], second: tuple[int, int]):
        """``first`` = A-B and ``second`` = C-D become A-D and C-B, each Black keeping the
        result letter of the Black he replaces (so both records of a game agree)."""
        (a, b), (c, d) = first, second
        rb, rd = self.by_number[b], self.by_number[d]
        fb, fd = rb.field(round_number), rd.field(round_number)
        fa, fc = self.by_number[a].field(round_number), self.by_number[c].field(round_number)
        self.by_number[a].set_field(round_number, f"{d:4}" + fa[4:])
        self.by_number[c].set_field(round_number, f"{b:4}" + fc[4:])
        rd.set_field(round_number, f"{a:4}" + fb[4:])
        rb.set_field(round_number, f"{c:4}" + fd[4:])

    def reverse_colours(self, round_number: int, game: tuple[int, int]) -> None:
        """The game's colours exchanged, each player keeping his result."""
        for number in game:
            record = self.by_number[number]
            f = record.field(round_number)
            colour = {"w": "b", "b": "w"}[f[5]]
            record.set_field(round_number, f[:5] + colour + f[6:])

    def exchange_ranks(self, first: int, second: int) -> None:
        a, b = self.by_number[first], self.by_number[second]
        ra, rb = a.line[85:89], b.line[85:89]
        a.line = a.line[:85] + rb + a.line[89:]
        b.line = b.line[:85] + ra + b.line[89:]

    def rank(self, number: int) -> int:
        return int(self.by_number[number].line[85:89])

    def points(self, number: int) -> str:
        return self.by_number[number].line[80:84].strip()


def swap_two_boards(text: str, round_number: int) -> tuple[str, tuple[int, int, int, int]]:
    """The round's first two games exchange their Black players: (A, B, C, D) = A-B, C-D
    before, A-D and C-B after."""
    trf = Trf(text)
    (a, b), (c, d) = trf.games(round_number)[:2]
    trf.exchange_blacks(round_number, (a, b), (c, d))
    return trf.text(), (a, b, c, d)


def repeat_a_pairing(text: str, round_number: int) -> tuple[str, tuple[int, int]] | None:
    """A game of the round made a second meeting: White A of some game gets as Black an
    opponent he met before, who played Black in this round too. None when no such pair."""
    trf = Trf(text)
    games = trf.games(round_number)
    blacks = {b: (w, b) for w, b in games}
    for white, black in games:
        met = {trf.by_number[white].opponent(n) for n in range(1, round_number)}
        for old in sorted(met & set(blacks)):
            if old != black:
                trf.exchange_blacks(round_number, (white, black), blacks[old])
                return trf.text(), (white, old)
    return None


def reverse_a_board(text: str, round_number: int) -> tuple[str, tuple[int, int]]:
    """The round's first game with its colours reversed: (White, Black) as they were."""
    trf = Trf(text)
    game = trf.games(round_number)[0]
    trf.reverse_colours(round_number, game)
    return trf.text(), game


def misrank(text: str) -> tuple[str, tuple[int, int]]:
    """The ranks of the first and the last player exchanged (their points differ unless the
    whole field is tied): (the player now ranked first, the one now ranked last)."""
    trf = Trf(text)
    by_rank = sorted(trf.by_number, key=trf.rank)
    top, bottom = by_rank[0], by_rank[-1]
    trf.exchange_ranks(top, bottom)
    return trf.text(), (bottom, top)
