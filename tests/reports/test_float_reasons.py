"""Why a player floats down out of a score group of an even number of players: the reason the
pairing notes give must be the one that holds (user test 47, round 5 of the Autumn Open).

The event, as the user's book has it: 14 players, 5 rounds, Kevin Lynch withdrawn after round
3. Before round 5 the 1½-point group is Fiona Gill, Niall Quinn, Helen Ivers and Jane Kelly;
below it, on 1 point, Gary Hayes alone, who had the pairing-allocated bye in round 3. Worked by
hand from the rows:

- C.1: Fiona met Liam, Niall, Eoin and Jane; Niall met Fiona, Maeve and Deirdre; Helen met Brid,
  Kevin and Ian; Jane met Deirdre, Ian, Kevin and Fiona. Fiona-Helen and Niall-Jane never met.
- C.3: no one of the four has an absolute colour preference (C.04.3 A.6.a: a colour difference
  over 1, or the same colour in the last two games). Their games played: Fiona B-W-B-W,
  Niall B-W-B, Helen W-B-W (a bye in round 4), Jane W-B-W-B; colour differences 0, -1, +1, 0,
  never the same colour twice running. So C.3 keeps no two of them apart.

So Fiona-Helen and Niall-Jane pair the group within itself under the absolute rules: the
float does not come from C.1 or C.3. It comes from C.4 (completion): paired so, Gary would be
left alone, with no opponent, and C.2 does not give him a second pairing-allocated bye. Two
players float: one to meet Gary, one for the bye (Fiona and Jane, the rules' pairing).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.gacrux import pair_next_round
from ratingbook.fide.gacrux.analysis import PlayerState, analyse_round
from ratingbook.reports.float_reasons import _stopped_by, pairable
from ratingbook.reports.pairing_notes import pairing_notes

R = Result
PLAYERS = (
    ("Aidan Burke", 2210, 1),
    ("Brid Casey", 2105, 2),
    ("Conor Doyle", 2050, 3),
    ("Deirdre Egan", 1985, 4),
    ("Eoin Fahy", 1920, 5),
    ("Niall Quinn", 1880, 6),
    ("Fiona Gill", 1870, 7),
    ("Gary Hayes", 1815, 8),
    ("Helen Ivers", 1760, 9),
    ("Ian Joyce", 1702, 10),
    ("Jane Kelly", 1650, 11),
    ("Kevin Lynch", 1590, 12),
    ("Liam Moran", None, 13),
    ("Maeve Nolan", None, 14),
)
ROWS = (
    (1, 1, "Aidan Burke", "Gary Hayes", R.WHITE_WINS),
    (1, 2, "Helen Ivers", "Brid Casey", R.BLACK_WINS),
    (1, 3, "Conor Doyle", "Ian Joyce", R.WHITE_WINS),
    (1, 4, "Jane Kelly", "Deirdre Egan", R.BLACK_WINS),
    (1, 5, "Eoin Fahy", "Kevin Lynch", R.WHITE_WINS),
    (1, 6, "Liam Moran", "Fiona Gill", R.BLACK_WINS),
    (1, 7, "Maeve Nolan", None, R.PAIRING_BYE),
    (2, 1, "Deirdre Egan", "Aidan Burke", R.BLACK_WINS),
    (2, 2, "Brid Casey", "Eoin Fahy", R.DRAW),
    (2, 3, "Maeve Nolan", "Conor Doyle", R.BLACK_WINS),
    (2, 4, "Fiona Gill", "Niall Quinn", R.BLACK_WINS),
    (2, 5, "Gary Hayes", "Liam Moran", R.BLACK_WINS),
    (2, 6, "Kevin Lynch", "Helen Ivers", R.DRAW),
    (2, 7, "Ian Joyce", "Jane Kelly", R.WHITE_WINS),
    (3, None, "Brid Casey", None, R.HALF_POINT_BYE),
    (3, 1, "Aidan Burke", "Conor Doyle", R.DRAW),
    (3, 2, "Eoin Fahy", "Fiona Gill", R.WHITE_WINS),
    (3, 3, "Liam Moran", "Deirdre Egan", R.WHITE_WINS),
    (3, 4, "Niall Quinn", "Maeve Nolan", R.DRAW),
    (3, 5, "Helen Ivers", "Ian Joyce", R.BLACK_WINS),
    (3, 6, "Jane Kelly", "Kevin Lynch", R.WHITE_WINS),
    (3, 7, "Gary Hayes", None, R.PAIRING_BYE),
    (4, 1, "Conor Doyle", "Eoin Fahy", R.WHITE_WINS),
    (4, 2, "Brid Casey", "Aidan Burke", R.DRAW),
    (4, 3, "Ian Joyce", "Liam Moran", R.BLACK_WINS),
    (4, 4, "Deirdre Egan", "Niall Quinn", R.WHITE_WINS),
    (4, 5, "Maeve Nolan", "Gary Hayes", R.WHITE_WINS),
    (4, 6, "Fiona Gill", "Jane Kelly", R.DRAW),
    (4, 7, "Helen Ivers", None, R.PAIRING_BYE),
)
GROUP = ("Fiona Gill", "Niall Quinn", "Helen Ivers", "Jane Kelly")


def _event() -> SwissEvent:
    players = tuple(
        SwissPlayer(name, rating, number=number, withdrawn=4 if name == "Kevin Lynch" else None)
        for name, rating, number in PLAYERS
    )
    return SwissEvent(players, tuple(SwissEntry(*r) for r in ROWS), SwissSettings(rounds=5))


def _points(name: str) -> float:
    """C.02's points: 1 for a win or the pairing-allocated bye, ½ for a draw or a ½-point bye."""
    total = 0.0
    for _, _, white, black, result in ROWS:
        won = (R.PAIRING_BYE, R.WHITE_WINS) if name == white else (R.BLACK_WINS,)
        if name in (white, black) and result in won:
            total += 1
        elif name in (white, black) and result in (R.DRAW, R.HALF_POINT_BYE):
            total += 0.5
    return total


