"""Tests for the Excel add-in addin/ratingbook.xlam and its build script.

The committed .xlam is checked semantically (zip, ribbon, VBA callback, config
sheet) with stdlib XML parsing written here, independently of the build
script. Byte-level comparisons against a fresh build need the xlwings version
whose template built the committed file (recorded in addin/BUILD_INFO.json).
Nothing from the ratingbook package is imported.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import subprocess
import sys
import zipfile
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Protocol
from xml.etree import ElementTree as ET

import pytest
from tests.helpers.paths import ROOT

ADDIN_DIR = ROOT / "addin"
XLAM = ADDIN_DIR / "ratingbook.xlam"
BUILD_INFO = ADDIN_DIR / "BUILD_INFO.json"
BUILD_SCRIPT = ADDIN_DIR / "build_addin.py"
CUSTOM_UI_SOURCE = ADDIN_DIR / "customUI.xml"

MAIN_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
PKG_REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
DOC_REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
CUSTOM_UI_NS = "{http://schemas.microsoft.com/office/2006/01/customui}"


class _VBAModule(Protocol):
    name: str
    source: str


@cache
def _load_vbaproject() -> ModuleType:
    """addin/ is not a package; load its stdlib-only VBA reader by path."""
    name = "_ratingbook_addin_vbaproject"
    spec = importlib.util.spec_from_file_location(name, ADDIN_DIR / "vbaproject.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while decorating
    spec.loader.exec_module(module)
    return module


def _part(name: str) -> bytes:
    with zipfile.ZipFile(XLAM) as archive:
        return archive.read(name)


def _build_info() -> dict[str, str]:
    info: dict[str, str] = json.loads(BUILD_INFO.read_text("utf-8"))
    return info


def _installed_xlwings() -> str | None:
    try:
        return importlib.metadata.version("xlwings")
    except importlib.metadata.PackageNotFoundError:
        return None


def _require_template_xlwings() -> None:
    """Skip byte comparisons unless the installed xlwings built the committed file."""
    installed = _installed_xlwings()
    recorded = _build_info()["xlwings_version"]
    if installed is None:
        pytest.skip("xlwings is not installed, so its add-in template is unavailable")
    if installed != recorded:
        pytest.skip(
            f"installed xlwings {installed} != {recorded} recorded in BUILD_INFO.json: "
            "its template differs, so a fresh build cannot be byte-identical"
        )


def _run_build(*args: str, hash_seed: str = "0") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run(
        [sys.executable, str(BUILD_SCRIPT), *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def _ribbon_buttons() -> list[ET.Element]:
    root = ET.fromstring(_part("customUI/customUI.xml"))
    return list(root.iter(f"{CUSTOM_UI_NS}button"))


def _vba_modules() -> list[_VBAModule]:
    modules: list[_VBAModule] = _load_vbaproject().read_modules(_part("xl/vbaProject.bin"))
    return modules


def _config_sheets() -> dict[str, dict[str, str]]:
    """Every sheet's column A -> column B strings, resolved like Excel would."""
    workbook = ET.fromstring(_part("xl/workbook.xml"))
    rels = {
        rel.attrib["Id"]: "xl/" + rel.attrib["Target"]
        for rel in ET.fromstring(_part("xl/_rels/workbook.xml.rels")).iter(
            f"{PKG_REL_NS}Relationship"
        )
    }
    sst = ET.fromstring(_part("xl/sharedStrings.xml"))
    strings = [
        "".join(t.text or "" for t in si.iter(f"{MAIN_NS}t")) for si in sst.iter(f"{MAIN_NS}si")
    ]

    def text(cell: ET.Element | None) -> str:
        if cell is None:
            return ""
        if cell.attrib.get("t") == "s":
            value = cell.find(f"{MAIN_NS}v")
            return strings[int(value.text or "")] if value is not None else ""
        if cell.attrib.get("t") == "inlineStr":
            return "".join(t.text or "" for t in cell.iter(f"{MAIN_NS}t"))
        return ""

    sheets: dict[str, dict[str, str]] = {}
    for sheet in workbook.iter(f"{MAIN_NS}sheet"):
        xml = ET.fromstring(_part(rels[sheet.attrib[DOC_REL_ID]]))
        cells = {c.attrib["r"]: c for c in xml.iter(f"{MAIN_NS}c")}
        sheets[sheet.attrib["name"]] = {
            text(cell): text(cells.get("B" + ref[1:]))
            for ref, cell in cells.items()
            if ref.startswith("A") and text(cell)
        }
    return sheets


