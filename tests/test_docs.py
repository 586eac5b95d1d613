"""The documentation: README.md, the page a user reads first, and the MkDocs site built from docs/.

- the site builds with ``mkdocs build --strict`` from mkdocs.yml: every page is in the nav and
  every link and heading anchor between pages is found, else the build fails;
- README.md stays short (at most :data:`README_MAX_LINES` lines) and its first code block opens
  with the two commands that work on a fresh machine, the second being the one CI runs;
- every relative link of README.md points at a file of the repository: on GitHub, where the site
  is not built, README links straight into docs/;
- the integrator guide's xlwings Lite steps are exactly the files the Pyodide test installs and
  runs (tests/integration/pyodide/), so a user who copies them gets what was tested;
- every list in the docs is the tool's (issue 34): the commands and their options (the Commands
  page names each; each ``ratingbook NAME --option`` shown anywhere exists), the template kinds,
  the templates' dropdowns (the club guide's table, the camp guide's ladder list); the quick
  loop's time is one measured figure everywhere; the arbiter guide's path through an imported
  event in progress prints what it shows.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import click
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


def test_the_results_desks_guide_and_commands_are_in_readme_and_the_home_page() -> None:
    """A user finds the results desk (issue 36) from README, its commands table included, and
    from the site's home page."""
    readme = README.read_text(encoding="utf-8")
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "(docs/guides/results-desk.md)" in readme
    assert "| `ratingbook desk BOOK.xlsx" in readme and "| `ratingbook results take" in readme
    assert "(guides/results-desk.md)" in home


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


# --- every list in the docs, against the tool (issue 34) -----------------------------------------

DOCS = ROOT / "docs"
COMMANDS_PAGE = DOCS / "reference" / "commands.md"
CLUB_GUIDE = DOCS / "guides" / "club-organiser.md"
TESTING_PAGE = DOCS / "developers" / "testing.md"
#: The pages a user reads: README, CONTRIBUTING and every page of the site.
PAGES = [README, ROOT / "CONTRIBUTING.md", *sorted(DOCS.rglob("*.md"))]
_NUMBER_WORDS = {
    word: n
    for n, word in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    )
}


def _commands() -> dict[str, click.Command]:
    """Every command of the tool by its full name (``trf export``), groups walked."""
    from ratingbook.cli.app import cli

    found: dict[str, click.Command] = {}

    def walk(group: click.Group, prefix: str) -> None:
        for name, command in group.commands.items():
            if isinstance(command, click.Group):
                walk(command, f"{prefix}{name} ")
            else:
                found[f"{prefix}{name}"] = command

    walk(cli, "")
    return found


def _long_options(command: click.Command) -> set[str]:
    return {
        option
        for param in command.params
        if isinstance(param, click.Option)
        for option in (*param.opts, *param.secondary_opts)
        if option.startswith("--") and option != "--help"
    }


def _template_kinds() -> list[str]:
    from ratingbook.templates import KINDS

    return list(KINDS)


def test_every_command_and_option_of_the_tool_is_in_the_commands_page() -> None:
    """Commands: every command (and every long option of it) is named on the Commands page, so
    a command or an option added to the tool without a word there fails here."""
    page = COMMANDS_PAGE.read_text(encoding="utf-8")
    commands = _commands()
    assert "trf export" in commands and "recalc" in commands  # the walk found them
    missing = [name for name in commands if f"ratingbook {name}" not in page]
    assert missing == [], f"commands not on {COMMANDS_PAGE.name}: {missing}"

    def named(param: click.Option) -> bool:  # by its long or its short form
        return any(
            re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", page)
            for o in (*param.opts, *param.secondary_opts)
        )

    unnamed = {
        name: sorted(
            p.opts[-1]
            for p in c.params
            if isinstance(p, click.Option) and p.opts[-1] != "--help" and not named(p)
        )
        for name, c in commands.items()
    }
    assert {k: v for k, v in unnamed.items() if v} == {}, f"options not on {COMMANDS_PAGE.name}"


def _first_table(text: str) -> str:
    """The code spans of the first ``| command | what it does |`` table of a page."""
    lines = text.split("| command | what it does |", 1)[1].splitlines()[2:]
    table = "\n".join(line for line in lines[: next(i for i, x in enumerate(lines) if not x)])
    return " ".join(re.findall(r"`([^`]+)`", table))


