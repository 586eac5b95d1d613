"""How the bytes of a text file become text: the one home of input decoding.

- Seed formats and every text ratingbook itself writes are UTF-8, with or without a byte-order
  mark (:func:`decode_utf8`); anything else is an error naming the first bad byte.
- Files other programs wrote (TRF from Swiss-Manager and other Windows programs) may be in the
  Windows "ANSI" code page instead (:func:`decode_legacy`): UTF-8 is tried first, then CP1252,
  and the five bytes CP1252 leaves undefined read as Latin-1, so every file decodes and a name
  such as ``Müller`` reads the same from a UTF-8, a CP1252 or a Latin-1 file.
"""

from __future__ import annotations

from ratingbook.errors import ParseError

__all__ = ["decode_legacy", "decode_utf8"]


def decode_utf8(data: bytes, label: str) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark dropped), or a :class:`ParseError`
    saying which byte of ``label`` is not UTF-8.

    >>> decode_utf8(b"\\xef\\xbb\\xbfAnna", "x")
    'Anna'
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ParseError(
            f"{label} is not UTF-8 text (byte {error.start + 1} is {data[error.start]:#04x})"
        ) from None


def decode_legacy(data: bytes) -> str:
    """``data`` as text: UTF-8 (with or without a byte-order mark) when it is valid UTF-8, else
    CP1252 with Latin-1 for the bytes CP1252 leaves undefined.

    >>> decode_legacy("Müller".encode("cp1252")), decode_legacy("Müller".encode("utf-8"))
    ('Müller', 'Müller')
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1").translate(_CP1252)


# Latin-1 and CP1252 differ only in bytes 0x80-0x9F, where CP1252 has letters and signs (€, Š,
# ", ...) and leaves five bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) undefined: those stay Latin-1.
_CP1252 = {
    byte: bytes([byte]).decode("cp1252")
    for byte in range(0x80, 0xA0)
    if byte not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
}
