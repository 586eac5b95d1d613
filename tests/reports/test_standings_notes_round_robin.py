"""Standings notes of a round robin, worked by hand (FIDE C.07 art. 6 direct encounter, art.
9.2 Koya): the values gacrux gives as places, not points, and the games a limit leaves out.

Six players, three rounds of five played (the user test's ``roundrobin`` template):

- round 1: Nadia-Sven 1-0, Oskar-Rita ½-½, Petra-Quentin 0-1;
- round 2: Sven-Quentin 1-0, Rita-Petra 0-1, Nadia-Oskar ½-½;
- round 3: Oskar-Sven 0-1, Petra-Nadia 1-0, Quentin-Rita 1-0.

Points: Sven, Quentin and Petra 2, Nadia 1½, Oskar 1, Rita ½. Direct encounter among the three
on 2: Sven beat Quentin (1), Quentin beat Petra (1), Petra 0 (Sven and Petra have not met):
Petra 3rd; Sven and Quentin still tied, and between them Sven 1, Quentin 0: Sven 1st. Koya's
limit is half the points possible, 1½ of 3: Sven's opponents Nadia (1½) and Quentin (2) count,
Oskar (1) does not: 0 + 1 = 1, round 3 left out because Oskar is under the limit.
"""

from __future__ import annotations

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import ROUND_ROBIN, SwissSettings
from ratingbook.fide.gacrux import fide_standings
from ratingbook.reports.standings_notes import breakdown_notes, tie_notes
from ratingbook.reports.swiss_grids import fide_standings_grid

R = Result
NAMES = ("Nadia Holm", "Oskar Lind", "Petra Aas", "Quentin Berg", "Rita Dahl", "Sven Eng")
ROWS = (
    (1, 1, "Nadia Holm", "Sven Eng", R.WHITE_WINS),
    (1, 2, "Oskar Lind", "Rita Dahl", R.DRAW),
    (1, 3, "Petra Aas", "Quentin Berg", R.BLACK_WINS),
    (2, 1, "Sven Eng", "Quentin Berg", R.WHITE_WINS),
    (2, 2, "Rita Dahl", "Petra Aas", R.BLACK_WINS),
    (2, 3, "Nadia Holm", "Oskar Lind", R.DRAW),
    (3, 1, "Oskar Lind", "Sven Eng", R.BLACK_WINS),
    (3, 2, "Petra Aas", "Nadia Holm", R.WHITE_WINS),
    (3, 3, "Quentin Berg", "Rita Dahl", R.WHITE_WINS),
)
CODES = ("DE", "WIN", "SB", "KS")


def _event(rounds: int = 3) -> SwissEvent:
    players = tuple(SwissPlayer(n, 2400 - 20 * i) for i, n in enumerate(NAMES))
    settings = SwissSettings(rounds=5, pairing=ROUND_ROBIN, tiebreaks=CODES)
    entries = tuple(SwissEntry(*r) for r in ROWS if r[0] <= rounds)
    return SwissEvent(players, entries, settings)


def test_direct_encounter_says_what_decided_never_a_round_or_a_rank_as_points() -> None:
    rr = _event()
    standings = fide_standings(rr, CODES, details=True)
    grid, _ = fide_standings_grid(standings)
    notes = [note for _, _, note in tie_notes(grid)]
    assert notes == [
        "Sven Eng is 1st, ahead of Quentin Berg, on DE (direct encounter): placed 1st and 2nd "
        "among the players tied on points, by the points each scored in their games against "
        "each other (both have 2 points).",
        "Quentin Berg is 2nd, ahead of Petra Aas, on DE (direct encounter): placed 2nd and "
        "3rd among the players tied on points, by the points each scored in their games "
        "against each other (both have 2 points).",
    ]
    de = next(n for n in breakdown_notes(rr, standings, "Sven Eng") if n.startswith("DE"))
    # Nadia, who beat Sven in round 1, is not among the tied players: she is not named.
    assert "Nadia" not in de
    assert de == (
        "DE (direct encounter) 1: 1st of the players tied on points, by the points "
        "each scored in their games against each other (C.07 art. 6): 1 point against "
        "Quentin Berg (Petra Aas not met yet); then, still tied, 1 point against Quentin Berg."
    )
    petra = next(n for n in breakdown_notes(rr, standings, "Petra Aas") if n.startswith("DE"))
    assert petra.endswith(": 0 points against Quentin Berg (Sven Eng not met yet).")
    nadia = next(n for n in breakdown_notes(rr, standings, "Nadia Holm") if n.startswith("DE"))
    assert nadia == (
        "DE (direct encounter): not used: no other player has the same points (C.07 art. 6)."
    )


