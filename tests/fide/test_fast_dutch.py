"""Tests for :mod:`ratingbook.fide.fast.fast_dutch` and :mod:`ratingbook.fide.fast.blossom`
(issue 28): the fast path gives gacrux's own pairing, every pair, colour and bye, and fails
loudly when the gacrux or networkx code it stands in for changes.

Every expected value comes from gacrux's own path (``path="gacrux"``: gacrux's
``pairing_dutch`` and networkx's matching, as shipped), never from the fast path itself: on
every round of the real TRF files in ``tests/data/trf`` and on generated events of 20 to 400
players with byes, forfeits, withdrawals, Baku acceleration and forbidden pairs. gacrux's engine
is slow, so its pairings are recorded once (``tests/data/gacrux_pairings.json``, made by
``python -m tests.helpers.gacrux_pairings`` when gacrux changes) and the fast path runs against
the recording; two slow tests pair a sample with gacrux live, so the recording cannot go stale
unseen. The quick run compares a sample; ``-m slow`` runs the whole sweep (hundreds of rounds)."""

from __future__ import annotations

import hashlib
import inspect
import logging
import random
import re
from pathlib import Path

import gacrux.pairingdutch
import networkx as nx
import pytest
from gacrux.crosstable import crosstable
from gacrux.crosstabledutch import crosstable_dutch
from networkx.algorithms import matching as nx_matching
from tests.helpers import gacrux_pairings

from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEvent
from ratingbook.fide.fast.blossom import min_weight_matching
from ratingbook.fide.fast.compact_edges import compacting
from ratingbook.fide.fast.fast_dutch import (
    PAIRING_PATH_VARIABLE,
    REPLACED,
    FastCrosstable,
    FastDutch,
    dutch_engine,
    pairing_path,
)
from ratingbook.fide.gacrux import pair_next_round

# ---------------------------------------------------------------- what the fast path stands in for

#: sha256 of the source of each gacrux function the fast path replaces (``REPLACED``), as in
#: gacrux 1.11.65, and of the two its deferred quality lists rely on (an edge's quality is
#: rebuilt whenever it is read at another score level). A gacrux release that changes one fails
#: here: compare the change with fast_dutch.py, carry it over, then update the digest.
PINNED_GACRUX = {
    "crosstable.create_edge": "4e8a0bd4f01b24e6bd2f201b044c3a6fcbdfed32ffbcaca8022b8122f00e4584",
    "crosstable_dutch.update_canmeet": (
        "687d7ede11aa4a31f162c1e9bc9621fcc202aed4c3f06330a8aad3b67090e56d"
    ),
    "crosstable_dutch.update_edge": (
        "1e6f22cbd73ef9bbe614c649dd644a806f3c141f2d70e689fc42e275878b80e8"
    ),
    "pairing_dutch.list_edges": (
        "878c41e57c0715206bcd5013805f9b38439512516bb1b22dd724c71ef364bf48"
    ),
    "crosstable_dutch.update_homogenious": (
        "560aa26bf5bcfea9d94c181e6243319aec176489d1267bce38aabc47cc997ea1"
    ),
    "crosstable_dutch.compute_weight": (
        "da3c38617c519984ce1c5cdab35e9dbbd0bf4e9ce9789fd55ce139aab9d5ff25"
    ),
    "pairing_dutch.pair_weighted_round": (
        "5c74e155aaa89759c0628dd1f695fd9c371ecce0f86d7c6f27bc941f5c4cad75"
    ),
    "pairing_dutch.weighted_match": (
        "bbabb30dcf5c5c94e6ad43e7b8abe82efdc6c487520b6f4cd9c8228391190ba8"
    ),
    "pairing_dutch.find_weighted_pab": (
        "b1c396c01baee358e3f6351e3f3f857235c2d687d0a2e9a63ca2e76fbe3f1d3e"
    ),
}
RELIED_ON = ((crosstable, "get_edge_quality"), (crosstable_dutch, "update_edge"))
PINNED_RELIED_ON = {
    "crosstable.get_edge_quality": (
        "5ff7fc6eaa0bc0dd83359ab9fc9aad44cb55017b7f17cc64b85a01775792d3c9"
    ),
    "crosstable_dutch.update_edge": (
        "1e6f22cbd73ef9bbe614c649dd644a806f3c141f2d70e689fc42e275878b80e8"
    ),
}
#: networkx's matching, which :mod:`ratingbook.fide.fast.blossom` reproduces step for step.
PINNED_NETWORKX = {
    "max_weight_matching": "41930910962d79c5da2da89788ead7819730daccb2858d72df3df7c55d893ee1",
    "min_weight_matching": "9bac468076ba36461a6e6987e92811a80f5e0750852655b3bba0d4566f0fb20d",
    "matching_dict_to_set": "d85fe50b5d6cd32de1f2ce37c92a923e3f6c1c07bd6df6fe600df84149e741d9",
}


