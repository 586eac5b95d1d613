"""A team event's logged changes: which differences between what the log last recorded of a
team event and the event now are logged, how hard.

A team event keeps the individual event's log (the ``Event Log`` and ``Event State`` sheets:
:mod:`~ratingbook.events.fide_mode.log`, :func:`~ratingbook.events.fide_mode.state.team_state_of`)
for what says on which results each round was paired, which its checks, notes and pages read
(:mod:`ratingbook.events.as_paired`). This module alone decides which of a team event's
changes are logged (:func:`team_changes`), each through the individual event's rule and row:

- a round paired, by the engine (no warning) or typed into ``Team Matches`` and ``Team
  Boards`` by hand (said so in its row, no warning: a team round has no pairing of the rules
  to compare it with here);
- a round taken back, by ``unpair`` or its rows deleted by hand
  (:func:`~ratingbook.events.fide_mode.round_changes.unpairing_change`: level 3 once it has
  results, or when deleted by hand);
- a board result corrected after the next round was paired: FIDE's rule for a correction
  (:func:`~ratingbook.events.fide_mode.corrections.correction_level`, a team event having no
  FIDE mode: level 3, confirmed, never refused), its words
  (:func:`~ratingbook.events.fide_mode.corrections.correction_warning`: unpair and pair again
  to re-pair) and its row (:func:`~ratingbook.events.fide_mode.result_changes.correction_change`).
  The last paired round's results are typed, and retyped, without a warning.

A player typed over another on a board (a reserve fielded, an absent player's name emptied)
is the team's line-up, not a change of the pairing: not logged. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ratingbook.core.counts import many
from ratingbook.core.results import Result
from ratingbook.events.fide_mode.corrections import correction_level, correction_warning
from ratingbook.events.fide_mode.log import LogKind
from ratingbook.events.fide_mode.logged_change import LoggedChange
from ratingbook.events.fide_mode.result_changes import correction_change
from ratingbook.events.fide_mode.round_changes import unpairing_change
from ratingbook.events.fide_mode.state import EventState
from ratingbook.events.team import TeamEvent

__all__ = ["team_changes"]

#: Where a team round's results are typed, as an unpairing's words name it.
_BOARDS = "Team Boards"


def _rounds(state: EventState) -> set[int]:
    return {game[0] for game in state.games}


def _matches(event: TeamEvent, number: int) -> str:
    """A round's matches in a few words: ``4 matches and a bye``."""
    matches = event.round_matches(number)
    played = sum(1 for m in matches if m.black is not None)
    bye = " and a bye" if len(matches) > played else ""
    return f"{many(played, 'match', 'matches')}{bye}"


def _corrections(
    old: EventState,
    new: EventState,
    number: int,
    paired: int,
    numbers: Mapping[str, int],
    files: tuple[str, str],
    last: int,
) -> list[LoggedChange]:
    """Round ``number``'s board results corrected (``paired``: the rounds paired when they
    were typed; ``files``: the files the run writes and reads, for the commands its summary
    and its question suggest; ``last``: the last paired round after the run)."""
    level = correction_level(number, paired, fide=False)
    if not level:
        return []  # the last paired round: its results are typed, not corrected
    before = {(w, b): res for r, w, b, res in old.games if r == number}
    out = []
    for game in new.games:
        r, w, b, res = game
        was = before.get((w, b), "")
        if r != number or was in ("", res, Result.ADJOURNED.value):
            continue
        why, asked = (
            correction_warning(number, level, was, paired=paired, last=last, period=None, book=f)
            for f in files
        )
        named = f"{w or '(no player)'} - {b or '(no player)'}"
        out.append(correction_change(game, was, numbers, level, why, asked=asked, named=named))
    return out


def team_changes(
    old: EventState,
    new: EventState,
    event: TeamEvent,
    *,
    engine_rounds: Iterable[int] = (),
    unpaired: Iterable[int] = (),
    typed: Mapping[int, Sequence[str]] | None = None,
    book: str = "",
    source: str = "",
) -> list[LoggedChange]:
    """Every logged change from ``old`` to ``new`` (the state of ``event``), in the order they
    are logged: the rounds taken back, the results corrected, the rounds paired.
    ``engine_rounds``: the rounds the engine paired in this run (a round the log had recorded
    and the engine paired again was taken back by hand first); ``unpaired``: the rounds the
    unpair command took back; ``typed``: each round's results the book held as read, named by
    match and board; ``book``: the file the run leaves the event in, as the user names it, for
    the commands a warning suggests, ``source`` the file it reads, for its question's ("" :
    ``book``)."""
    engine, command = set(engine_rounds), set(unpaired)
    was, now = _rounds(old), _rounds(new)
    kept = (was & now) - engine
    paired = max(kept, default=0)  # the rounds paired when the results were typed
    last = max(now, default=0)
    numbers = event.start_numbers()
    typed = typed or {}
    out: list[LoggedChange] = []
    for number in sorted(was - kept, reverse=True):
        recorded = sum(1 for g in old.games if g[0] == number and g[3])
        results = max(recorded, len(typed.get(number, ())))  # typed since the last run too
        out.append(
            unpairing_change(
                number,
                f"round {number} paired",
                results,
                typed.get(number, ()),
                command=number in command,
                sheet=_BOARDS,
            )
        )
    for number in sorted(kept):
        out += _corrections(old, new, number, paired, numbers, (book, source or book), last)
    for number in sorted(now - kept):
        by_engine = number in engine
        after = f"round {number} paired: {_matches(event, number)}"
        if not by_engine:
            after += " (typed into Team Matches, not by the engine)"
        out.append(LoggedChange(LogKind.PAIRING, number, "", after, by_hand=not by_engine))
    return out
