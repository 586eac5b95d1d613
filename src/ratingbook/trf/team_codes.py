"""Record 192 of a team TRF-2026 file: the one home of its codes for a competition's settings.

``FIDE_TEAM_<TYPEA|TYPEB>_<MP|GP>_<GP|MP>`` (``FIDE_TEAM_MP_GP`` and friends without colour
preferences) for C.04.6, ``FIDE_TEAM_ROUNDROBIN`` / ``FIDE_TEAM_DOUBLEROUNDROBIN`` for the
round robins; written by :func:`team_code`, read by :func:`settings_of_code`. Pure.
"""

from __future__ import annotations

from ratingbook.events.team import TeamSettings

__all__ = ["settings_of_code", "team_code"]


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
