"""One book that dies never takes down the others (issue 10 item 2).

A reader in native code can abort the process, exhaust memory or get killed; ratingbook runs
each book in a child process (ratingbook.cli.batch), so the batch goes on and the dead book is one
FAILED line. The deaths here are real: the job calls ``os.abort()``, raises MemoryError or is
killed with SIGKILL. Through the command line they are injected by replacing the reader for one
file name (in this process, inherited by the forked child; or in a real ``ratingbook`` process
through a ``sitecustomize`` module on PYTHONPATH) — never by a hook in ratingbook itself.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from tests.helpers.cli import SCRIPT, assert_no_traceback, ratings, run_in_process
from tests.helpers.workbooks import (
    HAND_RATINGS,
    folder_listing,
    ladder_sheets,
    make_book,
    save_book,
)

from ratingbook.cli.batch import DEBUG_VARIABLE, Died, describe_exit, run_isolated

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGKILL"), reason="needs POSIX signals to kill a child for real"
)
#: Two children at a time: the case runs alone under pytest-xdist (tests/helpers/processes.py).
TWO = pytest.param(2, marks=pytest.mark.two_processes)


def _job(kind: str) -> str:
    if kind == "abort":
        os.abort()
    if kind == "memory":
        raise MemoryError
    if kind == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if kind == "bug":
        raise KeyError("oops")
    if kind == "rust":  # what Rust's allocator prints to standard error before it aborts
        os.write(2, b"memory allocation of 549755813888 bytes failed\n")
        os.abort()
    return f"done {kind}"


@pytest.mark.parametrize("processes", [1, TWO])
def test_each_job_gets_its_own_answer_whatever_happens_to_the_others(
    processes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DEBUG_VARIABLE, "0")  # the debug switch off
    jobs = ["a", "abort", "b", "memory", "kill", "bug", "c"]
    answers = {job: answer for _, job, answer in run_isolated(jobs, _job, processes)}
    assert answers == {
        "a": "done a",
        "abort": Died("the reader crashed (signal 6, SIGABRT)"),
        "b": "done b",
        "memory": Died("the reader ran out of memory"),
        "kill": Died(
            "the reader was killed (signal 9, SIGKILL; the system may have run out of memory)"
        ),
        "bug": Died(
            "internal error, please report it: KeyError: 'oops' "
            "(ratingbook --debug shows its traceback)"
        ),
        "c": "done c",
    }


def test_with_the_debug_switch_a_bug_keeps_its_traceback_under_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RATINGBOOK_DEBUG=1: the job's line, then Python's traceback of the bug, down to the
    line that raised it."""
    monkeypatch.setenv(DEBUG_VARIABLE, "1")
    (answer,) = [answer for _, _, answer in run_isolated(["bug"], _job)]
    assert isinstance(answer, Died)
    line, *traceback = answer.reason.splitlines()
    assert line == "internal error, please report it: KeyError: 'oops'"
    assert traceback[0] == "Traceback (most recent call last):"
    assert 'raise KeyError("oops")' in traceback[-2]
    assert traceback[-1] == "KeyError: 'oops'"


def test_a_native_crash_is_described_with_its_last_words_on_standard_error() -> None:
    (answer,) = [answer for _, _, answer in run_isolated(["rust"], _job)]
    assert answer == Died(
        "the reader crashed (signal 6, SIGABRT): memory allocation of 549755813888 bytes failed"
    )


def test_one_process_at_a_time_answers_in_the_order_of_the_jobs() -> None:
    jobs = ["a", "abort", "b", "kill", "c"]
    assert [index for index, _, _ in run_isolated(jobs, _job, 1)] == [0, 1, 2, 3, 4]


def _noting_job(kind: str) -> str:
    import logging

    logging.getLogger("ratingbook.somewhere").info("starting %s", kind)
    logging.getLogger("ratingbook").debug("too fine to send")
    logging.getLogger("elsewhere").warning("not ratingbook's")
    logging.getLogger("ratingbook.somewhere").warning("half way through %s", kind)
    if kind == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    return f"done {kind}"


@pytest.mark.parametrize("processes", [1, TWO])
def test_what_a_job_logs_reaches_the_parent_while_it_runs(processes: int) -> None:
    """ratingbook's INFO and WARNING lines come before the job's answer, in order, and a job
    killed after them still gets its line; DEBUG and other libraries' lines do not come."""
    heard: list[tuple[str, str]] = []
    events: list[tuple[str, str]] = []

    def note(job: str, text: str) -> None:
        heard.append((job, text))
        events.append(("note", job))

    for _, job, answer in run_isolated(["a", "kill", "b"], _noting_job, processes, note):
        events.append(("answer", job))
        assert answer == (f"done {job}" if job != "kill" else Died(describe_exit(-9)))
    for job in ("a", "kill", "b"):
        assert [text for who, text in heard if who == job] == [
            f"starting {job}",
            f"half way through {job}",
        ]
        assert events.index(("note", job)) < events.index(("answer", job))


