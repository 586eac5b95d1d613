"""Who is who: each player a source names, matched to one person of the season's list.

This module alone decides whom a source's player is, in this order, the first that applies:

1. **the officer's aliases** (:class:`Alias`, :mod:`~ratingbook.season.aliases`): a list
   player an alias makes the same as another is taken off the list first (:class:`Merge`:
   his key, IDs and name lead to the other from then on); a decision "this name (with these
   IDs) is player K" is applied before anything else, and the match records it; a decision
   "this name is not player K" keeps the two apart below, and their likeness is not
   reported again;
2. **the FIDE ID**: the list's player with that FIDE ID;
3. **the national or club ID**: the list's player with that ID, unless both have FIDE IDs
   and they differ;
4. **the name** (:func:`~ratingbook.season.names.exact_name`: case and spaces aside): the
   one list player of that name, unless an ID or the club says otherwise (both have a FIDE
   ID and they differ; both a national ID and they differ; both a club and it differs: a
   changed club is for the officer to confirm, :class:`Candidate`). Two list players of that
   name, neither ruled out, is a problem (the officer adds an alias). When no list player
   has the name as written, the name in the other order
   (:func:`~ratingbook.season.names.given_first`: ``Carlsen, Magnus`` is ``Magnus
   Carlsen``) finds him, under the same conditions; when it fits two list players the
   match is ambiguous: nobody is matched, and each is reported as a near duplicate;
5. else a **new player** of the list, unrated, keyed by the next number after the highest
   numeric key.

A match by ID or name gives the list player the IDs, club and birth year he lacked, and says
so (:attr:`Matching.notes`), as it does when an ID joins two names that do not look alike.
Near duplicates are never merged: each pair of list players whose names look alike
(:func:`~ratingbook.season.names.likeness`), or who share a name that an ID or a club kept
apart, is a :class:`Candidate` with its evidence, until the officer decides. The pairs are
found among the list's players after matching (:func:`_candidates`), the one home of how a
pair is found and described: the list's names, the evidence of the list's own IDs and clubs,
and where the later player's name first came from (a game's source before a ranking's);
so ``season add`` and a recalc find the same pairs, every undecided pair of the list, and
``report`` only picks those an addition's players are in (:attr:`Matching.asked`).

Pure: the list, the sources' players and the aliases in; a new list and the matches out.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from ratingbook.season.aliases import Alias, Decision, Merge, merges
from ratingbook.season.model import SeasonError, SeasonPlayer, SourcePlayer, SourceRef
from ratingbook.season.names import (
    NameForm,
    exact_name,
    form_keys,
    form_likeness,
    given_first,
    likeness,
    list_name,
)

__all__ = [
    "Alias",
    "Candidate",
    "Decision",
    "Match",
    "MatchRule",
    "Matching",
    "Merge",
    "match_players",
]


class MatchRule(enum.Enum):
    """Which rule matched a source player (the module text's order)."""

    ALIAS = "the officer's alias"
    FIDE_ID = "the FIDE ID"
    NATIONAL_ID = "the national ID"
    NAME = "the name"
    NEW = "a new player"


@dataclass(frozen=True, slots=True)
class Match:
    """A source player, the list player he is (``key``), the rule that said so, and the
    alias applied, if one was."""

    player: SourcePlayer
    key: str
    rule: MatchRule
    alias: Alias | None = None


@dataclass(frozen=True, slots=True)
class Candidate:
    """Two list players who may be one person, for the officer to decide: their keys and
    names, the evidence in words, and where the name that raised it came from."""

    key: str
    name: str
    other: str
    other_name: str
    reasons: tuple[str, ...]
    source: SourceRef | None = None

    def describe(self) -> str:
        place = f" ({self.source.describe()})" if self.source is not None else ""
        return (
            f"{self.name!r} (player {self.key}){place} and {self.other_name!r} (player "
            f"{self.other}) may be one person: {'; '.join(self.reasons)}"
        )


@dataclass(frozen=True, slots=True)
class Matching:
    """The list after matching (its players, IDs filled in, and the new ones after them; the
    players an alias merged are not among them), each distinct source player's match, the
    candidates (every undecided pair of the list), those the players asked about are in
    (``asked``), notes and problems, and the merges the aliases made (:class:`Merge`)."""

    players: tuple[SeasonPlayer, ...]
    matches: tuple[Match, ...]
    candidates: tuple[Candidate, ...] = ()
    notes: tuple[str, ...] = ()
    problems: tuple[SeasonError, ...] = ()
    merged: tuple[Merge, ...] = ()
    asked: tuple[Candidate, ...] = ()
    _keys: dict[SourcePlayer, str] = field(default_factory=dict, compare=False, repr=False)

    def key_of(self, player: SourcePlayer) -> str:
        """The list key of a source player that was matched."""
        if not self._keys:
            self._keys.update((m.player, m.key) for m in self.matches)
        return self._keys[player]

    def alias_of(self, player: SourcePlayer) -> Alias | None:
        """The officer's alias that made a matched source player the list player he is (his
        name's Same As, or the merge of the list player his name, key or ID gave), or None."""
        match = next((m for m in self.matches if m.player == player), None)
        if match is None or match.alias is not None:
            return None if match is None else match.alias
        return next(
            (m.alias for m in self.merged if m.into == match.key and m.covers(player)), None
        )

    @property
    def new_players(self) -> tuple[SeasonPlayer, ...]:
        new = {m.key for m in self.matches if m.rule is MatchRule.NEW}
        return tuple(p for p in self.players if p.key in new)


_Id = TypeVar("_Id", int, str)


def _next_key(keys: Iterable[str]) -> int:
    return max((int(k) for k in keys if k.isdigit()), default=0) + 1


class _Roster:
    """The list being matched: its players by key, and the indexes of the rules."""

    def __init__(self, players: Sequence[SeasonPlayer], problems: list[SeasonError]) -> None:
        self.players: dict[str, SeasonPlayer] = {}
        self.fide: dict[int, str] = {}
        self.national: dict[str, str] = {}
        self.names: dict[str, list[str]] = defaultdict(list)
        self.ordered: dict[str, list[str]] = defaultdict(list)  # by given_first
        self.blocks: dict[str, set[str]] = defaultdict(set)
        self.keys: dict[str, frozenset[str]] = {}  # each player's block keys
        self.exact: dict[str, str] = {}
        self.forms: dict[str, NameForm] = {}
        self.merged: dict[str, Merge] = {}
        self.next = _next_key(p.key for p in players)
        for player in players:
            if player.key in self.players:
                problems.append(
                    SeasonError(f"key {player.key!r} is given to two players", player.source)
                )
                continue
            self.add(player, problems)
        self.listed = frozenset(self.players)  # the list's own players: not new in this run

    def add(self, player: SeasonPlayer, problems: list[SeasonError]) -> None:
        self.players[player.key] = player
        self.index(player, problems)
        self.exact[player.key] = exact_name(player.name)
        form = self.forms[player.key] = NameForm.of(player.name)
        self.names[self.exact[player.key]].append(player.key)
        self.ordered[given_first(player.name)].append(player.key)
        self.keys[player.key] = form_keys(form.words)
        for block in self.keys[player.key]:
            self.blocks[block].add(player.key)

    def index(self, player: SeasonPlayer, problems: list[SeasonError]) -> None:
        if player.fide_id:
            self._claim(self.fide, player.fide_id, "FIDE", player, problems)
        if player.national_id:
            self._claim(self.national, player.national_id, "national", player, problems)

    def _claim(
        self,
        ids: dict[_Id, str],
        value: _Id,
        what: str,
        player: SeasonPlayer,
        problems: list[SeasonError],
    ) -> None:
        other = ids.setdefault(value, player.key)
        if other != player.key:
            problems.append(
                SeasonError(
                    f"{what} ID {value} is given to two players: {other} "
                    f"({self.players[other].name!r}) and {player.key} ({player.name!r})",
                    player.source,
                )
            )

    def new_key(self) -> str:
        key = str(self.next)
        self.next += 1
        return key

    def merge(self, merged: dict[str, Merge]) -> None:
        """Take each merged player off the list: his key, IDs and name lead to the player he
        is merged into from now on."""
        self.merged = merged
        for key, merge in merged.items():
            player, into = self.players.pop(key), merge.into
            for ids in (self.fide, self.national):
                for value in [v for v, k in ids.items() if k == key]:
                    ids[value] = into  # type: ignore[index]
            for index, name in (
                (self.names, self.exact.pop(key)),
                (self.ordered, given_first(player.name)),
            ):
                keys = index[name]
                keys[keys.index(key)] = into
                index[name] = list(dict.fromkeys(keys))
            del self.forms[key]
            for block in self.keys.pop(key):
                self.blocks[block].discard(key)

    def resolve(self, key: str) -> str:
        """The list player a key names: the one he was merged into, else himself."""
        merge = self.merged.get(key)
        return key if merge is None else merge.into


def _apart(list_player: SeasonPlayer, player: SourcePlayer | SeasonPlayer) -> list[str]:
    """What keeps a player from a list player of the same name (empty: nothing)."""
    reasons: list[str] = []
    if list_player.fide_id and player.fide_id and list_player.fide_id != player.fide_id:
        reasons.append(f"FIDE IDs differ ({list_player.fide_id} and {player.fide_id})")
    if (
        list_player.national_id
        and player.national_id
        and list_player.national_id != player.national_id
    ):
        reasons.append(f"national IDs differ ({list_player.national_id} and {player.national_id})")
    if list_player.club and player.club and exact_name(list_player.club) != exact_name(player.club):
        reasons.append(f"a changed club ({list_player.club} and {player.club})")
    return reasons


def _filled(list_player: SeasonPlayer, player: SourcePlayer, notes: list[str]) -> SeasonPlayer:
    """The list player with what he lacked and the source gives (IDs, club, birth year)."""
    changes: dict[str, object] = {}
    if list_player.fide_id is None and player.fide_id is not None:
        changes["fide_id"] = player.fide_id
    if not list_player.national_id and player.national_id:
        changes["national_id"] = player.national_id
    if not list_player.club and player.club:
        changes["club"] = player.club
    if list_player.birth_year is None and player.birth_year is not None:
        changes["birth_year"] = player.birth_year
    if not changes:
        return list_player
    place = f" from {player.source.describe()}" if player.source is not None else ""
    said = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in changes.items())
    notes.append(f"player {list_player.key} ({list_player.name!r}): {said}{place}")
    return replace(list_player, **changes)  # type: ignore[arg-type]


