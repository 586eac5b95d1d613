"""The tie-breaks of C.07's 2026 edition (issue #37, VCL questions 89-105 and 197-216 as
Sharly-Chess quotes them): the new codes and their spellings, the round-robin set, the
drawing of lots, unrated players and the players the standings leave out.

Expected values are worked out by hand in the comments from C.07 (2026; articles as FIDE's
Mandatory Tie-Breaks list MTB26 numbers them: 7.6 REP, 7.7 STD, 7.8 TPN, 9.1 SB, 9.2 KS, 10.6
RTNG) and the FIDE Tournament Rules (C.06 V.4-V.5), or read by gacrux from the real TRF files
themselves; never from ratingbook's own output.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import replace
from fractions import Fraction

import pytest
from tests.helpers.hand_event import HAND_ENTRIES, HAND_PLAYERS
from tests.helpers.sheet_rows import rows

from ratingbook.core.results import Result as R
from ratingbook.core.tables import Row
from ratingbook.errors import Location, RatingbookError
from ratingbook.events.codes import Scoring, parse_tiebreaks, tiebreak_list
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.gacrux import fide_standings
from ratingbook.workbook.sheets.event_rows import player_cells, read_player
from ratingbook.workbook.sheets.settings_rows import read_settings

START = dt.date(2026, 4, 1)


def hand_event(scoring: Scoring | None = None) -> SwissEvent:
    settings = SwissSettings(rounds=3, start_date=START, scoring=scoring or Scoring())
    return SwissEvent(HAND_PLAYERS, HAND_ENTRIES, settings)


def values(standings, codes) -> dict[str, dict[str, object]]:
    return {line.name: dict(zip(codes, line.values, strict=True)) for line in standings.lines}


# --- the codes and their spellings (one home: ratingbook.events.codes) ---------------------------


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("STD", "STD"),
        ("rtng", "RTNG"),
        ("RTNG/R", "RTNG/R"),
        ("rtng-r", "RTNG/R"),
        ("TPN", "TPN"),
        ("TPN#R", "TPN/R"),
        ("SNO", "TPN"),  # gacrux's name for the start number
        ("REP", "REP"),
        ("GE", "REP"),  # REP's name in the 2024 edition (C.07 2024 art. 7.5)
        ("KS", "KS"),
        ("KS/L1", "KS/L+1"),  # the limit moved by half points (MTB26: /L±n)
        ("KS/L+2", "KS/L+2"),
        ("ks/l-1", "KS/L-1"),
        ("SB/C2", "SB/C2"),
        ("LOT", "RND"),
    ],
)
def test_every_spelling_of_a_2026_code_is_read_as_the_code(typed, code):
    assert parse_tiebreaks(typed) == (code,)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("BH/R", "tie-break BH takes no reverse modifier"),
        ("WIN/L1", "tie-break WIN takes no limit modifier"),
        ("STD/C1", "tie-break STD takes no cut or median modifier"),
        ("GE REP", "tie-break REP is listed twice"),
    ],
)
def test_a_modifier_a_code_does_not_take_names_the_cell(typed, message):
    settings = rows("Swiss Settings", ("Setting", "Value"), ("Tie-breaks", typed))
    with pytest.raises(RatingbookError) as caught:
        read_settings(settings)
    assert message in str(caught.value) and "Swiss Settings" in str(caught.value)


def test_a_trf_list_keeps_the_codes_it_knows_and_names_the_others():
    """TRF-2026 record 212: PTS first, then the codes; a code ratingbook does not know is named."""
    assert tiebreak_list("PTS,BH/C1,GE,KS/L1,OTHER_X,TPN/R") == (
        ("BH/C1", "REP", "KS/L+1", "TPN/R"),
        ("OTHER_X",),
    )


# --- round robins: the Buchholz family neither offered nor accepted ----------------------------


ROUND_ROBIN_SET = "DE BPG BWG REP STD SB SB/C1 SB/C2 RTNG RTNG/R WIN TPN TPN/R KS KS/L1 KS/L2 "
ROUND_ROBIN_SET += "KS/L-1 KS/L-2"


def test_a_round_robin_accepts_every_round_robin_tiebreak_of_the_checklist():
    """VCL question 104: DE, BPG, BWG, REP, STD, SB, SB/C1, SB/C2, RTNG, RTNG/R, WIN, TPN,
    TPN/R, KS, KS/L1, KS/L2, KS/L-1, KS/L-2."""
    settings = read_settings(
        rows(
            "Swiss Settings",
            ("Setting", "Value"),
            ("Pairing", "Round Robin"),
            ("Tie-breaks", ROUND_ROBIN_SET),
        )
    )
    assert len(settings.tiebreaks) == 18


@pytest.mark.parametrize("code", ["BH", "BH/C1", "FB", "AOB", "fb/m1"])
def test_a_round_robin_refuses_the_buchholz_family_naming_the_cell(code):
    """VCL question 105: Buchholz, fore-Buchholz and AOB cannot be chosen in a round robin; the
    error names the cell and offers only the round robin's codes (they are hidden, not greyed)."""
    settings = rows(
        "Swiss Settings",
        ("Setting", "Value"),
        ("Pairing", "Round Robin"),
        ("Tie-breaks", f"DE {code}"),
    )
    with pytest.raises(RatingbookError) as caught:
        read_settings(settings)
    said = str(caught.value)
    assert "Swiss Settings" in said and "row 3" in said and "is for Swiss events" in said
    offered = said.split("lists among ")[1].split(", ")
    assert "SB" in offered and not {"BH", "FB", "AOB"} & set(offered)
    # The same list in a Swiss is accepted.
    swiss = rows("Swiss Settings", ("Setting", "Value"), ("Tie-breaks", f"DE {code}"))
    assert len(read_settings(swiss).tiebreaks) == 2


