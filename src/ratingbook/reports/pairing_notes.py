"""A round's pairing in plain words, board by board, each sentence citing its rule.

From :class:`~ratingbook.fide.gacrux.analysis.RoundAnalysis` (gacrux's reading of the round):
the score group of each player and why he is there, who floated down and why, why White is
White, who got the bye and why; and, when the round in the book is not the pairing the rules
give (changed by hand), what differs and which of the Dutch rules' absolute criteria the
hand-made pairing keeps or breaks. The book's pairing is never changed: this is the record.

Rules are cited as FIDE's Dutch system (C.04.3) numbers them in its 2017 text: A.6 colour
preferences, C.1 no two players meet twice, C.2 no second pairing-allocated bye, C.3 no two
players with the same absolute colour preference meet, C.4 completion (the rest of the round
must stay pairable), E.1-E.5 the colour allocation. Why a player floated down out of a group
is found, not assumed, in :mod:`~ratingbook.reports.float_reasons`, the one home of float
reasons. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent
from ratingbook.fide.gacrux.analysis import AnalysedPair, PlayerState, RoundAnalysis
from ratingbook.reports.float_reasons import group_name, points_text, short_points, why_down

__all__ = ["BoardNote", "not_paired", "pairing_notes"]


@dataclass(frozen=True, slots=True)
class BoardNote:
    """The note of one board (``board`` None for a bye row), and whether it was changed by hand."""

    board: int | None
    white: str
    black: str | None
    note: str
    by_hand: bool = False


_STRENGTH = {"2": "absolute", "1": "strong", "0": "mild"}
_COLOUR = {"w": "White", "b": "Black"}


def _preference(state: PlayerState) -> str:
    """``absolute preference for White`` or ``no colour preference``."""
    code = state.preference
    if code == "nc" or len(code) != 2 or code[0] not in _COLOUR:
        return "no colour preference"
    strength = _STRENGTH.get(code[1], "")
    article = "an" if strength == "absolute" else "a"
    return f"{article} {strength} preference for {_COLOUR[code[0]]}"


def _last_difference(
    a: PlayerState, b: PlayerState
) -> tuple[tuple[int, str], tuple[int, str]] | None:
    """E.3's "most recent time in which one player had white and the other black": the two
    players' played games compared from the last one back, game by game (C.04.2 D.5: rounds
    without a game played are left out, so the two games may be of different rounds); each
    player's (round, colour) there, or None when their colours never differed."""
    for mine, theirs in zip(reversed(a.played), reversed(b.played), strict=False):
        if mine[1] != theirs[1]:
            return mine, theirs
    return None


def _alternation(first: PlayerState, second: PlayerState) -> str:
    """E.3's facts: the last time ``first`` and ``second`` had different colours."""
    found = _last_difference(first, second)
    if found is None:
        return "they never had different colours"
    (r1, c1), (r2, c2) = found
    if r1 == r2:
        return f"in round {r1}, {first.name} had {_COLOUR[c1]} and {second.name} {_COLOUR[c2]}"
    return (
        f"{first.name} had {_COLOUR[c1]} in round {r1} and {second.name} {_COLOUR[c2]} in "
        f"round {r2}, each one's games played counted back from the last (C.04.2 D.5)"
    )


def _rounds(played: tuple[tuple[int, str], ...]) -> str:
    """``round 3`` or ``rounds 1, 2, 4``."""
    return ("round " if len(played) == 1 else "rounds ") + ", ".join(str(r) for r, _ in played)


def _same_colours(first: PlayerState, second: PlayerState) -> str:
    """E.4's premise, the games E.3 compared: each player's games played, matched from his last
    one back over as many as the one with fewer played (C.04.2 D.5: a round without a game
    played, a bye or a forfeit, has no colour and is left out), all with the same colours.
    Named by their rounds, which may differ: two players whose colours differed in one round
    (Gros round 2: White and Black) may never differ so matched, and "they never had different
    colours" said alone was false to anyone reading the crosstable (issue 34)."""
    count = min(len(first.played), len(second.played))
    mine, theirs = (
        first.played[len(first.played) - count :],
        second.played[len(second.played) - count :],
    )
    colours = ", ".join(_COLOUR[c] for _, c in mine)
    rounds = (
        _rounds(mine)
        if [r for r, _ in mine] == [r for r, _ in theirs]
        else f"{first.name}'s {_rounds(mine)} and {second.name}'s {_rounds(theirs)}"
    )
    return (
        "compared game by game back from each one's last (C.04.2 D.5: rounds without a game "
        f"played are left out), they had the same colours, {colours}, in {rounds}"
    )


