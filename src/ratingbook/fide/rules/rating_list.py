"""FIDE's rating lists (ratings.fide.com, "Download rating lists"), read as a stream: only the
players asked for are kept, so a list of over a million players never sits in memory.

The formats, as FIDE's download page and the files themselves describe them:

- **TXT, one list** (``standard_rating_list.txt``, rapid and blitz alike): fixed columns under
  a header ``ID Number  Name  Fed Sex Tit WTit OTit FOA <month> Gms K B-day Flag``, where
  ``<month>`` (``JAN23``, ``NOV26``) heads the rating. Columns are found from the header's
  labels, each running to the next label (ID 1-15, Name 16-76, Fed 77-80, Sex 81-84, Tit
  85-89, WTit 90-94, OTit 95-109, FOA 110-113, rating 114-119, Gms 120-123, K 124-126, B-day
  127-132, Flag 133-);
- **TXT, combined** (``players_list_foa.txt`` in ``players_list.zip``): the same with ``SRtng
  SGm SK RRtng RGm Rk BRtng BGm BK`` for the three lists;
- **XML** (``players_list_xml``, ``standard_rating_list_xml``, ...): ``<playerslist>`` of
  ``<player>`` with ``fideid, name, country, sex, title, w_title, o_title, foa_title,
  rating, games, k`` (the combined list adds ``rapid_rating, rapid_games, rapid_k,
  blitz_rating, blitz_games, blitz_k``), ``birthday`` (the year) and ``flag``. The file is
  scanned for ``<player>`` blocks; only the wanted ones are parsed, with defusedxml, and a DTD
  or entity declaration is refused.

Titles are FIDE's (``GM``, ``WGM``, ...; the older letters ``g``, ``wg``, ``m`` are read too); a
woman's title is taken when she has no open one. Sex ``M``/``F`` becomes ``m``/``w`` as TRF
writes it. Strict where results depend on a field (the ID, the rating, K of a wanted player: an
error names the line and columns), lenient elsewhere. Pure: reads the stream it is given.
"""

from __future__ import annotations

import io
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from ratingbook.errors import Location, ParseError, Problems
from ratingbook.events.codes import K_VALUES, RATING_KINDS
from ratingbook.events.event import normalise_title

__all__ = [
    "LIST_SEQUENCES",
    "ListedPlayer",
    "RatingListError",
    "RatingListScan",
    "lists_held",
    "scan_rating_list",
]


#: The lists looked at, in turn, for a player unrated on the event's own (after its effective
#: rating, B.02 7.2.1): the default sequence by kind of event of FIDE's acceptance checklist
#: (question 123 as Sharly-Chess quotes it: "standard -> FIDE standard, rapid, blitz; rapid ->
#: effective rapid, blitz; blitz -> effective blitz, rapid").
LIST_SEQUENCES: Mapping[str, tuple[str, ...]] = {
    "Standard": ("Rapid", "Blitz"),
    "Rapid": ("Blitz",),
    "Blitz": ("Rapid",),
}


class RatingListError(ParseError):
    """A rating list that is not one of FIDE's formats, or a wanted player's line that is wrong."""


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """What the list says of one player, for the list asked for (standard, rapid or blitz)."""

    fide_id: int
    name: str
    federation: str
    sex: str  # "m", "w" or ""
    title: str
    rating: int | None  # None: not rated on this list
    k: int | None
    birth_year: int | None
    line: int
    #: "Standard" when ``rating`` is the standard one standing in for a rapid or blitz rating
    #: the player does not have (the effective rating, B.02 7.2.1); "" otherwise.
    rating_from: str = ""
    #: Every list's rating the file holds for the player (a combined list: Standard, Rapid and
    #: Blitz; a single list: none), None where unrated; for the list sequence
    #: (:data:`LIST_SEQUENCES`).
    ratings: Mapping[str, int | None] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class RatingListScan:
    """The wanted players found, the list's format and how many players it holds."""

    found: dict[int, ListedPlayer]
    format: str
    players: int
    #: The month the list is of, as its TXT header labels the rating (``NOV26``); "" when the
    #: list does not say (a combined TXT list, XML).
    month: str = ""
    #: Which of FIDE's three lists the file holds (:func:`lists_held`): all three for a
    #: combined list, one for a single list, none known when neither it nor its name says.
    lists: tuple[str, ...] = ()