def test_a_round_robin_trf_drops_a_buchholz_code_with_a_warning():
    from ratingbook.trf.importer import import_trf

    text = "\n".join(
        [
            "012 Club RR",
            "042 2026/04/01",
            "192 FIDE_ROUNDROBIN",
            "212 PTS,BH,SB,DE",
            f"001    1      {'A':<34}2000{'':<29}1.0    1     2 w 1",
            f"001    2      {'B':<34}1900{'':<29}0.0    2     1 b 0",
        ]
    )
    done = import_trf(text)
    assert done.event.settings.round_robin
    assert done.event.settings.tiebreaks == ("SB", "DE")
    assert any("tie-break BH" in w and "not used" in w for w in done.warnings)


# --- the 2026 codes, worked by hand -----------------------------------------------------------

# The hand event (tests/helpers/hand_event.py), start numbers by rating: A1 B2 C3 D4 E5.
#   R1: A-B 1-0, C-D ½-½, E PAB. R2: A-D +/-, B-E 0-1, C HPB. R3: A-C 1-0, B-D ½-½, E out.
# STD (7.7): each round 1 / ½ / 0 as a win, draw or loss whatever the points system; the PAB
# and the forfeit win are wins, the HPB a draw: A 3, B ½, C 1, D 1, E 2.
# REP (7.6): the rounds one elected to play: games played, forfeit wins and the PAB; not the
# HPB, the forfeit loss or the rounds after withdrawing: A 3, B 3, C 2, D 2, E 2.
HAND_2026 = {
    "A": {"STD": 3, "REP": 3, "RTNG": 2000, "TPN": 1},
    "B": {"STD": 0.5, "REP": 3, "RTNG": 1900, "TPN": 2},
    "C": {"STD": 1, "REP": 2, "RTNG": 1800, "TPN": 3},
    "D": {"STD": 1, "REP": 2, "RTNG": 1700, "TPN": 4},
    "E": {"STD": 2, "REP": 2, "RTNG": 1600, "TPN": 5},
}


@pytest.mark.parametrize("scoring", [Scoring(), Scoring(Fraction(3), Fraction(1), Fraction(3))])
def test_std_rep_rtng_and_tpn_equal_the_hand_values_in_any_points_system(scoring):
    """STD counts standard points also when a win is worth 3: with 3-1-0 the points are A 9,
    E 6, C 2, D 2, B 1, but STD stays A 3, E 2, C 1, D 1, B ½."""
    codes = ("STD", "REP", "RTNG", "TPN")
    got = values(fide_standings(hand_event(scoring), codes), codes)
    for name, expected in HAND_2026.items():
        for code, value in expected.items():
            assert got[name][code] == pytest.approx(value), (name, code)


