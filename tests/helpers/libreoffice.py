"""LibreOffice, headless: where soffice is and converting books with one run of it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.helpers.tools import missing

#: The soffice command, or None where LibreOffice is not installed (its tests are skipped then,
#: and fail on CI: .ci/run installs the Debian package libreoffice-calc-nogui).
SOFFICE = shutil.which("soffice")


def require_soffice() -> str:
    """The soffice command; skips the test without it (fails it on CI: tests.helpers.tools)."""
    if SOFFICE is None:
        missing("LibreOffice (soffice)", "apt-get install libreoffice-calc-nogui")
    return SOFFICE


#: A hang guard for one soffice run (seconds), not a speed test.
TIMEOUT = 240


def convert_all(
    books: list[Path], out_dir: Path, profile: Path, target: str
) -> subprocess.CompletedProcess[str]:
    """One soffice run converting every one of ``books`` (a start of soffice costs more than
    converting a small book)."""
    assert SOFFICE is not None
    return subprocess.run(
        [SOFFICE, "--headless", f"-env:UserInstallation={profile.as_uri()}",
         "--convert-to", target, "--outdir", str(out_dir), *map(str, books)],
        capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL,
    )  # fmt: skip
