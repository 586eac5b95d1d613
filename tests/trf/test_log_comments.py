"""The event log in a TRF file: ``###`` lines in the TEC Manual's shape, read back field for
field, FIDE mode with them; a forged line is one warning naming its line and column, and kept.

The published forms checked here are those quoted from FIDE's TEC Manual (§3.9.4.9) by the
tournament managers working through FIDE's checklist (Sharly-Chess issues #2309, #2313,
#2308): ``### MPA @ Round n: …``, ``### Correction @ Round n: …``,
``### Configuration @ Round n: …``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.trf.test_trf import HAND_EVENT

from ratingbook.events.fide_mode.log import LogEntry, LogKind, chain, first_broken_link
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import import_trf
from ratingbook.trf.log_comments import fide_mode, import_logged, log_lines

K = LogKind

#: One entry of every kind, in an order an event could have them.
EVERY_KIND = chain(
    [
        LogEntry("2026-04-01T08:00:00Z", 0, K.IMPORT, "", "club.trf: 5 players", "arbiter"),
        LogEntry("2026-04-01T09:00:00Z", 1, K.PAIRING, "", "1-2 3-4 5=BYE", "arbiter"),
        LogEntry(
            "2026-04-01T09:05:00Z",
            1,
            K.MANUAL_PAIRING,
            "1-4 2-3 5=BYE",
            "1-2 3-4 5=BYE",
            'Åsa "IA" Berg',
            "--confirm",
        ),
        LogEntry("2026-04-01T09:10:00Z", 1, K.UNPAIRING, "1-2 3-4 5=BYE", "", "arbiter", "OK"),
        LogEntry("2026-04-02T09:00:00Z", 2, K.CORRECTION, "1-2: 1-0", "0-1", "arbiter", "OK"),
        LogEntry("2026-04-02T09:30:00Z", 2, K.RATING_CORRECTION, "3-4: ½-½", "1-0", "arbiter"),
        LogEntry("2026-04-02T10:00:00Z", 2, K.START_NUMBERS, "4 D, 5 E", "4 E, 5 D", "arbiter"),
        LogEntry("2026-04-02T10:01:00Z", 2, K.LATE_ENTRY, "", "6 F (1500)", "arbiter"),
        LogEntry("2026-04-02T10:02:00Z", 3, K.WITHDRAWAL, "", "E from round 3", "arbiter"),
        # issue 37: an individual full-point bye (level 2, deprecated), logged
        LogEntry("2026-04-02T10:02:30Z", 3, K.BYE, "", "C (No. 3): full-point bye", "arbiter"),
        LogEntry("2026-04-02T10:03:00Z", 3, K.SETTING, "Rounds 5", "Rounds 6", "arbiter", "OK"),
        LogEntry("2026-04-02T10:04:00Z", 3, K.FORBIDDEN_PAIR, "", "1-3", "arbiter", "OK"),
        LogEntry("2026-04-02T10:04:30Z", 3, K.UNDO, "Forbidden Pair round 3", "taken back", "a"),
        LogEntry("2026-04-02T10:04:40Z", 3, K.REDO, "Forbidden Pair round 3", "given back", "a"),
        # issue 36: a result taken from the results desk, Who naming the phones
        LogEntry("2026-04-02T10:04:50Z", 3, K.RESULT, "", "round 3 board 1: 1-0", "desk: phone"),
        # FIDE's checklist, Q163: an adjourned game's result entered, not a draw
        LogEntry("2026-04-02T10:04:55Z", 2, K.ADJOURNMENT, "3-4: ?", "1-0", "arbiter", "OK"),
        # FIDE's checklist, Q205 and Q207: a play-off's score typed for the tie-break MAN
        LogEntry("2026-04-02T10:04:58Z", 3, K.MANUAL_TIEBREAK, "D none", "D 1", "arbiter", "OK"),
        # FIDE's checklist, Q211-216: an event over 30 days' period report, frozen
        LogEntry(
            "2026-05-02T10:00:00Z",
            3,
            K.PERIOD_REPORT,
            "",
            f"period 1 (rounds 1-3): sha256 {'0' * 64}",
            "a",
        ),
        LogEntry("2026-04-02T10:05:00Z", 3, K.FIDE_MODE_OFF, "", "", "arbiter", "OK, OK"),
    ]
)


def comment_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("###")]


def test_every_kind_of_entry_is_one_line_in_the_tec_manuals_shape_and_a_detail_line() -> None:
    lines = log_lines(EVERY_KIND)
    assert len(lines) == 2 * len(EVERY_KIND) == 2 * len(LogKind)
    heads = lines[::2]
    assert heads[2] == "### MPA @ Round 1: 1-4 2-3 5=BYE => 1-2 3-4 5=BYE"
    assert heads[4] == "### Correction @ Round 2: 1-2: 1-0 => 0-1"
    assert heads[9] == "### Bye @ Round 3: C (No. 3): full-point bye"
    assert heads[10] == "### Configuration @ Round 3: Rounds 5 => Rounds 6"
    assert heads[12] == "### Undo @ Round 3: Forbidden Pair round 3 => taken back"
    assert heads[13] == "### Redo @ Round 3: Forbidden Pair round 3 => given back"
    assert heads[14] == "### Desk Result @ Round 3: round 3 board 1: 1-0"
    assert heads[15] == "### Adjournment @ Round 2: 3-4: ? => 1-0"
    assert heads[16] == "### Manual Tie-break @ Round 3: D none => D 1"
    assert heads[17] == f"### Period Report @ Round 3: period 1 (rounds 1-3): sha256 {'0' * 64}"
    assert heads[18] == "### FIDE Mode Off @ Round 3"
    assert heads[0] == "### Import @ Round 0: club.trf: 5 players"
    assert lines[5] == (
        '###   at 2026-04-01T09:05:00Z by "Åsa \\"IA\\" Berg" confirmed "--confirm" chain '
        + EVERY_KIND[2].digest
    )


def test_a_reimported_trf_keeps_every_log_entry_field_for_field_and_fide_mode() -> None:
    text = export_trf(HAND_EVENT, log=EVERY_KIND)
    # Where the log goes: after the tournament records, before the first player.
    codes = [line[:3] for line in text.splitlines()]
    assert codes.index("###") > codes.index("142") and codes.index("###") < codes.index("001")
    back = import_trf(text)
    assert back.warnings == ()
    assert back.log == tuple(EVERY_KIND)
    assert [e.fields() for e in back.log] == [e.fields() for e in EVERY_KIND]
    assert first_broken_link(back.log) is None
    assert back.fide_mode is False
    # The event itself is the one exported.
    assert back.event.entries == import_trf(export_trf(HAND_EVENT)).event.entries
    # In FIDE mode when no line says it was left: and that survives export and import too.
    still = import_trf(export_trf(HAND_EVENT, log=EVERY_KIND[:-1]))
    assert still.fide_mode is True and still.log == tuple(EVERY_KIND[:-1])
    assert import_trf(export_trf(HAND_EVENT)).fide_mode is True


@pytest.mark.parametrize(
    "before, after",
    [
        ("a => b", "c => d"),
        ("", "x => y"),
        ("x", ""),
        ("two\nlines\r\n", "tab\there"),
        ("back\\slash \\n", "=> at the start"),
        ("  spaces  ", " "),
        ('"quotes"', "ends with =>"),
        ("", ""),
    ],
)
def test_any_text_comes_back_as_it_was(before: str, after: str) -> None:
    entries = chain(
        [
            LogEntry(when, 2, K.SETTING, before, after, who, 'say "yes"')
            for when, who in [
                ("2026-04-01T09:00:00Z", "a b"),
                ("", ""),
                ("-", "-"),
                ('24 Nov 2026 "late"', before),
            ]
        ]
    )
    back = import_trf(export_trf(HAND_EVENT, log=entries))
    assert back.warnings == ()
    assert back.log == tuple(entries)


def test_other_comments_are_kept_and_written_back() -> None:
    text = export_trf(HAND_EVENT, log=EVERY_KIND[:2], comments=["### printed 2026-04-01"])
    back = import_trf(text)
    assert back.comments == ("### printed 2026-04-01",)
    again = export_trf(back.event, log=back.log, comments=back.comments)
    assert comment_lines(again) == comment_lines(text)


def test_a_line_of_another_program_joins_the_log_with_its_chain_computed() -> None:
    """A TEC-shaped line without ratingbook's detail line: read, when and who left empty."""
    text = "### MPA @ Round 1: 1-3 4-2 => 1-4 3-2\n" + export_trf(HAND_EVENT)
    back = import_trf(text)
    assert back.warnings == ()
    (entry,) = back.log
    assert (entry.round, entry.kind, entry.before, entry.after) == (
        1,
        K.MANUAL_PAIRING,
        "1-3 4-2",
        "1-4 3-2",
    )
    assert (entry.when, entry.who) == ("", "")
    assert first_broken_link(back.log) is None


