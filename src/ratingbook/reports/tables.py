"""The shapes every report comes in: a table (:class:`SheetGrid`) with its column names and how
each column is shown, and a player's rating path (:class:`PlayerPath`) for the progress charts.

This module alone decides which columns of a table are centred (:func:`centred_columns`): ranks,
start numbers, short codes, results and a crosstable's rounds, so a printed list never runs a
rank into a name. Every report module fills :attr:`SheetGrid.centred` from it; the views (the
workbook's sheets, the printouts) only read that field. It alone decides, too, which leading
columns name a row (:func:`key_columns`), printed on every page of a table split across pages.
Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

__all__ = [
    "NOTE_WIDTH",
    "PlayerPath",
    "SheetGrid",
    "centred_columns",
    "id_columns",
    "key_columns",
]

#: A note's column, in characters: a sentence of about this many a line reads at a glance
#: and leaves the table narrow enough for a landscape page at 9 points.
NOTE_WIDTH = 55


@dataclass(frozen=True, slots=True)
class SheetGrid:
    """A report as a table: its name, header, rows, Excel number formats by 0-based column,
    column widths, and a note (what the figures are) for the summary."""

    name: str
    header: tuple[str, ...]
    rows: Sequence[Sequence[object]]
    number_formats: Mapping[int, str] = field(default_factory=dict)
    widths: Mapping[int, float] = field(default_factory=dict)
    note: str = ""
    #: The printed title ("Round 5 pairings"); the event's name follows it on the page.
    title: str = ""
    #: 0-based columns whose cells are centred (ranks, numbers, codes, crosstable cells):
    #: :func:`centred_columns` of the header, unless a report says otherwise.
    centred: frozenset[int] = frozenset()
    #: 0-based columns of a standings table that are its tie-breaks, in their order (the ties
    #: are explained from them; other columns, such as a rating change, never decide a place).
    tiebreaks: tuple[int, ...] = ()
    #: 0-based columns of sentences: wrapped within their width when printed (a sentence that
    #: ran on over the empty cells beside it would widen the page and shrink the type).
    wrapped: frozenset[int] = frozenset()
    #: 0-based rows each starting a section of the table (a camp group's list): that row is
    #: the section's heading, its name in the first cell and nothing else; printed, each
    #: section starts a page (presentation.PrintSetup.sections).
    sections: tuple[int, ...] = ()
    #: 0-based rows holding a sentence and nothing else (a prize list's ties below its
    #: table, the norms' lines on what could not be checked): printed across the table's
    #: width, not in a column (presentation.PrintSetup.sentences).
    sentences: frozenset[int] = frozenset()
    #: The leading columns left off paper, the printed title naming what they hold: the
    #: Pairings' Round (presentation.PrintSetup.unprinted).
    unprinted: int = 0
    #: The leading columns that name a row (its number, its player): printed on every page
    #: when the table is too wide for one (presentation.PrintSetup.repeat_columns). None:
    #: :func:`key_columns` of the header, as every table but one with a reason of its own.
    key_columns: int | None = None
    #: What the figures count when it is not the event's counted rounds
    #: (:func:`~ratingbook.reports.stages.stage_text`): who can still win, while a round is
    #: played, counts its games over (:func:`~ratingbook.reports.stages.live_text`). A
    #: published page of the table says this in its footer, not the standings' stage.
    counts: str = ""

    def row_names(self) -> int:
        """How many leading columns name a row: :attr:`key_columns`, else those of the header
        (:func:`key_columns`)."""
        return key_columns(self.header) if self.key_columns is None else self.key_columns


_CENTRED = frozenset(
    {"Rank", "No.", "ID", "Title", "Fed", "Round", "Board", "White No.", "Black No.", "Result", "K"}
)


def id_columns(header: Sequence[str]) -> frozenset[int]:
    """The columns of ``header`` holding IDs (``ID``, ``White ID``): centred on every sheet,
    the input sheets too (templates.writer): an ID right-aligned beside a centred result or a
    name ran into it on paper (``3│(1-0)`` on Ladder Games, issue 34)."""
    return frozenset(i for i, name in enumerate(header) if name == "ID" or name.endswith(" ID"))


def centred_columns(header: Sequence[str]) -> frozenset[int]:
    """The columns of ``header`` shown centred: ranks, start numbers, IDs (:func:`id_columns`),
    codes, results, and a crosstable's round columns (``R1``, ``R2``, ... or a round robin's
    ``1``, ``2``, ...)."""
    return id_columns(header) | frozenset(
        i for i, name in enumerate(header) if name in _CENTRED or re.fullmatch(r"R?\d+", name)
    )


#: Headers of a column naming a row: a player, a team, both players of a game.
_NAMES = frozenset({"Name", "Player", "Players", "Team", "White", "Black"})
#: Headers of a column that, left of a name, tells rows apart: a rank, a number, a game's place
#: (round, board, match, its row on the games sheet), a period, a group, a title.
_LABELS = frozenset(
    {"Rank", "No.", "White No.", "Black No.", "Game", "Games Row", "Round", "Board", "Match",
     "Title", "Period", "Events", "Week", "Group"}
)  # fmt: skip


def key_columns(header: Sequence[str]) -> int:
    """How many leading columns of ``header`` name a row: its labels, IDs
    (:func:`id_columns`) and names from the first column through the last name among them
    (``Game``, ``Games Row``, ``White ID``, ``White``, ``Black ID``, ``Black``: 6), at least the
    first column. Printed on every page of a table split across pages wide, so that each
    page's numbers are read against their row: with the first column alone, the camp's
    ``Rating History`` printed its later pages with the game's number and no player (issue
    34)."""
    ids = id_columns(header)
    last = 0
    for c, name in enumerate(header):
        if name in _NAMES:
            last = c + 1
        elif name not in _LABELS and c not in ids:
            break
    return max(1, last)


@dataclass(frozen=True, slots=True)
class PlayerPath:
    """A player's ratings: ``start`` then one rating after each of their games (``start``
    None: the player has no rating this week, an inactive camper charted for past weeks
    alone)."""

    name: str
    start: int | float | None
    after_games: tuple[int | float, ...]
    id: int | None = None
    group: str = ""
    weeks: Mapping[int, int | float] | None = None  # week number -> end-of-week rating