def _digest(function: object) -> str:
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()  # type: ignore[arg-type]


def test_the_gacrux_functions_stood_in_for_are_those_of_the_pinned_release() -> None:
    found = {f"{cls.__name__}.{name}": _digest(getattr(cls, name)) for cls, name in REPLACED}
    assert found == PINNED_GACRUX
    relied = {f"{cls.__name__}.{name}": _digest(getattr(cls, name)) for cls, name in RELIED_ON}
    assert relied == PINNED_RELIED_ON


def test_the_networkx_matching_reproduced_is_the_one_gacrux_calls() -> None:
    found = {name: _digest(getattr(nx_matching, name)) for name in PINNED_NETWORKX}
    assert found == PINNED_NETWORKX
    # gacrux matches through these very names.
    assert "nx.min_weight_matching" in inspect.getsource(gacrux.pairingdutch)


def test_every_quality_the_fast_path_computes_is_gacruxs(monkeypatch: pytest.MonkeyPatch) -> None:
    """``FastCrosstable.update_edge`` stands in for gacrux's: on every edge it computes while
    pairing every round of a real file, gacrux's own ``update_edge`` run on the edge as it stood
    gives the same edge, value for value (lists for its tuples); ``FastDutch.list_edges`` gives
    gacrux's list of the same edges in the same order; ``FastCrosstable.create_edge`` builds
    each edge of the crosstable equal, key for key in gacrux's order, to gacrux's own. The
    pairings of every case above are gacrux's too, with all of these from the fast path."""
    fast, fast_list = FastCrosstable.update_edge, FastDutch.list_edges
    fast_create, own_create = FastCrosstable.create_edge, crosstable.create_edge
    compared: list[bool] = []
    listed: list[int] = []
    built: list[bool] = []

    def both_edges(self: FastCrosstable, a: object, b: object, met: object = None) -> object:
        assert compacting()  # the fast path builds them compact, not through gacrux's
        found = fast_create(self, a, b, met)
        own = own_create(self, a, b, met)
        assert type(found) is dict and list(found.items()) == list(own.items())
        built.append(found["canmeet"])
        return found

    def both_lists(self: FastDutch, opponents: list[list[dict[str, object]]]) -> list[object]:
        found = fast_list(self, opponents)
        own = gacrux.pairingdutch.pairing_dutch.list_edges(self, opponents)
        assert [id(edge) for edge in found] == [id(edge) for edge in own]
        listed.append(len(found))
        return found

    def both(self: FastCrosstable, edge: dict[str, object]) -> None:
        own = {k: (dict(v) if isinstance(v, dict) else v) for k, v in edge.items()}
        fast(self, edge)
        crosstable_dutch.update_edge(self, own)
        quality = edge["quality"]
        if isinstance(quality, dict):
            quality = {k: list(v) if type(v) is tuple else v for k, v in quality.items()}
        assert {**edge, "quality": quality} == own
        compared.append(edge["canmeet"])

    monkeypatch.setattr(FastCrosstable, "update_edge", both)
    monkeypatch.setattr(FastDutch, "list_edges", both_lists)
    monkeypatch.setattr(FastCrosstable, "create_edge", both_edges)
    for stage in gacrux_pairings.rounds_of(LIVE_FILE):
        gacrux_pairings.round_line(stage, "fast")
    assert len(compared) > 1500
    assert len(listed) == 6 and min(listed) > 300
    assert built.count(True) > 3000 and built.count(False) > 300


# ------------------------------------------------------------------------- the matching itself


def _random_graphs(count: int, seed: int) -> list[list[tuple[int, int, int]]]:
    rng = random.Random(seed)
    graphs = []
    for _ in range(count):
        n = rng.randint(0, 36)
        density = rng.random()
        top = rng.choice([0, 1, 3, 12, 2**64, 2**2000])  # ties galore, and gacrux's huge weights
        edges = [
            ((u, v) if rng.random() < 0.5 else (v, u)) + (rng.randint(0, top),)
            for u in range(n)
            for v in range(u + 1, n)
            if rng.random() < density
        ]
        rng.shuffle(edges)
        if edges and rng.random() < 0.3:  # an edge given twice: networkx keeps the last weight
            edges.append((*edges[0][:2], rng.randint(0, top)))
        graphs.append(edges)
    return graphs


@pytest.mark.parametrize("seed", range(4))
def test_the_matching_is_networkx_own_set(seed: int) -> None:
    """Same pairs, and the set built in the same order (gacrux reads it in its order)."""
    for edges in _random_graphs(60, seed):
        graph = nx.Graph()
        graph.add_weighted_edges_from(edges)
        expected = nx.min_weight_matching(graph)
        found = min_weight_matching(edges, verify=True)
        assert found == expected
        assert list(found) == list(expected)


