"""xl/styles.xml: number formats, fonts, fills, borders and cell formats, read and appended to.

Everything that decides which cell format (``s``) a written cell gets lives here: existing
formats are reused when they match, new ones are appended, a workbook without styles gets a
minimal stylesheet; a cell format is read as a :class:`~ratingbook.workbook.port.looks.Look`,
and a look given back (an undo's) finds or makes its cell format. Excel's built-in number
formats and the date-format test are openpyxl's (the package back end depends on openpyxl), so
both file adapters agree on them.
"""

from __future__ import annotations

import re

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.numberformats import BUILTIN_FORMATS, is_date_format
from ratingbook.files.ooxml.xmltext import (
    MAIN_NS,
    element_span,
    escape_attribute,
    int_attribute,
    root_prefix,
    set_attribute,
    tag_attributes,
    truthy,
)
from ratingbook.workbook.port.looks import Look, plain_element

_NEW_STYLES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<styleSheet xmlns="{MAIN_NS}">'
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    "</styleSheet>"
)


class Styles:
    """xl/styles.xml: reads number formats, fonts and cell formats; appends the ones we need.

    Existing entries are reused when they match, so recalculating twice adds nothing the
    second time.
    """

    def __init__(self, xml: str | None, part: str) -> None:
        self.part = part
        self.created = xml is None
        self.xml = _NEW_STYLES if xml is None else xml
        self.p = root_prefix(self.xml, "styleSheet", part)
        self.formats: dict[int, str] = dict(BUILTIN_FORMATS)
        self.custom_formats: dict[int, str] = {}
        # Every id the file's number formats hold, a format without a formatCode included: a
        # new format takes an id above all of them, so no two <numFmt> ever share an id.
        self.format_ids: set[int] = set()
        # What is wrong with a <numFmt> whose id is missing or no whole number (a damaged
        # file): then no new id is surely free.
        self.format_damage: str | None = None
        elements = self._elements("numFmts", "numFmt")
        self.format_count = len(elements)
        for element in elements:
            attrs = tag_attributes(element)
            text = attrs.get("numFmtId")
            try:
                number = int(text) if text is not None else None
            except ValueError:
                number = None
            if number is None:
                self.format_damage = self.format_damage or (
                    "a number format has no numFmtId"
                    if text is None
                    else f"a number format's numFmtId is {text!r}, not a whole number"
                )
                continue
            self.format_ids.add(number)
            if "formatCode" in attrs:
                self.custom_formats[number] = attrs["formatCode"]
        self.formats.update(self.custom_formats)
        self.fonts = self._elements("fonts", "font")
        self.fills = self._elements("fills", "fill")
        self.borders = self._elements("borders", "border")
        self.xfs = self._elements("cellXfs", "xf")
        self.xf_attributes = [tag_attributes(x) for x in self.xfs]
        self.new_formats: list[tuple[int, str]] = []
        self.new_fonts: list[str] = []
        self.new_fills: list[str] = []
        self.new_borders: list[str] = []
        self.new_xfs: list[str] = []
        self._looks: dict[Look, int] = {}
        self._read: dict[int, Look] = {}
        self._fonts_made: dict[tuple[bool, float], int] = {}
        # Set once styles.xml is rendered: a style chosen later would point at nothing.
        self.frozen = False

    @property
    def changed(self) -> bool:
        return self.created or bool(
            self.new_formats or self.new_fonts or self.new_fills or self.new_borders or self.new_xfs
        )

    def _elements(self, section: str, local: str) -> list[str]:
        span = element_span(self.xml, self.p, section)
        if span is None:
            return []
        inside = self.xml[span[1] : span[2]]
        p = re.escape(self.p)
        pattern = re.compile(rf"<{p}{local}(?=[\s/>])[^>]*?(?:/>|>.*?</{p}{local}>)", re.S)
        return pattern.findall(inside)

    def number_format(self, code: str) -> int:
        """The id of number format ``code``, added to the workbook if it is not there."""
        for number, known in self.formats.items():
            if known == code:
                return number
        self._check_open()
        if self.format_damage is not None:
            raise WorkbookError(
                f"part {self.part!r} is damaged: {self.format_damage}, so no new number format "
                "can be given an id that is surely free"
            )
        # Custom formats start at 164 (ECMA-376 part 1, 18.8.30: ids below are built in).
        number = max([163, *self.formats, *self.format_ids]) + 1
        self.formats[number] = code
        self.new_formats.append((number, code))
        return number

    def bold_font(self) -> int:
        """A font like the default one, but bold (0 when the stylesheet has no fonts)."""
        return self.font(bold=True)

    def font(self, *, bold: bool = False, size: float = 0) -> int:
        """A font like the default one, bold when asked, at ``size`` points when given (0: the
        default's); an existing font when one is the same (0 when the stylesheet has none)."""
        key = (bold, size)
        known = self._fonts_made.get(key)
        if known is not None:
            return known
        fonts = [*self.fonts, *self.new_fonts]
        if not fonts:
            self._fonts_made[key] = 0
            return 0
        p = re.escape(self.p)
        made = base = fonts[0]
        if size:
            sized = f'<{self.p}sz val="{size:g}"/>'
            made, found = re.subn(rf"<{p}sz(?=[\s/>])[^>]*?/>", sized, made, count=1)
            if not found:
                made = _with_child(made, sized, self.p)
        if bold and not re.search(rf"<{p}b(?=[\s/>])", made):
            made = _with_child(made, f"<{self.p}b/>", self.p)
        if made == base:
            index = 0
        elif made in fonts:
            index = fonts.index(made)
        else:
            self._check_open()
            self.new_fonts.append(made)
            index = len(fonts)
        self._fonts_made[key] = index
        return index

    def cell_format(
        self,
        number_format: int,
        font: int = 0,
        *,
        alignment: str = "",
        wrap: bool = False,
        top: bool = False,
        indent: int = 0,
        shrink: bool = False,
    ) -> int:
        """A plain cell format with this number format and font (an existing one if possible),
        its text aligned ``alignment`` (``left``, ``right``, ``center``) when given, wrapped
        within the cell when ``wrap``, at the top of the cell when ``top``, ``indent`` levels
        in from its edge, shrunk to fit the cell on one line when ``shrink``."""
        if alignment or wrap or top or indent or shrink:
            aligned = (
                (f' horizontal="{alignment}"' if alignment else "")
                + (' vertical="top"' if top else "")
                + (' wrapText="1"' if wrap else "")
                + (f' indent="{indent}"' if indent else "")
                + (' shrinkToFit="1"' if shrink else "")
            )
            flags = (' applyNumberFormat="1"' if number_format else "") + (
                ' applyFont="1"' if font else ""
            )
            return self._add_xf(
                f'<{self.p}xf numFmtId="{number_format}" fontId="{font}" fillId="0" borderId="0" '
                f'xfId="0"{flags} applyAlignment="1"><{self.p}alignment{aligned}/>'
                f"</{self.p}xf>"
            )
        everything = [*self.xfs, *self.new_xfs]
        for index, attrs in enumerate(self.xf_attributes):
            if (
                int_attribute(attrs.get("numFmtId")) == number_format
                and int_attribute(attrs.get("fontId")) == font
                and int_attribute(attrs.get("fillId")) == 0
                and int_attribute(attrs.get("borderId")) == 0
                and int_attribute(attrs.get("xfId")) == 0
                and (number_format == 0 or truthy(attrs.get("applyNumberFormat", "1")))
                and (font == 0 or truthy(attrs.get("applyFont", "1")))
                and everything[index].endswith("/>")
            ):
                return index
        flags = (' applyNumberFormat="1"' if number_format else "") + (
            ' applyFont="1"' if font else ""
        )
        return self._add_xf(
            f'<{self.p}xf numFmtId="{number_format}" fontId="{font}" fillId="0" borderId="0" '
            f'xfId="0"{flags}/>'
        )

    def with_number_format(self, index: int, number_format: int) -> int:
        """Cell format ``index`` with its number format replaced (an existing one if possible)."""
        everything = [*self.xfs, *self.new_xfs]  # one made in this run keeps its alignment
        if not 0 <= index < len(everything):
            return self.cell_format(number_format)
        base = everything[index]
        head = re.match(r"<[^>]*>", base)
        assert head is not None
        tag = set_attribute(head.group(0), "numFmtId", str(number_format))
        tag = set_attribute(tag, "applyNumberFormat", "1")
        return self._add_xf(tag + base[head.end() :])

    def look_of(self, index: int) -> Look:
        """Cell format ``index`` (a cell's ``s``; one the file lacks reads as the default, 0)
        as a :class:`~ratingbook.workbook.port.looks.Look`."""
        known = self._read.get(index)
        if known is not None:
            return known
        everything = [*self.xfs, *self.new_xfs]
        if not everything:
            return Look()
        index = index if 0 <= index < len(everything) else 0
        xf, attrs = everything[index], self.xf_attributes[index]
        code = self.formats.get(int_attribute(attrs.get("numFmtId")), "General")
        parts = [
            _nth([*found, *new], attrs.get(key))
            for found, new, key in (
                (self.fonts, self.new_fonts, "fontId"),
                (self.fills, self.new_fills, "fillId"),
                (self.borders, self.new_borders, "borderId"),
            )
        ]
        p = re.escape(self.p)
        inner = [
            re.search(rf"<{p}{local}(?=[\s/>])[^>]*?(?:/>|>.*?</{p}{local}>)", xf, re.S)
            for local in ("alignment", "protection")
        ]
        texts = [plain_element(t) for t in [*parts, *(m.group(0) if m else "" for m in inner)]]
        self._read[index] = Look(code, *texts)
        return self._read[index]

    def look(self, look: Look) -> int:
        """The cell format of ``look`` (a :meth:`look_of` of this book or of another back
        end's): an existing one when the same, else made from the look's parts."""
        known = self._looks.get(look)
        if known is not None:
            return known
        number = self.number_format(look.number_format)
        ids = [
            self._part(found, new, text)
            for found, new, text in (
                (self.fonts, self.new_fonts, look.font),
                (self.fills, self.new_fills, look.fill),
                (self.borders, self.new_borders, look.border),
            )
        ]
        inner = "".join(self._prefixed(t) for t in (look.alignment, look.protection) if t)
        head = (
            f'<{self.p}xf numFmtId="{number}" fontId="{ids[0]}" fillId="{ids[1]}" '
            f'borderId="{ids[2]}" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1" '
            'applyBorder="1" applyAlignment="1" applyProtection="1"'
        )
        index = self._add_xf(f"{head}>{inner}</{self.p}xf>" if inner else f"{head}/>")
        self._looks[look] = index
        return index

    def _prefixed(self, text: str) -> str:
        """A look's element (no prefix) as this stylesheet spells its elements."""
        return re.sub(r"<(/?)(?=[A-Za-z_])", rf"<\1{self.p}", text) if self.p else text

    def _part(self, found: list[str], new: list[str], text: str) -> int:
        """The index of the font, fill or border ``text`` (a look's), appended if new; 0 for
        none (the default)."""
        if not text:
            return 0
        key = _comparable(text)
        everything = [*found, *new]
        for index, element in enumerate(everything):
            if _comparable(element) == key:
                return index
        self._check_open()
        new.append(self._prefixed(text))
        return len(everything)

    def _add_xf(self, xml: str) -> int:
        everything = [*self.xfs, *self.new_xfs]
        if xml in everything:
            return everything.index(xml)
        self._check_open()
        self.new_xfs.append(xml)
        self.xf_attributes.append(tag_attributes(xml))
        return len(everything)

    def _check_open(self) -> None:
        if self.frozen:
            raise AssertionError("a cell format was added after styles.xml was written")

    def is_date(self, index: int) -> bool:
        if not 0 <= index < len(self.xf_attributes):
            return False
        number = int_attribute(self.xf_attributes[index].get("numFmtId"))
        return bool(is_date_format(self.formats.get(number, "General")))

    def render(self) -> str:
        self.frozen = True
        xml = self.xml
        if self.new_formats:
            new = "".join(
                f'<{self.p}numFmt numFmtId="{n}" formatCode="{escape_attribute(code)}"/>'
                for n, code in self.new_formats
            )
            total = self.format_count + len(self.new_formats)
            if element_span(xml, self.p, "numFmts") is None:
                span = element_span(xml, self.p, "styleSheet")
                assert span is not None
                xml = (
                    f'{xml[: span[1]]}<{self.p}numFmts count="{total}">{new}</{self.p}numFmts>'
                    f"{xml[span[1] :]}"
                )
            else:
                xml = self._append(xml, "numFmts", new, total)
        if self.new_fonts:
            xml = self._append(
                xml, "fonts", "".join(self.new_fonts), len(self.fonts) + len(self.new_fonts)
            )
        for section, found, made in (
            ("fills", self.fills, self.new_fills),
            ("borders", self.borders, self.new_borders),
        ):
            if made:
                xml = self._append(xml, section, "".join(made), len(found) + len(made))
        if self.new_xfs:
            xml = self._append(
                xml, "cellXfs", "".join(self.new_xfs), len(self.xfs) + len(self.new_xfs)
            )
        return xml

    def _append(self, xml: str, section: str, new: str, count: int) -> str:
        span = element_span(xml, self.p, section)
        if span is None:
            raise WorkbookError(f"part {self.part!r} has no <{section}> element")
        start, open_end, close, end = span
        tag = xml[start:open_end]
        if open_end == end:
            tag = tag[:-2].rstrip() + ">"
            inside, tail = "", xml[end:]
        else:
            inside, tail = xml[open_end:close], xml[close + len(f"</{self.p}{section}>") :]
        tag = set_attribute(tag, "count", str(count))
        return f"{xml[:start]}{tag}{inside}{new}</{self.p}{section}>{tail}"


def _with_child(font: str, child: str, prefix: str) -> str:
    """``<font>`` element ``font`` with ``child`` added as its first child."""
    if font.endswith("/>") and not font.endswith(f"</{prefix}font>"):
        return f"{font[:-2].rstrip()}>{child}</{prefix}font>"
    head = re.match(r"<[^>]*>", font)
    assert head is not None
    return f"{head.group(0)}{child}{font[head.end() :]}"


def _nth(elements: list[str], index: str | None) -> str:
    """The element at ``index`` (an xf's ``fontId``, ...; missing or out of range: the first)."""
    number = int_attribute(index)
    if not elements:
        return ""
    return elements[number] if 0 <= number < len(elements) else elements[0]


def _comparable(element: str) -> str:
    """An element's text with its prefix and the spaces before ``/>`` gone (openpyxl writes
    ``<b />``, Excel ``<b/>``): the same font, fill or border reads the same."""
    return re.sub(r"\s+/>", "/>", plain_element(element))
