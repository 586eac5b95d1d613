"""The near-duplicate search of :mod:`ratingbook.season.identity` against a plain search
written here: every pair of the list compared by the rules (no blocks, no quick test), on
random names with planted near duplicates; and a ``season add``'s search (``alike``: the
list's own pairs as found when it was read) comparing only the names new in the addition.
"""

from __future__ import annotations

import random

import pytest

from ratingbook.season import (
    Alias,
    Decision,
    SeasonPlayer,
    SourcePlayer,
    SourceRef,
    exact_name,
    identity,
    match_players,
)
from ratingbook.season.names import NameForm, given_first, name_words, words_likeness

GIVEN = ["John", "Jon", "J.", "Anna", "Ann", "A.", "Matthias", "Mathias", "Lee", "Wang", "Hao"]
SURNAMES = ["Smith", "Smyth", "Kiese", "Kise", "Berg", "Van der Berg", "Vander Berg", "Hao"]
SUFFIXES = ["", "", "", ", Dr.", ", Jr."]


def _name(rng: random.Random) -> str:
    given, surname = rng.choice(GIVEN), rng.choice(SURNAMES)
    middle = rng.choice(["", "", "P. "])
    name = f"{surname}, {given}" if rng.random() < 0.2 else f"{given} {middle}{surname}"
    return name + rng.choice(SUFFIXES)


def _plain_pairs(players: list[SeasonPlayer]) -> set[tuple[str, str, str]]:
    """Every pair of the list, the later key first, whose names are the same name or look
    alike by the rules (``words_likeness`` on their words): nothing set aside unseen."""
    found = set()
    words = {p.name: name_words(p.name) for p in players}  # each name's words worked out once
    for i, early in enumerate(players):
        for late in players[i + 1 :]:
            a, b = (late, early) if int(late.key) > int(early.key) else (early, late)
            if exact_name(a.name) == exact_name(b.name):
                found.add((a.key, b.key, "the same name"))
                continue
            reason = words_likeness(words[a.name], words[b.name])
            if reason is not None:
                found.add((a.key, b.key, reason))
    return found


def _pairs(candidates: tuple[identity.Candidate, ...]) -> set[tuple[str, str, str]]:
    return {(c.key, c.other, c.reasons[0]) for c in candidates}


def _undecided(
    pairs: set[tuple[str, str, str]], players: tuple[SeasonPlayer, ...], aliases: list[Alias]
) -> set[tuple[str, str, str]]:
    """The pairs but those the officer decided: 'Jon Smith' (either order) is not player 1."""
    if not aliases:
        return pairs
    jon = {p.key for p in players if given_first(p.name) == "jon smith"}
    return {
        p for p in pairs if not ((p[0] in jon and p[1] == "1") or (p[1] in jon and p[0] == "1"))
    }


@pytest.mark.parametrize("seed", range(6))
def test_an_additions_search_finds_the_pairs_of_every_pair_compared(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    names = ["John Smith", "Matthias Kiese, Dr.", *(_name(rng) for _ in range(70))]
    rows = [SeasonPlayer(str(n), name) for n, name in enumerate(names, 1)]
    aliases = [Alias("Jon Smith", Decision.DIFFERENT, "1")] if seed % 2 else []
    read = match_players(rows, [], aliases)  # the list as a season add reads it first
    assert _pairs(read.candidates) == _undecided(_plain_pairs(rows), read.players, aliases)

    where = SourceRef("event.pgn")
    incoming = [
        SourcePlayer(name, source=where)
        for name in [
            "J. Smith",
            "Matthias Kiese",
            *(rng.choice(names) for _ in range(10)),
            *(_name(rng) for _ in range(15)),
        ]
    ]
    compared: list[tuple[NameForm, NameForm]] = []
    form_likeness = identity.form_likeness

    def counted(a: NameForm, b: NameForm) -> str | None:
        compared.append((a, b))
        return form_likeness(a, b)

    monkeypatch.setattr(identity, "form_likeness", counted)
    added = match_players(rows, incoming, aliases, report=incoming, alike=read.candidates)
    listed = {NameForm.of(name) for name in names}
    new_forms = {NameForm.of(p.name) for p in added.new_players}
    # only the names new in this addition are compared, with the list's and each other's
    assert all(a in new_forms or b in new_forms for a, b in compared)
    assert not any(a in listed and b in listed and a not in new_forms for a, b in compared)
    monkeypatch.setattr(identity, "form_likeness", form_likeness)

    everything = match_players(rows, incoming, aliases, report=incoming)  # the whole list
    assert added.candidates == everything.candidates
    assert added.asked == everything.asked
    assert added.players == everything.players

    plain = _plain_pairs(list(added.players))
    assert _pairs(added.candidates) == _undecided(plain, added.players, aliases)
    # the planted pairs, whoever on the list the new spellings are (a random name may be his)
    key = {m.player.name: m.key for m in added.matches}
    asked = {(frozenset((c.key, c.other)), c.reasons[0]) for c in added.asked}
    assert (frozenset((key["J. Smith"], "1")), "an initial for a name: J. for John") in asked
    suffix = "the same name but for a title or suffix: 'dr'"
    assert (frozenset((key["Matthias Kiese"], "2")), suffix) in asked


def test_the_list_as_read_has_the_pairs_of_every_pair_compared() -> None:
    rng = random.Random(99)
    rows = [SeasonPlayer(str(n), _name(rng)) for n in range(1, 121)]
    read = match_players(rows, [])
    assert _pairs(read.candidates) == _plain_pairs(rows)
    assert len(read.candidates) > 100  # the planted likenesses are there to find
