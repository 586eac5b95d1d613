"""Every standings sentence is checked against the facts it cites (#34): the tie notes, the
tie-break breakdowns, who can still win and why not, a late entry's renumbering. The facts are
recomputed from the event's games by :mod:`tests.helpers.sentence_facts` (see
``test_consistency_sentences.py`` for the pairing notes).
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from tests.helpers import patterns
from tests.helpers.gacrux_pairings import DATA, LONG_FILES, TRF_FILES
from tests.helpers.sentence_facts import POINTS, Checker, before, berger_pairs, number

from ratingbook.core.encoding import decode_legacy
from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.trf.importer import import_trf

E = re.escape
GAME_RESULTS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
NUMBER = r"(\d*½|\d+(?:\.\d+)?)"


def real_event(name: str) -> SwissEvent:
    return import_trf(decode_legacy((DATA / name).read_bytes())).event


# --- the standings notes -------------------------------------------------------------------------


def check_standings(event: SwissEvent, check: Checker) -> None:
    """The tie sentences and every tie-break breakdown of the final standings (BH and SB)."""
    from ratingbook.fide.gacrux import fide_standings
    from ratingbook.reports.standings_notes import every_breakdown, ordinal, tie_notes
    from ratingbook.reports.swiss_grids import fide_standings_grid

    standings = fide_standings(event, ("BH", "SB"), details=True)
    last = standings.after_round  # a later round's byes, entered before it, do not count yet
    facts = before(event, last + 1)
    points = {n: p.points for n, p in facts.players.items()}
    grid, _ = fide_standings_grid(standings)
    for upper, lower, text in tie_notes(grid):
        said = patterns.search(r"(\d+(?:st|nd|rd|th)) place|is (\d+(?:st|nd|rd|th)),", text)
        both = patterns.search(r"both have " + POINTS, text)
        check.expect(
            "tie points",
            both is not None and points[upper] == points[lower] == number(both.group(1)),
            f"{upper} has {points[upper]}, {lower} {points[lower]}",
            text,
        )
        above = sum(1 for p in points.values() if p > points[upper])
        place = (said.group(1) or said.group(2)) if said else ""
        check.expect(
            "tie place",
            place in {ordinal(k) for k in range(above + 1, len(points) + 1)},
            f"{upper} cannot be {place}: {above} players have more points",
            text,
        )
    notes = every_breakdown(event, standings)
    opponents: dict[str, dict[int, tuple[str | None, SwissEntry]]] = {}
    for e in event.entries:
        opponents.setdefault(e.white, {})[e.round] = (e.black, e)
        if e.black is not None:
            opponents.setdefault(e.black, {})[e.round] = (e.white, e)
    # Who played every round: only their score is what counts in an opponent's BH/SB as is
    # (an unplayed round of the opponent counts by C.07 art. 16, not checked here).
    full = {
        n
        for n in points
        if all(
            r in opponents.get(n, {})
            and opponents[n][r][0] is not None
            and opponents[n][r][1].result is not None
            and opponents[n][r][1].result.is_played
            for r in range(1, last + 1)
        )
    }
    for name, lines in notes.items():
        for text in lines:
            head = patterns.match(
                r"(BH|SB) \(.*?\) ([\d.]+): (?:the opponents' scores|each opponent's score "
                r"times the result against that opponent): (.*?)\.(?: The cut| A round|$)",
                text,
            )
            if head is None:
                continue
            code, value, body = head.group(1), Fraction(head.group(2)), head.group(3)
            total = Fraction(0)
            for part in re.split(r"; (?=round \d+ )", body):
                m = patterns.match(r"round (\d+) (.+) ([\d.]+)( \[cut\])?$", part)
                if m is None:
                    check.expect("breakdown", False, f"part not understood: {part}", text)
                    continue
                round_, who, worth = int(m.group(1)), m.group(2), Fraction(m.group(3))
                if not m.group(4):
                    total += worth
                opponent, row = opponents.get(name, {}).get(round_, (None, None))
                if row is None:
                    check.expect("breakdown", who == "not paired", f"round {round_}: no row", text)
                    continue
                if opponent is None:
                    check.expect(
                        "breakdown opponent",
                        row.result is not None and who == f"no opponent ({row.result.value})",
                        f"round {round_}: a bye ({row.result})",
                        text,
                    )
                    continue
                forfeit = row.result is not None and not row.result.is_played
                check.expect(
                    "breakdown opponent",
                    who == opponent + (" (forfeit)" if forfeit else ""),
                    f"round {round_}: the opponent is {opponent}",
                    text,
                )
                if forfeit or opponent not in full or row.result is None:
                    continue
                mine = {"1-0": 1, "0-1": 0, "½-½": Fraction(1, 2)}[row.result.value]
                mine = mine if row.white == name else 1 - mine
                expected = points[opponent] * (mine if code == "SB" else 1)
                check.expect(
                    "breakdown value",
                    worth == expected,
                    f"round {round_}: {opponent} has {points[opponent]}, counts {expected}",
                    text,
                )
            check.expect(
                "breakdown sum", total == value, f"the parts add up to {total}, not {value}", text
            )


# --- who can still win ---------------------------------------------------------------------------


def check_contenders(event: SwissEvent, round_number: int, check: Checker) -> None:
    """Every line of who can still win before ``round_number`` (its pairing known)."""
    from ratingbook.events.contenders import describe
    from ratingbook.reports.contender_grids import event_chances

    facts = before(event, round_number)
    points = {n: p.points for n, p in facts.players.items()}
    games = {(e.round, frozenset(e.players())) for e in event.entries if e.round >= round_number}
    if event.settings.round_robin and event.settings.cycles == 1:  # the rounds to come are known
        name_of = {p.number: p.name for p in facts.players.values()}
        for r in range((event.rounds_planned or 0) + 1):
            if r >= round_number and not event.round_entries(r):
                pairs = berger_pairs(len(name_of), r)
                games |= {(r, frozenset(name_of[k] for k in pair)) for pair in pairs}
    # A round robin's games still to play: each pair meets once a cycle.
    met = Counter(
        frozenset(e.players()) for e in event.entries if e.round < round_number and e.black
    )
    _, found = event_chances(event, round_number)
    win, draw = event.settings.scoring.win, event.settings.scoring.draw
    for c in found:
        text = describe(c)
        head = patterns.match(E(c.name) + r" \(" + NUMBER + ", at most " + NUMBER + r"\)", text)
        check.expect(
            "contender points",
            head is not None and number(head.group(1)) == points[c.name],
            f"{c.name} has {points[c.name]}",
            text,
        )
        top = number(head.group(2)) if head else Fraction(0)
        ahead = patterns.search(
            r"cannot finish first: (.+) has " + NUMBER + " and " + E(c.name), text
        )
        if ahead:
            check.expect(
                "contender ahead",
                number(ahead.group(2)) >= points[ahead.group(1)] and number(ahead.group(2)) > top,
                f"{ahead.group(1)} has {points[ahead.group(1)]}",
                text,
            )
        paired = patterns.search(
            r"round (\d+) pairs (.+?) \(" + NUMBER + r"\) with (.+?) \(" + NUMBER + r"\): whatever "
            r"its result, one of them ends on at least "
            + NUMBER
            + r", (more than|as much as) "
            + E(c.name)
            + r" can reach \("
            + NUMBER
            + r"\)",
            text,
        )
        if paired:
            r, a, b = int(paired.group(1)), paired.group(2), paired.group(4)
            end, most = number(paired.group(6)), number(paired.group(8))
            check.expect(
                "contender game", (r, frozenset((a, b))) in games, f"no game {a}-{b}", text
            )
            check.expect(
                "contender game points",
                (number(paired.group(3)), number(paired.group(5))) == (points[a], points[b]),
                f"{a} has {points[a]}, {b} {points[b]}",
                text,
            )
            strict = paired.group(7) == "as much as"
            # Every result leaves one of them at ``end`` or more (byes to come can only add).
            worst = min(
                max(points[a] + pa, points[b] + pb) for pa, pb in ((win, 0), (draw, draw), (0, win))
            )
            check.expect(
                "contender game end",
                most == top and worst <= end and (end >= most if strict else end > most),
                f"the least of the results' highest ends is {worst}",
                text,
            )
        among = patterns.search(
            r"the (\d+) games? left among (.+?) give them (at least )?" + NUMBER + r" points, "
            r"and they can take only " + NUMBER + r" without (passing|reaching) " + E(c.name)
            + r" \(" + NUMBER + r"\)",
            text,
        )  # fmt: skip
        if among:
            who = re.split(r", | and ", among.group(2))
            left = sum(
                event.settings.cycles - met[frozenset((a, b))]
                for a, b in itertools.combinations(who, 2)
            )
            strict = among.group(6) == "reaching"
            # The most each may still take, in draws, without passing (or reaching) X's top.
            room = sum(
                max(0, math.ceil((top - points[n]) / draw) - (1 if strict else 0)) * draw
                if strict
                else max(0, math.floor((top - points[n]) / draw)) * draw
                for n in who
            )
            check.expect(
                "contender games left",
                event.settings.round_robin
                and int(among.group(1)) == left
                and number(among.group(4)) == left * win
                and number(among.group(5)) == room
                and number(among.group(7)) == top
                and left * win > room,
                f"{left} games left among them give {left * win}, their rooms hold {room}",
                text,
            )


# --- the tests -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=[pytest.mark.slow] if n in LONG_FILES else []) for n in TRF_FILES],
)
def test_every_standings_note_and_contender_line_of_a_real_file_cites_true_facts(
    name: str,
) -> None:
    event = real_event(name)
    check = Checker(name)
    check_standings(event, check)
    last = max(e.round for e in event.entries)
    if event.settings.rounds and event.settings.rounds > 1:
        for number_ in range(2, min(last, event.settings.rounds) + 1):
            check.where = f"{name}, before round {number_}"
            check_contenders(replace(event, entries=tuple(
                e for e in event.entries if e.round <= number_
            )), number_, check)  # fmt: skip
    assert not check.problems, "\n".join(check.problems[:20])
    assert check.checked["breakdown opponent"] > 0


def test_the_swiss_templates_contenders_say_why_femke_cannot_win() -> None:
    """The repro of #34: before round 4 of the template, Femke cannot finish first."""
    from ratingbook.events.contenders import describe
    from ratingbook.events.event_contenders import event_contenders
    from ratingbook.templates import TemplateBook, build_template
    from ratingbook.workbook.sheets.event_book import read_event

    event = read_event(TemplateBook(build_template("swiss")))
    check = Checker("the Swiss template")
    check_contenders(event, 4, check)
    assert not check.problems, "\n".join(check.problems)
    femke = next(c for c in event_contenders(event, 4)[1] if c.name == "Femke")
    assert describe(femke).startswith("Femke (½, at most 2½): cannot finish first: round 4 pairs")
    assert check.checked["contender game end"] >= 1


