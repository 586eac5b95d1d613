"""Writing the zip: copied members byte for byte, new ones deflated (in a thread if one can run).

Everything that decides the bytes of the output zip lives here: local headers, the central
directory, the 4 GiB limits, and deflating a big streamed part while it is produced. Where
threads are unavailable (Pyodide, as in xlwings Lite) the part is deflated inline.
"""

from __future__ import annotations

import io
import os
import queue
import struct
import sys
import threading
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.zipread import PackageZip

# Parts we write are deflated at this level: 6 (zlib's default, as openpyxl and Excel) makes
# files about as small as theirs; the big generated sheets are the bulk of the time spent here.
COMPRESS_LEVEL = 6


@dataclass(slots=True)
class Stream:
    """A part written in chunks (a big generated sheet): its first chunk and the rest."""

    first: str
    rest: Iterator[str]


@dataclass(slots=True)
class PackagePlan:
    parts: dict[str, bytes | Stream] = field(default_factory=dict)
    added: list[str] = field(default_factory=list)
    deleted: set[str] = field(default_factory=set)


class ZipWriter:
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
        content: bytes | Stream,
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


class _Deflater:
    """Deflates chunks straight into ``stream``, keeping the CRC and both sizes."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.deflater = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
        self.crc = self.size = self.packed = 0

    def add(self, chunk: bytes) -> None:
        self.crc, self.size = zlib.crc32(chunk, self.crc), self.size + len(chunk)
        out = self.deflater.compress(chunk)
        self.packed += len(out)
        self.stream.write(out)

    def finish(self) -> tuple[int, int, int]:
        out = self.deflater.flush()
        self.packed += len(out)
        self.stream.write(out)
        return self.crc, self.size, self.packed


def threads_available() -> bool:
    """False where no thread can run (Pyodide, the runtime of xlwings Lite)."""
    return sys.platform != "emscripten"


def _deflate_inline(stream: IO[bytes], chunks: Iterable[bytes]) -> tuple[int, int, int]:
    deflater = _Deflater(stream)
    for chunk in chunks:
        deflater.add(chunk)
    return deflater.finish()


#: A streamed part whose text ends within this many bytes is deflated inline: starting and
#: joining a thread costs more than deflating it (most generated sheets of a small book).
SMALL_STREAM = 1 << 18


def _deflate_in_background(stream: IO[bytes], content: Stream) -> tuple[int, int, int]:
    """Write ``content`` deflated to ``stream``; return its CRC, size and deflated size.

    The deflating runs in a worker thread while this one builds the XML; where no thread can
    be started, or the whole text is under :data:`SMALL_STREAM`, it runs inline, chunk by
    chunk, giving the same bytes (the same chunks, deflated in the same order).
    """
    texts = iter(content.rest)
    if not threads_available():
        return _deflate_inline(stream, _encoded(content.first, texts))
    first: list[bytes] = []  # the chunks before the part proves big
    size = 0
    for chunk in _encoded(content.first, texts):
        first.append(chunk)
        size += len(chunk)
        if size >= SMALL_STREAM:
            break
    else:
        return _deflate_inline(stream, first)
    chunks: queue.Queue[bytes | None] = queue.Queue(maxsize=4)
    totals = [0, 0, 0]  # crc, size, deflated size
    failure: list[BaseException] = []

    def work() -> None:
        deflater = _Deflater(stream)
        try:
            while (chunk := chunks.get()) is not None:
                deflater.add(chunk)
            totals[:] = deflater.finish()
        except BaseException as error:  # handed to the caller below
            failure.append(error)
            while chunks.get() is not None:  # let the producer finish
                pass

    worker = threading.Thread(target=work, name="ratingbook-deflate", daemon=True)
    try:
        worker.start()
    except RuntimeError:  # "can't start new thread": nothing was consumed yet
        return _deflate_inline(stream, [*first, *(text.encode() for text in texts)])
    try:
        for chunk in first:
            chunks.put(chunk)
        for text in texts:
            chunks.put(text.encode())
    finally:
        chunks.put(None)
        worker.join()
    if failure:
        raise failure[0]
    return totals[0], totals[1], totals[2]


def _encoded(first: str, rest: Iterator[str]) -> Iterator[bytes]:
    yield first.encode()
    for text in rest:
        yield text.encode()


def write_package(source: PackageZip, stream: IO[bytes], plan: PackagePlan, stamp: str) -> None:
    """The new package: ``source``'s members in order, replaced or dropped as ``plan`` says,
    then the added parts (dated like part ``stamp``; one replacing a dropped part of the same
    name takes its place)."""
    date_time = source.date_time(stamp)
    output = ZipWriter(stream)
    # An added part taking the name of a dropped one (a chart sheet's drawing, rebuilt on every
    # run) is written in its place, so recalculating twice writes the same file.
    added = set(plan.added)
    for info in source.infos:
        name = info.filename
        if name in plan.deleted and name not in added:
            continue
        replacement = plan.parts.get(name)
        if replacement is None:
            output.copy(info, source.compressed(info))
        else:
            output.write(name, info.date_time, info.external_attr, replacement)
            added.discard(name)
    for name in plan.added:
        if name in added:
            output.write(name, date_time, 0o600 << 16, plan.parts[name])
    output.close()


def replaced_copy(source: PackageZip, part: str, data: bytes) -> bytes:
    """``source`` in memory with member ``part`` holding ``data`` (the rest copied as stored)."""
    stream = io.BytesIO()
    output = ZipWriter(stream)
    member = source.member(part)
    for info in source.infos:
        if info.filename == member:
            output.write(info.filename, info.date_time, info.external_attr, data)
        else:
            output.copy(info, source.stored(info))
    output.close()
    return stream.getvalue()
