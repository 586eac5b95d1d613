"""A late event's re-rate (issue 35) changes no number: a generated Glicko-2 season, rated by
the season engine (``rate_season``) and, in the test, by a plain loop over Glickman's steps for
one player at a time (:func:`glicko2_update`, :func:`glicko2_idle`), each period from everyone's
values at its start; then a late event put into period 7 and the list re-rated from where every
player stood after period 6 (``standing_after``), as ``season add`` does. Every value is
compared with ``==``: the engine's fast paths (its lines made as tuples, the cycle collector
paused, a re-rate keeping the lines of the season rated before that nothing changed) must give
the very floats of the plain loop."""

from __future__ import annotations

import random

from ratingbook.ratings.glicko2 import (
    Glicko2Rating,
    Glicko2Settings,
    glicko2_idle,
    glicko2_update,
)
from ratingbook.ratings.rating_periods import rate_season, standing_after
from ratingbook.ratings.season_model import GlickoChange, PeriodResult, PlayerStart, RatingPeriod

SETTINGS = Glicko2Settings(tau=0.5, rated_deviation=60.0)
Period = list[tuple[str, str, float, object]]


def _season(seed: int) -> tuple[dict[str, PlayerStart], list[Period]]:
    """150 players (a fifth unrated, three fixed guests, some with a deviation of their own),
    12 periods of 0-150 games between random players (many sit a period out)."""
    rng = random.Random(seed)
    players: dict[str, PlayerStart] = {}
    for n in range(150):
        key = f"p{n:03d}"
        if n % 5 == 0:
            players[key] = PlayerStart()
        elif n in (7, 8, 9):
            players[key] = PlayerStart(rng.uniform(1400, 2400), fixed=True)
        elif n % 3 == 0:
            players[key] = PlayerStart(rng.uniform(900, 2500), rng.uniform(40, 300), 0.05)
        else:
            players[key] = PlayerStart(float(rng.randrange(1000, 2400)))
    keys = sorted(players)
    periods = []
    for month in range(12):
        games: Period = []
        for n in range(rng.randrange(151)):
            white, black = rng.sample(keys, 2)
            games.append((white, black, rng.choice((1.0, 0.5, 0.0)), f"m{month} g{n}"))
        periods.append(games)
    return players, periods


def _plain(
    players: dict[str, PlayerStart], periods: list[Period]
) -> list[dict[str, tuple[object, ...]]]:
    """Each period's values by player, one player at a time: rating, RD and σ after; v and Δ;
    games, score, the sum of E, the opponents' average; each game's (ref, opponent, score,
    opponent's rating, E)."""
    values: dict[str, Glicko2Rating | None] = {}
    for key, start in players.items():
        deviation = SETTINGS.rated_deviation if start.deviation is None else start.deviation
        volatility = SETTINGS.volatility if start.volatility is None else start.volatility
        values[key] = (
            None
            if start.rating is None
            else Glicko2Rating(start.rating, float(deviation or 0.0), volatility)
        )
    fresh = SETTINGS.start
    found = []
    for games in periods:
        played: dict[str, list[tuple[object, str, float]]] = {}
        for white, black, score, ref in games:
            played.setdefault(white, []).append((ref, black, score))
            played.setdefault(black, []).append((ref, white, 1.0 - score))
        now: dict[str, tuple[object, ...]] = {}
        new = dict(values)
        for key in sorted(played.keys() | {k for k, v in values.items() if v is not None}):
            if players[key].fixed:
                continue
            own = values[key] or fresh
            if key not in played:
                after = glicko2_idle(own)
                now[key] = (tuple(after), None, None, 0, 0.0, None, None, ())
            else:
                opponents = [values[o] or fresh for _, o, _ in played[key]]
                period = glicko2_update(
                    own,
                    [
                        (o.rating, o.deviation, s)
                        for o, (_, _, s) in zip(opponents, played[key], strict=True)
                    ],
                    SETTINGS,
                )
                after = period.after
                own_games = played[key]
                now[key] = (
                    tuple(after),
                    period.v,
                    period.delta,
                    len(own_games),
                    sum([s for _, _, s in own_games]),
                    sum(period.expected),
                    sum([o.rating for o in opponents]) / len(opponents),
                    tuple(
                        (ref, o, s, opp.rating, e)
                        for (ref, o, s), opp, e in zip(
                            own_games, opponents, period.expected, strict=True
                        )
                    ),
                )
            new[key] = after
        values = new
        found.append(now)
    return found


