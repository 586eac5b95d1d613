"""A team event in plain words: why each team ranks above the next (C.07), for each match of
a round why those two teams met and who has White on board 1 (C.04.6), and where a player
sat in a round (his board, colour and opponent).

The colour article of each match, and what it read, are gacrux's
(:func:`ratingbook.fide.gacrux.team_pairing.colour_rules`): the sentences below say what that
article of C.04.6 art. 4.3 does, naming the first team of art. 4.2 (and why it is first) and
the round whose colours the article goes by (user test 49: "the first team's colour
alternates" beside a team that had White and has White again, the first team being the other).
A round is explained on the results it was paired on (a board result corrected since as it was
then, the sentence below saying so: :func:`~ratingbook.events.as_paired.as_paired_lists`), as
``check`` judges it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import pairwise

from ratingbook.events.as_paired import as_paired_lists
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.events.team import TeamEvent, TeamMatch
from ratingbook.fide.gacrux.team_pairing import ColourReason, colour_rules
from ratingbook.fide.gacrux.team_tiebreaks import TEAM_TIEBREAK_CODES, TeamStanding, TeamStandings
from ratingbook.reports.tables import SheetGrid

__all__ = ["board_note", "match_notes", "rank_notes", "team_notes_grid"]

#: What each article of C.04.6 art. 4.3 does (in our words; gacrux names the article), said
#: when what it read is not known.
COLOUR_ARTICLES: Mapping[str, str] = {
    "4.3.1": "neither team had played yet, so the first team's pairing number decides "
    "(odd numbers get the initial colour)",
    "4.3.2": "only one team had a colour preference, and it is granted",
    "4.3.3": "the teams had opposite colour preferences, and both are granted",
    "4.3.4": "only one team had a strong colour preference (Type B), and it is granted",
    "4.3.5": "White goes to the team with the lower colour difference",
    "4.3.6": "the colours alternate from the last round in which the teams had different colours",
    "4.3.7": "the first team's colour preference is granted",
    "4.3.8": "the first team's colour alternates from its last played round",
    "4.3.9": "the other team's colour alternates from its last played round",
}


def _pts(value: Fraction) -> str:
    whole, half = divmod(value * 2, 2)
    return (str(int(whole)) if whole or not half else "") + ("½" if half else "")


def _value(value: Fraction) -> str:
    return _pts(value) if value.denominator <= 2 else f"{float(value):g}"


def _by_round(line: TeamStanding, index: int) -> str:
    """What each round gave a tie-break, as gacrux worked it out: `` (round 1: 2, round 2: 1
    cut)``; nothing when gacrux gives no round-by-round figures for it."""
    if index + 1 >= len(line.details):
        return ""
    detail = line.details[index + 1]  # details[0] is the main score
    if not detail.by_round:
        return ""
    parts = [
        f"round {r}: {_value(v)}" + (" cut" if r in detail.cut else "")
        for r, v in sorted(detail.by_round.items())
    ]
    return f" ({', '.join(parts)})"


def _score(value: Fraction, word: str) -> str:
    """``1 match point``, ``2½ game points``."""
    return f"{_pts(value)} {word if value == 1 else word + 's'}"


def _decides(
    event: TeamEvent, upper: TeamStanding, lower: TeamStanding, codes: tuple[str, ...]
) -> str:
    main = "game point" if event.settings.game_points_rank else "match point"
    a_main, b_main = (
        (upper.game_points, lower.game_points)
        if event.settings.game_points_rank
        else (upper.match_points, lower.match_points)
    )
    if a_main != b_main:
        return f"{upper.team} has {_score(a_main, main)}, {lower.team} {_pts(b_main)}"
    said = f"both have {_score(a_main, main)}"
    for index, (code, a, b) in enumerate(zip(codes, upper.values, lower.values, strict=False)):
        if a != b:
            what = TEAM_TIEBREAK_CODES.get(code.split("/")[0], code)
            return (
                f"{said}; the first tie-break that separates them is {code} ({what}, FIDE "
                f"C.07): {upper.team} {_value(a)}{_by_round(upper, index)}, "
                f"{lower.team} {_value(b)}{_by_round(lower, index)}"
            )
        said += f"; {code} is equal ({_pts(a) if a.denominator <= 2 else float(a)})"
    return f"{said}: they share the rank"


def rank_notes(event: TeamEvent, standings: TeamStandings, team: str | None = None) -> list[str]:
    """For each pair of neighbours in the table (``team`` one of them, when given), why the
    upper one ranks above."""
    notes = []
    lines = standings.lines
    for upper, lower in pairwise(lines):
        if team not in (None, upper.team, lower.team):
            continue
        verdict = "ranks above" if upper.rank < lower.rank else "shares rank with"
        notes.append(
            f"{upper.team} ({upper.rank}) {verdict} {lower.team} ({lower.rank}): "
            + _decides(event, upper, lower, standings.codes)
            + "."
        )
    return notes


def _first_team(event: TeamEvent, reason: ColourReason) -> str:
    """``Caissa Club (as many match points, 2, and more game points, 3½ to 2½)``: the first
    team of art. 4.2, and what made it first."""
    main, other = (
        ("game points", "match points")
        if event.settings.game_points_rank
        else ("match points", "game points")
    )
    first, second = reason.first, reason.second
    (a, x), (b, y) = reason.scores[first], reason.scores[second]
    if reason.first_by == "primary":
        why = f"more {main}, {_pts(a)} to {_pts(b)}"
    elif reason.first_by == "secondary":
        why = f"as many {main}, {_pts(a)}, and more {other}, {_pts(x)} to {_pts(y)}"
    else:
        why = (
            f"as many {main} and {other}, and the smaller pairing number, "
            f"{reason.numbers[first]} to {reason.numbers[second]}"
        )
    return f"{first} ({why})"


def _last(reason: ColourReason, team: str) -> tuple[int, str] | None:
    played = reason.played.get(team, ())
    return played[-1] if played else None


def _other(colour: str) -> str:
    return "Black" if colour == "White" else "White"


def _colour_words(event: TeamEvent, match: TeamMatch, reason: ColourReason) -> str:
    """What the article read, in words: the first team and the round it goes by, the
    preferences or colour differences it compared. The article's words alone when gacrux's
    figures are not known (or do not fit the article)."""
    rule, first, second = reason.rule, reason.first, reason.second
    generic = COLOUR_ARTICLES.get(rule, "the colour allocation rules of art. 4")
    if not first:
        return generic
    colour_of = {match.white: "White", str(match.black): "Black"}
    mine = colour_of.get(first, "")
    prefs = {t: c for t, c in reason.preferences.items() if c}
    if rule == "4.3.1":
        n = reason.numbers[first]
        odd = "odd: it gets the initial colour" if n % 2 else "even: it gets the other colour"
        return (
            "neither team had played a match yet, so the pairing number of the first team "
            f"(art. 4.2), {_first_team(event, reason)}, decides: {n} is {odd}, {mine}"
        )
    if rule == "4.3.2" and len(prefs) == 1:
        ((team, wanted),) = prefs.items()
        return f"only {team} had a colour preference (art. 1.7), for {wanted}, and it is granted"
    if rule == "4.3.3" and len(prefs) == 2:
        return (
            f"{match.white} preferred White and {match.black} Black (art. 1.7), and both are "
            "granted"
        )
    if rule == "4.3.4":
        strong = [t for t, s in reason.strong.items() if s]
        if len(strong) == 1 and strong[0] in prefs:
            return (
                f"only {strong[0]} had a strong colour preference (Type B, art. 1.7), for "
                f"{prefs[strong[0]]}, and it is granted"
            )
    if rule == "4.3.5":
        d = {t: f"{v:+d}" if v else "0" for t, v in reason.differences.items()}
        return (
            "White goes to the team with the lower colour difference (art. 1.6.2, matches "
            f"with White minus matches with Black): {match.white} {d[match.white]}, "
            f"{match.black} {d[str(match.black)]}"
        )
    if rule == "4.3.6":
        pairs = zip(
            reversed(reason.played.get(first, ())),
            reversed(reason.played.get(second, ())),
            strict=False,
        )
        for (fr, fc), (sr, sc) in pairs:
            if fc != sc:
                when = (
                    f"in round {fr} {first} had {fc} and {second} {sc}"
                    if fr == sr
                    else f"{first} had {fc} in round {fr}, {second} {sc} in round {sr}"
                )
                return (
                    "the colours alternate from the last time the teams had different "
                    f"colours: {when}, so {first} now has {_other(fc)}"
                )
    if rule == "4.3.7" and first in prefs:
        return (
            f"both teams preferred {prefs[first]} (art. 1.7), and the first team's preference "
            f"is granted: the first team (art. 4.2) is {_first_team(event, reason)}"
        )
    if rule == "4.3.8" and (last := _last(reason, first)):
        r, had = last
        return (
            "the first team's colour alternates from its last played round: the first team "
            f"(art. 4.2) is {_first_team(event, reason)}, which had {had} in round {r} and "
            f"now has {_other(had)}"
        )
    if rule == "4.3.9" and (last := _last(reason, second)):
        r, had = last
        return (
            "the first team (art. 4.2), "
            f"{_first_team(event, reason)}, had not played a match yet, so the other team's "
            f"colour alternates from its last played round: {second} had {had} in round {r} "
            f"and now has {_other(had)}"
        )
    return generic


def match_notes(event: TeamEvent, number: int, team: str | None = None) -> list[str]:
    """For each match of round ``number`` (only ``team``'s, when given): why those teams met,
    who has White on board 1."""
    matches = [m for m in event.round_matches(number) if team in (None, m.white, m.black)]
    if event.settings.round_robin:
        return [
            f"Match {m.table}: {m.white} - {m.black}: the Berger table (FIDE C.05 Annex 1) "
            f"of the teams' pairing numbers sets this match for round {number}; {m.white} has "
            "White on board 1 as the table says."
            for m in matches
            if m.black is not None
        ]
    before = event.scores(number - 1)
    main = 1 if event.settings.game_points_rank else 0
    word = "game point" if main else "match point"
    rules = colour_rules(event, number)
    numbers = event.pairing_numbers()
    notes = []
    for match in matches:
        if match.black is None:
            notes.append(
                f"Match {match.table}: {match.white} has the pairing-allocated bye, a drawn "
                "match (C.04.6 art. 1.4); the bye is assigned first, to a team that has not had "
                "one nor won by forfeit (art. 2.1.2, 3.4)."
            )
            continue
        a, b = before[match.white][main], before[match.black][main]
        if a == b:
            why = (
                f"both had {_score(a, word)}: they were paired inside their score group, the "
                "first legal pairing in the rules' order (C.04.6 art. 3.6)"
            )
        else:
            high, low = (match.white, match.black) if a > b else (match.black, match.white)
            why = (
                f"{high} had {_score(max(a, b), word)} and {low} {_pts(min(a, b))}: {low} was "
                "moved up into the higher bracket as an upfloater, chosen in the rules' order "
                "(C.04.6 art. 3.5)"
            )
        reason = rules.get((match.white, match.black))
        colour = (
            f"{match.white} has White on board 1 by C.04.6 art. {reason.rule}: "
            + _colour_words(event, match, reason)
            if reason and reason.rule
            else f"{match.white} has White on board 1 (C.04.6 art. 4)"
        )
        notes.append(
            f"Match {match.table}: {match.white} (no. {numbers[match.white]}) - {match.black} "
            f"(no. {numbers[match.black]}): {why}. {colour}; the other boards alternate."
        )
    return notes


def board_note(event: TeamEvent, number: int, player: str) -> str:
    """Where ``player`` (on a team's roster) is in round ``number``: his board of his team's
    match, with his colour and opponent; his team's bye; or no board (his team fielded
    others)."""
    team = event.player_team()[player]
    match = next((m for m in event.round_matches(number) if team in (m.white, m.black)), None)
    if match is None:
        return f"{player} ({team}): {team} has no match in round {number}"
    if match.black is None:
        return f"{player} ({team}): {team} has the pairing-allocated bye, no board is played"
    other = match.black if team == match.white else match.white
    for game in event.match_games(match):
        if player in (game.white, game.black):
            white = game.white == player
            opponent = game.black if white else game.white
            against = f"{opponent} ({other})" if opponent else f"nobody ({other} left it empty)"
            return (
                f"{player} ({team}) plays board {game.board} of match {match.table} with "
                f"{'White' if white else 'Black'} against {against}"
            )
    return f"{player} ({team}) is on no board of match {match.table}: {team} fielded others"


def team_notes_grid(
    event: TeamEvent, standings: TeamStandings, number: int, log: Sequence[LogEntry] = ()
) -> SheetGrid:
    """The notes as a sheet: one sentence a row, the ranking first, then the round, on the
    results it was paired on (``log``: the event's log, which says what was corrected since),
    with the sentence saying so after its matches."""
    rows: list[list[object]] = [["Standings", note] for note in rank_notes(event, standings)]
    if number:
        view, said = as_paired_lists(event, log).get(number, (event, ""))
        rows += [[f"Round {number}", note] for note in match_notes(view, number)]
        rows += [[f"Round {number}", said]] if said else []
    return SheetGrid(
        "Team Notes",
        ("About", "Note"),
        rows,
        widths={0: 12, 1: 90},
        wrapped=frozenset({1}),
        note="why each team ranks where it does, and why each match was paired",
        title=f"Team notes, round {number}" if number else "Team notes",
    )
