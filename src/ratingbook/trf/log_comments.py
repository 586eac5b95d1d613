"""An event's log as TRF ``###`` comment lines, and back: what ``trf export`` writes after the
tournament records and ``trf import`` reads into the log.

FIDE's TEC Manual (§3.9.4.9) gives the comment of each *pairing integrity breaching event* the
shape ``### <Kind> @ Round <n>: <what>``; the forms published by the tournament managers working
through FIDE's checklist are ``### MPA @ Round n: <engine's boards> => <the round's boards>``
(a manual pairing alteration), ``### Correction @ Round n: <board>: <old> => <new>`` and
``### Configuration @ Round n: …``. This module decides the rest (docs/guides/fide-mode.md):

- every kind of :class:`~ratingbook.events.fide_mode.log.LogKind` is one line
  ``### <label> @ Round <n>: <before> => <after>`` (``MPA``, ``Correction`` and
  ``Configuration`` for the published kinds, the kind's own name for the others, e.g.
  ``### FIDE Mode Off @ Round 3``); an empty ``before`` leaves ``<after>`` alone;
- it is followed by ratingbook's detail line
  ``###   at <when> by "<who>" confirmed "<confirmation>" chain <digest>`` (``when`` is ``-``
  when unknown and quoted when it holds a space; the other parts only when they have a value),
  so that a re-imported log keeps every field and its hash chain;
- what the other side of ratingbook puts in ``before`` and ``after`` makes the published
  forms: a manual pairing alteration's ``before`` is the engine's boards and ``after`` the
  round's (``1-4 2-3`` -> ``1-2 3-4``, start numbers, ``5=BYE`` for the bye), and so are a
  round typed by hand's (``### Pairing @ Round n: <the rules' boards> => <the typed boards>``,
  when they differ); a correction's
  ``before`` is ``<white>-<black>: <old result>`` and ``after`` the new result, which reads
  ``### Correction @ Round 2: 1-2: 1-0 => 0-1``; leaving FIDE mode has neither
  (``### FIDE Mode Off @ Round 3``);
- in the texts a backslash, a line break, a tab and ``=>`` are escaped (``\\\\``, ``\\n``,
  ``\\t``, ``=\\>``), and a space at either end is ``\\s``.

On import a line of the log's shape that does not parse (a kind ratingbook does not know, a
round that is no number, a detail line that does not read) is one warning naming its line and
column, and the line is kept as a plain comment (nothing is lost): a comment never refuses a
file. A line whose chain digest does not follow from the lines before it is a warning too (the
log was edited outside ratingbook): tamper-evident, never tamper-proof. Lines written by other
programs, without a detail line, join the log with their digest computed on import.
FIDE mode is on unless the log holds a ``FIDE Mode Off`` line. The tie-break values typed by
hand (``MAN``), for which TRF has no record, are the log's last ``Manual Tie-break`` line for each
player (:func:`with_typed_values`). Pure.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.log import GENESIS, LogEntry, LogKind, chain, read_typed_value

__all__ = [
    "LABELS",
    "LogLines",
    "fide_mode",
    "import_logged",
    "log_lines",
    "outside_fide_mode",
    "read_log_lines",
    "read_text_log",
    "with_typed_values",
]

#: The word of each kind in a ``###`` line: the TEC Manual's where it is published.
LABELS: dict[LogKind, str] = {
    LogKind.MANUAL_PAIRING: "MPA",
    LogKind.CORRECTION: "Correction",
    LogKind.SETTING: "Configuration",
    **{
        kind: kind.value
        for kind in LogKind
        if kind not in (LogKind.MANUAL_PAIRING, LogKind.CORRECTION, LogKind.SETTING)
    },
}
_KINDS = {label.casefold(): kind for kind, label in LABELS.items()}
#: ``### <label> @ Round <n>[: <what>]``.
_HEAD = re.compile(r"^###\s?(?P<label>\S.*?) @ Round\b(?P<rest>.*)$")
_ROUND = re.compile(r"^ (?P<round>\d+)(?:(?P<colon>:) ?(?P<body>.*))?$")
_DETAIL_PREFIX = "###   at "
_DETAIL = re.compile(
    r"^###   at (?P<when>\"(?:[^\"\\]|\\.)*\"|\S+)"
    r"(?: by (?P<who>\"(?:[^\"\\]|\\.)*\"))?"
    r"(?: confirmed (?P<confirmation>\"(?:[^\"\\]|\\.)*\"))?"
    r"(?: chain (?P<digest>[0-9a-f]{64}))?$"
)
_SEPARATOR = " => "


def _escape(text: str) -> str:
    text = (
        text.replace("\\", "\\\\")
        .replace("\r", "\\r")
        .replace("\n", "\\n")
        .replace("\t", "\\t")
        .replace("=>", "=\\>")
    )
    if text.startswith(" "):
        text = "\\s" + text[1:]
    if text.endswith(" ") and len(text) > 1:
        text = text[:-1] + "\\s"
    return text


_UNESCAPE = {"\\": "\\", "n": "\n", "r": "\r", "t": "\t", ">": ">", "s": " "}


def _unescape(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] in _UNESCAPE:
            out.append(_UNESCAPE[text[i + 1]])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def entry_lines(entry: LogEntry) -> list[str]:
    """One log entry as its ``###`` line and ratingbook's detail line."""
    head = f"### {LABELS[entry.kind]} @ Round {entry.round}"
    before, after = _escape(entry.before), _escape(entry.after)
    if before:
        head += f": {before} =>" + (f" {after}" if after else "")
    elif after:
        head += f": {after}"
    when = entry.when
    if not re.fullmatch(r"[^\s\"-]\S*", when):  # empty, "-", spaces or quotes: quoted
        when = json.dumps(when, ensure_ascii=False) if when else "-"
    detail = f"{_DETAIL_PREFIX}{when}"
    if entry.who:
        detail += f" by {json.dumps(entry.who, ensure_ascii=False)}"
    if entry.confirmation:
        detail += f" confirmed {json.dumps(entry.confirmation, ensure_ascii=False)}"
    if entry.digest:
        detail += f" chain {entry.digest}"
    return [head, detail]


