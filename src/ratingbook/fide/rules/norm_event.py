"""Title norms of a Swiss event: each player's games as B.01 counts them, the checks of
:mod:`ratingbook.fide.rules.norm_check` for the titles within reach, and the data of FIDE's norm
report (form IT1) for a norm made.

What this module decides: which players are checked (every player who does not already hold
the title or a higher one: a GM is checked for nothing, an IM for GM, a WGM for GM and IM, a
woman's titles only for players whose Sex is F or W); which games count (played games; a
forfeit is not a game and a bye no game at all, 1.4.2c; a game against an opponent whose
federation the organiser lists in ``Non-FIDE Federations`` is not counted, 1.4.2a; in a round
robin neither is a game against an unrated opponent who scored nothing against the rated
players, 1.4.2b); each player's pairing-allocated byes (1.4.1c); the host federation
(``Federation`` of Swiss Settings) and the rounds each player missed, for the Swiss exemption
of 1.4.3d; the settings ``Norm Games`` (1.4.1b's exceptions) and ``Norm Exemption`` (an
exemption of 1.4.3a-c the organiser states); and which lines say what is missing: an event
that is not FIDE-rated, or has no titles and no federations at all, gets one clear line
instead of a table of "no"; an event of fewer rounds than a norm needs games says so, and
before round 1 the lines say that no round was played and what a norm will need.

Pure: a :class:`~ratingbook.events.event.SwissEvent` in, frozen values out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.core import fields
from ratingbook.core.cells import text, whole_number
from ratingbook.core.results import Result
from ratingbook.errors import InvalidValueError
from ratingbook.events.codes import GAME_POINTS
from ratingbook.events.event import SwissEvent, SwissPlayer
from ratingbook.fide.rules.norm_check import NormCheck, check_norm, requirements_in_words
from ratingbook.fide.rules.norm_games import FORFEIT, NON_FIDE, UNRATED_ZERO, NormGame
from ratingbook.fide.rules.norm_outlook import still_needed
from ratingbook.fide.rules.norms import NORM_TITLES, swiss_exemption

__all__ = [
    "EventNorms",
    "NormSettings",
    "PlayerNorm",
    "event_norms",
    "every_players_games",
    "norm_settings",
    "player_games",
]

#: Titles that already include a norm title (a GM needs no norm; an IM only a GM norm).
_HIGHER = {
    "GM": frozenset({"GM"}),
    "IM": frozenset({"GM", "IM"}),
    "WGM": frozenset({"GM", "WGM"}),
    "WIM": frozenset({"GM", "IM", "WGM", "WIM"}),
}


@dataclass(frozen=True, slots=True)
class PlayerNorm:
    """One player's check for one title, and (before the end) what he still needs."""

    player: SwissPlayer
    check: NormCheck
    games: tuple[NormGame, ...]
    outlook: str = ""


@dataclass(frozen=True, slots=True)
class EventNorms:
    """Every check of the event, the lines that explain what could not be checked, and the
    rounds: ``played`` the last complete round, ``planned`` the event's rounds."""

    checks: tuple[PlayerNorm, ...]
    lines: tuple[str, ...]
    played: int
    planned: int | None
    exemption: str = ""

    @property
    def norms(self) -> tuple[PlayerNorm, ...]:
        return tuple(c for c in self.checks if c.check.norm)


@dataclass(frozen=True, slots=True)
class NormSettings:
    """The organiser's norm settings: ``games`` a norm needs (``Norm Games``, 1.4.1b),
    ``exempt`` why 1.4.3-1.4.4 do not apply (``Norm Exemption``), ``non_fide`` the
    federations in the event that are not FIDE members (``Non-FIDE Federations``, 1.4.2a)."""

    games: int = 9
    exempt: str = ""
    non_fide: frozenset[str] = frozenset()


def player_games(event: SwissEvent, name: str) -> list[NormGame]:
    """``name``'s rows as B.01 sees them (byes left out; forfeits kept as not counted)."""
    return every_players_games(event).get(name, [])


