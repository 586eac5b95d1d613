"""The ``Norms`` report: for a FIDE-rated event, every norm made (with the data FIDE's norm
report form IT1 asks), every check still in reach with what the player needs, and the lines
saying what could not be checked. Players with no chance left are counted, not listed, by the
reason they have none (the requirement they miss, one of them named with his figures). Pure."""

from __future__ import annotations

import re
from collections import defaultdict

from ratingbook.events.event import SwissEvent
from ratingbook.events.prizes import points_text
from ratingbook.fide.rules.norm_event import EventNorms, PlayerNorm
from ratingbook.reports.names import NORMS
from ratingbook.reports.tables import SheetGrid, centred_columns

__all__ = ["certificate", "in_reach", "norm_grid", "norm_lines", "out_of_reach"]


def in_reach(check: PlayerNorm) -> bool:
    """A norm made, or one the remaining rounds can still give."""
    return bool(check.check.norm) or (
        bool(check.outlook) and not check.outlook.startswith("cannot")
    )


def _why_not(check: PlayerNorm) -> tuple[str, str]:
    """Why ``check`` gives no norm: the outlook's "cannot" before the end, else the first
    requirement that fails; with the kind of reason (figures left out) to group players by."""
    if check.outlook.startswith("cannot"):
        return re.sub(r"\d[\d½/.,]*", "#", check.outlook), check.outlook
    failed = next((r for r in check.check.requirements if r.holds is not True), None)
    if failed is None:  # no requirement failed, yet no norm: none is in reach before the end
        return check.outlook, check.outlook
    return failed.name, f"{failed.name}: {failed.figure}, needed {failed.needed}"


def out_of_reach(norms: EventNorms) -> list[str]:
    """The players checked who have no norm in reach, as lines: how many, then for each kind
    of reason how many players and one of them, with the figures (for each player the check of
    the last title he was checked for, the one needing least)."""
    easiest: dict[str, PlayerNorm] = {}
    reached: set[str] = set()
    for c in norms.checks:
        easiest[c.player.name] = c
        if in_reach(c):
            reached.add(c.player.name)
    out = [c for name, c in easiest.items() if name not in reached]
    if not out:
        return []
    groups: dict[str, list[tuple[PlayerNorm, str]]] = defaultdict(list)
    for c in out:
        key, reason = _why_not(c)
        groups[key].append((c, reason))
    lines = [
        f"{len(out)} of {len(easiest)} players checked have no norm in reach after round "
        f"{norms.played}:"
    ]
    for found in sorted(groups.values(), key=len, reverse=True):
        c, reason = found[0]
        who = f"{len(found)} player{'s' * (len(found) > 1)}"
        lines.append(f"    {who}, e.g. {c.player.name} ({c.check.title} norm): {reason}")
    return lines


def certificate(event: SwissEvent, check: PlayerNorm) -> list[tuple[str, str]]:
    """The fields of FIDE's title norm report (IT1) for ``check``, label and value."""
    s = event.settings
    p = check.player
    c = check.check
    fields = [
        ("Title of norm", c.title),
        ("Name", p.name),
        ("FIDE ID", str(p.fide_id) if p.fide_id else "-"),
        ("Federation", p.federation),
        ("Birth", p.birth),
        ("Event", s.event_name),
        ("City, federation of the event", ", ".join(x for x in (s.city, s.federation) if x)),
        ("Dates", " - ".join(str(d) for d in (s.start_date, s.end_date) if d)),
        ("Chief arbiter", s.chief_arbiter),
        ("Rate of play", s.time_control),
        ("System", "Round robin" if s.round_robin else "Swiss"),
        ("Rounds", str(event.rounds_planned or "-")),
        ("Games counted", str(c.games)),
        ("Norm counts as (games)", str(c.counts_as or "-")),
        ("How the games were chosen", c.rule or "every game played"),
        ("Score", f"{points_text(c.score)} / {c.games}"),
        ("Average rating of opponents (Ra)", str(c.average or "-")),
        ("Opponent raised to the rating floor", c.raised or "none"),
        ("Performance (Rp)", str(c.performance or "-")),
    ]
    counted = {g.round: g for g in c.counted}
    aside = {g.round: why for g, why in c.set_aside}
    for g in check.games:
        rating = g.rating if g.rating is not None else "unrated (1400)"
        who = " ".join(x for x in (g.opponent, g.title, g.federation, str(rating)) if x)
        shown = counted.get(g.round, g)
        note = aside.get(g.round) or ("" if g.round in counted else g.why)
        result = f"{who}: {points_text(shown.score)}" + (f" (not counted: {note})" if note else "")
        fields.append((f"Round {g.round}", result))
    return fields


