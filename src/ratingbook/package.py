"""The package adapter: reads cells with python-calamine, writes by patching the .xlsx zip package.

Implements :class:`ratingbook.workbook.Book`, like :class:`ratingbook.xlsx.XlsxBook`, but never
loads the workbook into an object model, so it is fast and it loses nothing:

- reading: python-calamine (Rust) gives each sheet's values, cached values for formulas; Excel
  error cells and formulas that were never calculated, which calamine reports as empty, are found
  in the sheet's XML and handed over as ``"#N/A"``-like strings and :class:`tables.Uncalculated`;
- writing: the package is copied part by part. Untouched parts (other sheets, drawings, charts,
  images, pivot tables, macros...) are copied unchanged; a sheet that receives write blocks has
  only the target cells of its ``<sheetData>`` rewritten, keeping each cell's style; a generated
  sheet is written as a new part (or replaces its old part). Strings are written as inline
  strings, so text starting with ``=`` is never a formula and ``sharedStrings.xml`` is untouched;
- Excel recalculates dependent formulas on open: ``calcChain.xml`` is dropped and
  ``fullCalcOnLoad`` is set;
- workbook parts are parsed with defusedxml (no DTDs, no entities) and edited as text, so
  namespace prefixes, ``mc:Ignorable`` and extensions survive exactly;
- saving goes to a temporary file in the target's folder, then replaces the target atomically.

Reads see the file as it was loaded plus this object's pending writes; nothing reaches the disk
before :meth:`PackageBook.save`.
"""

from __future__ import annotations

import codecs
import contextlib
import datetime as _dt
import functools
import io
import itertools
import math
import os
import posixpath
import queue
import re
import struct
import threading
import urllib.parse
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import IO, Any
from xml.etree.ElementTree import Element
from xml.parsers import expat

import defusedxml.ElementTree as SafeET
import python_calamine
from defusedxml import DefusedXmlException

from ratingbook.errors import WorkbookError
from ratingbook.files import (
    MACRO_SUFFIXES,
    MAX_UNCOMPRESSED,
    atomic_save,
    check_package,
    check_save_target,
)
from ratingbook.tables import Grid, Uncalculated, column_letter, trim_grid
from ratingbook.workbook import KEEP, GeneratedSheet, WriteBlock

__all__ = ["PackageBook"]

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRICT_MAIN_NS = "http://purl.oclc.org/ooxml/spreadsheetml/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE_DOCUMENT_REL = REL_NS + "/officeDocument"
WORKSHEET_REL = REL_NS + "/worksheet"
STYLES_REL = REL_NS + "/styles"
CALC_CHAIN_REL = REL_NS + "/calcChain"
WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
STYLES_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"

# Parts we write are deflated at this level: 6 (zlib's default, as openpyxl and Excel) makes
# files about as small as theirs; the big generated sheets are the bulk of the time spent here.
COMPRESS_LEVEL = 6
# Pieces of XML text (cells and row tags) joined into one chunk before it is compressed:
# about 2 MB of text, so the deflate thread gets big bites and memory stays flat.
_CHUNK_PIECES = 40_000

# Excel's number formats for date and time values written into cells that have none
# (the formats openpyxl gives them, so both adapters write the same).
_DATE_FORMATS: dict[type, str] = {
    _dt.datetime: "yyyy-mm-dd h:mm:ss",
    _dt.date: "yyyy-mm-dd",
    _dt.time: "h:mm:ss",
    _dt.timedelta: "[hh]:mm:ss",
}
_WINDOWS_EPOCH = _dt.datetime(1899, 12, 30)
_MAC_EPOCH = _dt.datetime(1904, 1, 1)

# Elements of <workbook> that follow <calcPr>, in schema order (ECMA-376 part 1, 18.2.27).
_AFTER_CALC_PR = (
    "oleSize",
    "customWorkbookViews",
    "pivotCaches",
    "smartTagPr",
    "smartTagTypes",
    "webPublishing",
    "fileRecoveryPr",
    "webPublishObjects",
    "extLst",
)

# --- XML text helpers ---------------------------------------------------------------------------

