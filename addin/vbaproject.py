"""Read-only access to the VBA source inside an Office ``vbaProject.bin``.

Stdlib only. It implements just enough of [MS-CFB] (the OLE compound file
container) and [MS-OVBA] (the VBA project layout and its RLE-style
compression) to list the modules of a VBA project and decompress their
source text. The build script uses it to refuse ribbon XML whose ``onAction``
names a macro that does not exist; the tests use it to pin what the ribbon
callback does. Nothing here ever writes VBA: the binary is copied verbatim.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

_CFB_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
_END_OF_CHAIN = 0xFFFFFFFE
_NO_STREAM = 0xFFFFFFFF
_DIR_ENTRY_SIZE = 128
_STREAM_TYPE = 2
_ROOT_TYPE = 5

# [MS-OVBA] 2.3.4.2 dir stream record ids that matter here.
_PROJECTCODEPAGE = 0x0003
_PROJECTVERSION = 0x0009
_MODULENAME = 0x0019
_MODULESTREAMNAME = 0x001A
_MODULEOFFSET = 0x0031
_MODULE_TERMINATOR = 0x002B


class VBAFormatError(ValueError):
    """The bytes are not a VBA project this reader understands."""


@dataclass(frozen=True)
class VBAModule:
    """One VBA module: its name (as shown in the VBA editor) and source code."""

    name: str
    source: str


def _u16(data: bytes, pos: int) -> int:
    value: int = struct.unpack_from("<H", data, pos)[0]
    return value


def _u32(data: bytes, pos: int) -> int:
    value: int = struct.unpack_from("<I", data, pos)[0]
    return value


class _CompoundFile:
    """Minimal [MS-CFB] reader: enough to fetch a stream by its full path."""

    def __init__(self, data: bytes) -> None:
        if data[:8] != _CFB_MAGIC:
            raise VBAFormatError("not an OLE compound file")
        self._data = data
        self._sector_size = 1 << _u16(data, 0x1E)
        self._mini_sector_size = 1 << _u16(data, 0x20)
        self._mini_cutoff = _u32(data, 0x38)
        self._fat = self._read_fat()
        entries = self._read_directory(_u32(data, 0x30))
        root = entries[0]
        if root[1] != _ROOT_TYPE:
            raise VBAFormatError("first directory entry is not the root")
        # Small streams live in the "mini stream", which is itself stored as an
        # ordinary sector chain starting at the root entry.
        self._mini_stream = self._fat_bytes(root[2], root[3])
        self._mini_fat = self._read_mini_fat(_u32(data, 0x3C))
        self._streams: dict[str, tuple[int, int]] = {}
        self._walk(entries, root[4], "")

    def _sector(self, index: int) -> bytes:
        start = (index + 1) * self._sector_size
        return self._data[start : start + self._sector_size]

    def _read_fat(self) -> list[int]:
        # The first 109 FAT sector ids are in the header; more are in DIFAT
        # sectors, each ending with the id of the next DIFAT sector.
        ids = [_u32(self._data, 0x4C + 4 * i) for i in range(109)]
        difat = _u32(self._data, 0x44)
        per_sector = self._sector_size // 4
        while difat not in (_END_OF_CHAIN, _NO_STREAM):
            sector = self._sector(difat)
            ids.extend(_u32(sector, 4 * i) for i in range(per_sector - 1))
            difat = _u32(sector, 4 * (per_sector - 1))
        fat: list[int] = []
        for sector_id in ids:
            if sector_id in (_END_OF_CHAIN, _NO_STREAM):
                continue
            sector = self._sector(sector_id)
            fat.extend(_u32(sector, 4 * i) for i in range(per_sector))
        return fat

    def _chain(self, start: int, table: list[int]) -> list[int]:
        chain: list[int] = []
        current = start
        while current not in (_END_OF_CHAIN, _NO_STREAM):
            if current >= len(table) or len(chain) > len(table):
                raise VBAFormatError("corrupt sector chain")
            chain.append(current)
            current = table[current]
        return chain

    def _fat_bytes(self, start: int, length: int | None = None) -> bytes:
        return b"".join(self._sector(s) for s in self._chain(start, self._fat))[:length]

    def _mini_bytes(self, start: int, length: int) -> bytes:
        size = self._mini_sector_size
        chain = self._chain(start, self._mini_fat)
        return b"".join(self._mini_stream[s * size : (s + 1) * size] for s in chain)[:length]

    def _read_mini_fat(self, start: int) -> list[int]:
        raw = self._fat_bytes(start)
        return [_u32(raw, i) for i in range(0, len(raw), 4)]

    def _read_directory(self, start: int) -> list[tuple[str, int, int, int, int, int, int]]:
        raw = self._fat_bytes(start)
        entries = []
        for pos in range(0, len(raw), _DIR_ENTRY_SIZE):
            entry = raw[pos : pos + _DIR_ENTRY_SIZE]
            name_len = _u16(entry, 64)
            name = entry[: max(name_len - 2, 0)].decode("utf-16-le")
            entries.append(
                (
                    name,
                    entry[66],  # object type
                    _u32(entry, 116),  # start sector
                    _u32(entry, 120),  # size (low 32 bits suffice for VBA)
                    _u32(entry, 76),  # child
                    _u32(entry, 68),  # left sibling
                    _u32(entry, 72),  # right sibling
                )
            )
        return entries

    def _walk(
        self, entries: list[tuple[str, int, int, int, int, int, int]], index: int, prefix: str
    ) -> None:
        # Siblings form a binary tree; recurse over both sides and into children.
        if index == _NO_STREAM:
            return
        name, kind, start, size, child, left, right = entries[index]
        path = f"{prefix}{name}"
        if kind == _STREAM_TYPE:
            self._streams[path.lower()] = (start, size)
        self._walk(entries, left, prefix)
        self._walk(entries, right, prefix)
        if child != _NO_STREAM:
            self._walk(entries, child, f"{path}/")

    def stream(self, path: str) -> bytes:
        """Return the bytes of the stream at ``path`` (case-insensitive, '/'-separated)."""
        try:
            start, size = self._streams[path.lower()]
        except KeyError:
            raise VBAFormatError(f"no stream {path!r}") from None
        if size < self._mini_cutoff:
            return self._mini_bytes(start, size)
        return self._fat_bytes(start, size)


def decompress(container: bytes) -> bytes:
    """Decompress an [MS-OVBA] 2.4.1 CompressedContainer."""
    if not container or container[0] != 0x01:
        raise VBAFormatError("missing compressed-container signature")
    out = bytearray()
    pos = 1
    while pos + 2 <= len(container):
        header = _u16(container, pos)
        chunk_end = min(pos + (header & 0x0FFF) + 3, len(container))
        pos += 2
        if not header & 0x8000:
            # Raw chunk: always 4096 literal bytes.
            out += container[pos : pos + 4096]
            pos += 4096
            continue
        chunk_start = len(out)
        while pos < chunk_end:
            flags = container[pos]
            pos += 1
            for bit in range(8):
                if pos >= chunk_end:
                    break
                if not (flags >> bit) & 1:
                    out.append(container[pos])
                    pos += 1
                    continue
                token = _u16(container, pos)
                pos += 2
                # The split between offset and length bits depends on how far
                # into the current chunk we are (spec: CopyToken help).
                bit_count = max((len(out) - chunk_start - 1).bit_length(), 4)
                length_mask = 0xFFFF >> bit_count
                length = (token & length_mask) + 3
                offset = (token >> (16 - bit_count)) + 1
                for _ in range(length):
                    out.append(out[-offset])
    return bytes(out)


def _dir_records(dir_stream: bytes) -> list[tuple[int, bytes]]:
    records: list[tuple[int, bytes]] = []
    pos = 0
    while pos + 6 <= len(dir_stream):
        record_id = _u16(dir_stream, pos)
        size = _u32(dir_stream, pos + 2)
        # PROJECTVERSION declares Reserved=4 but carries 6 data bytes.
        if record_id == _PROJECTVERSION:
            size = 6
        records.append((record_id, dir_stream[pos + 6 : pos + 6 + size]))
        pos += 6 + size
    return records


def read_modules(vba_project_bin: bytes) -> list[VBAModule]:
    """Return every module of the VBA project, in the project's own order."""
    cfb = _CompoundFile(vba_project_bin)
    records = _dir_records(decompress(cfb.stream("VBA/dir")))
    codepage = 1252
    modules: list[VBAModule] = []
    name = stream_name = ""
    offset = -1
    for record_id, payload in records:
        if record_id == _PROJECTCODEPAGE:
            codepage = _u16(payload, 0)
        elif record_id == _MODULENAME:
            name = payload.decode(f"cp{codepage}", errors="replace")
        elif record_id == _MODULESTREAMNAME:
            stream_name = payload.decode(f"cp{codepage}", errors="replace")
        elif record_id == _MODULEOFFSET:
            offset = _u32(payload, 0)
        elif record_id == _MODULE_TERMINATOR:
            if not stream_name or offset < 0:
                raise VBAFormatError(f"incomplete module record for {name!r}")
            raw = cfb.stream(f"VBA/{stream_name}")
            source = decompress(raw[offset:]).decode(f"cp{codepage}", errors="replace")
            modules.append(VBAModule(name=name, source=source))
            name = stream_name = ""
            offset = -1
    return modules


