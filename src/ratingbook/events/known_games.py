"""Who can still win when every game to come is known: a round robin (the Berger table fixes
every round, C.05 Annex 1), or any event whose remaining rounds are all paired. Exact.

The question :mod:`ratingbook.events.contenders` asks: can the others' games end with each
player within his *room* (the most he may still score without passing, or for first alone
reaching, the player asked about, who wins all his own games)? A game gives out (W, 0), (D, D)
or (0, W).

- **A draw worth half a win** (FIDE's 1-½-0, any W = 2D): a game gives out two halves, 2-0, 1-1
  or 0-2, so the question is a flow: each game sends its two halves to its two players, each
  player takes at most his room (in halves). Integral max flow is exact, and by max-flow min-cut
  it fails exactly when some players' games among themselves give out more than their rooms
  hold together: that set of players is the reason given.
- **Other scoring** (3-1-0 and the like): the same flow, each game giving out at least
  min(W, 2D) in any split, is a relaxation (every result gives each player at least one such
  split), so its failure still proves "cannot"; otherwise every result of every game is tried,
  depth first, within a budget. Beyond the budget the answer is None: not worked out.

Pure: rooms and games in whole units (see :func:`ratingbook.events.contenders.contenders`) in,
a verdict out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

__all__ = ["Crowded", "fits"]

#: How many partial results the search of "other scoring" tries before it gives up.
SEARCH_BUDGET = 200_000


@dataclass(frozen=True, slots=True)
class Crowded:
    """Why the rooms cannot hold the games: ``players``' ``games`` among themselves give them at
    least ``given`` units and their rooms hold only ``room`` (``players`` empty: the search
    tried every result and found none within the rooms)."""

    players: tuple[str, ...]
    games: int
    given: int
    room: int
    exact: bool = True

    def says(self, name: str, top: int, strict: bool, pts: Callable[[int], str]) -> str:
        """The reason in words: ``name`` can reach ``top`` (first alone when ``strict``);
        ``pts`` spells a number of units as points."""
        if not self.players:
            return (
                f"whatever the results of the {self.games} other games left, someone ends on "
                f"{'at least' if strict else 'more than'} {pts(top)}, what {name} can reach"
            )
        who = self.players
        among = who[0] if len(who) == 1 else f"{', '.join(who[:-1])} and {who[-1]}"
        return (
            f"the {self.games} game{'s' * (self.games != 1)} left among {among} give them "
            f"{'' if self.exact else 'at least '}{pts(self.given)} points, and they can take "
            f"only {pts(self.room)} without {'reaching' if strict else 'passing'} {name} "
            f"({pts(top)})"
        )


def fits(
    room: Mapping[str, int], games: Sequence[tuple[str, str]], win: int, draw: int
) -> tuple[bool | None, Crowded | None]:
    """(True, None) when the ``games`` can end with every player within his ``room``;
    (False, why) when they cannot; (None, None) when the search ran out of budget. Units:
    ``win`` and ``draw`` are a win's and a draw's points; every room is at least 0."""
    if win == 2 * draw:
        # In halves of a win (a draw each): a game gives out 2, any split of 2 is a result.
        return _flow(room, games, draw, 2)
    least = min(win, 2 * draw)
    relaxed, why = _flow(room, games, 1, least)
    if not relaxed:
        return False, replace(why, exact=False) if why else None
    found = _search(dict(room), list(games), win, draw)
    if found is None:
        return None, None
    if found:
        return True, None
    return False, Crowded((), len(games), 0, 0)


def _flow(
    room: Mapping[str, int], games: Sequence[tuple[str, str]], unit: int, per_game: int
) -> tuple[bool, Crowded | None]:
    """Each game gives out ``per_game`` units of ``unit`` split any way between its players;
    each player takes at most his room (rounded down to whole units). Max flow by augmenting
    paths (breadth first); on failure the min cut's player side is the crowded set."""
    players = sorted({p for g in games for p in g})
    index = {p: k for k, p in enumerate(players)}
    cap_player = [room[p] // unit for p in players]
    n_games = len(games)
    # Nodes: 0 source, 1..G games, G+1..G+P players, G+P+1 sink; residual capacities in a dict.
    source, sink = 0, n_games + len(players) + 1
    cap: dict[tuple[int, int], int] = {}
    adj: dict[int, list[int]] = {v: [] for v in range(sink + 1)}

    def edge(u: int, v: int, c: int) -> None:
        if (u, v) not in cap:
            adj[u].append(v)
            adj[v].append(u)
            cap.setdefault((v, u), 0)
        cap[(u, v)] = cap.get((u, v), 0) + c

    big = per_game * (n_games + 1)  # a game's edges to its players never limit the flow
    for k, (a, b) in enumerate(games, start=1):
        edge(source, k, per_game)
        edge(k, n_games + 1 + index[a], big)
        edge(k, n_games + 1 + index[b], big)
    for k, c in enumerate(cap_player):
        edge(n_games + 1 + k, sink, c)
    total = 0
    while True:
        parent = {source: source}
        queue = deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v in adj[u]:
                if v not in parent and cap[(u, v)] > 0:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            break
        push, v = big, sink
        while v != source:
            push = min(push, cap[(parent[v], v)])
            v = parent[v]
        v = sink
        while v != source:
            cap[(parent[v], v)] -= push
            cap[(v, parent[v])] += push
            v = parent[v]
        total += push
    if total == per_game * n_games:
        return True, None
    # The source side of the min cut (``parent`` holds what the last search reached): its
    # games lie among its players, whose rooms are all full.
    crowd = tuple(p for p in players if n_games + 1 + index[p] in parent)
    inside = sum(1 for k in range(1, n_games + 1) if k in parent)
    held = sum(cap_player[index[p]] for p in crowd) * unit
    return False, Crowded(crowd, inside, inside * per_game * unit, held)


def _search(room: dict[str, int], games: list[tuple[str, str]], win: int, draw: int) -> bool | None:
    """Every result of every game, depth first, the tightest players' games first; None when
    :data:`SEARCH_BUDGET` partial results were tried without an answer."""
    games.sort(key=lambda g: min(room[g[0]], room[g[1]]))
    least = min(win, 2 * draw)
    tries = 0

    def go(k: int, left: int) -> bool | None:
        nonlocal tries
        if k == len(games):
            return True
        tries += 1
        if tries > SEARCH_BUDGET:
            return None
        if left < least * (len(games) - k):
            return False
        a, b = games[k]
        if room[a] < room[b]:
            a, b = b, a  # the player with more room takes the win first
        for pa, pb in ((win, 0), (draw, draw), (0, win)):
            if room[a] < pa or room[b] < pb:
                continue
            room[a] -= pa
            room[b] -= pb
            found = go(k + 1, left - pa - pb)
            room[a] += pa
            room[b] += pb
            if found is not False:
                return found
        return False

    return go(0, sum(room[p] for p in {p for g in games for p in g}))
