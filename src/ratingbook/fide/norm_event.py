"""Title norms of a Swiss event: each player's games as B.01 counts them, the checks of
:mod:`ratingbook.fide.norms` for the titles within reach, and the data of FIDE's norm report
(form IT1) for a norm made.

What this module decides: which players are checked (every player who does not already hold
the title or a higher one: a GM is checked for nothing, an IM for GM, a WGM for GM and IM, a
woman's titles only for players whose Sex is F or W), which games count (played games; a
forfeit or a bye is not a game, 1.4.2), the host federation (``Federation`` of Swiss
Settings) for the Swiss exemption of 1.4.3, the settings ``Norm Games`` (1.4.1's exceptions)
and ``Norm Exemption`` (an exemption of 1.4.3 the organiser states), and which lines say what
is missing: an event that is not FIDE-rated, or has no titles and no federations at all, gets
one clear line instead of a table of "no".

Pure: a :class:`~ratingbook.events.event.SwissEvent` in, frozen values out.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ratingbook.core.cells import text, whole_number
from ratingbook.errors import InvalidValueError
from ratingbook.events.event import SwissEvent, SwissPlayer
from ratingbook.fide.norms import (
    NORM_TITLES,
    NormCheck,
    NormGame,
    check_norm,
    still_needed,
    swiss_exemption,
)

__all__ = [
    "EventNorms",
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


def player_games(event: SwissEvent, name: str) -> list[NormGame]:
    """``name``'s rows as B.01 sees them (byes left out; forfeits kept as not counted)."""
    return every_players_games(event).get(name, [])


def every_players_games(event: SwissEvent) -> dict[str, list[NormGame]]:
    """Every player's games (see :func:`player_games`), in one pass over the rows."""
    scoring = event.settings.scoring
    players = {p.name: p for p in event.players}
    games: dict[str, list[NormGame]] = {}
    for e in event.entries:
        if e.black is None or e.result is None:
            continue
        points = scoring.points(e.result)
        for own, other, score in ((e.white, e.black, points[0]), (e.black, e.white, points[1])):
            opponent = players[other]
            games.setdefault(own, []).append(
                NormGame(
                    opponent.name,
                    opponent.rating,
                    opponent.title.upper(),
                    opponent.federation.upper(),
                    Fraction(score),
                    counted=e.result.is_played,
                    round=e.round,
                )
            )
    for found in games.values():
        found.sort(key=lambda g: g.round)
    return games


def _titles_for(player: SwissPlayer) -> list[str]:
    woman = player.sex.strip().upper()[:1] in ("F", "W")
    own = player.title.upper()
    return [t for t in NORM_TITLES if own not in _HIGHER[t] and (woman or not t.startswith("W"))]


def norm_settings(event: SwissEvent) -> tuple[int, str]:
    """``Norm Games`` (1.4.1's exceptions: the games a norm needs in this event, default 9)
    and ``Norm Exemption`` (why 1.4.3 does not apply: "national championship", ...) from
    ``Swiss Settings``; a number that is not a whole number from 1 to 30 is an error at its
    cell."""
    values = event.settings.end_of_event
    games = 9
    if "Norm Games" in values:
        where = event.settings.places.get("Norm Games")
        games = whole_number(values["Norm Games"], where, "Value", "a number of games (e.g. 7)")
        if not 1 <= games <= 30:
            raise InvalidValueError(f"norm games {games!r}: expected 1 to 30", where, "Value")
    exempt = text(values.get("Norm Exemption"), required=False)
    return games, exempt


def event_norms(
    event: SwissEvent, *, minimum_games: int | None = None, exempt: str | None = None
) -> EventNorms:
    """The norm checks of a FIDE-rated event (see the module's docstring); the minimum games
    and the exemption from the settings unless given."""
    typed_games, typed_exempt = norm_settings(event)
    minimum_games = typed_games if minimum_games is None else minimum_games
    exempt = typed_exempt if exempt is None else exempt
    lines: list[str] = []
    if not event.settings.rated:
        lines.append(
            "no norms: the event is not FIDE-rated (set FIDE Rated to Standard in Swiss "
            "Settings); B.01 norms are made only in FIDE-rated events"
        )
    if not any(p.title for p in event.players):
        lines.append("no player has a title (column Title of Swiss Players): 1.4.4-1.4.5 need them")
    if not any(p.federation for p in event.players):
        lines.append(
            "no player has a federation (column Federation of Swiss Players): 1.4.3 needs them"
        )
    waiting = {e.round for e in event.pending()}
    played = max((r for r in range(1, event.paired_rounds + 1) if r not in waiting), default=0)
    planned = event.rounds_planned
    exemption = f"{exempt} (as Norm Exemption says)" if exempt else ""
    if not exemption and not event.settings.round_robin:
        applies, figures = swiss_exemption(
            [(p.federation.upper(), p.rating is not None, p.title.upper()) for p in event.players],
            event.settings.federation.upper(),
        )
        if applies:
            exemption = f"Swiss exemption of 1.4.3 ({figures})"
    if lines and not event.settings.rated:
        return EventNorms((), tuple(lines), played, planned, exemption)
    checks: list[PlayerNorm] = []
    everyone = every_players_games(event)
    upcoming = _next_opponents(event, played + 1)
    for player in event.start_order:
        games = [g for g in everyone.get(player.name, []) if g.round <= played]
        if not games:
            continue
        for title in _titles_for(player):
            check = check_norm(
                player.name,
                player.federation.upper(),
                title,
                games,
                minimum_games=minimum_games,
                exempt=exemption,
            )
            outlook = ""
            if planned is not None and played < planned:
                outlook = still_needed(
                    title,
                    games,
                    planned - played,
                    upcoming.get(player.name),
                    minimum_games=minimum_games,
                )
            checks.append(PlayerNorm(player, check, tuple(games), outlook))
    return EventNorms(tuple(checks), tuple(lines), played, planned, exemption)


def _next_opponents(event: SwissEvent, round_number: int) -> dict[str, NormGame]:
    """Each player's opponent in ``round_number`` when it is paired (no score yet)."""
    players = {p.name: p for p in event.players}
    found: dict[str, NormGame] = {}
    for e in event.round_entries(round_number):
        if e.black is None:
            continue
        for own, other in ((e.white, players[e.black]), (e.black, players[e.white])):
            found[own] = NormGame(
                other.name,
                other.rating,
                other.title.upper(),
                other.federation.upper(),
                Fraction(0),
                round=round_number,
            )
    return found
