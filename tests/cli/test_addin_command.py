"""``ratingbook addin``: the Excel add-in the package carries, written where the user asks."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest
from tests.helpers.cli import run_in_process
from tests.helpers.paths import ROOT

ADDIN_DIR = ROOT / "addin"
#: What addin/build_addin.py recorded when it built the add-in: the sha256 of its output.
BUILD_INFO = json.loads((ADDIN_DIR / "BUILD_INFO.json").read_text("utf-8"))
ADDIN_CONTENT_TYPE = "application/vnd.ms-excel.addin.macroEnabled.main+xml"


def assert_is_the_built_add_in(data: bytes, path: Path) -> None:
    """``data`` is the add-in addin/build_addin.py built (the sha256 BUILD_INFO.json records),
    an intact add-in package whose ribbon is addin/customUI.xml and whose config sheet names
    the worksheet functions' module: facts from addin/, not from the file ratingbook reads."""
    assert hashlib.sha256(data).hexdigest() == BUILD_INFO["output_sha256"]
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
        assert ADDIN_CONTENT_TYPE in archive.read("[Content_Types].xml").decode("utf-8")
        assert "xl/vbaProject.bin" in archive.namelist()
        ribbon = (ADDIN_DIR / "customUI.xml").read_bytes().replace(b"\r\n", b"\n")
        assert archive.read("customUI/customUI.xml") == ribbon
        assert BUILD_INFO["udf_modules"].encode() in archive.read("xl/sharedStrings.xml")


def test_addin_writes_the_built_add_in(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The file written is the add-in addin/build_addin.py built, whole."""
    target = tmp_path / "ratingbook.xlam"
    result = run_in_process(capsys, "addin", "-o", target)
    assert result.returncode == 0, result.stderr
    data = target.read_bytes()
    assert_is_the_built_add_in(data, target)
    assert result.stdout == f"wrote {target} (the ratingbook add-in, {len(data):,} bytes)\n"


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
    assert_is_the_built_add_in(target.read_bytes(), target)


def test_addin_wants_an_xlam_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_in_process(capsys, "addin", "-o", tmp_path / "ratingbook.xlsx")
    assert result.returncode == 2
    assert "is not an .xlam name" in result.stderr
    assert list(tmp_path.iterdir()) == []
