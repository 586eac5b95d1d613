"""Build ``addin/ratingbook.xlam`` from xlwings' custom ribbon add-in template.

Usage::

    python addin/build_addin.py            # write addin/ratingbook.xlam + BUILD_INFO.json
    python addin/build_addin.py --check    # exit 1 if the committed files differ from a fresh build

``xlwings quickstart ratingbook --addin --ribbon`` does nothing more than copy
``xlwings/quickstart_addin_ribbon.xlam`` byte for byte to ``ratingbook/ratingbook.xlam``
(see ``xlwings.cli.quickstart``: ``shutil.copyfile``; nothing inside is renamed).
So this script reads that packaged template directly and applies three edits
to the XML parts only -- the VBA binary is never touched:

1. ``customUI/customUI.xml`` is replaced by ``addin/customUI.xml``.
2. The config sheet ``_myaddin.conf`` is renamed to ``myaddin.conf``. The VBA
   only reads a sheet called ``PROJECT_NAME & ".conf"`` (``PROJECT_NAME`` is
   ``"myaddin"`` in the template); the leading underscore is how the template
   ships it *disabled* (xlwings docs, "Custom Add-ins").
3. ``UDF Modules`` on that sheet is set to ``ratingbook.udfs`` (as a shared
   string, like every other string of the template's sheet).

The output is deterministic: parts are written in a fixed order with a fixed
timestamp and *stored* (no compression) so the bytes do not depend on the
zlib build of the machine. Stdlib only, apart from locating xlwings.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import importlib.util
import io
import json
import re
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape

import vbaproject

ADDIN_DIR = Path(__file__).resolve().parent
OUTPUT_NAME = "ratingbook.xlam"
BUILD_INFO_NAME = "BUILD_INFO.json"
CUSTOM_UI_SOURCE = ADDIN_DIR / "customUI.xml"
TEMPLATE_NAME = "quickstart_addin_ribbon.xlam"
CONFIG_KEY = "UDF Modules"
CONFIG_VALUE = "ratingbook.udfs"

# 1980-01-01 is the earliest date a zip header can hold; any constant works.
FIXED_DATE_TIME = (1980, 1, 1, 0, 0, 0)
# OPC puts these first by convention; everything else follows in sorted order.
LEADING_PARTS = ("[Content_Types].xml", "_rels/.rels")

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
DOC_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
# Office 2007 used .../office/2006/relationships/ui/extensibility, Office 2010+
# .../office/2007/...; the xlwings template uses the latter (with the 2006/01
# customUI namespace), so accept whichever the template declares.
RIBBON_REL_SUFFIX = "/relationships/ui/extensibility"
WORKBOOK_PART = "xl/workbook.xml"
WORKBOOK_RELS_PART = "xl/_rels/workbook.xml.rels"
SHARED_STRINGS_PART = "xl/sharedStrings.xml"
VBA_PART = "xl/vbaProject.bin"

# What the template's ribbon callback must look like for the file name to
# decide the Python module (see RibbonMyAddin.RunMain in the template).
_RUNMAIN_NAME_FROM_FILE = re.compile(
    r'(\w+)\s*=\s*Left\(ThisWorkbook\.Name,\s*\(InStrRev\(ThisWorkbook\.Name,\s*"\."',
    re.IGNORECASE,
)
_RUNMAIN_RUNPYTHON = re.compile(
    r'RunPython\s+"import\s+"\s*&\s*(\w+)\s*&\s*";"\s*&\s*(\w+)\s*&\s*"\.main\(\)"',
    re.IGNORECASE,
)
_PROJECT_NAME = re.compile(
    r'^\s*Public\s+Const\s+PROJECT_NAME\s+As\s+String\s*=\s*"([^"]+)"', re.I | re.M
)
_VBA_XLWINGS_VERSION = re.compile(
    r'^\s*Public\s+Const\s+XLWINGS_VERSION\s+As\s+String\s*=\s*"([^"]+)"', re.I | re.M
)


class BuildError(RuntimeError):
    """The template or the ribbon source is not what this script expects."""


@dataclass(frozen=True)
class Template:
    path: Path
    xlwings_version: str
    data: bytes


@dataclass(frozen=True)
class BuildResult:
    xlam: bytes
    info: dict[str, str]

    def info_json(self) -> bytes:
        return (json.dumps(self.info, indent=2, sort_keys=True) + "\n").encode("utf-8")


def locate_template() -> Template:
    """Find the template inside the installed xlwings without importing xlwings.

    Importing xlwings is slow and platform dependent (pywin32 / appscript);
    only the package directory and its version are needed.
    """
    spec = importlib.util.find_spec("xlwings")
    if spec is None or spec.origin is None:
        raise BuildError("xlwings is not installed; `pip install xlwings` first")
    path = Path(spec.origin).parent / TEMPLATE_NAME
    if not path.is_file():
        raise BuildError(f"{path} not found; this xlwings has no ribbon add-in template")
    return Template(path, importlib.metadata.version("xlwings"), path.read_bytes())


def _one(pattern: re.Pattern[str], text: str, what: str) -> re.Match[str]:
    matches = list(pattern.finditer(text))
    if len(matches) != 1:
        raise BuildError(f"expected exactly one {what} in the template, found {len(matches)}")
    return matches[0]


def _replace_once(text: str, old: str, new: str, part: str) -> str:
    # Edits are plain string replacements so that everything else in the part
    # (namespace prefixes, attribute order, mc:Ignorable, ...) stays byte-identical;
    # re-serialising with ElementTree would rename prefixes and break Excel.
    if text.count(old) != 1:
        raise BuildError(f"{part}: expected {old!r} exactly once, found {text.count(old)}")
    return text.replace(old, new)


def _relationship_targets(rels_xml: bytes, base: str) -> dict[str, tuple[str, str]]:
    """Map Relationship Id -> (Type, part name resolved against ``base``)."""
    result: dict[str, tuple[str, str]] = {}
    for rel in ET.fromstring(rels_xml).iter(f"{{{PKG_REL_NS}}}Relationship"):
        target = rel.attrib["Target"]
        part = target.lstrip("/") if target.startswith("/") else f"{base}{target}"
        result[rel.attrib["Id"]] = (rel.attrib["Type"], part)
    return result


def ribbon_part_name(parts: dict[str, bytes]) -> str:
    """The zip part that ``_rels/.rels`` declares as the ribbon (customUI)."""
    targets = [
        part
        for kind, part in _relationship_targets(parts["_rels/.rels"], "").values()
        if kind.startswith("http://schemas.microsoft.com/office/")
        and kind.endswith(RIBBON_REL_SUFFIX)
    ]
    if len(targets) != 1 or targets[0] not in parts:
        raise BuildError(f"expected one existing ribbon relationship, found {targets}")
    return targets[0]


def vba_facts(vba_bin: bytes) -> dict[str, str]:
    """What the build relies on from the (untouched) VBA project."""
    modules = vbaproject.read_modules(vba_bin)
    callbacks = sorted(vbaproject.ribbon_callbacks(modules))
    if len(callbacks) != 1:
        raise BuildError(f"expected one ribbon callback in the template VBA, found {callbacks}")
    callback = callbacks[0]
    body = vbaproject.procedure_source(modules, callback)
    variable = _one(_RUNMAIN_NAME_FROM_FILE, body, "module-name-from-file line").group(1)
    run = _one(_RUNMAIN_RUNPYTHON, body, "RunPython call")
    if {run.group(1).lower(), run.group(2).lower()} != {variable.lower()}:
        raise BuildError(f"{callback} no longer imports the module named after the file")
    xlwings_module = "\n".join(m.source for m in modules if m.name == "xlwings")
    module = OUTPUT_NAME.rsplit(".", 1)[0]
    version = _one(_VBA_XLWINGS_VERSION, xlwings_module, "XLWINGS_VERSION").group(1)
    return {
        "callback": callback,
        "project_name": _one(_PROJECT_NAME, xlwings_module, "PROJECT_NAME").group(1),
        "vba_xlwings_version": version,
        # Mirrors the VBA string concatenation exactly (no space after ';').
        "runpython_command": f"import {module};{module}.main()",
    }


def check_custom_ui(source: bytes, template_ui: bytes, callbacks: set[str]) -> None:
    """Refuse a ribbon that the template's VBA cannot serve."""
    try:
        root = ET.fromstring(source)
    except ET.ParseError as error:
        raise BuildError(f"customUI.xml is not well-formed XML: {error}") from None
    expected_tag = ET.fromstring(template_ui).tag
    if root.tag != expected_tag:
        raise BuildError(f"customUI root {root.tag} differs from the template's {expected_tag}")
    known = {c.lower() for c in callbacks}
    for element in root.iter():
        for attribute, value in element.attrib.items():
            # In RibbonX every on*/get* attribute (and loadImage) names a VBA callback.
            is_callback = attribute.startswith(("on", "get")) or attribute == "loadImage"
            if is_callback and value.lower() not in known:
                raise BuildError(
                    f"customUI.xml: {attribute}={value!r} is not a ribbon callback of the "
                    f"template VBA (available: {sorted(callbacks)})"
                )


