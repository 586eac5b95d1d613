"""The name a season gives an event it adds: the one rule, so the officer can tell every event
of the list apart in its sheets (List Games tells events by name; Rating Changes, List History
and Series Notes show it).

This module alone decides it (:func:`names_apart`):

- an event is named by its source's own title: a TRF's 012 line, a book's ``Event`` setting,
  a PGN's ``Event`` tag; a source without one by its file (an Elo book: ``Elo book elo.xlsx``;
  a camp ladder: ``Camp ladder camp.xlsx``; a TRF or a book with no title: its file's name
  without the ending);
- a title that repeats another event's (one of the list's, or another of the same addition:
  three sections of one weekend whose TRFs all say ``Bunratty 2011``; or a list's event
  already named apart from it, ``Bunratty 2011 (Masters)``) takes the words of its
  file's name that tell it apart: those neither in the title nor in the files of the events
  it repeats (``icu_bunratty-masters_2011.tab`` beside ``icu_bunratty-challengers_2011.tab``:
  ``Bunratty 2011 (Masters)``), a word in lower case given its capital; with no such word, the
  file's whole name; should that repeat a name too, a number (``(2)``, ``(3)``);
- the officer's own name (``season add --name``) is taken as typed, and refused when the
  list already has an event by that name (:func:`chosen_name`), or when the addition only
  continues one of the list's events by new rounds (it keeps the list's name).

:func:`name_addition` names an addition's new events so, before the list is rated.

A name is chosen once, when the event is added, and kept in the list: the same event added
again is recognised by its fingerprint, whatever it is called, and an event continued by new
rounds keeps the list's name for it. Names are compared without regard to letter case, as the
list reads them. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import PurePath

from ratingbook.season.adding import Addition
from ratingbook.season.model import SeasonError, SeasonEvent

__all__ = ["book_title", "chosen_name", "name_addition", "names_apart"]

#: A word of a name: a run of letters, or of digits (``blitz2`` is ``blitz`` and ``2``).
_WORD = re.compile(r"[^\W\d_]+|\d+")


def book_title(kind: str, file: str) -> str:
    """The name of an event from a book that holds no title of its own (an Elo book, a camp
    ladder): what it is and its file, ``Elo book elo.xlsx``."""
    return f"{kind} {PurePath(file).name}"


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def _stem(event: SeasonEvent) -> str:
    return PurePath(event.source.file).stem


def _told_apart(event: SeasonEvent, others: Sequence[SeasonEvent]) -> str:
    """The words of ``event``'s file name that neither its title nor the files of ``others``
    (the events whose title it repeats) hold; the file's whole name when there are none."""
    known = {w.casefold() for w in _words(event.name)}
    for other in others:
        known |= {w.casefold() for w in _words(_stem(other))}
    own = [w for w in _words(_stem(event)) if w.casefold() not in known]
    if not own:
        return _stem(event)
    return " ".join(w[:1].upper() + w[1:] if w.islower() else w for w in own)


def names_apart(held: Sequence[SeasonEvent], new: Sequence[SeasonEvent]) -> list[SeasonEvent]:
    """``new`` (the events an addition adds), each named apart from the list's events
    (``held``) and from each other by the module text's rule."""
    taken = {e.name.casefold() for e in held}
    named: list[SeasonEvent] = []
    for event in new:
        title = event.name.casefold()
        alike = [e for e in new if e is not event and e.name.casefold() == title]
        repeated = [
            e
            for e in held
            if e.name.casefold() == title or e.name.casefold().startswith(f"{title} (")
        ]
        name = event.name
        if alike or repeated:
            name = f"{event.name} ({_told_apart(event, [*alike, *repeated])})"
        base, n = name, 1
        while name.casefold() in taken:
            n += 1
            name = f"{base} ({n})"
        taken.add(name.casefold())
        named.append(replace(event, name=name))
    return named


def chosen_name(held: Sequence[SeasonEvent], new: Sequence[SeasonEvent], name: str) -> SeasonEvent:
    """The one event of ``new`` named ``name`` as the officer typed it (``season add
    --name``); an error when the sources hold more than one event, or when the list already
    has an event by that name."""
    name = name.strip()
    if len(new) != 1:
        files = ", ".join(dict.fromkeys(e.source.file for e in new))
        raise SeasonError(
            f"--name names one event, and the sources hold {len(new)} ({files}): add them one "
            "at a time, each with its --name"
        )
    if not name:
        raise SeasonError("--name is empty: give the event's name")
    same = next((e for e in held if e.name.casefold() == name.casefold()), None)
    if same is not None:
        raise SeasonError(
            f"the list already has an event named {same.name!r} ({same.source.describe()}): "
            "give --name another name",
            new[0].source,
        )
    return replace(new[0], name=name)


def name_addition(addition: Addition, held: Sequence[SeasonEvent], name: str = "") -> Addition:
    """``addition`` with its new events named: ``name`` (the officer's, :func:`chosen_name`),
    else each apart from the list's events (``held``) and each other (:func:`names_apart`)."""
    fresh = [e for e in addition.season.events if e.id in addition.added]
    if name and addition.continued:
        into = addition.continued[0].into
        raise SeasonError(
            f"--name: {into.name!r} is already in the list, and this adds its new rounds "
            "under that name (to rename an event, see the rating officer's guide)",
            addition.continued[0].event.source,
        )
    renamed = [chosen_name(held, fresh, name)] if name else names_apart(held, fresh)
    by_id = {e.id: e for e in renamed}
    season = addition.season
    season = replace(season, events=tuple(by_id.get(e.id, e) for e in season.events))
    return replace(addition, season=season)