def every_players_games(
    event: SwissEvent, non_fide: frozenset[str] = frozenset()
) -> dict[str, list[NormGame]]:
    """Every player's games (see :func:`player_games`), in one pass over the rows; a game
    against a player of a federation in ``non_fide`` is not counted (1.4.2a), nor in a round
    robin one against an unrated player who scored nothing against rated players (1.4.2b)."""
    players = {p.name: p for p in event.players}
    zero = _unrated_zero(event) if event.settings.round_robin else frozenset()
    games: dict[str, list[NormGame]] = {}
    for e in event.entries:
        if e.black is None or e.result is None or e.result.is_adjourned:
            continue  # an adjourned game counts once its result is entered
        points = GAME_POINTS.points(e.result)  # 1, ½, 0 whatever the event's Points (1.4.9)
        for own, other, score in ((e.white, e.black, points[0]), (e.black, e.white, points[1])):
            opponent = players[other]
            federation = opponent.federation.upper()
            why = (
                FORFEIT
                if not e.result.is_played
                else NON_FIDE
                if federation in non_fide
                else UNRATED_ZERO
                if other in zero
                else ""
            )
            games.setdefault(own, []).append(
                NormGame(
                    opponent.name,
                    opponent.rating,
                    opponent.title.upper(),
                    federation,
                    Fraction(score),
                    counted=not why,
                    round=e.round,
                    why=why,
                )
            )
    for found in games.values():
        found.sort(key=lambda g: g.round)
    return games


def _unrated_zero(event: SwissEvent) -> frozenset[str]:
    """1.4.2b: the unrated players who played rated opponents and scored nothing against
    them."""
    rating = {p.name: p.rating for p in event.players}
    scored: dict[str, list[float]] = defaultdict(list)
    for e in event.entries:
        if e.black is None or e.result is None or not e.result.is_played:
            continue
        for own, other, score in (
            (e.white, e.black, e.result.white_score),
            (e.black, e.white, 1 - e.result.white_score),
        ):
            if rating[own] is None and rating[other] is not None:
                scored[own].append(score)
    return frozenset(name for name, scores in scored.items() if not any(scores))


def _titles_for(player: SwissPlayer) -> list[str]:
    woman = player.sex.strip().upper()[:1] in ("F", "W")
    own = player.title.upper()
    return [t for t in NORM_TITLES if own not in _HIGHER[t] and (woman or not t.startswith("W"))]


def norm_settings(event: SwissEvent) -> NormSettings:
    """``Norm Games`` (1.4.1b's exceptions: the games a norm needs in this event, default 9),
    ``Norm Exemption`` (why 1.4.3-1.4.4 do not apply: "national championship", ...) and
    ``Non-FIDE Federations`` (codes separated by commas or spaces) from ``Swiss Settings``; a
    number of games that is not a whole number from 1 to 30 is an error at its cell."""
    values = event.settings.end_of_event
    games = 9
    if "Norm Games" in values:
        where = event.settings.places.get("Norm Games")
        games = whole_number(
            values["Norm Games"], where, fields.VALUE, "a number of games (e.g. 7)"
        )
        if not 1 <= games <= 30:
            raise InvalidValueError(f"norm games {games!r}: expected 1 to 30", where, fields.VALUE)
    exempt = text(values.get("Norm Exemption"), required=False)
    listed = text(values.get("Non-FIDE Federations"), required=False)
    non_fide = frozenset(code.upper() for code in listed.replace(",", " ").split())
    return NormSettings(games, exempt, non_fide)


