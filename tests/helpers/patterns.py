"""re's ``search``, ``match`` and ``finditer`` with each pattern compiled once per process.

The sentence checks (``tests/reports/test_consistency_*sentences.py``) build patterns around each
player's name (``re.escape(name) + r" \\("``...), several a player: thousands over a long event,
more than the re module's own cache (512 patterns) keeps, so re compiled most of them again for
every sentence, a fifth of those checks' time. The patterns and what they match are re's own.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

#: Every pattern compiled once (the cache is as large as the checks' patterns are many).
compiled = functools.cache(re.compile)


def search(pattern: str, string: str) -> re.Match[str] | None:
    """``re.search(pattern, string)``."""
    return compiled(pattern).search(string)


def match(pattern: str, string: str) -> re.Match[str] | None:
    """``re.match(pattern, string)``."""
    return compiled(pattern).match(string)


def finditer(pattern: str, string: str) -> Iterator[re.Match[str]]:
    """``re.finditer(pattern, string)``."""
    return compiled(pattern).finditer(string)
