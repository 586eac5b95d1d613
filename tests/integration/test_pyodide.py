"""ratingbook inside Pyodide, the Python xlwings Lite runs in Excel on the web, Mac and Windows.

xlwings Lite runs Pyodide 314.0.x (Python 3.14): xlwings' changelog, 0.36.6 "xlwings Lite: fix
support for Pyodide 314.0.0", 0.37.3 "xlwings Reader is now available on Pyodide >= 314.0.0".
``tests/integration/pyodide/package.json`` pins that ``pyodide`` npm package; Node runs it
(``tests/integration/pyodide/run.mjs``) with every fetch refused, so nothing comes from the network:

- the wheels of ratingbook (built from this checkout) and of its pure-Python dependencies (and
  xlwings' pure ``py3-none-any`` wheel, the one Lite installs) are copied into Pyodide's file system
  and installed with micropip exactly as Lite installs the workbook's ``requirements.txt``
  (``tests/integration/pyodide/requirements.txt``): a requirement no local wheel meets
  (python-calamine, were its environment marker missing) would need the network and fails the run;
- the workbook's ``main.py`` (``tests/integration/pyodide/main.py``, the one the integrator guide
  shows) is
  imported and
  its worksheet functions are called on the seeds' examples, and its ``recalc_ratings`` script
  is run on xlwings JSON books (tests/helpers/jsonbook.py) of every rating family.

The expected numbers come from the seeds (tests/helpers/seed_examples.py, hand calculation) and, for
the whole books, from ``ratingbook recalc`` run here on the same sheets with the normal install.

Setup, cached between runs (``RATINGBOOK_PYODIDE_CACHE``, default ``~/.cache/ratingbook``): ``npm
ci`` of tests/integration/pyodide/ and ``pip download`` of the dependency wheels, the only steps
that need a registry. Without Node.js and npm (CI installs them, see .ci/run) the tests are skipped.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import hashlib
import json
import math
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename
from tests.helpers.history_looks import without_looks
from tests.helpers.paths import ROOT
from tests.helpers.seed_examples import (
    CRIKEY_INPUT,
    ELO_SERIES_INPUT,
    ELO_SERIES_OUTPUT,
    SWISS_INPUT,
)
from tests.helpers.tools import missing

from ratingbook.excel.xlwings_book import INTERNAL_NOTE
from ratingbook.workbook.sheets import schemas

ROOT = ROOT
HARNESS = ROOT / "tests" / "integration" / "pyodide"
#: The integrator guide holds the xlwings Lite steps (requirements.txt and main.py).
README = ROOT / "docs" / "guides" / "integrator.md"

# One Pyodide run takes ~5 s on a quiet machine (measured; +2 s to build the wheel); a hang guard
# only, >= 10x that on a machine whose two cores are both busy.
HANG_GUARD_SECONDS = 600

# Wheels Lite takes from Pyodide's own repository: the versions pyodide-lock.json names.
FROM_LOCK = ("micropip", "packaging", "click", "tqdm")
# Pure-Python wheels Lite takes from PyPI (ratingbook's dependencies outside the lock file).
FROM_PYPI = (
    "openpyxl==3.1.5",
    "et-xmlfile==2.0.0",
    "defusedxml==0.7.1",
    "gacrux==1.11.65",  # FIDE pairing and tie-breaks (Swiss events), pure Python
    "networkx==3.6.1",  # gacrux's one dependency, pure Python
)
# The environment micropip evaluates markers in (checked inside Pyodide below).
EMSCRIPTEN = {"sys_platform": "emscripten", "platform_system": "Emscripten"}

RESULT_PREFIX = "RATINGBOOK-PYODIDE-RESULT "

Grid = list[list[Any]]
Sheets = dict[str, Grid]


# --- the books and the calls, from the seeds ---------------------------------------------------


def _crikey_tournament_1() -> Sheets:
    """Seed 000's first tournament, from its example input."""
    lines = CRIKEY_INPUT.splitlines()
    players = [line.split() for line in lines[2:4]]
    white, black, result, wp, bp = lines[4].split()
    return {
        "Crikey Players": [["Name", "Rating"], *[[n, float(r)] for n, r in players]],
        "Crikey Games": [
            ["White", "Black", "Result", "White Pieces", "Black Pieces"],
            [white, black, result, int(wp), int(bp)],
        ],
    }


def _elo_series() -> Sheets:
    """Seed 003: K, the two ratings and A's scores, one game per row."""
    k, ra, rb = (int(v) for v in ELO_SERIES_INPUT.splitlines()[0].split())
    scores = [float(v) for v in ELO_SERIES_INPUT.splitlines()[1:]]
    return {
        "Elo Players": [["Name", "Rating"], ["A", ra], ["B", rb]],
        "Elo Games": [["White", "Black", "Result"], *[["A", "B", s] for s in scores]],
        "Elo Settings": [["Setting", "Value"], ["K", k]],
    }


