"""``ratingbook check``: an event's TRF file checked against the rules, each problem a sentence
naming the round, the board and the rule.

- **Pairings**, round by round, by gacrux's pairing checker
  (:func:`ratingbook.fide.gacrux.checker.check_trf_rounds`): the Dutch system (C.04.3), the
  Berger tables of a round robin (C.05 Annex 1) or the team Swiss (C.04.6), as the file's
  pairing-system record says. A round differs when its pairs, White first, are not the ones
  the rules give from the rounds before it; each difference is said with what breaks it where
  the rules name it: a repeated game ([C1]), a second pairing-allocated bye ([C2]), two
  players with the same absolute colour preference ([C3]), a third colour in a row or a colour
  difference over 2 (C.04.1 f, g), colours against the colour rules (E.1-E.5).
- **Standings**: the ranks the file states (001 columns 86-89) against the event's tie-break
  list (202/212) computed by gacrux (:func:`ratingbook.fide.gacrux.fide_standings`, C.07): a
  player ranked above one the list puts ahead is a problem naming the first value that
  separates them. Players the list leaves tied may stand in any order (a drawing of lots or
  the start number decides). Without a list, only the points are checked.

The file is read as ``trf import`` reads it (:mod:`ratingbook.trf.importer`, every program's
spellings, a penalty's ½-0, 0-½ and 0-0 among them) and handed to gacrux as ratingbook writes
it; a file ratingbook cannot read (a pair of result letters it has no word for) is checked as
gacrux reads it, its pairings only, and the report says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ratingbook.core.counts import many
from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.events.adjourned import adjourned_when_paired, games_named
from ratingbook.events.as_paired import correction_notes
from ratingbook.events.codes import TIEBREAK_NAMES
from ratingbook.events.event import SwissEntry, SwissEvent
from ratingbook.events.team import TeamEvent
from ratingbook.fide.gacrux.checker import (
    SYSTEMS,
    CheckedPair,
    RoundCheck,
    check_paired_rounds,
    check_trf_rounds,
)
from ratingbook.reports.trf_ranks import file_ranks, typed_points

__all__ = [
    "CheckReport",
    "check_individual_trf",
    "check_team_trf",
    "pairing_problems",
    "standings_problems",
]


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What was checked (``checked``: in words) and what was found: one sentence a problem,
    and ``notes`` for what could not be checked."""

    checked: str
    problems: tuple[str, ...]
    notes: tuple[str, ...] = ()


# --- pairings ------------------------------------------------------------------------------------


def _colour(letter: str) -> str:
    return "White" if letter == "w" else "Black"


def _colour_breaks(check: RoundCheck, player: int, letter: str) -> list[str]:
    """What the colour ``letter`` given to ``player`` breaks of C.04.1 f and g (a topscorer
    excepted, C.04.3 A.7, as the Dutch rules say; a round robin's table decides colours)."""
    state = check.players.get(player)
    if state is None or check.system != "dutch" or state.topscorer:
        return []
    after = state.colours + letter
    broken = []
    if len(after) >= 3 and len(set(after[-3:])) == 1:
        broken.append(f"a third {_colour(letter)} in a row (C.04.1 g)")
    difference = after.count("w") - after.count("b")
    if abs(difference) > 2:
        broken.append(f"a colour difference of {abs(difference)} (C.04.1 f)")
    return broken


def _partner(pairs: Sequence[CheckedPair], player: int) -> int | None:
    """Whom ``pairs`` pair ``player`` with (0 the bye), None when not at all."""
    for pair in pairs:
        if pair.white == player:
            return pair.black
        if pair.black == player:
            return pair.white
    return None


