"""How wide a text prints, in Excel's column width units (a digit of the book's font): the one
home of the characters' widths a column's width is reckoned from (a name's, a header's in
bold) and of how a cell's text wraps onto lines, its words kept whole
(:mod:`ratingbook.workbook.port.presentation` lays out the columns with them). Pure.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

__all__ = ["BOLD_CHARACTER", "PADDING", "text_width", "wrapped_lines"]

#: A bold header character's width in Excel's width units (one unit: a digit of the default
#: font), with the cell's padding: a header never runs into the next one.
BOLD_CHARACTER = 1.15
PADDING = 2.0
#: Characters' widths in width units (a digit of the book's font), each group's widest,
#: measured from DejaVu Sans' advance widths (the font LibreOffice prints Calibri with where
#: Calibri is missing): a name's letters are narrower than digits on the whole, its
#: capitals, ``m`` and ``w`` wider. Counted a digit each, the names of a real Swiss
#: (``Gorrochategui Torres, Eugenio``: 31 units, printed in 24) split its pairing list,
#: fitted one landscape page wide at 7.9 points, over two pages (issue 34).
_CHARACTER_WIDTHS = {
    **dict.fromkeys("ijlIJ'", 0.5),
    **dict.fromkeys("f .,;:!()[]-/", 0.65),
    **dict.fromkeys("rt", 0.7),
    **dict.fromkeys("csz", 0.9),
    **dict.fromkeys("kvxyFLP", 0.95),
    **dict.fromkeys("abdeghnopqu0123456789ESTY", 1.0),
    **dict.fromkeys("ABCKRVXZ", 1.1),
    **dict.fromkeys("DGHNOQU", 1.25),
    **dict.fromkeys("Mw", 1.4),
    **dict.fromkeys("mW", 1.55),
}
#: A character of no group (another script, a sign): a wide one's width.
_OTHER_CHARACTER = 1.6


def text_width(text: str) -> float:
    """The width ``text`` prints in, in width units: its characters' widths
    (:data:`_CHARACTER_WIDTHS`, a letter with an accent as the letter)."""
    width = 0.0
    for character in text:
        found = _CHARACTER_WIDTHS.get(character)
        if found is None:
            base = unicodedata.normalize("NFD", character)[:1]
            found = _CHARACTER_WIDTHS.get(base, _OTHER_CHARACTER)
        width += found
    return width


def wrapped_lines(words: Sequence[str], room: float) -> int:
    """The lines ``words`` take, as many to a line as ``room`` characters hold (a word longer
    than the room alone on its line); 1 at least."""
    lines, used = 1, -1
    for word in words:
        if used >= 0 and used + 1 + len(word) > room:
            lines, used = lines + 1, len(word)
        else:
            used += 1 + len(word)
    return lines
