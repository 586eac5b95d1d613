"""A team event's board prizes: who ranks where on each board, and what its figures count.

This module alone decides the board-prize rule (the team guide's "Board prizes"), after the
European Chess Union's rule for individual prizes in team competitions (ECU Tournament Rules
B.7, the European Team Championship's):

- **What counts.** A player's games on a board, in the rounds the team standings count, are
  the games *played over the board* there: ``Games``, ``Points``, ``%`` and ``Performance``
  count those and nothing else, so that they agree with each other. A forfeit, won or lost
  (a double forfeit too), was not played: it is counted apart (``Unplayed``), as FIDE's rating
  regulations leave it out of a performance and B.7.1.1 sends unplayed games to the FIDE
  rules.
- **Who is ranked.** A player with at least ``Board Prize Games`` games on the board; by
  default 70 % of the rounds counted, rounded half up (B.7.1.1: "at least 70 % of the
  rounds"; 4 rounds: 2.8, so 3 games), and at least 1. A player with fewer is listed after the
  ranked ones, without a rank.
- **The order** (``Board Prize Order``). ``Performance`` (B.7.1, the default): the higher
  performance rating (FIDE's Rp, B.02 8.1: the rated opponents' average plus dp of the
  percentage scored against them), then, for players still level, (a) the points they scored
  in their games against each other when every one of them met every other on that board,
  (b) more games, (c) the higher percentage, (d) the better-placed team in the team
  standings. ``Percentage``, as many leagues and the older Olympiads rank: the higher
  percentage first, then (a), (b), the performance, (d). Players level on all of these
  share the rank.

Nothing here reads a sheet: the grid (:func:`ratingbook.reports.team_grids.board_prizes_grid`)
shows what :func:`board_prizes` works out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ratingbook.core.results import Result
from ratingbook.events.team import GAME_POINTS, TeamEvent, first_team_is_white
from ratingbook.fide.rules.rating_regulations import performance

__all__ = ["BoardLine", "BoardPrizes", "board_prizes", "minimum_games", "rule_sentences"]

#: The share of the rounds a player must have played to be ranked, unless the settings say
#: how many games (ECU B.7.1.1: 70 % for a team's regular players).
_SHARE = Fraction(7, 10)
#: The results played over the board.
_PLAYED = frozenset({Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW})


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A player's line on a board: the games played there and their points, percentage and
    performance (None: no game played, no rated opponent); the forfeits apart; the rank on
    the board (None: fewer games than the minimum)."""

    board: int
    player: str
    team: str
    games: int
    points: Fraction
    percent: Fraction | None
    performance: int | None
    unplayed: int
    rank: int | None


@dataclass(frozen=True, slots=True)
class BoardPrizes:
    """Every board's lines, board by board, the ranked players first; the minimum games and
    whether the settings gave it."""

    lines: tuple[BoardLine, ...]
    minimum: int
    minimum_set: bool
    order: str
    counted: int


def minimum_games(setting: int | None, counted: int) -> int:
    """The games that rank a player: the setting, else 70 % of the ``counted`` rounds rounded
    half up (ECU B.7.1.1), at least 1."""
    if setting is not None:
        return setting
    share = _SHARE * counted
    return max(1, int(share + Fraction(1, 2)))


@dataclass(slots=True)
class _Seat:
    team: str
    played: list[tuple[str, Fraction]]  # (opponent, points) of each game played
    unplayed: int = 0


def _seats(event: TeamEvent, counted: int) -> dict[tuple[int, str], _Seat]:
    """Each player's games on each board, rounds 1 to ``counted``, by (board, player)."""
    seats: dict[tuple[int, str], _Seat] = {}
    for match in event.matches:
        if match.black is None or match.round > counted:
            continue
        for game in event.match_games(match):
            if game.result is None:
                continue
            ahead = first_team_is_white(game.board)
            for team, white_side in ((match.white, ahead), (match.black, not ahead)):
                me = game.white if white_side else game.black
                if me is None:
                    continue  # nobody sat there
                other = game.black if white_side else game.white
                seat = seats.setdefault((game.board, me), _Seat(team, []))
                if game.result in _PLAYED and other is not None:
                    white, black = GAME_POINTS[game.result]
                    seat.played.append((other, white if white_side else black))
                else:
                    seat.unplayed += 1
    return seats


def _mutual(group: Sequence[str], seats: Mapping[str, _Seat]) -> dict[str, Fraction]:
    """(a): each player's points against the others of ``group`` when every one met every
    other; none when some pair did not meet."""
    for a, b in combinations(group, 2):
        if not any(o == b for o, _ in seats[a].played):
            return {}
    return {
        p: sum((s for o, s in seats[p].played if o in group and o != p), Fraction(0)) for p in group
    }


@dataclass(frozen=True, slots=True)
class _Figures:
    games: int
    points: Fraction
    percent: Fraction | None
    performance: int | None


