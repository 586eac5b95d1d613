"""The architecture of ``src/ratingbook``: the layer order, one way only, no circles.

The packages, from the bottom layer up (a module may import only modules of its own layer or of
the layers below it)::

    errors                      the one error family
    core                        results, rules, cells, refs, tables, encoding: the vocabulary
    ratings                     the seeds' maths (the rating engine), pure
    seeds                       the seeds' text formats
    swiss                       seed 004's API (determine_output, player_result), one module
    events                      the event model and its rules (settings, byes, start order, ...)
    trf                         FIDE's Tournament Report Files, read and written
    fide                        everything FIDE defines: gacrux/ (the adapter), rules/, fast/
    season                      a season's players, games, sources, who is who, periods, checks
    reports                     an event as neutral tables and notes: every view renders them
    workbook                    the Book interface, schemas, one planner per family
    files                       disk, the .xlsx package, the two back ends
    session                     the one door: commands, confirmations, undo and redo
    desk                        the results desk's core: reports, the arbiter's acts, taking
    templates                   the ready-to-use workbooks
    web                         ratingbook publish: the event as web pages (Jinja2)
    excel                       xlwings: the adapter and the entry points
    server                      the results desk's web server
    cli                         the command line
    ratingbook, udfs, __main__  the public entry modules (udfs a package: the worksheet functions)

Inside ``files`` the same rule holds one level down: ``disk`` < ``ooxml`` < ``patching`` and
``rewriting`` (which never import each other) < ``backends``; ``rating_list_file`` (a download
opened as a stream) stands beside ``disk``.

Besides the order, this test holds: no import circle of any kind (run-time, type-only or inside a
function); a package's ``__init__`` only hands on names of its own modules, and no module takes a
name from its own package's ``__init__`` (which may not have finished running); the engine and
everything it stands on import no spreadsheet library; python-calamine is imported only inside
the functions that read with it (xlwings Lite has no calamine); every module says first what it
decides and stays under :data:`MAX_LINES` lines; ``src/ratingbook/`` itself holds only the
public entry modules; no front end imports a planner (``workbook.plans``, ``workbook.actions``):
they change a book through the session, the one door; the domain names
no report's table or column, and the rules (:data:`RULES_LAYERS`) read no sheet row: no ``Row``
or ``header_key``, and no input column header: a rule names the field of a mistake by its key
(``core.fields``), the workbook its header (save the names fixed by the formats the rules read
and write, :data:`RULES_WORDS`).
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.helpers.paths import ROOT

SRC = ROOT / "src"
PACKAGE = SRC / "ratingbook"

#: Bottom to top. A module's layer is its first package below ``ratingbook`` (or its own name).
LAYERS = (
    "errors",
    "core",
    "ratings",
    "seeds",
    "swiss",
    "events",
    "trf",
    "fide",
    "season",
    "reports",
    "workbook",
    "files",
    "session",
    "desk",
    "templates",
    "web",
    "excel",
    "server",
    "cli",
    "entry",
)
#: The public entry modules, the only modules directly in src/ratingbook/ besides errors.py.
ENTRY_MODULES = ("ratingbook", "ratingbook.__main__", "ratingbook.udfs")
#: The worksheet functions' package: ``ratingbook.udfs`` hands on the functions of its modules,
#: which are entry modules too (the arguments read, the functions that rate, those that rank).
UDF_PACKAGE = "ratingbook.udfs"
#: Inside ``files``: bottom to top; modules on one level never import each other.
FILES_LEVELS = (
    ("disk", "rating_list_file"),
    ("ooxml", "history"),
    ("patching", "rewriting"),
    ("backends",),
    ("season_sources",),  # a season's files: TRF, PGN, and books opened through backends
)
#: Layers whose modules may import no spreadsheet library (they are the engine and what it
#: stands on): openpyxl and xlwings live in the adapters only.
PURE_LAYERS = LAYERS[: LAYERS.index("reports") + 1]  # errors ... season, reports
SPREADSHEET_LIBRARIES = ("openpyxl", "xlwings", "python_calamine")
MAX_LINES = 600


@dataclass(frozen=True)
class Import:
    """One import of a ratingbook module: who imports what, where, and how."""

    importer: str
    imported: str
    line: int
    type_only: bool
    in_function: bool


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def resolve(importer: str, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` names (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    if not is_package(importer):
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


@functools.cache
def parsed(source: str) -> ast.Module:
    """``ast.parse(source)``, once for each text: the tests here walk every module's tree
    several times over (and never change it)."""
    return ast.parse(source)


def imports_of(name: str, source: str | None = None) -> list[Import]:
    """Every ratingbook module ``name`` imports (the names taken from a package that are its
    modules count as imports of those modules, and so does a module named by a literal string
    to ``importlib.import_module`` or ``__import__``); ``source`` stands in for the module's
    own text (a probe)."""
    text = MODULES[name].read_text(encoding="utf-8") if source is None else source
    # An import statement is a statement: only a module naming a dynamic import needs its
    # expressions walked too.
    everything = any(call in text for call in DYNAMIC_IMPORTS)
    found: list[Import] = []
    for node, type_only, in_function in walk_with_context(parsed(text), everything):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = resolve(name, node)
            submodules = [f"{module}.{a.name}" for a in node.names]
            targets = [s for s in submodules if s in MODULES]
            if len(targets) < len(submodules):  # a name defined in the module (or its face)
                targets.append(module)
        elif isinstance(node, ast.Call) and node.args and is_dynamic_import(node.func):
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                targets = [first.value]
        for target in targets:
            if target in MODULES and target != name:
                found.append(Import(name, target, node.lineno, type_only, in_function))
    return found


def walk_with_context(
    tree: ast.AST, everything: bool = True
) -> Iterator[tuple[ast.AST, bool, bool]]:
    """The nodes of ``tree`` in ``ast.walk``'s order (every node, or with ``everything`` false
    the statements alone), each with whether it lies inside an ``if TYPE_CHECKING:`` (either
    branch) and inside a function (its decorators and defaults too): one pass, where walking
    each such block again for its nodes took most of the graph's time."""
    todo = deque([(tree, False, False)])
    while todo:
        node, type_only, in_function = todo.popleft()
        yield node, type_only, in_function
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only = True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            in_function = True
        todo.extend(
            (child, type_only, in_function)
            for child in ast.iter_child_nodes(node)
            if everything or isinstance(child, STATEMENT_HOLDERS)
        )


