"""Python values -> ``<c>`` elements: text, numbers, booleans, dates, errors.

Everything that decides how a value is written into a cell lives here: text as an inline
string (so ``=...`` text never becomes a formula), numbers with 16 significant digits (as
openpyxl writes them), infinities and NaN as ``#NUM!``, dates as serial numbers of the
workbook's date system with a date format.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Callable
from decimal import Decimal

from ratingbook.files.ooxml.workbookpart import WINDOWS_EPOCH
from ratingbook.files.ooxml.xmltext import escape, inline_text, int_attribute
from ratingbook.files.patching.styles import Styles
from ratingbook.workbook.port.book import Formula

# Excel's number formats for date and time values written into cells that have none
# (the formats openpyxl gives them, so both adapters write the same).
DATE_FORMATS: dict[type, str] = {
    _dt.datetime: "yyyy-mm-dd h:mm:ss",
    _dt.date: "yyyy-mm-dd",
    _dt.time: "h:mm:ss",
    _dt.timedelta: "[hh]:mm:ss",
}


class CellWriter:
    """Turns Python values into ``<c>`` elements; knows the workbook's date system and styles."""

    def __init__(self, styles: Callable[[], Styles], epoch: _dt.datetime) -> None:
        self._load_styles = styles
        self.epoch = epoch
        self._date_styles: dict[tuple[int, type], int] = {}

    def styles(self) -> Styles:
        return self._load_styles()

    def date_style(self, style: int, kind: type) -> int:
        """A cell format showing a ``kind`` value: ``style`` itself if it shows dates already."""
        key = (style, kind)
        if key not in self._date_styles:
            styles = self.styles()
            if styles.is_date(style):
                self._date_styles[key] = style
            else:
                number = styles.number_format(DATE_FORMATS[kind])
                self._date_styles[key] = styles.with_number_format(style, number)
        return self._date_styles[key]

    def cell(self, p: str, ref: str, style: str | None, value: object) -> str:
        """The ``<c>`` element for ``value`` in cell ``ref`` (``""`` for an unstyled empty cell)."""
        if value is None:
            return f'<{p}c r="{ref}" s="{style}"/>' if style is not None else ""
        s = f' s="{style}"' if style is not None else ""
        if isinstance(value, str):
            return f'<{p}c r="{ref}"{s} t="inlineStr"><{p}is>{inline_text(value, p)}</{p}is></{p}c>'
        if isinstance(value, Formula):  # no cached value: calculated on load (fullCalcOnLoad)
            return f'<{p}c r="{ref}"{s}><{p}f>{escape(value.text)}</{p}f></{p}c>'
        if isinstance(value, bool):
            return f'<{p}c r="{ref}"{s} t="b"><{p}v>{int(value)}</{p}v></{p}c>'
        if isinstance(value, int):
            return f'<{p}c r="{ref}"{s}><{p}v>{value}</{p}v></{p}c>'
        if isinstance(value, float | Decimal):
            if not math.isfinite(value):
                return f'<{p}c r="{ref}"{s} t="e"><{p}v>#NUM!</{p}v></{p}c>'
            return f'<{p}c r="{ref}"{s}><{p}v>{number_text(value)}</{p}v></{p}c>'
        if isinstance(value, _dt.date | _dt.time | _dt.timedelta):
            kind = next(k for k in DATE_FORMATS if isinstance(value, k))
            serial = excel_serial(value, self.epoch)
            date_style = self.date_style(int_attribute(style) if style is not None else 0, kind)
            return f'<{p}c r="{ref}" s="{date_style}"><{p}v>{number_text(serial)}</{p}v></{p}c>'
        raise TypeError(f"cannot write {value!r} ({type(value).__name__}) into a cell")


def number_text(value: float | Decimal) -> str:
    """A number as the text of a ``<v>`` element."""
    if isinstance(value, Decimal):
        return str(value)
    # 16 significant digits, as openpyxl writes them: both adapters give the same values (and
    # Excel shows 15).
    return f"{value:.16g}"


def excel_serial(value: _dt.date | _dt.time | _dt.timedelta, epoch: _dt.datetime) -> float:
    """Excel's serial number for a date, time or duration (days since the workbook's epoch)."""
    if isinstance(value, _dt.timedelta):
        return value.total_seconds() / 86400
    if isinstance(value, _dt.time):
        return (
            value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6
        ) / 86400
    moment = value if isinstance(value, _dt.datetime) else _dt.datetime.combine(value, _dt.time())
    moment = moment.replace(tzinfo=None)
    delta = moment - epoch
    days = delta.days
    # Excel's 1900 system counts a 29 February 1900 that never was: dates before 1 March shift.
    if epoch == WINDOWS_EPOCH and 0 < days <= 60:
        days -= 1
    return days + delta.seconds / 86400 + delta.microseconds / 86400e6