def _swiss_games() -> list[list[Any]]:
    """Seed 004's nine games: white, black, white points, black points."""
    blocks = SWISS_INPUT.split("\n\n")
    return [
        [w, b, float(wp), float(bp)]
        for block in blocks[1:]
        for w, b, wp, bp in (line.split() for line in block.splitlines() if line.strip())
    ]


def _swiss() -> Sheets:
    names = SWISS_INPUT.split("\n\n")[0].split()
    games = [[r // 3 + 1, *g] for r, g in enumerate(_swiss_games())]
    return {
        "Swiss Players": [["Name"], *[[n] for n in names]],
        "Swiss Games": [["Round", "White", "Black", "White Points", "Black Points"], *games],
    }


# Seed 001's rule, by hand (d = the difference before the game, floor(d/25)):
#  weekly (Ann 1200 Knights, Bob 1000, Cy 1000)    permanent (StWkPerm: Ann 1250, Bob 1000, Cy 600)
#  1 Ann beats Bob, d=200: 16-8=8  Ann 1208 Bob 992   d=250: 16-10=6  Ann 1256 Bob 994
#  2 Ann beats Bob, d=216: 16-8=8  Ann 1216 Bob 984   d=262: 16-10=6  Ann 1262 Bob 988
#  3 draw, d=232: Ann gives 9      Ann 1207 Bob 993   d=274: gives 10 Ann 1252 Bob 998
#  4 Cy beats Ann, d=207: 16+8=24  Cy 1024 Ann 1183   d=652 > 375: 31 Cy 631 Ann 1221
LADDER: Sheets = {
    "Ladder Players": [
        ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"],
        [1, "Ann", "Knights", True, None, None, 1250],
        [2, "Bob", "Rooks", True, None, None, 1000],
        [3, "Cy", "Rooks", True, None, None, 600],
        [4, "Dan", "Rooks", False, 999, 998, 990],
    ],
    "Ladder Games": [
        ["White", "Black", "Result"],
        [1, 2, "(1-0)"],
        [2, 1, "(0-1)"],
        [1, 2, "(½-½)"],
        [3, 1, "(1-0)"],
    ],
    "Camp Groups": [["Group", "Initial Ladder Rating"], ["Knights", 1200], ["Rooks", 1000]],
}
LADDER_EXPECTED = {1: (1183, 1221), 2: (993, 998), 3: (1024, 631), 4: (999, 998)}

SEED_BOOKS: dict[str, Sheets] = {
    "ladder (seed 001)": LADDER,
    "crikey (seed 000)": _crikey_tournament_1(),
    "elo (seed 003)": _elo_series(),
    "swiss (seed 004)": _swiss(),
}
SEED_BOOKS["all four in one book"] = {k: v for book in SEED_BOOKS.values() for k, v in book.items()}

# Result sheets recalculation writes: left out of the templates before they go in, so a run that
# wrote nothing could not pass.
GENERATED = {
    schemas.LADDER_STANDINGS,
    schemas.RATING_HISTORY,
    schemas.CRIKEY_STANDINGS,
    schemas.CRIKEY_HISTORY,
    schemas.ELO_STANDINGS,
    schemas.ELO_HISTORY,
    schemas.SWISS_STANDINGS,
    schemas.SWISS_CROSSTABLE,
    schemas.SWISS_PAIRINGS,
}
TEMPLATES = ("ladder", "crikey", "elo", "swiss")


def _template_sheets(kind: str) -> Sheets:
    """A shipped template's input sheets; the ladder's ratings blanked (recalc writes them)."""
    book = openpyxl.load_workbook(ROOT / "workbook_templates" / f"{kind}.xlsx")
    sheets = {
        # A date cell (the Swiss event's Start Date) travels as the text the Office.js client
        # sends (tests/helpers/jsonbook.py), which xlwings reads back as a datetime.
        ws.title: [
            [v.strftime("%Y-%m-%dT%H:%M:%S.000Z") if isinstance(v, dt.datetime) else v for v in row]
            for row in ws.iter_rows(values_only=True)
        ]
        for ws in book.worksheets
        if ws.title not in GENERATED
    }
    for grid in sheets.values():
        for h, row in enumerate(grid[:20]):
            if "Permanent Rating" in row and "Rating" in row:
                for column in (row.index("Rating"), row.index("Permanent Rating")):
                    for line in grid[h + 1 :]:
                        line[column] = None
                break
    return sheets


SWISS_EVENT = "swiss event (pairs round 1)"
#: The books recalc_ratings runs on, by label: the labels name the tests when the module is
#: collected, the books are read when the run needs them (every pytest-xdist worker collects
#: every module, and reading the templates was most of this one's collection).
BOOK_LABELS = (*SEED_BOOKS, *(f"template {kind}" for kind in TEMPLATES), SWISS_EVENT)
# Start New Week runs on the ladder books.
NEW_WEEK_LABELS = ("ladder (seed 001)", "template ladder")


@functools.cache
def books() -> dict[str, Sheets]:
    """The books of BOOK_LABELS."""
    found = {
        **SEED_BOOKS,
        **{f"template {kind}": _template_sheets(kind) for kind in TEMPLATES},
        # A Swiss event before round 1: the recalc pairs it (gacrux's Dutch engine, in Pyodide).
        SWISS_EVENT: {
            "Swiss Settings": [["Setting", "Value"], ["Rounds", 3], ["Tie-breaks", "BH/C1 BH SB"]],
            "Swiss Players": [
                ["Name", "Rating"],
                *[[f"Player {i}", 2000 - 10 * i] for i in range(7)],
            ],
            "Swiss Games": [["Round", "Board", "White", "Black", "Result"]],
        },
    }
    assert tuple(found) == BOOK_LABELS
    return found


def new_week_books() -> dict[str, Sheets]:
    """The books of NEW_WEEK_LABELS."""
    return {"ladder (seed 001)": LADDER, "template ladder": books()["template ladder"]}


ELO_SCORES = [float(v) for v in ELO_SERIES_INPUT.splitlines()[1:]]
SEED_003_OUT = [[int(v) for v in line.split()] for line in ELO_SERIES_OUTPUT.splitlines()]

# (main.py function, arguments, expected), the expected values from the seeds and their rules.
CALLS: list[tuple[str, list[Any], Any]] = [
    # seed 003: E = 1 / (1 + 10^((1609 - 1613) / 400)), R' = R + K (S - E)
    ("elo_expected", [1613, 1609], 1 / (1 + 10 ** ((1609 - 1613) / 400))),
    ("elo_update", [1613, 1609, 0, 32], 1613 + 32 * (0 - 1 / (1 + 10 ** ((1609 - 1613) / 400)))),
    ("elo_series", [32, 1613, 1609, [[s] for s in ELO_SCORES]], SEED_003_OUT),
    ("elo_tournament", [4, 3, 0], [[1191, 1189, 1191, 1229]]),  # seed 002's example answer
    # seed 001: 1000 beats 1200, d = 200: 16 + floor(200/25) = 24
    ("ladder_update", [1000, 1200, 1], 1024),
    ("ladder_update", [1200, 1000, 0.5], 1200 - 8),  # the higher-rated gives floor(d/25)
    ("crikey_update", [76.91, 76.36, "lost", 20, 15], [[74.19, 79.08]]),  # seed 000, game 1
    (
        "swiss_standings",
        [[["White", "Black", "White Points", "Black Points"], *_swiss_games()]],
        [  # seed 004's table
            ["Rank", "Name", "Points", "Resistance", "Sonneborn-Berger", "Blacks"],
            [1, "Erik", 2.5, 4.0, 3.00, 2],
            [2, "Daniel", 2.0, 5.5, 3.25, 1],
            [3, "Charlotte", 2.0, 3.5, 2.25, 1],
            [4, "Anna", 1.0, 5.0, 0.50, 2],
            [5, "Bob", 1.0, 5.0, 0.50, 1],
            [6, "Femke", 0.5, 4.0, 1.00, 2],
        ],
    ),
    ("elo_update", [1613, 1609, "win", 32], "error"),  # bad input: an error, not a number
    # B.02 table 8.1.2: 2100 v 2000 (D 100, PD .64) won, v 2150 (D 50, PD .43) drawn: 20 x .43
    ("fide_rating_change", [2100, [[2000, 2150]], [[1, 0.5]], 20], 8.6),
    # Glickman's example of the Glicko-2 system: 1464.05, 151.52 and 0.05999(6) after the period
    (
        "glicko2_update",
        [1500, 200, 0.06, [[1400, 1550, 1700]], [[30, 100, 300]], [[1, 0, 0]]],
        lambda v: (
            [round(v[0][0], 2), round(v[0][1], 2), round(v[0][2], 6)] == [1464.05, 151.52, 0.059996]
        ),
    ),
    (
        "swiss_explain",
        [[["White", "Black", "White Points", "Black Points"], *_swiss_games()], "Bob"],
        [  # seed 004's table: Anna 1.0 5.0 0.50 2 and Bob 1.0 5.0 0.50 1
            ["Note"],
            [
                "Anna is 4th, ahead of Bob, on Blacks: 2 to 1 (both have 1 point; equal on "
                "Resistance 5, Sonneborn-Berger 0.5)."
            ],
        ],
    ),
]


def _team_template() -> tuple[list[Grid], Grid, Grid]:
    """The team template's four input sheets, and the Team Standings table and the Team Notes
    rows about Rooks its recalc wrote (the values the file holds)."""
    book = openpyxl.load_workbook(ROOT / "workbook_templates" / "team.xlsx", read_only=True)
    try:
        sheets = {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in book}
    finally:
        book.close()
    filled = {k: [r for r in grid if any(v is not None for v in r)] for k, grid in sheets.items()}
    inputs = [filled[k] for k in ("Teams", "Team Matches", "Team Boards", "Team Settings")]
    notes = [["About", "Note"], *(r for r in filled["Team Notes"][1:] if "Rooks" in r[1])]
    return inputs, filled["Team Standings"], notes


TEAM_INPUTS, TEAM_STANDINGS_SHEET, TEAM_NOTES_ROOKS = _team_template()
CALLS += [
    ("team_standings", TEAM_INPUTS, TEAM_STANDINGS_SHEET),
    ("team_explain", [*TEAM_INPUTS[:3], "Rooks", TEAM_INPUTS[3]], TEAM_NOTES_ROOKS),
]
FUNCTIONS = sorted({function for function, _, _ in CALLS})


# --- setting up Node, the npm package and the wheels -------------------------------------------


def _cache_root() -> Path:
    configured = os.environ.get("RATINGBOOK_PYODIDE_CACHE")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ratingbook"


def _run(command: Sequence[str | Path], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(c) for c in command],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_SECONDS,
        stdin=subprocess.DEVNULL,
        check=False,
        **kwargs,
    )


def _checked(result: subprocess.CompletedProcess[str], what: str) -> None:
    if result.returncode != 0:
        pytest.fail(f"{what} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")


def _npm_harness() -> Path:
    """The installed ``pyodide`` npm package (``npm ci`` of tests/integration/pyodide/ once, then
    cached)."""
    lock = (HARNESS / "package-lock.json").read_bytes()
    folder = _cache_root() / f"pyodide-npm-{hashlib.sha256(lock).hexdigest()[:16]}"
    package = folder / "node_modules" / "pyodide"
    if not (package / "pyodide.asm.wasm").exists():
        npm = shutil.which("npm")
        if npm is None:
            missing("npm", "apt-get install npm")
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(HARNESS / name, folder / name)
        _checked(_run([npm, "ci", "--no-audit", "--no-fund"], cwd=folder), "npm ci")
    return package


class Specs:
    """The pinned dependency wheels, by how the Lite install gets them."""

    def __init__(self, pyodide: Path) -> None:
        lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
        pinned = {name: f"{name}=={lock['packages'][name]['version']}" for name in FROM_LOCK}
        #: unpacked into site-packages before anything runs (Pyodide loads micropip itself)
        self.bootstrap = [pinned["micropip"], pinned["packaging"]]
        #: what Lite would fetch from Pyodide's repository or PyPI: installed without deps
        self.index = [pinned["click"], pinned["tqdm"], *FROM_PYPI]
        #: requirements.txt's pins (xlwings): installed as Lite installs them
        self.requirements = [
            line.strip()
            for line in (HARNESS / "requirements.txt").read_text(encoding="utf-8").splitlines()
            if line.strip() and canonicalize_name(Requirement(line).name) != "ratingbook"
        ]
        self.all = [*self.bootstrap, *self.index, *self.requirements]


def _downloaded(specs: Sequence[str]) -> dict[str, Path]:
    """Pure-Python wheels for ``specs`` (``pip download``, once, then cached)."""
    folder = _cache_root() / "pyodide-wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def present() -> dict[str, Path]:
        found: dict[str, Path] = {}
        for path in folder.glob("*.whl"):
            name, version, _, tags = parse_wheel_filename(path.name)
            if all(tag.platform == "any" for tag in tags):
                found[f"{name}=={version}"] = path
        return found

    def key(spec: str) -> str:
        requirement = Requirement(spec)
        return f"{canonicalize_name(requirement.name)}=={str(requirement.specifier)[2:]}"

    missing = [spec for spec in specs if key(spec) not in present()]
    if missing:
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
        command += ["--python-version", "3.14", "--implementation", "py", "--platform", "any"]
        _checked(_run([*command, "-d", folder, *missing]), "pip download")
    have = present()
    return {spec: have[key(spec)] for spec in specs}


def _ratingbook_wheel(folder: Path) -> Path:
    """ratingbook's wheel, built from this checkout (as `pip wheel .` does for a Lite user)."""
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", ROOT, "-w", folder]
    _checked(_run(command), "pip wheel")
    (wheel,) = folder.glob("ratingbook-*.whl")
    return wheel


class Run:
    """One Pyodide session (tests/integration/pyodide/session.py) and what it reported."""

    def __init__(self, result: dict[str, Any], wheel: Path, seconds: float, versions: str) -> None:
        self.result = result
        self.wheel = wheel
        self.seconds = seconds
        self.versions = versions
        #: The results desk take_results asked, and its book's sheets as Lite sent them.
        self.desk: Any = None
        self.desk_sheets: Sheets = {}


def _as_sent(grid: Sequence[Sequence[Any]]) -> Grid:
    """A sheet as the Office.js client sends it: a date cell as its text (see books)."""
    return [
        [v.strftime("%Y-%m-%dT%H:%M:%S.000Z") if isinstance(v, dt.datetime) else v for v in row]
        for row in grid
    ]


@contextlib.contextmanager
def _released_at_a_desk(folder: Path) -> Iterator[tuple[Any, Any, Sheets]]:
    """The ten-player FIDE Swiss at a real desk on the loopback address, three boards of
    round 1 confirmed by both players and released, the book open in Excel (so the desk
    takes nothing itself): the desk, its running state, the book's sheets as Lite sends them."""
    from tests.desk.desk_books import released_round_one
    from tests.server.running import running_desk

    from ratingbook.desk import Desk
    from ratingbook.files.backends import open_book

    path = released_round_one(folder)
    desk = Desk.open(path)
    (folder / f"~${path.name}").write_text("owner")
    book = open_book(str(path))
    sheets = {name: _as_sent(book.read_values(name)) for name in book.sheet_names()}
    with running_desk(desk, path) as state:
        yield desk, state, sheets


@pytest.fixture(scope="module")
def pyodide_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Run]:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        missing("Node.js", "apt-get install nodejs")
    package = _npm_harness()
    specs = Specs(package)
    wheels = _downloaded(specs.all)

    work = tmp_path_factory.mktemp("pyodide-work")
    (work / "wheels").mkdir()
    wheel = _ratingbook_wheel(tmp_path_factory.mktemp("ratingbook-wheel"))
    for path in [*wheels.values(), wheel]:
        shutil.copyfile(path, work / "wheels" / path.name)
    bootstrap = "".join(f"{wheels[spec].name}\n" for spec in specs.bootstrap)
    (work / "bootstrap.txt").write_text(bootstrap, encoding="utf-8")
    index = [wheels[spec].name for spec in specs.index]
    job = {
        "index": index,
        "calls": [[function, args] for function, args, _ in CALLS],
        "books": books(),
        "new_week": new_week_books(),
    }
    (work / "job.json").write_text(json.dumps(job), encoding="utf-8")
    for name in ("session.py", "main.py", "requirements.txt"):
        shutil.copyfile(HARNESS / name, work / name)
    shutil.copyfile(ROOT / "tests" / "helpers" / "jsonbook.py", work / "jsonbook.py")

    with _released_at_a_desk(tmp_path_factory.mktemp("desk")) as (desk, state, sheets):
        job["desk"] = {"address": state.base_url, "token": desk.excel_token(),
                       "sheets": sheets, "name": desk.book.name}  # fmt: skip
        (work / "job.json").write_text(json.dumps(job), encoding="utf-8")
        started = time.perf_counter()
        allowed = {**os.environ, "RATINGBOOK_PYODIDE_DESK": state.base_url}
        process = _run([node, HARNESS / "run.mjs", package, work, "session.py"], env=allowed)
        seconds = time.perf_counter() - started
    _checked(process, "the Pyodide session")
    lines = [line for line in process.stdout.splitlines() if line.startswith(RESULT_PREFIX)]
    assert len(lines) == 1, process.stdout + process.stderr
    result = json.loads(lines[0][len(RESULT_PREFIX) :])
    versions = f"Pyodide {json.loads((package / 'package.json').read_text())['version']}"
    run = Run(result, wheel, seconds, versions)
    run.desk, run.desk_sheets = desk, sheets
    yield run


