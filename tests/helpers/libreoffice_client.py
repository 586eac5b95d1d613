"""Converts books with a running LibreOffice, as ``soffice --convert-to`` does, over UNO.

Run by :mod:`tests.helpers.libreoffice` with a Python that has LibreOffice's ``uno`` module
(Debian's python3-uno, which the LibreOffice packages recommend): the test's own Python
usually has not. It stands alone (no ratingbook, no pytest) and takes one JSON argument::

    {"pipe": NAME, "books": [PATH, ...], "out_dir": PATH, "target": "csv:FILTER:OPTIONS",
     "recalc_on_load": false}

``target`` is ``--convert-to``'s: an extension, then optionally the filter and its options.
Each book is written to ``OUT_DIR/STEM.EXTENSION``; a book LibreOffice cannot load is
reported on standard error and skipped, as ``soffice --convert-to`` does. With
``recalc_on_load`` the instance recalculates .xlsx files on load ("Recalculation on File Load:
Always recalculate") for these books only.

Exit status: 0 done, 3 no LibreOffice answered on the pipe (the caller may start one again),
1 anything else (the instance died or hung in the middle).
"""

from __future__ import annotations

import json
import os
import sys
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException

#: The filter ``soffice --convert-to EXTENSION`` picks for a spreadsheet, by extension.
DEFAULT_FILTERS = {
    "csv": "Text - txt - csv (StarCalc)",
    "ods": "calc8",
    "pdf": "calc_pdf_Export",
    "xlsx": "Calc MS Excel 2007 XML",
}
#: How long to wait for a LibreOffice just started to open its pipe.
CONNECT_WAIT = 60.0
RECALC_NODE = "/org.openoffice.Office.Calc/Formula/Load"
ALWAYS_RECALCULATE = 0


def prop(name: str, value: object) -> PropertyValue:
    found = PropertyValue()
    found.Name = name
    found.Value = value
    return found


def connect(pipe: str) -> object:
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local
    )
    until = time.monotonic() + CONNECT_WAIT
    while True:
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except NoConnectException:
            if time.monotonic() > until:
                raise
            time.sleep(0.1)


def main() -> int:
    request = json.loads(sys.argv[1])
    try:
        context = connect(request["pipe"])
    except NoConnectException as error:
        print(f"no LibreOffice on pipe {request['pipe']}: {error}", file=sys.stderr)
        return 3
    manager = context.ServiceManager
    desktop = manager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
    extension, _, rest = request["target"].partition(":")
    name, _, options = rest.partition(":")
    store = [prop("FilterName", name or DEFAULT_FILTERS[extension])]
    if options:
        store.append(prop("FilterOptions", options))
    settings = manager.createInstanceWithContext(
        "com.sun.star.configuration.ConfigurationProvider", context
    ).createInstanceWithArguments(
        "com.sun.star.configuration.ConfigurationUpdateAccess", (prop("nodepath", RECALC_NODE),)
    )
    before = settings.getPropertyValue("OOXMLRecalcMode")
    if request["recalc_on_load"]:
        settings.setPropertyValue("OOXMLRecalcMode", ALWAYS_RECALCULATE)
        settings.commitChanges()
    try:
        for book in request["books"]:
            stem = book.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
            target = f"{request['out_dir']}/{stem}.{extension}"
            try:
                document = desktop.loadComponentFromURL(
                    uno.systemPathToFileUrl(book), "_blank", 0, (prop("Hidden", True),)
                )
            except Exception as error:  # LibreOffice's own IOException and the like
                document = None
                print(f"Error: {book} could not be loaded: {error}", file=sys.stderr)
            if document is None:
                print(f"Error: source file could not be loaded: {book}", file=sys.stderr)
                continue
            try:
                document.storeToURL(uno.systemPathToFileUrl(target), tuple(store))
                print(f"convert {book} -> {target} using filter : {store[0].Value}")
            finally:
                document.close(True)
    finally:
        if request["recalc_on_load"]:
            settings.setPropertyValue("OOXMLRecalcMode", before)
            settings.commitChanges()
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # Without Python's own teardown: pyuno's bridge can crash it (SIGSEGV) once every book is
    # stored, as it did once on two busy cores, and the caller then read a conversion that
    # had been done as failed. What was written is checked by the caller (the files).
    os._exit(code)