def _engine(lines: object) -> dict[str, tuple[object, ...]]:
    out: dict[str, tuple[object, ...]] = {}
    for key, line in lines.items():  # type: ignore[attr-defined]
        why = line.why
        assert isinstance(why, GlickoChange)
        out[key] = (
            tuple(why.after),
            why.v,
            why.delta,
            line.games,
            line.score,
            line.expected,
            line.opponents_average,
            tuple(tuple(game) for game in line.game_lines),
        )
    return out


def test_the_season_engine_gives_the_plain_loops_very_floats() -> None:
    players, periods = _season(35)
    season = rate_season(
        [RatingPeriod(g, f"m{n}") for n, g in enumerate(periods)], players, SETTINGS
    )
    assert [_engine(p.lines) for p in season.periods] == _plain(players, periods)


def test_a_late_events_re_rate_from_period_7_is_the_whole_season_rated_again() -> None:
    """A late event of 60 games put into period 7: periods 7-12 re-rated from the standing
    after period 6 are, to the last bit, the plain loop's whole season with the late games."""
    players, periods = _season(36)
    rated = rate_season([RatingPeriod(g) for g in periods], players, SETTINGS)
    rng = random.Random(37)
    keys = sorted(players)
    late = [(*rng.sample(keys, 2), rng.choice((1.0, 0.5, 0.0)), f"late {n}") for n in range(60)]
    periods[6] = [*periods[6], *late]
    standing = standing_after(players, SETTINGS, rated, 6)
    late_periods = [RatingPeriod(g) for g in periods[6:]]
    rest = rate_season(late_periods, standing, SETTINGS)
    # As season add does it: the lines nothing changed kept from the season rated before.
    kept = rate_season(late_periods, standing, SETTINGS, previous=rated.periods[6:])
    plain = _plain(players, periods)
    assert [_engine(p.lines) for p in rest.periods] == plain[6:]
    assert [_engine(p.lines) for p in kept.periods] == plain[6:]
    assert kept.players == rest.players
    # Some lines of period 7 were kept, not computed again, and the late event's were not.
    late_players = {key for game in late for key in game[:2]}
    first = kept.periods[0].lines
    reused = {key for key, line in first.items() if line is rated.periods[6].lines.get(key)}
    assert reused and not reused & late_players
    assert [_engine(p.lines) for p in rated.periods[:6]] == plain[:6]
    # Where every player stands at the end: the plain loop's last values.
    last: dict[str, tuple[object, ...]] = {}
    for now in plain:
        last.update({key: values[0] for key, values in now.items()})
    ends = {
        key: (start.rating, start.deviation, start.volatility)
        for key, start in rest.players.items()
        if key in last
    }
    assert ends == last


def _re_rated(
    players: dict[str, PlayerStart], periods: list[Period], changed: list[Period], **rated: bool
) -> tuple[list[dict[str, tuple[object, ...]]], list[dict[str, tuple[object, ...]]]]:
    """Periods 7-12 of ``changed`` re-rated from the standing after period 6 of ``periods``
    rated (``rated``: rate_season's keywords, details), with the season rated before as
    ``previous``; beside them, the plain loop's periods 7-12 of ``changed``."""
    season = rate_season([RatingPeriod(g) for g in periods], players, SETTINGS, **rated)
    standing = standing_after(players, SETTINGS, season, 6)
    again = rate_season(
        [RatingPeriod(g) for g in changed[6:]], standing, SETTINGS, previous=season.periods[6:]
    )
    return [_engine(p.lines) for p in again.periods], _plain(players, changed)[6:]


