"""The results desk guide's **Take results** steps are true of the add-in (issue 36): the ribbon
has no such button (its VBA has one callback), so the guide gives a macro for the Personal
Macro Workbook and a Quick Access Toolbar button; what that macro calls must exist. Checked
here against the committed ``addin/ratingbook.xlam`` (its VBA read by the add-in's own reader)
and ratingbook's public API."""

from __future__ import annotations

import inspect
import re

from tests.helpers.paths import ROOT
from tests.integration.test_addin import XLAM, _ribbon_buttons, _vba_modules

import ratingbook

GUIDE = ROOT / "docs" / "guides" / "results-desk.md"
#: The guide's macro: a Sub calling a procedure of a workbook by Application.Run with one text.
MACRO = re.compile(
    r'Sub (\w+)\(\)\s+Application\.Run "\'([^\']+)\'!(\w+)", "([^"]+)"\s+End Sub', re.MULTILINE
)


def _section() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index("### Take results in Excel")
    end = text.index("\n## ", start)
    return text[start:end]


def test_the_ribbon_has_no_take_results_button_and_the_guide_says_so() -> None:
    assert [b.attrib["label"] for b in _ribbon_buttons()] == ["Recalc Ratings"]
    text = GUIDE.read_text(encoding="utf-8")
    assert "Take results** on ratingbook's ribbon" not in text
    assert "ratingbook's ribbon has one button, **Recalc Ratings**" in _section()


def test_the_guides_macro_calls_the_add_ins_runpython_with_take_results() -> None:
    section = _section()
    found = MACRO.search(section)
    assert found is not None, section
    sub, workbook, procedure, command = found.groups()
    # The workbook is the add-in's file, and the procedure a public one of a standard module
    # of its VBA taking one text: what Application.Run can call by that name.
    assert workbook == XLAM.name
    defined = [
        m
        for m in _vba_modules()
        if re.search(rf"^Public Function {procedure}\(\w+ As String\)", m.source, re.MULTILINE)
    ]
    assert [m.name for m in defined] == ["xlwings"]
    (module,) = defined
    assert "VB_Base" not in module.source  # a standard module, not a class or a sheet's
    assert "Option Private Module" not in module.source
    # RunPython hands Python the workbook the user looks at, as for Recalc Ratings.
    assert "ActiveFullName = ActiveWorkbook.FullName" in module.source
    # The Python it runs: ratingbook's public Take results, called with no argument.
    assert command == "import ratingbook; ratingbook.take_results()"
    assert "take_results" in ratingbook.__all__
    inspect.signature(ratingbook.take_results).bind()
    # The Quick Access Toolbar and Alt+F8 name the macro as the guide spells it.
    assert section.count(f"**PERSONAL.XLSB!{sub}**") == 2


def test_a_second_ribbon_button_needs_a_vba_callback_the_add_in_lacks() -> None:
    """Why Take results cannot be a second ribbon button made by editing customUI XML alone:
    a button's onAction names a VBA Sub taking ``(control As IRibbonControl)`` in the add-in's
    VBA project; the add-in has one, RibbonMyAddin.RunMain, and it never reads its control,
    so every button naming it runs ``main()`` (Recalc Ratings). RunPython, the door to Python,
    takes a text, not a control: a button cannot name it."""
    callbacks = [
        (m.name, sub)
        for m in _vba_modules()
        for sub in re.findall(
            r"^(?:Public |Private )?Sub (\w+)\(\w+ As IRibbonControl\)", m.source, re.MULTILINE
        )
    ]
    assert callbacks == [("RibbonMyAddin", "RunMain")]
    (ribbon,) = [m for m in _vba_modules() if m.name == "RibbonMyAddin"]
    body = ribbon.source.split("Sub RunMain(control As IRibbonControl)", 1)[1]
    body = body.split("End Sub", 1)[0]
    assert "control" not in body  # the same Python, whichever button was pressed
    assert '& ".main()"' in body
    (xlwings,) = [m for m in _vba_modules() if m.name == "xlwings"]
    assert re.search(r"^Public Function RunPython\(\w+ As String\)", xlwings.source, re.MULTILINE)
    assert {b.attrib["onAction"] for b in _ribbon_buttons()} == {"RibbonMyAddin.RunMain"}