#: The nodes that hold statements: with the statements themselves, every place an import
#: statement can stand.
STATEMENT_HOLDERS = (ast.stmt, ast.excepthandler, ast.match_case)


#: The calls that import a module named by a string.
DYNAMIC_IMPORTS = ("import_module", "__import__")


def is_dynamic_import(func: ast.expr) -> bool:
    """``importlib.import_module(...)``, ``import_module(...)`` or ``__import__(...)``."""
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return called in DYNAMIC_IMPORTS


@functools.cache
def import_graph() -> dict[str, list[Import]]:
    """Every module's imports, read on first use rather than when this file is collected
    (every xdist worker collects every file, and only one runs these tests)."""
    return {name: imports_of(name) for name in MODULES}


def layer(name: str) -> str:
    if name in ENTRY_MODULES or name.startswith(UDF_PACKAGE + "."):
        return "entry"
    return name.split(".")[1]


def files_level(name: str) -> int:
    part = name.split(".")[2] if name.count(".") >= 2 else ""
    for level, members in enumerate(FILES_LEVELS):
        if part in members:
            return level
    raise AssertionError(f"{name} is on no level of FILES_LEVELS")


def test_every_module_has_a_layer() -> None:
    """A new package or root module must be placed in the order (this test's LAYERS)."""
    assert {layer(name) for name in MODULES} <= set(LAYERS)
    assert {files_level(n) for n in MODULES if layer(n) == "files" and n != "ratingbook.files"}


