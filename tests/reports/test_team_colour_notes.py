"""The colour sentence of a team match names the first team of C.04.6 art. 4.2, why it is first,
and the round the article of art. 4.3 goes by (user test 49).

The finding: round 2 of the Riverside Team Swiss (tests/helpers/riverside_cup.py) said
"Fianchetto has White on board 1 by C.04.6 art. 4.3.8: the first team's colour alternates from
its last played round", but Fianchetto had White in round 1 and has White again: the first team
is Caissa Club, named second. The rule was applied right; the sentence misled.

Worked from the rules. After round 1 Caissa Club beat Gambit Guild 3½-½ with White on board 1
(2 match points, 3½ game points) and Fianchetto beat Isolani 2½-1½ with White (2, 2½). Art.
4.2: the first team has the higher primary score (match points: equal), then the higher
secondary score (game points: Caissa 3½ to 2½): Caissa Club. Type A, one match each with White:
colour difference +1, no colour preference (art. 1.7.1), so 4.3.2 to 4.3.5 do not apply; 4.3.6
finds no round in which their colours differed (both White in round 1); 4.3.7 no preference;
4.3.8: Caissa's colour alternates from round 1, White, to Black: Fianchetto has White.
"""

from __future__ import annotations

from tests.helpers.riverside_cup import riverside_event

from ratingbook.reports.team_notes import match_notes


def _note(number: int, white: str) -> str:
    (note,) = [n for n in match_notes(riverside_event(), number) if f": {white} (no." in n]
    return note


def test_the_first_team_and_its_round_are_named() -> None:
    note = _note(2, "Fianchetto")
    assert (
        "Fianchetto has White on board 1 by C.04.6 art. 4.3.8: the first team's colour "
        "alternates from its last played round: the first team (art. 4.2) is Caissa Club (as "
        "many match points, 2, and more game points, 3½ to 2½), which had White in round 1 and "
        "now has Black; the other boards alternate." in note
    ), note


def test_each_article_says_what_it_read() -> None:
    """Round 1, 4.3.1: Hypermodern (no. 6) - Dragon Knights (no. 2), neither had played; the
    first team is the smaller pairing number, 2, even: the colour other than the initial one
    (White, drawn for team 1), Black. Round 2, 4.3.5: Kingside Attack had the bye in round 1
    (no match played: colour difference 0), Hypermodern White (+1): White to the lower.
    Round 3, 4.3.2: Dragon Knights had Black in rounds 1 and 2 (difference -2: a preference for
    White, art. 1.7.1), Joker Pawns White and the bye (+1: none). Round 4, 4.3.6: Fianchetto had
    White, White, Black, Hypermodern White, Black, White: from the last round back, round 3 is
    the last in which they differed, so the colours swap from it."""
    assert (
        "4.3.1: neither team had played a match yet, so the pairing number of the first team "
        "(art. 4.2), Dragon Knights (as many match points and game points, and the smaller "
        "pairing number, 2 to 6), decides: 2 is even: it gets the other colour, Black;"
    ) in _note(1, "Hypermodern")
    assert (
        "4.3.5: White goes to the team with the lower colour difference (art. 1.6.2, matches "
        "with White minus matches with Black): Kingside Attack 0, Hypermodern +1;"
    ) in _note(2, "Kingside Attack")
    assert (
        "4.3.2: only Dragon Knights had a colour preference (art. 1.7), for White, and it is "
        "granted;"
    ) in _note(3, "Dragon Knights")
    assert (
        "4.3.6: the colours alternate from the last time the teams had different colours: in "
        "round 3 Fianchetto had Black and Hypermodern White, so Fianchetto now has White;"
    ) in _note(4, "Fianchetto")
