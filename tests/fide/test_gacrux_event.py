"""Tests for how an event reaches gacrux: :class:`ratingbook.fide.fast.trf_reader.IndexedReader`
(issue 28), gacrux's TRF reader with its search for an earlier result of a round and a White
done by an index, reads every file into the very structure gacrux's own reader makes, and fails
loudly when gacrux changes the function it stands in for; and
:func:`ratingbook.fide.gacrux.event.gacrux_tournament` reads each text once and hands every
caller a structure equal to a fresh reading, its own to change.

The expected structure is always gacrux's own reader's (``trf2json``, as shipped), on: every
real file of ``tests/data/trf`` as it is and as ratingbook writes it back; generated events with
byes, forfeits, withdrawals, forbidden pairs and Baku acceleration; team events with board
forfeits and a team that did not come (gacrux's team reading removes results from its lists).
"""

from __future__ import annotations

import hashlib
import inspect
from dataclasses import replace
from typing import Any

import pytest
from gacrux.chessjson import chessjson
from gacrux.trf2json import trf2json
from tests.fide.test_team_pairing import _generated
from tests.helpers import gacrux_pairings
from tests.helpers.gacrux_pairings import DATA, TRF_FILES

from ratingbook.core.encoding import decode_legacy
from ratingbook.events.event import SwissEvent
from ratingbook.fide.fast.trf_reader import IndexedReader
from ratingbook.fide.gacrux import pair_next_round
from ratingbook.fide.gacrux.event import gacrux_tournament, tournament_from_trf
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import import_trf
from ratingbook.trf.team_records import export_team_trf

#: sha256 of gacrux 1.11.65's ``chessjson.append_result``, whose scan ``IndexedReader`` replaces
#: by an index. A release that changes it fails here: compare, carry the change over, update.
PINNED_APPEND_RESULT = "e975d837f7318804d34068f2beabb3077fc703c59726680013c1d1c1603e7fda"


def _read(reader: trf2json, text: str) -> Any:
    """What ``reader`` makes of ``text``: its structure, or the error it stops with."""
    try:
        reader.parse_file(text, 0)
    except Exception as error:  # gacrux refuses some raw files: both readers must refuse alike
        return f"{type(error).__name__}: {error}"
    return reader.chessjson


def _both(text: str) -> tuple[Any, Any]:
    """gacrux's own reading of ``text`` and the indexed one."""
    return _read(trf2json(), text), _read(IndexedReader(), text)


def _games(structure: dict[str, Any]) -> int:
    return sum(
        len(t.get("gameList", [])) + len(t.get("matchList", []))
        for t in structure["event"]["tournaments"]
    )


def test_the_function_stood_in_for_is_that_of_the_pinned_release() -> None:
    source = inspect.getsource(chessjson.append_result).encode()
    assert hashlib.sha256(source).hexdigest() == PINNED_APPEND_RESULT


@pytest.mark.parametrize("name", TRF_FILES)
def test_every_real_file_reads_as_gacrux_reads_it(name: str) -> None:
    raw = decode_legacy((DATA / name).read_bytes())
    plain, fast = _both(raw)
    assert fast == plain
    written = export_trf(import_trf(raw).event, withdrawals=False)
    plain, fast = _both(written)
    assert plain["status"]["code"] < 400 and _games(plain) > 0
    assert fast == plain


def generated_event(players: int, rounds: int, seed: int) -> list[SwissEvent]:
    """The generated event of tests.helpers.gacrux_pairings, round by round, played on
    gacrux's own pairings: those recorded where the case is recorded
    (``tests/data/gacrux_pairings.json``; tests/fide/test_fast_dutch.py shows the fast path
    pairs each of its rounds so), the fast path's, run now, for the others."""
    recorded: dict[str, list[str]] = gacrux_pairings.load()["generated"]  # type: ignore[assignment]
    key = gacrux_pairings.case_key(players, rounds, seed)
    return gacrux_pairings.generated_event(
        players,
        rounds,
        seed,
        gacrux_pairings.replaying(recorded[key])
        if key in recorded
        else lambda event: pair_next_round(event, path="fast"),
    )


@pytest.mark.parametrize(("players", "rounds", "seed"), [(31, 9, 2), (40, 7, 5)])
def test_generated_events_read_as_gacrux_reads_them(players: int, rounds: int, seed: int) -> None:
    """Byes, forfeits, withdrawals, forbidden pairs; Baku acceleration for the odd seed."""
    for stage in generated_event(players, rounds, seed):
        plain, fast = _both(export_trf(stage, withdrawals=False))
        assert fast == plain