def _colours(name: str) -> str:
    return "".join("w" if w == name else "b" for _, _, w, b, _ in ROWS if b and name in (w, b))


def _absolute(colours: str) -> str | None:
    """C.04.3 A.6.a: an absolute preference when the colour difference is over 1 or the last
    two games had the same colour; the colour wanted, or None."""
    difference = colours.count("w") - colours.count("b")
    if difference > 1 or colours[-2:] == "ww":
        return "b"
    if difference < -1 or colours[-2:] == "bb":
        return "w"
    return None


def test_the_hand_worked_facts() -> None:
    """The facts the module's docstring works by hand, counted again from the rows."""
    groups = {n: _points(n) for n, _, _ in PLAYERS if n != "Kevin Lynch"}
    assert sorted(n for n, p in groups.items() if p == 1.5) == sorted(GROUP)
    assert [n for n, p in groups.items() if p < 1.5] == ["Gary Hayes"]
    assert [_absolute(_colours(n)) for n in GROUP] == [None] * 4
    met = {frozenset((w, b)) for _, _, w, b, _ in ROWS if b}
    # A small brute force: every way of pairing the four, those that keep C.1 (C.3 cannot bind).
    legal = {
        frozenset({frozenset(o[:2]), frozenset(o[2:])})
        for o in permutations(GROUP)
        if frozenset(o[:2]) not in met and frozenset(o[2:]) not in met
    }
    assert legal == {
        frozenset(
            {frozenset(("Fiona Gill", "Helen Ivers")), frozenset(("Niall Quinn", "Jane Kelly"))}
        )
    }


def test_a_float_forced_by_completion_names_completion_not_the_absolute_rules() -> None:
    event = _event()
    round_5 = pair_next_round(event)
    assert [(e.white, e.black) for e in round_5 if "Fiona Gill" in e.players()] == [
        ("Gary Hayes", "Fiona Gill")
    ]
    assert [e.white for e in round_5 if e.black is None] == ["Jane Kelly"]
    paired = event.with_entries(round_5)
    notes = {n.white: n.note for n in pairing_notes(paired, analyse_round(paired, 5))}
    why = (
        "needed below to complete the round (C.04.3 C.4), as the 1½-point group could be "
        "paired within itself keeping the absolute rules (C.1, C.3) but Gary Hayes, the only "
        "player below it, would then have no opponent and has had the pairing-allocated bye "
        "already (C.2)"
    )
    assert notes["Gary Hayes"].startswith(
        f"Fiona Gill (1½ points) floats down, {why}, to meet Gary Hayes (1 point). "
    )
    assert notes["Jane Kelly"].startswith(
        f"Jane Kelly (1½ points) gets the pairing-allocated bye: {why}, then left over in the "
        "1-point group, which had 3 players"
    )
    assert "kept the absolute rules (C.04.3 C.1, C.3)" not in " ".join(notes.values())


def _brute_force(group: list[PlayerState], bye: bool) -> bool:
    """Every ordering of the group read as pairs (the last one alone taking the bye)."""
    apart = {frozenset((a.name, b)) for a in group for b in a.kept_apart}
    for order in permutations(group):
        pairs = list(zip(order[::2], order[1::2], strict=False))
        alone = order[-1] if len(order) % 2 else None
        if (alone is not None) != bye or (alone is not None and alone.had_bye):
            continue
        if all(
            frozenset((a.name, b.name)) not in apart
            and not (a.preference == b.preference and a.preference[1:] == "2")
            for a, b in pairs
        ):
            return True
    return False