# --- comparing ----------------------------------------------------------------------------------


def _same(a: Any, b: Any) -> bool:
    """Equal cell values; floats to 15 significant digits (Excel's precision), 1 == 1.0 not."""
    if isinstance(a, float) or isinstance(b, float):
        return (
            isinstance(a, int | float)
            and isinstance(b, int | float)
            and not isinstance(a, bool)
            and not isinstance(b, bool)
            and math.isclose(a, b, rel_tol=1e-15, abs_tol=0.0)
        )
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b) and type(a) is type(b)


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _as_excel_shows(sheets: Mapping[str, Grid], written: Mapping[str, Grid]) -> Sheets:
    """The sheets as Excel holds them once the values are written: Excel drops the text prefix
    ' of a written value (cells that kept their input value are as they were)."""

    def cell(name: str, r: int, c: int, value: Any) -> Any:
        grid = sheets.get(name, [])
        before = grid[r][c] if r < len(grid) and c < len(grid[r]) else None
        if value != before and isinstance(value, str):
            if value.startswith("'"):
                return value[1:]
            if _ISO_DATE.fullmatch(value):  # xlwings sends a date as ISO text, Excel parses it
                return dt.datetime.fromisoformat(value)
        return value

    return {
        name: _trimmed(
            [[cell(name, r, c, v) for c, v in enumerate(row)] for r, row in enumerate(grid)]
        )
        for name, grid in written.items()
    }


