"""What an undo or a redo asks before it is written, and what FIDE mode allows of it.

This module alone decides it, once for every front end (the session asks the front end, or
writes):

- **the question**: one sentence in every book, what the undo takes back (the redo gives
  back), what it clears and what stays;
- **its level**: in FIDE mode (the act's record kept, the event in the mode) the undo or redo of
  a logged act is an act of that act's level (its warning level when it was logged, kept with
  it: :attr:`~ratingbook.session.history.Kept.level`), which the machine's levels ask as any
  act's: a level-3 act's undo is confirmed in one step, a level-4 act's in two, a level-2
  act's is said and logged as shown; an undo that clears or keeps values typed since is level 3
  at least. Outside FIDE mode (a camp's new week, a Swiss event that left the mode) an undo has
  no level: it asks only when it clears or keeps typed values;
- **how to confirm where nobody can be asked**: in FIDE mode the ``Confirm`` setting naming
  the undo (``Undo Setting round 4: I understand``), consumed as a run consumes it; elsewhere,
  clear the typed cells by hand first;
- **what is refused**, in FIDE mode or out of it (the event's record kept): an undo or a redo
  that would close a manual-pairing phase started since with its round still paired (the
  machine's table), and a redo over an event changed since the undo where the act was made on
  it (what the next run would log against the state the act left: the act would stand in the
  log before a change it was not made on).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from ratingbook.core.tables import Grid
from ratingbook.core.typed_commands import UNNAMED, typed_command
from ratingbook.errors import RatingbookError
from ratingbook.events.fide_mode.machine import (
    Act,
    acts_to_confirm,
    phase_after_taking,
    phase_taken_line,
)
from ratingbook.events.fide_mode.state import EventState
from ratingbook.session.taking import CannotTake, Taking
from ratingbook.workbook.port.book import Plan, apply_plan
from ratingbook.workbook.port.grid_book import MemoryBook
from ratingbook.workbook.port.run_request import RunRequest
from ratingbook.workbook.sheets.reading import Sheets
from ratingbook.workbook.sheets.schemas import EVENT_STATE

__all__ = ["Asked", "asked"]

#: How to go on where nobody can be asked and no Confirm setting confirms an undo.
_CLEAR_FIRST = "clear those cells by hand (nothing is then lost), then undo again"


@dataclass(frozen=True, slots=True)
class Asked:
    """What an undo or a redo asks: the act that waits for a confirmation (none, or one), the
    book's own confirmation of it (its ``Confirm`` setting, "" when empty), how to confirm where
    nobody can be asked, and the taking to write (the ``Confirm`` cell emptied when it
    confirms). When nothing waits: ``said``, a level-2 warning for the summary, and ``shown``,
    what the log's row keeps of it. ``phase``: what it does to the manual-pairing phase, for
    the summary ("" when nothing)."""

    acts: tuple[Act, ...]
    confirmed: str
    in_book: str
    taking: Taking
    said: str = ""
    shown: str = ""
    phase: str = ""


def asked(
    sheets: Sheets,
    read: Mapping[str, Grid],
    taking: Taking,
    *,
    back: bool,
    logged: bool,
    named: Callable[[list[str] | tuple[str, ...]], str],
    source: str = "",
) -> Asked:
    """What undoing (``back``) or redoing ``taking`` asks, over the book ``sheets`` read
    (``read``: its grids); ``logged``: the act is one an Event Log records; ``named``: the
    typed cells as a question lists them; ``source``: the book's file, for the command the
    summary suggests. A :class:`CannotTake` for what FIDE mode refuses."""
    act, word = taking.act, "undo" if back else "redo"
    name = f"{word.capitalize()} {act.label}"
    parts = []
    if taking.lost:
        parts.append(
            "it clears what was typed since in the rows it added or the cells it emptied: "
            f"{named(taking.lost)} (a redo gives them back)"
        )
    if taking.beside:
        parts.append(
            "what was typed since in the rows it changes stays, and may then stand beside "
            f"another game: {named(taking.beside)}"
        )
    does = f"{word} {'takes' if back else 'gives'} back {act.label}, cell by cell"
    kept = f"kept as typed since: {named(taking.kept)}" if taking.kept else ""
    warning = "; ".join([does, *parts, kept or "everything else typed since stays"])
    recorded, phase = None, ""
    if logged and taking.state is not None:
        from ratingbook.workbook.sheets.event_log_sheet import read_state

        recorded = read_state(sheets)
    if recorded is not None:  # the event's record: what it refuses, in the mode or out of it
        after = _refused(sheets, read, taking, recorded.manual, back=back)
        how = f"{typed_command('manual-pairing end', source or UNNAMED)}, or Manual Pairing = End"
        phase = phase_taken_line(recorded.manual, after.manual, after.paired_rounds, word, how)
    if recorded is None or not recorded.fide_mode:  # no level: asked when it clears or keeps
        plain: tuple[Act, ...] = (Act(name, 0, warning),) if parts else ()
        return Asked(plain, "", _CLEAR_FIRST, taking, phase=phase)
    from ratingbook.workbook.plans.fide_plan import IN_BOOK, SHOWN
    from ratingbook.workbook.plans.fide_taken import confirmed_in_book, logged_level

    own = act.level if act.level is not None else logged_level(sheets, act.label)
    if own:
        warning = f"{warning} ({act.label} was a level-{own} act, and so is its {word})"
    level = max(own, 3 if parts else 0)
    acts = acts_to_confirm([(name, level, warning)], fide=True)
    if not acts:
        said = f"level 2 warning: {name}: {warning}" if level == 2 else ""
        return Asked((), "", "", taking, said, SHOWN if said else "", phase)

    confirmed, block = confirmed_in_book(sheets, acts)
    if block is not None:
        taking = replace(taking, blocks=(*taking.blocks, block))
    return Asked(acts, confirmed, IN_BOOK, taking, phase=phase)


def _refused(
    sheets: Sheets, read: Mapping[str, Grid], taking: Taking, open_round: int, *, back: bool
) -> EventState:
    """The event's state as the undo or redo of ``taking`` leaves the book ``sheets`` read
    (``read``: its grids); a :class:`CannotTake` when the event's record refuses it: it would
    close the manual-pairing phase of round ``open_round`` (0: none open) started since, with
    its round still paired; a redo, when the event changed since the undo where its act was
    made on it."""
    from ratingbook.workbook.kinds import kind_of_sheets
    from ratingbook.workbook.sheets.event_log_sheet import read_state

    act, word = taking.act, "undo" if back else "redo"
    assert taking.state is not None  # a logged act's taking has its state
    name = sheets.actual(EVENT_STATE) or EVENT_STATE
    memory = MemoryBook({**read, name: taking.state})  # the book as it leaves it, state and all
    apply_plan(memory, Plan(blocks=taking.blocks, truncated=taking.truncated))
    after = Sheets(memory, sheets.today, RunRequest(views_only=True))
    state = read_state(after)
    other = read_state(Sheets(MemoryBook({name: act.records[EVENT_STATE][1 if back else 0]})))
    assert state is not None and other is not None  # the act's record, put back just above
    try:
        phase_after_taking(open_round, other.manual, state.manual, state.paired_rounds, word)
    except RatingbookError as error:
        done = "undone" if back else "redone"
        raise CannotTake(f"{act.label} cannot be {done}: {error}; nothing was changed") from None
    if back:
        return state
    since = kind_of_sheets(after).changes_since(after, state)  # an individual or team event's
    if since:
        found = "; ".join(
            f"{c.kind.value} round {c.round}"
            + (f" ({c.before} => {c.after})" if c.before or c.after else "")
            for c in since
        )
        raise CannotTake(
            f"{act.label} cannot be redone: since the undo, the event it was made on changed "
            f"(with {act.label} given back, that change would be logged as {found}); "
            f"{act.label} would then stand in the log before that change, as if made on it. "
            "Put it back as it was and redo, or leave "
            f"{act.label} undone and do it again on the event as it is; nothing was changed"
        )
    return state
