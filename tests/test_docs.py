"""The documentation: README.md, the page a user reads first, and the MkDocs site built from docs/.

- the site builds with ``mkdocs build --strict`` from mkdocs.yml: every page is in the nav and
  every link and heading anchor between pages is found, else the build fails;
- README.md stays short (at most :data:`README_MAX_LINES` lines) and its first code block opens
  with the two commands that work on a fresh machine, the second being the one CI runs;
- every relative link of README.md points at a file of the repository: on GitHub, where the site
  is not built, README links straight into docs/;
- the integrator guide's xlwings Lite steps are exactly the files the Pyodide test installs and
  runs (tests/integration/pyodide/), so a user who copies them gets what was tested.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from tests.helpers.paths import ROOT

README = ROOT / "README.md"
INTEGRATOR = ROOT / "docs" / "guides" / "integrator.md"
PYODIDE_HARNESS = ROOT / "tests" / "integration" / "pyodide"
#: The issue asks for about 250 lines; a little room, no more.
README_MAX_LINES = 260
#: The two commands README shows first: install and recalculate a template, then the test run.
FIRST_COMMANDS = [
    "pip install . && ratingbook recalc workbook_templates/ladder.xlsx -o ladder-recalculated.xlsx",
    'pip install -e ".[test]" && python -m pytest',
]
#: A hang guard, not a speed test: the build takes about 0.5 s here (measured), 1 s as a test.
HANG_GUARD = 300

_LINK = re.compile(r"\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^ *```[\w-]*\n(.*?)^ *```", re.DOTALL | re.MULTILINE)


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """``mkdocs build --strict`` exits 0: no broken link or anchor, no page outside the nav."""
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "site" / "index.html").is_file()


def test_readme_is_short_and_starts_with_the_two_commands() -> None:
    """README.md has at most 260 lines, and its first code block starts with the two commands."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES
    first = _FENCE.search(text)
    assert first is not None, "README.md has no code block"
    assert first.group(1).splitlines()[:2] == FIRST_COMMANDS


def relative_links(markdown: str) -> list[str]:
    """The link targets of ``markdown`` that are paths in the repository (no scheme, no
    anchor-only link), without their anchors."""
    targets = [m.group(1) for m in _LINK.finditer(markdown)]
    return [
        t.split("#", 1)[0] for t in targets if not re.match(r"[a-z][a-z+.-]*:", t) and t[0] != "#"
    ]


def test_readme_links_point_at_files_that_exist() -> None:
    """Every relative link of README.md (into docs/) names a file of the repository."""
    links = relative_links(README.read_text(encoding="utf-8"))
    assert any(link.startswith("docs/") for link in links)  # the check is not empty
    assert [link for link in links if not (ROOT / link).is_file()] == []
    assert relative_links("[a](docs/x.md#b) [c](https://e.org/f) [g](#h)") == ["docs/x.md"]


def _block_after(section: str, marker: str, language: str) -> str:
    match = re.search(rf"```{language}\n(.*?)^ *```", section[section.index(marker) :], re.S | re.M)
    assert match, f"no ```{language} block after {marker!r}"
    return textwrap.dedent(match.group(1))


def test_the_xlwings_lite_steps_are_the_files_the_pyodide_test_runs() -> None:
    """The integrator guide shows requirements.txt and main.py exactly as the harness has them,
    and names the Pyodide version the harness pins."""
    text = INTEGRATOR.read_text(encoding="utf-8")
    section = text[text.index("### xlwings Lite") :]
    section = section[: section.index("\n### ", 5)]
    for name, language in (("requirements.txt", "text"), ("main.py", "python")):
        shown = _block_after(section, f"`{name}`", language)
        assert shown == (PYODIDE_HARNESS / name).read_text(encoding="utf-8"), name
    package = json.loads((PYODIDE_HARNESS / "package.json").read_text(encoding="utf-8"))
    assert f"Pyodide {package['dependencies']['pyodide']}" in section