def test_the_root_holds_only_the_public_entry_modules() -> None:
    root = {p.name for p in PACKAGE.iterdir() if p.suffix == ".py"}
    assert root == {"__init__.py", "__main__.py", "errors.py", "swiss.py"}
    # The worksheet functions are the one entry package: its modules are all entry modules.
    assert is_package(UDF_PACKAGE)
    assert {layer(n) for n in MODULES if n.startswith(UDF_PACKAGE)} == {"entry"}


def upward(imports: list[Import]) -> list[str]:
    problems: list[str] = []
    for each in imports:
        here, there = LAYERS.index(layer(each.importer)), LAYERS.index(layer(each.imported))
        if there > here:
            problems.append(f"{each.importer} (line {each.line}) imports {each.imported}")
        elif layer(each.importer) == layer(each.imported) == "files":
            if each.imported == "ratingbook.files" or each.importer == "ratingbook.files":
                continue
            mine, theirs = files_level(each.importer), files_level(each.imported)
            sideways = mine == theirs and each.importer.split(".")[2] != each.imported.split(".")[2]
            if theirs > mine or sideways:
                problems.append(f"{each.importer} (line {each.line}) imports {each.imported}")
    return problems


def test_imports_point_down_only() -> None:
    """No module imports from a layer above its own (type-only and function-level imports
    count too: they are dependencies all the same)."""
    assert upward([i for imports in import_graph().values() for i in imports]) == []


def test_the_check_sees_an_upward_import() -> None:
    """The check is not empty: an engine module importing the workbook layer is caught."""
    fake = Import("ratingbook.ratings.elo", "ratingbook.workbook.port.book", 1, False, False)
    fake_files = Import("ratingbook.files.ooxml.trust", "ratingbook.files.patching", 1, False, True)
    assert len(upward([fake, fake_files])) == 2
    assert len(import_graph()["ratingbook.workbook.actions"]) >= 4


#: The front ends: they change a book only through the session (``ratingbook.session``), never
#: by importing a planner; they may read a book (an event for ``explain``, the views).
FRONT_END_LAYERS = ("files", "desk", "templates", "web", "excel", "server", "cli", "entry")
#: The workbook modules that plan a change: every module of the planners' room
#: (``workbook.plans``: the families' planners, FIDE mode's acts, a result entered) and the
#: order of a run (``workbook.actions``).
ACTING_MODULES = ("ratingbook.workbook.plans", "ratingbook.workbook.actions")


def is_planner(name: str) -> bool:
    """A module of ``workbook`` that plans a change (see :data:`ACTING_MODULES`)."""
    return any(name == room or name.startswith(room + ".") for room in ACTING_MODULES)


def planner_imports(imports: list[Import]) -> list[str]:
    return [
        f"{each.importer} (line {each.line}) imports {each.imported}"
        for each in imports
        if layer(each.importer) in FRONT_END_LAYERS and is_planner(each.imported)
    ]


def test_front_ends_change_a_book_only_through_the_session() -> None:
    """The session is the one door (issue #33): the command line, Excel, the templates, the web
    site and the entry modules import no planner (``workbook.plans``, ``workbook.actions``), at
    the top or inside a function; each imports the session instead where it changes a book."""
    planners = {name for name in MODULES if is_planner(name)}
    assert {f"ratingbook.workbook.plans.{n}_plan" for n in ("swiss", "fide", "team")} <= planners
    assert "ratingbook.workbook.actions" in planners
    assert planner_imports([i for imports in import_graph().values() for i in imports]) == []
    doors = {
        each.importer.split(".")[1]
        for imports in import_graph().values()
        for each in imports
        if layer(each.imported) == "session" and layer(each.importer) != "session"
    }
    assert {"cli", "excel", "templates"} <= doors


#: Every way a front end could import a planner, and one way it may reach it.
PLANNER_PROBE = """
import importlib
import ratingbook.workbook.plans.swiss_plan as swiss
from ratingbook.workbook.plans import team_plan
from ratingbook.workbook.plans.fide_plan import plan_imported_log
from ..workbook.plans.ladder_plan import plan_ladder
from ratingbook.session import Rank, Session


def later() -> object:
    from ratingbook.workbook.plans.elo_plan import plan_elo
    from ratingbook.workbook.actions import rank_event

    return importlib.import_module("ratingbook.workbook.plans.crikey_plan"), plan_elo
"""