def _trimmed(grid: Sequence[Sequence[Any]]) -> Grid:
    rows = [[None if v == "" else v for v in row] for row in grid]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max(
        (max((c + 1 for c, v in enumerate(r) if v is not None), default=0) for r in rows),
        default=0,
    )
    return [(r + [None] * width)[:width] for r in rows]


def _save(sheets: Mapping[str, Grid], path: Path) -> None:
    """The sheets as an .xlsx file, text stored as text (as Excel holds it)."""
    book = openpyxl.Workbook()
    for default in book.worksheets:
        book.remove(default)
    for name, grid in sheets.items():
        ws = book.create_sheet(name)
        for r, row in enumerate(grid, start=1):
            for c, value in enumerate(row, start=1):
                if value is not None:
                    cell = ws.cell(row=r, column=c, value=value)
                    if isinstance(value, str):
                        cell.data_type = "s"
    book.save(path)


def _read(path: Path) -> Sheets:
    saved = openpyxl.load_workbook(path)
    return {ws.title: _trimmed(list(ws.iter_rows(values_only=True))) for ws in saved.worksheets}


def _cli_result(sheets: Mapping[str, Grid], folder: Path) -> Sheets:
    """``ratingbook recalc IN.xlsx -o OUT.xlsx`` here, with the normal install, read back."""
    from ratingbook import cli

    source, target = folder / "in.xlsx", folder / "out.xlsx"
    _save(sheets, source)
    try:
        cli.main(["recalc", str(source), "-o", str(target)])
    except SystemExit as stop:
        assert not stop.code, f"ratingbook recalc exited with {stop.code}"
    return _read(target)


