"""Unpairing a round whose results are typed, through the session (user test 48).

The question (a level-3 act in FIDE mode) names each result the unpairing deletes, by board,
and says an undo gives them back; confirmed, the round's rows leave ``Swiss Games``, and the
undo writes them back with their results, cell for cell. The expected results are the ones
the test typed, never ratingbook's output.
"""

from __future__ import annotations

from tests.helpers.fide_event import type_results
from tests.session.test_undo_typed import played, run, session, shown, typed

from ratingbook.session import Done, NeedsConfirmation, Pair, Undo, Unpair


def test_the_unpairing_question_names_the_results_it_deletes_and_undo_gives_them_back() -> None:
    book = played(1)
    run(book, Pair())
    book = typed(book, "Swiss Games", lambda g: type_results(g, 2))  # ½-½ on board 2, else 1-0
    before = shown(book)
    asked = session(book).run(Unpair())
    assert isinstance(asked, NeedsConfirmation), asked
    [act] = asked.acts
    assert (act.name, act.level) == ("Unpair round 2", 3)
    assert act.warning == (
        "round 2's pairing taken back: its 5 results typed are deleted from Swiss Games with its "
        "rows: board 1 '1-0', board 2 '½-½', board 3 '1-0', board 4 '1-0', board 5 '1-0' (an "
        "undo of the unpairing gives them back)"
    )
    assert isinstance(asked.resume("--confirm"), Done)
    assert [r for r in shown(book)["Swiss Games"] if r and r[0] == 2] == []
    run(book, Undo())
    assert shown(book) == before