def config_sheet(parts: dict[str, bytes], project_name: str) -> tuple[str, str]:
    """(current sheet name, worksheet part) of the add-in's own config sheet."""
    workbook = ET.fromstring(parts[WORKBOOK_PART])
    rels = _relationship_targets(parts[WORKBOOK_RELS_PART], "xl/")
    wanted = {f"_{project_name}.conf", f"{project_name}.conf"}
    found = [
        (sheet.attrib["name"], rels[sheet.attrib[f"{{{DOC_REL_NS}}}id"]][1])
        for sheet in workbook.iter(f"{{{MAIN_NS}}}sheet")
        if sheet.attrib["name"] in wanted
    ]
    if len(found) != 1:
        raise BuildError(f"expected one config sheet named {sorted(wanted)}, found {found}")
    return found[0]


def _shared_strings(sst_xml: bytes) -> list[str]:
    return [
        "".join(t.text or "" for t in si.iter(f"{{{MAIN_NS}}}t"))
        for si in ET.fromstring(sst_xml).iter(f"{{{MAIN_NS}}}si")
    ]


def _cell_text(cell: ET.Element, strings: list[str]) -> str | None:
    kind = cell.attrib.get("t")
    if kind == "s":
        value = cell.find(f"{{{MAIN_NS}}}v")
        return strings[int(value.text or "")] if value is not None else None
    if kind == "inlineStr":
        return "".join(t.text or "" for t in cell.iter(f"{{{MAIN_NS}}}t"))
    return None


