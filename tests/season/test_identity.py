"""Tests for :mod:`ratingbook.season.names` and :mod:`ratingbook.season.identity`: who is who.

The cases are hand-made and each states the rule it pins (the modules' texts number them). The
edit distance that checks "one letter off" is written here independently (the optimal string
alignment distance, by its textbook recurrence).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratingbook.errors import Location
from ratingbook.season import (
    Alias,
    Decision,
    MatchRule,
    SeasonPlayer,
    SourcePlayer,
    SourceRef,
    exact_name,
    likeness,
    match_players,
)
from ratingbook.season.names import (
    NameForm,
    block_keys,
    form_likeness,
    name_words,
    one_letter_apart,
    words_likeness,
)

# --- names ---------------------------------------------------------------------------------------

SAME_NAME = [
    ("John Smith", "john  smith"),
    ("Jones,Gawain C.", "Jones, Gawain C."),
    ("SMITH, John", "Smith ,  john"),
]


@pytest.mark.parametrize(("a", "b"), SAME_NAME)
def test_the_same_name_is_case_and_spaces_aside(a: str, b: str) -> None:
    assert exact_name(a) == exact_name(b)
    assert likeness(a, b) is None  # a match, not a likeness


LIKE = [
    # rule 1: the same words in another order, accents, punctuation
    ("Smith, John", "John Smith", "the same words in another order or spelling"),
    ("José Müller", "Jose Muller", "the same words in another order or spelling"),
    ("O'Brien, Pat", "Pat O Brien", "the same words in another order or spelling"),
    # rule 2: the same letters spaced differently
    ("Anna Van der Berg", "Anna Vander Berg", "the same letters, spaced differently"),
    # rule 3: an initial for a name
    ("J. Smith", "John Smith", "an initial for a name: J. for John"),
    ("Smith, J.", "John Smith", "an initial for a name: J. for John"),
    ("John P. Smith", "John Smith", "an initial for a name: a middle initial P. left out"),
    (
        "Aherne, John P.",
        "J Aherne",
        "an initial for a name: J. for John, a middle initial P. left out",
    ),
    # rule 4: one letter off
    ("John Smith", "John Smyth", "one letter apart: 'smith' and 'smyth'"),
    ("Jon Smith", "John Smith", "one letter apart: 'jon' and 'john'"),
    ("Mueller, Hans", "Hans Muller", "one letter apart: 'mueller' and 'muller'"),
    (
        "mattderkuerschner",
        "mattderkeurschner",
        "one letter apart: 'mattderkuerschner' and 'mattderkeurschner'",
    ),
    # rule 5: a title one file writes after the name's last comma and another leaves out
    # (the Karl-Mala TRF's Kiese,Matthias,Dr. and a PGN's Kiese, Matthias)
    ("Matthias Kiese, Dr.", "Kiese, Matthias", "the same name but for a title or suffix: 'dr'"),
    ("Kiese,Matthias,Dr.", "Matthias Kiese", "the same name but for a title or suffix: 'dr'"),
    ("Smith, Jr.", "Smith", "the same name but for a title or suffix: 'jr'"),
]


@pytest.mark.parametrize(("a", "b", "reason"), LIKE)
def test_names_that_look_alike_say_why(a: str, b: str, reason: str) -> None:
    assert likeness(a, b) == reason
    assert block_keys(a) & block_keys(b)


UNLIKE = [
    ("John Smith", "Jane Doe"),  # nothing shared
    ("J. Smith", "K. Smith"),  # two people's initials, not a slip
    ("Smith", "John Smith"),  # a full word the other does not account for
    ("John Smith", "Jane Smith"),  # two letters off
    ("Li Wu", "Li Wu Chen"),  # a full word more
    ("Ann Lee", "Ann Leeds"),  # two letters more
]


@pytest.mark.parametrize(("a", "b"), UNLIKE)
def test_names_that_do_not_look_alike(a: str, b: str) -> None:
    assert likeness(a, b) is None
    assert likeness(b, a) is None


def osa_distance(a: str, b: str) -> int:
    """The optimal string alignment distance: insertions, deletions, substitutions and swaps of
    two neighbours, each costing one (the textbook recurrence)."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


