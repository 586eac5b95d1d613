"""A chart's text settings hold no text: the one home of that rule for both file back ends.

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
(:func:`ratingbook.files.rewriting.openpyxl_presentation.without_text_property_runs`). Text is
edited as text, as :mod:`~ratingbook.files.ooxml.xmltext` says why; pure strings.

What this rule leaves alone, on purpose: a title's text (``<c:title>``'s runs), even when it
reads ``None`` (openpyxl's word for an empty title, read back and saved again), since that is
text in the chart, as a title typed ``None`` is, and nothing in the file tells the two apart;
and, in the package back end, every chart it neither writes (the generated sheets') nor edits
(the Camper Chart's): a user's own chart is theirs, copied byte for byte.
"""

from __future__ import annotations

import re

__all__ = ["without_text_property_runs"]

_TEXT_SETTINGS = re.compile(r"<((?:\w+:)?)txPr>(.*?)</\1txPr>", re.S)
# EG_TextRun (21.1.2.3): a run, a line break or a field; ``\b`` keeps ``<a:rPr>`` out.
_RUN = re.compile(r"<((?:\w+:)?)(r|br|fld)\b(?:[^>]*/>|[^>]*>.*?</\1\2>)", re.S)


def without_text_property_runs(xml: str) -> str:
    """The chart part ``xml`` with no text run, line break or field in any of its text
    settings (``txPr``); every other character kept, the runs of its titles among them."""

    def cleared(found: re.Match[str]) -> str:
        prefix = found.group(1)
        return f"<{prefix}txPr>{_RUN.sub('', found.group(2))}</{prefix}txPr>"

    return _TEXT_SETTINGS.sub(cleared, xml)