def test_xlam_is_an_intact_zip_package() -> None:
    """The committed .xlam is a readable zip with correct CRCs and the core OOXML parts."""
    with zipfile.ZipFile(XLAM) as archive:
        assert archive.testzip() is None
        names = set(archive.namelist())
    assert {"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/vbaProject.bin"} <= names
    content_types = _part("[Content_Types].xml").decode("utf-8")
    # The add-in content type is what makes Excel treat the file as an .xlam.
    assert "application/vnd.ms-excel.addin.macroEnabled.main+xml" in content_types


def test_ribbon_part_is_registered_and_matches_source() -> None:
    """_rels/.rels points the ui/extensibility relationship at customUI/customUI.xml,
    and that part is exactly addin/customUI.xml (LF line endings)."""
    rels = ET.fromstring(_part("_rels/.rels"))
    targets = [
        rel.attrib["Target"]
        for rel in rels.iter(f"{PKG_REL_NS}Relationship")
        if rel.attrib["Type"].endswith("/relationships/ui/extensibility")
    ]
    assert targets == ["customUI/customUI.xml"]
    assert _part("customUI/customUI.xml") == CUSTOM_UI_SOURCE.read_bytes().replace(b"\r\n", b"\n")


def test_ribbon_has_large_recalc_ratings_button_on_ratingbook_tab() -> None:
    """The ribbon shows a tab labelled "ratingbook" holding one large "Recalc Ratings" button."""
    root = ET.fromstring(_part("customUI/customUI.xml"))
    tabs = [tab.attrib.get("label") for tab in root.iter(f"{CUSTOM_UI_NS}tab")]
    assert tabs == ["ratingbook"]
    buttons = _ribbon_buttons()
    assert [b.attrib.get("label") for b in buttons] == ["Recalc Ratings"]
    assert buttons[0].attrib.get("size") == "large"


def test_recalc_button_tooltip_speaks_to_camp_staff() -> None:
    """Issue 9: the tooltip says what the button does for staff (and how a new week starts),
    not which Python function it runs."""
    (button,) = _ribbon_buttons()
    tip = button.get("supertip", "")
    for word in ("main()", "RunPython", "xlwings", "Python"):
        assert word not in tip
    for words in ("ratings, standings and charts", "raise the Week", "Ladder Settings", "row"):
        assert words in tip


def test_recalc_button_calls_a_callback_that_exists_in_the_vba() -> None:
    """onAction of "Recalc Ratings" names Module.Sub present in vbaProject.bin: the raw
    bytes contain both names, and the decompressed source defines
    ``Sub <name>(control As IRibbonControl)`` in that module."""
    (button,) = _ribbon_buttons()
    module_name, _, sub_name = button.attrib["onAction"].partition(".")
    raw = _part("xl/vbaProject.bin")
    assert module_name.encode() in raw
    assert sub_name.encode() in raw
    callbacks = _load_vbaproject().ribbon_callbacks(_vba_modules())
    assert button.attrib["onAction"] in callbacks


def test_every_ribbon_callback_exists_in_the_vba() -> None:
    """No on*/get* attribute of the ribbon names a macro the VBA project lacks."""
    callbacks = {c.lower() for c in _load_vbaproject().ribbon_callbacks(_vba_modules())}
    root = ET.fromstring(_part("customUI/customUI.xml"))
    used = {
        value
        for element in root.iter()
        for attribute, value in element.attrib.items()
        if attribute.startswith(("on", "get")) or attribute == "loadImage"
    }
    assert used
    assert {u.lower() for u in used} <= callbacks


def test_callback_runs_main_of_the_module_named_after_the_file() -> None:
    """The callback imports the module named like the add-in file (minus extension) and
    calls its main(); the file is ratingbook.xlam, so it runs
    ``import ratingbook;ratingbook.main()``."""
    vba = _load_vbaproject()
    (button,) = _ribbon_buttons()
    body: str = vba.procedure_source(_vba_modules(), button.attrib["onAction"])
    name = re.search(
        r'(\w+)\s*=\s*Left\(ThisWorkbook\.Name,\s*\(InStrRev\(ThisWorkbook\.Name,\s*"\."', body
    )
    assert name is not None, body
    var = name.group(1)
    assert re.search(
        rf'RunPython\s+"import\s+"\s*&\s*{var}\s*&\s*";"\s*&\s*{var}\s*&\s*"\.main\(\)"', body
    ), body
    assert XLAM.name == "ratingbook.xlam"
    assert _build_info()["runpython_command"] == "import ratingbook;ratingbook.main()"


