"""gacrux's own Dutch pairings, recorded once, for the fast path's tests (issue 33).

``tests/fide/test_fast_dutch.py`` checks that ratingbook's fast path (``path="fast"``) pairs
every round exactly as gacrux's own engine does (``path="gacrux"``: gacrux's ``pairing_dutch``
and networkx's matching, as shipped). gacrux's engine is the slow one, so its pairings of
every case are recorded in :data:`RECORDING` and the tests run only the fast path against
them; a small live comparison (marked slow) still pairs a sample with gacrux itself, so the
recording cannot go stale unseen.

The cases: every round of the real TRF files in ``tests/data/trf`` (the event as it stood
before the round: the rounds before it and the byes entered for it), and events generated
round by round on gacrux's pairings with random results, forfeits, requested byes,
withdrawals, forbidden pairs and Baku acceleration (:func:`generated_event`).

When gacrux changes (a new release; the sha256 pins in test_fast_dutch.py name the functions
the fast path stands in for), record again from the repository root and commit the file::

    python -m tests.helpers.gacrux_pairings

One line per round: ``R3: 1-5 6-2 9-`` is round 3, board 1 start number 1 (White) against
5, ..., and 9 with the pairing-allocated bye (last); a round gacrux refuses is ``R3! `` and the
error ratingbook gives.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace

from tests.helpers.paths import LONG_REAL_FILES, REAL_TRF, REAL_TRF_FILES, ROOT

from ratingbook.core.encoding import decode_legacy
from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.forbidden_pairs import ForbiddenPair
from ratingbook.events.settings import ACCELERATION_NONE, BAKU, SwissSettings
from ratingbook.fide.gacrux import gacrux_version, pair_next_round
from ratingbook.trf.importer import import_trf

DATA, TRF_FILES = REAL_TRF, REAL_TRF_FILES
#: gacrux's pairings of every case below, made by this module's ``main``.
RECORDING = ROOT / "tests" / "data" / "gacrux_pairings.json"

#: The files with the most rounds to compare: in the slow run.
LONG_FILES = LONG_REAL_FILES
#: (players, rounds, seed) of the generated events of the quick run.
QUICK = [(20, 7, 1), (31, 9, 2), (64, 5, 3)]
#: The sweep of the slow run: 20-400 players, 5-11 rounds.
SWEEP = [
    (players, rounds, seed)
    for seed, (players, rounds) in enumerate(
        [
            *[(20, 11), (21, 9), (25, 7), (33, 9), (40, 11), (48, 5), (57, 9), (75, 7), (90, 9)],
            *[(101, 11), (130, 7), (151, 9), (180, 5), (222, 7), (260, 9), (301, 5), (400, 7)],
        ],
        start=10,
    )
]

Pairer = Callable[[SwissEvent], list[SwissEntry]]


def case_key(players: int, rounds: int, seed: int) -> str:
    """A generated event's name in the recording."""
    return f"{players} players, {rounds} rounds, seed {seed}"


# ------------------------------------------------------------------------------------ the cases


def rounds_of(name: str) -> list[SwissEvent]:
    """The file's event as it stood before each of its rounds was paired: the rounds before,
    and the byes entered for that round (none for a round robin: Berger tables, not gacrux)."""
    return list(_stages(name))


@functools.cache
def _stages(name: str) -> tuple[SwissEvent, ...]:
    """:func:`rounds_of`, worked out once for each file in a run (the events are frozen): the
    recording's check asks for every file, then each file's test for its own again."""
    event = import_trf(decode_legacy((DATA / name).read_bytes())).event
    if event.settings.round_robin:
        return ()
    last = max((e.round for e in event.entries), default=0)
    stages = []
    for number in range(1, last + 2):
        entries = tuple(
            e
            for e in event.entries
            if e.round < number
            or (e.round == number and e.result is not None and e.result.is_requested_bye)
        )
        stages.append(replace(event, entries=entries))
    return tuple(stages)


BYES = (Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE, Result.FULL_POINT_BYE)
RESULTS = (
    *[Result.WHITE_WINS] * 8,
    *[Result.BLACK_WINS] * 7,
    *[Result.DRAW] * 6,
    Result.WHITE_WINS_BY_FORFEIT,
    Result.BLACK_WINS_BY_FORFEIT,
    Result.DOUBLE_FORFEIT,
)


