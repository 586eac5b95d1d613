"""The ``FIDE Mode`` setting is a row of ``Swiss Settings`` with its meaning (user test 48).

The arbiter's guide and the FIDE-mode page describe ``FIDE Mode`` as a setting of
``Swiss Settings``, ``On`` by default, ``Off`` to leave FIDE mode (final). The templates of
the two systems FIDE mode covers (Dutch, round robin) showed no such row, so leaving FIDE mode
meant knowing the row's name and typing it; a TRF import wrote the row with an empty
``What it means`` cell. Expected values are the docs' own words; the import's meaning is
compared with the committed template's cell.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from tests.helpers.paths import ROOT
from tests.helpers.swiss_trf import swiss_trf

from ratingbook.cli import cli

SETTINGS = "Swiss Settings"
MEANING = "What it means"


def _settings(path: Path) -> dict[str, tuple[object, object]]:
    """Each setting's (value, meaning), and no setting twice."""
    ws = openpyxl.load_workbook(path)[SETTINGS]
    header, *body = ws.iter_rows(values_only=True)
    at = {name: i for i, name in enumerate(header)}
    found: dict[str, tuple[object, object]] = {}
    for row in body:
        name = row[at["Setting"]]
        if name is None:
            continue
        assert name not in found, f"setting {name!r} twice"
        found[str(name)] = (row[at["Value"]], row[at[MEANING]])
    return found


@pytest.mark.parametrize("kind", ["swiss", "roundrobin"])
def test_the_template_shows_fide_mode_on_with_its_meaning(kind: str) -> None:
    value, meaning = _settings(ROOT / "workbook_templates" / f"{kind}.xlsx")["FIDE Mode"]
    assert value == "On"  # "on by default" (arbiter.md, fide-mode.md)
    assert isinstance(meaning, str)
    assert "Off" in meaning and "final" in meaning  # how to leave it, and that it is final


def test_an_imported_book_writes_the_templates_meaning_of_fide_mode(tmp_path: Path) -> None:
    """Four players, one round typed by hand (1-3 and 2-4, the top half against the bottom);
    the file has no ``FIDE Mode Off`` line, so the book is in FIDE mode."""
    text = swiss_trf(
        "Club Open",
        "2026/04/11",
        ["Anna", "Bob", "Cleo", "Dirk"],
        {1: [(1, 3, "1-0"), (4, 2, "=")]},
        planned=3,
        ratings=[2000, 1900, 1800, 1700],
        fide_ids=[101, 102, 103, 104],
    )
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(cli, ["trf", "import", str(source), "-o", str(book), "--no-check"])
    assert done.exit_code == 0, done.output
    template = _settings(ROOT / "workbook_templates" / "swiss.xlsx")["FIDE Mode"]
    assert _settings(book)["FIDE Mode"] == ("On", template[1])
