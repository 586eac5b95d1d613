"""Every path problem is one line, with no traceback and no waiting (issue 10 item 6).

Each case builds the path for real: a name over 255 bytes, a symbolic link loop, a named pipe
(FIFO) and a device named like a workbook, a file without permission, a folder, a path through
a file. Reading, writing (-o, --out-dir) and ``template -o`` are covered. Cases that could block
forever if the check regressed (a FIFO) run as a real process under a hang guard.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.helpers.cli import SCRIPT, assert_no_traceback, run_in_process
from tests.helpers.cli import run as run_ratingbook
from tests.helpers.workbooks import folder_listing, ladder_sheets, make_book, save_book

from ratingbook.errors import WorkbookError
from ratingbook.files.disk import check_save_target, path_problem

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file kinds")

LONG = "a" * 300 + ".xlsx"  # ext4, xfs, btrfs, APFS and NTFS all stop at 255 bytes a name
TOO_LONG = "has a name too long for the file system (at most 255 bytes a name)"
LOOP = "is a symbolic link that leads back to itself (a link loop)"


def _loop(folder: Path) -> Path:
    link = folder / "loop.xlsx"
    link.symlink_to("loop.xlsx")
    return link


def _fifo(folder: Path) -> Path:
    pipe = folder / "pipe.xlsx"
    os.mkfifo(pipe)
    return pipe


def _device(folder: Path) -> Path:
    if not Path("/dev/null").exists():  # pragma: no cover - every POSIX system has it
        pytest.skip("no /dev/null")
    link = folder / "null.xlsx"
    link.symlink_to("/dev/null")
    return link


def _through_a_file(folder: Path) -> Path:
    (folder / "notes.txt").write_text("a file, not a folder")
    return folder / "notes.txt" / "camp.xlsx"


# (id, builder of the input path, what its one line says after the quoted name)
READ_CASES: list[tuple[str, Callable[[Path], Path], str]] = [
    ("name over 255 bytes", lambda folder: folder / LONG, TOO_LONG),
    ("symbolic link loop", _loop, LOOP),
    ("device named x.xlsx", _device, "is a device, not a workbook file"),
    ("a path through a file", _through_a_file,
     "is not in a folder (a part of the path is a file)"),
]  # fmt: skip


def _one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result
    assert_no_traceback(result)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@posix_only
@pytest.mark.parametrize("build, words", [pytest.param(b, w, id=i) for i, b, w in READ_CASES])
@pytest.mark.parametrize("mode", [[], ["--in-place"]])
def test_a_book_path_problem_is_one_failed_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    build: Callable[[Path], Path],
    words: str,
    mode: list[str],
) -> None:
    path = build(tmp_path)
    listing = folder_listing(tmp_path)
    result = run_in_process(capsys, "recalc", path, *mode)
    assert _one_line(result) == f"FAILED {path}: {str(path)!r} {words}"
    assert folder_listing(tmp_path) == listing


@posix_only
@pytest.mark.parametrize("command", ["recalc", "new-week"])
@pytest.mark.parametrize("mode", [["--in-place"], []], ids=["in-place", "default-output"])
def test_a_fifo_named_like_a_workbook_is_refused_without_waiting_for_a_writer(
    tmp_path: Path, command: str, mode: list[str]
) -> None:
    """Opening a FIFO for reading waits for a writer: ratingbook must not open it at all, with
    --in-place or without (issue 17: without, the zip's member count was read first and the run
    blocked). (Measured: under a second; the hang guard is 120 s.)"""
    pipe = _fifo(tmp_path)
    result = subprocess.run(
        [*SCRIPT, command, str(pipe), *mode],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert (
        _one_line(result)
        == f"FAILED {pipe}: {str(pipe)!r} is a named pipe (FIFO), not a workbook file"
    )


@posix_only
@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="root reads any file whatever its mode"
)
def test_a_book_without_read_permission_is_one_failed_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")
    path.chmod(0)
    result = run_in_process(capsys, "recalc", path)
    assert _one_line(result) == f"FAILED {path}: {str(path)!r} cannot be opened: permission denied"


def test_permission_denied_reads_as_words_whoever_runs_the_tests() -> None:
    """The same mapping as the test above, for runs as root (where permissions never deny)."""
    denied = PermissionError(errno.EACCES, "Permission denied", "camp.xlsx")
    assert path_problem("camp.xlsx", denied) == "'camp.xlsx' cannot be opened: permission denied"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")


@posix_only
@pytest.mark.parametrize(
    "build, words",
    [
        pytest.param(
            lambda folder: folder / LONG, f"cannot write: '{{path}}' {TOO_LONG}", id="long"
        ),
        pytest.param(_loop, f"cannot write: '{{path}}' {LOOP}", id="loop"),
        pytest.param(_fifo, "cannot write '{path}': it is not an ordinary file", id="fifo"),
        pytest.param(_device, "cannot write '{path}': it is not an ordinary file", id="device"),
    ],
)
@pytest.mark.parametrize("command", [["recalc"], ["new-week"], ["template", "ladder"]])
def test_an_output_path_problem_is_one_line_before_any_work(
    book: Path,
    capsys: pytest.CaptureFixture[str],
    build: Callable[[Path], Path],
    words: str,
    command: list[str],
) -> None:
    out_folder = book.parent / "out"
    out_folder.mkdir()
    target = build(out_folder)
    listing = folder_listing(out_folder)
    before = book.read_bytes()
    sources = [] if command[0] == "template" else [book]
    force = ["--force"] if command[0] == "template" else []
    result = run_in_process(capsys, *command, *sources, "-o", target, *force)
    line = _one_line(result)
    assert line == f"ratingbook {command[0]}: error: {words.format(path=target)}"
    assert folder_listing(out_folder) == listing
    assert book.read_bytes() == before


@posix_only
def test_an_out_dir_that_is_a_link_loop_is_one_line(
    book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = _loop(book.parent)
    result = run_in_process(capsys, "recalc", book, "--out-dir", loop)
    assert _one_line(result) == f"ratingbook recalc: error: --out-dir: {str(loop)!r} {LOOP}"


# --- temporary files (issue 10 item 7) ------------------------------------------------------------

KILL_WHILE_WRITING = """
import os
import signal

