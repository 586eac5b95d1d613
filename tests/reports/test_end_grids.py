"""Tests for :mod:`ratingbook.reports.norm_grids`, :mod:`ratingbook.reports.prize_grids` and
:mod:`ratingbook.reports.contender_grids`: a GM norm made in a hand-built 9-round event (the
norm of tests/fide/test_norms.py: Ra 2400, 7/9, Rp 2620) with its IT1 data, and the grids'
shape (one page wide: at most 6 columns)."""

from __future__ import annotations

import datetime as dt

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.rules.norm_event import event_norms
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
    assert by_name["federations (1.4.3-1.4.4)"].figure == (
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


def test_a_pairing_bye_lets_eight_games_count_as_nine() -> None:
    """Perez meets the first eight opponents, with a pairing-allocated bye in round 5 (no
    Smith): 1+½+½+1 + 1+1+1+1 = 7/8 = 87.5% -> 88% -> dp 336; 19400 / 8 = 2425, nobody
    below the floor: Rp 2761. 1.4.1c: the 8 games count as a 9-game norm."""
    from dataclasses import replace

    event = norm_event()
    games = [e for e in event.entries if e.black != "Smith"]
    entries = [replace(e, round=e.round + (e.round > 4)) for e in games]
    entries.append(SwissEntry(5, None, "Perez", None, Result.PAIRING_BYE))
    event = replace(event, entries=tuple(entries))
    made = [c for c in event_norms(event).norms if c.player.name == "Perez"]
    assert [c.check.title for c in made] == ["GM"]
    check = made[0].check
    assert (check.games, check.average, check.performance, check.counts_as) == (8, 2425, 2761, 9)
    fields = dict(certificate(event, made[0]))
    assert fields["Norm counts as (games)"] == "9"
    assert fields["How the games were chosen"].startswith(
        "1.4.1c: 8 games and a pairing-allocated bye in round 5 count as 9"
    )
    lines = norm_lines(event, event_norms(event))
    assert "    games chosen: " + fields["How the games were chosen"] in lines
    assert "Round 5" not in fields  # a bye is no game: no row


def test_a_non_fide_federation_is_not_counted() -> None:
    """Smith's federation XYZ listed in Non-FIDE Federations: the round-9 game is not counted
    (1.4.2a), 8 games remain, too few for 9 rounds without a bye or forfeit win."""
    from dataclasses import replace

    event = norm_event()
    players = tuple(replace(p, federation="XYZ") if p.name == "Smith" else p for p in event.players)
    settings = replace(event.settings, end_of_event={"Non-FIDE Federations": "xyz, ABC"})
    event = replace(event, players=players, settings=settings)
    check = next(c for c in event_norms(event).checks if c.player.name == "Perez")
    assert check.check.games == 8 and check.check.norm is False
    assert [g.why for g in check.games if not g.counted] == [
        "opponent's federation not in FIDE (1.4.2a)"
    ]


def test_a_round_robin_leaves_out_an_unrated_player_who_scored_nothing_against_rated() -> None:
    """A 4-player round robin: Zed (unrated) loses to A and B and draws with the unrated Yan.
    Zed scored nothing against the rated players, so no game against him is counted, Yan's
    included (1.4.2b); Yan drew with both rated players, so the games against Yan count."""
    players = (
        SwissPlayer("A", 2300, 1, "FM", "ESP"),
        SwissPlayer("B", 2250, 2, "", "FRA"),
        SwissPlayer("Zed", None, 3, "", "GER"),
        SwissPlayer("Yan", None, 4, "", "ITA"),
    )
    entries = (
        SwissEntry(1, 1, "A", "Zed", Result.WHITE_WINS),
        SwissEntry(1, 2, "B", "Yan", Result.DRAW),
        SwissEntry(2, 1, "Zed", "B", Result.BLACK_WINS),
        SwissEntry(2, 2, "Yan", "A", Result.DRAW),
        SwissEntry(3, 1, "A", "B", Result.DRAW),
        SwissEntry(3, 2, "Zed", "Yan", Result.DRAW),
    )
    settings = SwissSettings(rated="Standard", pairing="Round Robin")
    norms = event_norms(SwissEvent(players, entries, settings))
    counted = {
        c.player.name: [g.opponent for g in c.games if g.counted]
        for c in norms.checks
        if c.check.title == "GM"
    }
    assert counted == {
        "A": ["Yan", "B"],
        "B": ["Yan", "A"],
        "Zed": ["A", "B", "Yan"],
        "Yan": ["B", "A"],
    }


def test_the_norms_sentences_print_across_the_table() -> None:
    """Issue 34: the Norms report's sentences (what could not be checked, the players out of
    reach, each certificate's heading) stood in the narrow Player column, wrapped there into
    a tall row of blank cells beside them. Each is a sentence row, printed across the table
    (as the Prize List's ties), and the Player column no longer wraps: it holds names."""
    event = norm_event()
    grid = norm_grid(event, event_norms(event))
    alone = {
        i for i, r in enumerate(grid.rows) if r[0] is not None and all(v is None for v in r[1:])
    }
    assert "Norm report (IT1): Perez, GM" in [grid.rows[i][0] for i in alone]
    assert grid.sentences == alone
    assert 0 not in grid.wrapped


def test_who_cannot_win_is_a_sentence_below_the_table_and_every_row_names_its_player() -> None:
    """Issue 34: the line on who cannot finish first stood in the table's last column beside an
    empty Name (the published page was about 1,650 px wide at 1,280), and a scenario's further
    conditions had no name (a row on the next page, or on a page of its own printed across,
    said nobody's condition). Now each table row names its player; the line is a sentence
    row below the table, printed across it (as the Prize List's ties)."""
    from fractions import Fraction

    from ratingbook.events.contenders import Contender
    from ratingbook.reports.contender_grids import contender_grid, not_shown_grid

    found = [
        Contender("Kosten", Fraction(3), Fraction(4), True, True, "Kosten wins",
                  ("Kosten beats Berg, and Adams and Cole draw", "Kosten draws with Berg")),
        Contender.cannot("Femke", 1, 4, 2, "Erik has 3"),
        Contender.cannot("Bob", 1, 4, 2, "Erik has 3"),
    ]  # fmt: skip
    grid = contender_grid(4, found)
    table = [r for i, r in enumerate(grid.rows) if i not in grid.sentences]
    assert [r[0] for r in table] == ["Kosten"] * 3
    assert [r[4] for r in table] == [
        "Kosten beats Berg", "and Adams and Cole draw", "or: Kosten draws with Berg"
    ]  # fmt: skip
    (below,) = sorted(grid.sentences)
    assert below == len(grid.rows) - 1
    assert str(grid.rows[below][0]).startswith("2 players cannot finish first (e.g. Femke")
    assert grid.rows[below][1:] == [None] * 4
    shown = not_shown_grid("who can still win is shown in the last three rounds")
    assert shown.sentences == {0} and shown.rows[0][1:] == [None] * 4