def _why_not(check: RoundCheck, pair: CheckedPair, names: Mapping[int, str]) -> list[str]:
    """The absolute criteria and colour rules the file's ``pair`` breaks, in words."""
    white, black = names[pair.white], names[pair.black]
    why = []
    if pair.met_before and check.system != "berger":
        times = "once" if pair.met_before == 1 else f"{pair.met_before} times"
        why.append(f"they met {times} before ([C1]: no two players meet twice)")
    a, b = check.players.get(pair.white), check.players.get(pair.black)
    if (
        check.system == "dutch"
        and a is not None
        and b is not None
        and a.preference == b.preference
        and a.preference in ("w2", "b2")
        and not (a.topscorer or b.topscorer)
    ):
        colour = _colour(a.preference[0])
        why.append(f"both must have {colour} ([C3]: absolute colour preferences)")
    why += [f"{white} gets {w}" for w in _colour_breaks(check, pair.white, "w")]
    why += [f"{black} gets {w}" for w in _colour_breaks(check, pair.black, "b")]
    return why


def _with(pairs: Sequence[CheckedPair], player: int, names: Mapping[int, str]) -> str:
    partner = _partner(pairs, player)
    if partner is None:
        return f"leave {names[player]} unpaired"
    if partner == 0:
        return f"give {names[player]} the pairing-allocated bye"
    return f"pair {names[player]} with {names[partner]}"


def _round_problems(check: RoundCheck, names: Mapping[int, str]) -> list[str]:
    rules = SYSTEMS[check.system]
    at = f"round {check.round}"
    if check.prescribed is None:
        return [
            f"{at}: {rules} give no pairing of this round from the rounds before it "
            f"({check.refusal}), so the file's pairing cannot be theirs"
        ]
    prescribed = check.prescribed
    given = {(p.white, p.black) for p in prescribed}
    unordered = {frozenset((p.white, p.black)): p for p in prescribed}
    problems = []
    for pair in check.pairs:
        if (pair.white, pair.black) in given:
            continue
        white = names[pair.white]
        if pair.black == 0:
            holder = [p.white for p in prescribed if p.black == 0]
            if holder:
                where = f"the rules give it to {names[holder[0]]}"
            else:
                where = f"the rules {_with(prescribed, pair.white, names)}"
            state = check.players.get(pair.white)
            again = (
                f"; {white} had one already ([C2]: one pairing-allocated bye a player)"
                if state is not None and state.had_bye
                else ""
            )
            problems.append(f"{at}: {white} has the pairing-allocated bye, but {where}{again}")
            continue
        black = names[pair.black]
        board = f"{at}, {'table' if check.system == 'fideteam' else 'board'} {pair.board}"
        same = unordered.get(frozenset((pair.white, pair.black)))
        if same is not None:
            rule = f" ({same.colour_rule})" if same.colour_rule else ""
            problems.append(
                f"{board}: {white} has White against {black}, but the colour rules{rule} of "
                f"{rules} give White to {black}"
                + "".join(f"; {white} gets {w}" for w in _colour_breaks(check, pair.white, "w"))
            )
            continue
        why = _why_not(check, pair, names)
        problems.append(
            f"{board}: {white} - {black} is not the pairing of {rules}"
            + (f": {'; '.join(why)}" if why else "")
            + f" (the rules {_with(prescribed, pair.white, names)} and "
            f"{_with(prescribed, pair.black, names)})"
        )
    in_file = {n for p in check.pairs for n in (p.white, p.black) if n}
    for pair in prescribed:
        for player in (pair.white, pair.black):
            if player and player not in in_file:
                problems.append(
                    f"{at}: {names[player]} is not paired in the file, but the rules "
                    f"{_with(prescribed, player, names)}"
                )
    if not problems:  # the checker's verdict stands even where no pair says why
        problems.append(f"{at}: the pairing is not the one {rules} give")
    return problems


def pairing_problems(checks: Sequence[RoundCheck], names: Mapping[int, str]) -> list[str]:
    """Each round that is not the pairing the rules give, in sentences (``names``: by start
    number; a number without a name is said as ``player N``)."""
    named = _Names(names)
    return [line for check in checks if not check.agrees for line in _round_problems(check, named)]


class _Names(dict[int, str]):
    """Start numbers to names; an unnamed number is ``player N``."""

    def __missing__(self, number: int) -> str:
        return f"player {number}"


# --- standings -----------------------------------------------------------------------------------


def _value(value: Fraction | float | int | None) -> str:
    if value is None:
        return "none"
    number = Fraction(value).limit_denominator(1000)
    if number.denominator == 1:
        return str(number.numerator)
    return f"{float(number):g}"


