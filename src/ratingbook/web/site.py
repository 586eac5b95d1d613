"""The published site of a book of any kind: an individual event's pages
(:mod:`ratingbook.web.pages`), a team event's (:mod:`ratingbook.web.team_pages`) or a season's
rating list's (:mod:`ratingbook.web.list_pages`), chosen by the
event's view (:data:`ratingbook.workbook.kinds.SiteView`), rendered
(:mod:`ratingbook.web.rendering`), then written into the output folder.

Everything is rendered before the first file is written; each file is written to a temporary
name and renamed into place, so a reader never sees half a page. The site records the files
it wrote in :data:`RECORD` beside them: a publish into the same folder again removes those
an earlier publish wrote that this one does not (user test 48: the round-3 publish's
``contenders.html``, "Who can still win before round 3", outlived the event's end). Files of
the folder that are not the site's (not in its record) are left alone. An output path that is
a file, or cannot be created, is an error and nothing is written.
"""

from __future__ import annotations

import datetime as _dt
import functools
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple, assert_never

from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.files.disk import atomic_save
from ratingbook.reports.event_grids import event_grids
from ratingbook.reports.stages import stage_text
from ratingbook.reports.tables import SheetGrid
from ratingbook.web.end_pages import end_pages
from ratingbook.web.list_pages import list_files
from ratingbook.web.pages import event_pages
from ratingbook.web.rendering import render_pages
from ratingbook.web.team_pages import render_team_site
from ratingbook.workbook.kinds import IndividualSite, ListSite, SiteView, TeamSite

__all__ = ["RECORD", "Published", "build_site", "render_site", "site_files"]

#: The file in which a published site lists its own files, a name a line after a comment
#: line: what a later publish into the same folder may remove. Hidden (a dot file), so that
#: the site's pages and a web host's listing leave it out.
RECORD = ".ratingbook-site"
_RECORD_HEAD = (
    "# Written by ratingbook publish: the site's files, removed when it no longer writes them"
)


def render_site(
    event: SwissEvent,
    title: str,
    today: _dt.date | None = None,
    end: Sequence[SheetGrid] = (),
    log: Sequence[LogEntry] = (),
) -> dict[str, str]:
    """Every file of the site by name: the pages and the stylesheet; ``end``: the
    end-of-event tables (prize list, norms, contenders), a page each; ``log``: the event's
    log (a round's page gives the points it was paired on)."""
    if not event.settings.fide_mode:  # FIDE mode left (#25): every page says so
        title = f"{title} (not in FIDE mode)"
    grids = event_grids(event)
    pages = event_pages(event, grids, title, log) + end_pages(end, title)
    links = [(page.file, page.heading) for page in pages[len(pages) - len(end) :]]
    credit = "FIDE pairing and tie-breaks computed by gacrux."
    stage = stage_text(event.round_state())
    return render_pages(
        pages, title, event.paired_rounds, credit, end_links=links, today=today, stage=stage
    )


def _folder(out_dir: Path) -> None:
    if out_dir.exists() and not out_dir.is_dir():
        raise RatingbookError(f"the output folder {str(out_dir)!r} is a file, not a folder")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RatingbookError(
            f"cannot create the output folder {str(out_dir)!r}: {error.strerror or error}"
        ) from error


def _write_text(path: str, *, content: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(content)


def site_files(view: SiteView, title: str) -> dict[str, str]:
    """Every file of the site of a book of any kind by name: the web's side of the event
    kinds and the rating list (:mod:`ratingbook.workbook.kinds`), each kind's view rendered
    by its own pages."""
    match view:
        case IndividualSite():
            return render_site(view.event, title, end=view.end, log=view.log)
        case TeamSite():
            return render_team_site(view.event, title, log=view.log)
        case ListSite():
            return list_files(view, title)
    assert_never(view)


def _recorded(out_dir: Path) -> set[str]:
    """The files an earlier publish recorded in ``out_dir`` (none without a record): plain
    file names only, so that an edited record cannot name a file outside the folder."""
    try:
        lines = (out_dir / RECORD).read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return set()
    return {
        line
        for line in lines
        if line
        and not line.startswith("#")
        and Path(line).name == line
        and line not in (".", "..", RECORD)
    }


def _remove_stale(out_dir: Path, stale: set[str]) -> list[str]:
    """Remove the files named in ``stale`` that are still there; those removed."""
    removed = []
    for name in sorted(stale):
        path = out_dir / name
        if path.is_file() and not path.is_symlink():
            try:
                path.unlink()
            except OSError as error:
                raise RatingbookError(
                    f"cannot remove the out-of-date page {str(path)!r}: {error.strerror or error}"
                ) from error
            removed.append(name)
    return removed


class Published(NamedTuple):
    """What a publish did to its folder: the files it wrote, the out-of-date ones removed."""

    written: list[str]
    removed: list[str]


def build_site(view: SiteView, title: str, out_dir: Path) -> Published:
    """Write the site of what ``view`` shows (an event, a rating list) into ``out_dir``
    (created if missing); the files written and removed. Every page is rendered before the
    first file is written; then the files an earlier publish recorded (:data:`RECORD`) that
    this one does not write are removed, and the record lists this publish's files."""
    files = site_files(view, title)
    _folder(out_dir)
    earlier = _recorded(out_dir)
    for name, content in files.items():
        atomic_save(out_dir / name, functools.partial(_write_text, content=content))
    removed = _remove_stale(out_dir, earlier - set(files))
    record = "".join(f"{name}\n" for name in sorted(files))
    atomic_save(
        out_dir / RECORD, functools.partial(_write_text, content=f"{_RECORD_HEAD}\n{record}")
    )
    return Published(sorted(files), removed)