def match_players(
    players: Sequence[SeasonPlayer],
    incoming: Iterable[SourcePlayer],
    aliases: Sequence[Alias] = (),
    *,
    report: Collection[SourcePlayer] | None = None,
    alike: Iterable[Candidate] | None = None,
) -> Matching:
    """Match every distinct source player of ``incoming`` to the list ``players`` (the module
    text's rules), adding new players; candidates are reported for the source players in
    ``report`` (all of ``incoming`` when None). ``players`` holds every row of the list, the
    players an alias merges too (:func:`~ratingbook.season.aliases.merges`): they are taken
    off the list, and what named them names the player they are.

    ``alike``: the candidates a matching of the same ``players`` with the same ``aliases``
    found (the list as read, :attr:`Matching.candidates`): the names of the list's own
    players are not compared again, only the new players' names with the list's and each
    other's; the pairs of ``alike`` are decided and described again from this matching (its
    spellings, IDs and clubs). The candidates are those of a matching without it."""
    problems: list[SeasonError] = []
    notes: list[str] = []
    roster = _Roster(players, problems)
    merged, alias_problems = merges(roster.players, aliases)
    problems += alias_problems
    roster.merge(merged)
    same: dict[str, list[Alias]] = defaultdict(list)
    different: set[tuple[str, str]] = set()
    for alias in aliases:
        if alias.player not in roster.players and alias.player not in merged:
            continue  # a problem of merges()
        if alias.decision is Decision.SAME:
            same[given_first(alias.name)].append(alias)
        else:
            different.add((given_first(alias.name), roster.resolve(alias.player)))
    matches: dict[SourcePlayer, Match] = {}
    for player in incoming:
        if player in matches:
            continue
        match = _match(player, roster, same, different, problems)
        if match is None:
            key = roster.new_key()
            # As the list writes every name, Given Surname, a namesake too: what kept him
            # from the list's player of that name (an ID, a club) is what the near duplicates
            # say, and the list's IDs tell the two apart in its games.
            new = SeasonPlayer(
                key,
                list_name(player.name),
                fide_id=player.fide_id,
                national_id=player.national_id,
                club=player.club,
                birth_year=player.birth_year,
                source=player.source,
                sex=player.sex,
            )
            roster.add(new, problems)
            match = Match(player, key, MatchRule.NEW)
        else:
            before = roster.players[match.key]
            given = player
            if match.alias is not None and match.alias.national_id == match.key:
                # the list's own ID (List Games' White ID), not a national ID: nothing to fill
                given = replace(player, national_id="")
            after = _filled(before, given, notes)
            if after is not before:
                roster.players[match.key] = after
                roster.index(after, problems)
            if match.rule in (MatchRule.FIDE_ID, MatchRule.NATIONAL_ID) and (
                exact_name(before.name) != exact_name(player.name)
                and likeness(before.name, player.name) is None
            ):
                notes.append(
                    f"{player.name!r}"
                    + (f" ({player.source.describe()})" if player.source else "")
                    + f" is player {match.key} ({before.name!r}) by {match.rule.value}, "
                    "though the names do not look alike"
                )
        matches[player] = match
    candidates = _candidates(roster, matches.values(), different, alike)
    if report is None:
        asked = candidates
    else:
        keys = {matches[p].key for p in report if p in matches}
        asked = tuple(c for c in candidates if c.key in keys or c.other in keys)
    return Matching(
        tuple(roster.players.values()),
        tuple(matches.values()),
        candidates,
        tuple(notes),
        tuple(problems),
        tuple(merged.values()),
        asked,
    )