def _new_week_result(sheets: Mapping[str, Grid], folder: Path, today: dt.date) -> Sheets:
    """What ``ratingbook new-week`` writes for the same sheets on ``today`` (its engine here,
    with the normal install: the command line has no option for the date)."""
    from ratingbook.files.rewriting.openpyxl_book import XlsxBook
    from ratingbook.session import NewWeek, Session

    source, target = folder / "in.xlsx", folder / "out.xlsx"
    _save(sheets, source)
    book = XlsxBook(source)
    # As `ratingbook new-week` runs it: through the session, which keeps the act for undo.
    Session(book, today=today).run(NewWeek())
    book.save(target)
    # The formats the file back end keeps beside the act: Excel (and Lite) keeps none.
    return without_looks(_read(target), _trimmed)


def _unclocked(sheets: Sheets) -> Sheets:
    """FIDE mode's sheets without what differs by machine and time: Excel's Event History
    (the command line keeps its states in files), the log's When, Who and Digest, and the
    digest the Event State keeps; and the note Excel's Event State carries, since xlwings' JSON
    engine cannot hide it (xlwings_book.INTERNAL_NOTE, a column after ratingbook's)."""
    out = {name: grid for name, grid in sheets.items() if name != "Event History"}
    if "Event State" in out:
        state = out["Event State"]
        if state and state[0] and state[0][-1] == INTERNAL_NOTE:
            state = [row[:-1] for row in state]
        out["Event State"] = [row for row in state if row[:1] != ["Log"]]
    if "Event Log" in out:
        out["Event Log"] = [
            [None if i in (0, 5, 7) else v for i, v in enumerate(row)] for row in out["Event Log"]
        ]
    return out