# Characters XML 1.0 cannot hold at all (they are dropped), and lone surrogates.
_ILLEGAL_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_ENTITY = re.compile(r"&(#x[0-9A-Fa-f]+|#[0-9]+|amp|lt|gt|quot|apos);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_ATTRIBUTE = re.compile(r"([\w:.-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_CELL_REF = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]+)")
_XML_DECLARATION = re.compile(r"^<\?xml[^>]*\?>")


def _escape(text: str) -> str:
    """``text`` as XML character data: markup escaped, characters XML cannot hold dropped."""
    if _ILLEGAL_XML.search(text):
        text = _ILLEGAL_XML.sub("", text)
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if "\r" in text:
        # A bare CR would be read back as LF (XML end-of-line handling).
        text = text.replace("\r", "&#13;")
    return text


def _inline_text(text: str, p: str = "") -> str:
    """The ``<t>`` element of an inline string: ``text`` escaped, its spaces kept."""
    escaped = _escape(text)
    # Excel trims leading and trailing white space unless told to keep it.
    if escaped and (escaped[0] in " \t\n" or escaped[-1] in " \t\n" or "&#13;" in escaped):
        return f'<{p}t xml:space="preserve">{escaped}</{p}t>'
    return f"<{p}t>{escaped}</{p}t>"


def _escape_attribute(text: str) -> str:
    return _escape(text).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")


def _unescape(text: str) -> str:
    if "&" not in text:
        return text

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.startswith("#x"):
            return chr(int(name[2:], 16))
        if name.startswith("#"):
            return chr(int(name[1:]))
        return _NAMED[name]

    return _ENTITY.sub(replace, text)


def _attributes(text: str) -> dict[str, str]:
    """The attributes of a start tag's inside (after the element name), values unescaped."""
    return {
        m.group(1): _unescape(m.group(2) if m.group(2) is not None else m.group(3) or "")
        for m in _ATTRIBUTE.finditer(text)
    }


def _tag_attributes(element: str) -> dict[str, str]:
    """The attributes of an element's start tag."""
    match = re.match(r"<[^\s/>]+([^>]*)>", element)
    return _attributes(match.group(1)) if match else {}


def _set_attribute(start_tag: str, name: str, value: str) -> str:
    """``start_tag`` (``<x a="1">`` or ``<x/>``) with attribute ``name`` set to ``value``."""
    pattern = re.compile(r"(\s" + re.escape(name) + r"\s*=\s*)(\"[^\"]*\"|'[^']*')")
    if pattern.search(start_tag):
        return pattern.sub(lambda m: f'{m.group(1)}"{value}"', start_tag, count=1)
    end = len(start_tag) - (2 if start_tag.endswith("/>") else 1)
    return f'{start_tag[:end]} {name}="{value}"{start_tag[end:]}'


def _remove_attribute(start_tag: str, name: str) -> str:
    return re.sub(r"\s" + re.escape(name) + r"\s*=\s*(\"[^\"]*\"|'[^']*')", "", start_tag)


_ROW_NUMBER = re.compile(r"(?<![\w:.-])r\s*=\s*[\"'](\d+)[\"']")
_CELL_COLUMN = re.compile(r"(?<![\w:.-])r\s*=\s*[\"']\$?([A-Za-z]{1,3})\$?\d+[\"']")
_STYLE = re.compile(r"(?<![\w:.-])s\s*=\s*[\"'](\d+)[\"']")
# Row attributes that make an empty row mean something (a height, a format, hiding, outline).
_ROW_FORMATTING = re.compile(
    r"(?<![\w:.-])(?:customFormat|customHeight|hidden|collapsed|thickTop|thickBot)"
    r"\s*=\s*[\"'](?:1|true)[\"']|(?<![\w:.-])outlineLevel\s*=\s*[\"'][1-9]"
)


@functools.lru_cache(maxsize=1 << 14)
def _column_number(letters: str) -> int:
    column = 0
    for letter in letters.upper():
        column = column * 26 + ord(letter) - 64
    return column


def _split_ref(ref: str) -> tuple[int, int]:
    """Row and column (1-based) of a cell reference such as ``AB12``."""
    match = _CELL_REF.fullmatch(ref.strip())
    if match is None:
        raise WorkbookError(f"unreadable cell reference {ref!r} in a sheet")
    letters, digits = match.groups()
    column = 0
    for letter in letters.upper():
        column = column * 26 + ord(letter) - 64
    return int(digits), column


@functools.lru_cache(maxsize=1 << 14)
def _letter(column: int) -> str:
    return column_letter(column)


def _decode(data: bytes, part: str) -> str:
    """An XML part as text; hostile or undecodable XML is refused."""
    try:
        if data.startswith(codecs.BOM_UTF8):
            text = data[3:].decode("utf-8")
        elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            text = data.decode("utf-16")
            text = _XML_DECLARATION.sub('<?xml version="1.0" encoding="UTF-8"?>', text, count=1)
        else:
            text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise WorkbookError(f"part {part!r} of the workbook is not readable text") from None
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise WorkbookError(
            f"part {part!r} of the workbook contains forbidden XML (a document type definition); "
            "refusing it as possibly hostile"
        )
    return text


def _refuse_dtd(data: bytes, part: str) -> None:
    """Refuse a part holding a document type definition (entities: "billion laughs" and co)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        _decode(data, part)
    elif b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        _decode(data, part)  # raises, with the message


class _Forbidden(Exception):
    pass


def _forbid(*_: object) -> None:
    raise _Forbidden


def _check_xml(data: bytes, part: str) -> None:
    """Refuse a part that is not well-formed XML, or declares a DTD (calamine accepts both).

    expat runs at C speed here: no handlers but the ones that refuse.
    """
    _refuse_dtd(data, part)
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _forbid
    parser.EntityDeclHandler = _forbid
    try:
        parser.Parse(data, True)
    except _Forbidden:
        raise WorkbookError(
            f"part {part!r} of the workbook contains forbidden XML (a document type definition); "
            "refusing it as possibly hostile"
        ) from None
    except expat.ExpatError as error:
        raise WorkbookError(
            f"part {part!r} of the workbook is damaged: not well-formed XML "
            f"(line {error.lineno}, column {error.offset}: {expat.errors.messages[error.code]})"
        ) from None


def _parse(data: bytes, part: str) -> Element:
    """A small workbook part parsed safely (no DTD, no entities), for reading only."""
    try:
        return SafeET.fromstring(data, forbid_dtd=True)
    except (DefusedXmlException, SafeET.ParseError, ValueError) as error:
        raise WorkbookError(
            f"part {part!r} of the workbook is damaged or forbidden XML "
            f"({type(error).__name__}: {' '.join(str(error).split())})"
        ) from None


def _root_prefix(xml: str, local: str, part: str) -> str:
    """The namespace prefix (``""`` or ``"x:"``) of the root element ``local`` of ``xml``."""
    match = re.search(r"<(?:([A-Za-z_][\w.-]*):)?" + local + r"(?=[\s/>])([^>]*)>", xml)
    if match is None:
        raise WorkbookError(f"part {part!r} of the workbook has no <{local}> element")
    return f"{match.group(1)}:" if match.group(1) else ""


def _element_span(xml: str, p: str, local: str, start: int = 0) -> tuple[int, int, int, int] | None:
    """Where element ``local`` is: (start, end of start tag, start of end tag, end).

    A self-closing element has an empty inside (end of start tag == start of end tag == end).
    """
    match = re.compile(rf"<{re.escape(p)}{local}(?=[\s/>])[^>]*?(/?)>").search(xml, start)
    if match is None:
        return None
    if match.group(1):
        return match.start(), match.end(), match.end(), match.end()
    close = f"</{p}{local}>"
    end = xml.find(close, match.end())
    if end < 0:
        raise WorkbookError(f"unterminated <{local}> element in the workbook")
    return match.start(), match.end(), end, end + len(close)


def _relationship_prefix(xml: str) -> str | None:
    match = re.search(r'xmlns:([A-Za-z_][\w.-]*)\s*=\s*["\']' + re.escape(REL_NS) + "[\"']", xml)
    return match.group(1) if match else None


# --- package structure -----------------------------------------------------------------------


def _rels_part(part: str) -> str:
    """The relationships part of ``part`` (``""`` is the package itself)."""
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def _resolve(source: str, target: str) -> str:
    """The part a relationship of ``source`` points at, as a zip member name."""
    target = urllib.parse.unquote(target.split("#", 1)[0])
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def _relative(source: str, part: str) -> str:
    """A relationship target from ``source`` to ``part``."""
    return posixpath.relpath(part, posixpath.dirname(source) or ".")


@dataclass(frozen=True, slots=True)
class _Relationship:
    id: str
    type: str
    target: str
    external: bool


def _read_relationships(data: bytes, part: str) -> list[_Relationship]:
    root = _parse(data, part)
    found: list[_Relationship] = []
    for element in root.iter(f"{{{PACKAGE_REL_NS}}}Relationship"):
        found.append(
            _Relationship(
                id=element.get("Id", ""),
                type=element.get("Type", ""),
                target=element.get("Target", ""),
                external=element.get("TargetMode", "") == "External",
            )
        )
    return found


def _edit_relationships(
    xml: str, remove: set[str], add: Sequence[tuple[str, str, str]], part: str
) -> str:
    """Relationships XML with the ids in ``remove`` dropped and (id, type, target) appended."""
    p = re.escape(_root_prefix(xml, "Relationships", part))
    if remove:
        pattern = re.compile(
            rf"<{p}Relationship(?=[\s/>])([^>]*?)(?:/>|>.*?</{p}Relationship>)", re.S
        )
        xml = pattern.sub(
            lambda m: "" if _attributes(m.group(1)).get("Id") in remove else m.group(0), xml
        )
    if add:
        prefix = _root_prefix(xml, "Relationships", part)
        new = "".join(
            f'<{prefix}Relationship Id="{_escape_attribute(i)}" Type="{_escape_attribute(t)}" '
            f'Target="{_escape_attribute(target)}"/>'
            for i, t, target in add
        )
        xml = _insert_before_close(xml, prefix, "Relationships", new, part)
    return xml


def _insert_before_close(xml: str, p: str, local: str, new: str, part: str) -> str:
    span = _element_span(xml, p, local)
    if span is None:
        raise WorkbookError(f"part {part!r} of the workbook has no <{local}> element")
    start, open_end, close, end = span
    if open_end == end:  # self-closing: <x/> -> <x>new</x>
        tag = xml[start:open_end]
        return f"{xml[:start]}{tag[:-2].rstrip()}>{new}</{p}{local}>{xml[end:]}"
    return xml[:close] + new + xml[close:]


def _edit_content_types(xml: str, remove: set[str], add: Sequence[tuple[str, str]]) -> str:
    """[Content_Types].xml with the Overrides of parts in ``remove`` dropped, ``add`` appended."""
    part = "[Content_Types].xml"
    prefix = _root_prefix(xml, "Types", part)
    p = re.escape(prefix)
    names = {f"/{name}".casefold() for name in remove} | {n.casefold() for n, _ in add}
    if names:
        pattern = re.compile(rf"<{p}Override(?=[\s/>])([^>]*?)(?:/>|>.*?</{p}Override>)", re.S)
        xml = pattern.sub(
            lambda m: (
                ""
                if _attributes(m.group(1)).get("PartName", "").casefold() in names
                else m.group(0)
            ),
            xml,
        )
    if add:
        new = "".join(
            f'<{prefix}Override PartName="{_escape_attribute(name)}" '
            f'ContentType="{_escape_attribute(kind)}"/>'
            for name, kind in add
        )
        xml = _insert_before_close(xml, prefix, "Types", new, part)
    return xml


# --- styles ----------------------------------------------------------------------------------

_NEW_STYLES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<styleSheet xmlns="{MAIN_NS}">'
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    "</styleSheet>"
)


def _builtin_formats() -> dict[int, str]:
    from openpyxl.styles.numbers import BUILTIN_FORMATS

    return dict(BUILTIN_FORMATS)


def _is_date_format(code: str) -> bool:
    from openpyxl.styles.numbers import is_date_format

    return bool(is_date_format(code))


class _Styles:
    """xl/styles.xml: reads number formats, fonts and cell formats; appends the ones we need.

    Existing entries are reused when they match, so recalculating twice adds nothing the
    second time.
    """

    def __init__(self, xml: str | None, part: str) -> None:
        self.part = part
        self.created = xml is None
        self.xml = _NEW_STYLES if xml is None else xml
        self.p = _root_prefix(self.xml, "styleSheet", part)
        self.formats: dict[int, str] = _builtin_formats()
        self.custom_formats: dict[int, str] = {}
        for element in self._elements("numFmts", "numFmt"):
            attrs = _tag_attributes(element)
            with contextlib.suppress(KeyError, ValueError):
                self.custom_formats[int(attrs["numFmtId"])] = attrs["formatCode"]
        self.formats.update(self.custom_formats)
        self.fonts = self._elements("fonts", "font")
        self.xfs = self._elements("cellXfs", "xf")
        self.xf_attributes = [_tag_attributes(x) for x in self.xfs]
        self.new_formats: list[tuple[int, str]] = []
        self.new_fonts: list[str] = []
        self.new_xfs: list[str] = []
        self._bold: int | None = None
        # Set once styles.xml is rendered: a style chosen later would point at nothing.
        self.frozen = False

    @property
    def changed(self) -> bool:
        return self.created or bool(self.new_formats or self.new_fonts or self.new_xfs)

    def _elements(self, section: str, local: str) -> list[str]:
        span = _element_span(self.xml, self.p, section)
        if span is None:
            return []
        inside = self.xml[span[1] : span[2]]
        p = re.escape(self.p)
        pattern = re.compile(rf"<{p}{local}(?=[\s/>])[^>]*?(?:/>|>.*?</{p}{local}>)", re.S)
        return pattern.findall(inside)

    def number_format(self, code: str) -> int:
        """The id of number format ``code``, added to the workbook if it is not there."""
        for number, known in self.formats.items():
            if known == code:
                return number
        self._check_open()
        number = max([163, *self.formats]) + 1
        self.formats[number] = code
        self.new_formats.append((number, code))
        return number

    def bold_font(self) -> int:
        """A font like the default one, but bold (0 when the stylesheet has no fonts)."""
        if self._bold is not None:
            return self._bold
        self._bold = 0
        fonts = [*self.fonts, *self.new_fonts]
        if fonts:
            p = self.p
            base = fonts[0]
            if re.search(rf"<{re.escape(p)}b(?=[\s/>])", base):
                return 0
            if base.endswith("/>") and not base.endswith(f"</{p}font>"):
                bold = f"{base[:-2].rstrip()}><{p}b/></{p}font>"
            else:
                head = re.match(r"<[^>]*>", base)
                assert head is not None
                bold = f"{head.group(0)}<{p}b/>{base[head.end() :]}"
            if bold in fonts:
                self._bold = fonts.index(bold)
            else:
                self._check_open()
                self.new_fonts.append(bold)
                self._bold = len(fonts)
        return self._bold

    def cell_format(self, number_format: int, font: int = 0) -> int:
        """A plain cell format with this number format and font (an existing one if possible)."""
        everything = [*self.xfs, *self.new_xfs]
        for index, attrs in enumerate(self.xf_attributes):
            if (
                _int(attrs.get("numFmtId")) == number_format
                and _int(attrs.get("fontId")) == font
                and _int(attrs.get("fillId")) == 0
                and _int(attrs.get("borderId")) == 0
                and _int(attrs.get("xfId")) == 0
                and (number_format == 0 or _truthy(attrs.get("applyNumberFormat", "1")))
                and (font == 0 or _truthy(attrs.get("applyFont", "1")))
                and everything[index].endswith("/>")
            ):
                return index
        flags = (' applyNumberFormat="1"' if number_format else "") + (
            ' applyFont="1"' if font else ""
        )
        return self._add_xf(
            f'<{self.p}xf numFmtId="{number_format}" fontId="{font}" fillId="0" borderId="0" '
            f'xfId="0"{flags}/>'
        )

    def with_number_format(self, index: int, number_format: int) -> int:
        """Cell format ``index`` with its number format replaced (an existing one if possible)."""
        if not 0 <= index < len(self.xfs):
            return self.cell_format(number_format)
        base = self.xfs[index]
        head = re.match(r"<[^>]*>", base)
        assert head is not None
        tag = _set_attribute(head.group(0), "numFmtId", str(number_format))
        tag = _set_attribute(tag, "applyNumberFormat", "1")
        return self._add_xf(tag + base[head.end() :])

    def _add_xf(self, xml: str) -> int:
        everything = [*self.xfs, *self.new_xfs]
        if xml in everything:
            return everything.index(xml)
        self._check_open()
        self.new_xfs.append(xml)
        self.xf_attributes.append(_tag_attributes(xml))
        return len(everything)

    def _check_open(self) -> None:
        if self.frozen:
            raise AssertionError("a cell format was added after styles.xml was written")

    def is_date(self, index: int) -> bool:
        if not 0 <= index < len(self.xf_attributes):
            return False
        number = _int(self.xf_attributes[index].get("numFmtId"))
        return _is_date_format(self.formats.get(number, "General"))

    def render(self) -> str:
        self.frozen = True
        xml = self.xml
        if self.new_formats:
            new = "".join(
                f'<{self.p}numFmt numFmtId="{n}" formatCode="{_escape_attribute(code)}"/>'
                for n, code in self.new_formats
            )
            total = len(self.custom_formats) + len(self.new_formats)
            if _element_span(xml, self.p, "numFmts") is None:
                span = _element_span(xml, self.p, "styleSheet")
                assert span is not None
                xml = (
                    f'{xml[: span[1]]}<{self.p}numFmts count="{total}">{new}</{self.p}numFmts>'
                    f"{xml[span[1] :]}"
                )
            else:
                xml = self._append(xml, "numFmts", new, total)
        if self.new_fonts:
            xml = self._append(
                xml, "fonts", "".join(self.new_fonts), len(self.fonts) + len(self.new_fonts)
            )
        if self.new_xfs:
            xml = self._append(
                xml, "cellXfs", "".join(self.new_xfs), len(self.xfs) + len(self.new_xfs)
            )
        return xml

    def _append(self, xml: str, section: str, new: str, count: int) -> str:
        span = _element_span(xml, self.p, section)
        if span is None:
            raise WorkbookError(f"part {self.part!r} has no <{section}> element")
        start, open_end, close, end = span
        tag = xml[start:open_end]
        if open_end == end:
            tag = tag[:-2].rstrip() + ">"
            inside, tail = "", xml[end:]
        else:
            inside, tail = xml[open_end:close], xml[close + len(f"</{self.p}{section}>") :]
        tag = _set_attribute(tag, "count", str(count))
        return f"{xml[:start]}{tag}{inside}{new}</{self.p}{section}>{tail}"


def _int(value: str | None) -> int:
    try:
        return int(value) if value is not None else 0
    except ValueError:
        return -1


def _truthy(value: str) -> bool:
    return value.strip().lower() in ("1", "true")


# --- writing cells -----------------------------------------------------------------------------


class _CellWriter:
    """Turns Python values into ``<c>`` elements; knows the workbook's date system and styles."""

    def __init__(self, styles: Callable[[], _Styles], epoch: _dt.datetime) -> None:
        self._load_styles = styles
        self.epoch = epoch
        self._date_styles: dict[tuple[int, type], int] = {}

    def styles(self) -> _Styles:
        return self._load_styles()

    def date_style(self, style: int, kind: type) -> int:
        """A cell format showing a ``kind`` value: ``style`` itself if it shows dates already."""
        key = (style, kind)
        if key not in self._date_styles:
            styles = self.styles()
            if styles.is_date(style):
                self._date_styles[key] = style
            else:
                number = styles.number_format(_DATE_FORMATS[kind])
                self._date_styles[key] = styles.with_number_format(style, number)
        return self._date_styles[key]

    def cell(self, p: str, ref: str, style: str | None, value: object) -> str:
        """The ``<c>`` element for ``value`` in cell ``ref`` (``""`` for an unstyled empty cell)."""
        if value is None:
            return f'<{p}c r="{ref}" s="{style}"/>' if style is not None else ""
        s = f' s="{style}"' if style is not None else ""
        if isinstance(value, str):
            return (
                f'<{p}c r="{ref}"{s} t="inlineStr"><{p}is>{_inline_text(value, p)}</{p}is></{p}c>'
            )
        if isinstance(value, bool):
            return f'<{p}c r="{ref}"{s} t="b"><{p}v>{int(value)}</{p}v></{p}c>'
        if isinstance(value, int):
            return f'<{p}c r="{ref}"{s}><{p}v>{value}</{p}v></{p}c>'
        if isinstance(value, float | Decimal):
            if not math.isfinite(value):
                return f'<{p}c r="{ref}"{s} t="e"><{p}v>#NUM!</{p}v></{p}c>'
            return f'<{p}c r="{ref}"{s}><{p}v>{_number(value)}</{p}v></{p}c>'
        if isinstance(value, _dt.date | _dt.time | _dt.timedelta):
            kind = next(k for k in _DATE_FORMATS if isinstance(value, k))
            serial = _serial(value, self.epoch)
            date_style = self.date_style(_int(style) if style is not None else 0, kind)
            return f'<{p}c r="{ref}" s="{date_style}"><{p}v>{_number(serial)}</{p}v></{p}c>'
        raise TypeError(f"cannot write {value!r} ({type(value).__name__}) into a cell")


def _number(value: float | Decimal) -> str:
    if isinstance(value, Decimal):
        return str(value)
    # 16 significant digits, as openpyxl writes them: both adapters give the same values (and
    # Excel shows 15).
    return f"{value:.16g}"


def _serial(value: _dt.date | _dt.time | _dt.timedelta, epoch: _dt.datetime) -> float:
    """Excel's serial number for a date, time or duration (days since the workbook's epoch)."""
    if isinstance(value, _dt.timedelta):
        return value.total_seconds() / 86400
    if isinstance(value, _dt.time):
        return (
            value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6
        ) / 86400
    moment = value if isinstance(value, _dt.datetime) else _dt.datetime.combine(value, _dt.time())
    moment = moment.replace(tzinfo=None)
    delta = moment - epoch
    days = delta.days
    # Excel's 1900 system counts a 29 February 1900 that never was: dates before 1 March shift.
    if epoch == _WINDOWS_EPOCH and 0 < days <= 60:
        days -= 1
    return days + delta.seconds / 86400 + delta.microseconds / 86400e6


# --- worksheet XML ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _SheetPatterns:
    p: str
    sheet_data: re.Pattern[str]
    row: re.Pattern[str]
    cell: re.Pattern[str]
    formula: re.Pattern[str]
    value: re.Pattern[str]
    dimension: re.Pattern[str]
    row_close: str
    cell_close: str


@functools.lru_cache(maxsize=8)
def _patterns(p: str) -> _SheetPatterns:
    q = re.escape(p)
    return _SheetPatterns(
        p=p,
        sheet_data=re.compile(rf"<{q}sheetData(?=[\s/>])[^>]*?(/?)>"),
        row=re.compile(rf"<{q}row(?=[\s/>])([^>]*?)(/?)>"),
        cell=re.compile(rf"<{q}c(?=[\s/>])([^>]*?)(/?)>"),
        formula=re.compile(rf"<{q}f(?=[\s/>])([^>]*?)(?:/>|>(.*?)</{q}f>)", re.S),
        value=re.compile(rf"<{q}v(?=[\s/>])[^>]*?(?:/>|>(.*?)</{q}v>)", re.S),
        dimension=re.compile(rf"<{q}dimension(?=[\s/>])[^>]*?/?>"),
        row_close=f"</{p}row>",
        cell_close=f"</{p}c>",
    )


@dataclass(slots=True)
class _SheetXml:
    """A worksheet part split around the inside of its ``<sheetData>``."""

    patterns: _SheetPatterns
    head: str
    body: str
    tail: str

    @classmethod
    def split(cls, xml: str, part: str) -> _SheetXml:
        patterns = _patterns(_root_prefix(xml, "worksheet", part))
        match = patterns.sheet_data.search(xml)
        if match is None:
            raise WorkbookError(f"sheet part {part!r} has no <sheetData>")
        p = patterns.p
        if match.group(1):
            head = f"{xml[: match.start()]}<{p}sheetData>"
            body, tail = "", f"</{p}sheetData>{xml[match.end() :]}"
        else:
            end = xml.find(f"</{p}sheetData>", match.end())
            if end < 0:
                raise WorkbookError(f"sheet part {part!r} has an unterminated <sheetData>")
            head, body, tail = xml[: match.end()], xml[match.end() : end], xml[end:]
        if "<!--" in body or "<![CDATA[" in body or "<?" in body:
            raise WorkbookError(
                f"sheet part {part!r} holds XML comments, CDATA or processing instructions "
                "among its cells, which ratingbook does not rewrite; save the file from Excel "
                "first (or use --engine openpyxl)"
            )
        return cls(patterns, head, body, tail)

    def rows(self) -> Iterator[tuple[int, int, int, str, str | None, bool]]:
        """Each row: (number, start, end, attributes, inside or None, has an ``r``)."""
        return _elements(
            self.body,
            self.patterns.row,
            self.patterns.row_close,
            _row_number,
            "<row>",
            "a sheet's rows are out of order (row {position} after row {previous})",
        )

    def cells(self, inside: str) -> Iterator[tuple[int, int, int, str, str | None, bool]]:
        """Each cell of a row: (column, start, end, attributes, inside or None, has an ``r``)."""
        return _elements(
            inside,
            self.patterns.cell,
            self.patterns.cell_close,
            _cell_column,
            "<c>",
            "a sheet's cells are out of order within a row",
        )


def _row_number(attrs: str) -> int | None:
    match = _ROW_NUMBER.search(attrs)
    return int(match.group(1)) if match else None


def _cell_column(attrs: str) -> int | None:
    match = _CELL_COLUMN.search(attrs)
    return _column_number(match.group(1)) if match else None


def _elements(
    text: str,
    pattern: re.Pattern[str],
    close: str,
    position_of: Callable[[str], int | None],
    tag: str,
    out_of_order: str,
) -> Iterator[tuple[int, int, int, str, str | None, bool]]:
    """The <row>s of sheet data, or the <c>s of a row, in order: (position, start, end,
    attributes, inside or None when empty, whether the position was written). An element
    without an ``r`` attribute follows the previous one, as the file format says."""
    previous = 0
    at = 0
    while True:
        match = pattern.search(text, at)
        if match is None:
            return
        attrs = match.group(1)
        if match.group(2):
            inside: str | None = None
            end = match.end()
        else:
            stop = text.find(close, match.end())
            if stop < 0:
                raise WorkbookError(f"a sheet has an unterminated {tag} element")
            inside = text[match.end() : stop]
            end = stop + len(close)
        written = position_of(attrs)
        position = written if written is not None else previous + 1
        if position <= previous:
            raise WorkbookError(out_of_order.format(position=position, previous=previous))
        yield position, match.start(), end, attrs, inside, written is not None
        previous = position
        at = end


def _special_cells(data: bytes, part: str) -> dict[tuple[int, int], object]:
    """Error cells and never-calculated formulas of a sheet, which calamine reads as empty.

    Returns {(row, column): value}: the error text (``"#N/A"``) or an :class:`Uncalculated`
    holding the formula.
    """
    _refuse_dtd(data, part)
    if not (_HAS_FORMULA.search(data) or _HAS_ERROR.search(data)):
        return {}
    sheet = _SheetXml.split(_decode(data, part), part)
    patterns = sheet.patterns
    p = patterns.p
    markers = (f"<{p}f>", f"<{p}f ", f"<{p}f/")
    found: dict[tuple[int, int], object] = {}
    masters: dict[str, tuple[str, str]] = {}
    for row, _, _, _, inside, _ in sheet.rows():
        if not inside or not (any(m in inside for m in markers) or _ERROR_TEXT.search(inside)):
            continue
        for column, _, _, attrs_text, content, _ in sheet.cells(inside):
            if content is None:
                continue
            attrs = _attributes(attrs_text)
            kind = attrs.get("t", "n")
            value = patterns.value.search(content)
            cached = value.group(1) if value else None
            if kind == "e":
                if cached:
                    found[row, column] = _unescape(cached).strip()
                continue
            formula = patterns.formula.search(content)
            if formula is None:
                continue
            ref = f"{_letter(column)}{row}"
            f_attrs = _attributes(formula.group(1))
            text = _unescape(formula.group(2) or "")
            if f_attrs.get("t") == "shared" and "si" in f_attrs:
                if "ref" in f_attrs and text:
                    masters[f_attrs["si"]] = (text, ref)
                elif not text and f_attrs["si"] in masters:
                    text = _translate(*masters[f_attrs["si"]], ref)
            has_value = value is not None and (bool(cached) or kind in ("str", "inlineStr"))
            if not has_value and kind != "inlineStr":
                found[row, column] = Uncalculated(f"={text}")
    return found


_HAS_FORMULA = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?f[\s/>]")
_HAS_ERROR = re.compile(rb"\st\s*=\s*[\"']e[\"']")
_ERROR_TEXT = re.compile(r"\st\s*=\s*[\"']e[\"']")


def _translate(formula: str, origin: str, target: str) -> str:
    """A shared formula of cell ``origin`` as it reads in cell ``target``."""
    from openpyxl.formula.translate import Translator

    try:
        return str(Translator(f"={formula}", origin=origin).translate_formula(target))[1:]
    except Exception:  # openpyxl's tokenizer rejects some formulas; keep the text then
        return formula


def _patch_sheet(
    xml: str, writes: Mapping[int, Mapping[int, object]], writer: _CellWriter, part: str
) -> str:
    """The worksheet ``xml`` with the cells in ``writes`` ({row: {column: value}}) replaced.

    Every other row and cell is copied as it is. A replaced cell keeps its style ``s`` and
    loses its formula; if it held the master of a shared formula, the other cells of that
    shared formula get their own copy of it, so they keep working.
    """
    sheet = _SheetXml.split(xml, part)
    patterns = sheet.patterns
    p = patterns.p
    body = sheet.body
    targets = sorted(writes)
    out: list[str] = []
    copied = 0  # body[copied:position] is still to be copied as it is
    next_target = 0
    masters: dict[str, tuple[str, str]] = {}  # shared formulas whose master cell was replaced
    for number, start, end, attrs, inside, has_ref in sheet.rows():
        while next_target < len(targets) and targets[next_target] < number:
            out.append(body[copied:start])
            copied = start
            out.append(_new_row(p, targets[next_target], writes[targets[next_target]], writer))
            next_target += 1
        if next_target < len(targets) and targets[next_target] == number:
            row_writes: Mapping[int, object] = writes[number]
            next_target += 1
        elif masters and inside is not None and "shared" in inside:
            row_writes = {}
        elif has_ref:
            continue
        else:
            # A row without its number: give it one, so rows inserted before it keep theirs.
            out.append(body[copied:start])
            out.append(f'<{p}row r="{number}"{attrs}' + body[start:end][len(f"<{p}row{attrs}") :])
            copied = end
            continue
        out.append(body[copied:start])
        out.append(_patch_row(sheet, number, attrs, inside, row_writes, writer, masters))
        copied = end
    out.append(body[copied:])
    while next_target < len(targets):
        out.append(_new_row(p, targets[next_target], writes[targets[next_target]], writer))
        next_target += 1
    head = _grow_dimension(sheet.head, patterns, writes)
    return head + "".join(out) + sheet.tail


def _new_row(p: str, number: int, values: Mapping[int, object], writer: _CellWriter) -> str:
    cells = "".join(
        writer.cell(p, f"{_letter(c)}{number}", None, values[c]) for c in sorted(values)
    )
    return f'<{p}row r="{number}">{cells}</{p}row>' if cells else ""


def _patch_row(
    sheet: _SheetXml,
    number: int,
    attrs: str,
    inside: str | None,
    writes: Mapping[int, object],
    writer: _CellWriter,
    masters: dict[str, tuple[str, str]],
) -> str:
    p = sheet.patterns.p
    out: list[str] = []
    columns = sorted(writes)
    next_write = 0
    added = False
    copied = 0
    inside = inside or ""
    for column, start, end, cell_attrs, content, has_ref in sheet.cells(inside):
        while next_write < len(columns) and columns[next_write] < column:
            out.append(inside[copied:start])
            copied = start
            c = columns[next_write]
            new = writer.cell(p, f"{_letter(c)}{number}", None, writes[c])
            added = added or bool(new)
            out.append(new)
            next_write += 1
        if next_write < len(columns) and columns[next_write] == column:
            ref = f"{_letter(column)}{number}"
            if content and "shared" in content:
                _note_shared_master(sheet.patterns, content, ref, masters)
            style = _STYLE.search(cell_attrs)
            out.append(inside[copied:start])
            out.append(writer.cell(p, ref, style.group(1) if style else None, writes[column]))
            copied = end
            next_write += 1
            continue
        shared = masters and content is not None and "shared" in content
        if has_ref and not shared:
            continue
        ref = f"{_letter(column)}{number}"
        out.append(inside[copied:start])
        element = inside[start:end]
        if not has_ref:
            element = f'<{p}c r="{ref}"' + element[len(f"<{p}c") :]
        if shared and content is not None:
            element = _unshare(sheet.patterns, element, ref, masters)
        out.append(element)
        copied = end
    if next_write >= len(columns):
        out.append(inside[copied:])
    else:
        # Cells after the last one: before anything that follows the cells (an <extLst>).
        tail = inside[copied:]
        out_cells: list[str] = []
        while next_write < len(columns):
            c = columns[next_write]
            new = writer.cell(p, f"{_letter(c)}{number}", None, writes[c])
            added = added or bool(new)
            out_cells.append(new)
            next_write += 1
        extension = tail.find(f"<{p}extLst")
        if extension < 0:
            out.append(tail + "".join(out_cells))
        else:
            out.append(tail[:extension] + "".join(out_cells) + tail[extension:])
    cells = "".join(out)
    if not cells.strip() and not _ROW_FORMATTING.search(attrs):
        return ""  # emptied, and nothing about the row itself to keep (as openpyxl does)
    start_tag = f"<{p}row{attrs}>"
    if not _ROW_NUMBER.search(attrs):
        start_tag = f'<{p}row r="{number}"{attrs}>'
    if added:
        # "spans" is only an optimisation hint; drop it rather than let it be wrong.
        start_tag = _remove_attribute(start_tag, "spans")
    return f"{start_tag}{cells}</{p}row>"


def _note_shared_master(
    patterns: _SheetPatterns, content: str, ref: str, masters: dict[str, tuple[str, str]]
) -> None:
    formula = patterns.formula.search(content)
    if formula is None:
        return
    attrs = _attributes(formula.group(1))
    if attrs.get("t") == "shared" and "ref" in attrs and "si" in attrs and formula.group(2):
        masters[attrs["si"]] = (_unescape(formula.group(2)), ref)


def _unshare(
    patterns: _SheetPatterns, element: str, ref: str, masters: Mapping[str, tuple[str, str]]
) -> str:
    """A cell of a shared formula whose master was replaced, with the formula written out."""
    formula = patterns.formula.search(element)
    if formula is None:
        return element
    attrs = _attributes(formula.group(1))
    if attrs.get("t") != "shared" or attrs.get("si") not in masters or "ref" in attrs:
        return element
    text = _translate(*masters[attrs["si"]], ref)
    p = patterns.p
    return element[: formula.start()] + f"<{p}f>{_escape(text)}</{p}f>" + element[formula.end() :]


def _grow_dimension(
    head: str, patterns: _SheetPatterns, writes: Mapping[int, Mapping[int, object]]
) -> str:
    match = patterns.dimension.search(head)
    if match is None:
        return head
    cells = [(r, c) for r, line in writes.items() for c, v in line.items() if v is not None]
    if not cells:
        return head
    ref = _attributes(match.group(0)).get("ref", "")
    try:
        corners = [_split_ref(part) for part in ref.split(":")] if ref else []
    except WorkbookError:
        corners = []
    if corners and corners[0] == (1, 1) and len(corners) == 1:
        corners = []  # "A1" is what some programs write for any sheet: not a real extent
    rows = [r for r, _ in corners] + [r for r, _ in cells]
    columns = [c for _, c in corners] + [c for _, c in cells]
    first = f"{_letter(min(columns))}{min(rows)}"
    last = f"{_letter(max(columns))}{max(rows)}"
    new_ref = first if first == last else f"{first}:{last}"
    if new_ref == ref:
        return head
    tag = _set_attribute(match.group(0), "ref", new_ref)
    return head[: match.start()] + tag + head[match.end() :]


# --- generated sheets ------------------------------------------------------------------------

_SHEET_START = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<worksheet xmlns="{MAIN_NS}" xmlns:r="{REL_NS}">'
)