def read_config(sheet_xml: bytes, sst_xml: bytes) -> dict[str, str]:
    """Key/value pairs (columns A/B) as xlwings' GetConfigFromSheet sees them."""
    strings = _shared_strings(sst_xml)
    cells = {c.attrib["r"]: c for c in ET.fromstring(sheet_xml).iter(f"{{{MAIN_NS}}}c")}
    config: dict[str, str] = {}
    for ref, cell in cells.items():
        key = _cell_text(cell, strings)
        if not ref.startswith("A") or key is None:
            continue
        value_cell = cells.get(f"B{ref[1:]}")
        value = _cell_text(value_cell, strings) if value_cell is not None else None
        config[key] = value or ""
    return config


def set_config_value(sheet_xml: str, sst_xml: str, key: str, value: str) -> tuple[str, str]:
    """Put ``value`` next to ``key`` as a shared-string cell; return (sheet, sst)."""
    strings = _shared_strings(sst_xml.encode("utf-8"))
    key_cells = [
        cell
        for cell in ET.fromstring(sheet_xml.encode("utf-8")).iter(f"{{{MAIN_NS}}}c")
        if cell.attrib["r"].startswith("A") and _cell_text(cell, strings) == key
    ]
    if len(key_cells) != 1:
        raise BuildError(f"expected one {key!r} row in the config sheet, found {len(key_cells)}")
    row = key_cells[0].attrib["r"][1:]
    if f'r="B{row}"' in sheet_xml:
        raise BuildError(f"B{row} already has a value in the template; update build_addin.py")

    # Shared strings: reuse an existing entry, else append one. `count` is the
    # number of string cells, `uniqueCount` the number of <si>; keep both true.
    if value in strings:
        index = strings.index(value)
    else:
        index = len(strings)
        new_si = f"<si><t>{escape(value)}</t></si></sst>"
        sst_xml = _replace_once(sst_xml, "</sst>", new_si, SHARED_STRINGS_PART)
    unique = len(strings) + int(index == len(strings))
    sst_tag = _one(re.compile(r"<sst\b[^>]*>"), sst_xml, "<sst> tag").group(0)
    new_tag = re.sub(r'\bcount="(\d+)"', lambda m: f'count="{int(m.group(1)) + 1}"', sst_tag)
    new_tag = re.sub(r'\buniqueCount="\d+"', f'uniqueCount="{unique}"', new_tag)
    sst_xml = sst_xml.replace(sst_tag, new_tag, 1)

    # Insert B<row> right after A<row>, with the same style as its key cell
    # (the template's existing B cells use that style too).
    key_cell = _one(
        re.compile(rf'<c r="A{row}"[^>]*?(?:/>|>.*?</c>)', re.S), sheet_xml, f"A{row} cell"
    ).group(0)
    style = re.search(r'\bs="(\d+)"', key_cell)
    style_attr = f' s="{style.group(1)}"' if style else ""
    value_cell = f'<c r="B{row}"{style_attr} t="s"><v>{index}</v></c>'
    sheet_xml = _replace_once(sheet_xml, key_cell, key_cell + value_cell, "config sheet")
    # `spans` is an optional hint of the row's first:last column; keep it honest.
    row_tag = _one(re.compile(rf'<row r="{row}"[^>]*>'), sheet_xml, f"row {row} tag").group(0)
    spans = re.search(r'\bspans="(\d+):(\d+)"', row_tag)
    if spans and int(spans.group(2)) < 2:
        fixed = row_tag.replace(spans.group(0), f'spans="{spans.group(1)}:2"')
        sheet_xml = sheet_xml.replace(row_tag, fixed, 1)
    dimension = re.search(r'<dimension ref="A1:([A-Z]+)\d+"', sheet_xml)
    if dimension is None or dimension.group(1) == "A":
        raise BuildError("config sheet <dimension> does not cover column B")
    return sheet_xml, sst_xml


