"""Running the `ratingbook` command in tests: in this process (fast) or as a real process."""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import pkgutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from tests.helpers.workbooks import (
    records,
)

#: The packages whose modules a book command's child imports as it runs: the session and the
#: planners, the FIDE code (gacrux, networkx), the package reader and writer, the views.
COMMAND_PACKAGES = (
    "core",
    "ratings",
    "events",
    "fide",
    "trf",
    "files",
    "workbook",
    "reports",
    "session",
    "season",
    "desk",
)


def import_what_commands_import() -> None:
    """Import every module of :data:`COMMAND_PACKAGES`, and calamine, into this process.

    A book command runs each book in a forked child (:mod:`ratingbook.cli.batch`), and what a
    child imports ends with it: run again and again in the test process (:func:`run`), every
    command would import the session, the planners, gacrux, networkx and the package reader
    afresh, more than half of a small command's CPU. Imported here once, every child inherits
    them, as the real command's child inherits what its parent imported. What a real process
    imports is tested on real processes (tests/test_architecture.py, the lazy imports of
    tests/files/test_package_reading.py and tests/cli/test_book_commands.py).
    """
    import python_calamine  # noqa: F401 (the package reader's, imported on first read)

    for package in COMMAND_PACKAGES:
        parent = importlib.import_module(f"ratingbook.{package}")
        for module in pkgutil.walk_packages(parent.__path__, f"{parent.__name__}."):
            importlib.import_module(module.name)


def script() -> list[str]:
    beside = Path(sys.executable).parent / "ratingbook"
    if beside.exists():
        return [str(beside)]
    return [sys.executable, "-c", "from ratingbook.cli import main; main()"]


SCRIPT = script()


def run(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``ratingbook ARGS`` run by ``cli.main`` in this process, without Python's start-up.

    The books still run in forked children (:mod:`ratingbook.cli.batch`), as in the real command.
    Standard output and error go to files, so what a forked child writes on its own ends up
    in them too. An unexpected exception (a traceback, for a user) fails the test.
    """
    from ratingbook import cli

    code: int | str | None = 0
    with (
        tempfile.TemporaryFile("w+", encoding="utf-8", buffering=1) as out,
        tempfile.TemporaryFile("w+", encoding="utf-8", buffering=1) as err,
    ):
        with (
            contextlib.chdir(cwd or Path.cwd()),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            try:
                cli.main([str(a) for a in args])
            except SystemExit as exit_info:
                code = exit_info.code
            finally:
                out.flush()
                err.flush()
        if isinstance(code, str):  # sys.exit("message"): Python prints it and exits with 1
            err.write(code + "\n")
            code = 1
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(args, code or 0, out.read(), err.read())


def run_process(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``ratingbook ARGS`` as a real process: the installed console script."""
    return subprocess.run(
        [*SCRIPT, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def ratings(path: Path) -> dict[int, tuple[int, int]]:
    return {r["ID"]: (r["Rating"], r["Permanent Rating"]) for r in records(path, "Ladder Players")}


def assert_no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, result.stderr


def run_in_process(
    capsys: pytest.CaptureFixture[str], *args: object
) -> subprocess.CompletedProcess[str]:
    """``ratingbook ARGS`` in this process (fast); an unexpected exception fails the test."""
    from ratingbook import cli

    code: int | str | None = 0
    try:
        cli.main([str(a) for a in args])
    except SystemExit as exit_info:
        code = exit_info.code
    captured = capsys.readouterr()
    return subprocess.CompletedProcess(args, code or 0, captured.out, captured.err)