def log_lines(entries: Iterable[LogEntry]) -> list[str]:
    """The log as ``###`` lines, in order (two a change)."""
    return [line for entry in entries for line in entry_lines(entry)]


def fide_mode(entries: Iterable[LogEntry]) -> bool:
    """True unless the log says FIDE mode was left (which is final for the event)."""
    return not any(e.kind is LogKind.FIDE_MODE_OFF for e in entries)


@dataclass(frozen=True, slots=True)
class LogLines:
    """What the ``###`` lines of a file hold."""

    log: tuple[LogEntry, ...] = ()
    comments: tuple[str, ...] = ()
    """The ``###`` lines that are not the log's, as written (kept, written back on export)."""
    warnings: tuple[str, ...] = ()


def _head(line: str, line_no: int) -> LogEntry | str | None:
    """The entry a head line tells (``when``/``who`` to come from its detail line); a warning
    when it has the log's shape but does not parse; None when it is a plain comment."""
    found = _HEAD.match(line)
    if found is None:
        return None
    label = found["label"].strip()
    kind = _KINDS.get(label.casefold())
    if kind is None:
        return (
            f"line {line_no}, column 5: {label!r} is not a kind of log line ratingbook knows "
            f"({', '.join(LABELS.values())}): kept as a comment, not read into the log"
        )
    at = found.start("rest") + 2  # the round's first column (1-based)
    numbered = _ROUND.match(found["rest"])
    if numbered is None:
        return (
            f"line {line_no}, column {at}: {LABELS[kind]} log line: the round "
            f"{found['rest'].split(':')[0].strip()!r} is not a number: kept as a comment, "
            "not read into the log"
        )
    body = numbered["body"] or ""
    if _SEPARATOR in body:
        before, after = body.split(_SEPARATOR, 1)
    elif body.endswith(" =>"):
        before, after = body[:-3], ""
    else:
        before, after = "", body
    return LogEntry("", int(numbered["round"]), kind, _unescape(before), _unescape(after), "")


def _detail(entry: LogEntry, line: str, line_no: int) -> LogEntry | str:
    found = _DETAIL.match(line)
    if found is None:
        return (
            f"line {line_no}, column 4: the detail line of the log line above does not read "
            '(expected "###   at <when> by "<who>" confirmed "<confirmation>" chain <digest>"): '
            "the entry is read without it, the line kept as a comment"
        )
    when = found["when"]
    return replace(
        entry,
        when="" if when == "-" else json.loads(when) if when.startswith('"') else when,
        who=json.loads(found["who"]) if found["who"] else "",
        confirmation=json.loads(found["confirmation"]) if found["confirmation"] else "",
        digest=found["digest"] or "",
    )


