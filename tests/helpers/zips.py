"""Hand-made zip files: members read and written raw, deflate streams, repeated streams."""

from __future__ import annotations

import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path


def zip_members(path: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(path) as package:
        return [(info.filename, package.read(info)) for info in package.infolist()]


@dataclass(frozen=True)
class RawMember:
    """A zip member given as an already deflated stream, with the sizes the headers claim."""

    name: str
    deflated: bytes
    claimed_size: int
    crc: int = 0


def write_raw_zip(path: Path, members: list[RawMember]) -> None:
    """A minimal zip writer: deflated members with whatever sizes and CRCs the test claims."""
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
            8,
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
            8,
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
    end = struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central), len(out), 0
    )
    path.write_bytes(bytes(out + central + end))


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