def test_config_sheet_name_is_the_one_the_vba_reads() -> None:
    """The add-in's config sheet is named PROJECT_NAME & ".conf" from the VBA (no leading
    underscore, which would disable it), so the VBA's GetConfig actually reads it."""
    xlwings_module = next(m for m in _vba_modules() if m.name == "xlwings")
    match = re.search(
        r'Public\s+Const\s+PROJECT_NAME\s+As\s+String\s*=\s*"([^"]+)"', xlwings_module.source
    )
    assert match is not None
    assert list(_config_sheets()) == [f"{match.group(1)}.conf"]


def test_config_sheet_sets_udf_modules_to_ratingbook_udfs() -> None:
    """In the config sheet, the "UDF Modules" row has the value "ratingbook.udfs"."""
    (config,) = _config_sheets().values()
    assert config["UDF Modules"] == "ratingbook.udfs"


def test_shared_string_table_counts_are_consistent() -> None:
    """sharedStrings.xml's uniqueCount equals its <si> entries and count equals the number
    of shared-string cells, so Excel does not report the file as needing repair."""
    sst = ET.fromstring(_part("xl/sharedStrings.xml"))
    entries = list(sst.iter(f"{MAIN_NS}si"))
    assert int(sst.attrib["uniqueCount"]) == len(entries)
    with zipfile.ZipFile(XLAM) as archive:
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/")]
    refs = [
        cell
        for name in sheets
        for cell in ET.fromstring(_part(name)).iter(f"{MAIN_NS}c")
        if cell.attrib.get("t") == "s"
    ]
    assert int(sst.attrib["count"]) == len(refs)


def test_build_info_records_the_committed_xlam() -> None:
    """BUILD_INFO.json's output_sha256 is the sha256 of the committed ratingbook.xlam."""
    assert _build_info()["output_sha256"] == hashlib.sha256(XLAM.read_bytes()).hexdigest()


def test_committed_xlam_equals_a_fresh_build(tmp_path: Path) -> None:
    """With the xlwings version recorded in BUILD_INFO.json, building again gives the
    committed bytes, and ``build_addin.py --check`` agrees (exit 0)."""
    _require_template_xlwings()
    built = _run_build("--out-dir", str(tmp_path))
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "ratingbook.xlam").read_bytes() == XLAM.read_bytes()
    assert (tmp_path / "BUILD_INFO.json").read_bytes() == BUILD_INFO.read_bytes().replace(
        b"\r\n", b"\n"
    )
    checked = _run_build("--check")
    assert checked.returncode == 0, checked.stderr


def test_build_is_deterministic(tmp_path: Path) -> None:
    """Two builds in separate processes (different hash seeds) give identical bytes."""
    if _installed_xlwings() is None:
        pytest.skip("xlwings is not installed, so its add-in template is unavailable")
    first, second = tmp_path / "a", tmp_path / "b"
    assert _run_build("--out-dir", str(first), hash_seed="1").returncode == 0
    assert _run_build("--out-dir", str(second), hash_seed="2").returncode == 0
    for name in ("ratingbook.xlam", "BUILD_INFO.json"):
        assert (first / name).read_bytes() == (second / name).read_bytes()


def test_check_fails_on_a_stale_xlam(tmp_path: Path) -> None:
    """``build_addin.py --check`` exits 1 when the .xlam differs from a fresh build."""
    if _installed_xlwings() is None:
        pytest.skip("xlwings is not installed, so its add-in template is unavailable")
    assert _run_build("--out-dir", str(tmp_path)).returncode == 0
    stale = tmp_path / "ratingbook.xlam"
    stale.write_bytes(stale.read_bytes() + b"\0")
    checked = _run_build("--check", "--out-dir", str(tmp_path))
    assert checked.returncode == 1
    assert "differs from a fresh build" in checked.stderr


def test_only_ribbon_and_config_parts_differ_from_the_template() -> None:
    """Compared with xlwings' quickstart_addin_ribbon.xlam, every part except the ribbon,
    workbook.xml (sheet rename), the config sheet and sharedStrings.xml is byte-identical;
    in particular vbaProject.bin is untouched."""
    _require_template_xlwings()
    spec = importlib.util.find_spec("xlwings")
    assert spec is not None and spec.origin is not None
    template = Path(spec.origin).parent / "quickstart_addin_ribbon.xlam"
    assert hashlib.sha256(template.read_bytes()).hexdigest() == _build_info()["template_sha256"]
    with zipfile.ZipFile(template) as original, zipfile.ZipFile(XLAM) as built:
        assert sorted(original.namelist()) == sorted(built.namelist())
        changed = {n for n in original.namelist() if original.read(n) != built.read(n)}
    assert changed == {
        "customUI/customUI.xml",
        "xl/workbook.xml",
        "xl/worksheets/sheet1.xml",
        "xl/sharedStrings.xml",
    }
