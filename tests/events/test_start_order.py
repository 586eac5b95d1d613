"""Start numbers (ratingbook.events.start_order): FIDE C.04.2 art. 2, numbers typed or recorded
kept, late entries placed, a changed number refused at its cell.

Every expected order below is worked out by hand from C.04.2 art. 2.2: rating descending
(unrated last), then FIDE title in the order GM, IM, WGM, FM, WIM, CM, WFM, WCM, no title, then
alphabetically.
"""

from __future__ import annotations

import pytest
from tests.helpers.sheet_rows import place

from ratingbook.core import fields
from ratingbook.errors import InputErrors, InvalidValueError
from ratingbook.events.event import SwissPlayer
from ratingbook.events.start_order import RecordedNumber, name_order_warning, number_players
from ratingbook.workbook.sheets.schemas import SWISS_EVENT_GAMES, SWISS_PLAYERS


def player(name: str, rating: int | None = None, title: str = "", number: int | None = None):
    return SwissPlayer(
        name,
        rating,
        title=title,
        number=number,
        where=place(SWISS_PLAYERS, 2),  # No. in column A
    )


def test_the_initial_order_is_rating_then_title_then_name() -> None:
    """2100 FM Cy, 2100 GM Bo, 2100 Al (no title), 1900 WGM Di, unrated IM Ed, unrated Fa:
    by rating 2100, 2100, 2100, 1900, unrated, unrated; among the 2100s the GM, then the FM,
    then no title; among the unrated the IM, then by name."""
    players = [
        player("Fa"),
        player("Cy", 2100, "FM"),
        player("Ed", None, "IM"),
        player("Al", 2100),
        player("Di", 1900, "WGM"),
        player("Bo", 2100, "GM"),
    ]
    assert number_players(players).numbers == {"Bo": 1, "Cy": 2, "Al": 3, "Di": 4, "Ed": 5, "Fa": 6}


def test_title_order_is_fides_gm_im_wgm_fm_wim_cm_wfm_wcm() -> None:
    titles = ["WCM", "CM", "WFM", "FM", "GM", "WIM", "IM", "WGM", ""]
    players = [player(f"P{t or '-'}", 2000, t) for t in titles]
    order = sorted(number_players(players).numbers.items(), key=lambda item: item[1])
    assert [name for name, _ in order] == [
        "PGM", "PIM", "PWGM", "PFM", "PWIM", "PCM", "PWFM", "PWCM", "P-",
    ]  # fmt: skip


def test_typed_numbers_win_over_the_rating_order() -> None:
    """The arbiter put the unrated Zed first: his numbers stand."""
    players = [player("Ann", 2200, number=2), player("Zed", None, number=1)]
    assert number_players(players).numbers == {"Zed": 1, "Ann": 2}


def test_a_late_entry_takes_its_place_and_the_players_below_move_down() -> None:
    """C.04.2 art. 2.4: Bob (2050) arrives after round 1 among Ann 1 (2200), Cat 2 (2000) and
    Dan 3 (1800), who were paired with those numbers: Bob becomes 2, Cat 3, Dan 4."""
    players = [
        player("Ann", 2200),
        player("Cat", 2000),
        player("Dan", 1800),
        player("Bob", 2050),
    ]
    recorded = {"Ann": RecordedNumber(1), "Cat": RecordedNumber(2), "Dan": RecordedNumber(3)}
    numbering = number_players(players, recorded)
    assert numbering.numbers == {"Ann": 1, "Bob": 2, "Cat": 3, "Dan": 4}
    # Every No. cell shows another number now (they were empty): all are written back.
    assert numbering.renumbered == {"Ann", "Bob", "Cat", "Dan"}


def test_a_late_entry_goes_before_the_first_numbered_player_he_outranks() -> None:
    """The arbiter numbered Cat (2000) before Ann (2200); Bob (2100) arrives: he outranks Cat,
    the first numbered player, so he goes first, and Cat and Ann keep their order."""
    players = [player("Cat", 2000, number=1), player("Ann", 2200, number=2), player("Bob", 2100)]
    assert number_players(players).numbers == {"Bob": 1, "Cat": 2, "Ann": 3}


