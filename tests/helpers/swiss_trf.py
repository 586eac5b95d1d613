"""A Swiss event written by hand as a TRF text, as the tests of ``ratingbook check`` and of the
FIDE-mode import build theirs: each player's 001 record made from the games (his opponents,
colours and results), his points and his rank (by points, then start number), between the
tournament's head with its log lines and the XXR record. The games and every figure of the
record they give are the test's own, written by hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tests.helpers.trf_samples import record

#: Each result as the TRF writes it for White and for Black (``?`` an adjourned game, "" a game
#: paired and not played yet).
LETTERS = {"1-0": ("1", "0"), "0-1": ("0", "1"), "=": ("=", "="), "?": ("?", "?"), "": ("", "")}
#: White's points for each result; an adjourned game scores a draw's points (TRF-2026 record
#: 162: X, an unknown result, "same as D"); a game not played yet scores nothing.
POINTS = {"1-0": Fraction(1), "0-1": Fraction(0), "=": Fraction(1, 2), "?": Fraction(1, 2)}


def swiss_trf(
    title: str,
    date: str,
    names: Sequence[str],
    games: Mapping[int, Sequence[tuple[int, int, str]]],
    *,
    planned: int,
    ratings: Sequence[int],
    fide_ids: Sequence[int],
    log: Sequence[str] = (),
) -> str:
    """The TRF text of a Dutch-system Swiss event called ``title``, starting on ``date``
    (``YYYY/MM/DD``), of ``planned`` rounds: ``names``, ``ratings`` and ``fide_ids`` by start
    number (1 first), ``games`` round by round as (White's number, Black's, result: a key of
    :data:`LETTERS`), ``log`` the ``###`` lines written after the head."""
    count = len(names)
    points = dict.fromkeys(range(1, count + 1), Fraction(0))
    entries: dict[int, list[str]] = {n: [] for n in range(1, count + 1)}
    for played in games.values():
        for white, black, result in played:
            first, second = LETTERS[result]
            entries[white].append(f"{black},w,{first}")
            entries[black].append(f"{white},b,{second}")
            if result in POINTS:
                points[white] += POINTS[result]
                points[black] += 1 - POINTS[result]
    order = sorted(points, key=lambda n: (-points[n], n))
    players = [
        record(
            n,
            names[n - 1],
            f"{float(points[n]):.1f}",
            order.index(n) + 1,
            entries[n],
            rating=str(ratings[n - 1]),
            fide_id=str(fide_ids[n - 1]),
        )
        for n in range(1, count + 1)
    ]
    head = [f"012 {title}", f"042 {date}", f"062 {count}", f"072 {count}"]
    head += ["092 Individual: Swiss-System", f"142 {planned}", "152 W", "192 FIDE_DUTCH"]
    return "\n".join([*head, *log, *players, f"XXR {planned}", ""])