def test_the_planner_check_sees_every_import_form() -> None:
    """Run on a probe standing in for a template module: each import form is caught, the
    three inside a function too, and the call through the session is not."""
    imports = imports_of("ratingbook.templates.trf_book", PLANNER_PROBE)
    caught = [
        (3, "swiss_plan"),
        (4, "team_plan"),
        (5, "fide_plan"),
        (6, "ladder_plan"),
        (11, "elo_plan"),
        (12, "actions"),
        (14, "crikey_plan"),
    ]
    assert sorted(planner_imports(imports)) == sorted(
        f"ratingbook.templates.trf_book (line {line}) imports ratingbook.workbook.{planner}"
        for line, planner in [(n, p if p == "actions" else f"plans.{p}") for n, p in caught]
    )
    assert {i.line for i in imports if i.in_function} == {11, 12, 14}
    assert "ratingbook.session" in {i.imported for i in imports}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle in ``graph`` (module -> modules it imports), or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def test_there_is_no_import_circle() -> None:
    """No circle of imports of any kind: run-time, type-only or inside a function."""
    graph = {name: {i.imported for i in imports} for name, imports in import_graph().items()}
    assert find_cycle(graph) is None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_a_package_init_only_hands_on_its_own_modules_names() -> None:
    """``pkg/__init__.py`` imports only from its own modules (a face, as h11's ``__all__``),
    and no module takes a name from its own package's ``__init__``, which may be half-run."""
    problems: list[str] = []
    for name, imports in import_graph().items():
        for each in imports:
            face = is_package(name) and name != "ratingbook"
            if face and not each.imported.startswith(name + "."):
                problems.append(f"{name} imports {each.imported}")
            if is_package(each.imported) and name.startswith(each.imported + "."):
                problems.append(f"{name} (line {each.line}) imports its own package's __init__")
    assert problems == []