@pytest.mark.parametrize(
    ("codes", "first"),
    [
        (("TPN",), "C"),  # start number 3 before 4 (7.8: the lower first)
        (("TPN/R",), "D"),  # reversed: 4 before 3
        (("RTNG",), "C"),  # 1800 before 1700 (10.6: the higher first)
        (("RTNG/R",), "D"),  # reversed: 1700 before 1800
        (("GE",), "C"),  # REP 2 = 2: tied, C first by start number
    ],
)
def test_both_directions_of_tpn_and_rtng_split_the_tie_of_c_and_d(codes, first):
    """C and D both have 1 point; each direction puts the other first."""
    standings = fide_standings(hand_event(), parse_tiebreaks(" ".join(codes)))
    order = [line.name for line in standings.lines]
    assert order[2] == first and set(order[2:4]) == {"C", "D"}


# --- the round-robin set, worked by hand ------------------------------------------------------

# A single round robin of four: P1-P2 ½-½, P1-P3 1-0, P1-P4 1-0, P2-P3 1-0, P2-P4 ½-½,
# P3-P4 1-0. Points: P1 2.5, P2 2, P3 1, P4 ½.
RR_PLAYERS = tuple(SwissPlayer(f"P{i}", 2100 - 100 * i) for i in range(1, 5))
RR_ENTRIES = (
    SwissEntry(1, 1, "P1", "P4", R.WHITE_WINS),
    SwissEntry(1, 2, "P2", "P3", R.WHITE_WINS),
    SwissEntry(2, 1, "P4", "P3", R.BLACK_WINS),
    SwissEntry(2, 2, "P1", "P2", R.DRAW),
    SwissEntry(3, 1, "P2", "P4", R.DRAW),
    SwissEntry(3, 2, "P3", "P1", R.BLACK_WINS),
)
# KS (9.2): points against opponents who scored 50 % or more (of 3 games: 1.5): P1 and P2.
#   P1: ½ (P2); P2: ½ (P1); P3: 0; P4: ½ (P2).
# KS/L-1: the limit ½ point lower, 1: P3 counts too. P1 ½ + 1 = 1.5; P2 ½ + 1 = 1.5; P3 0; P4 ½.
# KS/L+2: the limit 1 point higher, 2.5: only P1. P1 0; P2 ½; P3 0; P4 0.
# SB (9.1): P1 ½ x 2 + 1 x 1 + 1 x ½ = 2.5; P2 ½ x 2.5 + 1 x 1 + ½ x ½ = 2.5; P3 1 x ½ = 0.5;
#   P4 ½ x 2 = 1. SB/C1 (14.1) cuts the least significant value, for SB the contribution of
#   the opponent with the least score (as gacrux, FIDE's reference tool, reads it): P1 cuts
#   P4's 0.5 -> 2; P2 P4's 0.25 -> 2.25; P3 P4's 0.5 (his only win) -> 0; P4 P3's 0 -> 1.
# BPG / BWG: P1 Black in R3 (won): 1/1; P2 Black in R2: 1/0; P3 Black in R1, R2: 2/1;
#   P4 Black in R1, R3: 2/0.
RR_HAND = {
    "P1": {"KS": 0.5, "KS/L-1": 1.5, "KS/L+2": 0, "SB": 2.5, "SB/C1": 2, "BPG": 1, "BWG": 1},
    "P2": {"KS": 0.5, "KS/L-1": 1.5, "KS/L+2": 0.5, "SB": 2.5, "SB/C1": 2.25, "BPG": 1, "BWG": 0},
    "P3": {"KS": 0, "KS/L-1": 0, "KS/L+2": 0, "SB": 0.5, "SB/C1": 0, "BPG": 2, "BWG": 1},
    "P4": {"KS": 0.5, "KS/L-1": 0.5, "KS/L+2": 0, "SB": 1, "SB/C1": 1, "BPG": 2, "BWG": 0},
}


