"""The event's published pages as they stand, served by the desk: ``ratingbook publish``'s site
(:func:`ratingbook.web.site.site_files`: standings, crosstable, each round's pairings and
results), rendered from the book in memory and again whenever the book's file changes (a take,
or a save in Excel).

A page is looked up by its name among the site's files: no name is ever a path on the disk.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from ratingbook.errors import RatingbookError
from ratingbook.files.backends import open_book
from ratingbook.web.site import site_files
from ratingbook.workbook.kinds import read_book_site

__all__ = ["LivePages", "Site"]


@dataclass(frozen=True, slots=True)
class Site:
    """The site as last rendered: its files by name, or why the book gives none."""

    files: dict[str, str]
    problem: str | None = None


class LivePages:
    """The published pages of ``book``, rendered again when its size or time changes."""

    def __init__(self, book: Path) -> None:
        self.book = book
        self._stamp: tuple[int, int] | None = None
        self._site = Site({}, "not read yet")
        self._lock = threading.Lock()

    def _render(self) -> Site:
        try:
            site = read_book_site(open_book(str(self.book)))
            return Site(site_files(site.view, site.name or self.book.stem))
        except RatingbookError as error:
            return Site({}, str(error))
        except OSError as error:  # open in Excel on Windows, or moved: the last pages stand
            return Site(self._site.files, f"the book cannot be read now ({error.strerror})")

    def site(self) -> Site:
        """The site as the book stands now."""
        try:
            status = self.book.stat()
            stamp: tuple[int, int] | None = (status.st_mtime_ns, status.st_size)
        except OSError:
            stamp = None
        with self._lock:  # one rendering at a time; the others wait for it and share it
            if stamp is None or stamp != self._stamp:
                self._site = self._render()
                self._stamp = stamp
            return self._site

    def file(self, name: str) -> str | None:
        """The page (or the stylesheet) called ``name``; None when the site has none."""
        return self.site().files.get(name)
