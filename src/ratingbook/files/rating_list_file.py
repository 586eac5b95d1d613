"""Opening a FIDE rating-list download as one byte stream, zipped or not.

FIDE's downloads are zip files holding one list (``standard_rating_list.zip`` holds
``standard_rating_list.txt``; ``players_list.zip`` holds ``players_list_foa.txt``); an
unzipped ``.txt`` or ``.xml`` is read as it is. The member is decompressed as it is read, so the
list never sits whole in memory. What the bytes mean is :mod:`ratingbook.fide.rules.rating_list`'s.
"""

from __future__ import annotations

import contextlib
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from ratingbook.errors import RatingbookError

__all__ = ["open_rating_list"]

_LISTS = (".txt", ".xml")


@contextlib.contextmanager
def open_rating_list(path: Path) -> Iterator[IO[bytes]]:
    """The list in ``path`` (a zip holding one .txt or .xml, or the file itself) as a stream."""
    if not path.is_file():
        raise RatingbookError(f"no rating list file {str(path)!r}")
    if not zipfile.is_zipfile(path):
        with path.open("rb") as stream:
            yield stream
        return
    with zipfile.ZipFile(path) as archive:
        members = [m for m in archive.infolist() if m.filename.lower().endswith(_LISTS)]
        if len(members) != 1:
            names = ", ".join(m.filename for m in archive.infolist()) or "nothing"
            raise RatingbookError(
                f"{str(path)!r} holds {names}: expected one FIDE rating list (.txt or .xml)"
            )
        with archive.open(members[0]) as stream:
            yield stream