# The TXT labels and the field each is, for each list (the rating's label is a month: "JAN23").
_TXT_FIELDS = {
    "ID Number": "id", "Name": "name", "Fed": "fed", "Sex": "sex", "Tit": "title",
    "WTit": "w_title", "OTit": "o_title", "FOA": "foa", "Gms": "games", "K": "k",
    "B-day": "birth", "Flag": "flag",
    "SRtng": "Standard", "SGm": "Standard games", "SK": "Standard k",
    "RRtng": "Rapid", "RGm": "Rapid games", "Rk": "Rapid k",
    "BRtng": "Blitz", "BGm": "Blitz games", "BK": "Blitz k",
}  # fmt: skip
_XML_FIELDS = {"Standard": ("rating", "k"), "Rapid": ("rapid_rating", "rapid_k"),
               "Blitz": ("blitz_rating", "blitz_k")}  # fmt: skip
_SEXES = {"M": "m", "F": "w", "W": "w"}
_OLD_TITLES = {"G": "GM", "WG": "WGM", "M": "IM", "WM": "WIM", "F": "FM", "WF": "WFM",
               "C": "CM", "WC": "WCM"}  # fmt: skip


def _title(open_title: str, woman_title: str) -> str:
    for value in (open_title, woman_title):
        value = value.strip()
        if value:
            return _OLD_TITLES.get(value.upper(), normalise_title(value))
    return ""


def _txt_columns(header: str) -> dict[str, tuple[int, int | None]]:
    """Each field's slice, from where its label starts to where the next one does."""
    starts: list[tuple[int, str]] = []
    for match in re.finditer(r"ID Number|\S+", header):
        label = match.group()
        field = _TXT_FIELDS.get(label)
        if field is None and re.fullmatch(r"[A-Za-z]{3}\d\d", label):
            field = "rating"  # the month the list is of: JAN23
        starts.append((match.start(), field or label))
    columns: dict[str, tuple[int, int | None]] = {}
    for i, (start, field) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else None
        columns[field] = (start, end)
    return columns


def _number(value: str, line: int, what: str, columns: str, problems: Problems) -> int | None:
    value = value.strip()
    if not value:
        return None
    if not value.isdigit():
        problems.append(
            RatingListError(
                f"{what} {value!r} is not a whole number ({columns})", Location(line=line)
            )
        )
        return None
    return int(value)


def _k(value: int | None, line: int, columns: str, problems: Problems) -> int | None:
    if value is not None and value not in K_VALUES:
        problems.append(
            RatingListError(
                f"K {value} is not one of FIDE's values 40, 20 or 10 ({columns})",
                Location(line=line),
            )
        )
        return None
    return value


def _span(columns: tuple[int, int | None]) -> str:
    start, end = columns
    return f"columns {start + 1}-{end}" if end else f"columns {start + 1}-"


def _scan_txt(
    lines: Iterator[tuple[int, bytes]], header: str, wanted: Collection[int], kind: str
) -> tuple[dict[int, ListedPlayer], int, Problems]:
    columns = _txt_columns(header)
    combined = "Standard" in columns
    rating_field = kind if combined else "rating"
    k_field = f"{kind} k" if combined else "k"
    needed = ("id", "name", rating_field, k_field)
    missing = [f for f in needed if f not in columns]
    if missing:
        raise RatingListError(
            f"the header has no column for {', '.join(missing)}: not one of FIDE's TXT lists",
            Location(line=1),
        )
    id_end = columns["id"][1]
    found: dict[int, ListedPlayer] = {}
    problems = Problems()
    count = 0

    def cut(text: str, field: str) -> str:
        if field not in columns:
            return ""
        start, end = columns[field]
        return text[start:end]

    for number, raw in lines:
        head = raw[:id_end].strip()
        if not head:
            continue
        count += 1
        if not head.isdigit() or int(head) not in wanted:
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        fide_id = int(head)
        rating = _number(cut(text, rating_field), number, "rating", _span(columns[rating_field]),
                         problems)  # fmt: skip
        rating, rating_from = _effective(rating, kind, combined and cut(text, "Standard"))
        every = {k: _whole(cut(text, k)) for k in RATING_KINDS} if combined else {}
        k_span = _span(columns[k_field])
        k = _k(_number(cut(text, k_field), number, "K", k_span, problems), number, k_span, problems)
        birth = cut(text, "birth").strip()
        player = ListedPlayer(
            fide_id=fide_id,
            name=" ".join(cut(text, "name").split()),
            federation=cut(text, "fed").strip().upper(),
            sex=_SEXES.get(cut(text, "sex").strip().upper(), ""),
            title=_title(cut(text, "title"), cut(text, "w_title")),
            rating=rating or None,
            k=k,
            birth_year=int(birth) if birth.isdigit() and int(birth) > 0 else None,
            line=number,
            rating_from=rating_from,
            ratings=every,
        )
        _keep(found, player, problems)
    return found, count, problems


