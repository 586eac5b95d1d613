"""How wide a text prints, in Excel's column width units (a digit of the book's font): the one
home of the characters' widths a column's width is reckoned from (a name's, a header's in
bold) and of how a cell's text wraps onto lines, its words kept whole
(:mod:`ratingbook.workbook.port.presentation` lays out the columns with them). Pure.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Collection, Sequence

__all__ = [
    "BOLD_CHARACTER",
    "PADDING",
    "measured_lines",
    "row_lines",
    "text_width",
    "wrapped_lines",
]

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
    # A space, a comma and a full stop are half a digit (0.318 em to the digit's 0.636):
    # counted 0.65, "Wynarczyk, Raymond" (17.1 as it prints) took 17.8 and two lines of a
    # column it printed on one (issue 35).
    **dict.fromkeys("ijlIJ' .,", 0.5),
    **dict.fromkeys("f;:!()[]-/", 0.65),
    **dict.fromkeys("rt", 0.7),
    **dict.fromkeys("csz_", 0.9),
    **dict.fromkeys("kvxyFLP", 0.95),
    **dict.fromkeys("abdeghnopqu0123456789ESTY", 1.0),
    **dict.fromkeys("ABCKRVXZ", 1.1),
    **dict.fromkeys("DGHNOQU", 1.25),
    **dict.fromkeys("Mw", 1.4),
    **dict.fromkeys("mW", 1.55),
}
#: A character of no group (another script, a sign): a wide one's width.
_OTHER_CHARACTER = 1.6


@functools.lru_cache(maxsize=1 << 16)
def text_width(text: str) -> float:
    """The width ``text`` prints in, in width units: its characters' widths
    (:data:`_CHARACTER_WIDTHS`, a letter with an accent as the letter). Kept for the texts
    asked again: a season's sheets measure the same names, numbers and words a hundred
    thousand times over (a club's list, issue 35)."""
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


def _pieces(word: str, room: float) -> list[str]:
    """``word`` cut where the room ends (a word longer than its column breaks at the
    column's edge), each piece a character at least."""
    if word and text_width(word) <= room:
        # Its characters' widths added one by one never pass the whole's, which fits: uncut.
        return [word]
    pieces, piece, wide = [], "", 0.0
    for character in word:
        width = text_width(character)  # a text's width is its characters' widths added
        if piece and wide + width > room:
            pieces.append(piece)
            piece, wide = "", 0.0
        piece += character
        wide += width
    return [*pieces, piece] if piece else pieces


def measured_lines(words: Sequence[str], room: float, joined: Collection[int] = ()) -> int:
    """The lines ``words`` of a cell's text take in ``room`` width units, each word as wide as
    it prints (:func:`text_width`), a space between two on a line (none before the words
    ``joined``, 0-based: the pieces of a word broken after a hyphen), a word wider than the
    room cut at its edge; 1 at least. Counted a digit a character, a source such as ``file
    'icu_bunratty-masters_2011.tab', line 14`` took 4 lines of a column that printed it on 3,
    and a season's List Games printed on half as many pages again (issue 35). The widths are
    each group's widest (:data:`_CHARACTER_WIDTHS`), so a text never takes more lines than
    counted here."""
    space = text_width(" ")
    lines, used = 1, None
    for i, word in enumerate(words):
        gap = 0.0 if i in joined else space
        for piece in _pieces(word, room):
            wide = text_width(piece)
            if used is None:
                used = wide
            elif used + gap + wide > room + _ROUNDING:
                lines, used = lines + 1, wide
            else:
                used += gap + wide
    return lines


#: Sums of the widths' decimals a little over their sum (17.500000000000004): not a line more.
_ROUNDING = 1e-9
#: The room a cell's text has in a column ``w`` wide: ``w`` less half a digit. Excel's width
#: counts the digits the cell holds, its padding apart; LibreOffice printed 17 digits and a
#: full stop (17.5) on one line of a column 18 wide, and 18 digits on two. Counted as
#: ``int(w) - 1``, a name of 17.5 took two lines of a column 18 wide (issue 35).
_ROOM_LESS = 0.5


#: Where a word may break onto the next line: after a hyphen with a letter after it.
_AFTER_HYPHEN = re.compile(r"(?<=-)(?=.)")


def row_lines(values: Sequence[object], widths: Sequence[float], wrapped: Collection[int]) -> int:
    """The lines a row's tallest wrapped cell takes: its words wrapped in its column's width
    (in width units, less half a digit: :data:`_ROOM_LESS`), each as wide as it prints, kept whole
    as Excel and LibreOffice wrap them (:func:`measured_lines`), a word broken after a hyphen,
    one longer than the width into pieces of it; 1 at least. Counted by length alone,
    ``Siddharth Venkataraman Subramanian`` took 2 lines of a column 20 wide, printed on 3 over
    the next row (issue 34).
    Excel does not grow a row for text wrapped by another program, so the writer sets the
    height."""
    lines = 1
    for c in wrapped:
        if c < len(values) and c < len(widths) and values[c] is not None:
            room = max(1.0, widths[c] - _ROOM_LESS)
            # a word may break after a hyphen; one longer than the column, at its edge
            text = str(values[c])
            if text_width(text) <= room + _ROUNDING:
                continue  # it prints on one line
            parts: list[str] = []
            joined: set[int] = set()
            for word in text.split():
                pieces = _AFTER_HYPHEN.split(word)
                # the pieces after the first follow the hyphen with no space between
                joined.update(range(len(parts) + 1, len(parts) + len(pieces)))
                parts += pieces
            lines = max(lines, measured_lines(parts, room, joined))
    return lines