#: The first value on which two competitors differ, (what, the first's, the second's), or None.
_Key = tuple[str, Fraction | float | int | None, Fraction | float | int | None]


def _first_difference(keys: Sequence[_Key]) -> _Key | None:
    return next((key for key in keys if key[1] != key[2]), None)


def _rank_problems(
    stated: Mapping[str, int],
    rank: Mapping[str, int],
    order: Mapping[str, int],
    separated: Callable[[str, str], _Key | None],
    after: str,
    rules: str,
) -> list[str]:
    """Each place where the ranks ``stated`` (by name) break the ranks the rules give
    (``rank``, ties sharing one; ``order``: how to list equals, the start numbers): a rank
    shared by competitors the rules do not leave tied (C.07: a place is shared only by those
    equal on the main score and on every tie-break), and one ranked above another the rules
    put ahead. Competitors the rules leave tied may share a rank or stand in any order (a
    drawing of lots or the start number decides). ``separated(a, b)``: the first value on
    which ``a`` is ahead of ``b``; ``rules``: the list, said in each sentence's brackets."""
    groups: dict[int, list[str]] = {}
    for name in stated:
        if name in rank:
            groups.setdefault(stated[name], []).append(name)
    for group in groups.values():
        group.sort(key=lambda n: (rank[n], order[n]))

    def reason(ahead: str, behind: str) -> str:
        key = separated(ahead, behind)
        if key is None:
            return f"the tie-break list ranks {ahead} {rank[ahead]} and {behind} {rank[behind]}"
        return f"{ahead} is ahead on {key[0]} ({_value(key[1])} against {_value(key[2])})"

    problems = []
    for place in sorted(groups):  # within a shared rank: each against the next behind him
        for upper, lower in itertools.pairwise(groups[place]):
            if rank[upper] != rank[lower]:
                problems.append(
                    f"{after}: {upper} and {lower} share rank {place} in the file, but "
                    f"{reason(upper, lower)}, so they are not tied ({rules})"
                )
    # Between ranks: each of a rank against each of the next rank down (a misplaced competitor
    # is always out of order with a neighbouring rank, so no wrong order goes unsaid).
    for high, low in itertools.pairwise(sorted(groups)):
        for upper in groups[high]:
            for lower in groups[low]:
                if rank[upper] > rank[lower]:
                    problems.append(
                        f"{after}: {upper} is ranked {high} in the file, above {lower} ({low}), "
                        f"but {reason(lower, upper)} ({rules})"
                    )
    return problems


def standings_problems(event: SwissEvent, stated: Mapping[str, int]) -> list[str]:
    """Each place where the ranks ``stated`` (by name) break the event's tie-break list
    (:func:`_rank_problems`: a shared rank the list does not leave tied, a player above one it
    puts ahead); while a round is in progress, the ranks a file states then
    (:mod:`ratingbook.reports.trf_ranks`: the points of every result typed first)."""
    from ratingbook.fide.gacrux import fide_standings

    codes = event.settings.tiebreaks
    standings = fide_standings(event, codes)
    computed = {line.name: line for line in standings.lines}
    ranks = {name: line.rank for name, line in computed.items()}
    after = f"standings after round {standings.after_round}"
    typed = typed_points(event)  # once: the file's ranks and the keys below both read it
    if typed is not None:
        ranks = file_ranks(ranks, typed)
        after += " and the results typed since"

    def separated(upper: str, lower: str) -> _Key | None:
        a, b = computed[upper], computed[lower]
        keys: list[_Key] = [("points", a.points, b.points)]
        if typed is not None:
            counted = f"points after round {standings.after_round}"
            keys = [("points", typed[upper], typed[lower]), (counted, a.points, b.points)]
        keys += [
            (TIEBREAK_NAMES.get(code.split("/")[0], code) + f" ({code})", va, vb)
            for code, va, vb in zip(codes, a.values, b.values, strict=False)
        ]
        return _first_difference(keys)

    listed = " ".join(codes) if codes else "points only"
    return _rank_problems(
        stated, ranks, event.start_numbers(), separated, after, f"tie-break list: {listed}; C.07"
    )


