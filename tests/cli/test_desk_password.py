"""``ratingbook desk``'s password prompt (issue 36's user test: Enter to keep the password set
before was answered with a request to repeat the empty password)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from ratingbook.cli.desk_command import _password_from


def scripted(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> list[str]:
    """A terminal whose user types ``answers``; the prompts shown, in order."""
    shown: list[str] = []
    typed: Iterator[str] = iter(answers)

    def prompt(text: str, **options: object) -> str:
        shown.append(text)
        answer = next(typed)
        if options.get("confirmation_prompt"):  # as click does: asked whatever the answer
            shown.append("Repeat for confirmation")
            next(typed, "")
        return answer if answer or options.get("default") is None else str(options["default"])

    monkeypatch.setattr(click, "prompt", prompt)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    return shown


def test_enter_keeps_the_password_set_before_without_a_repeat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown = scripted(monkeypatch, [""])
    assert _password_from(None, has_one=True) is None
    assert shown == ["The arbiter's password (Enter keeps the one set before)"]


def test_a_new_password_is_typed_twice_until_both_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = scripted(monkeypatch, ["knight-f3", "knight-f4", "knight-f3", "knight-f3"])
    assert _password_from(None, has_one=False) == "knight-f3"
    assert shown == ["The arbiter's password", "Repeat it"] * 2


def test_a_too_short_password_is_refused_at_once_and_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """User test 47: "short" was asked to be repeated, then refused, and the desk exited."""
    shown = scripted(monkeypatch, ["short", "knight-f3", "knight-f3"])
    assert _password_from(None, has_one=False) == "knight-f3"
    assert shown == ["The arbiter's password", "The arbiter's password", "Repeat it"]
    said = capsys.readouterr().err
    assert "The arbiter's password needs at least 8 characters: type another." in said


def test_the_guide_shows_the_prompts_the_desk_prints() -> None:
    """The guide's start-up transcript: the prompts as click prints them (a hidden answer
    echoes nothing), not click's own "Repeat for confirmation" (user test 47)."""
    guide = (Path(__file__).parents[2] / "docs" / "guides" / "results-desk.md").read_text()
    start = guide.split("## Start the desk", 1)[1].split("```", 2)[1]
    lines = start.splitlines()[1:4]
    assert lines == ["ratingbook desk open.xlsx --lan", "The arbiter's password:", "Repeat it:"]
    assert "Repeat for confirmation" not in guide