def _generated_sheet_xml(
    sheet: GeneratedSheet, writer: _CellWriter, tab_selected: bool
) -> Iterator[str]:
    """The XML of a generated sheet, in chunks: bold header, frozen, widths, number formats."""
    styles = writer.styles()
    width = max([len(sheet.header), *(len(row) for row in sheet.rows)])
    letters = [_letter(c + 1) for c in range(max(width, 1))]
    header_style = styles.cell_format(0, styles.bold_font())
    column_styles = [0] * len(letters)
    for c, code in sheet.number_formats.items():
        if 0 <= c < len(letters):
            column_styles[c] = styles.cell_format(styles.number_format(code))
    # Date values get a date format (unless their column has one): choose those formats now,
    # before styles.xml is written.
    kinds = set(map(type, itertools.chain.from_iterable(sheet.rows)))
    for kind in list(kinds):
        base = next((k for k in _DATE_FORMATS if issubclass(kind, k)), None)
        if base is not None:
            for style in set(column_styles):
                writer.date_style(style, base)
    last_row = len(sheet.rows) + 1
    selected = ' tabSelected="1"' if tab_selected else ""
    widths = "".join(
        f'<col min="{c + 1}" max="{c + 1}" '
        f'width="{float(sheet.widths.get(c, max(10.0, len(title) + 2.0))):g}" customWidth="1"/>'
        for c, title in enumerate(sheet.header)
    )
    yield (
        f'{_SHEET_START}<dimension ref="A1:{letters[-1]}{last_row}"/>'
        f'<sheetViews><sheetView{selected} workbookViewId="0">'
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
        '<sheetFormatPr defaultRowHeight="15"/>'
        + (f"<cols>{widths}</cols>" if widths else "")
        + "<sheetData>"
    )
    bold = f' s="{header_style}"' if header_style else ""
    header = "".join(
        f'<c r="{letters[c]}1"{bold} t="inlineStr"><is>{_inline_text(str(title))}</is></c>'
        for c, title in enumerate(sheet.header)
    )
    yield f'<row r="1">{header}</row>'
    yield from _generated_rows(sheet.rows, letters, column_styles, writer)
    yield (
        '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" '
        'header="0.3" footer="0.3"/></worksheet>'
    )