def _noteless(sheets: Sheets) -> Sheets:
    """The sheets without the note the JSON engine's records carry in their header row
    (xlwings_book.INTERNAL_NOTE: it cannot hide them), which the file back ends hide instead."""
    out = dict(sheets)
    for name in ("Event State", "Event History"):
        grid = out.get(name)
        if grid and grid[0] and grid[0][-1] == INTERNAL_NOTE:
            out[name] = [row[:-1] for row in grid]
    return out


def _assert_same_sheets(got: Sheets, expected: Sheets) -> None:
    assert list(got) == list(expected)
    for name in expected:
        assert _same(got[name], expected[name]), (name, got[name], expected[name])


def _column(grid: Grid, header: str, key: str) -> dict[Any, Any]:
    for h, row in enumerate(grid):
        if header in row and key in row:
            hi, ki = row.index(header), row.index(key)
            return {line[ki]: line[hi] for line in grid[h + 1 :] if line[ki] is not None}
    raise AssertionError(f"no table with {header!r} and {key!r}")


# --- the tests -----------------------------------------------------------------------------------


def test_installs_in_pyodide_without_calamine_or_network(pyodide_run: Run) -> None:
    """micropip installed requirements.txt (xlwings, ratingbook with its dependencies) offline;
    python-calamine was neither needed nor installed, and the Lite path never imported it."""
    result = pyodide_run.result
    assert result["environment"]["sys_platform"] == EMSCRIPTEN["sys_platform"]
    assert result["environment"]["platform_system"] == EMSCRIPTEN["platform_system"]
    assert result["environment"]["python"].startswith("3.14.")
    installed = {canonicalize_name(name) for name in result["installed"]}
    assert {"ratingbook", "xlwings", "openpyxl", "defusedxml", "click", "tqdm"} <= installed
    assert "python-calamine" not in installed
    assert result["modules"] == {
        "python_calamine": False,
        "ratingbook.files.patching": False,
        "concurrent.futures.process": False,
    }
    assert result["threads"]["after"] == result["threads"]["before"] == 1
    print(
        f"\n{pyodide_run.versions} (Python {result['environment']['python']}): installed "
        f"{', '.join(result['requirements'])} offline in {pyodide_run.seconds:.1f} s "
        "(the whole session)"
    )


