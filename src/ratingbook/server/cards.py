"""QR codes (segno) and what a pairing card shows: the desk's address as a QR code for the
terminal, and each pairing's link (``BASE/c/CODE``) as an SVG for a printed card.

A code is printed as the desk issues it (:mod:`ratingbook.desk.codes`, the one home of its
shape). A QR code holds the link only: the code is in it, so a card is as secret as the code it
carries (cards are printed from the arbiter's pages, behind the password).

A QR code is made once per link and kept (:func:`svg_qr`), and only when a page shows it
(:attr:`Card.qr`). Each is made with one mask pattern (:data:`QR_MASK`): left to choose, segno
builds and scores all eight masks of ISO/IEC 18004 for each code, some 85 % of its time (250
cards: 1.4 s of CPU on an idle core, the first printing some 5 s on a busy laptop; with the mask
given, 0.55 s). A reader takes the mask from the code's format information, so every mask reads
alike; the scoring only steers the encoder away from patterns that look like finders.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass

import segno
from markupsafe import Markup

from ratingbook.desk import Pairing

__all__ = ["QR_MASK", "Card", "card_for", "card_qr", "code_link", "svg_qr", "terminal_qr"]


def code_link(base_url: str, code: str) -> str:
    """The link a card's QR code holds: the pairing's page on the desk."""
    return f"{base_url.rstrip('/')}/c/{code}"


#: How many QR codes are kept: every card of the largest event many times over (a round's
#: links change with its codes; some 10 KB each).
KEPT_QR_CODES = 4096


#: The mask pattern of every card's QR code (ISO/IEC 18004 7.8.2, pattern 111): the one segno's
#: own scoring picks most often for the desk's links (261 of 900 random links, version 3-M).
QR_MASK = 7


def card_qr(data: str) -> segno.QRCode:
    """``data`` as a card's QR code: level M (15 % of the code may be smudged), the mask
    :data:`QR_MASK`, never a Micro QR code (a phone's camera app reads none)."""
    return segno.make(data, error="m", mask=QR_MASK, micro=False)


@functools.lru_cache(maxsize=KEPT_QR_CODES)
def svg_qr(data: str, title: str) -> Markup:
    """``data`` as an inline SVG QR code (the path is segno's, no text of ours inside but the
    escaped ``title``), made once for each ``data`` and ``title``, then kept."""
    qr = card_qr(data)
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