def _score(state: PlayerState) -> str:
    text = points_text(state.points)
    if state.pairing_score != state.points:
        extra = state.pairing_score - state.points
        return (
            f"{text} and {short_points(extra)} virtual (Baku acceleration): a pairing score of "
            f"{short_points(state.pairing_score)}"
        )
    return text


#: Who E.4 and E.5 favour: "the higher ranked player" of C.04.3 A.2's order, which is not the
#: standings' order (tie-breaks never enter it), so the words say which order.
HIGHER = "higher in the pairing order (score, then pairing number: C.04.3 A.2)"


def _higher(a: PlayerState, b: PlayerState) -> PlayerState:
    """The higher-ranked of two players (C.04.3 A.2: pairing score, then pairing number)."""
    return a if (a.pairing_score, -a.number) > (b.pairing_score, -b.number) else b


def _colour_reason(
    pair: AnalysedPair,
    players: Mapping[str, PlayerState],
    initial: str = "White",
    *,
    ruled: bool = False,
) -> str:
    """Why ``pair.white`` has White under ``pair.colour_rule`` (``initial``: the colour the top
    player had in round 1, C.04.3 E.5's initial colour), each fact the rule reads named.
    ``ruled``: the rule's colours where the board's were set by hand against it, said as what
    the rule would give ("would be met"), never as what the board has."""
    white, black = players[pair.white], players[pair.black or ""]
    met, both_met, gets = (
        ("would be met", "both would be met", "would get")
        if ruled
        else ("is met", "both are met", "gets")
    )
    rule = pair.colour_rule
    w_pref, b_pref = _preference(white), _preference(black)
    if rule == "E.1":
        if white.preference[:1] == "w" and black.preference[:1] == "b":
            return f"{white.name} has {w_pref} and {black.name} {b_pref}: {both_met} (C.04.3 E.1)."
        wants, other = (white, black) if white.preference[:1] == "w" else (black, white)
        return (
            f"only {wants.name} has a colour preference ({_preference(wants)}; {other.name} "
            f"has none), and it {met} (C.04.3 E.1)."
        )
    if rule == "E.2":
        # The player who gets the colour both want has the stronger preference; his is named
        # first, as the sentence names him first.
        stronger, weaker = (white, black) if white.preference[:1] == "w" else (black, white)
        if stronger.preference[1:] == weaker.preference[1:]:
            # Both absolute: "grant the wider colour difference" (E.2, A.6).
            return (
                f"both have {_preference(stronger)}; {stronger.name}'s colour difference "
                f"({stronger.colour_difference:+d}) is wider than {weaker.name}'s "
                f"({weaker.colour_difference:+d}), so {stronger.name}'s {met} (C.04.3 E.2)."
            )
        return (
            f"both want the same colour; {stronger.name}'s is the stronger preference "
            f"({_preference(stronger)} against {_preference(weaker)}) and {met} (C.04.3 E.2)."
        )
    if rule == "E.3":
        return (
            f"both have the same preference ({w_pref}); the colours alternate from the last time "
            f"they had different colours: {_alternation(white, black)} (C.04.3 E.3)."
        )
    if rule == "E.4":
        higher = _higher(white, black)
        return (
            f"both have the same preference ({w_pref}); {_same_colours(white, black)} (E.3 "
            f"cannot decide); {higher.name}, {HIGHER}, {gets} the preferred colour (C.04.3 E.4)."
        )
    if rule == "E.5":
        higher = _higher(white, black)
        number = higher.pairing_number or higher.number
        odd = number % 2 == 1
        opposite = "Black" if initial == "White" else "White"
        colour = f"the initial colour, {initial}" if odd else f"the other colour, {opposite}"
        counted = (
            ""
            if number == higher.number
            else f"; start No. {higher.number}, less the players above {higher.name} never paired"
        )
        return (
            f"neither has a colour preference: {higher.name}, {HIGHER}, has an "
            f"{'odd' if odd else 'even'} pairing number ({number}{counted}) and {gets} {colour} "
            "(C.04.3 E.5)."
        )
    return ""


