"""Shared test setup: the xlwings licence key, Hypothesis without clocks, and the ``slow`` mark.

xlwings refuses to import some of its features without a license key; the noncommercial key is
set before any test module imports it (the engine itself never does).

The tests that stop a command (Ctrl-C, its terminal closed) act as a person at a terminal
would: a suite started in the background (``nohup``, ``&`` in a script) has inherited SIGINT
and SIGHUP ignored, which every command it starts would inherit too (and, rightly, not stop on),
so the suite puts their defaults back first.

No test may depend on the machine's speed: Hypothesis's per-example deadline and its "input
generation is slow" health check are wall-clock limits, so the default profile turns both off
(a test's own ``@settings`` still chooses its number of examples).

``python -m pytest -m "not slow"`` is the quick loop: it leaves out every test of
``tests/integration/`` (LibreOffice, Node/Pyodide, the add-in build, the end-to-end event, the
fuzzer), the modules listed in :data:`SLOW_MODULES`, which start real processes or tools by
the dozen, and the longest real files' cases of the sweeps over every real TRF file
(:data:`REAL_FILE_SWEEPS`). README's ``python -m pytest`` runs everything, as CI does.

Where the environment sets ``PYTHONDONTWRITEBYTECODE`` (the machines the suite runs on do),
every run, every pytest-xdist worker and every command a test starts would compile ratingbook's
modules again, and pytest would rewrite every test module again (about 5 s of CPU a worker): the
suite's processes write their bytecode (``__pycache__``, which git ignores) and read it from then
on, as they do on any machine without that setting.

Under pytest-xdist a worker is handed a whole module at a time (``--dist loadfile``), so a long
module handed out last keeps one worker busy after the other has finished: the modules of
:data:`LONGEST_FIRST` are handed out first, then the others by their number of tests, most first.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from tests.helpers import libreoffice, quick_loop
from tests.helpers.browser import require_chromium
from tests.helpers.libreoffice import require_soffice
from tests.helpers.paths import LONG_REAL_FILES
from tests.helpers.processes import MARK, process_share, remove_lock_files

os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

# Bytecode written and read again, whatever PYTHONDONTWRITEBYTECODE says (see above); the
# variable goes too, for the workers and commands started from here.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# A terminal's defaults for the signals a person stops a command with (see above).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
if hasattr(signal, "SIGHUP") and signal.getsignal(signal.SIGHUP) == signal.SIG_IGN:
    signal.signal(signal.SIGHUP, signal.SIG_DFL)

settings.register_profile("ratingbook", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ratingbook")

TESTS = Path(__file__).resolve().parent
#: Slow beyond tests/integration/: hostile files run as real commands, the code checks run ruff
#: and mypy, the batch tests fork and kill processes.
SLOW_MODULES = frozenset(
    {
        TESTS / "files" / "test_hostile.py",
        TESTS / "test_code_quality.py",
        TESTS / "cli" / "test_batch.py",
    }
)
#: Sweeps over every real TRF file whose cases on the longest files (LONG_REAL_FILES) are slow,
#: as (module, test): the quick loop runs every other file, the full suite all of them.
REAL_FILE_SWEEPS = frozenset(
    {
        (TESTS / "cli" / "test_trf_commands.py", "test_every_real_file_imports_into_a_book"),
        (
            TESTS / "fide" / "test_tiebreaks_real_files.py",
            "test_every_tiebreak_equals_gacrux_checker_on_the_file_ratingbook_writes",
        ),
        (TESTS / "fide" / "test_gacrux_event.py", "test_every_real_file_reads_as_gacrux_reads_it"),
    }
)
#: The modules that take longest, longest first (CPU and the outside programs' time, measured
#: on the 2-core machine for #33): pytest-xdist hands them out before all others (see above).
#: Only the order changes, never what runs.
LONGEST_FIRST = tuple(
    TESTS / name
    for name in (
        "files/test_hostile.py",
        "fide/test_fast_dutch.py",
        "cli/test_fide_mode_commands.py",
        "reports/test_consistency_sentences.py",
        "fide/test_analysis.py",
        "integration/test_pyodide.py",
        "reports/test_consistency_views.py",
        "integration/test_fuzz.py",
        "integration/test_printing.py",
        "integration/test_printouts.py",
        "events/test_contenders_round_robin.py",
        "events/test_contenders.py",
        "integration/test_swiss_event_e2e.py",
        "integration/test_release.py",
        "integration/test_publish.py",
        "integration/test_page_fit.py",
        "reports/test_consistency_standings_sentences.py",
        "templates/test_templates.py",
        "cli/test_trf_commands.py",
        "cli/test_book_commands.py",
        "test_code_quality.py",
    )
)
assert all(path.is_file() for path in LONGEST_FIRST), "LONGEST_FIRST names a module that is gone"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--exhaustive",
        action="store_true",
        help="the exhaustive form of the checks that sample by default: every round of every "
        "real TRF file in every state (tests/reports/test_consistency_views.py)",
    )
    parser.addoption(
        "--record-cpu",
        metavar="PATH",
        type=Path,
        help="append each test's CPU seconds and node id to PATH (tests/helpers/quick_loop.py)",
    )
    parser.addoption(
        "--with-heavy",
        action="store_true",
        help="do not mark slow the tests tests/data/quick_loop_heavy.txt records",
    )


@pytest.fixture
def exhaustive(request: pytest.FixtureRequest) -> bool:
    """Whether the run was asked for the exhaustive form of the sampled checks
    (``--exhaustive``)."""
    return bool(request.config.getoption("--exhaustive"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark as ``slow`` every test of tests/integration/ and of SLOW_MODULES, every test
    that needs LibreOffice (the ``needs_soffice`` fixture), the long files' cases of the
    REAL_FILE_SWEEPS and the tests whose CPU tests/helpers/quick_loop.py recorded; on a
    pytest-xdist worker, put the modules in the order they are to be handed out (see above)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        _longest_first(items)
    heavy = frozenset() if config.getoption("--with-heavy") else quick_loop.heavy_tests()
    slow_module: dict[Path, bool] = {}  # each module's path looked at once, not once a test
    for item in items:
        path = item.path
        if path not in slow_module:
            slow_module[path] = TESTS / "integration" in path.parents or path in SLOW_MODULES
        if (
            slow_module[path]
            or "needs_soffice" in getattr(item, "fixturenames", ())
            or _long_real_file_case(item, path)
            or item.nodeid in heavy
        ):
            item.add_marker(pytest.mark.slow)


def _long_real_file_case(item: pytest.Item, path: Path) -> bool:
    """Whether ``item`` is a case of a REAL_FILE_SWEEPS sweep on one of LONG_REAL_FILES."""
    function = getattr(item, "originalname", None)
    callspec = getattr(item, "callspec", None)
    if (path, function) not in REAL_FILE_SWEEPS or callspec is None:
        return False
    return any(Path(str(value)).name in LONG_REAL_FILES for value in callspec.params.values())


def _longest_first(items: list[pytest.Item]) -> None:
    """The modules of LONGEST_FIRST first, in its order, then the others by their number of
    tests, most first (what pytest-xdist does for all of them, but for ``--no-loadscope-reorder``
    in pyproject.toml); a module's tests keep their order, and stay together."""
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    counts = Counter(item.path for item in items)

    def key(item: pytest.Item) -> tuple[int, int]:
        path = item.path
        return (rank[path], 0) if path in rank else (len(rank), -counts[path])

    items.sort(key=key)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    """Under pytest-xdist, a test marked ``two_processes`` runs alone (tests.helpers.processes):
    never more than two processes at work."""
    record = item.config.getoption("--record-cpu")
    with process_share(alone=item.get_closest_marker(MARK) is not None):
        if record is None:
            return (yield)
        with quick_loop.measured(item.nodeid, record):
            return (yield)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker's lock files go when it is done (tests.helpers.processes)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if os.environ.get("PYTEST_XDIST_WORKER") and run:
        remove_lock_files(run)


# Outside programs: a test that needs one uses the fixture (``@pytest.mark.usefixtures(...)``);
# without the program it is skipped, and fails on CI (tests/helpers/tools.py).


@pytest.fixture
def needs_soffice() -> str:
    """LibreOffice's soffice command."""
    return require_soffice()


@pytest.fixture(scope="session", autouse=True)
def _one_libreoffice_for_the_run() -> Iterator[None]:
    """The run's LibreOffice (tests.helpers.libreoffice), started by the first conversion,
    stops when the run ends."""
    yield
    libreoffice.stop()


@pytest.fixture(scope="session", autouse=True)
def _commands_imported_before_forking() -> None:
    """What a book command's forked child imports, imported once for the run, so that the
    commands the tests run in process do not import it again in every child
    (tests.helpers.cli.import_what_commands_import)."""
    from tests.helpers.cli import import_what_commands_import

    import_what_commands_import()


@pytest.fixture
def needs_chromium() -> str:
    """The headless Chromium command."""
    return require_chromium()