def generated_event(players: int, rounds: int, seed: int, pairing: Pairer) -> list[SwissEvent]:
    """An event played round by round on ``pairing``'s pairings (gacrux's own, live or
    recorded), as it stood before each round: random results with forfeits, requested byes,
    withdrawals, forbidden pairs, and Baku acceleration for every other seed. The events stop
    at the first round ``pairing`` refuses (a :class:`RatingbookError`)."""
    rng = random.Random(seed)
    field = [
        SwissPlayer(f"P{i:03d}", 2500 - 7 * i - rng.randint(0, 40) if rng.random() > 0.05 else None)
        for i in range(players)
    ]
    gone = rng.sample(range(players), k=max(1, players // 25))
    for i in gone:
        field[i] = replace(field[i], withdrawn=rng.randint(2, rounds))
    names = [p.name for p in field]
    bans = tuple(
        ForbiddenPair(*rng.sample(names, 2), until_round=rng.choice([None, rounds // 2]))
        for _ in range(max(1, players // 20))
    )
    settings = SwissSettings(
        rounds=rounds,
        start_date=dt.date(2026, 4, 1),
        acceleration=BAKU if seed % 2 else ACCELERATION_NONE,
    )
    event = SwissEvent(tuple(field), (), settings, forbidden=bans)
    stages = []
    for number in range(1, rounds + 1):
        byes = [
            SwissEntry(number, None, name, None, rng.choice(BYES))
            for name in rng.sample(names, k=rng.randint(0, max(1, players // 15)))
            if event.player(name).plays_in(number)
        ]
        event = event.with_entries(byes)
        stages.append(event)
        try:
            rows = pairing(event)
        except RatingbookError:
            break
        event = event.with_entries(
            [e if e.black is None else replace(e, result=rng.choice(RESULTS)) for e in rows]
        )
    return stages


def gacrux_pairing(event: SwissEvent) -> list[SwissEntry]:
    """The next round as gacrux's own engine pairs it (slow: the reference)."""
    return pair_next_round(event, path="gacrux")


# ------------------------------------------------------------------------- one line per round


def round_line(event: SwissEvent, path: str) -> str:
    """The next round of ``event`` as ``path`` pairs it, written as a line of the recording."""
    try:
        rows = pair_next_round(event, path=path)
    except RatingbookError as error:
        round_number = event.paired_rounds + 1
        return f"R{round_number}! {type(error).__name__}: {error}"
    numbers = event.start_numbers()
    pairs = []
    for board, row in enumerate(rows, start=1):
        assert row.board == board and row.round == rows[0].round, row
        if row.black is None:
            assert row.result is Result.PAIRING_BYE, row
            pairs.append(f"{numbers[row.white]}-")
        else:
            assert row.result is None, row
            pairs.append(f"{numbers[row.white]}-{numbers[row.black]}")
    return f"R{rows[0].round}: " + " ".join(pairs)


def rows_of(event: SwissEvent, line: str) -> list[SwissEntry]:
    """The rows a recorded line stands for (the inverse of :func:`round_line`); a recorded
    refusal raises a :class:`RatingbookError` with its message."""
    head, _, body = line.partition(" ")
    if head.endswith("!"):
        raise RatingbookError(body)
    round_number = int(head.removeprefix("R").removesuffix(":"))
    names = {number: name for name, number in event.start_numbers().items()}
    rows = []
    for board, pair in enumerate(body.split(), start=1):
        white, black = pair.split("-")
        if black:
            rows.append(SwissEntry(round_number, board, names[int(white)], names[int(black)], None))
        else:
            bye = Result.PAIRING_BYE
            rows.append(SwissEntry(round_number, board, names[int(white)], None, bye))
    return rows


def replaying(lines: list[str]) -> Pairer:
    """A pairing that gives the recorded rounds in turn."""
    recorded: Iterator[str] = iter(lines)
    return lambda event: rows_of(event, next(recorded))


# ---------------------------------------------------------------------------------- recording


def load() -> dict[str, object]:
    """The recording: ``gacrux`` (its version), ``files`` and ``generated`` (lines per case)."""
    loaded: dict[str, object] = json.loads(RECORDING.read_text(encoding="utf-8"))
    return loaded


def record() -> dict[str, object]:
    """gacrux's own pairings of every case (minutes: gacrux pairs every round once)."""
    files = {name: [round_line(stage, "gacrux") for stage in rounds_of(name)] for name in TRF_FILES}
    generated = {}
    for players, rounds, seed in [*QUICK, *SWEEP]:
        lines: list[str] = []

        def pairing(event: SwissEvent, lines: list[str] = lines) -> list[SwissEntry]:
            lines.append(round_line(event, "gacrux"))
            return rows_of(event, lines[-1])

        generated_event(players, rounds, seed, pairing)
        generated[case_key(players, rounds, seed)] = lines
    return {
        "about": "gacrux's own Dutch pairings; made by: python -m tests.helpers.gacrux_pairings",
        "gacrux": gacrux_version(),
        "files": {name: lines for name, lines in files.items() if lines},
        "generated": generated,
    }


def main() -> None:
    made = record()
    text = json.dumps(made, indent=1, ensure_ascii=False) + "\n"
    RECORDING.write_text(text, encoding="utf-8")
    print(f"{RECORDING}: gacrux {made['gacrux']}", file=sys.stderr)


if __name__ == "__main__":
    main()
