"""The package engine's modules: each decides one thing, says so first, and imports only the
modules below it; python-calamine is imported only where the engine reads (xlwings Lite may
not have it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "ratingbook" / "package"

# Bottom to top: a module may import only modules listed before it.
LAYERS = [
    "xmltext",
    "refs",
    "zipread",
    "zipwrite",
    "opc",
    "drawing",
    "styles",
    "cells",
    "workbookpart",
    "walker",
    "reading",
    "patch",
    "tableparts",
    "generated",
    "trust",
    "render",
    "book",
]


def test_every_module_is_in_the_layer_list() -> None:
    found = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    assert found == set(LAYERS)


def imports_of(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("module", LAYERS)
def test_imports_point_down_and_the_docstring_says_what_it_decides(module: str) -> None:
    source = (PACKAGE / f"{module}.py").read_text()
    tree = ast.parse(source)
    docstring = ast.get_docstring(tree)
    assert docstring is not None
    assert "lives here" in docstring or module == "book"
    below = set(LAYERS[: LAYERS.index(module)])
    for name in imports_of(tree):
        if name.startswith("ratingbook.package"):
            assert name.removeprefix("ratingbook.package.") in below, f"{module} imports {name}"
    assert len(source.splitlines()) <= 450


@pytest.mark.parametrize("module", LAYERS)
def test_python_calamine_is_never_imported_at_the_top(module: str) -> None:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            assert "python_calamine" not in imports_of(ast.Module(body=[node], type_ignores=[]))