def _waiting_job(flag: str) -> str:
    """Says it has started, then waits until the parent has heard it (the flag file)."""
    import logging
    import time

    logging.getLogger("ratingbook").info("started")
    deadline = time.monotonic() + 60  # hang guard only: the parent answers at once
    while not Path(flag).exists():
        if time.monotonic() > deadline:
            return "never heard"
        time.sleep(0.01)
    return "heard"


def test_a_note_reaches_the_parent_before_the_job_ends(tmp_path: Path) -> None:
    """The job goes on only once the parent has its note: a note sent with the answer would
    leave it waiting."""
    flag = tmp_path / "heard"

    def note(job: str, text: str) -> None:
        assert text == "started"
        flag.touch()

    assert [answer for _, _, answer in run_isolated([str(flag)], _waiting_job, 1, note)] == [
        "heard"
    ]


def test_exit_descriptions() -> None:
    assert describe_exit(-signal.SIGSEGV) == "the reader crashed (signal 11, SIGSEGV)"
    assert describe_exit(3) == "the reader stopped without an answer (exit status 3)"


# --- through the command line ---------------------------------------------------------------------


def _books(folder: Path, names: list[str]) -> list[Path]:
    return [save_book(make_book(ladder_sheets()), folder / name) for name in names]


@pytest.fixture
def crashing_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """The package reader aborts the process (like a native crash) on any file named crash*."""
    from ratingbook.files.patching import PackageBook

    original = PackageBook.__init__

    def init(self: PackageBook, path: str | os.PathLike[str]) -> None:
        if Path(path).name.startswith("crash"):
            os.abort()
        original(self, path)

    monkeypatch.setattr(PackageBook, "__init__", init)


@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.two_processes)])
def test_a_book_that_crashes_the_reader_is_one_failed_line_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], crashing_reader: None, jobs: str
) -> None:
    books = _books(tmp_path, ["a.xlsx", "crash.xlsx", "b.xlsx"])
    result = run_in_process(capsys, "recalc", *books, "-j", jobs)
    assert result.returncode == 2
    assert_no_traceback(result)
    assert result.stderr.splitlines() == [
        f"FAILED {books[1]}: the reader crashed (signal 6, SIGABRT)",
        f"2 of 3 workbooks done; failed: {books[1]}",
    ]
    for name in ("a", "b"):
        assert ratings(tmp_path / f"{name}-recalculated.xlsx") == HAND_RATINGS
    assert "crash-recalculated.xlsx" not in folder_listing(tmp_path)


def test_a_single_book_that_crashes_the_reader_is_one_failed_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], crashing_reader: None
) -> None:
    (book,) = _books(tmp_path, ["crash.xlsx"])
    result = run_in_process(capsys, "recalc", book, "--in-place")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [f"FAILED {book}: the reader crashed (signal 6, SIGABRT)"]
    assert folder_listing(tmp_path) == ["crash.xlsx"]


@pytest.mark.parametrize("debug", [False, True])
def test_a_bug_in_a_book_is_one_line_and_with_debug_its_traceback_under_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    debug: bool,
) -> None:
    """A bug (an exception that is no RatingbookError) is the book's FAILED line; with
    ``ratingbook --debug`` the traceback follows the line, the other book still done."""
    from ratingbook.session import planning
    from ratingbook.workbook.sheets.reading import Sheets

    original = planning.plan_recalc

    def recalc(sheets: Sheets) -> object:
        if Path(getattr(sheets.book, "path", "")).name == "bug.xlsx":
            raise KeyError("oops")
        return original(sheets)

    monkeypatch.setenv(DEBUG_VARIABLE, "0")  # restored after the test: --debug sets it
    monkeypatch.setattr(planning, "plan_recalc", recalc)
    good, bug = _books(tmp_path, ["good.xlsx", "bug.xlsx"])
    result = run_in_process(capsys, *(["--debug"] if debug else []), "recalc", good, bug)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    line = f"FAILED {bug}: internal error, please report it: KeyError: 'oops'"
    if not debug:
        assert lines == [
            f"{line} (ratingbook --debug shows its traceback)",
            f"1 of 2 workbooks done; failed: {bug}",
        ]
        return
    assert lines[:2] == [line, "Traceback (most recent call last):"]
    assert 'raise KeyError("oops")' in lines[-3]
    assert lines[-2:] == ["KeyError: 'oops'", f"1 of 2 workbooks done; failed: {bug}"]
    assert ratings(tmp_path / "good-recalculated.xlsx") == HAND_RATINGS


SITECUSTOMIZE = """
import os
from pathlib import Path

from ratingbook.files.patching import PackageBook

_original = PackageBook.__init__


def _init(self, path):
    if Path(path).name.startswith("crash"):
        os.abort()
    _original(self, path)


PackageBook.__init__ = _init
"""


