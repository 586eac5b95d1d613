"""Where things are: the repository the tests run in."""

from __future__ import annotations

from pathlib import Path

#: The repository's root folder (tests/helpers/ is two levels below it).
ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "workbook_templates"
#: The real TRF files of other programs' events (their sources in its README.md), by name.
REAL_TRF = ROOT / "tests" / "data" / "trf"
REAL_TRF_FILES = tuple(
    sorted(p.name for p in REAL_TRF.iterdir() if p.suffix in (".trf", ".trfx", ".tab"))
)
#: The real files with the most rounds and players: in a sweep over every real file their cases
#: are the slow ones (tests/conftest.py, and the sweeps that mark them themselves).
LONG_REAL_FILES = frozenset(
    {
        "icu_armstrong-cup_2010-11.tab",
        "karl-mala-gedenkturnier_2005_frankfurt.trf",
        "lichess_2020-05-10_zulfikar-bullet.trf",
    }
)
