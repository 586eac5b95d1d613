"""``ratingbook addin``: the Excel add-in the package carries, written where the user asks."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.cli import run_in_process
from tests.helpers.paths import ROOT

COMMITTED = ROOT / "addin" / "ratingbook.xlam"


def test_addin_writes_the_committed_add_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file written is byte for byte the add-in addin/build_addin.py built."""
    target = tmp_path / "ratingbook.xlam"
    result = run_in_process(capsys, "addin", "-o", target)
    assert result.returncode == 0, result.stderr
    assert target.read_bytes() == COMMITTED.read_bytes()
    assert result.stdout.startswith(f"wrote {target} (the ratingbook add-in, ")


def test_addin_never_replaces_a_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "ratingbook.xlam"
    target.write_bytes(b"mine")
    result = run_in_process(capsys, "addin", "-o", target)
    assert result.returncode == 2
    assert result.stderr == (
        f"ratingbook addin: error: {str(target)!r} already exists; use --force to replace it\n"
    )
    assert target.read_bytes() == b"mine"
    assert run_in_process(capsys, "addin", "-o", target, "--force").returncode == 0
    assert target.read_bytes() == COMMITTED.read_bytes()


def test_addin_wants_an_xlam_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_in_process(capsys, "addin", "-o", tmp_path / "ratingbook.xlsx")
    assert result.returncode == 2
    assert "is not an .xlam name" in result.stderr
    assert list(tmp_path.iterdir()) == []