@pytest.mark.two_processes
def test_a_real_ratingbook_process_with_two_jobs_survives_a_crashing_reader(tmp_path: Path) -> None:
    """The case of issue 10: with -j 2 a dying book gave a BrokenProcessPool traceback."""
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(SITECUSTOMIZE)
    folder = tmp_path / "books"
    folder.mkdir()
    books = _books(folder, ["a.xlsx", "crash.xlsx", "z.xlsx"])
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(hooks), *sys.path])}
    result = subprocess.run(
        [*SCRIPT, "recalc", str(folder), "-j", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        env=environment,
    )
    assert result.returncode == 2
    assert_no_traceback(result)
    assert "BrokenProcessPool" not in result.stderr
    assert result.stderr.splitlines() == [
        f"FAILED {books[1]}: the reader crashed (signal 6, SIGABRT)",
        f"2 of 3 workbooks done; failed: {books[1]}",
    ]
    assert ratings(folder / "a-recalculated.xlsx") == HAND_RATINGS
    assert ratings(folder / "z-recalculated.xlsx") == HAND_RATINGS


# --- each book's line as it finishes (issue 9 item 7) ---------------------------------------------

HOLD_BACK = """
import os
import time
from pathlib import Path

from ratingbook.files.patching import PackageBook

_original = PackageBook.__init__


def _init(self, path):
    # The second book waits until the test has seen the first book's line (at most 100 s).
    if Path(path).name == "b.xlsx":
        release = Path(path).with_name("release")
        for _ in range(1000):
            if release.exists():
                break
            time.sleep(0.1)
        else:
            Path(path).with_name("held-back-in-vain").touch()
    _original(self, path)


PackageBook.__init__ = _init
"""


def test_a_folder_run_prints_each_books_line_as_soon_as_it_is_done(tmp_path: Path) -> None:
    """The first book's line arrives while the second book is still held back."""
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(HOLD_BACK)
    folder = tmp_path / "books"
    folder.mkdir()
    books = _books(folder, ["a.xlsx", "b.xlsx"])
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(hooks), *sys.path])}
    with subprocess.Popen(
        [*SCRIPT, "recalc", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=environment,
    ) as process:
        assert process.stdout is not None
        first = process.stdout.readline()
        (folder / "release").touch()
        rest, errors = process.communicate(timeout=120)
    assert not (folder / "held-back-in-vain").exists(), "the first line came only at the end"
    assert first.startswith(f"ok     {books[0]} -> ")
    assert rest.splitlines()[0].startswith(f"ok     {books[1]} -> ")
    assert rest.splitlines()[1] == "2 of 2 workbooks done"
    assert (process.returncode, errors) == (0, "")


HOLD_UNTIL_INTERRUPTED = """
import time
from pathlib import Path

from ratingbook.files.patching import PackageBook

_original = PackageBook.__init__


def _init(self, path):
    # Says it has started, then takes its time (at most 100 s), as a big book would.
    Path(path).with_name("started").touch()
    for _ in range(1000):
        time.sleep(0.1)
    _original(self, path)


PackageBook.__init__ = _init
"""


def test_ctrl_c_stops_the_run_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    """Ctrl-C reaches the whole process group (the run and its book's process): the run stops
    the book's process and says "aborted"; no KeyboardInterrupt traceback from either."""
    import time

    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(HOLD_UNTIL_INTERRUPTED)
    folder = tmp_path / "books"
    folder.mkdir()
    _books(folder, ["a.xlsx", "b.xlsx"])
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(hooks), *sys.path])}
    with subprocess.Popen(
        [*SCRIPT, "recalc", str(folder), "--in-place"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=environment,
        start_new_session=True,  # a process group of its own, like a terminal's foreground job
    ) as process:
        for _ in range(1200):  # hang guard 120 s; the book starts within a second or two
            if (folder / "started").exists():
                break
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGINT)
        out, errors = process.communicate(timeout=120)
    assert process.returncode == 1
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors, errors
    assert errors.strip() == "ratingbook: aborted"
    assert out == ""
    assert folder_listing(folder) == ["a.xlsx", "b.xlsx", "started"]


def _save_slowly(folder: str) -> str:
    """Starts replacing book.xlsx, says so (a file named started), then takes its time."""
    import time

    from ratingbook.files.disk import atomic_save

    def write(temporary: str) -> None:
        Path(temporary).write_bytes(b"half a workbook")
        (Path(folder) / "started").touch()
        time.sleep(100)

    atomic_save(Path(folder) / "book.xlsx", write)
    return "saved"


def test_ctrl_c_while_a_book_is_being_saved_leaves_no_temporary_file(tmp_path: Path) -> None:
    """Interrupted, the run stops its book's process (SIGTERM); the save it was making unwinds
    and removes its temporary file, and the book is left as it was. Before, the temporary file
    stayed until a later save in the same folder."""
    import threading
    import time

    book = tmp_path / "book.xlsx"
    book.write_bytes(b"the original")

    def interrupt_when_started() -> None:
        for _ in range(1200):  # hang guard 120 s; the save starts within a second or two
            if (tmp_path / "started").exists():
                break
            time.sleep(0.1)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt_when_started, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        for _ in run_isolated([str(tmp_path)], _save_slowly):
            pass
    assert folder_listing(tmp_path) == ["book.xlsx", "started"]
    assert book.read_bytes() == b"the original"
