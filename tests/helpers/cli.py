"""Running the `ratingbook` command in tests: in this process (fast) or as a real process."""

from __future__ import annotations

import contextlib
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from tests.helpers.workbooks import (
    records,
)


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