def _whole(text: str) -> int | None:
    """A rating of another list, lenient: what is not a positive whole number is unrated."""
    text = text.strip()
    return int(text) if text.isdigit() and int(text) else None


def _effective(rating: int | None, kind: str, standard: str | bool) -> tuple[int | None, str]:
    """The rating of the list asked for, or, for a rapid or blitz list, the player's standard
    rating when he has none on it: B.02 (2024) 7.2.1, "If an unrated player has a standard
    rating at the beginning of a rapid or blitz tournament, their standard rating is used for
    rating calculation". ``standard``: the standard rating as the list writes it (a combined
    list), else empty."""
    text = standard.strip() if isinstance(standard, str) else ""
    if kind == "Standard" or rating or not text.isdigit() or not int(text):
        return rating, ""
    return int(text), "Standard"


def _keep(found: dict[int, ListedPlayer], player: ListedPlayer, problems: Problems) -> None:
    earlier = found.get(player.fide_id)
    if earlier is not None:
        problems.append(
            RatingListError(
                f"FIDE ID {player.fide_id} is listed twice (also on line {earlier.line}): "
                "which rating is right cannot be told",
                Location(line=player.line),
            )
        )
        return
    found[player.fide_id] = player


_PLAYER, _END = b"<player>", b"</player>"
_FIDE_ID = re.compile(rb"<fideid>\s*(\d*)\s*</fideid>")


def _player_blocks(stream: IO[bytes]) -> Iterator[tuple[int, bytes]]:
    """Every ``<player>...</player>`` of the file with the line it starts on, read in 1 MB
    chunks. A DTD or an entity declaration is refused before anything is read (FIDE's lists
    have none; they are how XML attacks begin), and so is a ``<player>`` never closed."""
    buffer, line, first = b"", 1, True
    while True:
        chunk = stream.read(1 << 20)
        if first:
            head = chunk[:4096]
            if b"<!DOCTYPE" in head or b"<!ENTITY" in head:
                raise RatingListError(
                    "not one of FIDE's XML rating lists: it declares a DTD or entities, which "
                    "ratingbook refuses",
                    Location(line=1),
                )
            if b"<playerslist" not in head:
                raise RatingListError(
                    "not one of FIDE's XML rating lists: no <playerslist> at its start",
                    Location(line=1),
                )
            first = False
        buffer += chunk
        position = counted = 0
        while True:
            start = buffer.find(_PLAYER, position)
            end = buffer.find(_END, start) if start >= 0 else -1
            if end < 0:
                break
            line += buffer.count(b"\n", counted, start)
            counted = position = end + len(_END)
            block = buffer[start:position]
            yield line, block
            line += block.count(b"\n")
        line += buffer.count(b"\n", counted, position)
        buffer = buffer[position:]
        if not chunk:
            start = buffer.find(_PLAYER)
            if start >= 0:
                raise RatingListError(
                    "not one of FIDE's XML rating lists: a <player> is never closed",
                    Location(line=line + buffer.count(b"\n", 0, start)),
                )
            return


def _element(block: bytes, line: int) -> Any:
    from xml.etree.ElementTree import ParseError as XmlError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        return fromstring(block)
    except (XmlError, DefusedXmlException) as error:
        raise RatingListError(
            f"not one of FIDE's XML rating lists: {error}", Location(line=line)
        ) from error


def _scan_xml(
    stream: IO[bytes], wanted: Collection[int], kind: str
) -> tuple[dict[int, ListedPlayer], int, Problems]:
    """Only the players asked for are parsed (with defusedxml); the others are counted."""
    rating_tag, k_tag = _XML_FIELDS[kind]
    found: dict[int, ListedPlayer] = {}
    problems = Problems()
    count = 0
    for line, block in _player_blocks(stream):
        count += 1
        match = _FIDE_ID.search(block)
        if match is None or not match.group(1) or int(match.group(1)) not in wanted:
            continue
        values = {child.tag: (child.text or "").strip() for child in _element(block, line)}
        head = values.get("fideid", "")
        rating = _number(values.get(rating_tag, ""), line, "rating", f"<{rating_tag}>", problems)
        standard = values.get("rating", "") if rating_tag != "rating" else ""
        rating, rating_from = _effective(rating, kind, standard)
        tags = {k: _XML_FIELDS[k][0] for k in RATING_KINDS}
        every = {k: _whole(values.get(t, "")) for k, t in tags.items()} if len(
            [t for t in tags.values() if t in values]
        ) == len(tags) else {}  # fmt: skip
        k_where = f"<{k_tag}>"
        k = _k(_number(values.get(k_tag, ""), line, "K", k_where, problems), line, k_where,
               problems)  # fmt: skip
        birth = values.get("birthday", "")
        player = ListedPlayer(
            fide_id=int(head),
            name=" ".join(values.get("name", "").split()),
            federation=values.get("country", "").upper(),
            sex=_SEXES.get(values.get("sex", "").upper(), ""),
            title=_title(values.get("title", ""), values.get("w_title", "")),
            rating=rating or None,
            k=k,
            birth_year=int(birth[:4]) if birth[:4].isdigit() and int(birth[:4]) > 0 else None,
            line=line,
            rating_from=rating_from,
            ratings=every,
        )
        _keep(found, player, problems)
    return found, count, problems