WORDS = st.text(alphabet="abcde", max_size=7)


@given(WORDS, WORDS)
def test_one_letter_apart_is_distance_one(a: str, b: str) -> None:
    assert one_letter_apart(a, b) == (osa_distance(a, b) == 1)


@given(WORDS.filter(lambda w: len(w) > 1), st.data())
def test_one_letter_apart_finds_every_single_slip(word: str, data: st.DataObject) -> None:
    """A word with one letter dropped, added, changed or two neighbours swapped is one letter
    apart from it (unless the slip gives the word back)."""
    i = data.draw(st.integers(0, len(word) - 1))
    letter = data.draw(st.sampled_from("abcdefz"))
    slips = [
        word[:i] + word[i + 1 :],
        word[:i] + letter + word[i:],
        word[:i] + letter + word[i + 1 :],
        word[:i] + word[i + 1 : i + 2] + word[i : i + 1] + word[i + 2 :],
    ]
    for slip in slips:
        assert one_letter_apart(word, slip) == (slip != word)


NAMES = st.lists(
    st.sampled_from(
        [
            "ann",
            "bo",
            "cara",
            "j",
            "k",
            "smith",
            "smyth",
            "lee",
            "jon",
            "john",
            "don",
            "ojhn",
            "ab",
            "ba",
        ]
    ),
    min_size=1,
    max_size=3,
)


@given(NAMES, NAMES, st.booleans())
def test_names_that_look_alike_share_a_block(a: list[str], b: list[str], comma: bool) -> None:
    """Whenever two names look alike they share a block key: comparing only names that share one
    loses no candidate. And the rule is symmetric."""
    first = f"{a[-1]}, {' '.join(a[:-1])}" if comma and len(a) > 1 else " ".join(a)
    second = " ".join(b)
    assert (likeness(first, second) is None) == (likeness(second, first) is None)
    if likeness(first, second) is not None:
        assert block_keys(first) & block_keys(second)
    # The quick test sets aside no pair the full rules find alike.
    assert form_likeness(NameForm.of(first), NameForm.of(second)) == words_likeness(
        name_words(first), name_words(second)
    ) or exact_name(first) == exact_name(second)


# --- matching ------------------------------------------------------------------------------------


def at(line: int, file: str = "event.trf") -> SourceRef:
    return SourceRef(file, Location(line=line))


def source(name: str, line: int = 1, **ids: object) -> SourcePlayer:
    return SourcePlayer(name, source=at(line), **ids)  # type: ignore[arg-type]


LIST = (
    SeasonPlayer("1", "John Smith", fide_id=1503014, club="Hastings", rating=1800),
    SeasonPlayer("2", "Anna Lee", national_id="E123", rating=1500),
    SeasonPlayer("3", "Paul Green", club="Rye"),
)


def test_ids_first_then_names_then_new_players() -> None:
    """FIDE ID first, then the national ID, then the exact name; anyone else is new, unrated,
    keyed after the highest key."""
    matching = match_players(
        LIST,
        [
            source("Smith, J.", fide_id=1503014),  # by FIDE ID, whatever the name
            source("LEE, ANNA", national_id="E123"),  # by national ID
            source("paul  green"),  # by name
            source("Zoe Ward", 4),  # new
        ],
    )
    assert [(m.key, m.rule) for m in matching.matches] == [
        ("1", MatchRule.FIDE_ID),
        ("2", MatchRule.NATIONAL_ID),
        ("3", MatchRule.NAME),
        ("4", MatchRule.NEW),
    ]
    assert matching.players[3] == SeasonPlayer("4", "Zoe Ward")
    assert matching.players[3].unrated
    assert matching.new_players == (matching.players[3],)
    assert matching.problems == ()


