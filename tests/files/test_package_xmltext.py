"""ratingbook.files.ooxml.xmltext: XML text and attributes round trip; bad XML is refused.

Every expected string here is written out by hand from the XML 1.0 rules (escaping of ``&``,
``<``, ``>``; attribute values; end-of-line handling) and from what Excel writes.
"""

from __future__ import annotations

import codecs

import pytest

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.xmltext import (
    attributes,
    check_xml,
    decode_part,
    element_span,
    escape,
    escape_attribute,
    inline_text,
    insert_before_close,
    int_attribute,
    remove_attribute,
    root_prefix,
    set_attribute,
    tag_attributes,
    truthy,
    unescape,
)

# (text, its XML character data): both directions hold.
ESCAPE_CASES = [
    ("plain", "plain"),
    ("", ""),
    ("a < b", "a &lt; b"),
    ("R&D", "R&amp;D"),
    ("x > y", "x &gt; y"),
    ("&amp;", "&amp;amp;"),
    ('=HYPERLINK("x")', '=HYPERLINK("x")'),  # quotes need no escaping in text
    ("line one\r\nline two", "line one&#13;\nline two"),  # a bare CR would come back as LF
    ("Ødegård ½", "Ødegård ½"),
]


@pytest.mark.parametrize(("text", "xml"), ESCAPE_CASES)
def test_escape_and_unescape_are_inverse(text: str, xml: str) -> None:
    assert escape(text) == xml
    assert unescape(xml) == text


@pytest.mark.parametrize(
    ("text", "xml"),
    [("bell\x07", "bell"), ("nul\x00byte", "nulbyte"), ("\ufffe", ""), ("tab\tkept", "tab\tkept")],
)
def test_characters_xml_cannot_hold_are_dropped(text: str, xml: str) -> None:
    assert escape(text) == xml


@pytest.mark.parametrize(
    ("xml", "text"),
    [
        ("&#x41;&#66;", "AB"),
        ("&quot;&apos;&lt;&gt;&amp;", "\"'<>&"),
        ("&#13;&#10;", "\r\n"),
        ("no entities", "no entities"),
    ],
)
def test_unescape_reads_every_entity_excel_writes(xml: str, text: str) -> None:
    assert unescape(xml) == text


@pytest.mark.parametrize(
    ("text", "p", "element"),
    [
        ("Ann", "", "<t>Ann</t>"),
        ("", "", "<t></t>"),
        (" Ann", "", '<t xml:space="preserve"> Ann</t>'),
        ("Ann\n", "", '<t xml:space="preserve">Ann\n</t>'),
        ("a\rb", "", '<t xml:space="preserve">a&#13;b</t>'),
        ("Ann", "x:", "<x:t>Ann</x:t>"),
    ],
)
def test_inline_text_keeps_leading_and_trailing_space(text: str, p: str, element: str) -> None:
    assert inline_text(text, p) == element


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('say "hi"', "say &quot;hi&quot;"),
        ("a\nb\tc", "a&#10;b&#9;c"),
        ("<&>", "&lt;&amp;&gt;"),
        ("Sheet 1", "Sheet 1"),
    ],
)
def test_attribute_values_round_trip(text: str, value: str) -> None:
    assert escape_attribute(text) == value
    assert attributes(f' name="{value}"') == {"name": text}


@pytest.mark.parametrize(
    ("inside", "expected"),
    [
        (' r="A1" s="3" t="inlineStr"', {"r": "A1", "s": "3", "t": "inlineStr"}),
        (" r='B2'  s = \"0\"", {"r": "B2", "s": "0"}),
        (' r:id="rId3" name="a&amp;b"', {"r:id": "rId3", "name": "a&b"}),
        ("", {}),
    ],
)
def test_attributes_of_a_start_tag(inside: str, expected: dict[str, str]) -> None:
    assert attributes(inside) == expected
    assert tag_attributes(f"<c{inside}>") == expected


@pytest.mark.parametrize(
    ("tag", "name", "value", "expected"),
    [
        ('<c r="A1"/>', "s", "2", '<c r="A1" s="2"/>'),
        ('<c r="A1" s="1">', "s", "2", '<c r="A1" s="2">'),
        ("<c r='A1' s='1'>", "s", "7", "<c r='A1' s=\"7\">"),
        ("<calcPr/>", "fullCalcOnLoad", "1", '<calcPr fullCalcOnLoad="1"/>'),
        (
            '<calcPr calcId="191029"/>',
            "fullCalcOnLoad",
            "1",
            '<calcPr calcId="191029" fullCalcOnLoad="1"/>',
        ),
    ],
)
def test_set_attribute(tag: str, name: str, value: str, expected: str) -> None:
    assert set_attribute(tag, name, value) == expected


