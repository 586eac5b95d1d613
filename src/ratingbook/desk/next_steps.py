"""What the desk tells its user to do next once a take is over: this module alone says it, for
the queue's *Last take* (the desk's server) and ``ratingbook results take`` (the command line),
true to what the take did (nothing taken, every result taken, some left out) and to where the
queue stands after it.

The queue says its words beside its own buttons (``where`` ""); the command line names the page
(``where``: " on the desk's Arbiter page", a camp's "Staff" page: :func:`page`) and spells the
commands to type as :func:`~ratingbook.core.typed_commands.typed_command` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ratingbook.core.counts import many
from ratingbook.core.typed_commands import typed_command
from ratingbook.desk.book import read_file
from ratingbook.desk.model import READY, Kind, TakeOutcome, decider, round_state, upper_first

if TYPE_CHECKING:
    from ratingbook.desk.desk import Desk

__all__ = ["NOTHING_WAITS", "after_take", "nothing_to_take", "page", "release_next"]

#: What a take that found nothing says once something was released: every released result
#: that stands went in.
NOTHING_WAITS = (
    "Nothing waits to be taken: every released result confirmed, accepted or entered is in "
    "the book."
)


def page(kind: Kind) -> str:
    """Where the command line sends its user to act: " on the desk's Arbiter page" (a camp's
    or a club's: the Staff page, :func:`~ratingbook.desk.model.decider`)."""
    return f" on the desk's {decider(kind).title} page"


def nothing_to_take(where: str = "") -> str:
    """What a take that found nothing says while nothing was released yet (the arbiter took
    before a release): release first, ``where`` (the queue: "", it has the button)."""
    return (
        f"Nothing released waits to be taken: release the round (or the games){where} first; "
        "results already in the book are not taken again."
    )


def release_next(round: int, where: str = "") -> str:
    """What follows :data:`NOTHING_WAITS` while the round open for reports is not released:
    the arbiter's next step (the queue's Release button, offered once a result of the round
    is ready; ``where`` names the page on the command line)."""
    return (
        f"Round {round} is not released yet: when its results are ready, press Release round "
        f"{round}{where} and they go into the book."
    )


def after_take(desk: Desk, outcome: TakeOutcome, before: int | None, book: str) -> list[str]:
    """What ``ratingbook results take`` says after ``outcome`` (its own lines), ending with
    what to do next: ``before`` the round open for reports before the take (a take that
    completes a round may pair the next), ``book`` the book as the user named it. A locked
    book's line says it already (take them in Excel, or once the book is closed)."""
    if outcome.locked:
        return []
    kind = desk.kind
    where = page(kind)
    if not outcome.taken and not outcome.waiting and not desk.any_released():
        return [nothing_to_take(where)]
    said = []
    if outcome.taken:
        said.append(
            f"What went in is in {read_file(desk.book).sheet} now, and the book is "
            "recalculated with it (as Recalc Ratings does)."
        )
    elif not outcome.waiting and not outcome.messages:  # a game held back is said above
        said.append(NOTHING_WAITS)
    if outcome.waiting:
        them = "it" if outcome.waiting == 1 else "them"
        said.append(
            f"Next: correct or reject {them}{where}, or change the book; then "
            f"{typed_command('results take', book)} again."
        )
    return said + _queue_next(desk, before, book, where)


def _queue_next(desk: Desk, before: int | None, book: str, where: str) -> list[str]:
    """Where the queue stands after a take: the round it paired, the reports that wait for a
    decision, the boards not reported, a round not released, or the next round to pair."""
    kind, now = desk.kind, desk.round()
    games = kind in ("ladder", "elo")
    if not games and now is None:
        return []  # no round paired: nothing was reported
    if not games and now is not None and before is not None and now > before:
        return [
            f"Round {now} is paired: the take completed round {before} and paired the next "
            f"(Auto-pair). Print its pairing cards{where}."
        ]
    if not games and now is not None and desk.open_round() is None:
        return [upper_first(round_state(now, True)) + "."]
    items = desk.queue()
    noun = "game" if games else "board"
    of = "" if games else f" of round {now}"
    who = decider(kind)
    said = []
    lone = sum(i.status == "reported" for i in items)
    differ = sum(i.status == "conflict" for i in items)
    if lone:
        said.append(
            f"{upper_first(many(lone, noun))}{of} {'is' if lone == 1 else 'are'} reported and "
            f"not confirmed yet: {who.name} may accept, correct or reject "
            f"{'it' if lone == 1 else 'them'}{where}."
        )
    if differ:
        said.append(
            f"{upper_first(many(differ, noun))}{of} {'has' if differ == 1 else 'have'} reports "
            f"that differ: correct or reject {'it' if differ == 1 else 'them'}{where}."
        )
    # A round's board rejected waits for new reports; a camp's rejected game waits no more.
    open_boards = [] if games else [i for i in items if i.status in ("missing", "rejected")]
    if open_boards:
        n = len(open_boards)
        said.append(
            f"{upper_first(many(n, 'board'))}{of} {'has' if n == 1 else 'have'} no result yet: "
            f"{'its' if n == 1 else 'their'} players report {'it' if n == 1 else 'them'} with "
            f"the pairing card's code, or enter {'it' if n == 1 else 'them'}{where}."
        )
    unreleased = desk.unreleased()
    if unreleased is not None:
        said.append(release_next(unreleased, where))
    ready = sum(i.status in READY and not i.released for i in items)
    if games and ready:  # a camp's games are released once: those decided since wait for it
        said.append(
            f"{upper_first(many(ready, 'game'))} {'is' if ready == 1 else 'are'} ready and not "
            f"released: press Release the games{where} and they go into the book."
        )
    if said:
        return said
    if now is None:  # a ladder's or an Elo book's games
        rejected = ", or rejected" if any(i.status == "rejected" for i in items) else ""
        return [f"Every game reported is in the book{rejected}: nothing waits at the desk."]
    return [
        f"Every result of round {now} is in the book: pair round {now + 1} with "
        f"{typed_command('pair', book)} (in Excel: Recalc Ratings, with Auto-pair on)."
    ]
