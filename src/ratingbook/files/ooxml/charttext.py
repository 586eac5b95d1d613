"""A chart's text as ratingbook keeps it: the one home of those rules for both file back ends.

A chart part's ``<c:txPr>`` (ECMA-376 part 1, 21.2.2.216) says how the text of an axis, a
legend or a title is drawn: its body properties and one paragraph's default run properties.
The text itself comes from elsewhere (the axis' numbers, the series' names), so a text run
there is no text of the chart. openpyxl (3.1) writes one anyway, empty, ``<a:r><a:t/></a:r>``,
into every text settings it saves, reads that missing text back as None and its string
descriptor turns it into the text ``None``: a book saved twice by openpyxl (a script typing the
week's games, a book once rewritten by ``--backend openpyxl``) holds ``<a:t>None</a:t>`` in its
charts' label settings.

So no chart ratingbook writes carries a run in its text settings: the package back end's new
charts are written without one, and the chart parts it edits (the Camper Chart's, whose
rating axis every run sets) have theirs dropped by :func:`without_text_property_runs`; the
openpyxl back end drops them from the charts it reads and builds
(:func:`ratingbook.files.rewriting.openpyxl_charts.without_text_property_runs`). Text is
edited as text, as :mod:`~ratingbook.files.ooxml.xmltext` says why; pure strings.

An empty text stays empty. A title or axis title left empty is a run whose text element is
empty (``<a:t/>``, ``<a:t></a:t>``: DrawingML's ``a:t``, ECMA-376 part 1, 21.1.2.3);
openpyxl reads it as the text ``None``, by the same descriptor, and writes that word onto the
chart. The openpyxl back end has openpyxl read each empty text of a chart part as a mark no
file holds (:func:`with_empty_texts_marked`) and gives every run that reads the mark its empty
text back (:func:`ratingbook.files.rewriting.openpyxl_charts.load_workbook`), so the chart
comes out with the text it went in with.

What these rules leave alone, on purpose: a title's text (``<c:title>``'s runs), even when it
reads ``None`` (openpyxl's word for an empty title, written by a program built on it that
saved the book twice, or by an earlier ``--backend openpyxl``), since that is text in the
chart, as a title typed ``None`` is, and nothing in the file tells the two apart; and, in the
package back end, every chart it neither writes (the generated sheets') nor edits
(the Camper Chart's): a user's own chart is theirs, copied byte for byte.
"""

from __future__ import annotations

import re

__all__ = ["DRAWING_NS", "with_empty_texts_marked", "without_text_property_runs"]

#: DrawingML's main namespace (ECMA-376 part 1, 20.1), whose ``t`` is a run's text.
DRAWING_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"

_TEXT_SETTINGS = re.compile(r"<((?:\w+:)?)txPr>(.*?)</\1txPr>", re.S)
# EG_TextRun (21.1.2.3): a run, a line break or a field; ``\b`` keeps ``<a:rPr>`` out.
_RUN = re.compile(r"<((?:\w+:)?)(r|br|fld)\b(?:[^>]*/>|[^>]*>.*?</\1\2>)", re.S)
# A prefix bound to DrawingML (``xmlns:a="..."``), or none (``xmlns="..."``).
_DRAWING_PREFIX = re.compile(
    r"""xmlns(?::([\w.-]+))?\s*=\s*["']""" + re.escape(DRAWING_NS) + "[\"']"
)


def without_text_property_runs(xml: str) -> str:
    """The chart part ``xml`` with no text run, line break or field in any of its text
    settings (``txPr``); every other character kept, the runs of its titles among them."""

    def cleared(found: re.Match[str]) -> str:
        prefix = found.group(1)
        return f"<{prefix}txPr>{_RUN.sub('', found.group(2))}</{prefix}txPr>"

    return _TEXT_SETTINGS.sub(cleared, xml)


def with_empty_texts_marked(xml: str, mark: str) -> str:
    """The chart part ``xml`` with ``mark`` (plain text: no markup, no character XML escapes) as
    the text of every empty DrawingML text element (``<a:t/>``, ``<a:t></a:t>``, with or
    without attributes), under whichever prefix the part binds DrawingML to; every other
    character kept. A text of white space is text, and kept."""
    for found in dict.fromkeys(m.group(1) or "" for m in _DRAWING_PREFIX.finditer(xml)):
        tag = re.escape(f"{found}:t" if found else "t")
        empty = re.compile(rf"<({tag})(\s[^>]*?)?\s*(?:/>|></{tag}>)")
        xml = empty.sub(lambda m: f"<{m[1]}{m[2] or ''}>{mark}</{m[1]}>", xml)
    return xml
