"""ratingbook.files.ooxml.zipread and zipwrite: members read, checked and written back.

Copied members keep their stored bytes; new ones are deflated; a big streamed part gives the
same bytes whether it is deflated in a worker thread or inline (where no thread can run, as in
Pyodide, the runtime of xlwings Lite, no thread is started).
"""

from __future__ import annotations

import io
import re
import sys
import threading
import zipfile
import zlib
from pathlib import Path

import pytest
from tests.helpers.zips import empty_members, raw_members, write_raw_zip

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml import zipwrite
from ratingbook.files.ooxml.zipread import InflationError, PackageZip, count_members, inflate
from ratingbook.files.ooxml.zipwrite import PackagePlan, Stream, write_package

STAMP = (2024, 5, 6, 12, 0, 0)
MEMBERS = {
    "[Content_Types].xml": b"<Types/>",
    "xl/workbook.xml": b"<workbook/>",
    "xl/worksheets/sheet1.xml": b"<worksheet>" + b"<row/>" * 1000 + b"</worksheet>",
    "xl/media/image1.png": bytes(range(256)) * 4,
}


def package(path: Path, members: dict[str, bytes] = MEMBERS) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return path


def stored(path: Path) -> dict[str, bytes]:
    """Each member's compressed bytes as they sit in the file."""
    data = path.read_bytes()
    out = {}
    with zipfile.ZipFile(path) as z:
        for info in z.infolist():
            start = (
                info.header_offset
                + 30
                + int.from_bytes(data[info.header_offset + 26 : info.header_offset + 28], "little")
                + int.from_bytes(data[info.header_offset + 28 : info.header_offset + 30], "little")
            )
            out[info.filename] = data[start : start + info.compress_size]
    return out


def rewrite(source: Path, plan: PackagePlan) -> bytes:
    stream = io.BytesIO()
    write_package(PackageZip(source), stream, plan, "xl/workbook.xml")
    return stream.getvalue()


def big_sheet() -> Stream:
    chunks = (f'<row r="{n}"><c r="A{n}"><v>{n}</v></c></row>' * 500 for n in range(40))
    return Stream("<worksheet><sheetData>", iter([*chunks, "</sheetData></worksheet>"]))


def test_members_are_copied_replaced_added_and_dropped(tmp_path: Path) -> None:
    source = package(tmp_path / "in.xlsx")
    plan = PackagePlan(
        parts={"xl/workbook.xml": b"<workbook a='1'/>", "xl/worksheets/sheet2.xml": b"<w/>"},
        added=["xl/worksheets/sheet2.xml"],
        deleted={"xl/media/image1.png"},
    )
    out = tmp_path / "out.xlsx"
    out.write_bytes(rewrite(source, plan))
    with zipfile.ZipFile(out) as z:
        assert z.testzip() is None
        assert z.namelist() == [
            "[Content_Types].xml",
            "xl/workbook.xml",
            "xl/worksheets/sheet1.xml",
            "xl/worksheets/sheet2.xml",
        ]
        assert z.read("xl/workbook.xml") == b"<workbook a='1'/>"
        assert z.getinfo("xl/worksheets/sheet2.xml").date_time == STAMP
    before, after = stored(source), stored(out)
    assert after["xl/worksheets/sheet1.xml"] == before["xl/worksheets/sheet1.xml"]
    assert after["[Content_Types].xml"] == before["[Content_Types].xml"]


def test_a_streamed_part_gives_the_same_bytes_with_or_without_a_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = package(tmp_path / "in.xlsx")

    def output() -> bytes:
        return rewrite(source, PackagePlan(parts={"xl/worksheets/sheet1.xml": big_sheet()}))

    threaded = output()
    expected = (
        "<worksheet><sheetData>"
        + "".join(f'<row r="{n}"><c r="A{n}"><v>{n}</v></c></row>' * 500 for n in range(40))
        + "</sheetData></worksheet>"
    )
    with zipfile.ZipFile(io.BytesIO(threaded)) as z:
        assert z.read("xl/worksheets/sheet1.xml").decode() == expected

    started: list[str] = []

    class NoThread(threading.Thread):
        def start(self) -> None:
            started.append(self.name)
            raise RuntimeError("can't start new thread")

    monkeypatch.setattr(zipwrite.threading, "Thread", NoThread)
    assert output() == threaded  # the thread could not start: deflated inline
    assert started == ["ratingbook-deflate"]

    started.clear()
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert output() == threaded  # Pyodide: no thread is even tried
    assert started == []


