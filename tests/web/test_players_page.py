"""``players.html`` shows no column that is empty in every row (issue 34, user test ut43see: a
Title column with no title in it): Title, Federation and FIDE ID each where some player has
one; number, name and rating always."""

from __future__ import annotations

from dataclasses import replace

from tests.helpers.browser import Tables
from tests.reports.test_consistency_views import imported

from ratingbook.web.site import render_site


def _header(event: object) -> list[str]:
    (table,) = Tables(render_site(event, "Event")["players.html"]).tables  # type: ignore[arg-type]
    return list(table["header"])  # type: ignore[call-overload]


def test_no_title_column_when_nobody_has_a_title() -> None:
    event = imported("icu_irish-junior-champs_2011.tab")
    # The event as a camp's would be: nobody titled, no federation, no FIDE ID.
    players = tuple(replace(p, title="", federation="", fide_id="") for p in event.players)
    header = _header(replace(event, players=players))
    assert header == ["No.", "Name", "Rating"], header


def test_each_column_where_some_player_has_one() -> None:
    event = imported("icu_kilkenny-masters_2011.tab")
    titled = [p for p in event.players if p.title]
    assert titled  # GM Jones and others
    header = _header(event)
    assert header[:4] == ["No.", "Name", "Rating", "Title"], header
    assert ("FIDE ID" in header) == any(p.fide_id for p in event.players)
    assert ("Federation" in header) == any(p.federation for p in event.players)