def event_norms(
    event: SwissEvent, *, minimum_games: int | None = None, exempt: str | None = None
) -> EventNorms:
    """The norm checks of a FIDE-rated event (see the module's docstring); the minimum games
    and the exemption from the settings unless given."""
    typed = norm_settings(event)
    minimum_games = typed.games if minimum_games is None else minimum_games
    exempt = typed.exempt if exempt is None else exempt
    lines: list[str] = []
    if not event.settings.rated:
        lines.append(
            "no norms: the event is not FIDE-rated (set FIDE Rated to Standard in Swiss "
            "Settings); B.01 norms are made only in FIDE-rated events"
        )
    if not any(p.title for p in event.players):
        lines.append("no player has a title (column Title of Swiss Players): 1.4.5 needs them")
    if not any(p.federation for p in event.players):
        lines.append(
            "no player has a federation (column Federation of Swiss Players): 1.4.3-1.4.4 need them"
        )
    waiting = {e.round for e in event.pending()}
    played = max((r for r in range(1, event.paired_rounds + 1) if r not in waiting), default=0)
    planned = event.rounds_planned
    exemption = f"{exempt} (as Norm Exemption says)" if exempt else ""
    if not exemption and not event.settings.round_robin:
        missed = _rounds_missed(event, played)
        applies, figures = swiss_exemption(
            [
                (p.federation.upper(), p.rating is not None, p.title.upper(), missed[p.name])
                for p in event.players
            ],
            event.settings.federation.upper(),
        )
        if applies:
            exemption = f"Swiss exemption of 1.4.3d ({figures})"
    if lines and not event.settings.rated:
        return EventNorms((), tuple(lines), played, planned, exemption)
    if planned is not None and planned < minimum_games:
        # 1.4.1c's eight games count as nine only in an event of nine rounds.
        lines.append(
            f"no norm can be made in this event: it has {planned} rounds, and a norm needs at "
            f"least {minimum_games} games (B.01 1.4.1a; 1.4.1b's exceptions are the setting "
            "Norm Games of Swiss Settings)"
        )
    if not played:
        lines.append(
            "no round played yet: the norms are checked once round 1's results are in. A "
            f"norm (B.01) needs {requirements_in_words(minimum_games)}"
        )
    checks: list[PlayerNorm] = []
    everyone = every_players_games(event, typed.non_fide)
    byes = _pairing_byes(event)
    upcoming = _next_opponents(event, played + 1, typed.non_fide)
    round_robin = event.settings.round_robin
    left = planned - played if planned is not None and played < planned else 0
    for player in event.start_order:
        games = [g for g in everyone.get(player.name, []) if g.round <= played]
        if not games:
            continue
        own_byes = [r for r in byes.get(player.name, ()) if r <= played]
        for title in _titles_for(player):
            check = check_norm(
                player.name,
                player.federation.upper(),
                title,
                games,
                minimum_games=minimum_games,
                exempt=exemption,
                rounds=planned,
                round_robin=round_robin,
                pairing_byes=own_byes,
                rounds_to_play=left if round_robin else 0,
            )
            outlook = ""
            if left:
                outlook = still_needed(
                    title,
                    games,
                    left,
                    upcoming.get(player.name),
                    federation=player.federation.upper(),
                    minimum_games=minimum_games,
                    exempt=exemption,
                    rounds=planned,
                    round_robin=round_robin,
                    pairing_byes=own_byes,
                )
            checks.append(PlayerNorm(player, check, tuple(games), outlook))
    return EventNorms(tuple(checks), tuple(lines), played, planned, exemption)


def _pairing_byes(event: SwissEvent) -> dict[str, list[int]]:
    """Each player's rounds with a pairing-allocated bye (1.4.1c)."""
    found: dict[str, list[int]] = defaultdict(list)
    for e in event.entries:
        if e.black is None and e.result is Result.PAIRING_BYE:
            found[e.white].append(e.round)
    return found


def _rounds_missed(event: SwissEvent, played: int) -> dict[str, int]:
    """1.4.3d: the rounds up to ``played`` each player did not play, a pairing-allocated bye
    and a win by the opponent's forfeit apart (a requested bye, an absence, a forfeit lost,
    a round after withdrawing)."""
    present: dict[str, set[int]] = {p.name: set() for p in event.players}
    for e in event.entries:
        if e.round > played or e.result is None:
            continue
        if e.black is None:
            if e.result is Result.PAIRING_BYE:
                present[e.white].add(e.round)
            continue
        white, black = GAME_POINTS.points(e.result)
        for name, score in ((e.white, white), (e.black, black)):
            # present: he played (a penalty's score too, even 0-0) or scored without playing
            if e.result.is_played or e.result.is_penalty or score > 0:
                present[name].add(e.round)
    return {name: played - len(rounds) for name, rounds in present.items()}


def _next_opponents(
    event: SwissEvent, round_number: int, non_fide: frozenset[str]
) -> dict[str, NormGame]:
    """Each player's opponent in ``round_number`` when it is paired (no score yet; not counted
    when the opponent's federation is not in FIDE)."""
    players = {p.name: p for p in event.players}
    found: dict[str, NormGame] = {}
    for e in event.round_entries(round_number):
        if e.black is None:
            continue
        for own, other in ((e.white, players[e.black]), (e.black, players[e.white])):
            out = other.federation.upper() in non_fide
            found[own] = NormGame(
                other.name,
                other.rating,
                other.title.upper(),
                other.federation.upper(),
                Fraction(0),
                counted=not out,
                round=round_number,
                why=NON_FIDE if out else "",
            )
    return found
