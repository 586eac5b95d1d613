"""ratingbook.files.ooxml.opc: relationship targets resolve and come back; rels and content types
are edited leaving everything else as it was (ECMA-376 part 2, Open Packaging Conventions)."""

from __future__ import annotations

import pytest

from ratingbook.files.ooxml.opc import (
    Relationship,
    edit_content_types,
    edit_relationships,
    read_relationships,
    relative,
    rels_part,
    resolve,
)

# (source part, relationship target, the zip member it means); relative() gives the target back.
RESOLVE_CASES = [
    ("xl/workbook.xml", "worksheets/sheet1.xml", "xl/worksheets/sheet1.xml"),
    ("xl/worksheets/sheet1.xml", "../drawings/drawing1.xml", "xl/drawings/drawing1.xml"),
    ("", "xl/workbook.xml", "xl/workbook.xml"),
    ("xl/workbook.xml", "styles.xml", "xl/styles.xml"),
    ("xl/charts/chart1.xml", "../../docProps/app.xml", "docProps/app.xml"),
]


@pytest.mark.parametrize(("source", "target", "part"), RESOLVE_CASES)
def test_targets_resolve_and_come_back(source: str, target: str, part: str) -> None:
    assert resolve(source, target) == part
    assert relative(source, part) == target


@pytest.mark.parametrize(
    ("source", "target", "part"),
    [
        ("xl/workbook.xml", "/xl/worksheets/sheet2.xml", "xl/worksheets/sheet2.xml"),
        ("xl/workbook.xml", "worksheets/my%20sheet.xml", "xl/worksheets/my sheet.xml"),
        ("xl/workbook.xml", "worksheets/sheet1.xml#A1", "xl/worksheets/sheet1.xml"),
        ("xl/workbook.xml", "./worksheets//sheet1.xml", "xl/worksheets/sheet1.xml"),
    ],
)
def test_absolute_escaped_and_fragment_targets(source: str, target: str, part: str) -> None:
    assert resolve(source, target) == part


@pytest.mark.parametrize(
    ("part", "rels"),
    [
        ("", "_rels/.rels"),
        ("xl/workbook.xml", "xl/_rels/workbook.xml.rels"),
        ("xl/worksheets/sheet3.xml", "xl/worksheets/_rels/sheet3.xml.rels"),
    ],
)
def test_rels_part(part: str, rels: str) -> None:
    assert rels_part(part) == rels


PR = "http://schemas.openxmlformats.org/package/2006/relationships"
WS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
RELS = (
    f'<Relationships xmlns="{PR}">'
    f'<Relationship Id="rId1" Type="{WS}" Target="worksheets/sheet1.xml"/>'
    '<Relationship Id="rId2" Type="t/calcChain" Target="calcChain.xml"/>'
    '<Relationship Id="rId3" Type="t/link" Target="http://x/?a=1&amp;b=2" TargetMode="External"/>'
    "</Relationships>"
)


def test_relationships_are_read_with_their_targets_unescaped() -> None:
    assert read_relationships(RELS.encode(), "xl/_rels/workbook.xml.rels") == [
        Relationship("rId1", WS, "worksheets/sheet1.xml", False),
        Relationship("rId2", "t/calcChain", "calcChain.xml", False),
        Relationship("rId3", "t/link", "http://x/?a=1&b=2", True),
    ]


@pytest.mark.parametrize(
    ("xml", "remove", "add", "expected"),
    [
        (
            RELS,
            {"rId2"},
            [("rId4", WS, "worksheets/sheet2.xml")],
            f'<Relationships xmlns="{PR}">'
            f'<Relationship Id="rId1" Type="{WS}" Target="worksheets/sheet1.xml"/>'
            '<Relationship Id="rId3" Type="t/link" Target="http://x/?a=1&amp;b=2" '
            'TargetMode="External"/>'
            f'<Relationship Id="rId4" Type="{WS}" Target="worksheets/sheet2.xml"/>'
            "</Relationships>",
        ),
        (
            f'<r:Relationships xmlns:r="{PR}"/>',
            set(),
            [("rId1", "t", "a&b.xml")],
            f'<r:Relationships xmlns:r="{PR}">'
            '<r:Relationship Id="rId1" Type="t" Target="a&amp;b.xml"/></r:Relationships>',
        ),
        (RELS, {"rId9"}, [], RELS),
    ],
)
def test_edit_relationships(
    xml: str, remove: set[str], add: list[tuple[str, str, str]], expected: str
) -> None:
    assert edit_relationships(xml, remove, add, "xl/_rels/workbook.xml.rels") == expected


CT = "http://schemas.openxmlformats.org/package/2006/content-types"
TYPES = (
    f'<Types xmlns="{CT}"><Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="wb"/>'
    '<Override PartName="/xl/calcChain.xml" ContentType="cc"/></Types>'
)


@pytest.mark.parametrize(
    ("remove", "add", "expected"),
    [
        (
            {"xl/calcChain.xml"},
            [("/xl/worksheets/sheet2.xml", "ws")],
            f'<Types xmlns="{CT}"><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="wb"/>'
            '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="ws"/></Types>',
        ),
        # part names compare without regard to case; an added part replaces its old Override
        (
            {"XL/CALCCHAIN.XML"},
            [("/xl/Workbook.xml", "wb2")],
            f'<Types xmlns="{CT}"><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/Workbook.xml" ContentType="wb2"/></Types>',
        ),
        (set(), [], TYPES),
    ],
)
def test_edit_content_types(remove: set[str], add: list[tuple[str, str]], expected: str) -> None:
    assert edit_content_types(TYPES, remove, add) == expected