# --- a file --------------------------------------------------------------------------------------


def _checked(checks: Sequence[RoundCheck]) -> str:
    if not checks:
        return "no paired round"
    return f"{many(len(checks), 'round')} by {SYSTEMS[checks[0].system]}"


def _as_gacrux_reads(text: str, error: RatingbookError) -> CheckReport:
    """A file ratingbook cannot read, checked as gacrux reads it (its pairings only); when
    gacrux cannot read it either, ratingbook's own error stands."""
    try:
        checks = check_trf_rounds(text)
    except RatingbookError:
        raise error from None
    first = str(error).splitlines()[0]
    names = {number: name for name, number in _numbers_of(text).items()}
    return CheckReport(
        _checked(checks),
        tuple(pairing_problems(checks, names)),
        (
            f"ratingbook cannot read this file ({first}): its pairings are checked as gacrux "
            "reads it, its standings are not checked",
        ),
    )


def _numbers_of(text: str) -> dict[str, int]:
    """Names by start number as written in the 001 records (for a file only gacrux reads)."""
    numbers = {}
    for line in text.splitlines():
        if line.startswith("001 ") and line[4:8].strip().isdigit():
            numbers[" ".join(line[14:47].split())] = int(line[4:8])
    return numbers


def _book_boards(
    check: RoundCheck, names: Mapping[int, str], boards: Mapping[tuple[int, str, str | None], int]
) -> RoundCheck:
    """``check`` with each of the file's pairs on the board the book gives it (its Board
    column), where it gives one."""

    def board(pair: CheckedPair) -> int:
        black = names.get(pair.black) if pair.black else None
        return boards.get((check.round, names.get(pair.white, ""), black), pair.board)

    return replace(check, pairs=tuple(replace(p, board=board(p)) for p in check.pairs))


def _game_order(game: SwissEntry) -> tuple[int, int]:
    return game.round, game.board or 0


def _listed(rounds: Sequence[int]) -> str:
    return (
        ", ".join(map(str, rounds[:-1])) + " and " + str(rounds[-1])
        if len(rounds) > 1
        else str(rounds[0])
    )


def _unplayed_note(last: int) -> str:
    return (
        f"round {last} is paired and not played yet: its pairing is checked (it depends on the "
        "rounds before it only)"
    )


def _ahead_note(rounds: Sequence[int]) -> str:
    """A round robin's rounds paired and not played yet (an individual or a team event's)."""
    one = len(rounds) == 1
    return (
        f"round{'' if one else 's'} {_listed(rounds)} {'is' if one else 'are'} paired and "
        f"not played yet: {'its pairing is' if one else 'their pairings are'} checked (the "
        "Berger tables pair a round robin by start number, whatever the results)"
    )


