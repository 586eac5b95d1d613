"""LibreOffice, headless: where soffice is, and converting books with one LibreOffice for the run.

A start of soffice costs more than converting a small book, and the suite converts books in a
dozen places. So the first conversion starts one LibreOffice listening on a pipe, and every
conversion of the run (of this process: each pytest-xdist worker has its own) goes to it,
through :mod:`tests.helpers.libreoffice_client` run by a Python that has LibreOffice's ``uno``
module (Debian's python3-uno, recommended by the LibreOffice packages .ci/run installs).
``tests/conftest.py`` stops it when the run ends.

Where no Python with ``uno`` is found (or ``RATINGBOOK_TEST_UNO_PYTHON=none``), each
conversion is its own ``soffice --headless --convert-to`` run, as before; the results are the
same.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
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


#: A hang guard for one conversion run (seconds), not a speed test.
TIMEOUT = 240
CLIENT = Path(__file__).with_name("libreoffice_client.py")
#: The client's exit status when no LibreOffice answers on the pipe.
NO_ANSWER = 3

# LibreOffice recalculates an .xlsx file on load only if told to ("Recalculation on File Load",
# Excel 2007 and newer: the default is "Never recalculate", which keeps the cached values).
# This profile setting says "Always recalculate", as a user who follows README does.
RECALC_ALWAYS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode"
 oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""


@functools.cache
def soffice_version() -> tuple[int, ...]:
    """LibreOffice's version, e.g. (7, 4, 7)."""
    assert SOFFICE is not None
    out = subprocess.run(
        [SOFFICE, "--headless", "--version"], capture_output=True, text=True, timeout=TIMEOUT
    ).stdout
    match = re.search(r"(\d+)\.(\d+)(?:\.(\d+))?", out)
    return tuple(int(g) for g in match.groups() if g is not None) if match else (0,)


@functools.cache
def uno_python() -> str | None:
    """A Python that imports LibreOffice's ``uno``, or None."""
    chosen = os.environ.get("RATINGBOOK_TEST_UNO_PYTHON")
    if chosen == "none":
        return None
    candidates = [chosen] if chosen else [sys.executable, "/usr/bin/python3", "python3"]
    for python in candidates:
        try:
            done = subprocess.run(
                [python, "-c", "import uno"], capture_output=True, timeout=60, check=False
            )
        except OSError:
            continue
        if done.returncode == 0:
            return python
    return None


class _Listener:
    """The one LibreOffice of this process, started on first use."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.folder: Path | None = None
        self.pipe = f"ratingbook-tests-{os.getpid()}"

    def start(self) -> None:
        assert SOFFICE is not None
        self.folder = Path(tempfile.mkdtemp(prefix="ratingbook-libreoffice-"))
        self.process = subprocess.Popen(
            [SOFFICE, "--headless", "--invisible", "--nologo", "--norestore", "--nodefault",
             f"-env:UserInstallation={(self.folder / 'profile').as_uri()}",
             f"--accept=pipe,name={self.pipe};urp;StarOffice.ComponentContext"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,  # soffice starts soffice.bin: stop() ends the group
        )  # fmt: skip

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=30)
            except ProcessLookupError:
                pass
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
            self.process = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def convert(
        self, python: str, books: list[Path], out_dir: Path, target: str, recalc_on_load: bool
    ) -> subprocess.CompletedProcess[str]:
        request = {
            "pipe": self.pipe,
            "books": [str(book) for book in books],
            "out_dir": str(out_dir),
            "target": target,
            "recalc_on_load": recalc_on_load,
        }
        for attempt in range(2):
            if not self.running():
                self.stop()
                self.start()
            try:
                done = subprocess.run(
                    [python, str(CLIENT), json.dumps(request)],
                    capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL,
                )  # fmt: skip
            except subprocess.TimeoutExpired:
                self.stop()  # a hung LibreOffice: the next conversion starts a fresh one
                raise
            if done.returncode == NO_ANSWER and attempt == 0:
                self.stop()  # it died or never opened its pipe: start it once more
                continue
            if done.returncode != 0:
                self.stop()
            return done
        raise AssertionError("unreachable")


_LISTENER = _Listener()


def stop() -> None:
    """Stop this process's LibreOffice, if it started one (tests/conftest.py, at the end)."""
    _LISTENER.stop()


def convert_all(
    books: list[Path],
    out_dir: Path,
    profile: Path,
    target: str,
    *,
    recalc_on_load: bool = False,
) -> subprocess.CompletedProcess[str]:
    """Every one of ``books`` converted to ``target`` (``soffice --convert-to``'s argument:
    ``xlsx``, ``pdf``, ``csv:FILTER:OPTIONS``) into ``out_dir`` as ``STEM.EXTENSION``, by the
    run's one LibreOffice; ``recalc_on_load``: LibreOffice recalculates them as it loads them.

    ``profile`` is the user profile folder of a LibreOffice started for this call alone, where
    no Python with ``uno`` is found (see the module's docstring).
    """
    assert SOFFICE is not None
    out_dir.mkdir(parents=True, exist_ok=True)
    python = uno_python()
    if python is not None:
        return _LISTENER.convert(python, books, out_dir, target, recalc_on_load)
    if recalc_on_load:
        (profile / "user").mkdir(parents=True, exist_ok=True)
        (profile / "user" / "registrymodifications.xcu").write_text(RECALC_ALWAYS)
    return subprocess.run(
        [SOFFICE, "--headless", f"-env:UserInstallation={profile.as_uri()}",
         "--convert-to", target, "--outdir", str(out_dir), *map(str, books)],
        capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL,
    )  # fmt: skip
