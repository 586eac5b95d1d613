"""gacrux's pairing checker (``gacrux.pairingchecker``, FIDE's own checker code), run in-process
on a TRF file, as an arbiter runs it from the command line: ``pairingchecker -c -n ROUND -i FILE``
for one round, ``pairingchecker -c -i FILE`` for every round (the tests of ``ratingbook check``
and ``benchmarks/check_agreement.py`` share the latter).

It reads the file with its own TRF reader, pairs the round again from the rounds before it
under the records the file carries (acceleration, forbidden pairs), and compares with the
file's pairing of that round. A file that leaves out a 250 or 260 record fails it.

The checker's verdicts on :data:`SHARE` of ``benchmarks/check_agreement.py``'s events are
recorded once in :data:`VERDICTS` (gacrux pairs every round again: the slow half of that test),
each with the sha256 of the event's text; when gacrux or the event generator changes, record
again from the repository root and commit the file::

    python -m tests.helpers.gacrux_checker
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

from gacrux.pairingchecker import pairingchecker
from tests.helpers.paths import ROOT

from ratingbook.fide.gacrux import gacrux_version

#: gacrux's verdict on every round of each event of :data:`SHARE`, made by this module's main.
VERDICTS = ROOT / "tests" / "data" / "gacrux_check_verdicts.json"
#: Every 25th of the benchmark's 1,000 events.
SHARE = range(25, 1001, 25)


def passes_checker(trf_text: str, round_number: int, folder: Path) -> bool:
    """True when the checker finds the file's pairing of ``round_number`` the one the rules give."""
    source, verdict = folder / "checked.trf", folder / "checked.json"
    source.write_text(trf_text, encoding="latin-1")
    argv = ["pairingchecker", "-c", "-n", str(round_number), "-i", str(source), "-o", str(verdict)]
    with mock.patch.object(sys, "argv", argv):
        code = pairingchecker().common_main()
    report = json.loads(verdict.read_text(encoding="utf-8"))
    rounds = report["pairingResult"]["roundpairing"]
    return code == 0 and len(rounds) == 1 and rounds[0]["check"] is True


def gacrux_rounds(text: str, folder: Path) -> list[bool]:
    """gacrux's checker's verdict on each round of ``text`` (``pairingchecker -c``)."""
    source, verdict = folder / "gacrux.trf", folder / "gacrux.json"
    source.write_text(text, encoding="utf-8")
    argv = ["pairingchecker", "-c", "-i", str(source), "-o", str(verdict)]
    with mock.patch.object(sys, "argv", argv):
        pairingchecker().common_main()
    report = json.loads(verdict.read_text(encoding="utf-8"))
    return [bool(r["check"]) for r in report["pairingResult"]["roundpairing"]]


def text_key(text: str) -> str:
    """What the recording holds of an event's text: its sha256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def benchmark_events() -> Any:
    """``benchmarks/check_agreement.py`` as a module (its ``event`` and ``ratingbook_rounds``)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import check_agreement  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    return check_agreement


def recorded_verdicts() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(VERDICTS.read_text(encoding="utf-8"))
    return loaded


def main() -> None:
    events = benchmark_events()
    recorded: dict[str, Any] = {
        "about": "gacrux's checker on benchmarks/check_agreement.py's events; "
        "made by: python -m tests.helpers.gacrux_checker",
        "gacrux": gacrux_version(),
        "events": {},
    }
    with tempfile.TemporaryDirectory() as folder:
        for number in SHARE:
            text, _, mistake = events.event(number)
            recorded["events"][str(number)] = {
                "sha256": text_key(text),
                "mistake": mistake,
                "verdicts": gacrux_rounds(text, Path(folder)),
            }
    VERDICTS.write_text(json.dumps(recorded, indent=1) + "\n", encoding="utf-8")
    print(f"{VERDICTS}: gacrux {recorded['gacrux']}, {len(SHARE)} events", file=sys.stderr)


if __name__ == "__main__":
    main()
