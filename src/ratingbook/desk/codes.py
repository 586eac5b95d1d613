"""The desk's codes: what a player types (or scans) to report, the one home of their shape.

A code is 50 random bits from :mod:`secrets` (the issue asks at least 40: a guess at a round of
250 boards succeeds once in about 4.5 trillion tries), written as 10 characters of Crockford's
base32 in two groups (``7KQ4M-X2D9A``): no I, L, O or U, so nothing is misread, and typing is
forgiving: case, spaces and hyphens are ignored, ``O`` reads as ``0``, ``I`` and ``L`` as ``1``.
The store issues one per pairing per round (a code is never valid in another round) and one per
player or camp for a ladder.
"""

from __future__ import annotations

import secrets

__all__ = ["CODE_BITS", "HOW_READ", "new_code", "normal_code"]

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
_CHARACTERS = 10
CODE_BITS = 5 * _CHARACTERS
_LOOK_ALIKES = {"O": "0", "I": "1", "L": "1"}
_MISREAD = str.maketrans(_LOOK_ALIKES)
#: How a typed code is read, as the pages tell a player whose code is unknown: a code is
#: typed by people, and the letters the alphabet leaves out count as the digits they look like.
HOW_READ = (
    f"{_CHARACTERS} letters and digits; "
    + ", ".join(f"{letter} is read as {digit}" for letter, digit in _LOOK_ALIKES.items())
    + "; case, spaces and hyphens do not matter"
)


def new_code() -> str:
    """A fresh code, e.g. ``7KQ4M-X2D9A``."""
    plain = "".join(secrets.choice(_ALPHABET) for _ in range(_CHARACTERS))
    return f"{plain[:5]}-{plain[5:]}"


def normal_code(typed: str) -> str | None:
    """``typed`` as the store keeps codes (grouped, upper case), or None when it cannot be a
    code (wrong length or characters): a typo never reaches the store."""
    plain = "".join(ch for ch in typed.upper() if ch not in " -\t").translate(_MISREAD)
    if len(plain) != _CHARACTERS or any(ch not in _ALPHABET for ch in plain):
        return None
    return f"{plain[:5]}-{plain[5:]}"
