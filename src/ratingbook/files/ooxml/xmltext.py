"""XML text of package parts: escaping, attributes, and refusing hostile or damaged XML.

Everything that decides how text becomes XML and back lives here: which characters are escaped
or dropped, how an attribute is read or set inside a start tag, which parts are refused as
possibly hostile (a DTD, entities) or damaged (not well-formed), and how an element is found in a
part's text. Parts are edited as text so prefixes, ``mc:Ignorable`` and extensions survive
exactly; defusedxml parses the small parts we only read.
"""

from __future__ import annotations

import codecs
import re
from xml.etree.ElementTree import Element
from xml.parsers import expat

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from ratingbook.errors import WorkbookError

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRICT_MAIN_NS = "http://purl.oclc.org/ooxml/spreadsheetml/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"

# Characters XML 1.0 cannot hold at all (they are dropped), and lone surrogates.
_ILLEGAL_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_ENTITY = re.compile(r"&(#x[0-9A-Fa-f]+|#[0-9]+|amp|lt|gt|quot|apos);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_ATTRIBUTE = re.compile(r"([\w:.-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_XML_DECLARATION = re.compile(r"^<\?xml[^>]*\?>")


def escape(text: str) -> str:
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


def inline_text(text: str, p: str = "") -> str:
    """The ``<t>`` element of an inline string: ``text`` escaped, its spaces kept."""
    escaped = escape(text)
    # Excel trims leading and trailing white space unless told to keep it.
    if escaped and (escaped[0] in " \t\n" or escaped[-1] in " \t\n" or "&#13;" in escaped):
        return f'<{p}t xml:space="preserve">{escaped}</{p}t>'
    return f"<{p}t>{escaped}</{p}t>"


def escape_attribute(text: str) -> str:
    return escape(text).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")


def unescape(text: str) -> str:
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


def attributes(text: str) -> dict[str, str]:
    """The attributes of a start tag's inside (after the element name), values unescaped."""
    return {
        m.group(1): unescape(m.group(2) if m.group(2) is not None else m.group(3) or "")
        for m in _ATTRIBUTE.finditer(text)
    }


def tag_attributes(element: str) -> dict[str, str]:
    """The attributes of an element's start tag."""
    match = re.match(r"<[^\s/>]+([^>]*)>", element)
    return attributes(match.group(1)) if match else {}


def set_attribute(start_tag: str, name: str, value: str) -> str:
    """``start_tag`` (``<x a="1">`` or ``<x/>``) with attribute ``name`` set to ``value``."""
    pattern = re.compile(r"(\s" + re.escape(name) + r"\s*=\s*)(\"[^\"]*\"|'[^']*')")
    if pattern.search(start_tag):
        return pattern.sub(lambda m: f'{m.group(1)}"{value}"', start_tag, count=1)
    end = len(start_tag) - (2 if start_tag.endswith("/>") else 1)
    return f'{start_tag[:end]} {name}="{value}"{start_tag[end:]}'


def remove_attribute(start_tag: str, name: str) -> str:
    return re.sub(r"\s" + re.escape(name) + r"\s*=\s*(\"[^\"]*\"|'[^']*')", "", start_tag)


def int_attribute(value: str | None) -> int:
    try:
        return int(value) if value is not None else 0
    except ValueError:
        return -1


def truthy(value: str) -> bool:
    return value.strip().lower() in ("1", "true")


def decode_part(data: bytes, part: str) -> str:
    """An XML part as text; hostile or undecodable XML is refused."""
    try:
        if data.startswith(codecs.BOM_UTF8):
            text = data[3:].decode("utf-8")
        elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            text = data.decode("utf-16")
            text = _XML_DECLARATION.sub('<?xml version="1.0" encoding="UTF-8"?>', text, count=1)
        else:
            text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise WorkbookError(f"part {part!r} of the workbook is not readable text") from error
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise WorkbookError(
            f"part {part!r} of the workbook contains forbidden XML (a document type definition); "
            "refusing it as possibly hostile"
        )
    return text


def refuse_dtd(data: bytes, part: str) -> None:
    """Refuse a part holding a document type definition (entities: "billion laughs" and co)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        decode_part(data, part)
    elif b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        decode_part(data, part)  # raises, with the message


class _Forbidden(Exception):
    pass


def _forbid(*_: object) -> None:
    raise _Forbidden


def check_xml(data: bytes, part: str) -> None:
    """Refuse a part that is not well-formed XML, or declares a DTD (calamine accepts both).

    expat runs at C speed here: no handlers but the ones that refuse.
    """
    refuse_dtd(data, part)
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
        ) from error


def parse_part(data: bytes, part: str) -> Element:
    """A small workbook part parsed safely (no DTD, no entities), for reading only."""
    try:
        return SafeET.fromstring(data, forbid_dtd=True)
    except (DefusedXmlException, SafeET.ParseError, ValueError) as error:
        raise WorkbookError(
            f"part {part!r} of the workbook is damaged or forbidden XML "
            f"({type(error).__name__}: {' '.join(str(error).split())})"
        ) from error


def root_prefix(xml: str, local: str, part: str) -> str:
    """The namespace prefix (``""`` or ``"x:"``) of the root element ``local`` of ``xml``."""
    match = re.search(r"<(?:([A-Za-z_][\w.-]*):)?" + local + r"(?=[\s/>])([^>]*)>", xml)
    if match is None:
        raise WorkbookError(f"part {part!r} of the workbook has no <{local}> element")
    return f"{match.group(1)}:" if match.group(1) else ""


def element_span(xml: str, p: str, local: str, start: int = 0) -> tuple[int, int, int, int] | None:
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


def insert_before_close(xml: str, p: str, local: str, new: str, part: str) -> str:
    span = element_span(xml, p, local)
    if span is None:
        raise WorkbookError(f"part {part!r} of the workbook has no <{local}> element")
    start, open_end, close, end = span
    if open_end == end:  # self-closing: <x/> -> <x>new</x>
        tag = xml[start:open_end]
        return f"{xml[:start]}{tag[:-2].rstrip()}>{new}</{p}{local}>{xml[end:]}"
    return xml[:close] + new + xml[close:]


def relationship_prefix(xml: str) -> str | None:
    match = re.search(r'xmlns:([A-Za-z_][\w.-]*)\s*=\s*["\']' + re.escape(REL_NS) + "[\"']", xml)
    return match.group(1) if match else None