def read_log_lines(lines: Sequence[tuple[int, str]]) -> LogLines:
    """The log, the other comments and the warnings of a file's ``###`` lines ((line number,
    text) in file order)."""
    entries: list[tuple[int, LogEntry]] = []
    comments: list[str] = []
    warnings: list[str] = []
    previous_was_head = False
    for line_no, line in lines:
        if line.startswith(_DETAIL_PREFIX.rstrip()):
            if previous_was_head:
                read = _detail(entries[-1][1], line, line_no)
                if isinstance(read, str):
                    warnings.append(read)
                    comments.append(line)
                else:
                    entries[-1] = (entries[-1][0], read)
            else:
                warnings.append(
                    f"line {line_no}, column 1: a log detail line with no log line before it: "
                    "kept as a comment"
                )
                comments.append(line)
            previous_was_head = False
            continue
        head = _head(line, line_no)
        previous_was_head = isinstance(head, LogEntry)
        if isinstance(head, LogEntry):
            entries.append((line_no, head))
        else:
            if isinstance(head, str):
                warnings.append(head)
            comments.append(line)
    log: list[LogEntry] = []
    previous = GENESIS
    for line_no, entry in entries:
        (expected,) = chain([entry], previous)
        if not entry.digest:
            entry = expected
        elif entry.digest != expected.digest:
            warnings.append(
                f"line {line_no}, column 1: the log line's chain digest does not follow from the "
                "log lines before it: the log was edited outside ratingbook (a level-2 warning); "
                "read as written"
            )
        log.append(entry)
        previous = entry.digest
    return LogLines(tuple(log), tuple(comments), tuple(warnings))


def read_text_log(text: str) -> LogLines:
    """The ``###`` lines of a whole file's ``text`` read (:func:`read_log_lines`; what a team
    event's file holds besides its records, which :mod:`ratingbook.trf.team_records` reads)."""
    lines = enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1)
    return read_log_lines([(n, line.rstrip()) for n, line in lines if line.startswith("###")])


def with_typed_values(
    event: SwissEvent, entries: Iterable[LogEntry]
) -> tuple[SwissEvent, tuple[str, ...]]:
    """``event`` with each player's tie-break value typed by hand (the code ``MAN``) as the
    log's ``Manual Tie-break`` rows give it, the last row of each player standing (TRF has no
    record for it: the ``###`` lines are where ratingbook's export keeps it, so its own file
    ranks as the book did); and a warning for each row that cannot be used, saying why."""
    typed: dict[str, Fraction | None] = {}
    notes: list[str] = []
    names = {p.name for p in event.players}
    for entry in entries:
        if entry.kind is not LogKind.MANUAL_TIEBREAK:
            continue
        read = read_typed_value(entry.after)
        label = f"### {LABELS[entry.kind]} @ Round {entry.round}: ... => {entry.after}"
        if read is None:
            notes.append(f"{label}: not a name and a number (or none): the value is not used")
        elif read[0] not in names:
            notes.append(f"{label}: {read[0]!r} is no player of the file: the value is not used")
        else:
            typed[read[0]] = read[1]
    if not typed:
        return event, tuple(notes)
    players = tuple(
        replace(p, tiebreak_value=typed[p.name]) if p.name in typed else p for p in event.players
    )
    return replace(event, players=players), tuple(notes)


def outside_fide_mode(log: Sequence[LogEntry], round_number: int) -> tuple[LogEntry, ...]:
    """The log of an event outside FIDE mode: as it is when it says FIDE mode was left, else
    with a ``FIDE Mode Off`` entry (no time, no name: the round it was left is not known)."""
    if not fide_mode(log):
        return tuple(log)
    entry = LogEntry(
        "", round_number, LogKind.FIDE_MODE_OFF, "", "not in FIDE mode when exported", ""
    )
    return (*log, *chain([entry], log[-1].digest if log else GENESIS))


def import_logged(
    log: Sequence[LogEntry],
    source: str,
    summary: str,
    who: str,
    when: str,
    round_number: int,
    breaches: Sequence[tuple[int, str, str]] = (),
    confirmation: str = "",
) -> tuple[LogEntry, ...]:
    """The log with the import itself appended (``LogKind.IMPORT``, chained after the last
    entry), then one ``Import`` entry for each imported round that breaks the pairing rules
    (``breaches``: round, the rules' boards, the file's boards, read
    ``### Import @ Round 3: 1-4 2-3 => 1-3 2-4``, with the ``confirmation`` the level-3
    warning was given): what the caller of :func:`ratingbook.trf.importer.import_trf`
    keeps."""
    entries = [LogEntry(when, round_number, LogKind.IMPORT, "", f"{source}: {summary}", who)]
    entries += [
        LogEntry(when, number, LogKind.IMPORT, rules, file, who, confirmation)
        for number, rules, file in breaches
    ]
    return (*log, *chain(entries, log[-1].digest if log else GENESIS))
