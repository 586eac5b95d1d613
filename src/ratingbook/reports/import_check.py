"""An imported event's rounds checked against the pairing rules at import (FIDE's checklist
Q54-55, as Sharly-Chess quotes them: every imported round checked; one that does not comply is
a level-3 warning and a ``### Import @ Round n: …`` comment in the TRF).

This module decides what such a round says: the check is gacrux's pairing checker, the one
``ratingbook check`` runs (:func:`ratingbook.fide.gacrux.checker.check_event_rounds`); a round
it does not pass is an :class:`ImportBreach`, whose log entry has the shape of a manual pairing
alteration's (``### MPA @ Round n: <engine's boards> => <the round's boards>``):
``### Import @ Round 3: <the rules' boards> => <the file's boards>``, boards as the TEC Manual
writes them (start numbers, White first, ``5=BYE`` the pairing-allocated bye), and
``no pairing`` before ``=>`` when the rules give none from the rounds before. The warning names
the boards that differ; ``ratingbook check`` says why, rule by rule. Pure but for the checker.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.events.fide_mode.state import boards
from ratingbook.fide.gacrux.checker import SYSTEMS, EventRound, NamedPair, check_event_rounds

__all__ = ["NO_PAIRING", "ImportBreach", "import_breaches"]

#: What an Import log line has before ``=>`` when the rules give the round no pairing.
NO_PAIRING = "no pairing"


@dataclass(frozen=True, slots=True)
class ImportBreach:
    """An imported round that is not the pairing the rules give: the rules' boards (or
    :data:`NO_PAIRING`), the file's, and the level-3 warning in words."""

    round: int
    rules: str
    file: str
    warning: str


def _tec(pairs: Sequence[NamedPair], numbers: Mapping[str, int]) -> str:
    return boards([(white, black or "PAB") for white, black in pairs], numbers)


def _numbered(pair: NamedPair, numbers: Mapping[str, int]) -> str:
    white, black = pair
    return f"{numbers[white]}=BYE" if black is None else f"{numbers[white]}-{numbers[black]}"


def _breach(checked: EventRound, numbers: Mapping[str, int]) -> ImportBreach:
    rules = SYSTEMS[checked.system]
    at = f"round {checked.round}"
    file = _tec(checked.pairs, numbers)
    if checked.prescribed is None:
        warning = (
            f"{at}: {rules} give no pairing of this round from the rounds before it "
            f"({checked.refusal}), so the file's pairing cannot be theirs"
        )
        return ImportBreach(checked.round, NO_PAIRING, file, warning)
    ours, theirs = set(checked.pairs), set(checked.prescribed)
    only_file = sorted((_numbered(p, numbers) for p in ours - theirs), key=_start)
    only_rules = sorted((_numbered(p, numbers) for p in theirs - ours), key=_start)
    warning = (
        f"{at} is not the pairing of {rules}: the file has {' '.join(only_file) or 'none'} "
        f"where the rules give {' '.join(only_rules) or 'none'} (start numbers, White first; "
        "ratingbook check says why)"
    )
    return ImportBreach(checked.round, _tec(checked.prescribed, numbers), file, warning)


def _start(board: str) -> int:
    return int(board.split("-")[0].split("=")[0])


def import_breaches(
    event: SwissEvent, what: str = "the file", log: Sequence[LogEntry] = ()
) -> tuple[ImportBreach, ...]:
    """Each paired round of ``event`` (just imported from ``what``) that is not the pairing
    the rules give from the rounds before it, in round order; a round paired while a game was
    adjourned is checked with that game a draw, as it was paired (``log``: the file's log,
    which says when; :func:`~ratingbook.events.as_paired.pairing_views`)."""
    numbers = event.start_numbers()
    return tuple(
        _breach(checked, numbers)
        for checked in check_event_rounds(event, what, log)
        if not checked.agrees
    )