def check_individual_trf(
    text: str,
    *,
    book: bool = False,
    typed: Mapping[str, Fraction | None] | None = None,
    boards: Mapping[tuple[int, str, str | None], int] | None = None,
) -> CheckReport:
    """An individual event's TRF text checked: its pairings round by round and its stated
    ranks against its tie-break list. ``book``: the text is a book's TRF export, so a note
    about what the text lacks names the book's setting, not the file's records. ``typed``: the
    tie-break values typed by hand (``MAN``) the book holds, by name, which stand for the ones
    the file's log gives (a value typed before round 1 or outside FIDE mode is in no log);
    without it the file's are used (its ``### Manual Tie-break`` lines, read by the import).
    ``boards``: the book's board numbers (its Board column, by round, White and Black), which a
    problem names; without them a board is numbered in C.04.2's order on the results the round
    was paired on (:mod:`ratingbook.events.as_paired`), as the checker reads it."""
    from ratingbook.trf.importer import import_trf

    try:
        imported = import_trf(text)
    except RatingbookError as error:
        return _as_gacrux_reads(text, error)
    event = imported.event
    if typed is not None:
        event = replace(
            event,
            players=tuple(replace(p, tiebreak_value=typed.get(p.name)) for p in event.players),
        )
    # Withdrawals are not written ahead: the checker reads the rounds paired only. The last
    # round paired without its results is checked too: gacrux's checker reads a round once it
    # has results, and a round's pairing depends on the rounds before it only, so its games
    # are given to the checker as draws (the checker's copy alone; nothing else reads them).
    # A round robin's every game paired and not played yet likewise (`pair --all` pairs every
    # round at once): the Berger tables pair by start number, whatever the results.
    ahead = event.pending() if event.settings.round_robin else []
    last = event.paired_rounds
    complete = last and not ahead and event.standings_round == last - 1
    unplayed = [e for e in event.round_entries(last) if e.result is None] if complete else []
    checked = event
    if unplayed or ahead:
        pending = frozenset(id(e) for e in [*unplayed, *ahead])
        checked = replace(
            event,
            entries=tuple(
                replace(e, result=Result.DRAW) if id(e) in pending else e for e in event.entries
            ),
        )
    # A round paired while a game was adjourned is checked with that game a draw, as it was
    # paired (Q157), whatever the game's result since: the file's log says when
    # (`pairing_views`, which says its reading where the log is silent).
    checks = check_paired_rounds(checked, imported.log)
    names = {number: name for name, number in event.start_numbers().items()}
    if boards:
        checks = [_book_boards(check, names, boards) for check in checks]
    problems = pairing_problems(checks, names)
    # What the reading of a file noted about its records (a result symbol TRF does not know,
    # points that differ from the round entries), as `trf import` says it: the checks below
    # read the file so. A book's export is ratingbook's own text: nothing to say there. The
    # warnings about running the event in a Swiss book (`running`) are the import's alone.
    running = set(imported.running)
    notes = (
        []
        if book
        else [f"read as `trf import` reads it: {w}" for w in imported.warnings if w not in running]
    )
    adjourned = adjourned_when_paired(checked, imported.log)
    for game in sorted({g for games in adjourned.values() for g in games}, key=_game_order):
        rounds = sorted(n for n, games in adjourned.items() if game in games)
        many = len(rounds) > 1
        named = f"round{'s' if many else ''} {_listed(rounds)}"
        if game.result is Result.ADJOURNED:
            said = f"is adjourned (no result yet): {named}, paired since, {'are' if many else 'is'}"
        else:
            said = (
                f"was adjourned when {named} {'were' if many else 'was'} paired: "
                f"{'they are' if many else 'it is'}"
            )
        notes.append(
            f"{games_named([game])} {said} checked with it a draw, as paired (FIDE's "
            "checklist, Q157)"
        )
    if ahead:
        notes.append(_ahead_note(sorted({e.round for e in ahead})))
    # A result corrected after a round was paired: that round is judged on the result then.
    notes += correction_notes(checked, imported.log)
    if unplayed:
        notes.append(_unplayed_note(last))
    # The ranks as the import read them (001 columns 86-89, read by `rank_in`), by the names
    # the event has: a name written twice is told apart, not dropped.
    stated = dict(imported.stated)
    codes = " ".join(event.settings.tiebreaks)
    if not stated:
        notes.append("the file states no ranks (001 columns 86-89): standings not checked")
        standings = ""
    else:
        problems += standings_problems(event, stated)
        standings = f"; standings by {codes}" if codes else "; standings by points only"
        unranked = [p.name for p in event.players if p.name not in stated]
        if unranked:  # a rank left blank or slid out of its columns: said, never skipped
            shown = ", ".join(unranked[:5]) + (
                f" and {len(unranked) - 5} more" if len(unranked) > 5 else ""
            )
            notes.append(
                f"{len(unranked)} of {len(event.players)} players state no rank (001 columns "
                f"86-89): {shown}, left out of the standings check"
            )
        if not codes and book:
            # A book with an empty Tie-breaks setting ranks by the seed order, which has no
            # FIDE code, so its export names no list (the setting's one home: events/settings).
            notes.append(
                "the book's Tie-breaks setting is empty (its standings use the seed order, "
                "which is not a FIDE tie-break list): ranks checked by points"
            )
        elif not codes:
            notes.append("the file names no tie-break list (202/212): ranks checked by points")
    return CheckReport(_checked(checks) + standings, tuple(problems), tuple(notes))


