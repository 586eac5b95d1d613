"""FIDE mode's changes to the results of rounds paired: which are logged, how hard.

This module alone decides which differences in the results of rounds already paired are logged
changes and the warning level of each: a result corrected (:func:`round_corrections`, at the
level :mod:`~ratingbook.events.fide_mode.corrections`'s rule gives; its row, an individual or
a team event's, :func:`correction_change`), a game adjourned when a
later round was paired and an adjourned game's result entered (FIDE's checklist, Q160 and
Q162-163), a round paired while older games are still adjourned (:func:`left_behind`, Q168),
and a rating-report-only correction (:func:`rating_changes`). The order they are logged in is
:mod:`~ratingbook.events.fide_mode.changes`'s. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ratingbook.core.counts import many
from ratingbook.core.results import Result
from ratingbook.events.fide_mode.corrections import correction_level, correction_warning
from ratingbook.events.fide_mode.log import LogKind, WarningLevel, adjourned_board_text
from ratingbook.events.fide_mode.logged_change import LoggedChange
from ratingbook.events.fide_mode.state import EventState, Game

__all__ = ["correction_change", "left_behind", "rating_changes", "round_corrections"]


def rating_changes(
    old: EventState, new: EventState, numbers: Mapping[str, int]
) -> list[LoggedChange]:
    """A rating-report-only correction added (or taken away): level 3."""
    out: list[LoggedChange] = []
    for text, added in [
        *((t, True) for t in sorted(set(new.rating) - set(old.rating))),
        *((t, False) for t in sorted(set(old.rating) - set(new.rating))),
    ]:
        number, white, black, played, rated = text.split("|")
        game = f"{white} - {black}"
        board = f"{numbers.get(white, 0)}-{numbers.get(black, 0)}"
        out.append(
            LoggedChange(
                LogKind.RATING_CORRECTION,
                int(number),
                f"{board}: {played}" if added else f"{board}: {rated} (rating report only)",
                f"{rated} (rating report only)" if added else played,
                WarningLevel.CONFIRM,
                f"Rating correction round {number}",
                f"{game}: the rating report counts {rated if added else played}; pairings and "
                "standings keep the result as played",
            )
        )
    return out


#: A game's result in the state when it is adjourned, and when it is a draw (the one result an
#: adjourned game may end with and no warning: its provisional score was a draw already).
_ADJOURNED, _DRAW = Result.ADJOURNED.value, Result.DRAW.value


def _adjournments(
    old: EventState, new: EventState, number: int, last: int, numbers: Mapping[str, int]
) -> list[LoggedChange]:
    """Round ``number``'s adjournments: a game adjourned when a later round was paired (level
    2, Q160), an adjourned game's result entered (a draw logged, any other result level 3 in
    any round: Q162-163; never refused, an adjourned game's result may come at any time)."""
    before = {(w, b): res for r, w, b, res in old.games if r == number}
    out: list[LoggedChange] = []
    for r, w, b, res in new.games:
        was = before.get((w, b))
        if r != number or was is None or was == res or _ADJOURNED not in (was, res):
            continue
        game, board = f"{w} - {b}", f"{numbers.get(w, 0)}-{numbers.get(b, 0)}"
        if res == _ADJOURNED and not was and number < last:
            out.append(
                LoggedChange(
                    LogKind.ADJOURNMENT,
                    number,
                    adjourned_board_text(board, None),
                    _ADJOURNED,
                    WarningLevel.ACKNOWLEDGE,
                    warning=f"{game} (round {number}) had no result when round {last} was "
                    "paired: adjourned, it counts as a draw for pairing until its result is "
                    "entered",
                    by_hand=False,  # the pairing's: its undo leaves the results typed since
                )
            )
        elif was == _ADJOURNED and res:
            level = 0 if res == _DRAW else WarningLevel.CONFIRM
            out.append(
                LoggedChange(
                    LogKind.ADJOURNMENT,
                    number,
                    adjourned_board_text(board, _ADJOURNED),
                    res,
                    level,
                    f"Adjournment round {number}" if level else "",
                    f"{game}: the adjourned game ends {res}, not the draw it counted as in the "
                    f"pairing of every round after round {number}"
                    if level
                    else "",
                )
            )
    return out


