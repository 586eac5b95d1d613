"""Every 2026 tie-break against gacrux on every real TRF file (issue #37).

Each file of tests/data/trf is imported and written back as TRF-2026; gacrux's own command-line
tie-break checker (``python -m gacrux.tiebreakchecker``, FIDE's reference tool, one process at
a time) reads that file and computes every code; ratingbook's standings of the same event must
give the same points, values and ranks, player by player (by start number).

The checker reads the file ratingbook writes, not the original: gacrux reads 5 of the 14
originals itself (the others lack a 162 record it needs to add up their points, or a team record
it expects), and where it reads one it may read a date another way (``042 Jun 26, 2020`` is no
date to gacrux, which then applies the 2026 rules to a 2020 event). What this test holds is
that the standings ratingbook shows are what gacrux computes from the file ratingbook writes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from tests.helpers.paths import REAL_TRF, REAL_TRF_FILES

from ratingbook.core.encoding import decode_legacy
from ratingbook.events.codes import TIEBREAKS, tiebreak_base
from ratingbook.events.event import SwissEvent
from ratingbook.fide.gacrux import fide_standings
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import import_trf

#: The 2026 edition's new codes in both directions, the round-robin set of VCL question 104 and
#: the Swiss set, with modifiers.
CODES = (
    "STD",
    "RTNG",
    "RTNG/R",
    "TPN",
    "TPN/R",
    "REP",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "SB",
    "SB/C1",
    "SB/C2",
    "KS",
    "KS/L+1",
    "KS/L+2",
    "KS/L-1",
    "KS/L-2",
    "PS",
    "BH",
    "BH/C1",
    "BH/M1",
    "FB",
    "AOB",
)


def checker(path: Path, codes: tuple[str, ...], round_robin: bool, after: int) -> dict:
    """gacrux's tie-break checker on ``path``: its result, read from the JSON it writes."""
    out = path.with_suffix(".json")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gacrux.tiebreakchecker",
            "-i",
            str(path),
            "-b",
            "utf-8",
            "-p" if round_robin else "-s",
            # The standings' rounds, which are the rounds of the event as ratingbook hands it to
            # gacrux (fore-Buchholz takes the last of them as the last round).
            "-n",
            str(after),
            "-N",
            str(max(after, 1)),
            "-t",
            "PTS",
            *codes,
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict = json.loads(out.read_text(encoding="utf-8"))["tiebreakResult"]
    return result


def number(value: object) -> Fraction | None:
    return None if value is None else Fraction(str(value))


@pytest.mark.parametrize("name", REAL_TRF_FILES)
def test_every_tiebreak_equals_gacrux_checker_on_the_file_ratingbook_writes(
    name: str, tmp_path: Path
) -> None:
    event = import_trf(decode_legacy((REAL_TRF / name).read_bytes())).event
    round_robin = event.settings.round_robin
    codes = tuple(c for c in CODES if not (round_robin and TIEBREAKS[tiebreak_base(c)].swiss_only))
    ours = fide_standings(event, codes)
    assert ours.unranked == ()  # nobody withdrew from a round robin or was expelled here
    # The file of the rounds the standings count (the javafo sample has played 4 of its
    # 9 rounds): what gacrux is handed as the event.
    counted = SwissEvent(
        event.players,
        tuple(e for e in event.entries if e.round <= ours.after_round),
        event.settings,
        event.numbering,
    )
    path = tmp_path / "event.trf"
    path.write_text(export_trf(counted), encoding="utf-8")
    theirs = {
        c["cid"]: c for c in checker(path, codes, round_robin, ours.after_round)["competitors"]
    }
    numbers = event.start_numbers()
    assert len(ours.lines) == len(theirs)
    for line in ours.lines:
        their = theirs[numbers[line.name]]
        mine = [line.points, *(number(v) for v in line.values)]
        assert mine == [number(v) for v in their["tiebreakScore"]], line.name
        assert line.rank == their["rank"], line.name