def test_a_match_fills_in_what_the_list_lacked_and_says_so() -> None:
    matching = match_players(LIST, [source("Paul Green", 7, fide_id=4100018, birth_year=1970)])
    assert matching.players[2] == SeasonPlayer(
        "3", "Paul Green", fide_id=4100018, club="Rye", birth_year=1970
    )
    assert matching.notes == (
        "player 3 ('Paul Green'): fide id 4100018, birth year 1970 from file 'event.trf', line 7",
    )


def test_an_id_that_joins_unlike_names_is_noted() -> None:
    matching = match_players(LIST, [source("Peter Pan", 9, fide_id=1503014)])
    assert matching.matches[0].key == "1"
    assert matching.notes == (
        "'Peter Pan' (file 'event.trf', line 9) is player 1 ('John Smith') by the FIDE ID, "
        "though the names do not look alike",
    )


@pytest.mark.parametrize(
    ("incoming", "reasons"),
    [
        (source("J. Smith"), ("an initial for a name: J. for John",)),
        (source("Smith John"), ("the same words in another order or spelling",)),
        (source("Jöhn Smith"), ("the same words in another order or spelling",)),
        (source("John Smyth"), ("one letter apart: 'smyth' and 'smith'",)),
        (
            SourcePlayer("John Smith", club="Rye", source=at(1)),
            ("the same name", "a changed club (Hastings and Rye)"),
        ),
        (
            source("John Smith", fide_id=999),
            ("the same name", "FIDE IDs differ (1503014 and 999)"),
        ),
    ],
)
def test_a_near_duplicate_is_reported_with_its_evidence_and_never_merged(
    incoming: SourcePlayer, reasons: tuple[str, ...]
) -> None:
    """ "J. Smith" and "John Smith", "Smith John" (no comma: which is the surname is not
    known), accents, one letter off, a changed club, a different ID: a new player, and a
    candidate for the officer."""
    matching = match_players(LIST, [incoming])
    (match,) = matching.matches
    assert match.rule is MatchRule.NEW and match.key == "4"
    (candidate,) = matching.candidates
    assert (candidate.key, candidate.other) == ("4", "1")
    assert candidate.reasons == reasons
    assert candidate.source == at(1)
    assert candidate.describe().startswith(f"{incoming.name!r} (player 4) (file 'event.trf'")


def test_a_title_one_file_writes_is_a_near_duplicate() -> None:
    """The Karl-Mala TRF's ``Kiese,Matthias,Dr.`` is on the list as Matthias Kiese, Dr.; a
    PGN's ``Kiese, Matthias`` is a new player, and the two a pair for the officer."""
    listed = (*LIST, SeasonPlayer("4", "Matthias Kiese, Dr.", source=at(3, "karl-mala.trf")))
    matching = match_players(listed, [source("Kiese, Matthias", 9)])
    assert matching.new_players[0].name == "Matthias Kiese"
    (candidate,) = matching.candidates
    assert (candidate.key, candidate.other) == ("5", "4")
    assert candidate.reasons == ("the same name but for a title or suffix: 'dr'",)


def test_two_list_players_of_one_name_are_a_problem() -> None:
    roster = (*LIST, SeasonPlayer("7", "Paul Green", club="Hastings"))
    matching = match_players(roster, [source("Paul Green", 5)])
    assert [str(p) for p in matching.problems] == [
        "file 'event.trf', line 5: 'Paul Green' could be player 3 ('Paul Green') and 7 ('Paul "
        "Green'): an alias must say which"
    ]


def test_an_alias_same_is_applied_first_and_recorded() -> None:
    """The officer decided 'J. Smith' is player 1: matched by the alias (before any ID), and
    the match records which alias; no candidate is left."""
    alias = Alias(
        "J. Smith", Decision.SAME, "1", source=SourceRef("list.xlsx", Location("Aliases", 2))
    )
    matching = match_players(LIST, [source("J. Smith")], [alias])
    (match,) = matching.matches
    assert (match.key, match.rule, match.alias) == ("1", MatchRule.ALIAS, alias)
    assert matching.candidates == ()
    assert len(matching.players) == len(LIST)