def _generated_rows(
    rows: Sequence[Sequence[Any]], letters: list[str], styles: list[int], writer: _CellWriter
) -> Iterator[str]:
    """The hot path: rows of a generated sheet (tens of thousands of rows, ~15 cells each)."""
    # Per column: the text before the row number, and after it for a number or a text.
    style_attributes = [f' s="{s}"' if s else "" for s in styles]
    number_open = [f'<c r="{letter}' for letter in letters]
    number_close = [f'"{a}><v>' for a in style_attributes]
    text_close = [f'"{a} t="inlineStr"><is>' for a in style_attributes]
    escaped: dict[str, str] = {}
    chunk: list[str] = []
    append = chunk.append
    for n, values in enumerate(rows, start=2):
        row = str(n)
        append(f'<row r="{row}">')
        for c, value in enumerate(values):
            kind = value.__class__
            if kind is int:
                append(f"{number_open[c]}{row}{number_close[c]}{value}</v></c>")
            elif kind is str:
                text = escaped.get(value)
                if text is None:
                    text = escaped[value] = _inline_text(value)
                append(f"{number_open[c]}{row}{text_close[c]}{text}</is></c>")
            elif value is None:
                continue
            elif kind is float and math.isfinite(value):
                append(f"{number_open[c]}{row}{number_close[c]}{_number(value)}</v></c>")
            else:
                style = str(styles[c]) if styles[c] else None
                append(writer.cell("", f"{letters[c]}{row}", style, value))
        append("</row>")
        if len(chunk) > _CHUNK_PIECES:
            yield "".join(chunk)
            chunk.clear()
    if chunk:
        yield "".join(chunk)