def test_games_changed_inside_periods_are_found_and_re_rated() -> None:
    """Not only games added at a period's end: a result corrected in the middle of period 7, a
    game taken out at the start of period 8, two games exchanged in period 9 and a game added
    at the start of period 10. Every line is the plain loop's."""
    players, periods = _season(38)
    changed = [list(games) for games in periods]
    assert all(len(games) > 2 for games in changed[6:10])
    middle = len(changed[6]) // 2
    white, black, score, ref = changed[6][middle]
    changed[6][middle] = (white, black, 1.0 - score if score != 0.5 else 1.0, ref)
    del changed[7][0]
    changed[8][1], changed[8][2] = changed[8][2], changed[8][1]
    changed[9].insert(0, ("p001", "p002", 0.5, "added"))
    got, plain = _re_rated(players, periods, changed)
    assert got == plain


def test_a_season_rated_without_its_games_lines_is_re_rated_all_the_same() -> None:
    """The season rated before without the lines' games (``details=False``): nothing to read a
    player's games from, so they are grouped from the period; the numbers are the plain
    loop's (a line kept from that season has no games to show, so the games are left out of
    the comparison)."""
    players, periods = _season(39)
    changed = [list(games) for games in periods]
    changed[6] = [*changed[6], ("p004", "p011", 1.0, "late")]
    got, plain = _re_rated(players, periods, changed, details=False)

    def numbers(found: list[dict[str, tuple[object, ...]]]) -> list[dict[str, object]]:
        return [{key: values[:7] for key, values in period.items()} for period in found]

    assert numbers(got) == numbers(plain)


def test_lines_rated_before_without_the_periods_games_are_compared_game_by_game() -> None:
    """A season rated before whose periods do not say which games they rated (a result made
    by hand): each player's games are compared with those his line names, and the lines are
    the plain loop's, some of them kept."""
    players, periods = _season(40)
    season = rate_season([RatingPeriod(g) for g in periods], players, SETTINGS)
    changed = [list(games) for games in periods]
    changed[6] = [*changed[6], ("p004", "p011", 0.0, "late")]
    unknown = [PeriodResult(p.label, p.lines) for p in season.periods[6:]]
    standing = standing_after(players, SETTINGS, season, 6)
    again = rate_season(
        [RatingPeriod(g) for g in changed[6:]], standing, SETTINGS, previous=unknown
    )
    assert [_engine(p.lines) for p in again.periods] == _plain(players, changed)[6:]
    first = again.periods[0].lines
    assert any(line is season.periods[6].lines.get(key) for key, line in first.items())


def test_a_period_says_whether_all_its_lines_name_their_games() -> None:
    """``PeriodResult.detailed``: a season rated with details says so and one rated without
    does not; re-rated with details from one without, the periods keep lines without games,
    so they do not say so either, and a second late event re-rated from them reads each
    player's games from the period: the plain loop's numbers (were they taken as naming their
    games, the kept lines would give no games)."""
    players, periods = _season(41)
    assert all(
        p.detailed
        for p in rate_season([RatingPeriod(g) for g in periods], players, SETTINGS).periods
    )
    season = rate_season([RatingPeriod(g) for g in periods], players, SETTINGS, details=False)
    assert not any(p.detailed for p in season.periods)
    once = [list(games) for games in periods]
    once[6] = [*once[6], ("p004", "p011", 1.0, "late")]
    standing = standing_after(players, SETTINGS, season, 6)
    first = rate_season(
        [RatingPeriod(g) for g in once[6:]], standing, SETTINGS, previous=season.periods[6:]
    )
    assert not any(p.detailed for p in first.periods)
    twice = [list(games) for games in once]
    twice[8] = [*twice[8], ("p010", "p013", 0.5, "later")]
    second = rate_season(
        [RatingPeriod(g) for g in twice[6:]], standing, SETTINGS, previous=first.periods
    )

    def numbers(found: list[dict[str, tuple[object, ...]]]) -> list[dict[str, object]]:
        return [{key: values[:7] for key, values in period.items()} for period in found]

    assert numbers([_engine(p.lines) for p in second.periods]) == numbers(
        _plain(players, twice)[6:]
    )