def test_worksheet_functions_give_the_seeds_numbers(pyodide_run: Run) -> None:
    """Excel gets main.py's functions and two scripts; each formula, run inside Pyodide
    through xlwings' custom-function call as Lite runs it, gives the seeds' numbers (a single
    value arrives in the cell as a 1x1 array)."""
    registered = pyodide_run.result["registered"]
    assert registered["functions"] == sorted(f.upper() for f in FUNCTIONS)
    assert registered["scripts"] == ["recalc_ratings", "start_new_week", "take_results"]
    calls = pyodide_run.result["calls"]
    assert len(calls) == len(CALLS)
    for (function, args, expected), got in zip(CALLS, calls, strict=True):
        if callable(expected):  # figures a paper gives to a few digits
            assert "value" in got and expected(got["value"]), (function, args, got)
            continue
        if expected == "error":
            assert "error" in got and "'win' is not a score" in got["error"], (function, got)
            continue
        assert "value" in got, (function, args, got)
        value = got["value"]
        if isinstance(expected, float):
            assert len(value) == 1 and len(value[0]) == 1, (function, args, value)
            assert value[0][0] == pytest.approx(expected, rel=1e-12), (function, args, value)
        else:
            cell = expected if isinstance(expected, list) else [[expected]]
            assert _same(value, cell), (function, args, value, expected)
    print(f"\n{len(calls)} worksheet-function calls of {len(FUNCTIONS)} functions in Pyodide")


@pytest.mark.parametrize("label", BOOK_LABELS)
def test_consistency_recalc_ratings_writes_what_ratingbook_recalc_writes(
    pyodide_run: Run, label: str, tmp_path: Path
) -> None:
    """main.py's recalc_ratings on a JSON book, inside Pyodide, leaves the sheets exactly as
    `ratingbook recalc` leaves the same sheets (the generated sheets and the new ratings)."""
    outcome = pyodide_run.result["books"][label]
    assert outcome["alerts"] and outcome["alerts"][0].startswith("Recalc Ratings done.")
    book = books()[label]
    got = _as_excel_shows(book, outcome["sheets"])
    _assert_same_sheets(_unclocked(got), _unclocked(_cli_result(book, tmp_path)))
    assert set(got) - set(book), "no result sheet was written"


def test_recalculated_books_hold_the_seeds_numbers(pyodide_run: Run) -> None:
    """The seed books recalculated inside Pyodide hold the seeds' numbers."""
    books = pyodide_run.result["books"]
    ladder = books["ladder (seed 001)"]["sheets"]["Ladder Players"]
    rating, permanent = _column(ladder, "Rating", "ID"), _column(ladder, "Permanent Rating", "ID")
    assert {i: (rating[i], permanent[i]) for i in LADDER_EXPECTED} == LADDER_EXPECTED
    crikey = books["crikey (seed 000)"]["sheets"][schemas.CRIKEY_STANDINGS]
    assert _column(crikey, "Rating", "Name") == {"bob": 79.08, "alice": 74.19}
    elo = books["elo (seed 003)"]["sheets"][schemas.ELO_STANDINGS]
    assert _column(elo, "Rating", "Name") == {"A": SEED_003_OUT[-1][0], "B": SEED_003_OUT[-1][1]}
    swiss = books["swiss (seed 004)"]["sheets"][schemas.SWISS_STANDINGS]
    assert [row[1] for row in swiss[1:]] == ["Erik", "Daniel", "Charlotte", "Anna", "Bob", "Femke"]
    assert [Fraction(str(v)) for v in swiss[1][2:5]] == [Fraction(5, 2), 4, 3]
    calls = sum(book["calls_to_excel"] for book in books.values())
    print(
        f"\n{len(books)} books recalculated by recalc_ratings in Pyodide ({calls} calls to Excel)"
    )


@pytest.mark.parametrize("label", NEW_WEEK_LABELS)
def test_consistency_start_new_week_writes_what_ratingbook_new_week_writes(
    pyodide_run: Run, label: str, tmp_path: Path
) -> None:
    """main.py's start_new_week inside Pyodide leaves the sheets as `ratingbook new-week` does
    on the same day (ratings carried over, the week's games archived under a dated label)."""
    outcome = pyodide_run.result["new_weeks"][label]
    assert outcome["alerts"] and outcome["alerts"][0].startswith("New week started.")
    book = new_week_books()[label]
    got = _noteless(_as_excel_shows(book, outcome["sheets"]))
    today = dt.date.fromisoformat(outcome["today"])
    _assert_same_sheets(got, _new_week_result(book, tmp_path, today))