def test_a_number_typed_over_the_one_the_player_was_paired_with_is_an_error_after_round_4() -> None:
    """C.04.2 art. 2.3: "No modification of a TPN for this reason [a correction] is allowed
    after the fourth round has been paired"; before that, the typed number stands (Ann 3 after
    Bob 2: Bob 1, Ann 2)."""
    header = ("Round", "Board", "White", "Black", "Result", "White No.", "Black No.")
    where = place(SWISS_EVENT_GAMES, 5, header)
    players = [player("Ann", 2200, number=3), player("Bob", 2100, number=2)]
    recorded = {"Ann": RecordedNumber(1, where, fields.WHITE_NUMBER), "Bob": RecordedNumber(2)}
    assert number_players(players, recorded, paired_rounds=3).numbers == {"Bob": 1, "Ann": 2}
    with pytest.raises(InvalidValueError) as caught:
        number_players(players, recorded, paired_rounds=4)
    assert str(caught.value) == (
        "sheet 'Swiss Players', row 2, column A (No.): start number 3 differs from 1, the "
        "number 'Ann' was paired with (Swiss Games row 5, column White No.); no start number "
        "may be corrected once round 4 has been paired (FIDE C.04.2 art. 2.3): type 1 back"
    )


def test_a_number_used_twice_and_a_number_below_one_are_both_reported() -> None:
    players = [
        player("Ann", number=1),
        SwissPlayer("Bob", number=1, where=place(SWISS_PLAYERS, 3)),
        SwissPlayer("Cat", number=0, where=place(SWISS_PLAYERS, 4)),
    ]
    with pytest.raises(InputErrors) as caught:
        number_players(players)
    assert [str(e) for e in caught.value.errors] == [
        "sheet 'Swiss Players', row 3, column A (No.): start number 1 is used twice (also "
        "'Ann', row 2)",
        "sheet 'Swiss Players', row 4, column A (No.): start number 0 is below 1",
    ]


def test_numbers_are_consecutive_even_when_typed_with_a_gap() -> None:
    """Before the first pairing the list is provisional (C.04.2 art. 2.5): 1, 2, 5 become
    1, 2, 3, and the third player's No. cell is rewritten."""
    players = [player("A", number=1), player("B", number=2), player("C", number=5)]
    numbering = number_players(players)
    assert numbering.numbers == {"A": 1, "B": 2, "C": 3}
    assert numbering.renumbered == {"C"}


def test_alphabetically_is_by_surname_for_names_typed_surname_given() -> None:
    """C.04.2 art. 2.2's last key, alphabetically, read as FIDE writes a name, Surname, Given
    (user test 49): four unrated players, no title. By surname, then given name, worked by hand:
    Aho; Berg (Hanna); Berg Hansen (a longer surname after the shorter it starts with, as a
    dictionary files it); Blum. Nothing to warn of: every name marks its surname."""
    players = [
        player("Blum, Rosa"),
        player("Berg Hansen, Ida"),
        player("Aho, Sven"),
        player("Berg, Hanna"),
    ]
    numbering = number_players(players)
    assert numbering.numbers == {
        "Aho, Sven": 1,
        "Berg, Hanna": 2,
        "Berg Hansen, Ida": 3,
        "Blum, Rosa": 4,
    }
    assert name_order_warning(numbering) == ""


def test_names_typed_given_surname_that_decide_a_number_are_said() -> None:
    """Rosa Blum and Sven Aho, unrated and untitled, typed without a comma: ratingbook cannot
    tell the surname, sorts them as typed (R before S) and says so, naming both and their
    numbers; Cy, rated apart, is not named, nor is a one-word name."""
    players = [player("Sven Aho"), player("Rosa Blum"), player("Cy", 2000)]
    numbering = number_players(players)
    assert numbering.numbers == {"Cy": 1, "Rosa Blum": 2, "Sven Aho": 3}
    said = name_order_warning(numbering)
    assert said.startswith(
        "start numbers by name as typed: Rosa Blum (No. 2) and Sven Aho (No. 3) have the same "
        "rating and title, so the name decides (C.04.2 art. 2.2: alphabetically, by surname"
    )
    assert "type the names Surname, Given" in said
    assert name_order_warning(number_players([player("Ann"), player("Bob")])) == ""
    # Numbers typed or paired with are not the name's doing: nothing to say.
    typed = [player("Sven Aho", number=1), player("Rosa Blum", number=2)]
    assert name_order_warning(number_players(typed)) == ""