FORGED = [
    ("### Forgery @ Round 2: 1-2 => 2-1", "line 1, column 5: 'Forgery' is not a kind of log line"),
    ("### MPA @ Round two: 1-2 => 2-1", "line 1, column 17: MPA log line: the round 'two'"),
    ("### Correction @ Round -1: 1-2: 1-0 => 0-1", "line 1, column 24: Correction log line"),
]


@pytest.mark.parametrize("line, said", FORGED)
def test_a_forged_line_is_one_warning_naming_line_and_column_and_is_kept(
    line: str, said: str
) -> None:
    back = import_trf(line + "\n" + export_trf(HAND_EVENT, log=EVERY_KIND[:1]))
    (warning,) = [w for w in back.warnings if w.startswith("line 1,")]
    assert warning.startswith(said)
    assert back.comments == (line,)  # nothing lost: written back on export
    assert back.log == tuple(EVERY_KIND[:1])
    assert line in export_trf(back.event, log=back.log, comments=back.comments)


def test_a_detail_line_that_does_not_read_is_a_warning_and_kept() -> None:
    lines = export_trf(HAND_EVENT, log=EVERY_KIND[:1]).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("###   at"))
    lines[at] = "###   at yesterday by arbiter"
    back = import_trf("\n".join(lines))
    (warning,) = back.warnings
    assert warning.startswith(f"line {at + 1}, column 4: the detail line")
    assert back.comments == ("###   at yesterday by arbiter",)
    assert [(e.kind, e.after) for e in back.log] == [(K.IMPORT, "club.trf: 5 players")]