def _match(
    player: SourcePlayer,
    roster: _Roster,
    same: dict[str, list[Alias]],
    different: set[tuple[str, str]],
    problems: list[SeasonError],
) -> Match | None:
    name, either = exact_name(player.name), given_first(player.name)
    for alias in same.get(either, ()):
        if alias.covers(player):
            return Match(player, roster.resolve(alias.player), MatchRule.ALIAS, alias)
    if player.fide_id is not None and player.fide_id in roster.fide:
        return Match(player, roster.fide[player.fide_id], MatchRule.FIDE_ID)
    if player.national_id and player.national_id in roster.national:
        key = roster.national[player.national_id]
        fide = roster.players[key].fide_id
        if fide is None or player.fide_id is None or fide == player.fide_id:
            return Match(player, key, MatchRule.NATIONAL_ID)
    written = roster.names.get(name, ())
    found = [
        key
        for key in written or roster.ordered.get(either, ())
        if (either, key) not in different and not _apart(roster.players[key], player)
    ]
    if len(found) > 1 and not written:
        return None  # the other order fits two players: a new player, both near duplicates
    if len(found) > 1:
        listed = " and ".join(f"{k} ({roster.players[k].name!r})" for k in found)
        problems.append(
            SeasonError(
                f"{player.name!r} could be player {listed}: an alias must say which",
                player.source,
            )
        )
        return Match(player, found[0], MatchRule.NAME)
    return Match(player, found[0], MatchRule.NAME) if found else None