@pytest.mark.parametrize(
    ("tag", "name", "expected"),
    [
        ('<row r="1" spans="1:3">', "spans", '<row r="1">'),
        ('<row r="1">', "spans", '<row r="1">'),
        ("<row spans='2:2' r=\"4\">", "spans", '<row r="4">'),
    ],
)
def test_remove_attribute(tag: str, name: str, expected: str) -> None:
    assert remove_attribute(tag, name) == expected


@pytest.mark.parametrize(
    ("value", "number"), [("12", 12), (None, 0), ("0", 0), ("x", -1), ("", -1)]
)
def test_int_attribute_reads_absent_as_0_and_garbage_as_minus_1(
    value: str | None, number: int
) -> None:
    assert int_attribute(value) == number


@pytest.mark.parametrize(
    ("value", "expected"),
    [("1", True), ("true", True), (" TRUE ", True), ("0", False), ("false", False), ("", False)],
)
def test_truthy_reads_xml_booleans(value: str, expected: bool) -> None:
    assert truthy(value) is expected


DECLARED = '<?xml version="1.0" encoding="UTF-16"?><a>é</a>'


@pytest.mark.parametrize(
    ("data", "text"),
    [
        (b"<a>\xc3\xa9</a>", "<a>é</a>"),
        (codecs.BOM_UTF8 + b"<a/>", "<a/>"),
        (
            codecs.BOM_UTF16_LE + DECLARED.encode("utf-16-le"),
            '<?xml version="1.0" encoding="UTF-8"?><a>é</a>',
        ),
    ],
)
def test_decode_part_gives_text_with_a_utf8_declaration(data: bytes, text: str) -> None:
    assert decode_part(data, "xl/x.xml") == text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', "forbidden XML"),
        (b"<a><b></a>", "not well-formed XML"),
        (b"<a>", "not well-formed XML"),
        (b"\xff\xfe\x00", "not readable text"),
        (codecs.BOM_UTF16_LE + "<!DOCTYPE a><a/>".encode("utf-16-le"), "forbidden XML"),
    ],
)
def test_hostile_or_damaged_xml_is_refused_naming_the_part(data: bytes, message: str) -> None:
    with pytest.raises(WorkbookError, match=message) as caught:
        check_xml(data, "xl/worksheets/sheet1.xml")
    assert "'xl/worksheets/sheet1.xml'" in str(caught.value)
    assert "\n" not in str(caught.value)
    if message == "not well-formed XML":  # the parser's own error stays, for a bug report
        assert type(caught.value.__cause__).__name__ == "ExpatError"


@pytest.mark.parametrize(
    ("xml", "prefix"),
    [
        ('<worksheet xmlns="m"><sheetData/></worksheet>', ""),
        ('<x:worksheet xmlns:x="m"><x:sheetData/></x:worksheet>', "x:"),
        ('<?xml version="1.0"?>\n<worksheet>', ""),
    ],
)
def test_root_prefix(xml: str, prefix: str) -> None:
    assert root_prefix(xml, "worksheet", "sheet") == prefix


@pytest.mark.parametrize(
    ("xml", "span"),
    [
        ("<a><b>xy</b></a>", (3, 6, 8, 12)),
        ("<a><b/></a>", (3, 7, 7, 7)),
        ("<a><bb/><b x='1'>z</b></a>", (8, 17, 18, 22)),  # <bb> is another element
        ("<a></a>", None),
    ],
)
def test_element_span(xml: str, span: tuple[int, int, int, int] | None) -> None:
    assert element_span(xml, "", "b") == span


@pytest.mark.parametrize(
    ("xml", "expected"),
    [
        ("<T><O/></T>", "<T><O/><N/></T>"),
        ("<T/>", "<T><N/></T>"),
        ('<T a="1" />', '<T a="1"><N/></T>'),
    ],
)
def test_insert_before_close(xml: str, expected: str) -> None:
    assert insert_before_close(xml, "", "T", "<N/>", "part") == expected