class _Rejoined(io.RawIOBase):
    """The bytes already read from a stream, then the rest of it: a stream read once."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self._head, self._rest = head, rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            size = min(len(buffer), len(self._head))
            buffer[:size], self._head = self._head[:size], self._head[size:]
            return size
        data = self._rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def lists_held(name: str, combined: bool) -> tuple[str, ...]:
    """Which of FIDE's three lists a file holds: all three when it is a combined list (its TXT
    header has ``SRtng``; FIDE names it ``players_list...``), else the one its name gives, as
    FIDE names its downloads (``standard_rating_list``, ``rapid_...``, ``blitz_...``, or a name
    beginning with the kind), else none known.

    >>> lists_held("rapid_rating_list.zip", False), lists_held("x.txt", False)
    (('Rapid',), ())
    """
    base = name.rsplit("/", 1)[-1].casefold()
    if combined or base.startswith("players_list"):
        return RATING_KINDS
    return tuple(k for k in RATING_KINDS if base.startswith(k.casefold()))[:1]


def _checked_list(held: tuple[str, ...], kind: str, name: str) -> None:
    """A single list read for another kind of rating is refused: its ratings are not the ones
    asked for (a standard list read as the rapid ratings would rate a rapid event wrongly)."""
    if len(held) == 1 and held[0] != kind:
        raise RatingListError(
            f"{name!r} is FIDE's {held[0].lower()} list (its name says so); the update asks for "
            f"the {kind.lower()} ratings: give the {kind.lower()} list, or FIDE's combined list "
            f"(players_list.zip, all three), or ask for the {held[0].lower()} ratings"
        )


def scan_rating_list(
    stream: IO[bytes], wanted: Collection[int], kind: str, name: str = ""
) -> RatingListScan:
    """The ``wanted`` FIDE IDs' entries of the list in ``stream`` (TXT or XML, found from its
    first line), for the ``kind`` of rating (Standard, Rapid or Blitz); ``name``: the file's
    name, which says which list a single list is (:func:`lists_held`). Every problem with a
    wanted player's line is reported at once (:class:`~ratingbook.errors.InputErrors`)."""
    if kind not in RATING_KINDS:
        raise RatingListError(f"rating list {kind!r}: expected {', '.join(RATING_KINDS)}")
    head = stream.read(512)
    buffered = io.BufferedReader(_Rejoined(head, stream), buffer_size=1 << 16)
    start = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if start.startswith(b"<"):
        held = lists_held(name, False)
        _checked_list(held, kind, name)
        found, count, problems = _scan_xml(buffered, wanted, kind)
        problems.check()
        if any(p.ratings for p in found.values()):  # a wanted player's combined fields
            held = RATING_KINDS
        return RatingListScan(found, "XML", count, lists=held)
    lines = enumerate((raw.rstrip(b"\r\n") for raw in buffered), start=1)
    first = next(lines, (1, b""))
    header = first[1].lstrip(b"\xef\xbb\xbf").decode("latin-1")
    if not header.startswith("ID Number"):
        raise RatingListError(
            "not one of FIDE's rating lists: expected the TXT header 'ID Number  Name  Fed ...' "
            f"or an XML <playerslist>, found {header[:40]!r}",
            Location(line=1),
        )
    combined = "SRtng" in header
    held = lists_held(name, combined)
    _checked_list(held, kind, name)
    found, count, problems = _scan_txt(lines, header, wanted, kind)
    problems.check()
    month = next((m for m in re.findall(r"\b[A-Za-z]{3}\d\d\b", header)), "").upper()
    return RatingListScan(found, "TXT (combined)" if combined else "TXT", count, month, held)