def test_new_week_in_pyodide_carries_the_hand_checked_ratings(pyodide_run: Run) -> None:
    """Seed 001's book: StWkPerm becomes the permanent rating after the week's four games
    (hand-checked above), Rating restarts from the group, the inactive player is untouched, the
    games move to the archive and Ladder Games keeps only its header."""
    sheets = _as_excel_shows(LADDER, pyodide_run.result["new_weeks"]["ladder (seed 001)"]["sheets"])
    players = sheets["Ladder Players"]
    rating, permanent = _column(players, "Rating", "ID"), _column(players, "Permanent Rating", "ID")
    start = _column(players, "StWkPerm", "ID")
    assert start == {1: 1221, 2: 998, 3: 631, 4: 990}
    assert {i: (rating[i], permanent[i]) for i in start} == {
        1: (1200, 1221),
        2: (1000, 998),
        3: (1000, 631),
        4: (999, 998),
    }
    assert _trimmed(sheets["Ladder Games"]) == [["White", "Black", "Result"]]
    archive = sheets[schemas.GAMES_ARCHIVE]
    # Both players' names are archived beside the IDs (issue 9).
    names = {row[0]: row[1] for row in LADDER["Ladder Players"][1:]}
    assert archive[0][:1] + archive[0][2:] == [
        "Week", "White", "Black", "Result", "White Name", "Black Name"
    ]  # fmt: skip
    assert [row[:1] + row[2:] for row in archive[1:]] == [
        ["Week 1", *game, names[game[0]], names[game[1]]] for game in LADDER["Ladder Games"][1:]
    ]
    weeks = len(pyodide_run.result["new_weeks"])
    print(f"\n{weeks} ladder books through start_new_week in Pyodide")


def test_take_results_in_pyodide_takes_the_desks_results_once(
    pyodide_run: Run, tmp_path: Path
) -> None:
    """main.py's take_results inside Pyodide asks the real desk on the loopback address (over
    Node's fetch, as Lite's pyfetch asks over the browser's), writes into the JSON book what
    the desk's own take writes into the file, and the desk marks them taken (issue 36)."""
    from tests.desk.desk_books import copy
    from tests.excel.test_take_results import TIMED, _cell
    from tests.helpers.workbooks import all_values

    from ratingbook.desk import Desk

    outcome = pyodide_run.result["take_results"]
    assert outcome["alerts"] == [
        "Take results done.\n3 results taken into the book (save the book to keep them)\n"
        "The desk counts them taken: save the book to keep them."
    ]
    desk = pyodide_run.desk
    assert [q.status for q in desk.queue()[:3]] == ["taken"] * 3
    # The desk's own take, on a copy of the book and the store's facts as they were: marks
    # undone (the same results, the same keys).
    reference = copy(desk.book, "reference.xlsx")
    with desk._store.write() as db:
        for item in desk._store.items():
            desk._store.mark(db, item.id, taken=None, note="")
    assert Desk(reference, desk.store_path).take().taken == 3
    expected = {n: _as_sent([list(r) for r in g]) for n, g in all_values(reference).items()}
    got = outcome["sheets"]
    assert [_cell(r[4]) for r in got["Swiss Games"][1:]] == ["1-0"] * 3 + [None] * 2

    def same(grid: Grid) -> Grid:
        return _trimmed([[_cell(v) for v in row] for row in grid])

    for name in expected:
        if name not in TIMED:
            assert same(got[name]) == same(expected[name]), name
    keys = [r[-1] for r in expected["Desk Results"][1:]]
    assert [_cell(r[-1]) for r in got["Desk Results"][1:]] == keys


# --- the wheel's metadata and README -----------------------------------------------------------


def _requires_dist(wheel: Path) -> list[Requirement]:
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode("utf-8")
    return [
        Requirement(line.split(":", 1)[1])
        for line in text.splitlines()
        if line.startswith("Requires-Dist:")
    ]


def test_calamine_is_required_everywhere_but_pyodide(pyodide_run: Run) -> None:
    """`pip install ratingbook` on this machine still gets python-calamine; Pyodide does not."""
    (calamine,) = [r for r in _requires_dist(pyodide_run.wheel) if r.name == "python-calamine"]
    assert calamine.marker is not None
    assert calamine.marker.evaluate()  # this machine (the normal install)
    for platform_system, sys_platform in [
        ("Linux", "linux"),
        ("Windows", "win32"),
        ("Darwin", "darwin"),
    ]:
        environment = {"platform_system": platform_system, "sys_platform": sys_platform}
        assert calamine.marker.evaluate(environment), environment
    assert not calamine.marker.evaluate(EMSCRIPTEN)


def _fenced_block(section: str, language: str, after: str) -> str:
    start = section.index(after)
    match = re.search(rf"```{language}\n(.*?)^ *```", section[start:], re.DOTALL | re.MULTILINE)
    assert match, f"no ```{language} block after {after!r}"
    return textwrap.dedent(match.group(1))


def test_readme_shows_exactly_what_this_test_runs() -> None:
    """The integrator guide's xlwings Lite steps are the files this test installs and runs."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("### xlwings Lite") :]
    section = section[: section.index("\n### ", 5)]
    for name, language in (("requirements.txt", "text"), ("main.py", "python")):
        shown = _fenced_block(section, language, f"`{name}`")
        assert shown == (HARNESS / name).read_text(encoding="utf-8"), name
    version = json.loads((HARNESS / "package.json").read_text())["dependencies"]["pyodide"]
    assert f"Pyodide {version}" in section
