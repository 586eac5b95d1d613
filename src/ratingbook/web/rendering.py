"""Pages as files: every page of a site rendered by Jinja2 from ``templates/`` (autoescaped, so
no text from a cell is ever markup or script), with the stylesheet beside them.

The one home of what every published site shares, whichever event it shows: the templates,
the footer (the round, the date, ratingbook's version and who computed the pairing) and the
stylesheet. What each page shows is :mod:`ratingbook.web.pages`' (an individual event) or
:mod:`ratingbook.web.team_pages`' (a team event).
"""

from __future__ import annotations

import datetime as _dt
import functools
import re
from collections.abc import Sequence
from importlib import metadata, resources

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from ratingbook.web.pages import NAME, Page, Table

__all__ = ["STYLESHEET", "ratingbook_version", "render_pages"]

STYLESHEET = "style.css"


def ratingbook_version() -> str:
    """The installed ratingbook's version (the package's own ``__version__``, read from its
    metadata: a layer below the entry modules cannot import them)."""
    try:
        return metadata.version("ratingbook")
    except metadata.PackageNotFoundError:
        return "(not installed)"


def name_text(text: object) -> Markup:
    """A name as a page writes it: escaped, with a break allowed after a comma that has no
    space after it ("Jones,<wbr>Gawain C."): surname and first name are words, and a name
    wraps between its words only (never "Jones,Ga|wain": issue 34)."""
    return Markup(str(escape(str(text))).replace(",", ",<wbr>").replace(",<wbr> ", ", "))


#: A slash between a code and its modifier in a header: ``EMGSB/C1``, ``BH/C1``.
_CODE_SLASH = re.compile(r"(?<=[A-Za-z0-9])/(?=[A-Za-z])")


def header_text(text: object) -> Markup:
    """A column's header as a page writes it: escaped, with a break allowed after the slash
    of a tie-break code and its cut (``EMGSB/<wbr>C1``): on a phone the code takes two short
    lines, not one wide column (user test 49: the team standings' last tie-break was off a
    390 px screen). ``Rtg+/-`` stays whole."""
    return Markup(_CODE_SLASH.sub("/<wbr>", str(escape(str(text)))))


def class_attribute(table: Table, column: int, number: bool) -> Markup:
    """A header's or a cell's ``class`` attribute: its column's CSS class, and ``num`` for a
    number (aligned right); nothing when it has neither."""
    names = " ".join(n for n in (table.classes.get(column, ""), "num" if number else "") if n)
    return Markup(f' class="{escape(names)}"') if names else Markup("")


def body_rows(table: Table) -> Markup:
    """A table's body rows, a line each: a cell ``<td>`` (``<th scope="row">`` in the column
    that heads its row) with its :func:`class_attribute`, its text escaped (a name's as
    :func:`name_text` writes it), linked when it has a link, and its second line (a phone's)
    under it. Written here rather than in the template: a site's tables have tens of
    thousands of cells, and a template's loop costs ten times as much."""
    lines = []
    for row in table.rows:
        cells = []
        for column, cell in enumerate(row):
            tag = "th" if column == table.row_header else "td"
            opened = '<th scope="row"' if tag == "th" else "<td"
            named = table.classes.get(column) == NAME
            text = name_text(cell.text) if named else escape(cell.text)
            if cell.href:
                text = Markup(f'<a href="{escape(cell.href)}">{text}</a>')
            sub = f'<span class="sub">{name_text(cell.sub)}</span>' if cell.sub else ""
            cells.append(
                f"{opened}{class_attribute(table, column, cell.number)}>{text}{sub}</{tag}>"
            )
        lines.append(f"<tr>{''.join(cells)}</tr>\n")
    return Markup("".join(lines))


@functools.cache  # compiled once a process: a folder published site by site reuses it
def _environment() -> Environment:
    environment = Environment(
        loader=PackageLoader("ratingbook.web", "templates"),
        autoescape=select_autoescape(["html"], default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["name_text"] = name_text
    environment.filters["header_text"] = header_text
    environment.filters["body_rows"] = body_rows
    environment.globals["class_attribute"] = class_attribute
    return environment


def render_pages(
    pages: Sequence[Page],
    title: str,
    paired_rounds: int,
    credit: str,
    *,
    end_links: Sequence[tuple[str, str]] = (),
    today: _dt.date | None = None,
    stage: str,
    nav: Sequence[tuple[str, str]] = (),
) -> dict[str, str]:
    """Every file of a site by name: ``pages`` rendered, then the stylesheet. The footer says
    the event's ``title``, ``stage`` (which rounds the figures count: "after round 4"; a
    page's own :attr:`~ratingbook.web.pages.Page.stage` where it counts more), the
    date (``today``, by default the day it runs), ratingbook's version and ``credit`` (who
    computed the pairing and tie-breaks); ``end_links`` are the ``(file, heading)`` of the
    end-of-event pages every page links to; ``nav``, when given, the ``(file, heading)`` of
    the pages every page links to instead of an event's (a season's rating list has no
    rounds)."""
    template = _environment().get_template("page.html")
    when = (today or _dt.date.today()).isoformat()
    version = ratingbook_version()
    # Which rounds the figures count (reports.stages), never the last round paired: a round
    # paired but not played is not counted yet. A page counting more says its own (who can
    # still win counts the games over: "not counted yet" under it was false, issue 34).
    rounds = range(1, paired_rounds + 1)
    files = {
        page.file: template.render(
            page=page,
            event=title,
            rounds=rounds,
            footer=f"{title}: {page.stage or stage}. Published {when} by ratingbook {version}; "
            f"{credit}",
            version=version,
            end_links=end_links,
            nav=nav,
        )
        for page in pages
    }
    files[STYLESHEET] = resources.files("ratingbook.web").joinpath(STYLESHEET).read_text("utf-8")
    return files