def rr_event(players=RR_PLAYERS, entries=RR_ENTRIES, **settings) -> SwissEvent:
    return SwissEvent(
        players, entries, SwissSettings(pairing="Round Robin", start_date=START, **settings)
    )


def test_the_round_robin_tiebreaks_equal_the_hand_values():
    codes = ("KS", "KS/L-1", "KS/L+2", "SB", "SB/C1", "BPG", "BWG")
    got = values(fide_standings(rr_event(), codes), codes)
    for name, expected in RR_HAND.items():
        for code, value in expected.items():
            assert got[name][code] == pytest.approx(value), (name, code)


# --- the drawing of lots ----------------------------------------------------------------------


def independent_lots(event_name: str, start: str, players) -> list[str]:
    """The lots as the docs say to draw them by hand: SHA-256 of "name|date|FIDE id" (or
    "name|date|name <name>"), the lowest digest first."""

    def digest(p: SwissPlayer) -> str:
        who = f"FIDE {p.fide_id}" if p.fide_id else f"name {p.name}"
        return hashlib.sha256(f"{event_name}|{start}|{who}".encode()).hexdigest()

    return [p.name for p in sorted(players, key=digest)]


TIED = tuple(SwissPlayer(f"T{i}", 1500, fide_id=1000 + i if i % 2 else None) for i in range(1, 7))
TIED_ENTRIES = (
    SwissEntry(1, 1, "T1", "T2", R.DRAW),
    SwissEntry(1, 2, "T3", "T4", R.DRAW),
    SwissEntry(1, 3, "T5", "T6", R.DRAW),
)


def tied_event(name: str = "Lots Open") -> SwissEvent:
    settings = SwissSettings(rounds=3, start_date=START, event_name=name)
    return SwissEvent(TIED, TIED_ENTRIES, settings)


def test_the_drawing_of_lots_follows_the_seed_of_the_event_and_repeats_identically():
    """VCL questions 204 and 206: six players tied on everything are ordered by the lots
    drawn from the event's name and date, the same every time it is drawn."""
    expected = independent_lots("Lots Open", "2026-04-01", TIED)
    for _ in range(3):
        standings = fide_standings(tied_event(), ("RND",))
        assert [line.name for line in standings.lines] == expected
        assert [line.rank for line in standings.lines] == [1, 2, 3, 4, 5, 6]
    # Without the lots the six share the first place (C.07 allows ties).
    assert {line.rank for line in fide_standings(tied_event(), ("WIN",)).lines} == {1}


def test_another_event_draws_other_lots():
    other = [
        line.name for line in fide_standings(tied_event("Lots Cup"), parse_tiebreaks("LOT")).lines
    ]
    assert other == independent_lots("Lots Cup", "2026-04-01", TIED)
    assert other != independent_lots("Lots Open", "2026-04-01", TIED)


# --- unrated players: two methods -------------------------------------------------------------

# 4 players, C unrated. R1: A-C 1-0, B-D ½-½. R2: A-B ½-½, C-D 0-1.
UNRATED = (SwissPlayer("A", 2000), SwissPlayer("B", 1800), SwissPlayer("C"), SwissPlayer("D", 1600))
UNRATED_ENTRIES = (
    SwissEntry(1, 1, "A", "C", R.WHITE_WINS),
    SwissEntry(1, 2, "B", "D", R.DRAW),
    SwissEntry(2, 1, "A", "B", R.DRAW),
    SwissEntry(2, 2, "C", "D", R.BLACK_WINS),
)


def unrated_event(value: object) -> SwissEvent:
    settings = read_settings(
        rows(
            "Swiss Settings",
            ("Setting", "Value"),
            ("Rounds", 2),
            ("Start Date", "2026-04-01"),
            ("Unrated Rating", value),
        )
    )
    return SwissEvent(UNRATED, UNRATED_ENTRIES, settings)


