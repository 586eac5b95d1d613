"""A count in words, the one home of every "1 game", "3 results" a summary, a note or a page
writes (:func:`many`): the plural but for one, so no line says "1 games". Pure.

>>> many(1, "game"), many(0, "game"), many(3, "permanent rating"), many(2, "match", "matches")
('1 game', '0 games', '3 permanent ratings', '2 matches')
"""

from __future__ import annotations

__all__ = ["many"]


def many(n: int, word: str, plural: str = "") -> str:
    """``n`` of ``word``, in the plural but for one: "1 game", "3 results"; ``plural``: the
    word's plural when it is not ``word`` and an s ("matches")."""
    return f"{n} {word if n == 1 else plural or word + 's'}"