_fsync = os.fsync


def _fsync_then_die(descriptor):
    # ratingbook syncs its temporary file just before renaming it over the book: the whole run
    # (parent and the book's child process) is killed right there, as by `kill -9`.
    if os.path.basename(os.readlink(f"/proc/self/fd/{descriptor}")).startswith(".~ratingbook-"):
        os.killpg(os.getpgrp(), signal.SIGKILL)
    _fsync(descriptor)


os.fsync = _fsync_then_die
"""

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc/self/fd")


@linux_only
def test_a_killed_in_place_run_leaves_nothing_the_next_folder_run_fails_on(tmp_path: Path) -> None:
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(KILL_WHILE_WRITING)
    folder = tmp_path / "books"
    folder.mkdir()
    books = [save_book(make_book(ladder_sheets()), folder / n) for n in ("a.xlsx", "b.xlsx")]
    before = books[0].read_bytes()
    killed = subprocess.run(
        [*SCRIPT, "recalc", str(books[0]), "--in-place"],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(hooks), *sys.path])},
        start_new_session=True,  # its own process group, so the hook kills only the run
    )
    assert killed.returncode == -9
    leftovers = [n for n in folder_listing(folder) if n.startswith(".~ratingbook-")]
    assert len(leftovers) == 1 and leftovers[0].endswith(".xlsx")
    assert books[0].read_bytes() == before  # the rename never happened

    result = run_ratingbook("recalc", folder)  # the next run: an ordinary one, in this process
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.count("ok ") == 2 and "2 of 2 workbooks done" in result.stdout
    assert folder_listing(folder) == [
        "a-recalculated.xlsx",
        "a.xlsx",
        "b-recalculated.xlsx",
        "b.xlsx",
    ]


@linux_only
def test_a_book_killed_while_writing_is_one_line_and_its_temporary_file_is_removed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the book's own process dies here; the run removes what it left at once."""
    import signal

    fsync = os.fsync

    def die(descriptor: int) -> None:
        if os.path.basename(os.readlink(f"/proc/self/fd/{descriptor}")).startswith(".~ratingbook-"):
            os.kill(os.getpid(), signal.SIGKILL)
        fsync(descriptor)

    path = save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")
    before = path.read_bytes()
    monkeypatch.setattr(os, "fsync", die)  # in this process; the book's forked process inherits it
    result = run_in_process(capsys, "recalc", path, "--in-place")
    assert _one_line(result) == (
        f"FAILED {path}: the reader was killed (signal 9, SIGKILL; "
        "the system may have run out of memory)"
    )
    assert folder_listing(tmp_path) == ["camp.xlsx"]
    assert path.read_bytes() == before