def test_a_small_streamed_part_is_deflated_without_a_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A part whose whole text is under SMALL_STREAM: no thread is started, and the bytes are
    those of the inline path (Pyodide's)."""
    source = package(tmp_path / "in.xlsx")
    rows = [f'<row r="{n}"><c r="A{n}"><v>{n}</v></c></row>' for n in range(1, 50)]

    def output() -> bytes:
        small = Stream("<worksheet><sheetData>", iter([*rows, "</sheetData></worksheet>"]))
        return rewrite(source, PackagePlan(parts={"xl/worksheets/sheet1.xml": small}))

    started: list[str] = []

    class Counted(threading.Thread):
        def start(self) -> None:
            started.append(self.name)
            super().start()

    monkeypatch.setattr(zipwrite.threading, "Thread", Counted)
    small = output()
    assert started == []
    with zipfile.ZipFile(io.BytesIO(small)) as z:
        assert z.read("xl/worksheets/sheet1.xml").decode() == (
            "<worksheet><sheetData>" + "".join(rows) + "</sheetData></worksheet>"
        )
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert output() == small


def test_members_are_found_without_regard_to_case(tmp_path: Path) -> None:
    source = PackageZip(package(tmp_path / "in.xlsx"))
    assert source.has("XL/Workbook.xml")
    assert source.member("XL/Workbook.xml") == "xl/workbook.xml"
    assert source.read("XL/WORKBOOK.XML") == b"<workbook/>"
    with pytest.raises(WorkbookError, match=re.escape("has no part 'xl/nothing.xml'")):
        source.read("xl/nothing.xml")


def test_a_part_named_twice_is_refused(tmp_path: Path) -> None:
    path = package(tmp_path / "in.xlsx", {**MEMBERS})
    with zipfile.ZipFile(path, "a") as z:
        z.writestr("XL/workbook.xml", b"<workbook/>")
    with pytest.raises(WorkbookError, match=re.escape("holds part 'XL/workbook.xml' twice")):
        PackageZip(path)


def test_an_encrypted_member_is_refused(tmp_path: Path) -> None:
    path = package(tmp_path / "in.xlsx")
    data = bytearray(path.read_bytes())
    central = data.rfind(b"PK\x01\x02")  # the last member's central directory entry
    data[central + 8] |= 0x1  # general purpose flag: encrypted
    path.write_bytes(bytes(data))
    with pytest.raises(WorkbookError, match="has encrypted parts"):
        PackageZip(path)


def test_a_copied_member_failing_its_checksum_is_refused(tmp_path: Path) -> None:
    path = package(tmp_path / "in.xlsx")
    with zipfile.ZipFile(path) as z:
        info = z.getinfo("xl/media/image1.png")
    data = bytearray(path.read_bytes())
    assert info.compress_size > 8
    start = info.header_offset + 30 + len(info.filename)
    data[start + info.compress_size // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    source = PackageZip(path)
    with pytest.raises(WorkbookError, match=re.escape("'xl/media/image1.png' fails its checksum")):
        source.compressed(source.zip.getinfo("xl/media/image1.png"))


@pytest.mark.parametrize(
    ("xml", "selected"),
    [
        (b'<worksheet><sheetViews><sheetView tabSelected="1" workbookViewId="0"/>', True),
        (b"<x:worksheet><x:sheetViews><x:sheetView tabSelected='true'>", True),
        (b'<worksheet><sheetViews><sheetView workbookViewId="0"/>', False),
        (b"<worksheet/>", False),
    ],
)
def test_tab_selected(tmp_path: Path, xml: bytes, selected: bool) -> None:
    path = package(tmp_path / "in.xlsx", {**MEMBERS, "xl/worksheets/sheet1.xml": xml})
    assert PackageZip(path).tab_selected("xl/worksheets/sheet1.xml") is selected


# (what is deflated, the size a member declares, whether inflating it stays within that size)
INFLATIONS = [
    (b"x" * 1000, 1000, True),
    (b"x" * 1001, 1000, False),
    (b"", 0, True),
    (b" " * (5 << 20), 5 << 20, True),  # several pieces of output
    (b" " * (5 << 20), 1000, False),
]


@pytest.mark.parametrize(("data", "declared", "fits"), INFLATIONS)
def test_inflating_stops_past_the_declared_size(data: bytes, declared: int, fits: bool) -> None:
    deflater = zlib.compressobj(6, zlib.DEFLATED, -15)
    raw = deflater.compress(data) + deflater.flush()
    if fits:
        assert b"".join(inflate(raw, declared)) == data
    else:
        pieces = inflate(raw, declared)
        with pytest.raises(InflationError):
            for piece in pieces:
                assert len(piece) <= 1 << 20  # never more than a piece in memory
    assert b"".join(inflate(raw, len(data))) == data  # its true size always fits


def test_the_member_count_is_read_from_the_end_of_the_zip(tmp_path: Path) -> None:
    path = package(tmp_path / "in.xlsx")
    assert count_members(path) == len(MEMBERS)
    # past 65,535: the count is in the zip64 end record (written by hand, as zipfile's appending
    # took seconds; zipfile reads the whole directory back)
    write_raw_zip(path, [*raw_members(path), *empty_members(f"x/{n}" for n in range(70_000))])
    with zipfile.ZipFile(path) as z:
        assert len(z.infolist()) == len(MEMBERS) + 70_000
    assert count_members(path) == len(MEMBERS) + 70_000
    (tmp_path / "no.xlsx").write_bytes(b"not a zip at all")
    assert count_members(tmp_path / "no.xlsx") is None