@pytest.mark.parametrize("page", [README, COMMANDS_PAGE], ids=["README", "commands"])
def test_every_command_is_in_the_command_tables(page: Path) -> None:
    """README's table and the Commands page's first table name every top-level command of the
    tool (a user reading either table sees all there is), in their code spans."""
    from ratingbook.cli.app import cli

    spans = _first_table(page.read_text(encoding="utf-8"))
    missing = [
        name
        for name in cli.commands
        if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", spans)
    ]
    assert missing == [], f"commands not in {page.name}'s command table: {missing}"


_SPAN = re.compile(r"`ratingbook ([a-z][a-z-]*(?: [a-z][a-z-]*)?)([^`]*)`")


def test_every_command_and_option_the_docs_show_is_the_tools() -> None:
    """The other way round: each `ratingbook NAME ...` span of README and the docs names a
    command of the tool, and each `--option` in the span is one of that command's."""
    commands = _commands()
    wrong: list[str] = []
    for page in PAGES:
        for match in _SPAN.finditer(page.read_text(encoding="utf-8")):
            words, rest = match.group(1), match.group(2)
            name = words if words in commands else words.split()[0]
            if name not in commands:
                # Not commands: the help's placeholder, and the custom document property
                # ratingbook marks trusted books with (docs/reference/bad-input.md).
                if name in ("COMMAND", "--version", "--debug") or words == "formula values":
                    continue
                wrong.append(f"{page.name}: ratingbook {words}: no such command")
                continue
            if name != words:  # the second word was an argument, not a subcommand
                rest = words.split(" ", 1)[1] + rest
            options = _long_options(commands[name]) | {"--help", "--debug"}
            for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", rest):
                if option not in options:
                    wrong.append(f"{page.name}: ratingbook {name}: no option {option}")
    assert wrong == []


def test_the_template_kinds_in_the_docs_are_the_tools() -> None:
    """Template kinds: each list of them (``ladder|crikey|...`` and "KIND is `ladder`, ...")
    is exactly the tool's, and no page counts them wrong ("writes all four")."""
    kinds = _template_kinds()
    wrong: list[str] = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for listed in re.findall(r"template ((?:[a-z]+\\?\|)+[a-z]+)", text):
            if listed.replace("\\", "").split("|") != [*kinds, "all"]:
                wrong.append(f"{page.name}: template {listed}")
        for sentence in re.findall(r"KIND is ([^.;]*)", text):
            if re.findall(r"`([a-z]+)`", sentence) != kinds:
                wrong.append(f"{page.name}: KIND is {sentence}")
        for line in text.splitlines():
            if "template all" in line or "templates into" in line:
                for word in re.findall(r"\b(\w+) templates\b|\ball (\w+)\b", line):
                    count = _NUMBER_WORDS.get((word[0] or word[1]).lower())
                    if count is not None and count != len(kinds):
                        wrong.append(f"{page.name}: {line.strip()}")
    assert wrong == []


def _template_dropdowns(tmp_path: Path) -> set[tuple[str, str, str, tuple[str, ...]]]:
    """(kind, sheet, column header or cell, values) of every list dropdown the templates write;
    a list read from a range is given as ("range",)."""
    import openpyxl
    from openpyxl.utils.cell import range_boundaries

    from ratingbook.templates import write_template

    found: set[tuple[str, str, str, tuple[str, ...]]] = set()
    for kind in _template_kinds():
        path = tmp_path / f"{kind}.xlsx"
        write_template(kind, path)
        for ws in openpyxl.load_workbook(path).worksheets:
            for dv in ws.data_validations.dataValidation:
                if dv.type != "list":
                    continue
                ref = str(dv.sqref).split()[0]
                column, row, _, last = range_boundaries(ref)
                where = str(ws.cell(1, column).value) if last and last > row else ref
                formula = str(dv.formula1)
                values = (
                    tuple(formula.strip('"').split(",")) if formula.startswith('"') else ("range",)
                )
                found.add((kind, ws.title, where, values))
    return found