def team_standings_problems(event: TeamEvent, stated: Mapping[str, int]) -> list[str]:
    """Each place where the ranks ``stated`` (by team) break the event's main score and
    tie-break list (gacrux's team tie-breaks, C.07; :func:`_rank_problems`: a shared rank they
    do not leave tied, a team above one they put ahead)."""
    from ratingbook.fide.gacrux.team_tiebreaks import TEAM_TIEBREAK_CODES, team_standings

    standings = team_standings(event)
    computed = {line.team: line for line in standings.lines}
    by_games = event.settings.game_points_rank
    main = "game points" if by_games else "match points"

    def separated(upper: str, lower: str) -> _Key | None:
        a, b = computed[upper], computed[lower]
        first = (a.game_points, b.game_points) if by_games else (a.match_points, b.match_points)
        keys: list[_Key] = [(main, *first)]
        keys += [
            (f"{TEAM_TIEBREAK_CODES[code.split('/')[0]].split(':')[0]} ({code})", va, vb)
            for code, va, vb in zip(standings.codes, a.values, b.values, strict=False)
        ]
        return _first_difference(keys)

    listed = " ".join(standings.codes) or "none"
    return _rank_problems(
        stated,
        {team: line.rank for team, line in computed.items()},
        event.pairing_numbers(),
        separated,
        f"standings after round {standings.after_round}",
        f"main score: {main}; tie-break list: {listed}; C.07",
    )


def _team_as_played(event: TeamEvent) -> tuple[TeamEvent, tuple[int, ...]] | None:
    """The checker's copy of a team event with paired boards not played, and their rounds: a
    round robin's every such board (``pair --all``: the Berger tables pair by pairing number,
    whatever the results), else the last round's when the rounds before it are complete. Each
    is given a stand-in result (a draw; a forfeit where a side has no player), so gacrux's
    checker, which reads a round once it has results, checks its pairing too. None when there
    is no such board."""
    from ratingbook.fide.gacrux.team_tiebreaks import last_complete_round

    last = event.paired_rounds
    if event.settings.round_robin:
        ahead = {g.round for g in event.games if g.result is None and g.round <= last}
    elif last and last_complete_round(event) == last - 1:
        ahead = {last}
    else:
        ahead = set()
    if not ahead:
        return None
    stand_in = {
        (True, True): Result.DRAW,
        (True, False): Result.WHITE_WINS_BY_FORFEIT,
        (False, True): Result.BLACK_WINS_BY_FORFEIT,
        (False, False): Result.DOUBLE_FORFEIT,
    }
    games = tuple(
        replace(g, result=stand_in[g.white is not None, g.black is not None])
        if g.round in ahead and g.result is None
        else g
        for g in event.games
    )
    return replace(event, games=games), tuple(sorted(ahead))


def check_team_trf(text: str) -> CheckReport:
    """A team event's TRF text checked: its pairings (C.04.6 or the Berger tables) round by
    round as gacrux reads them, each on the results it was paired on (its ``###`` log), and
    the ranks its 310 records state against its main score and tie-break list."""
    from ratingbook.trf.log_comments import read_text_log
    from ratingbook.trf.team_records import import_team_trf, stated_team_ranks

    try:
        event = import_team_trf(text)
    except RatingbookError as error:
        return _as_gacrux_reads(text, error)
    checked, ahead = _team_as_played(event) or (event, ())
    log = read_text_log(text).log
    checks = check_paired_rounds(checked, log, "the team event")
    names = {number: name for name, number in event.pairing_numbers().items()}
    problems = pairing_problems(checks, names)
    stated = stated_team_ranks(text)
    notes = [] if not ahead else [_unplayed_note(ahead[-1])]
    notes = [_ahead_note(ahead)] if ahead and event.settings.round_robin else notes
    notes += correction_notes(checked, log)
    if not stated:
        notes.append("the file states no team ranks (310 columns 69-71): standings not checked")
        standings = ""
    else:
        problems += team_standings_problems(event, stated)
        main = "GPTS" if event.settings.game_points_rank else "MPTS"
        standings = f"; standings by {' '.join((main, *event.settings.tiebreaks))}"
    return CheckReport(_checked(checks) + standings, tuple(problems), tuple(notes))
