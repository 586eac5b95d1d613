"""Tests for :mod:`ratingbook.fide.gacrux.analysis`: the account the pairing engine gives of the
round it has just paired is what gacrux's pairing checker reads from that round, so the notes
of a round ratingbook has just paired read the one and do not run the other.

The expected reading is always the checker's (gacrux's ``pairing_dutch`` in analysis mode, as
shipped, run on the round as the book holds it), never the pairing engine's: on every round of
the real TRF files of ``tests/data/trf`` and of generated events with byes, forfeits,
withdrawals, forbidden pairs and Baku acceleration (with a requested bye in round 1, which
leaves its player out of the list group A is cut from, before round 1 is paired and after).
"""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path
from typing import Any

import gacrux.pairingdutch
import pytest
from tests.helpers import gacrux_pairings
from tests.helpers.gacrux_pairings import TRF_FILES
from tests.helpers.gacrux_pairings import rounds_of as _rounds_of

import ratingbook.fide.gacrux.analysis as analysis
from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.events.acceleration import baku_virtual_points
from ratingbook.events.event import SwissEvent
from ratingbook.events.settings import BAKU
from ratingbook.events.start_order import Numbering
from ratingbook.fide.fast.fast_dutch import FastDutch
from ratingbook.fide.gacrux.analysis import RoundAnalysis, analyse_round
from ratingbook.fide.gacrux.pairing import pair_next_round


def generated_event(players: int, rounds: int, seed: int) -> list[SwissEvent]:
    """The generated event, played on gacrux's own pairings: those recorded where the case is
    recorded (``tests/data/gacrux_pairings.json``, which ``tests/fide/test_fast_dutch.py`` keeps
    true to the installed gacrux), gacrux run live for the others."""
    key = gacrux_pairings.case_key(players, rounds, seed)
    recorded: dict[str, list[str]] = gacrux_pairings.load()["generated"]  # type: ignore[assignment]
    pairing = (
        gacrux_pairings.replaying(recorded[key])
        if key in recorded
        else gacrux_pairings.gacrux_pairing
    )
    return gacrux_pairings.generated_event(players, rounds, seed, pairing)


#: The real files of the quick run (a few rounds each); the others are in the slow run.
QUICK_FILES = {
    "icu_bunratty-masters_2011.tab",
    "icu_irish-junior-champs_2011.tab",
    "javafo_trfxsample2_open-gros_2010.trfx",
}


def _both(stage: SwissEvent) -> tuple[RoundAnalysis, RoundAnalysis] | None:
    """The round paired from ``stage`` read twice: from the pairing engine's account, then by
    the checker (nothing kept). None when the round cannot be paired (the event is over)."""
    try:
        rows = pair_next_round(stage)
    except RatingbookError:
        return None
    after = stage.with_entries(rows)
    kept = analyse_round(after, rows[0].round, just_paired=True)
    analysis._PAIRED.clear()
    checked = analyse_round(after, rows[0].round, just_paired=True)
    return kept, checked


def _assert_alike(stages: list[SwissEvent]) -> int:
    """Each stage's round read alike both ways; the number of rounds compared."""
    compared = 0
    for stage in stages:
        both = _both(stage)
        if both is not None:
            kept, checked = both
            assert kept == checked, f"round {checked.round}"
            compared += 1
    return compared


def _engine_runs(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each pairing-engine run from now on (the fast Dutch path's and gacrux's checker's), as
    its ``checkonly`` flag: True, the checker's analysis of a round; False, a pairing."""
    runs: list[bool] = []
    for engine in (FastDutch, gacrux.pairingdutch.pairing_dutch):
        original = engine.compute_pairing

        def counted(self: object, checkonly: bool, *args: object, _o: object = original) -> object:
            runs.append(checkonly)
            return _o(self, checkonly, *args)  # type: ignore[operator]

        monkeypatch.setattr(engine, "compute_pairing", counted)
    return runs


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=[] if n in QUICK_FILES else [pytest.mark.slow]) for n in TRF_FILES],
)
def test_every_round_of_the_real_files_reads_as_the_checker_reads_it(name: str) -> None:
    assert _assert_alike(_rounds_of(name)) > 0


@pytest.mark.parametrize(
    ("players", "rounds", "seed"),
    [
        (20, 7, 1),
        pytest.param(31, 9, 2, marks=pytest.mark.slow),
        pytest.param(64, 5, 3, marks=pytest.mark.slow),
        pytest.param(101, 11, 19, marks=pytest.mark.slow),
        pytest.param(151, 9, 21, marks=pytest.mark.slow),
    ],
)
def test_generated_events_read_as_the_checker_reads_them(
    players: int, rounds: int, seed: int
) -> None:
    """Byes, forfeits, withdrawals, forbidden pairs; Baku acceleration for the odd seeds."""
    assert _assert_alike(generated_event(players, rounds, seed)) == rounds


def test_baku_round_one_with_a_requested_bye_reads_alike() -> None:
    """Group A is cut from the players to be paired in round 1 (C.04.5.1), which a requested
    bye is not: the same players before round 1 is paired and after, so the pairing and the
    checker are handed the same virtual points, and the pairing's account is kept."""
    stage = generated_event(30, 3, 11)[0]
    assert stage.settings.acceleration == BAKU and stage.requested_byes(1)
    rows = pair_next_round(stage)
    after = stage.with_entries(rows)
    assert baku_virtual_points(stage) == baku_virtual_points(after)
    assert analysis._PAIRED
    kept = analyse_round(after, 1, just_paired=True)
    analysis._PAIRED.clear()
    assert analyse_round(after, 1, just_paired=True) == kept