def test_an_edited_or_deleted_log_line_breaks_the_chain_and_is_named() -> None:
    lines = export_trf(HAND_EVENT, log=EVERY_KIND).splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("### Correction")]
    (at,) = heads
    edited = [*lines]
    edited[at] = edited[at].replace("=> 0-1", "=> 1-0")
    back = import_trf("\n".join(edited))
    (warning,) = back.warnings
    assert warning.startswith(f"line {at + 1}, column 1: the log line's chain digest")
    assert "level-2" in warning
    assert back.log[4].after == "1-0"  # read as written: nothing is lost or silently mended
    # Deleting the entry (both its lines) breaks the next one's link.
    deleted = [*lines[:at], *lines[at + 2 :]]
    (warning,) = import_trf("\n".join(deleted)).warnings
    assert warning.startswith(f"line {at + 1}, column 1: the log line's chain digest")


def test_the_import_itself_is_logged_by_the_caller_chained_after_the_files_log() -> None:
    back = import_trf(export_trf(HAND_EVENT, log=EVERY_KIND[:3]))
    log = import_logged(
        back.log, "club.trf", "5 players, 3 rounds paired", "arbiter", "2026-04-03T08:00:00Z", 3
    )
    assert log[:3] == tuple(EVERY_KIND[:3])
    last = log[-1]
    assert (last.kind, last.round, last.after, last.who) == (
        K.IMPORT,
        3,
        "club.trf: 5 players, 3 rounds paired",
        "arbiter",
    )
    assert first_broken_link(log) is None
    assert import_logged((), "a.trf", "1 player", "x", "2026-04-03T08:00:00Z", 0)[0].digest
    assert fide_mode(log) and not fide_mode([*log, replace(last, kind=K.FIDE_MODE_OFF)])


def test_gacrux_reads_a_file_with_the_log_as_it_reads_one_without() -> None:
    """The pairing engines skip ``###`` lines: gacrux's own TRF reader sees the same players."""
    from ratingbook.fide.gacrux.event import gacrux_tournament

    with_log = gacrux_tournament(HAND_EVENT, log=EVERY_KIND, comments=["### a note"])
    assert with_log == gacrux_tournament(HAND_EVENT)


def test_an_event_outside_fide_mode_says_so_in_its_file_even_with_no_log() -> None:
    """An event outside FIDE mode whose log does not say it was left (it never was in it):
    the file gets a ``FIDE Mode Off`` line, and comes back outside FIDE mode."""
    text = export_trf(HAND_EVENT, fide_mode=False)
    assert comment_lines(text)[0] == ("### FIDE Mode Off @ Round 3: not in FIDE mode when exported")
    assert import_trf(text).fide_mode is False
    # A log that already says so is written as it is.
    assert comment_lines(export_trf(HAND_EVENT, log=EVERY_KIND, fide_mode=False)) == (
        comment_lines(export_trf(HAND_EVENT, log=EVERY_KIND))
    )
    back = import_trf(export_trf(HAND_EVENT, log=EVERY_KIND[:3], fide_mode=False))
    assert back.log[:3] == tuple(EVERY_KIND[:3]) and first_broken_link(back.log) is None