def _note(
    pair: AnalysedPair, analysis: RoundAnalysis, initial: str, met: Mapping[frozenset[str], int]
) -> str:
    players = analysis.players
    white = players[pair.white]
    if pair.black is None:
        before = (
            "has had a pairing-allocated bye before (against C.04.3 C.2)"
            if white.had_bye
            else "has not had a pairing-allocated bye before (C.04.3 C.2)"
        )
        return (
            f"{white.name} ({_score(white)}) gets the pairing-allocated bye: "
            f"{why_down(white.name, analysis, met)}, the lowest group left, and {before}."
        )
    black = players[pair.black]
    sentences = []
    if white.pairing_score == black.pairing_score and _score(white) == _score(black):
        sentences.append(
            f"{white.name} and {black.name} both have {_score(white)} "
            f"({group_name(white.pairing_score)})."
        )
    elif white.pairing_score == black.pairing_score:
        # The same pairing score from different points (Baku's virtual points): each said.
        sentences.append(
            f"{white.name} ({_score(white)}) and {black.name} ({_score(black)}) both have a "
            f"pairing score of {short_points(white.pairing_score)} "
            f"({group_name(white.pairing_score)})."
        )
    else:
        high, low = (white, black) if white.pairing_score > black.pairing_score else (black, white)
        sentences.append(
            f"{high.name} ({_score(high)}) floats down, {why_down(high.name, analysis, met)}, to "
            f"meet {low.name} ({_score(low)})."
        )
    if pair.rules_white in (None, pair.white):
        sentences.append(f"White: {white.name}; {_colour_reason(pair, players, initial)}")
    else:
        # The colours were set by hand against the rule: the rule's reasoning is said for the
        # colours it gives, never as the reason for the board's.
        ruled = AnalysedPair(
            black.name, white.name, pair.colour_rule, pair.met_before, pair.bracket, black.name
        )
        sentences.append(
            f"White: {white.name}, set by hand; the colour rules give {black.name} White: "
            f"{_colour_reason(ruled, players, initial, ruled=True)}"
        )
    # Each sentence opens with a name or "White": never recased (a name is spelt as typed).
    return " ".join(sentences)


def _audit(
    entries: list[SwissEntry],
    analysis: RoundAnalysis,
    by_pair: Mapping[tuple[str, str | None], AnalysedPair],
) -> dict[tuple[str, str | None], str]:
    """What a hand-made board breaks or keeps, for each board that is not the rules' pairing
    (``by_pair``: the analysis's pairs by White and Black)."""
    if analysis.prescribed is None:
        return {}
    prescribed = set(analysis.prescribed)
    partner = {}
    for w, b in analysis.prescribed:
        partner[w] = b
        if b:
            partner[b] = w
    found: dict[tuple[str, str | None], str] = {}
    for entry in entries:
        key = (entry.white, entry.black)
        if key in prescribed:
            continue
        if entry.black is not None and (entry.black, entry.white) in prescribed:
            found[key] = (
                f"Changed by hand: the colours are swapped; the rules give {entry.black} White "
                "(C.04.3 E). "
            )
            continue
        players = analysis.players
        gives = [
            f"{n} against {partner[n]}" if partner.get(n) else f"{n} the bye"
            for n in entry.players()
            if n in partner
        ]
        checks = []
        pair = by_pair.get(key)
        if entry.black is not None:
            white, black = players[entry.white], players[entry.black]
            met = pair.met_before if pair else 0
            both = f"{white.name} and {black.name}"
            checks.append(
                f"{both} had already met (breaks C.04.3 C.1)"
                if met
                else f"{both} had not met before (C.1 kept)"
            )
            gap = abs(white.pairing_score - black.pairing_score)
            scores = f"{short_points(white.pairing_score)} and {short_points(black.pairing_score)}"
            checks.append(
                "the same score" if not gap else f"scores {scores}, {short_points(gap)} apart"
            )
            for side, state in (("White", white), ("Black", black)):
                code = state.preference
                wanted = _COLOUR.get(code[:1])
                if wanted and wanted != side:
                    strength = _STRENGTH.get(code[1:], "")
                    rule = " (breaks C.04.3 C.3)" if strength == "absolute" else ""
                    checks.append(
                        f"{state.name}'s {strength} preference for {wanted} not met{rule}"
                    )
        else:
            state = players[entry.white]
            checks.append(
                f"{state.name} had a pairing-allocated bye before (breaks C.04.3 C.2)"
                if state.had_bye
                else f"{state.name} had no pairing-allocated bye before (C.2 kept)"
            )
        said = "; ".join(checks)
        gave = "; ".join(gives) or "another pairing"
        found[key] = (
            f"Changed by hand: the rules give {gave}{'' if gave.endswith('.') else '.'} {said}. "
        )
    return found