@posix_only
def test_a_temporary_file_being_written_is_kept_and_never_taken_for_a_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another run (this test process) is writing a temporary file in the folder: a folder run
    neither reads it as a book nor removes it; hidden files are no books either."""
    import fcntl

    save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")
    writing = tmp_path / f".~ratingbook-{os.getpid()}-abcd.xlsx"
    (tmp_path / "._camp.xlsx").write_bytes(b"\x00\x05\x16\x07 macOS AppleDouble")
    with open(writing, "wb") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        handle.write(b"PK\x03\x04 half a workbook")
        handle.flush()
        result = run_in_process(capsys, "recalc", tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith(f"ok     {tmp_path / 'camp.xlsx'} -> ")
    assert folder_listing(tmp_path) == sorted(
        [writing.name, "._camp.xlsx", "camp-recalculated.xlsx", "camp.xlsx"]
    )


# --- in-place writes never lose another run's work (issue 10 item 8) -----------------------------


def _excel_saves(path: Path, data: bytes) -> None:
    """Save ``data`` as ``path`` the way Excel does: a new file renamed over the old one."""
    fresh = path.with_name("excel-temp.tmp")
    fresh.write_bytes(data)
    os.replace(fresh, path)


@pytest.mark.parametrize("how", ["replaced like Excel does", "rewritten in place"])
@pytest.mark.parametrize("command", ["recalc", "new-week"])
def test_an_in_place_run_refuses_to_replace_a_file_that_changed_since_it_was_read(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    how: str,
    command: str,
) -> None:
    """Another program saves the book after ratingbook read it and before it is replaced: the
    other program's version stays, and the run says so in its one FAILED line."""
    from ratingbook.files.patching import PackageBook

    path = save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")
    theirs = save_book(make_book(ladder_sheets(games=[])), tmp_path / "theirs.xlsx").read_bytes()
    original_save = PackageBook.save

    def save_after_someone_else(self: PackageBook, target: str | os.PathLike[str]) -> None:
        if how == "replaced like Excel does":
            _excel_saves(path, theirs)
        else:
            path.write_bytes(theirs)
        original_save(self, target)

    # In this process; the book's forked process inherits it.
    monkeypatch.setattr(PackageBook, "save", save_after_someone_else)
    result = run_in_process(capsys, command, path, "--in-place")
    assert _one_line(result) == (
        f"FAILED {path}: {str(path)!r} changed since it was read (another program or run saved "
        "it meanwhile); nothing was written: run again to start from the new version"
    )
    assert path.read_bytes() == theirs
    assert folder_listing(tmp_path) == ["camp.xlsx", "theirs.xlsx"]


def _waiting_for_lock(inode: int) -> int:
    """How many processes wait for a lock on the file with this inode (Linux's /proc/locks:
    a waiter's line reads ``N: -> FLOCK ADVISORY WRITE PID MAJ:MIN:INODE 0 EOF``)."""
    count = 0
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()
        if "->" in fields and any(f.count(":") == 2 and f.rsplit(":", 1)[1] == str(inode)
                                  for f in fields):  # fmt: skip
            count += 1
    return count