def external_imports(name: str, *, top_level_only: bool = False) -> set[str]:
    tree = parsed(MODULES[name].read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_the_engine_imports_no_spreadsheet_library() -> None:
    """The engine (ratings) and everything it stands on import neither openpyxl, xlwings nor
    python-calamine, anywhere in their code; only the adapters do."""
    offenders = {
        name: sorted(external_imports(name) & set(SPREADSHEET_LIBRARIES))
        for name in MODULES
        if layer(name) in PURE_LAYERS
    }
    assert {name: libs for name, libs in offenders.items() if libs} == {}


def test_importing_the_engine_loads_no_spreadsheet_library() -> None:
    """At run time too: importing every pure module leaves openpyxl and xlwings unloaded."""
    pure = [name for name in MODULES if layer(name) in PURE_LAYERS]
    code = (
        "import importlib, sys\n"
        f"for name in {pure!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(sorted(m for m in {SPREADSHEET_LIBRARIES!r} if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_gacrux_is_imported_only_by_the_one_adapter() -> None:
    """Everything FIDE defines comes from gacrux, through ratingbook.fide alone."""
    users = sorted(n for n in MODULES if "gacrux" in external_imports(n))
    assert users and all(n.startswith("ratingbook.fide.") for n in users), users


def test_python_calamine_is_imported_only_where_a_file_is_read() -> None:
    """xlwings Lite (Pyodide) has no python-calamine: no module imports it when loaded."""
    assert [
        n for n in MODULES if "python_calamine" in external_imports(n, top_level_only=True)
    ] == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_says_what_it_decides_and_stays_small(name: str) -> None:
    source = MODULES[name].read_text(encoding="utf-8")
    assert ast.get_docstring(parsed(source)), f"{name} has no docstring"
    assert len(source.splitlines()) <= MAX_LINES, f"{name} is over {MAX_LINES} lines"


#: The layers below the reports: the domain (the rules, the files of other programs, gacrux).
DOMAIN_LAYERS = ("core", "ratings", "seeds", "swiss", "events", "trf", "fide", "season")


def report_vocabulary() -> set[str]:
    """What the reports layer alone decides: its tables' names and the columns only a report
    has (a rating change, a performance, seed 004's tie-break columns, a rank, the ladder's,
    Elo's and Crikey's standings and history columns that no input table has)."""
    from ratingbook.core.tables import TableSpec
    from ratingbook.events.codes import TIEBREAK_NAMES
    from ratingbook.reports import (
        crikey_tables,
        elo_tables,
        ladder_tables,
        names,
        rating_grids,
        swiss_grids,
    )
    from ratingbook.workbook.sheets import schemas

    tables = {getattr(names, name) for name in names.__all__}
    columns = {rating_grids.CHANGE, rating_grids.PERFORMANCE, "Rank", *swiss_grids.SEED_COLUMNS}
    # "Points" is also an input column (seed 004's games); a tie-break's name in words
    # ("Sonneborn-Berger") is the rules' own vocabulary, whatever a column is headed.
    columns -= {"Points"} | {n[:1].upper() + n[1:] for n in TIEBREAK_NAMES.values()}
    families = {
        *ladder_tables.LADDER_STANDINGS_COLUMNS,
        *ladder_tables.RATING_HISTORY_COLUMNS,
        *elo_tables.ELO_STANDINGS_COLUMNS,
        *elo_tables.ELO_HISTORY_COLUMNS,
        *crikey_tables.CRIKEY_STANDINGS_COLUMNS,
        *crikey_tables.CRIKEY_HISTORY_COLUMNS,
    }
    # A name, a rating, a result, piece values: the tables show input columns too, which the
    # rules may name.
    inputs = {
        spelling
        for spec in vars(schemas).values()
        if isinstance(spec, TableSpec)
        for column in spec.columns
        for spelling in (column.name, *column.aliases)
    }
    return tables | columns | (families - inputs)


def mentions(name: str, words: set[str] | frozenset[str]) -> list[str]:
    return said(MODULES[name].read_text(encoding="utf-8"), name, words)


def said(source: str, name: str, words: set[str] | frozenset[str]) -> list[str]:
    """The string constants of ``source`` that are among ``words`` (docstrings and the Python
    names ``__all__`` lists aside)."""
    return [
        f"{name} (line {line}) says {value!r}"
        for line, value in string_constants(source)
        if value in words
    ]


@functools.cache
def string_constants(source: str) -> tuple[tuple[int, str], ...]:
    """(line, text) of each string constant of ``source`` but the docstrings and the names
    ``__all__`` lists, in ``ast.walk``'s order: found once for each text, as the checks ask
    for several sets of words."""
    nodes = list(ast.walk(parsed(source)))
    docstrings = {
        id(node.body[0].value)
        for node in nodes
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    docstrings |= {
        id(inner)
        for node in nodes
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
        for inner in ast.walk(node.value)
    }
    return tuple(
        (node.lineno, node.value)
        for node in nodes
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    )


def test_no_domain_module_mentions_a_reports_table_or_column() -> None:
    """One model, many views: the domain never reads or names a report's sheet or columns
    (the standings notes once parsed ``Rtg+/-`` and ``Rp`` out of a sheet header)."""
    words = report_vocabulary()
    assert {"Rtg+/-", "Rp", "Swiss Standings", "Pairing Notes"} <= words
    assert {"Ladder Standings", "Elo History", "Points Exchanged", "White Expected"} <= words
    assert not {"Name", "Permanent Rating", "White Pieces", "White Result"} & words
    found = [m for n in MODULES if layer(n) in DOMAIN_LAYERS for m in mentions(n, words)]
    assert found == []


def test_the_vocabulary_check_sees_a_mention() -> None:
    assert mentions("ratingbook.reports.rating_grids", {"Rtg+/-"})


#: The layers the rules live in: a sheet's rows are read into their model in ``workbook``.
RULES_LAYERS = ("ratings", "seeds", "events", "trf", "fide", "season")

#: Words the rules still say that are also spellings of an input column's header, each because
#: it is not a header of ours but a name fixed by a format the rules read or write. A check across
#: rows names the field of its mistake by a key of :mod:`ratingbook.core.fields` (``"white"``),
#: and the workbook maps the key to its header (``Column.field`` in ``workbook.schemas``), so no
#: rule spells a header of ours. What is left:
#:
#: - FIDE's rating list: ``fide/rules/rating_list.py`` finds the TXT list's fields by FIDE's labels
#:   ``Name``, ``Fed``, ``Sex`` and ``K``; ``K`` is also the K factor of B.02 and of seed 003,
#:   whose input line is ``K RA RB`` (``ratings/elo.py``, ``seeds/elo_text.py``);
#: - the TRF's tournament ``Federation`` (record 032), the setting of that name
#:   (``events/settings.py``);
#: - the event log's own words, kept in every book and TRF file it wrote: the Event Log's kind
#:   ``Setting`` and the Event State's items ``Setting`` and ``Player`` (cell values, not
#:   headers);
#: - the colours ``White`` and ``Black`` (the Laws of Chess) in a sentence: "no White player on
#:   board 3" (``events/team.py``);
#: - ``TPN``, FIDE's code of the start-number tie-break (C.07 2026 art. 7.8), which
#:   ``events/codes.py`` lists with the other codes (also a spelling of ``No.``).
RULES_WORDS = frozenset(
    {
        *("Name", "Fed", "Sex", "K"),
        "TPN",
        "Federation",
        *("Setting", "Player"),
        *("White", "Black"),
    }
)


@functools.cache
def input_headers() -> frozenset[str]:
    """Every spelling of every input table's columns (``workbook.schemas``, and the Prizes
    sheet's, which ``workbook.end_reports`` declares); worked out once, not once a module."""
    from ratingbook.core.tables import TableSpec
    from ratingbook.workbook.sheets import end_reports, schemas

    specs = [s for s in vars(schemas).values() if isinstance(s, TableSpec)]
    return frozenset(
        spelling
        for spec in (*specs, end_reports.PRIZES)
        for column in spec.columns
        for spelling in (column.name, *column.aliases)
    )


def reads_rows(source: str, name: str) -> list[str]:
    """Where ``source`` takes ``Row`` or ``header_key`` from :mod:`ratingbook.core.tables`."""
    return [
        f"{name} (line {node.lineno}) imports {alias.name} from {node.module}"
        for node in ast.walk(parsed(source))
        if isinstance(node, ast.ImportFrom) and node.module == "ratingbook.core.tables"
        for alias in node.names
        if alias.name in ("Row", "header_key")
    ]


def sheet_row_reading(source: str, name: str) -> list[str]:
    return reads_rows(source, name) + said(source, name, input_headers() - RULES_WORDS)


def test_no_domain_module_reads_a_sheet_row() -> None:
    """The rules never read a sheet's row by its column headers: ``workbook/*_rows.py`` reads
    a player, a game, a setting, a forbidden pair or a prize into the model (issue #24); nor
    spell one to report a mistake at its column: they name the field by its key."""
    headers = input_headers()
    assert {"Rating", "FIDE ID", "Withdrawn", "Other Player", "Until Round", "Amount"} <= headers
    rules = [n for n in MODULES if layer(n) in RULES_LAYERS]
    found = [m for n in rules for m in sheet_row_reading(MODULES[n].read_text("utf-8"), n)]
    assert found == []
    # Each word let through is one the rules still say (the list does not outlive its reason).
    still_said = {m.rsplit(" says ", 1)[1][1:-1] for n in rules for m in mentions(n, RULES_WORDS)}
    assert still_said == RULES_WORDS
    assert headers >= RULES_WORDS


#: A reader as ``events/event.py`` held one before issue #24 moved it to ``workbook``.
OLD_READER = """
from ratingbook.core.tables import Row, header_key


def read_player(row: Row) -> tuple[object, ...]:
    return row.get("Name"), row.get("Rating"), row.get("FIDE ID"), header_key(row.get("Sex"))
"""


def test_the_row_check_sees_a_reader() -> None:
    found = sheet_row_reading(OLD_READER, "probe")
    assert found == [
        "probe (line 2) imports Row from ratingbook.core.tables",
        "probe (line 2) imports header_key from ratingbook.core.tables",
        "probe (line 6) says 'Rating'",
        "probe (line 6) says 'FIDE ID'",
    ]


#: A check across rows as ``events/event.py`` held one before its report named a field by its
#: key: the column's header, spelled in the rules.
OLD_REPORT = """
def check_byes(entry: object, where: object) -> None:
    raise EventError("round 1 has two pairing-allocated byes", where, "Result")
"""


def test_the_row_check_sees_a_header_named_as_the_column_of_a_mistake() -> None:
    assert sheet_row_reading(OLD_REPORT, "probe") == ["probe (line 3) says 'Result'"]
    assert sheet_row_reading(OLD_REPORT.replace('"Result"', "fields.RESULT"), "probe") == []


#: What a ladder run must not load: the Swiss, team and FIDE stacks (and gacrux, networkx).
NOT_FOR_A_LADDER = (
    "ratingbook.workbook.plans.swiss_plan",
    "ratingbook.workbook.plans.team_plan",
    "ratingbook.workbook.plans.fide_plan",
    "ratingbook.workbook.plans.fide_actions",
    "ratingbook.workbook.kinds",
    "ratingbook.workbook.sheets.event_book",
    "ratingbook.workbook.sheets.event_log_sheet",
    "ratingbook.events.event",
    "ratingbook.events.team",
    "ratingbook.events.fide_mode",
    "ratingbook.fide",
    "ratingbook.trf",
    "ratingbook.reports.event_grids",
    "ratingbook.reports.team_grids",
    "gacrux",
    "networkx",
)

LADDER_RUN = """
import shutil, sys, tempfile
from pathlib import Path

import ratingbook.cli.app  # the command line's process, every command known
from ratingbook.cli.jobs import BookJob, run_book_job  # a book's job, as its child runs it

folder = Path(tempfile.mkdtemp())
shutil.copyfile(sys.argv[1], folder / "camp.xlsx")
job = BookJob(str(folder / "camp.xlsx"), str(folder / "out.xlsx"), False, "recalc")
outcome = run_book_job(job)
assert not outcome.errors, outcome.errors
print("\\n".join(sorted(sys.modules)))
"""


def test_a_ladder_run_loads_no_swiss_team_or_fide_module() -> None:
    """The camp's Recalc through the command line's job loads its own family only (issue #33):
    a family's planner is imported when its sheets are in the book, the Book port loads no
    planner, and FIDE mode's modules load only for an event that keeps a log."""
    ladder = ROOT / "workbook_templates" / "ladder.xlsx"
    done = subprocess.run(
        [sys.executable, "-c", LADDER_RUN, str(ladder)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    loaded = done.stdout.split()
    assert "ratingbook.workbook.plans.ladder_plan" in loaded  # the run did plan the ladder
    assert [m for m in loaded if m.startswith(NOT_FOR_A_LADDER)] == []


#: Inside ``fide`` (issue #33), bottom to top: the performance code and the rules written here,
#: which never import each other, then the one adapter over gacrux, which may use both.
FIDE_ROOMS = (("fast", "rules"), ("gacrux",))


def fide_room_problems(imports: list[Import]) -> list[str]:
    """Imports between the rooms of ``fide`` that point up or sideways, and imports by the
    adapter or the rules of anything above the ``fide`` layer (a front end above all)."""
    level = {room: at for at, rooms in enumerate(FIDE_ROOMS) for room in rooms}
    problems: list[str] = []
    for each in imports:
        if layer(each.importer) != "fide" or each.importer == "ratingbook.fide":
            continue
        here = each.importer.split(".")[2]
        said = f"{each.importer} (line {each.line}) imports {each.imported}"
        if LAYERS.index(layer(each.imported)) > LAYERS.index("fide"):
            problems.append(said)
        elif layer(each.imported) == "fide" and each.imported != "ratingbook.fide":
            there = each.imported.split(".")[2]
            if there != here and level[there] >= level[here]:
                problems.append(said)
    return problems


def test_the_fide_rooms_import_one_way() -> None:
    """``fide`` is three rooms: ``fast`` (the performance code) and ``rules`` (B.01, B.02, the
    rating list) below ``gacrux`` (the adapter); every module of ``fide`` is in one of them, no
    import points up or across, and neither the adapter nor the rules import a front end. The
    check is not empty: a probe of each wrong way is caught."""
    rooms = {
        name.split(".")[2] for name in MODULES if layer(name) == "fide" and name.count(".") > 1
    }
    assert rooms == {room for level in FIDE_ROOMS for room in level}
    assert fide_room_problems([i for imports in import_graph().values() for i in imports]) == []
    probes = [
        ("ratingbook.fide.fast.blossom", "ratingbook.fide.gacrux.pairing"),
        ("ratingbook.fide.rules.norms", "ratingbook.fide.gacrux.event"),
        ("ratingbook.fide.rules.norms", "ratingbook.fide.fast.blossom"),
        ("ratingbook.fide.gacrux.pairing", "ratingbook.cli.jobs"),
        ("ratingbook.fide.rules.rating_list", "ratingbook.excel.scripts"),
    ]
    fakes = [Import(importer, imported, 1, False, True) for importer, imported in probes]
    assert len(fide_room_problems(fakes)) == len(probes)
    fine = Import(
        "ratingbook.fide.gacrux.pairing", "ratingbook.fide.fast.fast_dutch", 1, False, False
    )
    assert fide_room_problems([fine]) == []


#: Inside ``workbook`` (issue #33), bottom to top: the Book port, the sheets and their readers,
#: the planners, the event kinds, the order of a run. A room imports only rooms below it (a
#: planner may import another planner: the camp week plans with the ladder's planner).
WORKBOOK_ROOMS = ("port", "sheets", "plans", "kinds", "actions")


def workbook_room(name: str) -> str:
    return name.split(".")[2]


def workbook_room_problems(imports: list[Import]) -> list[str]:
    """Imports between the rooms of ``workbook`` that point up or across (within a room is fine
    save for the port and the sheets, whose modules stand side by side under the planners)."""
    problems: list[str] = []
    for each in imports:
        inside = (layer(each.importer), layer(each.imported)) == ("workbook", "workbook")
        if not inside or "ratingbook.workbook" in (each.importer, each.imported):
            continue
        here = WORKBOOK_ROOMS.index(workbook_room(each.importer))
        there = WORKBOOK_ROOMS.index(workbook_room(each.imported))
        if there > here:
            problems.append(f"{each.importer} (line {each.line}) imports {each.imported}")
    return problems


def test_the_workbook_rooms_import_one_way() -> None:
    """``workbook`` is five rooms (the port, the sheets, the planners, the kinds, the run's
    order); every module is in one, and no import points to a room above: a sheet reader plans
    nothing and the port reads no sheet. The check is not empty: a probe of each wrong way is
    caught."""
    rooms = {workbook_room(n) for n in MODULES if layer(n) == "workbook" and n.count(".") > 1}
    assert rooms == set(WORKBOOK_ROOMS)
    assert workbook_room_problems([i for imports in import_graph().values() for i in imports]) == []
    probes = [
        ("ratingbook.workbook.port.book", "ratingbook.workbook.sheets.reading"),
        ("ratingbook.workbook.sheets.team_book", "ratingbook.workbook.plans.team_plan"),
        ("ratingbook.workbook.plans.swiss_plan", "ratingbook.workbook.kinds.choice"),
        ("ratingbook.workbook.kinds.team", "ratingbook.workbook.actions"),
    ]
    fakes = [Import(importer, imported, 1, False, True) for importer, imported in probes]
    assert len(workbook_room_problems(fakes)) == len(probes)
    fine = Import(
        "ratingbook.workbook.plans.team_plan",
        "ratingbook.workbook.sheets.team_book",
        1,
        False,
        False,
    )
    assert workbook_room_problems([fine]) == []