def assemble(parts: dict[str, bytes]) -> bytes:
    """Zip the parts deterministically (order, timestamps, attributes, no compression)."""
    order = [p for p in LEADING_PARTS if p in parts] + sorted(
        p for p in parts if p not in LEADING_PARTS
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in order:
            info = zipfile.ZipInfo(name, FIXED_DATE_TIME)
            # ZIP_STORED: deflate output differs between zlib and zlib-ng builds,
            # which would make "same inputs -> same bytes" machine dependent.
            # OPC (ECMA-376 Part 2) allows stored and deflated parts alike.
            info.compress_type = zipfile.ZIP_STORED
            # ZipInfo defaults create_system to the host OS (0 on Windows, 3 elsewhere).
            info.create_system = 0
            info.external_attr = 0
            archive.writestr(info, parts[name])
    return buffer.getvalue()


def build(template: Template, custom_ui_source: bytes) -> BuildResult:
    """Pure function: template bytes + ribbon source -> add-in bytes and build info."""
    with zipfile.ZipFile(io.BytesIO(template.data)) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}

    facts = vba_facts(parts[VBA_PART])
    ribbon_part = ribbon_part_name(parts)
    # A Windows checkout may turn LF into CRLF; the shipped bytes must not depend on it.
    custom_ui = custom_ui_source.replace(b"\r\n", b"\n")
    check_custom_ui(custom_ui, parts[ribbon_part], {facts["callback"]})
    parts[ribbon_part] = custom_ui

    sheet_name, sheet_part = config_sheet(parts, facts["project_name"])
    active_name = f"{facts['project_name']}.conf"
    if sheet_name != active_name:
        workbook = parts[WORKBOOK_PART].decode("utf-8")
        parts[WORKBOOK_PART] = _replace_once(
            workbook, f'name="{sheet_name}"', f'name="{active_name}"', WORKBOOK_PART
        ).encode("utf-8")
        for name, data in parts.items():
            if name.endswith(".xml") and sheet_name.encode() in data:
                raise BuildError(f"{name} still refers to sheet {sheet_name!r}")

    sheet_xml, sst_xml = set_config_value(
        parts[sheet_part].decode("utf-8"),
        parts[SHARED_STRINGS_PART].decode("utf-8"),
        CONFIG_KEY,
        CONFIG_VALUE,
    )
    parts[sheet_part] = sheet_xml.encode("utf-8")
    parts[SHARED_STRINGS_PART] = sst_xml.encode("utf-8")
    # Re-read through an XML parser: proves well-formedness and the end result.
    if read_config(parts[sheet_part], parts[SHARED_STRINGS_PART]).get(CONFIG_KEY) != CONFIG_VALUE:
        raise BuildError(f"{CONFIG_KEY!r} did not end up as {CONFIG_VALUE!r}")

    xlam = assemble(parts)
    info = {
        "output": OUTPUT_NAME,
        "output_sha256": hashlib.sha256(xlam).hexdigest(),
        "template": f"xlwings/{TEMPLATE_NAME}",
        "template_sha256": hashlib.sha256(template.data).hexdigest(),
        "xlwings_version": template.xlwings_version,
        "vba_xlwings_version": facts["vba_xlwings_version"],
        "ribbon_callback": facts["callback"],
        "runpython_command": facts["runpython_command"],
        "config_sheet": active_name,
        "udf_modules": CONFIG_VALUE,
    }
    return BuildResult(xlam, info)