@pytest.mark.parametrize("seed", range(40))
def test_pairable_agrees_with_a_brute_force(seed: int) -> None:
    """C.1 (met or forbidden: ``kept_apart``), C.3 (the same absolute preference) and C.2
    (the bye only to one without one), on random groups of up to 7 players."""
    rng = random.Random(seed)
    size = rng.randint(1, 7)
    names = [f"P{i}" for i in range(size)]
    apart: dict[str, set[str]] = {n: set() for n in names}
    for a, b in combinations(names, 2):
        if rng.random() < 0.4:
            apart[a].add(b)
            apart[b].add(a)
    group = [
        PlayerState(
            n, i + 1, Fraction(1), Fraction(1), "", 0, rng.choice(["w2", "b2", "w1", "nc"]),
            rng.random() < 0.5, kept_apart=frozenset(apart[n]),
        )
        for i, n in enumerate(names)
    ]  # fmt: skip
    for bye in (False, True):
        assert pairable(group, bye=bye) is _brute_force(group, bye)


# --- the criteria cited are those that stop the pairing (user test 48) ---------------------------
#
# Six players by rating, Ada 1 ... Fay 6. Round 1 (C.04.3: S1 Ada, Ben, Cai against S2 Dan, Eva,
# Fay, colours alternating by board from White): Ada-Dan 1-0, Eva-Ben 0-1, Cai-Fay ½-½. Before
# round 2 the ½-point group is Cai and Fay alone, and they have met: C.1 stops them. Cai had
# White and Fay Black, so after one game each has a strong preference for the other colour
# (A.6.b: a colour difference of 1), neither absolute: C.3 (the same absolute preference)
# cannot bind. Both float down, each out of the group because of C.1 only.
SIX = (("Ada", 2200), ("Ben", 2100), ("Cai", 2000), ("Dan", 1900), ("Eva", 1800), ("Fay", 1700))
SIX_ROUND_1 = (
    (1, 1, "Ada", "Dan", R.WHITE_WINS),
    (1, 2, "Eva", "Ben", R.BLACK_WINS),
    (1, 3, "Cai", "Fay", R.DRAW),
)


def test_two_players_who_met_float_by_c1_alone_not_c3() -> None:
    players = tuple(SwissPlayer(n, r, number=i) for i, (n, r) in enumerate(SIX, start=1))
    event = SwissEvent(players, tuple(SwissEntry(*r) for r in SIX_ROUND_1), SwissSettings(rounds=3))
    paired = event.with_entries(pair_next_round(event))
    notes = [n.note for n in pairing_notes(paired, analyse_round(paired, 2))]
    why = "no pairing within the ½-point group kept the absolute rules (C.04.3 C.1)"
    for name in ("Cai", "Fay"):
        assert any(n.startswith(f"{name} (½ point) floats down, {why}, to meet ") for n in notes)
    assert "C.3" not in " ".join(notes)


def _state(name: str, preference: str, apart: str = "") -> PlayerState:
    kept = frozenset(apart.split()) if apart else frozenset()
    return PlayerState(
        name, 1, Fraction(1), Fraction(1), "", 0, preference, False, kept_apart=kept
    )  # fmt: skip


@pytest.mark.parametrize(
    ("group", "cited"),
    [
        # met, and no absolute preference: C.1 alone (the user's case)
        ([_state("A", "b1", "B"), _state("B", "w1", "A")], ("C.1",)),
        # never met, both must have White (absolute): C.3 alone
        ([_state("A", "w2"), _state("B", "w2")], ("C.3",)),
        # met, and both must have White: each stops them alone
        ([_state("A", "w2", "B"), _state("B", "w2", "A")], ("C.1", "C.3")),
        # four players, A and C must have Black, B and D White (absolute); A-B, B-C and C-D
        # met. The three ways to pair them: A-B with C-D (C.1 stops it), A-C with B-D (C.3:
        # both of each pair want the same colour), A-D with B-C (C.1: B-C). C.1 alone allows
        # A-C with B-D, C.3 alone A-B with C-D: only the two together stop the group.
        (
            [
                _state("A", "b2", "B"),
                _state("B", "w2", "A C"),
                _state("C", "b2", "B D"),
                _state("D", "w2", "C"),
            ],
            ("C.1", "C.3"),
        ),
    ],
)
def test_the_criteria_cited_are_the_ones_that_stop_the_pairing(
    group: list[PlayerState], cited: tuple[str, ...]
) -> None:
    assert _stopped_by(group) == cited


