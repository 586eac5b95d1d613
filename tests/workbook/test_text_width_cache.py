"""A cell's lines counted with the widths kept (text_width's cache, a word that fits taken
whole) are the lines counted character by character, written out here independently: the
same groups' widths (a digit 1.0, ``i`` 0.5, ``m`` 1.55, ``W`` 1.55, a space 0.5), each piece
as wide as its characters added one by one, a piece cut where the next character would pass
the room. Counted here in hundredths of a unit, whole numbers: a line exactly as wide as the
room fits it (in floats, 17.5 added up may come to 17.500000000000004)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ratingbook.workbook.port.text_widths import measured_lines, text_width

WIDTHS = {"1": 1.0, "i": 0.5, "m": 1.55, "W": 1.55, " ": 0.5, "-": 0.65, "a": 1.0}
HUNDREDTHS = {c: round(w * 100) for c, w in WIDTHS.items()}


def pieces(word: str, room: int) -> list[str]:
    out, piece, wide = [], "", 0
    for character in word:
        width = HUNDREDTHS[character]
        if piece and wide + width > room:
            out.append(piece)
            piece, wide = "", 0.0
        piece += character
        wide += width
    return [*out, piece] if piece else out


def lines(words: list[str], room: int) -> int:
    """The lines ``words`` take in ``room`` hundredths."""
    count, used = 1, None
    for word in words:
        for piece in pieces(word, room):
            wide = 0
            for character in piece:
                wide += HUNDREDTHS[character]
            if used is None:
                used = wide
            elif used + HUNDREDTHS[" "] + wide > room:
                count, used = count + 1, wide
            else:
                used += HUNDREDTHS[" "] + wide
    return count


WORDS = st.lists(st.text(alphabet="1imWa-", min_size=1, max_size=30), min_size=1, max_size=12)


def test_the_widths_written_out_here_are_the_modules() -> None:
    assert {c: text_width(c) for c in WIDTHS} == WIDTHS


@given(WORDS, st.integers(min_value=1, max_value=40))
def test_lines_counted_with_kept_widths_are_the_lines_counted_by_hand(
    words: list[str], room: int
) -> None:
    for _ in range(2):  # the second time from the kept widths
        assert measured_lines(words, room) == lines(words, room * 100)
