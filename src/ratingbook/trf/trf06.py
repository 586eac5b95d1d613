"""TRF06, FIDE's data exchange format before TRF16: what its files write otherwise than TRF16,
and what the import makes of it. FIDE's checklist (Q47-48, as Sharly-Chess quotes them) asks
that TRF06 files import and that every adjustment their limits force is reported: here each is
one warning naming the lines and columns.

The TRF06 text itself was not found. The reading follows FIDE's own example of that format
(``ratings.fide.com/download/example1.txt``, the 9th Karl-Mala-Gedenkturnier of 2005, kept as
``tests/data/trf/karl-mala-gedenkturnier_2005_frankfurt.trf``), the description of FIDE's
exchange format in the Irish Chess Union's reader of it (sanichi/icu_tournament,
``ICU::Tournament::Krause``: the records 001, 012, 013 and 022-132 and no other; sex ``m`` or
``w``; titles in FIDE's letters, ``g`` a grandmaster; birth dates asked as YYYY/MM/DD and
written otherwise in practice) and the TRF16 text as Sharly-Chess reads it (titles in columns
11-13, ``GM``, ``IM``, ...; byes with their own letters ``H``, ``F``, ``U``, ``Z``). What
differs, and what the import does:

- a title in FIDE's letters (``g``, ``m``, ``f``, ``c``, ``wg``, ``wm``, ``wf``, ``wc``; 001
  columns 11-13) is read as TRF16's ``GM``, ``IM``, ``FM``, ``CM``, ``WGM``, ``WIM``, ``WFM``,
  ``WCM``;
- a birth date written with dots (``1969.12.06``, columns 70-79, as FIDE's example writes it)
  is read as ``1969/12/06``;
- a bye is a result against no opponent (``0000 - +``, ``=`` or ``-``): TRF06 has no letter for
  the kind of bye, so ``+`` cannot tell the pairing-allocated bye from a full-point bye asked
  for; it is read as a full-point bye, one warning for each (``=`` is a half-point bye, ``-`` a
  zero-point bye, as TRF16's ``H`` and ``Z``);
- the tournament records end at 132, as TRF16's do: the number of rounds, the scoring, the
  pairing system and the tie-breaks are TRF-2026's (142, 162, 192, 202) or JaVaFo's (``XX``)
  records, read as the importer reads any file without them (the rounds played, with its own
  warning; 1-½-0; the Dutch system; the default tie-breaks).

A file is read as TRF06 when every record it has is one of TRF06's and no bye carries a TRF16
letter; a file that writes nothing otherwise than TRF16 (no title letter, no dotted birth date,
no ``+`` bye) is TRF16 as much as TRF06, and gets no warning. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

from ratingbook.events.event import TITLE_LETTERS
from ratingbook.trf.player_records import PlayerRecord
from ratingbook.trf.records import record_code

__all__ = ["TRF06_RECORDS", "TRF06_TITLES", "is_trf06", "read_as_trf06"]

#: The records of TRF06's tournament and player sections.
TRF06_RECORDS = frozenset(
    {"001", "012", "013", "022", "032", "042", "052", "062", "072", "082"}
    | {"092", "102", "112", "122", "132"}
)
#: TRF06's title letters, and the title TRF16 writes for each (one home: the event's).
TRF06_TITLES: Mapping[str, str] = TITLE_LETTERS
#: The bye letters TRF16 added: a file with one of them is not TRF06.
_TRF16_BYES = frozenset("HFUZ")
_DOTTED = re.compile(r"^(\d{4})\.(\d{2})\.(\d{2})$")
#: How many line numbers a warning lists before it counts the rest.
_LISTED = 8


def _lines(numbers: Iterable[int]) -> str:
    ordered = sorted(numbers)
    shown = ", ".join(str(n) for n in ordered[:_LISTED])
    more = f" and {len(ordered) - _LISTED} more" if len(ordered) > _LISTED else ""
    return f"line{'s' if len(ordered) > 1 else ''} {shown}{more}"


def is_trf06(text: str, records: Mapping[int, PlayerRecord]) -> bool:
    """Whether a file is read as TRF06: only TRF06's records, no bye with a TRF16 letter."""
    for line in text.splitlines():
        if line.startswith("###") or not line.strip():
            continue
        code = record_code(line)
        if code is not None and code not in TRF06_RECORDS:  # a line that is no record: said apart
            return False
    return not any(
        f.opponent == 0 and f.letter in _TRF16_BYES
        for record in records.values()
        for f in record.rounds.values()
    )


def read_as_trf06(
    text: str, records: dict[int, PlayerRecord]
) -> tuple[dict[int, PlayerRecord], list[str]]:
    """The player records of a TRF06 file read as TRF16's, and a warning for each adjustment
    (none when the file is not TRF06, or writes nothing otherwise than TRF16)."""
    if not is_trf06(text, records):
        return records, []
    lines = text.splitlines()
    titled: dict[int, str] = {}
    dotted: list[int] = []
    adjusted = dict(records)
    for number, record in records.items():
        line = lines[record.line - 1].ljust(79) if record.line <= len(lines) else " " * 79
        letters = line[10:13].strip()
        if letters.casefold() in TRF06_TITLES:
            titled[record.line] = letters
        found = _DOTTED.match(line[69:79].strip())
        if found is not None:
            dotted.append(record.line)
            birth = "/".join(found.groups())
            adjusted[number] = replace(record, player=replace(record.player, birth=birth))
    warnings = []
    if titled:
        used = sorted({t.casefold() for t in titled.values()}, key=list(TRF06_TITLES).index)
        warnings.append(
            f"{_lines(titled)}, columns 11-13: titles in TRF06's letters "
            f"({', '.join(used)}) read as TRF16's ({', '.join(TRF06_TITLES[t] for t in used)})"
        )
    if dotted:
        warnings.append(
            f"{_lines(dotted)}, columns 70-79: birth dates written YYYY.MM.DD, as TRF06 files "
            "do, read as TRF16's YYYY/MM/DD"
        )
    for record in sorted(records.values(), key=lambda r: r.line):
        for round_number, f in sorted(record.rounds.items()):
            if f.opponent == 0 and f.letter in ("+", "1"):
                warnings.append(
                    f"line {f.line}, {f.columns()}: round {round_number}: the bye of "
                    f"{record.player.name!r} is written {f.letter!r}, which in TRF06 is any "
                    "one-point bye: read as a full-point bye; if it was the pairing-allocated "
                    "bye (TRF16's U), type PAB in its Result"
                )
    return adjusted, warnings
