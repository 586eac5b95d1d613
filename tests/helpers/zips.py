"""Hand-made zip files: members read and written raw, deflate streams, repeated streams."""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


def zip_members(path: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(path) as package:
        return [(info.filename, package.read(info)) for info in package.infolist()]


@dataclass(frozen=True)
class RawMember:
    """A zip member given as an already deflated stream, with the sizes the headers claim
    (``method`` 0: stored, the bytes as they are)."""

    name: str
    deflated: bytes
    claimed_size: int
    crc: int = 0
    method: int = 8


def raw_members(path: Path) -> list[RawMember]:
    """The members of the zip at ``path``, deflated again, for :func:`write_raw_zip`."""
    return [
        RawMember(name, d.deflated, d.claimed_size, d.crc)
        for name, data in zip_members(path)
        for d in [deflate(data)]
    ]


def empty_members(names: Iterable[str]) -> list[RawMember]:
    """Empty stored members (what ``ZipFile.writestr(name, b"")`` adds, without its time per
    member: 100,000 of them took seconds)."""
    return [RawMember(name, b"", 0, 0, 0) for name in names]


def write_raw_zip(path: Path, members: list[RawMember]) -> None:
    """A minimal zip writer: deflated members with whatever sizes and CRCs the test claims;
    past 65,535 members the count is in the zip64 end record (APPNOTE 4.3.14, 4.3.15), as
    zipfile writes it."""
    out = bytearray()
    central = bytearray()
    for m in members:
        name = m.name.encode()
        offset = len(out)
        out += struct.pack(
            "<IHHHHHIIIHH",
            0x04034B50,
            20,
            0,
            m.method,
            0,
            0x21,
            m.crc,
            len(m.deflated),
            m.claimed_size,
            len(name),
            0,
        )
        out += name + m.deflated
        central += struct.pack(
            "<IHHHHHHIIIHHHHHII",
            0x02014B50,
            20,
            20,
            0,
            m.method,
            0,
            0x21,
            m.crc,
            len(m.deflated),
            m.claimed_size,
            len(name),
            0,
            0,
            0,
            0,
            0,
            offset,
        )
        central += name
    count, zip64 = len(members), b""
    if count > 0xFFFF:
        at = len(out) + len(central)
        zip64 = struct.pack(
            "<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, count, count, len(central), len(out)
        )
        zip64 += struct.pack("<IIQI", 0x07064B50, 0, at, 1)  # where the zip64 record is
        count = 0xFFFF
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), len(out), 0)
    path.write_bytes(bytes(out + central + zip64 + end))


def deflate(data: bytes) -> RawMember:
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    return RawMember("", c.compress(data) + c.flush(), len(data), zlib.crc32(data))


def repeated_stream(prefix: bytes, block: bytes, blocks: int, suffix: bytes) -> tuple[bytes, int]:
    """A raw deflate stream of prefix + block * blocks + suffix, without ever building that."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = c.compress(prefix) + c.flush(zlib.Z_FULL_FLUSH)
    # After a full flush the compressor forgets what came before, so the same input block
    # compresses to the same bytes every time: compress it twice, check, and repeat the bytes.
    first = c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    assert first == again
    tail = c.compress(suffix) + c.flush()
    return head + first * blocks + tail, len(prefix) + len(block) * blocks + len(suffix)
