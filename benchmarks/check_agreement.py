"""``ratingbook check`` against gacrux's own pairing checker on generated events (issue 37).

Each event is made by ``ratingbook generate``'s code with options drawn from the event's
number (8-60 players, 3-11 rounds, byes, forfeits, unusual results, Baku for every other
event); every third event gets a deliberate mistake in its last round (two boards' Black
players exchanged, a repeated pairing, or a board's colours reversed: written from the TRF
layout by ``tests/helpers/trf_mutations.py``). Both checkers then judge every round of the same
file: ratingbook's (:func:`ratingbook.reports.check_notes.check_individual_trf`, a round with a
problem sentence is a round that fails) and gacrux's command line (``pairingchecker -c``, in
this process). The figure is how many rounds, and how many events, the two judge alike.

    python benchmarks/check_agreement.py            # 1,000 events (about an hour on 1 core)
    python benchmarks/check_agreement.py --events 50
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.helpers.gacrux_checker import gacrux_rounds  # noqa: E402
from tests.helpers.trf_mutations import (  # noqa: E402
    repeat_a_pairing,
    reverse_a_board,
    swap_two_boards,
)

from ratingbook.errors import RatingbookError  # noqa: E402
from ratingbook.fide.gacrux.generator import Generation, generate_trf  # noqa: E402
from ratingbook.reports.check_notes import check_individual_trf  # noqa: E402


def ratingbook_rounds(text: str, rounds: int) -> list[bool]:
    report = check_individual_trf(text)
    bad = {
        int(p.split(",")[0].split(":")[0].split()[1])
        for p in report.problems
        if p.startswith("round ")
    }
    return [r not in bad for r in range(1, rounds + 1)]


def event(number: int) -> tuple[str, int, str]:
    """The event ``number``: its text, its rounds and the mistake made in it ("" none)."""
    rng = random.Random(number)
    g = Generation(
        players=rng.randint(8, 60),
        rounds=rng.randint(3, 11),
        byes=rng.choice([0, 0, 1, 2, 0.05, 0.1]),
        forfeits=rng.choice([0, 0.02, 0.05]),
        unusual=rng.choice([0, 0, 0.02]),
        baku=number % 2 == 1,
        seed=number,
    )
    rounds = min(g.rounds, g.players - 1 - g.bye_count())  # enough opponents left
    g = Generation(**{**{f: getattr(g, f) for f in g.__slots__}, "rounds": max(rounds, 1)})
    text = generate_trf(g)
    mistake = ""
    if number % 3 == 0:
        kind = rng.choice(["swap", "repeat", "colours"])
        if kind == "repeat" and g.rounds > 1:
            made = repeat_a_pairing(text, g.rounds)
            if made is not None:
                text, mistake = made[0], "repeat"
        elif kind == "swap":
            text, mistake = swap_two_boards(text, g.rounds)[0], "swap"
        else:
            text, mistake = reverse_a_board(text, g.rounds)[0], "colours"
    return text, g.rounds, mistake


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--first", type=int, default=1)
    args = parser.parse_args()
    same_rounds = rounds_total = same_events = mistakes_found = mistakes = 0
    refused = 0
    differ: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.first, args.first + args.events):
            try:
                text, _, mistake = event(number)
            except RatingbookError as error:  # an event the engine cannot pair to the end
                refused += 1
                print(f"event {number}: not generated: {error}", file=sys.stderr)
                continue
            theirs = gacrux_rounds(text, Path(folder))
            ours = ratingbook_rounds(text, len(theirs))
            rounds_total += len(theirs)
            same_rounds += sum(a == b for a, b in zip(ours, theirs, strict=True))
            same_events += ours == theirs
            if mistake:
                mistakes += 1
                mistakes_found += not all(ours)
            if ours != theirs:
                differ.append(f"event {number} ({mistake or 'clean'}): {ours} vs {theirs}")
            if number % 50 == 0:
                print(f"... {number}: {same_events} events alike so far", file=sys.stderr)
    events = args.events - refused
    print(f"events: {events} ({refused} not generated)")
    print(f"rounds judged alike: {same_rounds} of {rounds_total}")
    print(f"events judged alike: {same_events} of {events}")
    print(f"deliberate mistakes found: {mistakes_found} of {mistakes}")
    for line in differ:
        print(line)


if __name__ == "__main__":
    main()
