"""The camp's code under Desk Confirms `both sides` (issue 36's third user test): a game
reported with the camp's code (nobody's side) and one of its players' own report of it alike
stand confirmed, as the guide says; a different own report is a conflict; two reports with the
camp's code alone still wait for the staff."""

from __future__ import annotations

from pathlib import Path

from tests.desk.desk_books import template

from ratingbook.desk import CAMP, Desk

GUIDE = Path(__file__).parents[2] / "docs" / "guides" / "results-desk.md"


def test_a_camp_code_game_is_confirmed_by_one_players_own_report(tmp_path: Path) -> None:
    desk = Desk.open(template(tmp_path, "ladder"))
    a, b, c, d = [ident for ident, _ in desk.players()][:4]
    camp = desk.player_code(CAMP)
    first = desk.report_game(camp, a, b, "1-0", origin="staff phone")
    assert first.status == "reported"
    own = desk.report_game(desk.player_code(b), a, b, "1-0", origin="phone of black")
    assert (own.item_id, own.status) == (first.item_id, "confirmed")
    other = desk.report_game(camp, c, d, "½-½", origin="staff phone")
    differs = desk.report_game(desk.player_code(c), c, d, "1-0", origin="phone of white")
    assert (differs.item_id, differs.status) == (other.item_id, "conflict")
    twice = desk.report_game(camp, d, a, "0-1", origin="staff phone")
    assert desk.report_game(camp, d, a, "0-1", origin="another phone").status == "reported"
    assert twice.status == "reported"
    words = " ".join(GUIDE.read_text(encoding="utf-8").split())
    assert (
        "A game reported with the camp's code is confirmed the same way by one of its players' "
        "own report of it (same White, same Black, same result)"
    ) in words