@pytest.mark.parametrize(
    ("value", "c_counts"),
    [
        (0, 0),  # the first method: a rating the regulations give (here 0)
        (1000, 1000),
        ("Average", 1800),  # the second: the rated players' average, (2000 + 1800 + 1600) / 3
        ("average", 1800),
    ],
)
def test_an_unrated_player_counts_as_the_setting_says_in_aro_and_rtng(value, c_counts):
    """ARO (10.1) of A: (C + B) / 2; of D: (B + C) / 2; RTNG (10.6) of C: what he counts as."""
    codes = ("ARO", "RTNG")
    got = values(fide_standings(unrated_event(value), codes), codes)
    aro = int(Fraction(c_counts + 1800, 2) + Fraction(1, 2))
    assert got["A"] == {"ARO": aro, "RTNG": 2000}
    assert got["D"]["ARO"] == aro
    assert got["C"]["RTNG"] == c_counts


def test_an_unrated_rating_that_is_no_method_names_the_cell():
    with pytest.raises(RatingbookError) as caught:
        unrated_event("Estimate")
    assert "Swiss Settings" in str(caught.value) and "Average" in str(caught.value)


# --- players the standings leave out ----------------------------------------------------------

# A round robin of six (5 rounds). P6 withdraws after two games (2 of 5: less than 50 %):
# C.06 V.4.1: his results, and those against him, do not count in the final standings.
RR6 = tuple(SwissPlayer(f"Q{i}", 2100 - 10 * i) for i in range(1, 7))


# The Berger table for six (C.05 Annex 1), White first.
BERGER_6 = (
    ((1, 6), (2, 5), (3, 4)),
    ((6, 4), (5, 3), (1, 2)),
    ((2, 6), (3, 1), (4, 5)),
    ((6, 5), (1, 4), (2, 3)),
    ((3, 6), (4, 2), (5, 1)),
)


def rr6_entries(withdrawn_after: int) -> tuple[SwissEntry, ...]:
    """Q6 wins the games he plays and forfeits those after round ``withdrawn_after``; in the
    other games the lower number wins."""
    out = []
    for rnd, pairs in enumerate(BERGER_6, start=1):
        for board, (w, b) in enumerate(pairs, start=1):
            white, black = f"Q{w}", f"Q{b}"
            if 6 in (w, b) and rnd > withdrawn_after:
                result = R.WHITE_WINS_BY_FORFEIT if b == 6 else R.BLACK_WINS_BY_FORFEIT
            elif 6 in (w, b):
                result = R.WHITE_WINS if w == 6 else R.BLACK_WINS
            else:
                result = R.WHITE_WINS if w < b else R.BLACK_WINS
            out.append(SwissEntry(rnd, board, white, black, result))
    return tuple(out)


def points_without(entries, left_out: str) -> dict[str, Fraction]:
    """The points of every other player, the games against ``left_out`` not counted."""
    points: dict[str, Fraction] = {}
    for e in entries:
        if left_out in e.players():
            continue
        w, b = Scoring().points(e.result)
        points[e.white] = points.get(e.white, Fraction(0)) + w
        points[e.black] = points.get(e.black, Fraction(0)) + b
    return points


def test_a_round_robin_player_with_under_half_his_games_is_left_out_with_his_games():
    withdrawn = replace(RR6[5], withdrawn=3)
    players = (*RR6[:5], withdrawn)
    entries = rr6_entries(2)
    standings = fide_standings(rr_event(players, entries), ("SB",))
    assert [line.name for line in standings.lines] == ["Q1", "Q2", "Q3", "Q4", "Q5"]
    assert [line.rank for line in standings.lines] == [1, 2, 3, 4, 5]
    expected = points_without(entries, "Q6")
    assert {line.name: line.points for line in standings.lines} == expected
    assert [u.name for u in standings.unranked] == ["Q6"]
    assert "2 of 5 games" in standings.unranked[0].reason
    assert "C.06 V.4.1" in standings.unranked[0].reason