def check(result: BuildResult, out_dir: Path) -> list[str]:
    """Differences between files in ``out_dir`` and a fresh build (empty = up to date)."""
    problems = []
    for name, fresh in ((OUTPUT_NAME, result.xlam), (BUILD_INFO_NAME, result.info_json())):
        path = out_dir / name
        if not path.is_file():
            problems.append(f"{path} is missing")
            continue
        committed = path.read_bytes()
        if name == BUILD_INFO_NAME:  # text file: tolerate a CRLF checkout
            committed = committed.replace(b"\r\n", b"\n")
        if committed != fresh:
            problems.append(f"{path} differs from a fresh build")
    info_path = out_dir / BUILD_INFO_NAME
    if problems and info_path.is_file():
        recorded = json.loads(info_path.read_text("utf-8")).get("xlwings_version")
        if recorded != result.info["xlwings_version"]:
            problems.append(
                f"note: {BUILD_INFO_NAME} records xlwings {recorded}, installed is "
                f"{result.info['xlwings_version']}; rebuild and commit if the upgrade is intended"
            )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only compare, exit 1 on difference")
    parser.add_argument("--out-dir", type=Path, default=ADDIN_DIR, help="default: addin/")
    args = parser.parse_args(argv)
    try:
        result = build(locate_template(), CUSTOM_UI_SOURCE.read_bytes())
    except (BuildError, vbaproject.VBAFormatError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    out_dir: Path = args.out_dir
    if args.check:
        problems = check(result, out_dir)
        for problem in problems:
            print(problem, file=sys.stderr)
        if not problems:
            print(f"{out_dir / OUTPUT_NAME} is up to date ({result.info['output_sha256']})")
        return 1 if problems else 0
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / OUTPUT_NAME).write_bytes(result.xlam)
    (out_dir / BUILD_INFO_NAME).write_bytes(result.info_json())
    print(f"wrote {out_dir / OUTPUT_NAME} ({result.info['output_sha256']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