def test_another_event_or_round_is_not_read_from_the_account() -> None:
    """The account is the round paired last of that very event: after a result changes, or for
    another round, the checker reads it."""
    stages = generated_event(20, 3, 1)
    rows = pair_next_round(stages[-1])
    after = stages[-1].with_entries(rows)
    assert analysis._just_paired(after, rows[0].round) is not None
    assert analysis._just_paired(after, rows[0].round - 1) is None
    assert analysis._just_paired(stages[-1].with_entries(rows[1:]), rows[0].round) is None


def test_pairing_a_round_with_its_notes_runs_the_engine_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pair`` writes the Pairing Notes of the round it pairs from the pairing's own account:
    gacrux's engine runs once, to pair, and the checker not at all; a recalc of the same book
    (nothing paired) runs the checker for the notes."""
    from ratingbook.files.patching import PackageBook
    from ratingbook.templates import TemplateBook, build_template
    from ratingbook.workbook import pair, recalc

    runs = _engine_runs(monkeypatch)
    rows = {
        "Swiss Settings": [("Rounds", 5, None)],
        "Swiss Players": [{"Name": f"P{i:02d}", "Rating": 2400 - 9 * i} for i in range(30)],
        "Swiss Games": [],
    }
    path = tmp_path / "event.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    book = PackageBook(path)
    pair(book)
    assert any("Notes" in name for name in book.sheet_names())
    assert runs == [False]
    analysis._PAIRED.clear()
    analysis.forget_analyses()  # nothing read before: the recalc's notes run the checker
    runs.clear()
    recalc(book)
    assert True in runs


def test_a_round_read_once_is_read_again_only_when_the_event_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The checker's analysis of a round is kept while the event, its start numbers and the
    round stay the same (a book recalculated again unchanged); a changed result, other start
    numbers or another round runs the checker again, and what is kept is what it gives."""
    runs = _engine_runs(monkeypatch)
    analysis.forget_analyses()
    event = generated_event(20, 3, 1)[-1]  # rounds 1 and 2 played
    first = analyse_round(event, 2)
    assert runs, "the checker ran"
    runs.clear()
    assert analyse_round(event, 2) is first
    assert not runs, "an unchanged round is not read again"
    analyse_round(event, 1)
    assert runs, "another round is read"
    # Round 1's first game decided the other way: round 2's points before it change.
    entries = list(event.entries)
    i = next(
        i
        for i, e in enumerate(entries)
        if e.round == 1 and e.black is not None and e.result is not None and e.result.is_played
    )
    other = Result.BLACK_WINS if entries[i].result is not Result.BLACK_WINS else Result.WHITE_WINS
    entries[i] = replace(entries[i], result=other)
    for changed in (
        replace(event, entries=tuple(entries)),
        # The same players, rows and settings under other start numbers (two swapped).
        replace(event, numbering=_swapped_numbers(event)),
    ):
        assert analyse_round(event, 2) == first  # kept (again, after the forgetting below)
        runs.clear()
        kept = analyse_round(changed, 2)
        assert runs, "a changed event is read again"
        assert kept != first
        analysis.forget_analyses()
        assert analyse_round(changed, 2) == kept  # what was kept is what the checker gives


def _swapped_numbers(event: SwissEvent) -> Numbering:
    numbers = event.start_numbers()
    one, two = (name for name, n in numbers.items() if n in (1, 2))
    numbers[one], numbers[two] = numbers[two], numbers[one]
    return Numbering(numbers)


@pytest.mark.slow  # over the quick loop's 200 ms (tests/data/quick_loop_heavy.txt's bar)
@pytest.mark.parametrize("source", ["generated", "icu_irish-junior-champs_2011.tab"])
def test_the_table_both_runs_share_is_the_one_each_would_compute(
    source: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round's analysis computes gacrux's tie-break table once for the checker and the
    pairing: neither run changes it, and each gives what it gives computing its own (gacrux
    as shipped), on every round of a generated event (Baku, byes, forfeits, withdrawals,
    forbidden pairs) and of a real file."""
    event = generated_event(20, 7, 1)[-1] if source == "generated" else _rounds_of(source)[-1]
    rounds = sorted({e.round for e in event.entries if e.black is not None})
    shared_run = analysis._compute_pairing
    runs: list[bool] = []

    def unchanged(engine: object, table: dict[int, object], *, checkonly: bool) -> list[object]:
        before = pickle.dumps(table)
        found = shared_run(engine, table, checkonly=checkonly)
        assert pickle.dumps(table) == before, "a run changed the table"
        runs.append(checkonly)
        return found

    monkeypatch.setattr(analysis, "_compute_pairing", unchanged)
    analysis.forget_analyses()
    shared = [analyse_round(event, number) for number in rounds]
    assert sorted(set(runs)) == [False, True]

    def own(engine: Any, table: object, *, checkonly: bool) -> Any:
        return engine.compute_pairing(checkonly, 0)

    monkeypatch.setattr(analysis, "_compute_pairing", own)
    analysis.forget_analyses()
    assert [analyse_round(event, number) for number in rounds] == shared
    analysis.forget_analyses()
