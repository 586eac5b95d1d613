"""The package structure (Open Packaging Conventions): relationships and content types.

Everything that decides how parts find each other lives here: where a part's relationships
are, how a relationship target resolves to a zip member and back, and how relationship and
``[Content_Types].xml`` parts are edited (as text, keeping everything else as it was).
"""

from __future__ import annotations

import posixpath
import re
import urllib.parse
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from ratingbook.files.ooxml.xmltext import (
    PACKAGE_REL_NS,
    REL_NS,
    attributes,
    escape_attribute,
    insert_before_close,
    parse_part,
    root_prefix,
)
from ratingbook.files.ooxml.zipread import PackageZip

OFFICE_DOCUMENT_REL = REL_NS + "/officeDocument"
WORKSHEET_REL = REL_NS + "/worksheet"
STYLES_REL = REL_NS + "/styles"
CALC_CHAIN_REL = REL_NS + "/calcChain"
PIVOT_TABLE_REL = REL_NS + "/pivotTable"
PIVOT_CACHE_REL = REL_NS + "/pivotCacheDefinition"
WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
STYLES_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"


def rels_part(part: str) -> str:
    """The relationships part of ``part`` (``""`` is the package itself)."""
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def resolve(source: str, target: str) -> str:
    """The part a relationship of ``source`` points at, as a zip member name."""
    target = urllib.parse.unquote(target.split("#", 1)[0])
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def relative(source: str, part: str) -> str:
    """A relationship target from ``source`` to ``part``."""
    return posixpath.relpath(part, posixpath.dirname(source) or ".")


@dataclass(frozen=True, slots=True)
class Relationship:
    """One ``<Relationship>`` of a relationships part."""

    id: str
    type: str
    target: str
    external: bool


def read_relationships(data: bytes, part: str) -> list[Relationship]:
    """The relationships listed in relationships part ``part`` (parsed safely)."""
    root = parse_part(data, part)
    found: list[Relationship] = []
    for element in root.iter(f"{{{PACKAGE_REL_NS}}}Relationship"):
        found.append(
            Relationship(
                id=element.get("Id", ""),
                type=element.get("Type", ""),
                target=element.get("Target", ""),
                external=element.get("TargetMode", "") == "External",
            )
        )
    return found


def edit_relationships(
    xml: str, remove: set[str], add: Sequence[tuple[str, str, str]], part: str
) -> str:
    """Relationships XML with the ids in ``remove`` dropped and (id, type, target) appended."""
    p = re.escape(root_prefix(xml, "Relationships", part))
    if remove:
        pattern = re.compile(
            rf"<{p}Relationship(?=[\s/>])([^>]*?)(?:/>|>.*?</{p}Relationship>)", re.S
        )
        xml = pattern.sub(
            lambda m: "" if attributes(m.group(1)).get("Id") in remove else m.group(0), xml
        )
    if add:
        prefix = root_prefix(xml, "Relationships", part)
        new = "".join(
            f'<{prefix}Relationship Id="{escape_attribute(i)}" Type="{escape_attribute(t)}" '
            f'Target="{escape_attribute(target)}"/>'
            for i, t, target in add
        )
        xml = insert_before_close(xml, prefix, "Relationships", new, part)
    return xml


def edit_content_types(xml: str, remove: set[str], add: Sequence[tuple[str, str]]) -> str:
    """[Content_Types].xml with the Overrides of parts in ``remove`` dropped, ``add`` appended."""
    part = "[Content_Types].xml"
    prefix = root_prefix(xml, "Types", part)
    p = re.escape(prefix)
    names = {f"/{name}".casefold() for name in remove} | {n.casefold() for n, _ in add}
    if names:
        pattern = re.compile(rf"<{p}Override(?=[\s/>])([^>]*?)(?:/>|>.*?</{p}Override>)", re.S)
        xml = pattern.sub(
            lambda m: (
                "" if attributes(m.group(1)).get("PartName", "").casefold() in names else m.group(0)
            ),
            xml,
        )
    if add:
        new = "".join(
            f'<{prefix}Override PartName="{escape_attribute(name)}" '
            f'ContentType="{escape_attribute(kind)}"/>'
            for name, kind in add
        )
        xml = insert_before_close(xml, prefix, "Types", new, part)
    return xml


def relationships(source: PackageZip, part: str) -> list[Relationship]:
    """The relationships of ``part`` in ``source`` (none if it has no relationships part).

    Each relationships part is parsed once per package (the package is held in memory and
    never changes); a damaged one raises each time it is asked for.
    """
    rels = rels_part(part)
    if not source.has(rels):
        return []
    known = _PARSED.setdefault(source, {})
    key = rels.casefold()
    if key not in known:
        known[key] = read_relationships(source.read(rels), rels)
    return list(known[key])


#: The relationships parts each package held in memory has had parsed, by part name.
_PARSED: weakref.WeakKeyDictionary[PackageZip, dict[str, list[Relationship]]] = (
    weakref.WeakKeyDictionary()
)