def _candidates(
    roster: _Roster,
    matches: Iterable[Match],
    different: set[tuple[str, str]],
    alike: Iterable[Candidate] | None = None,
) -> tuple[Candidate, ...]:
    """Every pair of list players whose names look alike or whom only an ID or a club kept
    apart, and not decided different (by the list's name or any spelling matched to either),
    described by the list's names and IDs; the later player (by key) first, with where his
    name came from: the first source that named him, a game's before a ranking's (else his
    list row). Only names that share a block key
    (:func:`~ratingbook.season.names.block_keys`) are compared; with ``alike``
    (:func:`match_players`), only the new players' names with all the others."""
    spellings: dict[str, set[str]] = defaultdict(set)
    where: dict[str, SourceRef] = {}
    for match in matches:
        spellings[match.key].add(given_first(match.player.name))
        if match.player.source is not None:
            where.setdefault(match.key, match.player.source)
    players = roster.players
    for player in players.values():
        spellings[player.key].add(given_first(player.name))
    order = {key: _order(key) for key in players}
    if alike is None:
        pairs = _alike_pairs(roster, order, players)
    else:  # the list's own pairs as found before, and the new players' with everyone
        pairs = {
            (c.key, c.other): c.reasons[0]
            for c in alike
            if c.key in roster.listed and c.other in roster.listed
        }
        pairs.update(_alike_pairs(roster, order, [k for k in players if k not in roster.listed]))
    found: dict[tuple[str, str], Candidate] = {}
    for (late, early), reason in pairs.items():
        if late not in players or early not in players:
            continue  # merged since
        if any((n, early) in different for n in spellings[late]) or any(
            (n, late) in different for n in spellings[early]
        ):
            continue
        mine, theirs = players[late], players[early]
        found[(late, early)] = Candidate(
            late,
            mine.name,
            early,
            theirs.name,
            (reason, *_apart(theirs, mine)),
            where.get(late, mine.source),
        )
    return tuple(
        found[pair] for pair in sorted(found, key=lambda p: sorted((order[p[0]], order[p[1]])))
    )


def _alike_pairs(
    roster: _Roster, order: dict[str, tuple[int, int | str]], searched: Iterable[str]
) -> dict[tuple[str, str], str]:
    """The pairs of list players, one of them ``searched``, whose names are the same or look
    alike, the later player (by key) first, with the names' reason. A pair of two searched
    players is compared once, from its later player (a block holds both or neither)."""
    wanted = set(searched)
    pairs: dict[tuple[str, str], str] = {}
    for key in wanted:
        mark = order[key]
        others: set[str] = set(roster.names.get(roster.exact[key], ()))
        for block in roster.keys[key]:
            others |= roster.blocks[block]
        for other in others:
            rank = order.get(other)
            if rank is None or other == key:
                continue  # merged since, or himself
            if rank < mark:
                late, early = key, other
            elif other in wanted:
                continue  # compared from the other side
            else:
                late, early = other, key
            reason = (
                "the same name"
                if roster.exact[late] == roster.exact[early]
                else form_likeness(roster.forms[late], roster.forms[early])
            )
            if reason is not None:
                pairs[(late, early)] = reason
    return pairs


def _order(key: str) -> tuple[int, int | str]:
    """Numeric keys in their order, before any other key."""
    return (0, int(key)) if key.isdigit() else (1, key)
