"""gacrux's pairing checker (``gacrux.pairingchecker``, FIDE's own checker code), run in-process
on a TRF file, as an arbiter runs it from the command line: ``pairingchecker -c -n ROUND -i FILE``
for one round, ``pairingchecker -c -i FILE`` for every round (the tests of ``ratingbook check``
and ``benchmarks/check_agreement.py`` share the latter).

It reads the file with its own TRF reader, pairs the round again from the rounds before it
under the records the file carries (acceleration, forbidden pairs), and compares with the
file's pairing of that round. A file that leaves out a 250 or 260 record fails it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from unittest import mock

from gacrux.pairingchecker import pairingchecker


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
