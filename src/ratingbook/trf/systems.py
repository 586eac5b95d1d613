"""A TRF file's records of the pairing system: read into the settings and the forbidden pairs.

- 192, TRF-2026's encoded tournament type: ``FIDE_DUTCH`` (with ``_BAKU``: Baku acceleration),
  ``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN`` (and the ``BERGER_`` forms);
- 250 (TRF-2026) and JaVaFo's ``XXA``: virtual points. ratingbook accelerates by the Baku rules
  only (:mod:`ratingbook.events.acceleration`), so a file with virtual points is read as a Baku
  event, with a warning when its points are not Baku's;
- 260 (TRF-2026: ``260 RRR RRR PPPP PPPP ...``, first and last round, then start numbers) and
  JaVaFo's ``XXP`` (start numbers, every round): pairs the organiser forbids; a line with more
  than two numbers keeps every two of them apart. A start number no player record has is a
  warning naming its line and column, and the bans with it are left out (the others on the
  line stand): a ban is the organiser's wish, not a result, so it never refuses the file.

Pure: lines in, settings values and bans out, problems and warnings naming their lines.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from ratingbook.errors import Location, Problems
from ratingbook.events.acceleration import baku_virtual_points
from ratingbook.events.event import SwissEvent
from ratingbook.events.forbidden_pairs import ForbiddenPair
from ratingbook.events.settings import BAKU, DOUBLE_ROUND_ROBIN, DUTCH, ROUND_ROBIN
from ratingbook.trf.records import TrfError

__all__ = ["SYSTEM_RECORDS", "SystemRecords", "not_baku", "read_system_records"]

#: The record codes this module reads.
SYSTEM_RECORDS = frozenset({"192", "250", "260", "XXA", "XXP"})

_TYPES = {
    "FIDE_DUTCH": (DUTCH, False),
    "FIDE_DUTCH_2026": (DUTCH, False),
    "FIDE_DUTCH_BAKU": (DUTCH, True),
    "FIDE_ROUNDROBIN": (ROUND_ROBIN, False),
    "BERGER_ROUNDROBIN": (ROUND_ROBIN, False),
    "FIDE_DOUBLEROUNDROBIN": (DOUBLE_ROUND_ROBIN, False),
    "BERGER_DOUBLEROUNDROBIN": (DOUBLE_ROUND_ROBIN, False),
}


@dataclass(frozen=True, slots=True)
class SystemRecords:
    """What the records say: the settings to set, the bans, the virtual points as written."""

    settings: Mapping[str, object]
    forbidden: tuple[ForbiddenPair, ...]
    #: (points, first round, last round, last start number) of every 250 record.
    virtual_points: tuple[tuple[float, int, int, int], ...]


def _words(line: str) -> list[tuple[int, str]]:
    """The words after a record's code, each with the column it starts in (from 1)."""
    return [(found.start() + 1, found.group()) for found in re.finditer(r"\S+", line)][1:]


def _numbers(
    words: Sequence[tuple[int, str]], line_no: int, problems: Problems
) -> list[tuple[int, int]] | None:
    """The start numbers of a ban's words, each with its column; a word that is no number is
    an error naming its line and column."""
    bad = [(column, word) for column, word in words if not word.isdigit()]
    if bad:
        column, word = bad[0]
        problems.append(
            TrfError(f"column {column}: {word!r} is not a start number", Location(line=line_no))
        )
        return None
    return [(column, int(word)) for column, word in words]


def read_system_records(
    lines: Sequence[tuple[int, str]],
    names: Mapping[int, str],
    problems: Problems,
    warnings: list[str],
) -> SystemRecords:
    """The system records among ``lines`` ((line number, text)); ``names`` gives each start
    number's player (a number with no player is an error naming the line)."""
    settings: dict[str, object] = {}
    forbidden: list[ForbiddenPair] = []
    virtual: list[tuple[float, int, int, int]] = []
    for line_no, line in lines:
        code, value = line[:3].upper(), line[4:].strip()
        where = Location(line=line_no)
        if code == "192":
            known = _TYPES.get(value.split()[0].upper() if value else "")
            if known is None:
                warnings.append(f"line {line_no}: tournament type {value!r} is not used")
                continue
            settings["pairing"] = known[0]
            if known[1]:
                settings["acceleration"] = BAKU
        elif code in ("250", "XXA"):
            settings["acceleration"] = BAKU
            if code == "250":
                fields = line[4:].split()
                if len(fields) == 6 and all(f.replace(".", "", 1).isdigit() for f in fields):
                    points, first, last, last_number = (
                        float(fields[1]), int(fields[2]), int(fields[3]), int(fields[5])
                    )  # fmt: skip
                    virtual.append((points, first, last, last_number))
                else:
                    problems.append(TrfError(f"record 250 {value!r} is not read", where))
        elif code in ("260", "XXP"):
            words = _words(line)
            first, last = 1, None
            if code == "260":
                rounds = [w for _, w in words[:2]]
                if len(words) < 4 or not all(w.isdigit() for w in rounds):
                    problems.append(TrfError(f"record 260 {value!r} is not read", where))
                    continue
                first, last, words = int(rounds[0]), int(rounds[1]), words[2:]
                if first > 1:
                    warnings.append(
                        f"line {line_no}: a forbidden pair from round {first} on holds from "
                        "round 1 in ratingbook (a ban has a last round only)"
                    )
            numbers = _numbers(words, line_no, problems)
            if numbers is None:
                continue
            warnings.extend(
                f"line {line_no}, column {column}: start number {n} has no player record: "
                "the forbidden pairs with it are not used"
                for column, n in numbers
                if n not in names
            )
            present = [n for _, n in numbers if n in names]
            until = last if last is not None and last < 999 else None
            forbidden.extend(
                ForbiddenPair(names[a], names[b], until, where)
                for a, b in combinations(present, 2)
                if a != b
            )
    return SystemRecords(settings, _one_ban_a_pair(forbidden), tuple(virtual))


def _one_ban_a_pair(bans: Sequence[ForbiddenPair]) -> tuple[ForbiddenPair, ...]:
    """One ban for each pair, the one that holds longest: a file may carry a pair as both a 260
    record and JaVaFo's XXP line (ratingbook's own exports do, for older programs)."""
    kept: dict[frozenset[str], ForbiddenPair] = {}
    for ban in bans:
        key = frozenset(ban.players())
        held = kept.get(key)
        if held is None or (held.until_round is not None and (
            ban.until_round is None or ban.until_round > held.until_round
        )):  # fmt: skip
            kept[key] = ban
    return tuple(kept.values())


def not_baku(event: SwissEvent, written: tuple[tuple[float, int, int, int], ...]) -> list[str]:
    """A warning when the file's virtual points (250) are not the Baku rules' for the event."""
    ours = tuple(
        (float(v.points), v.first_round, v.last_round, v.last_number)
        for v in baku_virtual_points(event)
    )
    if not written or sorted(written) == sorted(ours):
        return []
    return [
        "the file's virtual points (250) are not those of the Baku rules for this event; "
        "ratingbook pairs by the Baku rules (FIDE C.04.5.1): "
        + ", ".join(f"{p:g} in rounds {a}-{b} to numbers 1-{n}" for p, a, b, n in ours)
    ]