def test_an_alias_different_keeps_two_people_apart() -> None:
    """The officer decided 'John Smith' of Rye is not player 1: he is new, and the pair is not
    reported again; an exact name is kept apart too."""
    different = Alias("J. Smith", Decision.DIFFERENT, "1")
    matching = match_players(LIST, [source("J. Smith")], [different])
    assert matching.matches[0].rule is MatchRule.NEW
    assert matching.candidates == ()
    same_name = Alias("Paul Green", Decision.DIFFERENT, "3")
    matching = match_players(LIST, [source("Paul Green")], [same_name])
    assert (matching.matches[0].key, matching.matches[0].rule) == ("4", MatchRule.NEW)
    assert matching.candidates == ()


def test_an_alias_with_an_id_covers_only_that_id() -> None:
    alias = Alias("Smith, J.", Decision.SAME, "1", national_id="W9")
    matching = match_players(
        LIST, [source("Smith, J.", national_id="W9"), source("Smith, J.")], [alias]
    )
    assert [m.rule for m in matching.matches] == [MatchRule.ALIAS, MatchRule.NEW]


def test_an_alias_naming_no_player_is_a_problem_at_its_row() -> None:
    where = SourceRef("list.xlsx", Location("Aliases", 4))
    matching = match_players(LIST, [], [Alias("X", Decision.SAME, "42", source=where)])
    assert [str(p) for p in matching.problems] == [
        "book 'list.xlsx', sheet 'Aliases', row 4: the alias 'X' names player '42', who is not "
        "on the list"
    ]


def test_an_id_given_to_two_list_players_is_a_problem() -> None:
    roster = (*LIST, SeasonPlayer("9", "Jim Smith", fide_id=1503014))
    matching = match_players(roster, [])
    assert [str(p) for p in matching.problems] == [
        "FIDE ID 1503014 is given to two players: 1 ('John Smith') and 9 ('Jim Smith')"
    ]


def test_every_undecided_pair_is_found_and_those_asked_about_told_apart() -> None:
    """The candidates are every undecided pair of the list, whoever was asked about (the user
    test's second ``season add`` dropped the first one's Smith pair from Near Duplicates);
    ``asked`` holds those the new event's players (``report``) are in."""
    old, new = source("J. Smith", 1), source("Anna Leigh", 2)
    matching = match_players(LIST, [old, new], report=[new])
    assert [(c.name, c.other_name) for c in matching.candidates] == [("J. Smith", "John Smith")]
    assert matching.asked == ()
    matching = match_players(LIST, [old, new], report=[old])
    assert [(c.name, c.other_name) for c in matching.asked] == [("J. Smith", "John Smith")]


def test_a_pair_is_described_by_the_list_not_by_the_list_ids_a_book_names() -> None:
    """A recalc reads List Games' White ID (the list's own key) beside each name; the user
    test's pair said "national IDs differ (387 and 336)" though nobody had a national ID,
    and named the file's spelling. The pair is the list's: its names, no such reason, and
    Where the game (not the ranking) that named the later player."""
    listed = (*LIST, SeasonPlayer("4", "J. Smith"))
    aliases = [
        Alias("Smith, J.", Decision.SAME, "4", national_id="4"),
        Alias("John Smith", Decision.SAME, "1", national_id="1"),
    ]
    game = SourcePlayer("Smith, J.", national_id="4", source=at(7, "List Games"))
    rank = SourcePlayer("Smith, J.", national_id="4", source=at(57, "Event Ranks"))
    listed_by = SourcePlayer("John Smith", national_id="1", source=at(8, "List Games"))
    matching = match_players(listed, [game, listed_by, rank], aliases)
    (candidate,) = matching.candidates
    assert (candidate.key, candidate.name, candidate.other, candidate.other_name) == (
        "4",
        "J. Smith",
        "1",
        "John Smith",
    )
    assert candidate.reasons == ("an initial for a name: J. for John",)
    assert candidate.source == at(7, "List Games")