# ----------------------------------------------------------------------------- the switch


def test_the_path_is_chosen_by_argument_then_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PAIRING_PATH_VARIABLE, raising=False)
    assert pairing_path() == "fast"
    monkeypatch.setenv(PAIRING_PATH_VARIABLE, "gacrux")
    assert pairing_path() == "gacrux"
    assert pairing_path("fast") == "fast"
    params = {"experimental": [], "verbose": 0, "top_color": "w"}
    assert type(dutch_engine({"competitors": []}, 1, params)) is gacrux.pairingdutch.pairing_dutch
    assert type(dutch_engine({"competitors": []}, 1, params, "fast")) is FastDutch
    with pytest.raises(RatingbookError, match="unknown pairing path 'quick'"):
        pairing_path("quick")


# ------------------------------------------------------------ fast path == gacrux's own path
# gacrux's own pairings are recorded once (tests/helpers/gacrux_pairings.py says how to record
# them again); the fast path runs against the recording, and a live sample keeps it honest.

RECORDED = gacrux_pairings.load()
RECORDED_FILES: dict[str, list[str]] = RECORDED["files"]  # type: ignore[assignment]
RECORDED_EVENTS: dict[str, list[str]] = RECORDED["generated"]  # type: ignore[assignment]
RECORD_AGAIN = "record gacrux's pairings again: python -m tests.helpers.gacrux_pairings"


def test_the_recording_is_of_the_installed_gacrux_and_every_case() -> None:
    """The recorded pairings are gacrux's of the release installed, for every case the tests
    below compare (a new gacrux, file or case needs a new recording)."""
    from ratingbook.fide.gacrux import gacrux_version

    assert RECORDED["gacrux"] == gacrux_version(), RECORD_AGAIN
    swiss = [name for name in gacrux_pairings.TRF_FILES if gacrux_pairings.rounds_of(name)]
    assert sorted(RECORDED_FILES) == swiss, RECORD_AGAIN
    cases = [gacrux_pairings.case_key(*case) for case in [*QUICK, *SWEEP]]
    assert sorted(RECORDED_EVENTS) == sorted(cases), RECORD_AGAIN


def assert_pairs_as_recorded(stages: list[SwissEvent], recorded: list[str]) -> None:
    """The fast path pairs each stage as gacrux did when it was recorded, round by round."""
    assert len(stages) == len(recorded), RECORD_AGAIN
    for stage, line in zip(stages, recorded, strict=True):
        assert gacrux_pairings.round_line(stage, "fast") == line


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=[pytest.mark.slow] if n in gacrux_pairings.LONG_FILES else [])
        for n in sorted(RECORDED_FILES)
    ],
)
def test_every_round_of_the_real_files_pairs_as_gacrux_pairs_it(name: str) -> None:
    assert_pairs_as_recorded(gacrux_pairings.rounds_of(name), RECORDED_FILES[name])


def generated_event(players: int, rounds: int, seed: int) -> list[SwissEvent]:
    """The generated event of ``gacrux_pairings.generated_event`` on gacrux's recorded
    pairings, as it stood before each round."""
    recorded = RECORDED_EVENTS[gacrux_pairings.case_key(players, rounds, seed)]
    return gacrux_pairings.generated_event(
        players, rounds, seed, gacrux_pairings.replaying(recorded)
    )


QUICK = gacrux_pairings.QUICK
SWEEP = gacrux_pairings.SWEEP


@pytest.mark.parametrize(("players", "rounds", "seed"), QUICK)
def test_generated_events_pair_as_gacrux_pairs_them(players: int, rounds: int, seed: int) -> None:
    recorded = RECORDED_EVENTS[gacrux_pairings.case_key(players, rounds, seed)]
    assert_pairs_as_recorded(generated_event(players, rounds, seed), recorded)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "rounds", "seed"), SWEEP)
def test_the_sweep_of_generated_events_pairs_as_gacrux_pairs_it(
    players: int, rounds: int, seed: int
) -> None:
    recorded = RECORDED_EVENTS[gacrux_pairings.case_key(players, rounds, seed)]
    assert_pairs_as_recorded(generated_event(players, rounds, seed), recorded)


#: The live sample: a real file and a generated event, paired by gacrux itself now.
LIVE_FILE = "icu_bunratty-masters_2011.tab"
LIVE_EVENT = (31, 9, 2)