@pytest.mark.parametrize(("teams", "rounds", "boards", "seed"), [(9, 5, 4, 1), (11, 6, 3, 3)])
def test_team_events_read_as_gacrux_reads_them(
    teams: int, rounds: int, boards: int, seed: int
) -> None:
    text = export_team_trf(_generated(teams, rounds, boards, seed))
    plain, fast = _both(text)
    assert plain["status"]["code"] < 400 and _games(plain) > 0
    assert fast == plain


def test_a_result_removed_by_gacrux_is_not_found_again() -> None:
    """gacrux's team reading removes results from a list it appends to: the index follows the
    list, so a removed result is neither updated nor kept from being appended anew."""
    reader = IndexedReader()
    first = {"round": 1, "white": {"cid": 3}, "black": {"cid": 4, "result": "1"}}
    other = {"round": 1, "white": {"cid": 5}, "black": {"cid": 6}}
    results: list[Any] = []
    reader.append_result(results, first)
    reader.append_result(results, other)
    results.remove(first)  # as gacrux does (trf2json, its team results)
    again = {"round": 1, "white": {"cid": 3, "result": "0"}, "black": {"cid": 4}}
    reader.append_result(results, again)
    assert results == [other, again]  # appended, not merged into the removed one
    update = {"round": 1, "white": {"cid": 5, "result": "1"}, "black": {"cid": 6, "result": "0"}}
    reader.append_result(results, update)
    assert results == [other, again] and other["white"]["result"] == "1"


def test_the_path_switch_reads_with_gacruxs_own_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    import ratingbook.fide.gacrux.event as module

    text = export_trf(generated_event(20, 3, 1)[-1], withdrawals=False)
    read: list[str] = []

    class Plain(trf2json):  # type: ignore[misc]
        def parse_file(self, *args: Any) -> Any:
            read.append("gacrux")
            return super().parse_file(*args)

    class Indexed(IndexedReader):
        def parse_file(self, *args: Any) -> Any:
            read.append("indexed")
            return super().parse_file(*args)

    monkeypatch.setattr(module, "trf2json", Plain)
    monkeypatch.setattr(module, "IndexedReader", Indexed)
    assert tournament_from_trf(text, path="gacrux") == tournament_from_trf(text, path="fast")
    monkeypatch.setenv("RATINGBOOK_PAIRING_PATH", "gacrux")
    tournament_from_trf(text)
    assert read == ["gacrux", "indexed", "gacrux"]


# ----------------------------------------------------------- one reading for each state of an event


def _fresh(event: SwissEvent, path: str) -> Any:
    """gacrux's own reading of the text the adapter writes for ``event``, nothing kept."""
    reader = trf2json() if path == "gacrux" else IndexedReader()
    reader.parse_file(export_trf(event, withdrawals=False), 0)
    return reader.get_tournament(1)


@pytest.mark.parametrize("path", ["fast", "gacrux"])
def test_each_caller_gets_a_fresh_reading_of_its_own(path: str) -> None:
    """Asked twice for the same event, the adapter hands out two structures, each equal to a
    fresh reading by gacrux's reader, and what the first caller changes (as gacrux's engines
    do) is not in the second."""
    stage = generated_event(20, 3, 1)[-1]
    first = gacrux_tournament(stage, path=path)
    assert first == _fresh(stage, path)
    first["competitors"][0]["present"] = False
    first["gameList"].clear()
    second = gacrux_tournament(stage, path=path)
    assert second == _fresh(stage, path)
    assert second is not first and second["gameList"]


def test_a_text_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same event read again (the notes' analysis of a complete round reads the standings'
    event) is not parsed again; another event, or the same one for the other reader, is."""
    import ratingbook.fide.gacrux.event as module

    read: list[str] = []
    original = module.tournament_from_trf

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        read.append(kwargs["path"])
        return original(text, *args, **kwargs)

    stages = generated_event(20, 4, 1)  # (which pairs, reading its events, before counting)
    monkeypatch.setattr(module, "tournament_from_trf", counted)
    for stage in (stages[-1], stages[-1], stages[-2], stages[-1]):
        gacrux_tournament(stage, path="fast")
    gacrux_tournament(stages[-1], path="gacrux")
    assert read == ["fast", "fast", "gacrux"]


def test_events_equal_but_for_their_start_numbers_are_read_apart() -> None:
    """An event's start numbers (worked out with the book's recorded numbers) are no part of
    its equality, but they are of its TRF text: two such events are two readings."""
    stage = generated_event(20, 3, 1)[0]
    numbering = stage.numbered()
    swapped = dict(numbering.numbers)
    first, second = sorted(swapped, key=swapped.__getitem__)[:2]
    swapped[first], swapped[second] = swapped[second], swapped[first]
    other = replace(stage, numbering=replace(numbering, numbers=swapped))
    assert other == stage and other.start_numbers() != stage.start_numbers()
    plain = gacrux_tournament(stage)
    renumbered = gacrux_tournament(other)
    assert renumbered == _fresh(other, "fast") != plain
