"""The command-line part of ``compare_outputs.py``: books run through ``python -m ratingbook``.

Each book is a folder of ``compare_outputs``' output folder, and its commands run one after the
other in that folder (so the messages name its files by their short names), under
``faketime -f FROZEN_TIME`` with ``PYTHONPATH`` set to the tree's ``src``:

- ``trf-<file>``: ``trf import`` of a file of ``tests/data/trf`` to ``import.xlsx``, then the
  event's steps on it (below) and ``trf export`` of ``import.xlsx`` to ``export.trf``;
- ``cli-template-<kind>``: ``template KIND -o template.xlsx`` for every kind ``template --help``
  lists, then the event's steps and ``new-week`` on the bundled ``workbook_templates/KIND.xlsx``;
- ``cli-template-<kind>-round``: the event's steps (and ``pair --all``) on a copy of a Swiss or
  round-robin template whose unplayed round has its results typed in (:func:`type_round`);
- ``cli-bench-<book>``: ``recalc`` and ``new-week`` of the benchmark ladder books (the new week
  dated by the frozen clock).

The event's steps: ``recalc`` to ``recalc.xlsx``, ``pair`` to ``pair.xlsx`` (a refusal is kept as
text), ``publish`` of ``recalc.xlsx`` into ``site/``, and ``explain`` of ``pair.xlsx`` (else
``recalc.xlsx``): the last paired round, round 1, the middle round and ``--standings``. Every
command leaves ``<step>.console.txt``: the command, its exit status, standard output and error.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

FROZEN_TIME = "2024-05-06 12:00:00"  # faketime -f: an absolute time, the clock stands still
USER = "compare-outputs"  # RATINGBOOK_USER: the Event Log's Who column
TIMEOUT = 1800  # seconds for one command: a hang fails the run instead of stalling it
TYPED_RESULTS = ("1-0", "½-½", "0-1")  # typed into an unplayed round's rows, in turn
HISTORY = ".ratingbook-history"  # the undo store, not compared (issue 33 changes undo)


@dataclass(frozen=True, slots=True)
class Runner:
    """How every command of one run is started, and how its text is made comparable."""

    src: Path
    out: Path
    inputs: Path

    @property
    def prefix(self) -> list[str]:
        """faketime and the interpreter, before the command's own arguments."""
        if shutil.which("faketime") is None:
            sys.exit("faketime is needed (Debian: apt-get update && apt-get install -y faketime)")
        return ["faketime", "-f", FROZEN_TIME, sys.executable]

    @property
    def env(self) -> dict[str, str]:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("RATINGBOOK_", "FAKETIME", "PYTHON"))
        }
        env.update(
            PYTHONPATH=str(self.src),
            PYTHONIOENCODING="utf-8",
            RATINGBOOK_USER=USER,
            TZ="UTC",  # FROZEN_TIME is read in the local zone: UTC makes it one instant
            COLUMNS="100",
            XLWINGS_LICENSE_KEY="noncommercial",
        )
        return env

    def check_import(self) -> str:
        """The ratingbook module this run's commands import; exits unless it is ``src``'s."""
        done = subprocess.run(
            [*self.prefix, "-c", "import ratingbook; print(ratingbook.__file__)"],
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        used = done.stdout.strip()
        if done.returncode != 0 or not Path(used).resolve().is_relative_to(self.src):
            sys.exit(
                f"the run imports ratingbook from {used!r}, not from {self.src}: {done.stderr}"
            )
        return used

    def normalise(self, text: str) -> str:
        """``text`` with the run's own folders and temporary names written as placeholders."""
        places = [
            (self.inputs, "<inputs>"),
            (self.out, "<out>"),
            (self.src, "<src>"),
            (Path(sys.prefix), "<python>"),
            (Path(sys.base_prefix), "<python>"),
        ]
        for path, mark in places:
            for spelling in dict.fromkeys((str(path.resolve()), str(path))):
                text = text.replace(spelling, mark)
        text = re.sub(r"\.~ratingbook-\d+-\w+", ".~ratingbook-PID-RANDOM", text)
        return re.sub(rf"{re.escape(tempfile.gettempdir())}/[^\s'\"]+", "<tmp>", text)

    def ratingbook(self, folder: Path, step: str, *args: str) -> str:
        """Run ``ratingbook ARGS`` in ``folder``; keep ``step.console.txt``; its stdout."""
        done = subprocess.run(
            [*self.prefix, "-m", "ratingbook", *args],
            cwd=folder,
            env=self.env,
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
        stdout = self.normalise(done.stdout.decode("utf-8", "replace"))
        stderr = self.normalise(done.stderr.decode("utf-8", "replace"))
        console = (
            f"$ ratingbook {self.normalise(' '.join(args))}\nexit status {done.returncode}\n"
            f"--- stdout\n{stdout}--- stderr\n{stderr}"
        )
        (folder / f"{step}.console.txt").write_text(console, encoding="utf-8")
        return stdout


@dataclass(frozen=True, slots=True)
class Book:
    """One folder of outputs, its commands run in order by ``steps``."""

    label: str
    steps: Callable[[Runner, Path], None]

    def run(self, runner: Runner) -> None:
        folder = runner.out / self.label
        folder.mkdir()
        self.steps(runner, folder)
        shutil.rmtree(folder / HISTORY, ignore_errors=True)


def event_steps(runner: Runner, folder: Path, source: str, pair_all: bool = False) -> None:
    """recalc, pair, publish and explain of the event in ``source``."""
    runner.ratingbook(folder, "recalc", "recalc", source, "-o", "recalc.xlsx")
    runner.ratingbook(folder, "pair", "pair", source, "-o", "pair.xlsx")
    if pair_all:
        runner.ratingbook(folder, "pair-all", "pair", "--all", source, "-o", "pair-all.xlsx")
    runner.ratingbook(folder, "publish", "publish", "recalc.xlsx", "--out-dir", "site")
    explained = "pair.xlsx" if (folder / "pair.xlsx").is_file() else "recalc.xlsx"
    text = runner.ratingbook(folder, "explain", "explain", explained)
    last = re.match(r"Round (\d+)", text)
    if last is not None:
        for number in sorted({1, (int(last.group(1)) + 1) // 2} - {int(last.group(1))}):
            step = f"explain-round-{number}"
            runner.ratingbook(folder, step, "explain", explained, "--round", str(number))
    runner.ratingbook(folder, "explain-standings", "explain", explained, "--standings")


def trf_steps(trf: Path) -> Callable[[Runner, Path], None]:
    def steps(runner: Runner, folder: Path) -> None:
        runner.ratingbook(folder, "import", "trf", "import", str(trf), "-o", "import.xlsx")
        if (folder / "import.xlsx").is_file():
            event_steps(runner, folder, "import.xlsx")
            runner.ratingbook(folder, "export", "trf", "export", "import.xlsx", "-o", "export.trf")

    return steps


def template_steps(kind: str, bundled: Path) -> Callable[[Runner, Path], None]:
    def steps(runner: Runner, folder: Path) -> None:
        runner.ratingbook(folder, "template", "template", kind, "-o", "template.xlsx")
        if bundled.is_file():
            event_steps(runner, folder, str(bundled))
            runner.ratingbook(folder, "new-week", "new-week", str(bundled), "-o", "new-week.xlsx")

    return steps


def ladder_steps(book: Path) -> Callable[[Runner, Path], None]:
    def steps(runner: Runner, folder: Path) -> None:
        runner.ratingbook(folder, "recalc", "recalc", str(book), "-o", "recalc.xlsx")
        runner.ratingbook(folder, "new-week", "new-week", str(book), "-o", "new-week.xlsx")

    return steps


def typed_round_steps(book: Path) -> Callable[[Runner, Path], None]:
    def steps(runner: Runner, folder: Path) -> None:
        event_steps(runner, folder, str(book), pair_all=True)

    return steps


def template_kinds(runner: Runner) -> list[str]:
    """The kinds ``ratingbook template --help`` of the tree lists (``all`` left out)."""
    done = subprocess.run(
        [*runner.prefix, "-m", "ratingbook", "template", "--help"],
        env=runner.env,
        capture_output=True,
        text=True,
        check=True,
    )
    # The usage line wraps the choices over lines when they are many: read them whole.
    found = re.search(r"\{([a-z|\s]+)\}", done.stdout)
    if found is None:
        sys.exit(f"no kinds found in `ratingbook template --help`:\n{done.stdout}")
    kinds = "".join(found.group(1).split()).split("|")
    return [kind for kind in kinds if kind != "all"]


def books(runner: Runner) -> list[Book]:
    """Every command-line book of the run, the largest inputs first (two run at a time)."""
    trfs = sorted((runner.inputs / "trf").iterdir(), key=lambda p: (-p.stat().st_size, p.name))
    found = [Book(f"trf-{trf.stem}", trf_steps(trf)) for trf in trfs]
    templates = runner.inputs / "templates"
    for kind in template_kinds(runner):
        found.append(Book(f"cli-template-{kind}", template_steps(kind, templates / f"{kind}.xlsx")))
    for typed in sorted(templates.glob("*-round.xlsx")):
        found.append(Book(f"cli-template-{typed.stem}", typed_round_steps(typed)))
    for ladder in sorted((runner.inputs / "bench").glob("*.xlsx")):
        found.append(Book(f"cli-bench-{ladder.stem}", ladder_steps(ladder)))
    return found


def type_round(template: Path, target: Path) -> bool:
    """Copy ``template`` to ``target`` with every empty Result of ``Swiss Games`` typed in.

    The cells are written as a person typing them would leave them: the sheet's XML changed at
    those cells only, every other part of the file copied byte for byte with its own date, so
    the copy is the same bytes every time. Returns False (nothing written) for a book with no
    such sheet or no empty result.
    """
    with zipfile.ZipFile(template) as source:
        workbook = source.read("xl/workbook.xml").decode()
        sheet = re.search(r'<sheet name="Swiss Games"[^>]*?r:id="(\w+)"', workbook)
        if sheet is None:
            return False
        rels = source.read("xl/_rels/workbook.xml.rels").decode()
        relation = re.search(rf'<Relationship[^>]*Id="{sheet.group(1)}"[^>]*>', rels)
        where = re.search(r'Target="([^"]+)"', relation.group(0) if relation else "")
        if where is None:
            sys.exit(f"{template}: the workbook names no part for Swiss Games")
        name = where.group(1)  # relative to xl/, or absolute from the package's root
        part = name.lstrip("/") if name.startswith("/") else f"xl/{name}"
        xml = source.read(part).decode()
        header = re.search(r'<c r="([A-Z]+)1"[^>]*><is><t>Result</t></is></c>', xml)
        if header is None:
            return False
        column = header.group(1)
        empty = re.compile(rf'<c r="{column}([2-9]|[1-9]\d+)"((?: s="\d+")?)(?: t="n")? ?/>')
        typed = iter(TYPED_RESULTS * 1000)
        patched, count = empty.subn(
            lambda m: (
                f'<c r="{column}{m.group(1)}"{m.group(2)} t="inlineStr">'
                f"<is><t>{next(typed)}</t></is></c>"
            ),
            xml,
        )
        if count == 0:
            return False
        with zipfile.ZipFile(target, "w") as copy:
            for info in source.infolist():
                data = patched.encode() if info.filename == part else source.read(info)
                copy.writestr(info, data, compress_type=info.compress_type)
    return True