def norm_grid(event: SwissEvent, norms: EventNorms) -> SheetGrid:
    """Player, Title, Norm?, then each requirement's figure; the outlook; the certificates.
    The lines that are sentences (what could not be checked, the players out of reach, each
    certificate's heading) are marked as such: printed across the table, not wrapped in the
    narrow Player column (issue 34)."""
    rows: list[list[object]] = []
    sentences: set[int] = set()

    def sentence(line: str) -> None:
        sentences.add(len(rows))
        rows.append([line, None, None, None, None])

    for line in norms.lines:
        sentence(line)
    shown = [c for c in norms.checks if in_reach(c)]
    for c in shown:
        verdict = {True: "NORM", False: "no", None: "cannot tell"}[c.check.norm]
        rows.append([c.player.name, c.check.title, verdict, c.outlook or None, None])
        if c.check.set_aside or c.check.rule:
            rows.append([None, None, None, "games chosen", _chosen(c)])
        for r in c.check.requirements:
            rows.append([None, None, r.verdict, r.name, f"{r.figure} (needed: {r.needed})"])
    for line in out_of_reach(norms):
        sentence(line.strip())
    for c in norms.norms:
        sentence(f"Norm report (IT1): {c.player.name}, {c.check.title}")
        rows += [[None, None, None, label, value or None] for label, value in certificate(event, c)]
    header = ("Player", "Title", "Holds", "Requirement / still needed", "Figure")
    return SheetGrid(
        NORMS,
        header,
        rows,
        widths={0: 28, 1: 6, 2: 12, 3: 32, 4: 36},  # a landscape page at 9 points
        wrapped=frozenset({3, 4}),
        note=f"{len(norms.norms)} norms, {len(shown)} checks in reach",
        title=f"Title norms after round {norms.played}",
        centred=frozenset({1, 2}) | centred_columns(header),
        sentences=frozenset(sentences),
    )


def norm_lines(event: SwissEvent, norms: EventNorms) -> list[str]:
    """The report as text (``ratingbook norms``)."""
    lines = list(norms.lines)
    if norms.exemption:
        lines.append(f"federations: {norms.exemption}")
    shown = [c for c in norms.checks if in_reach(c)]
    for c in shown:
        verdict = {True: "NORM", False: "no norm", None: "cannot tell"}[c.check.norm]
        lines.append(
            f"{c.player.name} ({c.player.title or 'untitled'}, {c.player.federation}): "
            f"{c.check.title} norm: {verdict}" + (f"; {c.outlook}" if c.outlook else "")
        )
        if c.check.set_aside or c.check.rule:
            lines.append(f"    games chosen: {_chosen(c)}")
        for r in c.check.requirements:
            lines.append(f"    {r.verdict:<11} {r.name}: {r.figure} (needed: {r.needed})")
    lines += out_of_reach(norms)
    for c in norms.norms:
        lines.append(f"Norm report (IT1) for {c.player.name}, {c.check.title}:")
        lines += [f"    {label}: {value}" for label, value in certificate(event, c)]
    return lines


def _chosen(check: PlayerNorm) -> str:
    """How the set of games was chosen and which games were set aside."""
    aside = "; ".join(f"round {g.round} {g.opponent} ({why})" for g, why in check.check.set_aside)
    return "; ".join(x for x in (check.check.rule, f"set aside: {aside}" if aside else "") if x)
