"""An independent reading of a QR code's module matrix (ISO/IEC 18004), written for the tests
from the standard, sharing nothing with segno: the format information (error level and mask,
BCH-checked), the data modules in the standard's zigzag order, unmasked, split into the
version's blocks, every block's Reed-Solomon check (all syndromes zero: a scanner reads it
without correcting anything), and the byte-mode text. Versions 1 to 6 (the desk's links; 7 and
up carry version information this reader does not read), any error level.

    text = read_qr(matrix)          # matrix: rows of 0/1, quiet zone left out
    level, mask = qr_format(matrix)
    matrix = svg_modules(svg, scale=3, border=2)   # the modules an SVG path of lines draws
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["qr_format", "read_qr", "svg_modules"]

#: (error correction codewords per block, [(blocks, data codewords per block), ...]) for
#: versions 1-6 by level (ISO/IEC 18004 Table 9).
_BLOCKS: dict[tuple[int, str], tuple[int, list[tuple[int, int]]]] = {
    (1, "L"): (7, [(1, 19)]), (1, "M"): (10, [(1, 16)]),
    (1, "Q"): (13, [(1, 13)]), (1, "H"): (17, [(1, 9)]),
    (2, "L"): (10, [(1, 34)]), (2, "M"): (16, [(1, 28)]),
    (2, "Q"): (22, [(1, 22)]), (2, "H"): (28, [(1, 16)]),
    (3, "L"): (15, [(1, 55)]), (3, "M"): (26, [(1, 44)]),
    (3, "Q"): (18, [(2, 17)]), (3, "H"): (22, [(2, 13)]),
    (4, "L"): (20, [(1, 80)]), (4, "M"): (18, [(2, 32)]),
    (4, "Q"): (26, [(2, 24)]), (4, "H"): (16, [(4, 9)]),
    (5, "L"): (26, [(1, 108)]), (5, "M"): (24, [(2, 43)]),
    (5, "Q"): (18, [(2, 15), (2, 16)]), (5, "H"): (22, [(2, 11), (2, 12)]),
    (6, "L"): (18, [(2, 68)]), (6, "M"): (16, [(4, 27)]),
    (6, "Q"): (24, [(4, 19)]), (6, "H"): (28, [(4, 15)]),
}  # fmt: skip
#: The alignment pattern's centre row/column by version (Annex E).
_ALIGN = {1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34]}
_LEVELS = {0b01: "L", 0b00: "M", 0b11: "Q", 0b10: "H"}
_MASKS = [
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
    lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
    lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0,
]


def _format_words() -> dict[int, tuple[str, int]]:
    """Every valid 15-bit format word (BCH(15,5), generator 0x537, XOR 0x5412) and what it
    says: (level, mask)."""
    words = {}
    for level_bits, level in _LEVELS.items():
        for mask in range(8):
            data = (level_bits << 3) | mask
            rest = data << 10
            for shift in range(4, -1, -1):
                if rest & (1 << (shift + 10)):
                    rest ^= 0x537 << shift
            words[((data << 10) | rest) ^ 0x5412] = (level, mask)
    return words


def qr_format(m: Sequence[Sequence[int]]) -> tuple[str, int]:
    """The error level and mask the format information beside the top-left finder gives
    (bits 14..0), BCH-checked."""
    cells = [(8, c) for c in (0, 1, 2, 3, 4, 5, 7, 8)] + [(r, 8) for r in (7, 5, 4, 3, 2, 1, 0)]
    word = 0
    for r, c in cells:
        word = (word << 1) | m[r][c]
    found = _format_words().get(word)
    if found is None:
        raise ValueError(f"no valid format information ({word:015b})")
    return found


def _function(size: int, version: int) -> list[list[bool]]:
    """The modules that are no data: finders with separators, timing, alignment, format
    areas, the dark module."""
    used = [[False] * size for _ in range(size)]
    for top, left in ((0, 0), (0, size - 8), (size - 8, 0)):
        for r in range(top, top + 8):
            for c in range(left, left + 8):
                used[r][c] = True
    for k in range(size):
        used[6][k] = used[k][6] = True
    centres = _ALIGN[version]
    for r in centres:
        for c in centres:
            if (r, c) in ((6, 6), (6, size - 7), (size - 7, 6)):
                continue  # would overlap a finder
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    used[r + dr][c + dc] = True
    for k in range(9):
        used[8][k] = used[k][8] = True
    for k in range(8):
        used[8][size - 1 - k] = used[size - 1 - k][8] = True
    return used


def _bits(m: Sequence[Sequence[int]], version: int, mask: int) -> list[int]:
    """The data modules in the standard's order (two-column strips from the right, up and
    down in turn, column 6 skipped), unmasked."""
    size = len(m)
    used = _function(size, version)
    out: list[int] = []
    column, upward = size - 1, True
    while column > 0:
        if column == 6:
            column -= 1
        rows = range(size - 1, -1, -1) if upward else range(size)
        for r in rows:
            for c in (column, column - 1):
                if not used[r][c]:
                    out.append(m[r][c] ^ int(_MASKS[mask](r, c)))
        column -= 2
        upward = not upward
    return out


_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


def _syndromes_zero(block: Sequence[int], ec: int) -> bool:
    """Whether ``block`` (data then EC codewords) is a Reed-Solomon codeword: it vanishes at
    alpha^0 .. alpha^(ec-1) (generator roots, GF(256) over 0x11D)."""
    for k in range(ec):
        value = 0
        for byte in block:
            value = (_EXP[_LOG[value] + k] if value else 0) ^ byte
        if value:
            return False
    return True


def read_qr(matrix: Sequence[Sequence[int]]) -> str:
    """The byte-mode text the QR code ``matrix`` holds; a ValueError for anything this reader
    cannot vouch for (a bad format word, a block failing its Reed-Solomon check)."""
    size = len(matrix)
    version = (size - 17) // 4
    if size != 17 + 4 * version or version not in _ALIGN:
        raise ValueError(f"a {size}x{size} matrix is no QR code of version 1-6")
    level, mask = qr_format(matrix)
    ec, groups = _BLOCKS[(version, level)]
    bits = _bits(matrix, version, mask)
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits) - 7, 8)]
    sizes = [n for count, n in groups for _ in range(count)]
    blocks: list[list[int]] = [[] for _ in sizes]
    at = 0
    for k in range(max(sizes)):  # data codewords interleaved block by block
        for b, n in enumerate(sizes):
            if k < n:
                blocks[b].append(words[at])
                at += 1
    data = [w for b in blocks for w in b]
    for _ in range(ec):  # then the EC codewords
        for b in range(len(sizes)):
            blocks[b].append(words[at])
            at += 1
    if not all(_syndromes_zero(b, ec) for b in blocks):
        raise ValueError("a block fails its Reed-Solomon check")
    stream = "".join(f"{w:08b}" for w in data)
    if stream[:4] != "0100":
        raise ValueError(f"mode {stream[:4]} is not byte mode")
    length = int(stream[4:12], 2)
    text = bytes(int(stream[12 + 8 * i : 20 + 8 * i], 2) for i in range(length))
    return text.decode("utf-8")


def svg_modules(svg: str, *, scale: int, border: int) -> list[list[int]]:
    """The dark modules an SVG QR code draws as one path of horizontal lines (``M x y``,
    ``m dx dy``, ``h n``, in modules under ``transform="scale(S)"``, each line through its
    row's middle), as a matrix without the ``border``; ``scale`` checks the transform."""
    found = re.search(r'<path[^>]*transform="scale\((\d+)\)"[^>]* d="([^"]+)"', svg)
    if found is None or int(found.group(1)) != scale:
        raise ValueError("no path of lines at the scale asked")
    lines: list[tuple[int, float, int]] = []
    x = y = 0.0
    for command, args in re.findall(r"([MmHhVv])([^MmHhVv]*)", found.group(2)):
        numbers = [float(n) for n in args.replace(",", " ").split()]
        if command == "M":
            x, y = numbers
        elif command == "m":
            x, y = x + numbers[0], y + numbers[1]
        elif command == "h":
            lines.append((int(x), y, int(numbers[0])))
            x += numbers[0]
        else:
            raise ValueError(f"a path command {command!r} this reader does not draw")
    size = int(svg.split('width="', 1)[1].split('"', 1)[0]) // scale - 2 * border
    matrix = [[0] * size for _ in range(size)]
    for left, middle, length in lines:
        row = int(middle - 0.5) - border
        for column in range(left - border, left - border + length):
            matrix[row][column] = 1
    return matrix
