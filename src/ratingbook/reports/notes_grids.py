"""The notes of an event as sheets: ``Pairing Notes`` (every board of the round shown in
``Pairings``, why it is paired so, and what was changed by hand) and ``Standings Notes`` (every
tie between neighbours and what makes up each tie-break value), a sentence a row so the sheets
print and read well. The words are :mod:`ratingbook.reports.pairing_notes`' and
:mod:`ratingbook.reports.standings_notes`'. Pure.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from ratingbook.events.event import SwissEvent
from ratingbook.fide.gacrux.tiebreaks import FideStandings
from ratingbook.reports.names import PAIRING_NOTES, STANDINGS_NOTES
from ratingbook.reports.pairing_notes import BoardNote
from ratingbook.reports.standings_notes import every_breakdown, tie_notes
from ratingbook.reports.tables import NOTE_WIDTH, SheetGrid, centred_columns

__all__ = ["pairing_notes_grid", "sentences", "standings_notes_grid"]


#: Where a note's sentence ends: after a full stop (or a bracket closing one) and a space,
#: before a capital.
_CUT = re.compile(r"(?<=[.)])\s+(?=[A-Z])")


def sentences(text: str, names: Sequence[str] = ()) -> list[str]:
    """A note cut into its sentences (after a full stop and a space before a capital), never
    inside one of ``names``: ``Rodriguez Cabrera Fco. Javier`` is a name, not a sentence
    ending at ``Fco.`` (issue 34: the Open de Gros' notes printed "Javier; Rodriguez Cabrera
    Fco." as a sentence of its own)."""
    inside = [
        (m.start(), m.end())
        for name in names
        if _CUT.search(name)  # only a name a cut could fall in
        for m in re.finditer(re.escape(name), text)
    ]
    cuts = [m for m in _CUT.finditer(text) if not any(a < m.start() < b for a, b in inside)]
    bounds = [0, *(m.start() for m in cuts), len(text)]
    return [text[a:b].strip() for a, b in itertools.pairwise(bounds) if text[a:b].strip()]


def pairing_notes_grid(
    round_number: int, notes: Sequence[BoardNote], title: str, players: Sequence[str] = ()
) -> SheetGrid:
    """A row for each sentence of each board's note. Every row names its board (round, board,
    players: the table's key columns, tables.key_columns), not the first alone: a note's later
    sentences on the next page, or on a page of their own when the table prints across pages
    with its key columns repeated, stood beside empty cells and named no board (issue 34).
    ``players``: the event's names, none of which a sentence is cut in (:func:`sentences`)."""
    rows: list[tuple[object, ...]] = []
    for note in notes:
        players = note.white if note.black is None else f"{note.white} - {note.black}"
        board = note.board if note.board is not None else "bye"
        names = (*players, note.white, note.black or "")
        for i, sentence in enumerate(sentences(note.note, names)):
            by_hand = "yes" if note.by_hand and i == 0 else None
            rows.append((round_number, board, players, by_hand, sentence))
    header = ("Round", "Board", "Players", "By Hand", "Note")
    # Sentences wrapped at about 55 characters a line (NOTE_WIDTH): the table fits a
    # landscape page at 9 points.
    return SheetGrid(
        PAIRING_NOTES, header, rows, widths={2: 30, 4: NOTE_WIDTH}, title=title,
        note=f"round {round_number}", centred=centred_columns(header),
        wrapped=frozenset({2, 4}),
    )  # fmt: skip


def standings_notes_grid(
    event: SwissEvent, standings: SheetGrid, fide: FideStandings | None, title: str
) -> SheetGrid:
    ranks = {str(row[standings.header.index("Name")]): row[0] for row in standings.rows}
    rows: list[tuple[object, ...]] = []
    for name, _, note in tie_notes(standings):
        rows.append((ranks.get(name), name, "Tie", note))
    if fide is not None:
        breakdowns = every_breakdown(event, fide)
        for line in fide.lines:
            for i, note in enumerate(breakdowns[line.name]):
                rows.append((line.rank if i == 0 else None, line.name if i == 0 else None,
                             note.split(" ", 1)[0], note))  # fmt: skip
    header = ("Rank", "Name", "About", "Note")
    return SheetGrid(
        STANDINGS_NOTES,
        header,
        rows,
        widths={1: 24, 3: NOTE_WIDTH + 15},
        title=title,
        wrapped=frozenset({3}),
        centred=centred_columns(header),
    )