def left_behind(
    new: EventState, engine: set[int], numbers: Mapping[str, int]
) -> list[LoggedChange]:
    """A round paired while an adjourned game remains in a round before the last completed one
    (level 2, Q168): one warning naming each such game."""
    last = new.paired_rounds
    if last not in engine:
        return []
    games = [(r, w, b) for r, w, b, res in new.games if res == _ADJOURNED and r < last - 1]
    if not games:
        return []
    named = ", ".join(
        f"round {r} {numbers.get(w, 0)}-{numbers.get(b, 0)} ({w} - {b})" for r, w, b in games
    )
    return [
        LoggedChange(
            LogKind.ADJOURNMENT,
            last,
            "",
            f"round {last} paired with {len(games)} adjourned from before round {last - 1}",
            WarningLevel.ACKNOWLEDGE,
            warning=f"round {last} paired while {_of_rounds(games)} still adjourned, older "
            f"than round {last - 1}, the last round played: {named}; each counts as a draw until "
            "its result is entered",
            by_hand=False,
        )
    ]


def _of_rounds(games: Sequence[tuple[int, str, str]]) -> str:
    """The adjourned ``games`` by their rounds (``2 games of rounds 1 and 3 are``).

    >>> _of_rounds([(3, "a", "b")])
    '1 game of round 3 is'
    >>> _of_rounds([(1, "a", "b"), (3, "c", "d"), (1, "e", "f")])
    '3 games of rounds 1 and 3 are'
    """
    rounds = [str(r) for r in sorted({r for r, _, _ in games})]
    which = " and ".join([", ".join(rounds[:-1]), rounds[-1]] if len(rounds) > 1 else rounds)
    verb = "is" if len(games) == 1 else "are"
    word = "rounds" if len(rounds) > 1 else "round"
    return f"{many(len(games), 'game')} of {word} {which} {verb}"


def correction_change(
    game: Game,
    was: str,
    numbers: Mapping[str, int],
    level: int,
    why: str,
    *,
    asked: str = "",
    named: str = "",
) -> LoggedChange:
    """The row of ``game`` (as the state holds it now: round, White, Black, the result; ""
    for no player, no result) corrected from ``was``, the result the log recorded: its board
    by start numbers (``8-16``; ``5=BYE`` without Black, the row :mod:`ratingbook.events.as_paired`
    reads), what it was and is, at ``level`` with ``why``
    (:func:`~ratingbook.events.fide_mode.corrections.correction_warning` naming the file the
    run writes; ``asked``: the same naming the file it reads, for the question); ``named``: the
    game in words (default ``White - Black``, ``White - bye``)."""
    number, white, black, now = game
    white_no, black_no = numbers.get(white, 0), numbers.get(black, 0)
    board = f"{white_no}-{black_no}" if black else f"{white_no}=BYE"
    named = named or f"{white} - {black or 'bye'}"
    what = f"{named}: corrected from {was} to {now or '(empty)'}"
    return LoggedChange(
        LogKind.CORRECTION,
        number,
        f"{board}: {was}",
        now or "(empty)",
        level,
        f"Correction round {number}",
        f"{what}: {why}",
        asked=f"{what}: {asked}" if asked and asked != why else "",
    )


def round_corrections(
    old: EventState,
    new: EventState,
    number: int,
    numbers: Mapping[str, int],
    *,
    fide: bool,
    book: str,
    source: str,
    period: int | None,
    hand: Mapping[int, bool],
) -> list[LoggedChange]:
    """Round ``number``'s corrections; ``book`` and ``source``: the files the run writes and
    reads, for the commands its summary and its question suggest; ``period``: the rating
    period the round is in when that period's report was written (its results are frozen:
    refused in FIDE mode); ``hand``: the rounds typed by hand in this run, each True when read
    as paired before them."""
    last = new.paired_rounds  # below: the rounds paired when the results were typed
    paired = min(old.paired_rounds + sum(hand.values()), last)
    adjournments = _adjournments(old, new, number, last, numbers)
    level = correction_level(number, paired, fide=fide, frozen=bool(period))
    if not level:
        return adjournments  # the last paired round: its results are typed, not corrected
    before = {(w, b): res for r, w, b, res in old.games if r == number}
    out: list[LoggedChange] = adjournments
    warning = partial(correction_warning, number, level, paired=paired, last=last, by_hand=hand)
    for game in new.games:
        r, w, b, res = game
        if r != number or (w, b) not in before or before[(w, b)] in ("", res, _ADJOURNED):
            continue
        why, asked = (warning(before[(w, b)], period=period, book=f) for f in (book, source))
        out.append(correction_change(game, before[(w, b)], numbers, level, why, asked=asked))
    return out