def pairing_notes(event: SwissEvent, analysis: RoundAnalysis) -> list[BoardNote]:
    """A note for every board of the round, in board order (the bye last)."""
    entries = sorted(
        event.round_entries(analysis.round),
        key=lambda e: (e.black is None, e.board or 1 << 30, e.white),
    )
    by_pair = {(p.white, p.black): p for p in analysis.pairs}
    audit = _audit(entries, analysis, by_pair)
    initial = "White" if event.settings.first_colour == "white" else "Black"
    met = {
        frozenset((e.white, e.black)): e.round
        for e in sorted(event.entries, key=lambda e: -e.round)
        if e.black and e.round < analysis.round
    }  # the first round each two met in
    notes = []
    for entry in entries:
        key = (entry.white, entry.black)
        pair = by_pair.get(key)
        turned = by_pair.get((entry.black or "", entry.white))
        if pair is None and turned is not None:  # read with the colours the other way round
            pair = replace(turned, white=entry.white, black=entry.black)
        if entry.black is None and pair is None:
            notes.append(BoardNote(None, entry.white, None, _unpaired(event, entry)))
            continue
        if pair is None:
            text = "This board is not one the rules' analysis reads."
        else:
            text = _note(pair, analysis, initial, met)
        changed = audit.get(key, "")
        notes.append(
            BoardNote(entry.board, entry.white, entry.black, changed + text, bool(changed))
        )
    return notes


def not_paired(event: SwissEvent, name: str, round_number: int) -> str:
    """Why ``name`` has no row at all in a round (no board, no bye): he withdrew (Swiss Players'
    ``Withdrawn``: the first round he no longer plays), or nothing says why."""
    player = next(p for p in event.players if p.name == name)
    if not player.plays_in(round_number):
        assert player.withdrawn is not None  # plays in every round otherwise
        if player.withdrawn <= 1:
            return f"{name} withdrew before round 1: not paired."
        return (
            f"{name} withdrew after round {player.withdrawn - 1}: not paired from round "
            f"{player.withdrawn}."
        )
    return f"{name} has no board and no bye in round {round_number}."


def _unpaired(event: SwissEvent, entry: SwissEntry) -> str:
    """Why a player with a bye row the pairing did not give is not paired: he asked for the bye,
    or he was not in the event yet. A late entrant (C.04.2 art. 2.4) has nothing but zero-point
    absences up to this round: that is how a TRF's blank rounds are read
    (:mod:`ratingbook.trf.absences`); he asked for nothing."""
    name, kind = entry.white, entry.result
    rows = [e for e in event.entries if name in e.players() and e is not entry]
    if kind is Result.ZERO_POINT_BYE and all(
        e.result is Result.ZERO_POINT_BYE for e in rows if e.round < entry.round
    ):
        first = min((e.round for e in rows if e.result is not Result.ZERO_POINT_BYE), default=None)
        if first is not None and first > entry.round:
            return f"{name} entered late (from round {first}): not in the event yet."
        return f"{name} has not played yet (a zero-point absence in every round so far)."
    return f"{name} asked for a bye ({kind.value if kind else 'bye'}): not paired this round."
