# ruff: noqa: F704
"""What an xlwings Lite user does with ratingbook, run inside Pyodide by
tests/integration/pyodide/run.mjs.

Top-level ``await`` is allowed here: run.mjs runs this file with ``runPythonAsync``, like Lite runs
its installation step. Nothing comes from the network (run.mjs refuses every fetch):

1. The wheels listed in ``job.json``'s ``"index"`` (openpyxl, click, ... : the packages xlwings
   Lite would fetch from PyPI or from Pyodide's own repository) are installed without their
   dependencies, standing in for those package indexes.
2. Each line of ``requirements.txt`` (the workbook's requirements.txt tab, as README shows it) is
   installed the way Lite installs it: ``micropip.install`` with dependencies, so ratingbook's
   ``Requires-Dist`` lines and their environment markers are evaluated by micropip for Pyodide.
   A requirement that no local wheel meets would have to be downloaded, and fails.
3. ``main.py`` (the workbook's main.py, as README shows it) is imported and used the way the
   Lite runtime uses it (xlwings-server's ``app/lite/main.py``): ``xlwings.server``'s
   ``custom_functions_meta`` / ``custom_scripts_meta`` list what Excel gets,
   ``custom_functions_call`` runs each formula of ``job.json``'s ``"calls"`` (arguments as
   Excel sends them), ``custom_scripts_call`` runs ``recalc_ratings`` on each book of
   ``"books"``, an xlwings JSON book (tests/helpers/jsonbook.py) like the one Lite builds;
   ``start_new_week`` on ``"new_week"``'s, and ``take_results`` on ``"desk"``'s book, asking
   the results desk the test runs on the loopback address (the one fetch run.mjs lets through).

The outcome is printed as one line, ``RATINGBOOK-PYODIDE-RESULT {json}``, for
tests/integration/test_pyodide.py.
"""

import datetime
import importlib.metadata
import json
import os
import platform
import sys
import threading

import micropip
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

WHEELS = "/work/wheels"

with open("/work/job.json", encoding="utf-8") as handle:
    job = json.load(handle)

wheels = {parse_wheel_filename(name)[0]: name for name in os.listdir(WHEELS)}


def wheel_url(requirement_line):
    requirement = Requirement(requirement_line)
    name = canonicalize_name(requirement.name)
    if name not in wheels:
        raise LookupError(f"no local wheel for {requirement_line!r}")
    version = parse_wheel_filename(wheels[name])[1]
    if not requirement.specifier.contains(version, prereleases=True):
        raise LookupError(f"the local wheel {wheels[name]} does not meet {requirement_line!r}")
    return f"emfs:{WHEELS}/{wheels[name]}"


await micropip.install([f"emfs:{WHEELS}/{name}" for name in job["index"]], deps=False)
with open("/work/requirements.txt", encoding="utf-8") as handle:
    requirements = [line.strip() for line in handle if line.strip() and not line.startswith("#")]
for line in requirements:
    await micropip.install(wheel_url(line), deps=True)

import main  # noqa: E402  (the workbook's main.py: only importable once ratingbook is installed)
import xlwings as xw  # noqa: E402
from jsonbook import actions, apply_actions, make_json_book  # noqa: E402  (copied beside it)
from xlwings.server import (  # noqa: E402  (what xlwings Lite calls, see below)
    custom_functions_call,
    custom_functions_meta,
    custom_scripts_call,
    custom_scripts_meta,
)

threads_before = threading.active_count()

# What Lite registers with Excel: the custom functions and the scripts of main.py.
registered = {
    "functions": sorted(f["name"] for f in custom_functions_meta(main)["functions"]),
    "scripts": sorted(s["function_name"] for s in custom_scripts_meta(main)),
}

# A formula cell: Excel sends the arguments (a number, a text, a range as a list of rows) and
# Lite hands them to xlwings' custom_functions_call, which converts them, calls main.py's
# function and converts the result to what the cell gets; an exception becomes the cell's error.
calls = []
for function, args in job["calls"]:
    data = {
        "func_name": function,
        "args": args,
        "version": xw.__version__,
        "client": "Office.js",
        "runtime": "1.4",
        "culture_info_name": "en-US",
        "date_format": "M/d/yyyy",
    }
    try:
        calls.append({"value": await custom_functions_call(data, module=main)})
    except Exception as error:  # Excel shows #VALUE! with this message
        calls.append({"error": f"{type(error).__name__}: {error}"})

# A script run: Lite builds an xlwings.Book from the workbook's JSON and hands it to the script
# through custom_scripts_call; what the script wrote is sent back as the book's actions.
books = {}
for label, sheets in job["books"].items():
    book = make_json_book(sheets)
    await custom_scripts_call(
        module=main, script_name="recalc_ratings", typehint_to_value={xw.Book: book}
    )
    queued = actions(book)
    books[label] = {
        "sheets": apply_actions(sheets, queued),
        "alerts": [a["args"][0] for a in queued if a["func"] == "alert"],
        "calls_to_excel": len(queued),
    }

# Start New Week, the other script, on the ladder books (archive labels are dated today).
new_weeks = {}
for label, sheets in job["new_week"].items():
    book = make_json_book(sheets)
    today = datetime.date.today().isoformat()
    await custom_scripts_call(
        module=main, script_name="start_new_week", typehint_to_value={xw.Book: book}
    )
    queued = actions(book)
    new_weeks[label] = {
        "sheets": apply_actions(sheets, queued),
        "alerts": [a["args"][0] for a in queued if a["func"] == "alert"],
        "today": today,
    }

# Take results, the third script, asks the results desk the test runs on this machine (the
# only address run.mjs lets through) with the address and token Lite's settings would give.
taken = {}
if job.get("desk"):
    os.environ["RATINGBOOK_DESK"] = job["desk"]["address"]
    os.environ["RATINGBOOK_DESK_TOKEN"] = job["desk"]["token"]
    sheets = job["desk"]["sheets"]
    book = make_json_book(sheets, name=job["desk"]["name"])
    await custom_scripts_call(
        module=main, script_name="take_results", typehint_to_value={xw.Book: book}
    )
    queued = actions(book)
    taken = {
        "sheets": apply_actions(sheets, queued),
        "alerts": [a["args"][0] for a in queued if a["func"] == "alert"],
    }

result = {
    "environment": {
        "python": platform.python_version(),
        "sys_platform": sys.platform,
        "platform_system": platform.system(),
    },
    "installed": {
        dist.metadata["Name"]: dist.version for dist in importlib.metadata.distributions()
    },
    "requirements": requirements,
    "registered": registered,
    "calls": calls,
    "books": books,
    "new_weeks": new_weeks,
    "take_results": taken,
    "modules": {
        name: name in sys.modules
        for name in ("python_calamine", "ratingbook.files.patching", "concurrent.futures.process")
    },
    "threads": {"before": threads_before, "after": threading.active_count()},
}
print("RATINGBOOK-PYODIDE-RESULT " + json.dumps(result, default=repr))
