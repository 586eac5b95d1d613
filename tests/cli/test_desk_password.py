"""``ratingbook desk``'s password prompt (issue 36's user test: Enter to keep the password set
before was answered with a request to repeat the empty password)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

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