def _figures(seat: _Seat, rating: Mapping[str, int | None]) -> _Figures:
    games = len(seat.played)
    points = sum((s for _, s in seat.played), Fraction(0))
    rated = [(rating[o] or 0, s) for o, s in seat.played if rating.get(o)]
    perf = (
        performance([r for r, _ in rated], sum((s for _, s in rated), Fraction(0)))
        if rated
        else None
    )
    return _Figures(games, points, points / games * 100 if games else None, perf)


#: What sorts below every figure: a performance or percentage there is none of.
_NONE = Fraction(-(10**6))


def _rank(
    players: Sequence[str],
    seats: Mapping[str, _Seat],
    figures: Mapping[str, _Figures],
    by_perf: bool,
    team_ranks: Mapping[str, int],
) -> list[tuple[str, tuple[Fraction, ...]]]:
    """``players`` in the rule's order, each with its key (equal keys: a shared rank)."""

    def first(player: str) -> tuple[Fraction, Fraction]:
        f = figures[player]
        perf = _NONE if f.performance is None else Fraction(f.performance)
        percent = _NONE if f.percent is None else f.percent
        return (perf, percent) if by_perf else (percent, perf)

    mutual: dict[str, Fraction] = {}
    for value in {first(p)[0] for p in players}:
        level = sorted(p for p in players if first(p)[0] == value)
        if len(level) > 1:
            mutual.update(_mutual(level, seats))

    def key(player: str) -> tuple[Fraction, ...]:
        primary, secondary = first(player)
        games = Fraction(figures[player].games)
        team = Fraction(team_ranks.get(seats[player].team, 0))
        return (-primary, -mutual.get(player, Fraction(0)), -games, -secondary, team)

    return sorted(((p, key(p)) for p in players), key=lambda item: (item[1], item[0]))


def board_prizes(
    event: TeamEvent, counted: int | None = None, team_ranks: Mapping[str, int] | None = None
) -> BoardPrizes:
    """Each board's players as the rule above ranks them, counting rounds 1 to ``counted``
    (None: every round paired); ``team_ranks``: each team's rank in the team standings
    (tie rule (d); without it, no team ranks above another)."""
    counted = event.paired_rounds if counted is None else counted
    settings = event.settings
    minimum = minimum_games(settings.board_prize_games, counted)
    rating = {p.name: p.rating for t in event.teams for p in t.players}
    by_perf = settings.board_prize_order == "Performance"
    all_seats = _seats(event, counted)
    lines: list[BoardLine] = []
    for board in sorted({b for b, _ in all_seats}):
        seats = {p: s for (b, p), s in all_seats.items() if b == board}
        figures = {p: _figures(s, rating) for p, s in seats.items()}
        ranked = [p for p in seats if figures[p].games >= minimum]
        order = _rank(ranked, seats, figures, by_perf, team_ranks or {})
        others = _rank(
            [p for p in seats if p not in ranked], seats, figures, by_perf, team_ranks or {}
        )
        place: dict[str, int] = {}
        for at, (player, key) in enumerate(order, start=1):
            shared = at > 1 and order[at - 2][1] == key
            place[player] = place[order[at - 2][0]] if shared else at
        for player, _ in [*order, *others]:
            f = figures[player]
            lines.append(
                BoardLine(
                    board,
                    player,
                    seats[player].team,
                    f.games,
                    f.points,
                    f.percent,
                    f.performance,
                    seats[player].unplayed,
                    place.get(player),
                )
            )
    return BoardPrizes(
        tuple(lines),
        minimum,
        settings.board_prize_games is not None,
        settings.board_prize_order,
        counted,
    )


def rule_sentences(prizes: BoardPrizes) -> list[str]:
    """What the figures count and how each board is ranked, in words (under the table)."""
    if prizes.order == "Performance":
        order = (
            "Each board's players are ranked by performance (FIDE's Rp of their games played "
            "over the board, rated opponents only); players level: their games against each "
            "other when all of them met, more games, the higher percentage, the better-placed "
            "team (ECU B.7.1)."
        )
    else:
        order = (
            "Each board's players are ranked by percentage; players level: their games "
            "against each other when all of them met, more games, the higher performance, "
            "the better-placed team."
        )
    games = "1 game" if prizes.minimum == 1 else f"{prizes.minimum} games"
    rounds = "1 round" if prizes.counted == 1 else f"{prizes.counted} rounds"
    why = (
        "Board Prize Games"
        if prizes.minimum_set
        else f"70 % of the {rounds} counted, rounded half up: ECU B.7.1.1"
    )
    return [
        order,
        "Games, Points, % and Performance count the games played over the board on that "
        "board; a forfeit, won or lost, is not a game played: it counts under Unplayed only.",
        f"A player is ranked with at least {games} on the board ({why}); "
        "one with fewer is listed below, without a rank.",
    ]