# --- out of a group of an odd number: the odd one out, or C.1 (user test 49) ----------------------
#
# Six players by rating, Ada 1 ... Fay 6, three rounds typed (any history will do: round 4 is
# the one paired and explained). Points after round 3, counted by hand from the rows below:
# Ada 1 + 1 + ½ = 2½, Ben 1 + 0 + 1 = 2, Cai 1 + ½ + ½ = 2, Eva 0 + 1 + ½ = 1½, Dan 0 + ½ + ½ =
# 1, Fay 0. Ada, alone on 2½, floats into the 2-point group {Ada, Ben, Cai}: three players,
# one is left over. Ada met Ben (round 2) and Cai (round 3), so C.1 stops Ada in the group
# whoever else is left over; Ben and Cai never met, and their colours (Ben B-W-W, an absolute
# preference for Black; Cai W-B-B, absolute for White: A.6.a, the same colour twice running)
# do not clash under C.3. So Ben-Cai, and Ada floats again, by C.1, not as "the odd one out",
# to Eva, whom Ada never met; then Dan-Fay (never met) completes the round.
ODD = SIX
ODD_ROWS = (
    (1, 1, "Ada", "Dan", R.WHITE_WINS),
    (1, 2, "Eva", "Ben", R.BLACK_WINS),
    (1, 3, "Cai", "Fay", R.WHITE_WINS),
    (2, 1, "Ben", "Ada", R.BLACK_WINS),
    (2, 2, "Dan", "Cai", R.DRAW),
    (2, 3, "Eva", "Fay", R.WHITE_WINS),
    (3, 1, "Ada", "Cai", R.DRAW),
    (3, 2, "Ben", "Fay", R.WHITE_WINS),
    (3, 3, "Dan", "Eva", R.DRAW),
)


def test_a_player_who_met_every_other_in_an_odd_group_floats_by_c1_not_left_over() -> None:
    points = {n: 0.0 for n, _ in ODD}
    for _, _, white, black, result in ODD_ROWS:
        points[white] += {R.WHITE_WINS: 1, R.DRAW: 0.5}.get(result, 0)
        points[black] += {R.BLACK_WINS: 1, R.DRAW: 0.5}.get(result, 0)
    assert points == {"Ada": 2.5, "Ben": 2, "Cai": 2, "Dan": 1, "Eva": 1.5, "Fay": 0}
    players = tuple(SwissPlayer(n, r, number=i) for i, (n, r) in enumerate(ODD, start=1))
    event = SwissEvent(players, tuple(SwissEntry(*r) for r in ODD_ROWS), SwissSettings(rounds=5))
    round_4 = pair_next_round(event)
    assert {frozenset(e.players()) for e in round_4} == {
        frozenset(("Ben", "Cai")),
        frozenset(("Ada", "Eva")),
        frozenset(("Dan", "Fay")),
    }
    paired = event.with_entries(round_4)
    notes = {
        frozenset((n.white, n.black)): n.note
        for n in pairing_notes(paired, analyse_round(paired, 4))
    }
    assert notes[frozenset(("Ada", "Eva"))].startswith(
        "Ada (2½ points) floats down, the only player on 2½ points, then having already met "
        "both other players of the 2-point group, Ben in round 2 and Cai in round 3 "
        "(C.04.3 C.1), to meet Eva (1½ points). "
    )
    assert "left over" not in " ".join(notes.values())


@pytest.mark.parametrize(
    ("group", "bye", "cited"),
    [
        # A must have White, as B must (C.3), and met C (C.1): either rule alone leaves A a
        # partner; the two together leave A none, whoever is left over.
        (
            [_state("A", "w2", "C"), _state("B", "w2"), _state("C", "b1", "A")],
            False,
            ("C.1", "C.3"),
        ),
        # A met B, and B has had the pairing-allocated bye, which the one left over in the
        # lowest group takes. C.1 alone lets B take the bye and A meet C; C.2 alone lets C
        # take it and A meet B; together they leave A no partner, whoever is left over.
        (
            [
                _state("A", "nc", "B"),
                replace(_state("B", "nc", "A"), had_bye=True),
                _state("C", "nc"),
            ],
            True,
            ("C.1", "C.2"),
        ),
    ],
)
def test_the_criteria_that_keep_a_player_out_of_an_odd_group(
    group: list[PlayerState], bye: bool, cited: tuple[str, ...]
) -> None:
    assert _stopped_by(group, bye=bye, keeping="A") == cited