# --- the book --------------------------------------------------------------------------------


@dataclass(slots=True)
class _SheetEntry:
    """A sheet of the workbook, as listed in workbook.xml (or added by us)."""

    name: str
    kind: str  # "worksheet", "chartsheet", "dialogsheet", "xlMacrosheet", ...
    part: str | None
    element: str | None  # the original <sheet/> element; None for a sheet we add
    position: int | None  # its original position; None for a sheet we add
    sheet_id: int = 0
    rid: str = ""


@dataclass(slots=True)
class _Edits:
    """What a sheet will become: a generated sheet (or its original part) plus write blocks."""

    generated: GeneratedSheet | None = None
    blocks: list[WriteBlock] = field(default_factory=list)


class PackageBook:
    """A workbook file, read with python-calamine and written by patching its zip package.

    Implements the :class:`ratingbook.workbook.Book` interface, plus :meth:`save`, like
    :class:`ratingbook.xlsx.XlsxBook`. Nothing is lost on saving, so :attr:`uncarried` is
    always empty and :meth:`refuse_in_place` never refuses.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        check_package(self.path)
        self.uncarried: list[str] = []
        self.keep_vba = self.path.suffix.lower() in MACRO_SUFFIXES
        try:
            self._data = self.path.read_bytes()
            self._zip = zipfile.ZipFile(io.BytesIO(self._data))
        except (OSError, zipfile.BadZipFile, ValueError) as error:
            raise WorkbookError(f"{str(self.path)!r} cannot be read: {error}") from None
        self._infos = self._zip.infolist()
        self._check_members()
        self._names = {info.filename.casefold(): info.filename for info in self._infos}
        self._calamine: python_calamine.CalamineWorkbook | None = None
        self._styles: _Styles | None = None
        self._edits: dict[str, _Edits] = {}
        self._load_structure()

    # --- reading the package -------------------------------------------------------------------

    def _check_members(self) -> None:
        name = str(self.path)
        seen: set[str] = set()
        total = 0
        for info in self._infos:
            key = info.filename.casefold()
            if key in seen:
                raise WorkbookError(f"{name!r} is damaged: it holds part {info.filename!r} twice")
            seen.add(key)
            if info.flag_bits & 0x1:
                raise WorkbookError(f"{name!r} has encrypted parts; remove the password first")
            total += info.file_size
        if total > MAX_UNCOMPRESSED:
            raise WorkbookError(f"{name!r} claims {total:,} bytes once unpacked: refusing it")

    def _has(self, part: str) -> bool:
        return part.casefold() in self._names

    def _member(self, part: str) -> str:
        return self._names[part.casefold()]

    def _read(self, part: str) -> bytes:
        try:
            return self._zip.read(self._member(part))
        except KeyError:
            raise WorkbookError(f"{str(self.path)!r} has no part {part!r}") from None
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError) as error:
            raise WorkbookError(f"{str(self.path)!r} is damaged: part {part!r}: {error}") from None

    def _relationships(self, part: str) -> list[_Relationship]:
        rels = _rels_part(part)
        if not self._has(rels):
            return []
        return _read_relationships(self._read(rels), rels)

    def _load_structure(self) -> None:
        self.workbook_part = "xl/workbook.xml"
        for root_rel in self._relationships(""):
            if root_rel.type == OFFICE_DOCUMENT_REL and not root_rel.external:
                self.workbook_part = _resolve("", root_rel.target)
                break
        if not self._has(self.workbook_part):
            raise WorkbookError(f"{str(self.path)!r} is a zip file but not an Excel workbook")
        if self._has("[Content_Types].xml"):
            _check_xml(self._read("[Content_Types].xml"), "[Content_Types].xml")
        self.workbook_part = self._member(self.workbook_part)
        data = self._read(self.workbook_part)
        root = _parse(data, self.workbook_part)
        if root.tag == f"{{{STRICT_MAIN_NS}}}workbook":
            raise WorkbookError(
                f"{str(self.path)!r} is saved as 'Strict Open XML Spreadsheet', which ratingbook "
                "does not write; save it from Excel as 'Excel Workbook (.xlsx)'"
            )
        if root.tag != f"{{{MAIN_NS}}}workbook":
            raise WorkbookError(f"{str(self.path)!r} does not hold an Excel workbook part")
        self._workbook_xml = _decode(data, self.workbook_part)
        properties = root.find(f"{{{MAIN_NS}}}workbookPr")
        date1904 = properties is not None and _truthy(properties.get("date1904", "0"))
        self._epoch = _MAC_EPOCH if date1904 else _WINDOWS_EPOCH
        self._workbook_rels = self._relationships(self.workbook_part)
        by_id = {rel.id: rel for rel in self._workbook_rels}
        prefix = _root_prefix(self._workbook_xml, "workbook", self.workbook_part)
        span = _element_span(self._workbook_xml, prefix, "sheets")
        elements = (
            re.findall(
                rf"<{re.escape(prefix)}sheet(?=[\s/>])[^>]*?(?:/>|>\s*</{re.escape(prefix)}sheet>)",
                self._workbook_xml[span[1] : span[2]],
            )
            if span
            else []
        )
        parsed = root.findall(f"{{{MAIN_NS}}}sheets/{{{MAIN_NS}}}sheet")
        if len(elements) != len(parsed):
            raise WorkbookError(f"{str(self.path)!r}: the workbook's sheet list is unreadable")
        self._sheets: list[_SheetEntry] = []
        for position, (element, text) in enumerate(zip(parsed, elements, strict=True)):
            rel = by_id.get(element.get(f"{{{REL_NS}}}id", ""))
            part = None
            kind = "missing"
            if rel is not None and not rel.external:
                kind = rel.type.rsplit("/", 1)[-1]
                resolved = _resolve(self.workbook_part, rel.target)
                part = self._member(resolved) if self._has(resolved) else None
            if kind in ("worksheet", "missing") and part is None:
                raise WorkbookError(
                    f"{str(self.path)!r} is damaged: sheet {element.get('name', '')!r} "
                    "has no worksheet part"
                )
            self._sheets.append(
                _SheetEntry(
                    name=element.get("name", ""),
                    kind=kind,
                    part=part,
                    element=text,
                    position=position,
                    sheet_id=_int(element.get("sheetId")),
                    rid=element.get(f"{{{REL_NS}}}id", ""),
                )
            )

    def _worksheet(self, name: str) -> _SheetEntry:
        for entry in self._sheets:
            if entry.kind == "worksheet" and entry.name == name:
                return entry
        for entry in self._sheets:
            if entry.kind == "worksheet" and entry.name.casefold() == name.casefold():
                return entry
        raise WorkbookError(f"{str(self.path)!r} has no worksheet {name!r}")

    def _calamine_book(self) -> python_calamine.CalamineWorkbook:
        if self._calamine is None:
            # calamine resolves no entities, but reads on past some: refuse them before it does.
            for rel in self._workbook_rels:
                part = _resolve(self.workbook_part, rel.target)
                readable = not rel.external and rel.type != WORKSHEET_REL
                if readable and part.endswith(".xml") and self._has(part):
                    _check_xml(self._read(part), part)
            try:
                self._calamine = python_calamine.CalamineWorkbook.from_filelike(
                    io.BytesIO(self._data)
                )
            except Exception as error:  # calamine raises its own errors and others
                raise WorkbookError(
                    f"{str(self.path)!r} cannot be read as a workbook: {_explain(error)}"
                ) from None
        return self._calamine

    # --- Book interface ------------------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        # Chart sheets and dialog sheets hold no cells: only worksheets are listed.
        return [entry.name for entry in self._sheets if entry.kind == "worksheet"]

    def read_values(self, sheet: str) -> Grid:
        entry = self._worksheet(sheet)
        edits = self._edits.get(entry.part or "")
        if edits is not None and edits.generated is not None:
            grid: Grid = edits.generated.grid()
        else:
            grid = self._read_file_values(entry)
        if edits is not None:
            for block in edits.blocks:
                _overlay(grid, block)
        return trim_grid(grid)

    def _read_file_values(self, entry: _SheetEntry) -> Grid:
        assert entry.part is not None
        try:
            raw = (
                self._calamine_book().get_sheet_by_name(entry.name).to_python(skip_empty_area=False)
            )
        except WorkbookError:
            raise
        except Exception as error:
            raise WorkbookError(
                f"{str(self.path)!r}: sheet {entry.name!r} cannot be read: {_explain(error)}"
            ) from None
        grid = _plain_values(raw)
        data = self._read(entry.part)
        _check_xml(data, entry.part)
        for (row, column), value in _special_cells(data, entry.part).items():
            while len(grid) < row:
                grid.append([])
            line = grid[row - 1]
            if len(line) < column:
                line.extend([None] * (column - len(line)))
            line[column - 1] = value
        return grid

    def write_values(self, block: WriteBlock) -> None:
        entry = self._worksheet(block.sheet)
        if block.row < 1 or block.column < 1:
            raise WorkbookError(f"cannot write to row {block.row}, column {block.column}")
        self._edits.setdefault(self._part_of(entry), _Edits()).blocks.append(block)

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        existing = next(
            (e for e in self._sheets if e.name.casefold() == sheet.name.casefold()), None
        )
        if existing is not None and existing.kind != "worksheet":
            raise WorkbookError(
                f"{str(self.path)!r} has a {existing.kind} named {existing.name!r}; rename it "
                f"so ratingbook can write its {sheet.name!r} sheet"
            )
        if existing is None:
            existing = self._add_sheet(sheet)
        self._edits[self._part_of(existing)] = _Edits(generated=sheet)

    @staticmethod
    def _part_of(entry: _SheetEntry) -> str:
        assert entry.part is not None  # worksheets without a part are refused on loading
        return entry.part

    def _add_sheet(self, sheet: GeneratedSheet) -> _SheetEntry:
        index = len(self._sheets)
        if sheet.after is not None:
            for i, entry in enumerate(self._sheets):
                if entry.kind == "worksheet" and entry.name.casefold() == sheet.after.casefold():
                    index = i + 1
                    break
        entry = _SheetEntry(
            name=sheet.name,
            kind="worksheet",
            part=self._new_part_name(),
            element=None,
            position=None,
            sheet_id=max([0, *(e.sheet_id for e in self._sheets)]) + 1,
            rid=self._new_relationship_id(),
        )
        self._sheets.insert(index, entry)
        return entry

    def _new_part_name(self) -> str:
        taken = set(self._names) | {(e.part or "").casefold() for e in self._sheets}
        folder = posixpath.join(posixpath.dirname(self.workbook_part), "worksheets")
        n = 1
        while posixpath.join(folder, f"sheet{n}.xml").casefold() in taken:
            n += 1
        return posixpath.join(folder, f"sheet{n}.xml")

    def _new_relationship_id(self) -> str:
        taken = {rel.id for rel in self._workbook_rels} | {e.rid for e in self._sheets}
        numbers = [int(i[3:]) for i in taken if re.fullmatch(r"rId\d+", i)]
        n = max([0, *numbers]) + 1
        while f"rId{n}" in taken:
            n += 1
        return f"rId{n}"

    # --- saving ---------------------------------------------------------------------------------

    def refuse_in_place(self) -> None:
        """Never refuses: every part of the package is carried over when it is rewritten."""

    def save(self, target: str | os.PathLike[str]) -> None:
        """Save to ``target`` atomically: a temporary file in its folder, then a rename."""
        path = check_save_target(target, self.path, self.keep_vba)
        plan = self._render()  # everything that can fail on content fails before any file exists

        def write(temporary: str) -> None:
            with open(temporary, "wb") as stream:
                self._write_package(stream, plan)

        atomic_save(path, write)

    # --- rendering the new package --------------------------------------------------------------

    def _styles_part(self) -> str | None:
        for rel in self._workbook_rels:
            if rel.type == STYLES_REL and not rel.external:
                part = _resolve(self.workbook_part, rel.target)
                return self._member(part) if self._has(part) else None
        return None

    def _load_styles(self) -> _Styles:
        if self._styles is None:
            part = self._styles_part()
            if part is None:
                folder = posixpath.dirname(self.workbook_part)
                n, name = 0, posixpath.join(folder, "styles.xml")
                while self._has(name):
                    n += 1
                    name = posixpath.join(folder, f"styles{n}.xml")
                self._styles = _Styles(None, name)
            else:
                self._styles = _Styles(_decode(self._read(part), part), part)
        return self._styles

    def _render(self) -> _PackagePlan:
        plan = _PackagePlan()
        if not self._edits:
            return plan
        writer = _CellWriter(self._load_styles, self._epoch)
        removed_rels: set[str] = set()
        for entry in self._sheets:
            if entry.part is None or entry.part not in self._edits:
                continue
            edits = self._edits[entry.part]
            writes = _merge_blocks(edits.blocks)
            if edits.generated is not None:
                tab_selected = entry.element is not None and self._tab_selected(entry.part)
                generated = edits.generated
                if writes:
                    xml = "".join(_generated_sheet_xml(generated, writer, tab_selected))
                    plan.parts[entry.part] = _patch_sheet(xml, writes, writer, entry.part).encode()
                else:
                    # Streamed into the zip; the styles it needs are chosen now.
                    generator = _generated_sheet_xml(generated, writer, tab_selected)
                    first = next(generator)
                    plan.parts[entry.part] = _Stream(first, generator)
                if self._has(_rels_part(entry.part)):
                    removed_rels.add(self._member(_rels_part(entry.part)))
            elif writes:
                data = self._read(entry.part)
                _check_xml(data, entry.part)
                xml = _decode(data, entry.part)
                plan.parts[entry.part] = _patch_sheet(xml, writes, writer, entry.part).encode()
        self._render_workbook_parts(plan, removed_rels)
        return plan

    def _tab_selected(self, part: str) -> bool:
        if not self._has(part):
            return False
        try:
            with self._zip.open(self._member(part)) as stream:
                start = stream.read(1 << 16)
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError):
            return False
        match = re.search(rb"<(?:\w+:)?sheetView(?=[\s/>])[^>]*>", start)
        return bool(match and re.search(rb"\stabSelected\s*=\s*[\"'](1|true)[\"']", match[0]))

    def _render_workbook_parts(self, plan: _PackagePlan, removed_rels: set[str]) -> None:
        new_sheets = [e for e in self._sheets if e.element is None and e.part is not None]
        # Excel recalculates formulas that depend on what we wrote: no stale calculation chain.
        calc_chain = [
            rel for rel in self._workbook_rels if rel.type == CALC_CHAIN_REL and not rel.external
        ]
        deleted: set[str] = set(removed_rels)
        for rel in calc_chain:
            part = _resolve(self.workbook_part, rel.target)
            if self._has(part):
                deleted.add(self._member(part))
        rel_additions = [
            (e.rid, WORKSHEET_REL, _relative(self.workbook_part, e.part))
            for e in new_sheets
            if e.part is not None
        ]
        type_additions = [(f"/{e.part}", WORKSHEET_TYPE) for e in new_sheets if e.part]
        styles = self._styles
        if styles is not None and styles.created:
            rid = self._new_relationship_id()
            rel_additions.append((rid, STYLES_REL, _relative(self.workbook_part, styles.part)))
            type_additions.append((f"/{styles.part}", STYLES_TYPE))
        if styles is not None and styles.changed:
            plan.parts[styles.part] = styles.render().encode()
            if styles.created:
                plan.added.append(styles.part)
        for entry in new_sheets:
            assert entry.part is not None
            plan.added.append(entry.part)

        workbook_rels_part = _rels_part(self.workbook_part)
        rels_xml = (
            _decode(self._read(workbook_rels_part), workbook_rels_part)
            if self._has(workbook_rels_part)
            else f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{PACKAGE_REL_NS}"></Relationships>'
        )
        rels_xml = _edit_relationships(
            rels_xml, {rel.id for rel in calc_chain}, rel_additions, workbook_rels_part
        )
        if self._has(workbook_rels_part):
            plan.parts[self._member(workbook_rels_part)] = rels_xml.encode()
        else:
            plan.parts[workbook_rels_part] = rels_xml.encode()
            plan.added.append(workbook_rels_part)
        plan.parts[self.workbook_part] = self._edited_workbook_xml().encode()

        # Parts only the dropped relationships led to go too (a replaced sheet's old table, ...).
        if removed_rels:
            deleted |= self._orphans(removed_rels, rels_xml)
        plan.deleted = {self._member(p) for p in deleted if self._has(p)}
        content_types = "[Content_Types].xml"
        if not self._has(content_types):
            raise WorkbookError(f"{str(self.path)!r} has no [Content_Types].xml part")
        plan.parts[self._member(content_types)] = _edit_content_types(
            _decode(self._read(content_types), content_types), plan.deleted, type_additions
        ).encode()

    def _orphans(self, removed_rels: set[str], workbook_rels_xml: str) -> set[str]:
        """Parts reachable before the edit but not after it (with their relationship parts)."""

        def reachable(rels_of: Callable[[str], list[str]]) -> set[str]:
            seen: set[str] = set()
            stack = [""]
            while stack:
                part = stack.pop()
                for target in rels_of(part):
                    key = target.casefold()
                    if key not in seen and self._has(target):
                        seen.add(key)
                        stack.append(self._member(target))
            return seen

        def before(part: str) -> list[str]:
            try:
                return [
                    _resolve(part, r.target) for r in self._relationships(part) if not r.external
                ]
            except WorkbookError:
                return []

        removed = {p.casefold() for p in removed_rels}
        workbook_rels = _read_relationships(
            workbook_rels_xml.encode(), _rels_part(self.workbook_part)
        )

        def after(part: str) -> list[str]:
            if _rels_part(part).casefold() in removed:
                return []
            if part == self.workbook_part:
                return [_resolve(part, r.target) for r in workbook_rels if not r.external]
            return before(part)

        lost = reachable(before) - reachable(after)
        orphans = {self._member(p) for p in lost}
        for part in list(orphans):
            if self._has(_rels_part(part)):
                orphans.add(self._member(_rels_part(part)))
        return orphans

    def _edited_workbook_xml(self) -> str:
        xml = self._workbook_xml
        prefix = _root_prefix(xml, "workbook", self.workbook_part)
        p = re.escape(prefix)
        moved = {e.position: i for i, e in enumerate(self._sheets) if e.position is not None}
        if any(e.element is None for e in self._sheets):
            span = _element_span(xml, prefix, "sheets")
            if span is None:
                raise WorkbookError(f"{str(self.path)!r}: the workbook has no sheet list")
            r_prefix = _relationship_prefix(xml)
            elements = []
            for entry in self._sheets:
                if entry.element is not None:
                    elements.append(entry.element)
                    continue
                declaration = "" if r_prefix else f' xmlns:r="{REL_NS}"'
                elements.append(
                    f'<{prefix}sheet name="{_escape_attribute(entry.name)}" '
                    f'sheetId="{entry.sheet_id}"{declaration} '
                    f'{r_prefix or "r"}:id="{entry.rid}"/>'
                )
            start, open_end, _, end = span
            tag = xml[start:open_end]
            if open_end == end:
                tag = tag[:-2].rstrip() + ">"
            xml = f"{xml[:start]}{tag}{''.join(elements)}</{prefix}sheets>{xml[end:]}"
        if any(old != new for old, new in moved.items()):
            # Defined names and views refer to sheets by position: follow the sheets that moved.
            def shift(match: re.Match[str]) -> str:
                old = int(match.group(2))
                return f"{match.group(1)}{moved.get(old, old)}{match.group(3)}"

            xml = re.sub(
                rf"(<{p}definedName(?=[\s/>])[^>]*?\slocalSheetId\s*=\s*[\"'])(\d+)([\"'])",
                shift,
                xml,
            )
            for attribute in ("activeTab", "firstSheet"):
                xml = re.sub(
                    rf"(<{p}workbookView(?=[\s/>])[^>]*?\s{attribute}\s*=\s*[\"'])(\d+)([\"'])",
                    shift,
                    xml,
                )
        # Excel recalculates every formula when the file is opened.
        match = re.search(rf"<{p}calcPr(?=[\s/>])[^>]*>", xml)
        if match is not None:
            tag = _set_attribute(match.group(0), "fullCalcOnLoad", "1")
            xml = xml[: match.start()] + tag + xml[match.end() :]
        else:
            sheets = _element_span(xml, prefix, "sheets")
            after = sheets[3] if sheets else 0
            names = "|".join(_AFTER_CALC_PR)
            following = re.compile(rf"<{p}(?:{names})(?=[\s/>])").search(xml, after)
            position = following.start() if following else xml.rfind(f"</{prefix}workbook>")
            if position < 0:
                raise WorkbookError(f"{str(self.path)!r}: the workbook part is unterminated")
            xml = f'{xml[:position]}<{prefix}calcPr fullCalcOnLoad="1"/>{xml[position:]}'
        return xml

    def _write_package(self, stream: IO[bytes], plan: _PackagePlan) -> None:
        stamp = self._zip.getinfo(self.workbook_part).date_time
        output = _ZipWriter(stream)
        for info in self._infos:
            name = info.filename
            if name in plan.deleted:
                continue
            replacement = plan.parts.get(name)
            if replacement is None:
                output.copy(info, self._compressed(info))
            else:
                output.write(name, info.date_time, info.external_attr, replacement)
        for name in plan.added:
            output.write(name, stamp, 0o600 << 16, plan.parts[name])
        output.close()

    def _compressed(self, info: zipfile.ZipInfo) -> memoryview:
        """The stored (compressed) bytes of a member, checked against its CRC."""
        data = memoryview(self._data)
        offset = info.header_offset
        header = bytes(data[offset : offset + 30])
        if len(header) < 30 or header[:4] != b"PK\x03\x04":
            raise WorkbookError(f"{str(self.path)!r} is damaged: part {info.filename!r}")
        name_length, extra_length = struct.unpack("<HH", header[26:30])
        start = offset + 30 + name_length + extra_length
        raw = data[start : start + info.compress_size]
        if len(raw) != info.compress_size or not _crc_matches(info, raw):
            raise WorkbookError(
                f"{str(self.path)!r} is damaged: part {info.filename!r} fails its checksum"
            )
        return raw


def _crc_matches(info: zipfile.ZipInfo, raw: memoryview) -> bool:
    if info.compress_type == zipfile.ZIP_STORED:
        return zlib.crc32(raw) == info.CRC and len(raw) == info.file_size
    if info.compress_type != zipfile.ZIP_DEFLATED:
        return True  # other methods are copied unchecked (Excel never writes them)
    inflater = zlib.decompressobj(-15)
    crc = size = 0
    step = 1 << 20
    try:
        for position in range(0, len(raw), step):
            chunk = inflater.decompress(raw[position : position + step])
            crc, size = zlib.crc32(chunk, crc), size + len(chunk)
            if size > info.file_size:
                return False
        chunk = inflater.flush()
    except zlib.error:
        return False
    crc, size = zlib.crc32(chunk, crc), size + len(chunk)
    return crc == info.CRC and size == info.file_size


class _ZipWriter:
    """A minimal zip writer: copies members' compressed bytes as they are, deflates new ones.

    Python's zipfile cannot copy a member without inflating and deflating it again. Packages
    stay far below 4 GiB and 65,535 members (check_package caps them), so no zip64 is needed.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.offset = 0
        self.central: list[bytes] = []

    def copy(self, info: zipfile.ZipInfo, raw: memoryview) -> None:
        self._member(
            info.filename,
            info.date_time,
            info.compress_type,
            info.CRC,
            info.compress_size,
            info.file_size,
            info.external_attr,
            [raw],
        )

    def write(
        self,
        name: str,
        date_time: tuple[int, int, int, int, int, int],
        external_attr: int,
        content: bytes | _Stream,
    ) -> None:
        if isinstance(content, bytes):
            deflater = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
            deflated = deflater.compress(content) + deflater.flush()
            self._member(
                name,
                date_time,
                zipfile.ZIP_DEFLATED,
                zlib.crc32(content),
                len(deflated),
                len(content),
                external_attr,
                [deflated],
            )
            return
        # A big generated sheet: deflated in a worker thread while this one builds the XML
        # (zlib lets go of the interpreter lock while it works).
        start = self.offset
        header = self._header(name, date_time, zipfile.ZIP_DEFLATED, 0, 0, 0)
        self.stream.write(header)
        crc, size, packed = _deflate_in_background(self.stream, content)
        self.stream.seek(start)
        self.stream.write(self._header(name, date_time, zipfile.ZIP_DEFLATED, crc, packed, size))
        self.stream.seek(0, os.SEEK_END)
        self.offset = start + len(header) + packed
        self._central(
            name, date_time, zipfile.ZIP_DEFLATED, crc, packed, size, external_attr, start
        )

    def _member(
        self,
        name: str,
        date_time: tuple[int, int, int, int, int, int],
        method: int,
        crc: int,
        packed: int,
        size: int,
        external_attr: int,
        data: Iterable[bytes | memoryview],
    ) -> None:
        start = self.offset
        header = self._header(name, date_time, method, crc, packed, size)
        self.stream.write(header)
        for chunk in data:
            self.stream.write(chunk)
        self.offset = start + len(header) + packed
        self._central(name, date_time, method, crc, packed, size, external_attr, start)

    @staticmethod
    def _fields(
        name: str, date_time: tuple[int, int, int, int, int, int]
    ) -> tuple[bytes, int, int, int]:
        encoded = name.encode("utf-8")
        flags = 0x800 if not name.isascii() else 0
        year, month, day, hour, minute, second = date_time
        year = min(max(year, 1980), 2107)
        dos_date = (year - 1980) << 9 | month << 5 | day
        dos_time = hour << 11 | minute << 5 | second // 2
        return encoded, flags, dos_time, dos_date

    def _header(
        self,
        name: str,
        date_time: tuple[int, int, int, int, int, int],
        method: int,
        crc: int,
        packed: int,
        size: int,
    ) -> bytes:
        encoded, flags, dos_time, dos_date = self._fields(name, date_time)
        self._check_limits(packed, size)
        return (
            struct.pack(
                "<4sHHHHHIIIHH",
                b"PK\x03\x04",
                20,
                flags,
                method,
                dos_time,
                dos_date,
                crc,
                packed,
                size,
                len(encoded),
                0,
            )
            + encoded
        )

    def _central(
        self,
        name: str,
        date_time: tuple[int, int, int, int, int, int],
        method: int,
        crc: int,
        packed: int,
        size: int,
        external_attr: int,
        offset: int,
    ) -> None:
        encoded, flags, dos_time, dos_date = self._fields(name, date_time)
        self._check_limits(packed, size, offset)
        self.central.append(
            struct.pack(
                "<4sHHHHHHIIIHHHHHII",
                b"PK\x01\x02",
                20,  # made by: MS-DOS-compatible, zip 2.0 (like Excel)
                20,
                flags,
                method,
                dos_time,
                dos_date,
                crc,
                packed,
                size,
                len(encoded),
                0,
                0,
                0,
                0,
                external_attr & 0xFFFFFFFF,
                offset,
            )
            + encoded
        )

    def close(self) -> None:
        if len(self.central) >= 0xFFFF:
            raise WorkbookError("the workbook has too many parts to be written")
        directory = b"".join(self.central)
        self._check_limits(len(directory), 0, self.offset)
        self.stream.write(directory)
        self.stream.write(
            struct.pack(
                "<4sHHHHIIH",
                b"PK\x05\x06",
                0,
                0,
                len(self.central),
                len(self.central),
                len(directory),
                self.offset,
                0,
            )
        )

    @staticmethod
    def _check_limits(*numbers: int) -> None:
        if any(n >= 0xFFFFFFFF for n in numbers):
            raise WorkbookError("the workbook is too large to be written (4 GiB)")