@pytest.mark.parametrize("seed", range(4))
def test_every_contender_line_of_a_generated_round_robin_cites_true_facts(seed: int) -> None:
    """Round robins of 5 to 8 players, results drawn at random, asked before every round from
    the third: each reason cites games that are still to play and rooms that are so."""
    from ratingbook.fide.gacrux import pair_round_robin

    rng = random.Random(seed)
    check = Checker(f"a generated round robin, seed {seed}")
    for players in range(5, 9):
        people = tuple(SwissPlayer(f"P{k}", 2000 - k, number=k) for k in range(1, players + 1))
        event = SwissEvent(people, (), SwissSettings(pairing="Round Robin"))
        planned = event.rounds_planned or 0
        rows = [
            replace(e, result=rng.choice(GAME_RESULTS)) if e.black else e
            for e in pair_round_robin(event, range(1, planned + 1))
        ]
        for round_number in range(3, planned + 1):
            check.where = f"{players} players, seed {seed}, before round {round_number}"
            played = tuple(e for e in rows if e.round < round_number)
            check_contenders(replace(event, entries=played), round_number, check)
    assert not check.problems, "\n".join(check.problems[:20])
    assert check.checked["contender games left"] > 0


def test_a_late_entrys_renumbering_sentence_is_true() -> None:
    """ "the players below No. N move down" only when somebody is below No. N."""
    from ratingbook.events.fide_mode.changes import changes
    from ratingbook.events.fide_mode.state import EventState

    games = ((1, "A", "B", "1-0"), (1, "C", "D", "0-1"))
    old = EventState(players=(("A", 1, 0), ("B", 2, 0), ("C", 3, 0), ("D", 4, 0)), games=games)
    for new_players in (
        (("A", 1, 0), ("B", 2, 0), ("C", 3, 0), ("D", 4, 0), ("Late", 5, 0)),
        (("A", 1, 0), ("Late", 2, 0), ("B", 3, 0), ("C", 4, 0), ("D", 5, 0)),
    ):
        new = replace(old, players=new_players)
        event = SwissEvent((), ())
        (late,) = [c for c in changes(old, new, event) if c.warning.startswith("Late enters")]
        number_ = dict((n, k) for n, k, _ in new_players)["Late"]
        below = [n for n, k, _ in new_players if k > number_]
        moved = [n for n, k, _ in new_players if n in dict((m, j) for m, j, _ in old.players)
                 and k != dict((m, j) for m, j, _ in old.players)[n]]  # fmt: skip
        says_below = f"the players below No. {number_} move down" in late.warning
        assert says_below == bool(below) == bool(moved), late.warning
        if not below:
            assert "nobody else's number changes" in late.warning, late.warning
