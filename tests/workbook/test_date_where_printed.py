"""The guides and the ladder's Instructions say where a printout's date is (issue 34, see42c).

The user test printed every sheet with the date bottom right, in the footer, while the camp
staff guide, the arbiter's guide and the ladder template's Instructions said it was at the top.
"""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
from tests.helpers.built_books import write_template

from ratingbook.workbook.port.presentation import PrintSetup

DOCS = Path(__file__).parents[2] / "docs" / "guides"


def _said(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_printouts_date_is_in_the_footer_on_the_right() -> None:
    setup = PrintSetup("Ladder Standings - Week 3")
    assert setup.date_code not in setup.header()
    assert setup.footer().endswith(f"&R{setup.date_code}")


def test_the_guides_and_the_instructions_put_the_date_bottom_right(tmp_path: Path) -> None:
    book = tmp_path / "camp.xlsx"
    write_template("ladder", book)
    ws = openpyxl.load_workbook(book)["Instructions"]
    instructions = " ".join(str(c.value) for row in ws.iter_rows() for c in row if c.value)
    texts = {
        "Instructions": _said(instructions),
        "camp-staff.md": _said((DOCS / "camp-staff.md").read_text(encoding="utf-8")),
        "arbiter.md": _said((DOCS / "arbiter.md").read_text(encoding="utf-8")),
    }
    for name, text in texts.items():
        assert "date at the top" not in text, name
        assert "date it is printed at the bottom right" in text, name
