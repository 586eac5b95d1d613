"""Records 192 and 362 of a team TRF-2026 file: the one home of their spellings.

Record 192: ``FIDE_TEAM_<TYPEA|TYPEB>_<MP|GP>_<GP|MP>`` (``FIDE_TEAM_MP_GP`` and friends
without colour preferences) for C.04.6, ``FIDE_TEAM_ROUNDROBIN`` /
``FIDE_TEAM_DOUBLEROUNDROBIN`` for the round robins; written by :func:`team_code`, read by
:func:`settings_of_code`.

Record 362, the match points: TRF-2026 names its symbols ``TW``, ``TD`` and ``TL`` (team win,
draw, loss) and gives no columns; record 162 (the individual points) puts each symbol's last
letter at column 6, 15, 24 and its points at 7-10, 16-19, 25-28. :func:`match_points_record`
writes ``362 TW 3.0   TD 1.0   TL 0.0``: the two-letter symbol ending at those columns, so a
reader of either kind finds it (gacrux reads the letter at column 6, Sharly-Chess's
bbpPairings fork the two letters at 5-6). :func:`match_points_of_record` reads every spelling:
``TW``/``W``, any spacing, a value touching its symbol. Pure.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ratingbook.events.team import TeamSettings

__all__ = ["match_points_of_record", "match_points_record", "settings_of_code", "team_code"]

#: A 362 symbol and its points: ``TW 3.0``, ``W 3.0``, ``TW3.0``, ``tw 2``.
_MATCH_POINTS = re.compile(r"\bT?([WDL])\s*(-?\d+(?:\.\d*)?)", re.IGNORECASE)
#: Each 362 letter's setting.
_MATCH_SETTING = {"W": "match_win", "D": "match_draw", "L": "match_loss"}


def team_code(settings: TeamSettings) -> str:
    """Record 192's code for the competition's settings."""
    if settings.round_robin:
        return "FIDE_TEAM_DOUBLEROUNDROBIN" if settings.cycles == 2 else "FIDE_TEAM_ROUNDROBIN"
    colour = {"Type A": "TYPEA_", "Type B": "TYPEB_", "None": ""}[settings.colours]
    scores = "GP_MP" if settings.game_points_rank else "MP_GP"
    return f"FIDE_TEAM_{colour}{scores}"


def settings_of_code(code: str) -> dict[str, object]:
    """The settings record 192's ``code`` gives (upper case): system, colours, main score."""
    if "ROUNDROBIN" in code:
        return {"system": "Double Round Robin" if "DOUBLE" in code else "Round Robin"}
    colours = "Type A" if "TYPEA" in code else "Type B" if "TYPEB" in code else "None"
    gp_first = "_GP_MP" in code or (code.endswith("_GP") and "_MP_GP" not in code)
    return {
        "system": "Team Swiss",
        "colours": colours,
        "main_score": "Game Points" if gp_first else "Match Points",
    }


def match_points_record(settings: TeamSettings) -> str:
    """Record 362 for the competition's match points (see the module text for the columns)."""
    values = (settings.match_win, settings.match_draw, settings.match_loss)
    return "362" + "".join(
        f"{' ' * (1 if k == 0 else 3)}T{letter}{float(value):4.1f}"
        for k, (letter, value) in enumerate(zip("WDL", values, strict=True))
    )


def match_points_of_record(body: str) -> dict[str, Fraction]:
    """The match points a 362 record's ``body`` (after the code) gives, by setting name:
    ``{"match_win": 3, ...}``; a symbol it does not give keeps its default. ValueError for
    what is neither a symbol nor its points."""
    left = _MATCH_POINTS.sub(" ", body).strip()
    if left:
        raise ValueError(
            f"{left!r} is not a match-points symbol (TW, TD, TL) followed by its points"
        )
    return {
        _MATCH_SETTING[letter.upper()]: Fraction(value)
        for letter, value in _MATCH_POINTS.findall(body)
    }
