"""Where things are: the repository the tests run in."""

from __future__ import annotations

from pathlib import Path

#: The repository's root folder (tests/helpers/ is two levels below it).
ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "workbook_templates"