def test_a_round_robin_player_with_half_or_more_of_his_games_stays_ranked_with_his_games():
    """C.06 V.4.2: three of five games completed: his score counts, and so does every game."""
    players = (*RR6[:5], replace(RR6[5], withdrawn=4))
    entries = rr6_entries(3)
    standings = fide_standings(rr_event(players, entries), ("SB",))
    assert len(standings.lines) == 6 and standings.unranked == ()
    counted = {line.name: line.points for line in standings.lines}
    assert counted["Q6"] == 3  # his three wins
    assert counted["Q1"] == 4  # lost to Q6 in round 1, beat Q2 to Q5


def test_an_expelled_swiss_player_is_not_ranked_but_his_games_count_for_his_opponents():
    """VCL 197-198: E is expelled from round 3. He is not ranked; A, B, C, D keep the points
    and tie-breaks his games gave them (C.06 V.5), so B's Buchholz still counts E's 2 points."""
    players = (*HAND_PLAYERS[:4], replace(HAND_PLAYERS[4], expelled=True))
    event = SwissEvent(players, HAND_ENTRIES, SwissSettings(rounds=3, start_date=START))
    withdrawn_only = fide_standings(hand_event(), ("BH",))
    standings = fide_standings(event, ("BH",))
    assert [line.name for line in standings.lines] == ["A", "C", "D", "B"]
    assert [line.rank for line in standings.lines] == [1, 2, 3, 4]
    kept = {line.name: line.values for line in withdrawn_only.lines if line.name != "E"}
    assert {line.name: line.values for line in standings.lines} == kept
    assert [u.name for u in standings.unranked] == ["E"]


def test_a_swiss_withdrawal_stays_ranked():
    """C.06 V.5: a withdrawn (not expelled) player of a Swiss stays in the standings."""
    assert "E" in [line.name for line in fide_standings(hand_event(), ("BH",)).lines]


@pytest.mark.parametrize("typed", ["3 expelled", "Expelled 3", "expelled from round 3"])
def test_an_expelled_player_is_typed_under_withdrawn(typed):
    player = read_player(Row({"Name": "E", "Withdrawn": typed}, Location("Swiss Players", 6)))
    assert (player.withdrawn, player.expelled) == (3, True)
    assert player_cells(player, 5)["Withdrawn"] == "3 expelled"
    assert read_player(Row({"Name": "E", "Withdrawn": 3}, Location())).expelled is False


def test_an_expulsion_without_its_round_names_the_cell():
    with pytest.raises(RatingbookError) as caught:
        read_player(Row({"Name": "E", "Withdrawn": "expelled"}, Location("Swiss Players", 6)))
    assert "Swiss Players" in str(caught.value) and "Withdrawn" in str(caught.value)


def test_an_expulsion_travels_through_a_trf_file():
    """TRF-2026 has no field for it: the file says it in ratingbook's ### line, read back."""
    from ratingbook.trf.exporter import export_trf
    from ratingbook.trf.importer import import_trf

    players = (*HAND_PLAYERS[:4], replace(HAND_PLAYERS[4], expelled=True))
    event = SwissEvent(players, HAND_ENTRIES, SwissSettings(rounds=3, start_date=START))
    text = export_trf(event)
    assert "### Withdrawn: 5 from round 3 (expelled)" in text.splitlines()
    back = {p.name: p for p in import_trf(text).event.players}
    assert (back["E"].withdrawn, back["E"].expelled) == (3, True)
    assert back["D"].expelled is False


def test_the_standings_sheet_says_who_is_not_ranked_and_the_crosstable_keeps_him():
    from ratingbook.reports.swiss_grids import crosstable_grid, fide_standings_grid

    players = (*HAND_PLAYERS[:4], replace(HAND_PLAYERS[4], expelled=True))
    event = SwissEvent(players, HAND_ENTRIES, SwissSettings(rounds=3, start_date=START))
    grid, ranks = fide_standings_grid(fide_standings(event, ("BH",)))
    assert "Not ranked: E, expelled from round 3" in grid.note
    assert [row[grid.header.index("Name")] for row in grid.rows] == ["A", "C", "D", "B"]
    assert ranks == {"A": 1, "C": 2, "D": 3, "B": 4, "E": 5}
    table = crosstable_grid(event, ranks)
    assert table.rows[-1][table.header.index("Name")] == "E"
