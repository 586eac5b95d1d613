"""Deterministic inputs for the benchmarks: ladder workbooks and large engine inputs.

Everything here is seeded, so two runs (or two machines) measure the same work. Workbooks are
cached in a temporary folder under a name that encodes every parameter and the generator's
version, so a change here never reuses a stale file.
"""

from __future__ import annotations

import os
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "GENERATOR_VERSION",
    "LadderBookSpec",
    "cache_dir",
    "crikey_inputs",
    "elo_series_scores",
    "ladder_book",
    "ladder_grids",
    "ladder_inputs",
    "steady_ladder_book",
    "swiss_inputs",
]

GENERATOR_VERSION = 1
LADDER_RESULTS = ("(1-0)", "(0-1)", "(½-½)")
GROUPS = (("Juniors", 1000), ("Intermediates", 1200), ("Seniors", 1400), ("Masters", 1600))


def cache_dir() -> Path:
    """Where generated workbooks are kept between runs (RATINGBOOK_BENCH_CACHE overrides)."""
    folder = Path(
        os.environ.get("RATINGBOOK_BENCH_CACHE")
        or Path(tempfile.gettempdir()) / "ratingbook-bench-cache"
    )
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass(frozen=True, slots=True)
class LadderBookSpec:
    """A generated camp ladder: ``players`` players (every 20th inactive), ``games`` games."""

    players: int = 1_000
    games: int = 50_000
    seed: int = 20240701

    @property
    def stem(self) -> str:
        return f"ladder-v{GENERATOR_VERSION}-p{self.players}-g{self.games}-s{self.seed}"


def ladder_grids(spec: LadderBookSpec) -> dict[str, list[list[object]]]:
    """The three ladder sheets as grids (header row first), as a camp would type them."""
    rng = random.Random(spec.seed)
    groups: list[list[object]] = [["Group", "Initial Ladder Rating"]]
    groups += [[name, rating] for name, rating in GROUPS]
    players: list[list[object]] = [
        ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"]
    ]
    active: list[int] = []
    for i in range(1, spec.players + 1):
        group, initial = GROUPS[rng.randrange(len(GROUPS))]
        is_active = i % 20 != 0
        start = initial + rng.randrange(-300, 301)
        players.append([i, f"Player {i:05d}", group, is_active, initial, start, start])
        if is_active:
            active.append(i)
    games: list[list[object]] = [["White", "Black", "Result"]]
    for _ in range(spec.games):
        white, black = rng.sample(active, 2)
        games.append([white, black, LADDER_RESULTS[rng.randrange(3)]])
    return {"Ladder Players": players, "Ladder Games": games, "Camp Groups": groups}


def _write_book(grids: dict[str, list[list[object]]], path: Path) -> None:
    import openpyxl  # only the workbook generators need it

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, grid in grids.items():
        ws = wb.create_sheet(name)
        for line in grid:
            ws.append(line)
    temporary = path.with_suffix(".tmp.xlsx")
    wb.save(temporary)
    os.replace(temporary, path)


def ladder_book(spec: LadderBookSpec = LadderBookSpec()) -> Path:
    """A fresh ladder workbook (only the three input sheets), generated once and cached."""
    path = cache_dir() / f"{spec.stem}-fresh.xlsx"
    if not path.exists():
        _write_book(ladder_grids(spec), path)
    return path


def steady_ladder_book(spec: LadderBookSpec = LadderBookSpec()) -> Path:
    """The same book after one recalc: it already holds Ladder Standings and Rating History.

    This is the file staff recalculate again and again during a week, so it is what the
    benchmark's headline figure uses: the floor (load + save) then carries the same sheets.
    """
    path = cache_dir() / f"{spec.stem}-steady.xlsx"
    if not path.exists():
        from ratingbook.cli.jobs import BookJob, run_book_job

        fresh = ladder_book(spec)
        temporary = path.with_suffix(".tmp.xlsx")
        outcome = run_book_job(BookJob(str(fresh), str(temporary), False, "recalc"))
        if outcome.errors:
            raise RuntimeError(f"could not build the steady-state book: {outcome.errors}")
        os.replace(temporary, path)
    return path


# --- engine inputs -------------------------------------------------------------------------------


def ladder_inputs(players: int, games: int, seed: int = 1) -> tuple[list, dict[str, int], list]:
    """(LadderPlayer list, groups, LadderGame list) for the engine, all players active."""
    from ratingbook.core.results import Result
    from ratingbook.ratings.ladder import LadderGame, LadderPlayer

    rng = random.Random(seed)
    results = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)
    groups = dict(GROUPS)
    names = [name for name, _ in GROUPS]
    roster = [
        LadderPlayer(
            id=i,
            name=f"Player {i}",
            group=names[i % len(names)],
            active=True,
            start_permanent=1000 + rng.randrange(800),
        )
        for i in range(1, players + 1)
    ]
    game_list = []
    for _ in range(games):
        white, black = rng.sample(range(1, players + 1), 2)
        game_list.append(LadderGame(white, black, results[rng.randrange(3)]))
    return roster, groups, game_list


def crikey_inputs(players: int, games: int, seed: int = 2) -> tuple[dict[str, int], list]:
    """(ratings in hundredths by name, CrikeyGame list)."""
    from ratingbook.core.results import Result
    from ratingbook.ratings.crikey import CrikeyGame

    rng = random.Random(seed)
    results = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)
    names = [f"p{i}" for i in range(players)]
    ratings = {name: 5000 + rng.randrange(5000) for name in names}
    game_list = [
        CrikeyGame(
            *rng.sample(names, 2), results[rng.randrange(3)], rng.randrange(40), rng.randrange(40)
        )
        for _ in range(games)
    ]
    return ratings, game_list


def elo_series_scores(games: int, seed: int = 3) -> list[float]:
    rng = random.Random(seed)
    return [(0.0, 0.5, 1.0)[rng.randrange(3)] for _ in range(games)]


def swiss_inputs(players: int, rounds: int, seed: int = 4) -> tuple[list[str], list]:
    """A Swiss event: each round pairs a shuffled field (odd player out sits), random results."""
    from ratingbook.swiss import SwissGame

    rng = random.Random(seed)
    names = [f"player{i}" for i in range(players)]
    games = []
    for _ in range(rounds):
        order = names[:]
        rng.shuffle(order)
        for white, black in zip(order[0::2], order[1::2], strict=False):
            wh = (0, 1, 2)[rng.randrange(3)]
            games.append(SwissGame(white, black, wh, 2 - wh))
    return names, games


def swiss_text(players: list[str], games: list, per_round: int) -> str:
    """The same event in seed 004's text format, for determine_output."""
    lines = [*players, ""]
    for start in range(0, len(games), per_round):
        for g in games[start : start + per_round]:
            lines.append(f"{g.white} {g.black} {g.white_halves / 2:g} {g.black_halves / 2:g}")
        lines.append("")
    return "\n".join(lines)
