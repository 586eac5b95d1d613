"""Tests for :mod:`ratingbook.fide.fast_dutch` and :mod:`ratingbook.fide.blossom` (issue 28):
the fast path gives gacrux's own pairing, every pair, colour and bye, and fails loudly when the
gacrux or networkx code it stands in for changes.

Every expected value comes from gacrux's own path (``path="gacrux"``: gacrux's
``pairing_dutch`` and networkx's matching, as shipped), never from the fast path itself: on
every round of the real TRF files in ``tests/data/trf`` and on generated events of 20 to 400
players with byes, forfeits, withdrawals, Baku acceleration and forbidden pairs. The quick run
compares a sample; ``-m slow`` runs the whole sweep (hundreds of rounds) and 1,000-player rounds.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import inspect
import logging
import random
import re
from dataclasses import replace
from pathlib import Path

import gacrux.pairingdutch
import networkx as nx
import pytest
from gacrux.crosstable import crosstable
from gacrux.crosstabledutch import crosstable_dutch
from networkx.algorithms import matching as nx_matching
from tests.helpers.paths import ROOT

from ratingbook.core.encoding import decode_legacy
from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.forbidden_pairs import ForbiddenPair
from ratingbook.events.settings import ACCELERATION_NONE, BAKU, SwissSettings
from ratingbook.fide.fast.blossom import min_weight_matching
from ratingbook.fide.fast.fast_dutch import (
    PAIRING_PATH_VARIABLE,
    REPLACED,
    FastDutch,
    dutch_engine,
    pairing_path,
)
from ratingbook.fide.gacrux import pair_next_round
from ratingbook.trf.importer import import_trf

# ---------------------------------------------------------------- what the fast path stands in for

#: sha256 of the source of each gacrux function the fast path replaces (``REPLACED``), as in
#: gacrux 1.11.65, and of the two its deferred quality lists rely on (an edge's quality is
#: rebuilt whenever it is read at another score level). A gacrux release that changes one fails
#: here: compare the change with fast_dutch.py, carry it over, then update the digest.
PINNED_GACRUX = {
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
#: networkx's matching, which :mod:`ratingbook.fide.blossom` reproduces step for step.
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


def _outcome(event: SwissEvent, path: str) -> object:
    try:
        return [(e.board, e.white, e.black, e.result) for e in pair_next_round(event, path=path)]
    except RatingbookError as error:
        return f"{type(error).__name__}: {error}"


def assert_same_pairing(event: SwissEvent) -> None:
    expected = _outcome(event, "gacrux")
    assert _outcome(event, "fast") == expected


DATA = ROOT / "tests" / "data" / "trf"
TRF_FILES = sorted(p.name for p in DATA.iterdir() if p.suffix in (".trf", ".trfx", ".tab"))


def _rounds_of(name: str) -> list[SwissEvent]:
    """The file's event as it stood before each of its rounds was paired: the rounds before,
    and the byes entered for that round."""
    event = import_trf(decode_legacy((DATA / name).read_bytes())).event
    if event.settings.round_robin:
        return []
    last = max((e.round for e in event.entries), default=0)
    stages = []
    for number in range(1, last + 2):
        entries = tuple(
            e
            for e in event.entries
            if e.round < number
            or (e.round == number and e.result is not None and e.result.is_requested_bye)
        )
        stages.append(replace(event, entries=entries))
    return stages


#: The files with the most rounds to compare (about two minutes together): in the slow run.
LONG_FILES = {
    "icu_armstrong-cup_2010-11.tab",
    "karl-mala-gedenkturnier_2005_frankfurt.trf",
    "lichess_2020-05-10_zulfikar-bullet.trf",
}


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=[pytest.mark.slow] if n in LONG_FILES else []) for n in TRF_FILES],
)
def test_every_round_of_the_real_files_pairs_as_gacrux_pairs_it(name: str) -> None:
    for stage in _rounds_of(name):
        assert_same_pairing(stage)


def generated_event(players: int, rounds: int, seed: int) -> list[SwissEvent]:
    """An event played round by round on gacrux's own pairings, as it stood before each round:
    random results with forfeits, requested byes, withdrawals, forbidden pairs, and Baku
    acceleration for every other seed."""
    rng = random.Random(seed)
    field = [
        SwissPlayer(f"P{i:03d}", 2500 - 7 * i - rng.randint(0, 40) if rng.random() > 0.05 else None)
        for i in range(players)
    ]
    gone = rng.sample(range(players), k=max(1, players // 25))
    for i in gone:
        field[i] = replace(field[i], withdrawn=rng.randint(2, rounds))
    names = [p.name for p in field]
    bans = tuple(
        ForbiddenPair(*rng.sample(names, 2), until_round=rng.choice([None, rounds // 2]))
        for _ in range(max(1, players // 20))
    )
    settings = SwissSettings(
        rounds=rounds,
        start_date=dt.date(2026, 4, 1),
        acceleration=BAKU if seed % 2 else ACCELERATION_NONE,
    )
    event = SwissEvent(tuple(field), (), settings, forbidden=bans)
    stages = []
    for number in range(1, rounds + 1):
        byes = [
            SwissEntry(number, None, name, None, rng.choice(BYES))
            for name in rng.sample(names, k=rng.randint(0, max(1, players // 15)))
            if event.player(name).plays_in(number)
        ]
        event = event.with_entries(byes)
        stages.append(event)
        try:
            rows = pair_next_round(event, path="gacrux")
        except RatingbookError:
            break
        event = event.with_entries(
            [e if e.black is None else replace(e, result=rng.choice(RESULTS)) for e in rows]
        )
    return stages


BYES = (Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE, Result.FULL_POINT_BYE)
RESULTS = (
    *[Result.WHITE_WINS] * 8,
    *[Result.BLACK_WINS] * 7,
    *[Result.DRAW] * 6,
    Result.WHITE_WINS_BY_FORFEIT,
    Result.BLACK_WINS_BY_FORFEIT,
    Result.DOUBLE_FORFEIT,
)

#: (players, rounds, seed) of the quick run: a sample of the sweep below.
QUICK = [(20, 7, 1), (31, 9, 2), (64, 5, 3)]
#: The sweep: 20-400 players, 5-11 rounds.
SWEEP = [
    (players, rounds, seed)
    for seed, (players, rounds) in enumerate(
        [
            *[(20, 11), (21, 9), (25, 7), (33, 9), (40, 11), (48, 5), (57, 9), (75, 7), (90, 9)],
            *[(101, 11), (130, 7), (151, 9), (180, 5), (222, 7), (260, 9), (301, 5), (400, 7)],
        ],
        start=10,
    )
]


@pytest.mark.parametrize(("players", "rounds", "seed"), QUICK)
def test_generated_events_pair_as_gacrux_pairs_them(players: int, rounds: int, seed: int) -> None:
    for stage in generated_event(players, rounds, seed):
        assert_same_pairing(stage)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "rounds", "seed"), SWEEP)
def test_the_sweep_of_generated_events_pairs_as_gacrux_pairs_it(
    players: int, rounds: int, seed: int
) -> None:
    for stage in generated_event(players, rounds, seed):
        assert_same_pairing(stage)


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
    from ratingbook.workbook.event_rows import entry_cells, player_cells

    event = generated_event(64, 5, 3)[0]  # round 1, with requested byes and withdrawals
    numbers = event.start_numbers()
    rows = {
        "Swiss Settings": [(k, v, None) for k, v in settings_values(event.settings).items()],
        "Swiss Players": [player_cells(p, numbers[p.name]) for p in event.players],
        "Swiss Games": [entry_cells(e, numbers) for e in event.entries],
    }
    path = tmp_path / "open.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    monkeypatch.setattr(fast_dutch, "NOTE_AT", 20)  # the book's forked child inherits it
    done = run_in_process(capsys, "pair", path, "-o", tmp_path / "paired.xlsx")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines
    assert all(line.startswith(f"...    {path}: pairing a score group of ") for line in lines)