# A ribbon onAction callback for a button must be a non-Private Sub taking
# exactly one IRibbonControl argument; anything else fails when clicked.
_RIBBON_SUB = re.compile(
    r"^[ \t]*(?:Public[ \t]+)?Sub[ \t]+(\w+)[ \t]*\([ \t]*(?:ByRef[ \t]+|ByVal[ \t]+)?"
    r"\w+[ \t]+As[ \t]+IRibbonControl[ \t]*\)",
    re.IGNORECASE | re.MULTILINE,
)


def ribbon_callbacks(modules: list[VBAModule]) -> set[str]:
    """Qualified names ``Module.Sub`` of every Sub usable as a button onAction."""
    return {
        f"{module.name}.{match.group(1)}"
        for module in modules
        for match in _RIBBON_SUB.finditer(module.source)
    }


def procedure_source(modules: list[VBAModule], qualified_name: str) -> str:
    """Source text of ``Module.Sub`` from its ``Sub`` line to its ``End Sub``."""
    module_name, _, proc = qualified_name.partition(".")
    for module in modules:
        if module.name.lower() != module_name.lower():
            continue
        match = re.search(
            rf"^[ \t]*(?:Public[ \t]+)?Sub[ \t]+{re.escape(proc)}\b.*?^[ \t]*End Sub\b",
            module.source,
            re.IGNORECASE | re.MULTILINE | re.DOTALL,
        )
        if match:
            return match.group(0)
    raise KeyError(qualified_name)
