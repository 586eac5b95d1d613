"""Formula values ratingbook's writes made stale: dropped, so that any program computes them.

A sheet's formula cells keep the values (``<v>``) the program that last saved the book
computed. When ratingbook writes cells a formula reads (``new-week`` empties ``Ladder Games``;
a recalc rewrites ``Ladder Progress``), that value is last week's: Excel recalculates on
opening (``fullCalcOnLoad``), but LibreOffice's headless conversion, a viewer or a library
reading values shows it as it is (user test 47: a printed ``Ladder Games`` listed week 3's
pairings by name, the Camper Chart drew week 3). A formula cell without a value is computed by
every spreadsheet program on opening; ratingbook itself reads it as never calculated
(:class:`~ratingbook.core.cells.Uncalculated`), which it is.

Which formulas may read a written sheet is decided from their text, by sheet, never by cell:

- every formula on a sheet ratingbook wrote (it may read its own row: ``[#This Row]``);
- every formula naming such a sheet (``'Ladder Progress'!D1``), one of its Excel tables
  (``LadderPlayers[Name]``) or a defined name whose definition names one of them;
- and so on: a sheet whose formula values went is itself a sheet written.

A formula naming nothing written keeps its value (a constant ``=TRUE()``, a lookup of a sheet
ratingbook never writes).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import unescape

from ratingbook.files.ooxml.xmltext import attributes
from ratingbook.files.patching.walker import SheetXml

__all__ = ["Staleness", "formula_texts", "staleness", "without_formula_values"]

_ENTITIES = {"&apos;": "'", "&quot;": '"'}


def _sheet_mention(name: str) -> re.Pattern[str]:
    """Sheet ``name`` as a formula refers to it: ``'Name'!`` or ``Name!``."""
    quoted = re.escape("'" + name.replace("'", "''") + "'")
    return re.compile(rf"{quoted}!|(?<![\w.']){re.escape(name)}!", re.I)


def _word(name: str) -> re.Pattern[str]:
    """A table's or a defined name's name as a formula uses it: a word of its own."""
    return re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w.])", re.I)


#: A reference to a cell of the formula's own sheet: ``B2``, ``$C$1`` (not ``'S'!B2``, ``LOG10(``).
_LOCAL_CELL = re.compile(r"(?<![\w.!$'\]])\$?[A-Za-z]{1,3}\$?[0-9]+(?![\w(])")


@dataclass(frozen=True, slots=True)
class Staleness:
    """Which formulas lose their values: those on :attr:`sheets` that read a cell of their own
    sheet, and any, anywhere, that names one of those sheets, their tables or a defined name
    that does."""

    sheets: frozenset[str]
    patterns: tuple[re.Pattern[str], ...]

    def stale(self, sheet: str, formula: str) -> bool:
        """Whether ``formula`` (its text, as a formula reads) on ``sheet`` may read a write."""
        if sheet in self.sheets and _LOCAL_CELL.search(formula):
            return True
        return any(p.search(formula) for p in self.patterns)


def staleness(
    formulas: Mapping[str, Sequence[str]],
    written: Iterable[str],
    tables: Mapping[str, Iterable[str]],
    defined_names: Mapping[str, str],
) -> Staleness:
    """What goes stale: ``formulas`` gives each sheet's formulas' text, ``written`` the sheets
    ratingbook wrote, ``tables`` each sheet's Excel tables' names and ``defined_names`` each
    defined name's definition. A sheet one of whose formulas goes stale counts as written."""
    reached = set(written)
    while True:
        patterns = [_sheet_mention(sheet) for sheet in reached]
        patterns += [_word(t) for sheet in reached for t in tables.get(sheet, ())]
        names = [n for n, text in defined_names.items() if any(p.search(text) for p in patterns)]
        patterns += [_word(n) for n in names]
        found = Staleness(frozenset(reached), tuple(patterns))
        more = {
            sheet
            for sheet, texts in formulas.items()
            if sheet not in reached and any(found.stale(sheet, text) for text in texts)
        }
        if not more:
            return found
        reached |= more


def formula_texts(sheet: SheetXml) -> list[str]:
    """The text of every formula among ``sheet``'s cells, as a formula reads."""
    return [_text(m) for m in sheet.patterns.formula.finditer(sheet.body)]


def _text(formula: re.Match[str]) -> str:
    return unescape(formula.group(2) or "", _ENTITIES)


def without_formula_values(sheet: SheetXml, stale: Callable[[str], bool]) -> str | None:
    """``sheet``'s XML with no formula cell whose text is ``stale`` holding a value: its
    ``<v>`` and its type (``t``, which describes the value) dropped; every other byte as it
    was; None if no such cell held one. A cell sharing a formula (``<f t="shared" si="0"/>``)
    goes with its master's text."""
    q = re.escape(sheet.patterns.p)
    cell = re.compile(rf"<{q}c(?=[\s>])([^>]*?)(?<!/)>(.*?)</{q}c>", re.S)
    kind = re.compile(r"""\s+t\s*=\s*(?:"[^"]*"|'[^']*')""")

    shared: dict[str, bool] = {}
    count = [0]

    def cleared(match: re.Match[str]) -> str:
        attrs, inside = match.group(1), match.group(2)
        formula = sheet.patterns.formula.search(inside)
        if formula is None:
            return match.group(0)
        f_attrs = attributes(formula.group(1))
        text = _text(formula)
        if f_attrs.get("t") == "shared" and "si" in f_attrs:
            if text:
                shared[f_attrs["si"]] = stale(text)
            going = shared.get(f_attrs["si"], True)
        else:
            going = stale(text)
        if not going:
            return match.group(0)
        inside, dropped = sheet.patterns.value.subn("", inside)
        if not dropped:
            return match.group(0)
        count[0] += 1
        p = sheet.patterns.p
        return f"<{p}c{kind.sub('', attrs)}>{inside}</{p}c>"

    body = cell.sub(cleared, sheet.body)
    return sheet.head + body + sheet.tail if count[0] else None