def test_koya_names_the_limit_not_a_cut() -> None:
    rr = _event()
    standings = fide_standings(rr, CODES, details=True)
    ks = next(n for n in breakdown_notes(rr, standings, "Sven Eng") if n.startswith("KS"))
    assert "[cut]" not in ks and "cut" not in ks
    assert ks == (
        "KS (Koya) 1: round by round: round 1 Nadia Holm 0; round 2 Quentin Berg 1; round 3 "
        "Oskar Lind 1 [left out: the opponent scored under the limit]. Koya counts only the "
        "games against opponents who scored the limit or more (50 % of the points possible, "
        "unless the code moves it: C.07 art. 9.2); it leaves out round 3."
    )


def test_direct_encounter_between_players_who_have_not_met_separates_nobody() -> None:
    # After round 1 Nadia and Quentin have 1 point each and have not met: DE cannot part them.
    rr = _event(rounds=1)
    standings = fide_standings(rr, CODES, details=True)
    de = next(n for n in breakdown_notes(rr, standings, "Nadia Holm") if n.startswith("DE"))
    assert de == (
        "DE (direct encounter) 0: it separates none of the players tied on points, by "
        "the points each scored in their games against each other (C.07 art. 6): no game yet "
        "against Quentin Berg."
    )


def test_direct_encounter_after_a_tie_break_that_parted_the_tied_says_so() -> None:
    """The user test's event: DE after other tie-breaks is not used when they have parted
    everyone on the same points, and the note says that, not that nobody shares the points.

    By hand, Sonneborn-Berger of the three on 2 points: Sven beat Quentin (2) and Oskar (1),
    lost to Nadia: 3; Quentin beat Petra (2) and Rita (½), lost to Sven: 2½; Petra beat Rita
    (½) and Nadia (1½), lost to Quentin: 2. SB parts all three, so DE is left to nobody
    (C.07 art. 6 applies to the players still tied)."""
    codes = ("SB", "DE")
    rr = _event()
    rr = SwissEvent(rr.players, rr.entries, SwissSettings(5, pairing=ROUND_ROBIN, tiebreaks=codes))
    standings = fide_standings(rr, codes, details=True)
    sb = {line.name: line.details[1].value for line in standings.lines}
    assert [sb[n] for n in ("Sven Eng", "Quentin Berg", "Petra Aas")] == [3, 2.5, 2]

    def de(name: str) -> str:
        return next(n for n in breakdown_notes(rr, standings, name) if n.startswith("DE"))

    for name in ("Sven Eng", "Quentin Berg", "Petra Aas"):
        assert de(name) == (
            "DE (direct encounter): not used: no other player has the same points and the same "
            "SB (C.07 art. 6)."
        )
    # Nadia alone on 1½: nobody shares her points, and the note says just that.
    assert de("Nadia Holm") == (
        "DE (direct encounter): not used: no other player has the same points (C.07 art. 6)."
    )


def test_direct_encounter_is_a_place_and_prints_as_a_whole_number() -> None:
    """DE's value is the place among the tied (Sven 1st, Quentin 2nd, Petra 3rd, by the
    module's hand count): its column prints 1, 2, 3 (format "0"), not 1.0 (the user test's
    printed standings showed DE as 0.0 for everyone)."""
    rr = _event()
    standings = fide_standings(rr, CODES, details=True)
    grid, _ = fide_standings_grid(standings)
    de = grid.header.index("DE")
    assert grid.number_formats[de] == "0"
    places = {row[grid.header.index("Name")]: row[de] for row in grid.rows}
    assert [places[n] for n in ("Sven Eng", "Quentin Berg", "Petra Aas")] == [1, 2, 3]