@pytest.mark.slow
def test_gacrux_still_pairs_a_real_file_as_recorded_and_so_does_the_fast_path() -> None:
    """gacrux's own engine, run now, gives the recorded pairings (so the recording is not
    stale), and the fast path gives gacrux's."""
    for stage, line in zip(
        gacrux_pairings.rounds_of(LIVE_FILE), RECORDED_FILES[LIVE_FILE], strict=True
    ):
        live = gacrux_pairings.round_line(stage, "gacrux")
        assert live == line, RECORD_AGAIN
        assert gacrux_pairings.round_line(stage, "fast") == live


@pytest.mark.slow
def test_gacrux_still_pairs_a_generated_event_as_recorded_and_so_does_the_fast_path() -> None:
    """The generated event played on gacrux's live pairings: each round as recorded, and as
    the fast path pairs it."""
    stages = gacrux_pairings.generated_event(*LIVE_EVENT, gacrux_pairings.gacrux_pairing)
    recorded = RECORDED_EVENTS[gacrux_pairings.case_key(*LIVE_EVENT)]
    assert len(stages) == len(recorded), RECORD_AGAIN
    for stage, line in zip(stages, recorded, strict=True):
        live = gacrux_pairings.round_line(stage, "gacrux")
        assert live == line, RECORD_AGAIN
        assert gacrux_pairings.round_line(stage, "fast") == live


def test_pairing_a_round_with_its_notes_pairs_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pair`` writes the Pairing Notes too; their analysis reads the round just paired and
    does not pair it a second time (at 2,000 players that would double the time)."""
    from ratingbook.files.patching import PackageBook
    from ratingbook.templates import TemplateBook, build_template
    from ratingbook.workbook import pair

    pairings: list[bool] = []
    for engine in (FastDutch, gacrux.pairingdutch.pairing_dutch):
        original = engine.compute_pairing

        def counted(self: object, checkonly: bool, *args: object, _o: object = original) -> object:
            pairings.append(checkonly)
            return _o(self, checkonly, *args)  # type: ignore[operator]

        monkeypatch.setattr(engine, "compute_pairing", counted)
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
    assert pairings.count(False) == 1  # the pairing; the notes' analysis only checks (True)


NOTE = re.compile(
    r"pairing a score group of (\d+) players(?: together with the (\d+) below it)? by the "
    r"weights of all ([\d,]+) possible pairs: this round may take minutes"
)


def _notes(caplog: pytest.LogCaptureFixture, event: SwissEvent) -> list[tuple[int, int, int]]:
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="ratingbook"):
        pair_next_round(event)
    found = []
    for record in caplog.records:
        match = NOTE.fullmatch(record.getMessage())
        assert match, record.getMessage()
        group, below, pairs = match.groups()
        found.append((int(group), int(below or 0), int(pairs.replace(",", ""))))
    return found


def test_a_large_weighted_matching_is_announced_before_it_starts(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pairing logs (INFO) that a weighted matching of at least ``NOTE_AT`` players is
    starting: none below it, and with the bar at 20 players, each such score group once, its
    players and pairs within the event's (64 players at most, C(64, 2) = 2,016 pairs)."""
    import ratingbook.fide.fast.fast_dutch as fast_dutch

    stages = generated_event(64, 5, 3)
    assert all(not _notes(caplog, stage) for stage in stages[:2])  # NOTE_AT = 400
    monkeypatch.setattr(fast_dutch, "NOTE_AT", 20)
    noted = [note for stage in stages[:2] for note in _notes(caplog, stage)]
    assert noted
    for group, below, pairs in noted:
        assert 20 <= group + below <= 64
        assert 0 < pairs <= (group + below) * (group + below - 1) // 2


def test_pair_says_a_large_weighted_matching_as_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ratingbook pair`` passes the note on at once, on standard error, naming the book."""
    from tests.helpers.cli import run_in_process

    import ratingbook.fide.fast.fast_dutch as fast_dutch
    from ratingbook.events.settings import settings_values
    from ratingbook.templates import TemplateBook, build_template
    from ratingbook.workbook.sheets.event_rows import entry_cells, player_cells

    event = generated_event(64, 5, 3)[1]  # round 2: its score groups need a weighted matching
    numbers = event.start_numbers()
    rows = {
        "Swiss Settings": [(k, v, None) for k, v in settings_values(event.settings).items()],
        "Swiss Players": [player_cells(p, numbers[p.name]) for p in event.players],
        "Swiss Games": [entry_cells(e, numbers) for e in event.entries],
    }
    path = tmp_path / "open.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    monkeypatch.setattr(fast_dutch, "NOTE_AT", 20)  # the book's forked child inherits it
    # round 1 is in the book before its log starts: typed by hand in FIDE mode (level 3)
    done = run_in_process(capsys, "pair", path, "-o", tmp_path / "paired.xlsx", "--confirm")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines
    assert all(line.startswith(f"...    {path}: pairing a score group of ") for line in lines)
