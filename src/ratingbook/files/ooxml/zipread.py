"""Reading the zip: members, their checks, and their stored bytes for copying.

Everything that decides which zip members are accepted lives here: how many there are (read
from the end of the file before any other work), duplicate names, encrypted members, the
unpacked size, and inflating a member, which stops as soon as it passes the size the member
declares (a part declared at 1,000 bytes that would inflate to 2 GB costs 1,001 bytes).
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

from ratingbook.errors import WorkbookError
from ratingbook.files.disk import MAX_UNCOMPRESSED

# A workbook holds a few dozen parts, a big one a few thousand; Excel's own zip has at most
# 65,535 (no zip64). Far more is refused before the central directory is read.
MAX_PARTS = 20_000
# Inflated output is produced in pieces of at most this many bytes.
_PIECE = 1 << 20


def count_members(path: Path) -> int | None:
    """The number of members the zip at ``path`` declares at its end (None if unreadable)."""
    try:
        with path.open("rb") as handle:
            size = handle.seek(0, io.SEEK_END)
            handle.seek(max(0, size - (1 << 16) - 22))
            tail = handle.read()
            end = tail.rfind(b"PK\x05\x06")
            if end < 0 or len(tail) < end + 22:
                return None
            count: int = struct.unpack("<H", tail[end + 10 : end + 12])[0]
            locator = end - 20
            if count == 0xFFFF and locator >= 0 and tail[locator : locator + 4] == b"PK\x06\x07":
                (offset,) = struct.unpack("<Q", tail[locator + 8 : locator + 16])
                handle.seek(offset)
                record = handle.read(56)
                if record[:4] == b"PK\x06\x06" and len(record) == 56:
                    (count,) = struct.unpack("<Q", record[32:40])
            return count
    except (OSError, ValueError, struct.error):
        return None


def check_member_count(path: Path) -> None:
    """Refuse a zip declaring more than MAX_PARTS members, before anything else is read."""
    count = count_members(path)
    if count is not None and count > MAX_PARTS:
        raise WorkbookError(
            f"{str(path)!r} holds {count:,} parts, far more than a workbook has (at most "
            f"{MAX_PARTS:,}): refusing it as possibly hostile"
        )


class InflationError(Exception):
    """A member inflates beyond the size it declares."""


def inflate(raw: memoryview | bytes, limit: int) -> Iterator[bytes]:
    """The raw deflate stream ``raw`` inflated, in pieces; :class:`InflationError` as soon as
    more than ``limit`` bytes come out (never more than one piece past the limit in memory)."""
    inflater = zlib.decompressobj(-15)
    total = 0
    data: memoryview | bytes = raw
    while True:
        piece = inflater.decompress(data, _PIECE)
        total += len(piece)
        if total > limit:
            raise InflationError
        if piece:
            yield piece
        data = inflater.unconsumed_tail
        if not data and (not piece or inflater.eof):
            break
    rest = inflater.flush()
    if len(rest) + total > limit:
        raise InflationError
    if rest:
        yield rest


class PackageZip:
    """The workbook's zip, held in memory: members looked up without regard to case."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = str(path)
        try:
            self.data = path.read_bytes()
            self.zip = zipfile.ZipFile(io.BytesIO(self.data))
        except (OSError, zipfile.BadZipFile, ValueError) as error:
            raise WorkbookError(f"{self.name!r} cannot be read: {error}") from error
        self.infos = self.zip.infolist()
        self._check_members()
        self.names = {info.filename.casefold(): info.filename for info in self.infos}

    def _check_members(self) -> None:
        name = self.name
        seen: set[str] = set()
        total = 0
        for info in self.infos:
            key = info.filename.casefold()
            if key in seen:
                raise WorkbookError(f"{name!r} is damaged: it holds part {info.filename!r} twice")
            seen.add(key)
            if info.flag_bits & 0x1:
                raise WorkbookError(f"{name!r} has encrypted parts; remove the password first")
            total += info.file_size
        if total > MAX_UNCOMPRESSED:
            raise WorkbookError(f"{name!r} claims {total:,} bytes once unpacked: refusing it")

    def has(self, part: str) -> bool:
        return part.casefold() in self.names

    def member(self, part: str) -> str:
        """The zip member name of ``part`` as the zip spells it."""
        return self.names[part.casefold()]

    def read(self, part: str) -> bytes:
        """The bytes of ``part``, inflated no further than the size it declares and checked
        against its CRC."""
        try:
            info = self.zip.getinfo(self.member(part))
        except KeyError:
            raise WorkbookError(f"{self.name!r} has no part {part!r}") from None
        damaged = f"{self.name!r} is damaged: part {part!r}"
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            try:  # Excel writes neither; zipfile knows them (its size check comes after)
                return self.zip.read(info)
            except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError) as e:
                raise WorkbookError(f"{damaged}: {e}") from e
        raw = self.stored(info)
        if info.compress_type == zipfile.ZIP_STORED:
            data = bytes(raw)
        else:
            try:
                data = b"".join(inflate(raw, info.file_size))
            except InflationError:
                raise WorkbookError(
                    f"{damaged}: it inflates beyond the {info.file_size:,} bytes it declares"
                ) from None
            except zlib.error as error:
                raise WorkbookError(f"{damaged}: {error}") from error
        if len(data) != info.file_size or zlib.crc32(data) != info.CRC:
            raise WorkbookError(f"{damaged}: it fails its checksum")
        return data

    def date_time(self, part: str) -> tuple[int, int, int, int, int, int]:
        return self.zip.getinfo(self.member(part)).date_time

    def tab_selected(self, part: str) -> bool:
        """Whether worksheet ``part`` is a selected tab (from its first 64 KiB)."""
        if not self.has(part):
            return False
        try:
            with self.zip.open(self.member(part)) as stream:
                start = stream.read(1 << 16)
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError):
            return False
        match = re.search(rb"<(?:\w+:)?sheetView(?=[\s/>])[^>]*>", start)
        return bool(match and re.search(rb"\stabSelected\s*=\s*[\"'](1|true)[\"']", match[0]))

    def size(self, part: str) -> int:
        """The size ``part`` declares once unpacked."""
        return self.zip.getinfo(self.member(part)).file_size

    def stored(self, info: zipfile.ZipInfo) -> memoryview:
        """The stored (compressed) bytes of a member, as they are."""
        data = memoryview(self.data)
        offset = info.header_offset
        header = bytes(data[offset : offset + 30])
        if len(header) < 30 or header[:4] != b"PK\x03\x04":
            raise WorkbookError(f"{self.name!r} is damaged: part {info.filename!r}")
        name_length, extra_length = struct.unpack("<HH", header[26:30])
        start = offset + 30 + name_length + extra_length
        return data[start : start + info.compress_size]

    def compressed(self, info: zipfile.ZipInfo) -> memoryview:
        """The stored (compressed) bytes of a member, checked against its CRC."""
        raw = self.stored(info)
        if len(raw) != info.compress_size or not crc_matches(info, raw):
            raise WorkbookError(
                f"{self.name!r} is damaged: part {info.filename!r} fails its checksum"
            )
        return raw


def crc_matches(info: zipfile.ZipInfo, raw: memoryview) -> bool:
    """Whether a member's stored bytes give its declared size and CRC (inflated piecewise)."""
    if info.compress_type == zipfile.ZIP_STORED:
        return zlib.crc32(raw) == info.CRC and len(raw) == info.file_size
    if info.compress_type != zipfile.ZIP_DEFLATED:
        return True  # other methods are copied unchecked (Excel never writes them)
    crc = size = 0
    try:
        for piece in inflate(raw, info.file_size):
            crc, size = zlib.crc32(piece, crc), size + len(piece)
    except (InflationError, zlib.error):
        return False
    return crc == info.CRC and size == info.file_size
