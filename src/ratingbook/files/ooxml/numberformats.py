"""The number formats a workbook has without listing them, and whether a format shows a date.

ECMA-376 part 1, 18.8.30 numbers the built-in formats (ids 0 to 49) that a stylesheet uses
without a ``<numFmt>``; which format shows a date is read from its code. Both are openpyxl's
(``openpyxl.styles.numbers``: ``BUILTIN_FORMATS``, ``is_date_format``), copied here so that the
package back end does not import openpyxl to save a book (a third of a command's start-up);
tests/files/test_package_styles.py proves them equal to openpyxl's.
"""

from __future__ import annotations

import re

__all__ = ["BUILTIN_FORMATS", "is_date_format"]

#: The built-in number formats by id, as openpyxl lists them.
BUILTIN_FORMATS: dict[int, str] = {
    0: "General",
    1: "0",
    2: "0.00",
    3: "#,##0",
    4: "#,##0.00",
    5: '"$"#,##0_);("$"#,##0)',
    6: '"$"#,##0_);[Red]("$"#,##0)',
    7: '"$"#,##0.00_);("$"#,##0.00)',
    8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
    9: "0%",
    10: "0.00%",
    11: "0.00E+00",
    12: "# ?/?",
    13: "# ??/??",
    14: "mm-dd-yy",
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "m/d/yy h:mm",
    37: "#,##0_);(#,##0)",
    38: "#,##0_);[Red](#,##0)",
    39: "#,##0.00_);(#,##0.00)",
    40: "#,##0.00_);[Red](#,##0.00)",
    41: r'_(* #,##0_);_(* \(#,##0\);_(* "-"_);_(@_)',
    42: r'_("$"* #,##0_);_("$"* \(#,##0\);_("$"* "-"_);_(@_)',
    43: r'_(* #,##0.00_);_(* \(#,##0.00\);_(* "-"??_);_(@_)',
    44: r'_("$"* #,##0.00_)_("$"* \(#,##0.00\)_("$"* "-"??_)_(@_)',
    45: "mm:ss",
    46: "[h]:mm:ss",
    47: "mmss.0",
    48: "##0.0E+0",
    49: "@",
}

# Quoted text, and anything in square brackets but elapsed hours, minutes or seconds.
_IGNORED = re.compile(r'".*?"|\[(?!hh?\]|mm?\]|ss?\])[^\]]*\]')
# A date or time letter not escaped (\d) nor a space's width (_d).
_DATE_LETTER = re.compile(r"(?<![_\\])[dmhysDMHYS]")


def is_date_format(code: str | None) -> bool:
    """Whether number format ``code`` shows a date or time (only its first section counts)."""
    if code is None:
        return False
    return _DATE_LETTER.search(_IGNORED.sub("", code.split(";")[0])) is not None