def _deflate_in_background(stream: IO[bytes], content: _Stream) -> tuple[int, int, int]:
    """Write ``content`` deflated to ``stream``; return its CRC, size and deflated size."""
    chunks: queue.Queue[bytes | None] = queue.Queue(maxsize=4)
    totals = [0, 0, 0]  # crc, size, deflated size
    failure: list[BaseException] = []

    def work() -> None:
        deflater = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
        crc = size = packed = 0
        try:
            while (chunk := chunks.get()) is not None:
                crc, size = zlib.crc32(chunk, crc), size + len(chunk)
                out = deflater.compress(chunk)
                packed += len(out)
                stream.write(out)
            out = deflater.flush()
            packed += len(out)
            stream.write(out)
            totals[:] = [crc, size, packed]
        except BaseException as error:  # handed to the caller below
            failure.append(error)
            while chunks.get() is not None:  # let the producer finish
                pass

    worker = threading.Thread(target=work, name="ratingbook-deflate", daemon=True)
    worker.start()
    try:
        chunks.put(content.first.encode())
        for text in content.rest:
            chunks.put(text.encode())
    finally:
        chunks.put(None)
        worker.join()
    if failure:
        raise failure[0]
    return totals[0], totals[1], totals[2]


@dataclass(slots=True)
class _Stream:
    """A part written in chunks (a big generated sheet): its first chunk and the rest."""

    first: str
    rest: Iterator[str]