@linux_only
@pytest.mark.two_processes
def test_new_week_and_recalc_in_place_at_once_never_lose_the_weeks_archive(tmp_path: Path) -> None:
    """Issue 10's race (2 lost archives in 20 trials), made certain: both runs are started while
    the file is locked (as by a third run), wait until both are queued on the lock, then let go.
    Whichever goes first, the second starts from the first one's result: both succeed, and the
    week's six games are in the Games Archive with Ladder Games emptied."""
    import fcntl
    import time

    from tests.helpers.workbooks import LADDER_GAMES, sheet_rows

    path = save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")
    with open(path, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        runs = [
            subprocess.Popen(
                [*SCRIPT, command, str(path), "--in-place"],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL,
                text=True,
            )
            for command in ("new-week", "recalc")
        ]
        try:
            for _ in range(1200):  # hang guard: 120 s; both queue within a second or two
                if _waiting_for_lock(os.fstat(held.fileno()).st_ino) == 2:
                    break
                time.sleep(0.1)
            else:
                pytest.fail("the two runs never both waited for the lock")
        finally:
            fcntl.flock(held.fileno(), fcntl.LOCK_UN)
        outputs = [run.communicate(timeout=120) for run in runs]
    for run, (out, err) in zip(runs, outputs, strict=True):
        assert (run.returncode, err) == (0, ""), err
        assert out.startswith(f"ok     {path} in place")
    archive = sheet_rows(path, "Games Archive")
    assert [row[2:5] for row in archive[1:]] == [list(game) for game in LADDER_GAMES[1:]]
    assert sheet_rows(path, "Ladder Games") == [list(LADDER_GAMES[0])]
    assert folder_listing(tmp_path) == ["camp.xlsx"]


@posix_only
@pytest.mark.parametrize(
    "build, words",
    [
        pytest.param(
            lambda folder: folder / LONG, f"cannot save: '{{path}}' {TOO_LONG}", id="long"
        ),
        pytest.param(_loop, f"cannot save: '{{path}}' {LOOP}", id="loop"),
        pytest.param(_fifo, "cannot save '{path}': it is not an ordinary file", id="fifo"),
        pytest.param(
            lambda folder: (folder / "folder.xlsx").mkdir() or folder / "folder.xlsx",
            "cannot save '{path}': it is a folder",
            id="folder",
        ),
    ],
)
def test_a_save_target_that_cannot_be_a_workbook_file_is_one_line(
    tmp_path: Path, build: Callable[[Path], Path], words: str
) -> None:
    """What a book's own save refuses (the path checks the CLI's -o shares), before writing."""
    target = build(tmp_path)
    with pytest.raises(WorkbookError) as raised:
        check_save_target(target, tmp_path / "camp.xlsx", keep_vba=False)
    assert str(raised.value) == words.format(path=target)


def test_a_save_target_is_a_new_file_or_an_ordinary_one(tmp_path: Path) -> None:
    """A new name and an existing workbook file are both fine; a link is followed to its file."""
    new = tmp_path / "new.xlsx"
    assert check_save_target(new, tmp_path / "camp.xlsx", keep_vba=False) == new
    new.write_bytes(b"PK")
    assert check_save_target(new, tmp_path / "camp.xlsx", keep_vba=False) == new
    link = tmp_path / "link.xlsx"
    link.symlink_to(new)
    assert check_save_target(link, tmp_path / "camp.xlsx", keep_vba=False) == Path(
        os.path.realpath(new)
    )


def test_a_path_problem_keeps_the_operating_systems_error_as_its_cause(tmp_path: Path) -> None:
    """The one-line message is for the user; the OSError (errno, file name) stays attached as
    the cause, for a bug report."""
    from ratingbook.files.disk import check_package

    missing = tmp_path / "gone.xlsx"
    with pytest.raises(WorkbookError) as raised:
        check_package(missing)
    assert str(raised.value) == path_problem(str(missing), FileNotFoundError(errno.ENOENT, ""))
    assert isinstance(raised.value.__cause__, FileNotFoundError)
    assert raised.value.__cause__.filename == str(missing)


@posix_only
@pytest.mark.parametrize("command", [["recalc", "--in-place"], ["undo"]])
def test_a_read_only_book_is_never_replaced_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """A book its owner marked read-only (no write bit for anyone) is refused in place, by every
    user, the administrator too: one line, and the file and folder stay as they were."""
    path = save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")
    path.chmod(0o444)
    listing = folder_listing(tmp_path)
    before = path.read_bytes()
    result = run_in_process(capsys, command[0], path, *command[1:])
    assert _one_line(result) == (
        f"FAILED {path}: {str(path)!r} is read-only: ratingbook does not replace it in place; "
        "make it writable first, or write the result to another file with -o; nothing was "
        "written"
    )
    assert path.read_bytes() == before and folder_listing(tmp_path) == listing


@pytest.mark.parametrize(
    "command", [["recalc", "--in-place"], ["new-week", "--in-place"], ["undo"], ["redo"]]
)
def test_a_book_open_in_excel_is_never_replaced_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """User test 49: undo, redo and recalc --in-place wrote a book Excel held open (its owner
    file ``~$NAME`` beside it), as results take does not: one rule for every in-place write.
    One line, and the book and its folder stay as they were."""
    path = save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")
    (tmp_path / "~$camp.xlsx").write_bytes(b"arbiter")  # Excel's owner file: the book is open
    listing = folder_listing(tmp_path)
    before = path.read_bytes()
    result = run_in_process(capsys, command[0], path, *command[1:])
    assert _one_line(result) == (
        f"FAILED {path}: {str(path)!r} is open in Excel (its owner file '~$camp.xlsx' is beside "
        "it): close it there first (saved), then run again; nothing was written (written while "
        "Excel holds it, the book loses this run's change when Excel saves it, or what was typed "
        "there when Excel closes it unsaved; an owner file Excel left behind when it stopped "
        "abruptly may be deleted)"
    )
    assert path.read_bytes() == before and folder_listing(tmp_path) == listing
