"""Reading the zip: members, their checks, and their stored bytes for copying.

Everything that decides which zip members are accepted lives here: duplicate names, encrypted
members, the unpacked size, checksums of copied members, and reading a member's bytes.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from pathlib import Path

from ratingbook.errors import WorkbookError
from ratingbook.files import MAX_UNCOMPRESSED


class PackageZip:
    """The workbook's zip, held in memory: members looked up without regard to case."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = str(path)
        try:
            self.data = path.read_bytes()
            self.zip = zipfile.ZipFile(io.BytesIO(self.data))
        except (OSError, zipfile.BadZipFile, ValueError) as error:
            raise WorkbookError(f"{self.name!r} cannot be read: {error}") from None
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
        try:
            return self.zip.read(self.member(part))
        except KeyError:
            raise WorkbookError(f"{self.name!r} has no part {part!r}") from None
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError) as error:
            raise WorkbookError(f"{self.name!r} is damaged: part {part!r}: {error}") from None

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
