"""The season series (issue #35, "a season series"): hand-worked seasons for each scoring, each
tie rule, best N with drops, the minimum, shared places, events added one by one, and properties
checked against an independent count written here."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratingbook.core.results import Result
from ratingbook.errors import InputErrors
from ratingbook.events.prize_rules import parse_category
from ratingbook.season.model import (
    EventRank,
    SeasonEvent,
    SeasonGame,
    SeasonPlayer,
    SourcePlayer,
    SourceRef,
    make_event,
)
from ratingbook.season.series import SeriesError, series_standings
from ratingbook.season.series_settings import (
    SeriesScoring,
    SeriesSettingError,
    SeriesSettings,
    SeriesTie,
    SharedPlaces,
)

W, B, D = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW


def key_of(player: SourcePlayer) -> str:
    return player.name


def event(name: str, month: int, games: list[tuple[int, str, str | None, Result]]) -> SeasonEvent:
    day = dt.date(2025, month, 1)
    played = [
        SeasonGame(
            "", day, rnd, SourcePlayer(w), SourcePlayer(b) if b else None, r, SourceRef(name)
        )
        for rnd, w, b, r in games
    ]
    return make_event(
        name=name, kind="PGN", source=SourceRef(f"{name}.pgn"), start=day, end=None,
        players=(), games=played,
    )  # fmt: skip


# Season S, worked by hand (game points; places; points per place 25, 18, 15, 12 ...):
#   Jan: Ann 2 (1st), Cid 1 (2nd), Bob ½ and Dan ½ (3rd-4th: (15 + 12) / 2 = 13.5 split)
#   Feb: Bob 2 (1st), Dan 1 (2nd), Ann ½ and Cid ½ (3rd-4th)
#   Mar: Cid 1½ and Dan 1½ (1st-2nd: (25 + 18) / 2 = 21.5), Ann ½ and Bob ½ (3rd-4th)
JAN = event("Jan", 1, [(1, "Ann", "Bob", W), (1, "Cid", "Dan", W), (2, "Ann", "Cid", W),
                       (2, "Bob", "Dan", D)])  # fmt: skip
FEB = event("Feb", 2, [(1, "Bob", "Ann", W), (1, "Dan", "Cid", W), (2, "Bob", "Dan", W),
                       (2, "Cid", "Ann", D)])  # fmt: skip
MAR = event("Mar", 3, [(1, "Cid", "Ann", W), (1, "Bob", "Dan", B), (2, "Cid", "Dan", D),
                       (2, "Ann", "Bob", D)])  # fmt: skip
SEASON = [JAN, FEB, MAR]


DEFAULT = SeriesSettings()


def table(events: list[SeasonEvent], rules: SeriesSettings = DEFAULT, **kw: object):
    s = series_standings(events, key_of, rules, **kw)  # type: ignore[arg-type]
    return [(r.rank, r.name, r.total) for r in s.rows], s


def test_points_per_place_split_and_the_latest_event_decides() -> None:
    # Ann 25 + 13.5 + 13.5 = 52, Bob 13.5 + 25 + 13.5 = 52, Cid 18 + 13.5 + 21.5 = 53,
    # Dan 13.5 + 18 + 21.5 = 53. Cid-Dan: counted 3-3; places 1st/2nd/3rd once each, both;
    # head-to-head 1 + 0 + ½ each; Mar both 1st; Feb Dan 2nd, Cid 3rd: Dan. Ann-Bob likewise:
    # Feb Bob 1st, Ann 3rd.
    rows, s = table(SEASON)
    assert rows == [(1, "Dan", 53), (2, "Cid", 53), (3, "Bob", 52), (4, "Ann", 52)]
    dan, cid, bob, ann = s.rows
    assert dan.decided_by is SeriesTie.LATEST and bob.decided_by is SeriesTie.LATEST
    assert cid.decided_by is None and ann.decided_by is None  # 53 and 52 differ
    assert dan.tie == (
        "Dan is ahead of Cid, level on 53 points, on the better place in the latest event "
        "in which they differ (place 2 to place 3 in 'Feb'; level in 'Mar')."
    )
    # the user test's sentence named the deciding event as "the latest event", where the
    # latest left them level: Mar has Ann and Bob both 3rd (3rd-4th shared), Feb decides
    assert bob.tie == (
        "Bob is ahead of Ann, level on 52 points, on the better place in the latest event "
        "in which they differ (place 1 to place 3 in 'Feb'; level in 'Mar')."
    )
    assert [r.points for r in ann.results] == [25, Fraction(27, 2), Fraction(27, 2)]
    assert ann.sentence == "Ann: 52 points, from 3 events (25 + 13.5 + 13.5)."


def test_shared_places_each_take_the_higher_place() -> None:
    # Higher: a shared 3rd-4th scores 15 each, a shared 1st-2nd 25 each.
    # Ann 25 + 15 + 15 = 55, Bob 15 + 25 + 15 = 55, Cid 18 + 15 + 25 = 58, Dan 15 + 18 + 25 = 58.
    rows, _ = table(SEASON, SeriesSettings(shared=SharedPlaces.HIGHER))
    assert rows == [(1, "Dan", 58), (2, "Cid", 58), (3, "Bob", 55), (4, "Ann", 55)]


def test_best_two_of_three_drops_the_worst_and_the_later_of_equal_results() -> None:
    # Ann 25 + 13.5 (Feb; Mar's equal 13.5 dropped) = 38.5; Bob 25 + 13.5 (Jan) = 38.5;
    # Cid 21.5 + 18 = 39.5 (13.5 dropped); Dan 21.5 + 18 = 39.5 (13.5 dropped).
    rows, s = table(SEASON, SeriesSettings(best=2))
    assert rows == [
        (1, "Dan", Fraction(79, 2)),
        (2, "Cid", Fraction(79, 2)),
        (3, "Bob", Fraction(77, 2)),
        (4, "Ann", Fraction(77, 2)),
    ]
    ann = s.row("Ann")
    assert [r.counted for r in ann.results] == [True, True, False]
    assert ann.sentence == "Ann: 38.5 points, best 2 of 3 events counted (25 + 13.5; 13.5 dropped)."
    assert s.row("Cid").sentence == (
        "Cid: 39.5 points, best 2 of 3 events counted (21.5 + 18; 13.5 dropped)."
    )


def test_a_participation_bonus_for_every_event_played_counted_or_dropped() -> None:
    _, s = table(SEASON, SeriesSettings(best=2, participation=2))
    ann = s.row("Ann")  # 38.5 + 3 events x 2
    assert ann.total == Fraction(89, 2) and ann.bonus == 6
    assert ann.sentence == (
        "Ann: 44.5 points, best 2 of 3 events counted (25 + 13.5; 13.5 dropped), "
        "plus 6 for taking part in 3 events."
    )


def test_points_per_game_score_and_a_countback_on_places() -> None:
    # Game points: Ann 2 + ½ + ½ = 3, Bob ½ + 2 + ½ = 3, Cid 1 + ½ + 1½ = 3, Dan ½ + 1 + 1½ = 3.
    # Places: Ann 1st, 3rd, 3rd; Bob 3rd, 1st, 3rd; Cid 2nd, 3rd, 1st; Dan 3rd, 2nd, 1st.
    # Countback (firsts, seconds, thirds): Cid and Dan (1, 1, 1) before Ann and Bob (1, 0, 2);
    # then head-to-head level (1½ each), and Feb decides each pair.
    rows, s = table(SEASON, SeriesSettings(scoring=SeriesScoring.SCORE))
    assert rows == [(1, "Dan", 3), (2, "Cid", 3), (3, "Bob", 3), (4, "Ann", 3)]
    assert s.row("Cid").decided_by is SeriesTie.PLACES
    assert s.row("Cid").tie == (
        "Cid is ahead of Bob, level on 3 points, on more first places, then seconds, and so on "
        "(1 to 0 at place 2)."
    )
    doubled, _ = table(SEASON, SeriesSettings(scoring=SeriesScoring.SCORE, score_factor=10))
    assert [t for _, _, t in doubled] == [30, 30, 30, 30]


# Season T, by game points: Jan: Q beats X and Y (2), P beats Y, loses to X (1), X 1, Y 0.
# Feb: P beats Y. Totals: P 2 (2 events), Q 2 (1 event), X 1 (1), Y 0 (2).
T_JAN = event("Jan", 1, [(1, "Q", "X", W), (1, "P", "Y", W), (2, "Q", "Y", W), (2, "P", "X", B)])
T_FEB = event("Feb", 2, [(1, "P", "Y", W)])
SCORE = SeriesScoring.SCORE


@pytest.mark.parametrize(
    ("rule", "first", "words"),
    [
        (SeriesTie.COUNTED, "P", "more events counted (2 to 1)"),
        (SeriesTie.PLAYED, "P", "more events played (2 to 1)"),
        (SeriesTie.BEST_RESULTS, "Q", "better best results (2 to 1, 1)"),
    ],
)
def test_each_tie_rule_on_its_own(rule: SeriesTie, first: str, words: str) -> None:
    _, s = table([T_JAN, T_FEB], SeriesSettings(scoring=SCORE, tie_rules=(rule,)))
    top, second = s.rows[0], s.rows[1]
    assert (top.name, top.rank, second.rank) == (first, 1, 2)
    assert top.decided_by is rule
    other = "Q" if first == "P" else "P"
    assert top.tie == f"{first} is ahead of {other}, level on 2 points, on {words}."


def test_no_rule_separates_them_they_share_the_rank() -> None:
    _, s = table([T_JAN, T_FEB], SeriesSettings(scoring=SCORE, tie_rules=()))
    assert [(r.rank, r.name, r.shared) for r in s.rows] == [
        (1, "P", True), (1, "Q", True), (3, "X", False), (4, "Y", False)
    ]  # fmt: skip
    assert s.rows[1].tie == "P and Q share rank 1 on 2 points: no tie rule separates them."
    # They never met: head-to-head leaves them level too.
    _, h2h = table(
        [T_JAN, T_FEB], SeriesSettings(scoring=SCORE, tie_rules=(SeriesTie.HEAD_TO_HEAD,))
    )
    assert h2h.rows[0].rank == h2h.rows[1].rank == 1


def test_head_to_head_counts_the_games_between_the_players_level() -> None:
    # A beats B, C-D drawn; C beats A, B beats D: A 1, B 1, C 1½, D ½. A-B: 1 to 0.
    e = event("Jan", 1, [(1, "A", "B", W), (1, "C", "D", D), (2, "A", "C", B), (2, "B", "D", W)])
    rules = SeriesSettings(scoring=SCORE, tie_rules=(SeriesTie.HEAD_TO_HEAD,))
    rows, s = table([e], rules)
    assert rows == [(1, "C", Fraction(3, 2)), (2, "A", 1), (3, "B", 1), (4, "D", Fraction(1, 2))]
    assert s.row("A").tie == (
        "A is ahead of B, level on 1 point, on more points in the games between them (1 to 0)."
    )


def test_a_player_below_the_minimum_is_listed_unranked_below() -> None:
    rows, s = table([T_JAN, T_FEB], SeriesSettings(scoring=SCORE, minimum=2))
    assert rows == [(1, "P", 2), (2, "Y", 0), (None, "Q", 2), (None, "X", 1)]
    assert s.row("Q").sentence == (
        "Q: 2 points, from 1 event (2); not ranked: 2 events needed, 1 played."
    )


def test_standings_update_as_events_are_added_in_any_order() -> None:
    # After Jan: Ann 25, Cid 18, Bob and Dan 13.5 (level on every rule: shared 3rd).
    rows, _ = table([JAN])
    assert rows == [(1, "Ann", 25), (2, "Cid", 18), (3, "Bob", Fraction(27, 2)),
                    (3, "Dan", Fraction(27, 2))]  # fmt: skip
    # After Feb: Ann and Bob 38.5 (Feb: Bob 1st), Cid and Dan 31.5 (Feb: Dan 2nd, Cid 3rd).
    rows, _ = table([JAN, FEB])
    assert [n for _, n, _ in rows] == ["Bob", "Ann", "Dan", "Cid"]
    assert [t for _, _, t in rows] == [Fraction(77, 2)] * 2 + [Fraction(63, 2)] * 2
    # A late event takes its place by date: Mar added first gives the same table.
    assert table([MAR, JAN, FEB])[0] == table(SEASON)[0]
    assert [e.name for e in table([MAR, JAN, FEB])[1].events] == ["Jan", "Feb", "Mar"]


def ranked(e: SeasonEvent, *ranks: tuple[str, int] | tuple[str, int, str]) -> SeasonEvent:
    """``e`` with its own final ranking: (name, rank) or, in a team event, (name, rank, team)."""
    given = [EventRank(SourcePlayer(r[0]), r[1], *r[2:]) for r in ranks]  # type: ignore[arg-type]
    return replace(e, ranks=tuple(given))


def test_an_event_with_its_own_final_rank_uses_it() -> None:
    # Jan's standings put Bob 3rd and Dan 4th (its tie-breaks): 15 and 12, not 13.5 each.
    jan = ranked(JAN, ("Ann", 1), ("Cid", 2), ("Bob", 3), ("Dan", 4))
    rows, _ = table([jan])
    assert rows == [(1, "Ann", 25), (2, "Cid", 18), (3, "Bob", 15), (4, "Dan", 12)]
    rows, _ = table([jan], SeriesSettings(event_ranks=False))
    assert rows[2:] == [(3, "Bob", Fraction(27, 2)), (3, "Dan", Fraction(27, 2))]
    with pytest.raises(SeriesError, match="no place to the player"):
        table([ranked(JAN, ("Ann", 1))])


def test_a_team_events_players_take_their_teams_place() -> None:
    """A team event ranks its teams: each player takes his team's place, shared only with
    teams level with it. Jan as a match of teams: North (Ann, Bob) 1st, South (Cid, Dan) 2nd,
    whatever their own game points (Bob ½, Cid 1): Ann and Bob 25 each, Cid and Dan 18 each.
    Level teams share: both 1st, each player (25 + 18) / 2 = 21.5."""
    north_first = ranked(JAN, ("Ann", 1, "North"), ("Bob", 1, "North"), ("Cid", 2, "South"),
                         ("Dan", 2, "South"))  # fmt: skip
    rows, _ = table([north_first], SeriesSettings(tie_rules=()))
    assert rows == [(1, "Ann", 25), (1, "Bob", 25), (3, "Cid", 18), (3, "Dan", 18)]
    level = ranked(JAN, ("Ann", 1, "North"), ("Bob", 1, "North"), ("Cid", 1, "South"),
                   ("Dan", 1, "South"))  # fmt: skip
    rows, _ = table([level], SeriesSettings(tie_rules=()))
    assert {total for _, _, total in rows} == {Fraction(43, 2)}


def test_categories_rank_their_players_in_the_series_order() -> None:
    """Season S by default (Dan 53, Cid 53, Bob 52, Ann 52: ranks 1-4), with categories typed
    as prize categories: U18 (born 2007 or later in 2025: Bob 2010, Dan 2008), Women (Ann, Cid:
    sex w), S65 (born 1960 or earlier: nobody). U18: Dan 1 (series 1st), Bob 2 (series 3rd);
    Women: Cid 1, Ann 2."""
    born = {"Ann": (1990, "w"), "Bob": (2010, "m"), "Cid": (1985, "w"), "Dan": (2008, "")}
    players = [SeasonPlayer(n, n, birth_year=y, sex=x) for n, (y, x) in born.items()]
    rules = SeriesSettings(categories=tuple(parse_category(c) for c in ("U18", "Women", "S65")))
    s = series_standings(SEASON, key_of, rules, players=players)
    assert [(t.category.name, t.rows) for t in s.categories] == [
        ("U18", (("Dan", 1), ("Bob", 2))),
        ("Women", (("Cid", 1), ("Ann", 2))),
        ("S65", ()),
    ]
    assert s.categories_of("Bob") == [("U18", 2)]
    with pytest.raises(SeriesSettingError, match="'U18' is named twice"):
        series_standings(SEASON, key_of, SeriesSettings(categories=(rules.categories[0],) * 2))


def test_byes_and_forfeits_count_as_the_event_scores_them_head_to_head_only_games() -> None:
    e = event("Jan", 1, [(1, "A", "B", Result.WHITE_WINS_BY_FORFEIT), (1, "C", None,
                         Result.FULL_POINT_BYE), (2, "B", "C", D)])  # fmt: skip
    rows, _ = table([e], SeriesSettings(scoring=SCORE, tie_rules=(SeriesTie.HEAD_TO_HEAD,)))
    assert rows == [(1, "C", Fraction(3, 2)), (2, "A", 1), (3, "B", Fraction(1, 2))]


@pytest.mark.parametrize(
    ("rules", "setting", "words"),
    [
        (SeriesSettings(best=0), "best", "best N events counted"),
        (SeriesSettings(place_points=(10, 12)), "place_points", "scores more (12) than place 1"),
        (SeriesSettings(place_points=()), "place_points", "points per place"),
        (SeriesSettings(score_factor=0), "score_factor", "points per game point"),
        (SeriesSettings(participation=-1), "participation", "participation bonus"),
        (SeriesSettings(minimum=-1), "minimum", "minimum events to be ranked"),
        (
            SeriesSettings(tie_rules=(SeriesTie.LATEST, SeriesTie.LATEST)),
            "tie_rules",
            "named twice",
        ),
    ],
)
def test_a_bad_setting_is_an_error_naming_it(
    rules: SeriesSettings, setting: str, words: str
) -> None:
    with pytest.raises(SeriesSettingError, match=re.escape(words)) as raised:
        series_standings(SEASON, key_of, rules)
    assert raised.value.setting == setting
    assert str(raised.value).startswith("series setting ")


def test_every_bad_setting_is_listed() -> None:
    with pytest.raises(InputErrors) as raised:
        series_standings(SEASON, key_of, SeriesSettings(best=0, minimum=-2))
    assert [e.setting for e in raised.value.errors] == ["best", "minimum"]  # type: ignore[attr-defined]


# --- properties, against an independent count --------------------------------------------------

NAMES = ["A", "B", "C", "D", "E"]
RESULTS = [W, B, D]


@st.composite
def seasons(draw: st.DrawFn) -> list[SeasonEvent]:
    events = []
    for month in range(1, draw(st.integers(1, 5)) + 1):
        players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
        games = [
            (1, players[i], players[i + 1], draw(st.sampled_from(RESULTS)))
            for i in range(0, len(players) - 1, 2)
        ]
        events.append(event(f"E{month}", month, games))
    return events


def independent_points(e: SeasonEvent, table: tuple[int, ...], split: bool) -> dict[str, Fraction]:
    score: dict[str, Fraction] = {}
    for g in e.games:
        w = {W: Fraction(1), D: Fraction(1, 2), B: Fraction(0)}[g.result]  # type: ignore[index]
        score[g.white.name] = score.get(g.white.name, Fraction(0)) + w
        score[g.black.name] = score.get(g.black.name, Fraction(0)) + 1 - w  # type: ignore[union-attr]
    ordered = sorted(score.values(), reverse=True)
    at = lambda p: Fraction(table[p - 1]) if p <= len(table) else Fraction(0)  # noqa: E731
    out = {}
    for name, s in score.items():
        first = ordered.index(s) + 1
        many = ordered.count(s)
        out[name] = sum(at(p) for p in range(first, first + many)) / many if split else at(first)
    return out


@given(seasons(), st.integers(1, 4), st.booleans(), st.integers(0, 2))
@settings(max_examples=60, deadline=None)
def test_total_is_the_best_n_plus_the_bonus(
    events: list[SeasonEvent], best: int, split: bool, bonus: int
) -> None:
    table_ = (10, 6, 4, 3, 2)
    shared = SharedPlaces.SPLIT if split else SharedPlaces.HIGHER
    rules = SeriesSettings(place_points=table_, best=best, participation=bonus, shared=shared)
    s = series_standings(events, key_of, rules)
    per_player: dict[str, list[Fraction]] = {}
    for e in events:
        for name, points in independent_points(e, table_, split).items():
            per_player.setdefault(name, []).append(points)
    assert {r.key for r in s.rows} == set(per_player)
    for row in s.rows:
        mine = sorted(per_player[row.key], reverse=True)
        assert row.total == sum(mine[:best]) + bonus * len(mine)
    ranked = [r for r in s.rows if r.rank is not None]
    assert [r.rank for r in ranked[:1]] == [1][: len(ranked)]
    for i, (prev, row) in enumerate(itertools.pairwise(ranked), start=2):
        assert prev.total >= row.total
        assert row.rank == i or (row.rank == prev.rank and row.shared and prev.shared)
        assert row.rank == i or row.total == prev.total


@given(seasons(), st.integers(1, 3))
@settings(max_examples=60, deadline=None)
def test_adding_an_event_never_lowers_a_total_under_best_n(
    events: list[SeasonEvent], best: int
) -> None:
    # Each event's points depend on that event alone and are never negative, so a player's
    # best N of a longer list is at least his best N of the shorter one. (His rank can fall.)
    rules = SeriesSettings(best=best)
    for k in range(1, len(events)):
        before = {r.key: r.total for r in series_standings(events[:k], key_of, rules).rows}
        after = {r.key: r.total for r in series_standings(events[: k + 1], key_of, rules).rows}
        assert all(after[key] >= total for key, total in before.items())