def test_the_dropdowns_in_the_club_guide_are_the_templates(tmp_path: Path) -> None:
    """Dropdowns: the club guide's table of them is every list dropdown of every template,
    values in order; the camp staff guide's ladder list is the ladder template's."""
    text = CLUB_GUIDE.read_text(encoding="utf-8")
    table = text[text.index("| template | sheet | column | dropdown |") :].split("\n\n")[0]
    documented: set[tuple[str, str, str, tuple[str, ...]]] = set()
    for line in table.splitlines()[2:]:
        kinds, sheet, column, values = (c.strip() for c in line.strip("|").split("|"))
        # A list read from a range of the book is described in words ("the campers' names").
        shown = tuple(re.findall(r"`([^`]+)`", values)) if values.startswith("`") else ("range",)
        for kind in re.findall(r"`([a-z]+)`", kinds):
            documented.add((kind, sheet.strip("`"), column.strip("`"), shown))
    assert documented == _template_dropdowns(tmp_path)
    camp = (DOCS / "guides" / "camp-staff.md").read_text(encoding="utf-8")
    line = next(x for x in camp.splitlines() if "**dropdown** on every result cell" in x)
    ladder = next(d for d in documented if d[:3] == ("ladder", "Ladder Games", "Result"))
    assert tuple(re.findall(r"`([^`]+)`", line)) == ladder[3]


_QUICK = 'pytest -m "not slow"'
_MEASURED = re.compile(r"the quick loop took (\d+) s on (a [^,;.]*\d-core[^,;.]*)")


def test_the_quick_loop_has_one_measured_time_everywhere() -> None:
    """Timing: the Testing page says once how long the quick loop took and on which machine;
    every page that gives its time gives that figure (in seconds, never "about a minute")."""
    measured = _MEASURED.search(TESTING_PAGE.read_text(encoding="utf-8"))
    assert measured, f"{TESTING_PAGE.name} does not say the quick loop's measured time"
    figure = f"{measured.group(1)} s"
    wrong: list[str] = []
    for page in PAGES:
        for part in re.split(r"\n\s*\n", page.read_text(encoding="utf-8")):
            for line in part.splitlines() if "```" in part else [part]:
                if _QUICK not in line and "quick loop" not in line:
                    continue
                times = re.findall(r"\b\d+ s\b|minute", line)
                if times and (figure not in times or "minute" in times):
                    wrong.append(f"{page.name}: {' '.join(line.split())[:120]}")
    assert wrong == []


ARBITER_GUIDE = DOCS / "guides" / "arbiter.md"


def test_the_arbiter_guides_imported_event_is_paired_as_it_shows(tmp_path: Path) -> None:
    """A newcomer's path: the arbiter guide's import of an event in progress and the pairing of
    its next round, run as shown (from a copy of the repository's sample), print what it shows."""
    from tests.helpers.cli import run

    text = ARBITER_GUIDE.read_text(encoding="utf-8")
    section = text[text.index("### Pair the next round of an imported event") :]
    block = _block_after(section, "From the repository's folder", "console")
    steps = re.findall(r"^\$ ratingbook (.*)\n(.*)$", block, re.M)
    assert len(steps) == 2
    sample = re.search(r"tests/data/trf/\S+", steps[0][0])
    assert sample is not None
    (tmp_path / sample.group()).parent.mkdir(parents=True)
    shutil.copyfile(ROOT / sample.group(), tmp_path / sample.group())
    for command, shown in steps:
        done = run(*command.split(), cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == shown


def test_the_longest_name_trf_holds_is_where_players_are_typed() -> None:
    """A Swiss name over 33 characters is refused (TRF's name field): the arbiter's guide,
    where the players are typed, and Bad input say so (user test 47 found it nowhere)."""
    from ratingbook.trf.records import NAME_WIDTH

    guide = (ROOT / "docs" / "guides" / "arbiter.md").read_text(encoding="utf-8")
    row = next(line for line in guide.splitlines() if line.startswith("| | `Name` |"))
    assert f"at most {NAME_WIDTH} characters" in row
    bad = (ROOT / "docs" / "reference" / "bad-input.md").read_text(encoding="utf-8")
    assert f"holds at most {NAME_WIDTH} characters" in bad
    assert f"longer than {NAME_WIDTH} characters, which TRF cannot hold" in " ".join(bad.split())