@dataclass(slots=True)
class _PackagePlan:
    parts: dict[str, bytes | _Stream] = field(default_factory=dict)
    added: list[str] = field(default_factory=list)
    deleted: set[str] = field(default_factory=set)


def _merge_blocks(blocks: Iterable[WriteBlock]) -> dict[int, dict[int, object]]:
    """{row: {column: value}} for every non-KEEP cell of ``blocks`` (later blocks win)."""
    writes: dict[int, dict[int, object]] = {}
    for block in blocks:
        for r, line in enumerate(block.values):
            row: dict[int, object] | None = None
            for c, value in enumerate(line):
                if value is KEEP:
                    continue
                if row is None:
                    row = writes.setdefault(block.row + r, {})
                row[block.column + c] = value
    return writes


def _overlay(grid: Grid, block: WriteBlock) -> None:
    for r, line in enumerate(block.values):
        row_index = block.row - 1 + r
        for c, value in enumerate(line):
            if value is KEEP:
                continue
            while len(grid) <= row_index:
                grid.append([])
            row = grid[row_index]
            column = block.column - 1 + c
            if len(row) <= column:
                row.extend([None] * (column + 1 - len(row)))
            row[column] = value


_EXACT_FLOATS = float(1 << 53)


def _plain_values(raw: Sequence[Sequence[object]]) -> Grid:
    """calamine's rows as the values openpyxl gives: None for empty, int for whole numbers."""
    grid: Grid = []
    date, datetime, combine, midnight = _dt.date, _dt.datetime, _dt.datetime.combine, _dt.time()
    for line in raw:
        row: list[object] = []
        append = row.append
        for value in line:
            kind = value.__class__
            if kind is float:
                if value.is_integer() and -_EXACT_FLOATS <= value <= _EXACT_FLOATS:  # type: ignore[attr-defined,operator]
                    value = int(value)  # type: ignore[call-overload]
            elif kind is str:
                if not value:
                    value = None
            elif kind is date:
                value = combine(value, midnight)  # type: ignore[arg-type]
            elif kind is datetime:
                pass
            append(value)
        grid.append(row)
    return grid


def _explain(error: BaseException) -> str:
    text = " ".join((str(error) or type(error).__name__).split())
    if "entity" in text.lower():
        return f"it contains forbidden XML ({type(error).__name__}: {text})"
    return f"{type(error).__name__}: {text}"
