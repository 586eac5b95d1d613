"""Tests for :mod:`ratingbook.reports.norm_grids`, :mod:`ratingbook.reports.prize_grids` and
:mod:`ratingbook.reports.contender_grids`: a GM norm made in a hand-built 9-round event (the
norm of tests/fide/test_norms.py: Ra 2400, 7/9, Rp 2620) with its IT1 data, and the grids'
shape (one page wide: at most 6 columns)."""

from __future__ import annotations

import datetime as dt

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.norm_event import event_norms
from ratingbook.reports.norm_grids import certificate, norm_grid, norm_lines

OPPONENTS = [  # name, rating, title, federation, result for Perez (as White)
    ("Gerber", 2600, "GM", "GER", Result.WHITE_WINS),
    ("Fournier", 2550, "GM", "FRA", Result.DRAW),
    ("de Vries", 2500, "GM", "NED", Result.DRAW),
    ("Alonso", 2450, "IM", "ESP", Result.WHITE_WINS),
    ("Blanco", 2400, "IM", "ESP", Result.WHITE_WINS),
    ("Rossi", 2350, "FM", "ITA", Result.WHITE_WINS),
    ("Bianchi", 2300, "FM", "ITA", Result.WHITE_WINS),
    ("Castro", 2250, "", "ESP", Result.WHITE_WINS),
    ("Smith", 2150, "", "ENG", Result.BLACK_WINS),
]


def norm_event() -> SwissEvent:
    players = (
        SwissPlayer("Perez", 2420, 2200000, "IM", "ESP", "2004", "M"),
        *(SwissPlayer(n, r, 100 + i, t, f) for i, (n, r, t, f, _) in enumerate(OPPONENTS)),
    )
    entries = tuple(
        SwissEntry(i + 1, 1, "Perez", n, res) for i, (n, _, _, _, res) in enumerate(OPPONENTS)
    )
    settings = SwissSettings(
        rounds=9,
        start_date=dt.date(2026, 7, 1),
        end_date=dt.date(2026, 7, 9),
        event_name="Summer Open",
        city="Bilbao",
        federation="ESP",
        chief_arbiter="IA Jon Arana",
        time_control="90 min + 30 s",
        rated="Standard",
    )
    return SwissEvent(players, entries, settings)


def test_gm_norm_certificate_data() -> None:
    """Perez scores 1+½+½+1+1+1+1+1+0 = 7 of 9 against an average of 2400 (Smith's 2150
    raised to the floor 2200): Rp 2400 + 220 = 2620, a GM norm."""
    event = norm_event()
    norms = event_norms(event)
    made = list(norms.norms)
    assert [(c.player.name, c.check.title) for c in made] == [("Perez", "GM")]
    fields = dict(certificate(event, made[0]))
    assert fields["Title of norm"] == "GM"
    assert fields["Games counted"] == "9"
    assert fields["Score"] == "7 / 9"
    assert fields["Average rating of opponents (Ra)"] == "2400"
    assert fields["Opponent raised to the rating floor"] == "Smith"
    assert fields["Performance (Rp)"] == "2620"
    assert fields["Dates"] == "2026-07-01 - 2026-07-09"
    assert fields["Round 9"] == "Smith ENG 2150: 0"
    lines = norm_lines(event, norms)
    assert "Perez (IM, ESP): GM norm: NORM" in lines
    grid = norm_grid(event, norms)
    assert len(grid.header) <= 6 and grid.note.startswith("1 norm")


def test_norm_games_and_norm_exemption_settings() -> None:
    """Norm Games 7 and the first 7 rounds only: 7 games count (7 >= 7). Norm Exemption
    'national championship': the federation requirement is exempt, as typed."""
    from dataclasses import replace

    event = norm_event()
    settings = replace(
        event.settings,
        end_of_event={"Norm Games": 7, "Norm Exemption": "national championship"},
    )
    event = replace(event, entries=event.entries[:7], settings=settings)
    check = next(c for c in event_norms(event).checks if c.player.name == "Perez")
    by_name = {r.name: r for r in check.check.requirements}
    assert by_name["games (1.4.1-1.4.2)"].holds is True
    assert by_name["games (1.4.1-1.4.2)"].needed == "at least 7"
    assert by_name["federations (1.4.3)"].figure == (
        "exempt: national championship (as Norm Exemption says)"
    )


def test_a_bad_norm_games_setting_names_its_cell() -> None:
    from dataclasses import replace

    import pytest

    from ratingbook.errors import Location, RatingbookError

    event = norm_event()
    settings = replace(
        event.settings,
        end_of_event={"Norm Games": "nine"},
        places={"Norm Games": Location("Swiss Settings", 12)},
    )
    with pytest.raises(RatingbookError, match=r"sheet 'Swiss Settings', row 12.*'nine'"):
        event_norms(replace(event, settings=settings))
