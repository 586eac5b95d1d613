"""The charts openpyxl reads, their text kept as the file holds it (``--backend openpyxl``).

The rules are :mod:`ratingbook.files.ooxml.charttext`'s, here on openpyxl's chart objects:
:func:`load_workbook` loads a book with openpyxl so that an empty text of a chart (a title or
axis title left empty, ``<a:t/>``) stays empty, where openpyxl alone reads it as the word
``None`` and writes that onto the chart; :func:`without_text_property_runs` drops the text runs
of every chart's text settings. Every chart openpyxl reads goes through both before anything
else sees it.
"""

from __future__ import annotations

import re
import secrets
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from openpyxl.chart.text import RichText
from openpyxl.descriptors.serialisable import Serialisable
from openpyxl.drawing.text import RegularTextRun, TextField
from openpyxl.reader.excel import ExcelReader

from ratingbook.files.ooxml.charttext import with_empty_texts_marked
from ratingbook.files.rewriting.openpyxl_rows import rows_done_once

__all__ = ["load_workbook", "without_text_property_runs"]

#: A chart part's start: its root element (ECMA-376 part 1, 21.2.2.29) after the declaration.
_CHART_SPACE = re.compile(
    rb"(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<(?:[\w.-]+:)?chartSpace[\s/>]",
    re.S,
)
_HEAD = 4096


class _ChartTextsMarked(zipfile.ZipFile):
    """The package, each chart part read with its empty texts holding ``mark``
    (:func:`~ratingbook.files.ooxml.charttext.with_empty_texts_marked`); every other part, and
    a chart part that is not UTF-8, as the file holds it."""

    def __init__(self, path: Path, mark: str) -> None:
        super().__init__(path)
        self.mark = mark

    def read(self, name: str | zipfile.ZipInfo, pwd: bytes | None = None) -> bytes:
        data = super().read(name, pwd)
        if not _CHART_SPACE.match(data, 0, _HEAD):
            return data
        try:
            xml = data.decode("utf-8")
        except UnicodeDecodeError:
            return data
        return with_empty_texts_marked(xml, self.mark).encode("utf-8")


def load_workbook(path: Path, *, keep_vba: bool) -> Any:
    """``openpyxl.load_workbook(path, keep_vba=keep_vba, keep_links=True, rich_text=False)``,
    every empty text of the charts it reads empty, as in the file.

    openpyxl reads an empty ``<a:t/>`` as None and its string descriptor (``RegularTextRun.t``)
    makes that the text ``None``, which a title typed ``None`` also reads as. So openpyxl reads
    the package through :class:`_ChartTextsMarked`, each empty text holding a mark made for
    this load (private-use characters around 32 random hexadecimal digits: no file holds it),
    and each run reading the mark is given its empty text back; nothing else changes."""
    mark = f"\ue000{secrets.token_hex(16)}\ue000"
    reader = ExcelReader(path, keep_vba=keep_vba, keep_links=True, rich_text=False)
    reader.archive.close()  # opened by openpyxl as it is; read again with the marks
    reader.archive = _ChartTextsMarked(path, mark)
    try:
        with rows_done_once():  # the same workbook, each kind of row built once
            reader.read()
    finally:
        reader.archive.close()
    workbook = reader.wb
    for item in _chart_objects(workbook):
        if isinstance(item, RegularTextRun) and item.t == mark:
            item.t = ""  # written back as <a:t/>
        elif isinstance(item, TextField) and item.t == mark:
            item.t = None  # what openpyxl reads a field's empty text as
    return workbook


def without_text_property_runs(workbook: Any) -> None:
    """The text settings (``txPr``) of every chart openpyxl read into ``workbook`` without text
    runs: the rule of :mod:`ratingbook.files.ooxml.charttext` (whose function does the same to
    a chart part's XML for the package back end), here on openpyxl's chart objects. A chart
    written by openpyxl (the templates of earlier ratingbook versions among them) holds an
    empty run there, which openpyxl would read back and write into the axis as "None"."""
    for item in _chart_objects(workbook):
        settings = getattr(item, "txPr", None)
        if isinstance(settings, RichText):
            for paragraph in settings.p:
                paragraph.r = []


def _chart_objects(workbook: Any) -> Iterator[Any]:
    """Every object of every chart openpyxl read into ``workbook``, each once: the charts,
    their plots, axes, titles, legends, series, labels and what they hold, down to the text
    runs (all that openpyxl keeps of an object is in its ``__dict__``; a chart it read holds
    nothing but such objects, lists of them and values)."""
    seen: set[int] = set()
    held: list[Any] = []  # so that no object dies and gives its id to another meanwhile
    sheets = (*workbook.worksheets, *workbook.chartsheets)
    stack: list[Any] = [chart for sheet in sheets for chart in sheet._charts]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        held.append(item)
        if isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
            continue
        yield item
        inside = getattr(item, "__dict__", None)
        if inside is not None:
            stack.extend(
                value
                for value in reversed(inside.values())
                if isinstance(value, (list, tuple, Serialisable))
            )
