"""QR codes (segno) and what a pairing card shows: the desk's address as a QR code for the
terminal, and each pairing's link (``BASE/c/CODE``) as an SVG for a printed card.

A code is printed as the desk issues it (:mod:`ratingbook.desk.codes`, the one home of its
shape). A QR code holds the link only: the code is in it, so a card is as secret as the code it
carries (cards are printed from the arbiter's pages, behind the password).

A QR code is made once per link and kept (:func:`svg_qr`), and only when a page shows it
(:attr:`Card.qr`): segno spends some 18 ms on one, most of it trying the eight masks ISO/IEC
18004 has an encoder choose from, so 250 boards' cards took 4.5 s at every printing, and so did
the pairing list with codes, which shows none.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass

import segno
from markupsafe import Markup

from ratingbook.desk import Pairing

__all__ = ["Card", "card_for", "code_link", "svg_qr", "terminal_qr"]


def code_link(base_url: str, code: str) -> str:
    """The link a card's QR code holds: the pairing's page on the desk."""
    return f"{base_url.rstrip('/')}/c/{code}"


#: How many QR codes are kept: every card of the largest event many times over (a round's
#: links change with its codes; some 10 KB each).
KEPT_QR_CODES = 4096


@functools.lru_cache(maxsize=KEPT_QR_CODES)
def svg_qr(data: str, title: str) -> Markup:
    """``data`` as an inline SVG QR code (the path is segno's, no text of ours inside but the
    escaped ``title``), made once for each ``data`` and ``title``, then kept."""
    qr = segno.make(data, error="m")
    return Markup(qr.svg_inline(scale=3, border=2, title=title, svgclass="qr"))


def terminal_qr(data: str) -> str:
    """``data`` as a QR code drawn with block characters, for the terminal that starts the
    desk (a phone scans it off the screen)."""
    out = io.StringIO()
    segno.make(data, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


@dataclass(frozen=True, slots=True)
class Card:
    """One printed pairing card."""

    round: int
    board: int
    match: int
    place: str
    """The board as the desk names it ("board 3", a team event's "match 2, board 3")."""
    white: str
    black: str
    code: str
    link: str

    @property
    def qr(self) -> Markup:
        """The card's QR code of its link (made when a page first shows it, then kept)."""
        return svg_qr(self.link, f"Round {self.round}, {self.place}: {self.link}")


def card_for(pairing: Pairing, base_url: str) -> Card:
    return Card(
        round=pairing.round,
        board=pairing.board,
        match=pairing.match,
        place=pairing.place,
        white=pairing.white,
        black=pairing.black,
        code=pairing.code,
        link=code_link(base_url, pairing.code),
    )
