"""The ``ratingbook`` command line on the seeds' text formats.

Each seed example goes in through FILE and through standard input and must come out exactly as
the seed prints it, both through the installed console script (a real process) and through
click's CliRunner (fast, in process). Bad input ends with exit status 2 and one line on stderr.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.helpers.processes import AT_ONCE
from tests.helpers.seed_examples import CRIKEY_INPUT as CRIKEY_IN
from tests.helpers.seed_examples import CRIKEY_OUTPUT as CRIKEY_OUT
from tests.helpers.seed_examples import ELO_SERIES_INPUT as ELO_SERIES_IN
from tests.helpers.seed_examples import ELO_SERIES_OUTPUT as ELO_SERIES_OUT
from tests.helpers.seed_examples import SWISS_INPUT as SWISS_IN
from tests.helpers.seed_examples import SWISS_TABLE as SWISS_OUT

from ratingbook.cli import cli, main


def console_script() -> str:
    """The installed ``ratingbook`` script next to this interpreter (or on PATH)."""
    beside = Path(sys.executable).parent / "ratingbook"
    if beside.exists():
        return str(beside)
    found = shutil.which("ratingbook")
    assert found, "the ratingbook console script is not installed"
    return found


SCRIPT = console_script()
Run = subprocess.CompletedProcess[bytes]

# --- the seeds' examples --------------------------------------------------------------------

# seed 000, the contest's example input and output.

# seed 003, file.in and file.out.

# seed 004, the example tournament and its table.

SEED_EXAMPLES = {
    "crikey": (CRIKEY_IN, CRIKEY_OUT),
    "elo-series": (ELO_SERIES_IN, ELO_SERIES_OUT),
    "swiss": (SWISS_IN, SWISS_OUT),
}
SEED_CASES = [pytest.param(cmd, i, o, id=cmd) for cmd, (i, o) in SEED_EXAMPLES.items()]
ELO_TOURNAMENT_OUT = "1191 1189 1191 1229\n"  # seed 002: "4 3 0" -> "1191 1189 1191 1229"


#: A hang guard, not a speed test: one run of the console script takes 0.10-0.13 s on the idle
#: 2-core machine (measured 2026-11-22, the huge-exponent inputs included), so only a hang (a
#: number with 400 million digits being built) reaches 60 s, however busy the machine is.
HANG_GUARD = 60.0


def run_script(args: list[str], stdin: bytes = b"") -> Run:
    """Run the console script; a run stuck past the hang guard is killed, reported as status -9."""
    try:
        return subprocess.run([SCRIPT, *args], input=stdin, capture_output=True, timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(
            args, -9, b"", f"no answer after {HANG_GUARD} s: a hang\n".encode()
        )


@pytest.mark.slow
@pytest.mark.parametrize(("command", "text", "expected"), SEED_CASES)
def test_console_script_reads_the_seed_from_a_file(
    command: str, text: str, expected: str, script_runs: dict[str, Run]
) -> None:
    """`ratingbook CMD FILE` prints exactly the seed's output, exit status 0, nothing on stderr."""
    done = script_runs[f"seed-file:{command}"]
    assert (done.returncode, done.stdout.decode(), done.stderr.decode()) == (0, expected, "")


@pytest.mark.slow
@pytest.mark.parametrize(("command", "text", "expected"), SEED_CASES)
def test_console_script_reads_the_seed_from_stdin(
    command: str, text: str, expected: str, script_runs: dict[str, Run]
) -> None:
    """`ratingbook CMD < input` prints exactly the seed's output."""
    done = script_runs[f"seed-stdin:{command}"]
    assert (done.returncode, done.stdout.decode(), done.stderr.decode()) == (0, expected, "")


@pytest.mark.slow
def test_console_script_runs_the_seed_elo_tournament(script_runs: dict[str, Run]) -> None:
    """`ratingbook elo-tournament 4 3 0` prints seed 002's answer."""
    done = script_runs["elo-tournament"]
    assert (done.returncode, done.stdout.decode(), done.stderr.decode()) == (
        0,
        ELO_TOURNAMENT_OUT,
        "",
    )


@pytest.mark.parametrize(("command", "text", "expected"), SEED_CASES)
def test_cli_runner_reads_the_seed_from_a_file(
    command: str, text: str, expected: str, tmp_path: Path
) -> None:
    """In process: CMD FILE gives exactly the seed's output."""
    path = tmp_path / "input.txt"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, [command, str(path)])
    assert (result.exit_code, result.stdout, result.stderr) == (0, expected, "")


@pytest.mark.parametrize(("command", "text", "expected"), SEED_CASES)
def test_cli_runner_reads_the_seed_from_stdin(command: str, text: str, expected: str) -> None:
    """In process: CMD with the input on stdin gives exactly the seed's output."""
    result = CliRunner().invoke(cli, [command], input=text.encode())
    assert (result.exit_code, result.stdout, result.stderr) == (0, expected, "")


@pytest.mark.parametrize(("command", "text", "expected"), SEED_CASES)
def test_cli_runner_reads_stdin_when_file_is_a_dash(command: str, text: str, expected: str) -> None:
    """CMD - reads standard input too."""
    result = CliRunner().invoke(cli, [command, "-"], input=text.encode())
    assert (result.exit_code, result.stdout) == (0, expected)


@pytest.mark.parametrize(("command", "text", "expected"), SEED_CASES)
def test_seed_with_windows_newlines_and_a_bom_gives_the_same_output(
    command: str, text: str, expected: str
) -> None:
    """A file saved by Notepad (UTF-8 BOM, CRLF) reads like the plain one."""
    data = b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode()
    result = CliRunner().invoke(cli, [command], input=data)
    assert (result.exit_code, result.stdout) == (0, expected)


def test_cli_runner_runs_the_seed_elo_tournament() -> None:
    """In process: elo-tournament 4 3 0 prints seed 002's answer."""
    result = CliRunner().invoke(cli, ["elo-tournament", "4", "3", "0"])
    assert (result.exit_code, result.stdout) == (0, ELO_TOURNAMENT_OUT)


# --- bad input: exit status 2, one line on stderr naming the line, no traceback ---------------

CRIKEY_HEAD = b"1\n2 1\nalice 76.91\nbob 76.36\n"  # the game is on line 5
SWISS_HEAD = b"Anna\nBob\n\n"  # the game is on line 4

# (id, command, input bytes, the input line the message must name, a quoted value it must show)
BAD_INPUT_TABLE: list[tuple[str, str, bytes, int | None, str | None]] = [
    ("crikey-token-count", "crikey", CRIKEY_HEAD + b"alice bob lost 20\n", 5, None),
    ("crikey-rating-not-a-number", "crikey",
     b"1\n2 1\nalice 7x.91\nbob 76.36\nalice bob lost 20 15\n", 3, "'7x.91'"),
    ("crikey-pieces-not-a-number", "crikey", CRIKEY_HEAD + b"alice bob lost 2O 15\n", 5, "'2O'"),
    ("crikey-unknown-player", "crikey", CRIKEY_HEAD + b"alice carol lost 20 15\n", 5, "'carol'"),
    ("crikey-bad-result-word", "crikey", CRIKEY_HEAD + b"alice bob lose 20 15\n", 5, "'lose'"),
    ("crikey-input-ends-early", "crikey", CRIKEY_HEAD, 5, None),
    ("crikey-not-utf8", "crikey", b"1\n2 1\nal\xffice 76.91\n", None, "0xff"),
    ("crikey-empty", "crikey", b"", 1, None),
    ("elo-series-token-count", "elo-series", b"32 1613\n0\n", 1, None),
    ("elo-series-score-not-a-number", "elo-series", b"32 1613 1609\n0\nhalf\n", 3, "'half'"),
    ("elo-series-score-2", "elo-series", b"32 1613 1609\n0\n2\n", 3, "'2'"),
    ("elo-series-not-utf8", "elo-series", b"32 1613 1609\n0\n\xe9\n", None, "0xe9"),
    ("elo-series-empty", "elo-series", b"", 1, None),
    # A typo in the first line ("16O9": letter O) is not a header: with the scores on one line
    # the next line would otherwise be read as K=0, RA=0.5, RB=0.5 and print wrong ratings.
    ("elo-series-typo-in-first-line", "elo-series", b"32 1613 16O9\n0 0.5 0.5\n0 0 0\n", 1,
     "'16O9'"),
    ("swiss-token-count", "swiss", SWISS_HEAD + b"Anna Bob 1\n", 4, None),
    ("swiss-points-not-a-number", "swiss", SWISS_HEAD + b"Anna Bob x 0\n", 4, "'x'"),
    ("swiss-unknown-player", "swiss", SWISS_HEAD + b"Anna Zed 1 0\n", 4, "'Zed'"),
    ("swiss-result-words", "swiss", SWISS_HEAD + b"Anna Bob won lost\n", 4, "'won'"),
    ("swiss-points-over-one", "swiss", SWISS_HEAD + b"Anna Bob 1 1\n", 4, None),
    ("swiss-self-play", "swiss", SWISS_HEAD + b"Anna Anna 1 0\n", 4, "'Anna'"),
    ("swiss-name-with-space", "swiss", b"Anna Maria\nBob\n\nBob Anna 1 0\n", 1, "'Anna Maria'"),
    ("swiss-not-utf8", "swiss", b"Anna\n\xff\xfeBob\n", None, "0xff"),
    # A rating of 10^400000000 or 10^5000 is no Crikey rating (seed 000: "a floating point
    # number with 2 digits after the decimal point"): an input error, not a traceback.
    ("crikey-rating-1e400000000", "crikey",
     b"1\n2 1\nalice 1e400000000\nbob 76.36\nalice bob lost 20 15\n", 3, None),
    ("crikey-rating-1e5000", "crikey",
     b"1\n2 1\nalice 1e5000\nbob 76.36\nalice bob lost 20 15\n", 3, None),
    # K = 10^400 cannot be computed with (it overflows a float): an input error.
    ("elo-series-k-1e400", "elo-series", b"1e400 1613 1609\n0\n", None, None),
]  # fmt: skip
BAD_INPUTS = [pytest.param(*row[1:], id=row[0]) for row in BAD_INPUT_TABLE]
# A process costs ~0.1 s: the real console script gets a few bad inputs through stdin and a
# few through FILE; the in-process runs (main() and CliRunner) get them all both ways.
SCRIPT_BAD_STDIN = {"crikey-unknown-player", "swiss-name-with-space"}
SCRIPT_BAD_FILE = {"elo-series-score-2", "crikey-not-utf8"}

# (id, arguments of elo-tournament)
BAD_TOURNAMENT_ARGS_TABLE: list[tuple[str, list[str]]] = [
    ("contestants-x", ["x", "3", "0"]),
    ("rounds-x", ["4", "x", "0"]),
    ("seed-x", ["4", "3", "x"]),
    ("contestants-negative", ["-1", "3", "0"]),
    ("rounds-negative", ["4", "-1", "0"]),
    ("seed-negative", ["4", "3", "-1"]),
    ("no-contestants", ["0", "3", "0"]),
    ("seed-fraction", ["4", "3", "1.5"]),
    ("two-arguments", ["4", "3"]),
    ("four-arguments", ["4", "3", "0", "9"]),
]
BAD_TOURNAMENT_ARGS = [pytest.param(args, id=name) for name, args in BAD_TOURNAMENT_ARGS_TABLE]
SCRIPT_BAD_TOURNAMENT_ARGS = {"contestants-x", "two-arguments"}

# Inputs whose numbers have a huge exponent: they must be input errors, not a hang building a
# 400-million-digit number. They run only as processes under the hang guard, since a hang cannot
# be stopped in process.
HUGE_EXPONENT_INPUTS: dict[str, tuple[str, bytes, int, str]] = {
    # (command, input, the line the message must name, the token it must quote).
    # Swiss points must be 1, 0.5 or 0 (seed 004); an Elo score too (seed 003: "1 for a win,
    # 0.5 for a draw, and 0 for a loss"); and "32 1e400000000 1609" is no file.in first line.
    "swiss-points-1e400000000": (
        "swiss", b"Anna\nBob\n\nAnna Bob 1e400000000 0\n", 4, "'1e400000000'"
    ),
    "swiss-points-1e-400000000": (
        "swiss", b"Anna\nBob\n\nAnna Bob 1e-400000000 0\n", 4, "'1e-400000000'"
    ),
    "elo-series-rating-1e400000000": (
        "elo-series", b"32 1e400000000 1609\n0\n", 1, "'1e400000000'"
    ),
    "elo-series-score-1e-400000000": (
        "elo-series", b"32 1613 1609\n1e-400000000\n", 2, "'1e-400000000'"
    ),
}  # fmt: skip

MISSING_FILE_COMMANDS = ["crikey", "elo-series", "swiss"]
SCRIPT_MISSING_FILE_COMMAND = "crikey"


@pytest.fixture(scope="module")
def script_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    """Every console-script run of this module, two at a time or one beside a second
    pytest-xdist worker (tests.helpers.processes.AT_ONCE; one costs ~0.1 s).
    The tests that read them are slow (real processes): each of their cases also runs in this
    process in the quick loop, but the huge exponents, which only a process's hang guard stops.

    Keys: ``seed-file:CMD``, ``seed-stdin:CMD``, ``elo-tournament``, ``bad-stdin:ID``,
    ``bad-file:ID``, ``missing-file``, ``bad-args:ID``, ``unknown-command``.
    """
    folder = tmp_path_factory.mktemp("cli-inputs")
    jobs: dict[str, tuple[list[str], bytes]] = {}
    for command, (text, _) in SEED_EXAMPLES.items():
        path = folder / f"seed-{command}.txt"
        path.write_text(text, encoding="utf-8")
        jobs[f"seed-file:{command}"] = ([command, str(path)], b"")
        jobs[f"seed-stdin:{command}"] = ([command], text.encode())
    jobs["elo-tournament"] = (["elo-tournament", "4", "3", "0"], b"")
    for name, command, data, _, _ in BAD_INPUT_TABLE:
        if name in SCRIPT_BAD_STDIN:
            jobs[f"bad-stdin:{name}"] = ([command], data)
        if name in SCRIPT_BAD_FILE:
            path = folder / f"bad-{name}.txt"
            path.write_bytes(data)
            jobs[f"bad-file:{name}"] = ([command, str(path)], b"")
    jobs["missing-file"] = ([SCRIPT_MISSING_FILE_COMMAND, str(folder / "no-such-file.txt")], b"")
    for name, args in BAD_TOURNAMENT_ARGS_TABLE:
        if name not in SCRIPT_BAD_TOURNAMENT_ARGS:
            continue
        jobs[f"bad-args:{name}"] = (["elo-tournament", *args], b"")
    jobs["unknown-command"] = (["ladder-dance"], b"")
    for name, (command, data, _, _) in HUGE_EXPONENT_INPUTS.items():
        jobs[f"huge:{name}"] = ([command], data)
    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        futures = {key: pool.submit(run_script, *job) for key, job in jobs.items()}
        return {key: future.result() for key, future in futures.items()}


def assert_one_line_error(
    returncode: int, stdout: str, stderr: str, line: int | None, quoted: str | None
) -> None:
    """Exit status 2, nothing on stdout, exactly one line on stderr, no traceback."""
    assert returncode == 2
    assert stdout == ""
    assert "Traceback" not in stderr
    assert stderr.endswith("\n")
    assert len(stderr.splitlines()) == 1, stderr
    if line is not None:
        assert f"line {line}" in stderr
    if quoted is not None:
        assert quoted in stderr


def assert_run_is_one_line_error(done: Run, line: int | None, quoted: str | None) -> None:
    assert_one_line_error(done.returncode, done.stdout.decode(), done.stderr.decode(), line, quoted)


def script_bad_input_params(names: set[str]) -> list[object]:
    """pytest params (line, quoted) of the BAD_INPUT_TABLE rows named in ``names``."""
    return [
        pytest.param(line, quoted, id=name)
        for name, _, _, line, quoted in BAD_INPUT_TABLE
        if name in names
    ]


@pytest.mark.slow
@pytest.mark.parametrize(("line", "quoted"), script_bad_input_params(SCRIPT_BAD_STDIN))
def test_console_script_reports_bad_stdin_in_one_line(
    line: int | None,
    quoted: str | None,
    request: pytest.FixtureRequest,
    script_runs: dict[str, Run],
) -> None:
    """Bad input on stdin: exit 2, no output, one stderr line naming the input line."""
    name = request.node.callspec.id
    assert_run_is_one_line_error(script_runs[f"bad-stdin:{name}"], line, quoted)


@pytest.mark.slow
@pytest.mark.parametrize(("line", "quoted"), script_bad_input_params(SCRIPT_BAD_FILE))
def test_console_script_reports_a_bad_file_in_one_line(
    line: int | None,
    quoted: str | None,
    request: pytest.FixtureRequest,
    script_runs: dict[str, Run],
) -> None:
    """Bad input in FILE: exit 2, no output, one stderr line naming the input line."""
    name = request.node.callspec.id
    assert_run_is_one_line_error(script_runs[f"bad-file:{name}"], line, quoted)


def run_main(
    argv: list[str],
    stdin: bytes,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    """Call the console entry point ratingbook.cli.main in process; (status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    with pytest.raises(SystemExit) as caught:
        main(argv)
        raise SystemExit(0)
    out, err = capsys.readouterr()
    code = caught.value.code
    return (code if isinstance(code, int) else 1), out, err


@pytest.mark.parametrize(("command", "data", "line", "quoted"), BAD_INPUTS)
def test_main_reports_bad_stdin_in_one_line(
    command: str,
    data: bytes,
    line: int | None,
    quoted: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The entry point main(): every bad input exits 2 with one stderr line naming the line."""
    assert_one_line_error(*run_main([command], data, monkeypatch, capsys), line, quoted)


@pytest.mark.parametrize(("command", "data", "line", "quoted"), BAD_INPUTS)
def test_cli_runner_reports_a_bad_file_in_one_line(
    command: str, data: bytes, line: int | None, quoted: str | None, tmp_path: Path
) -> None:
    """In process: every bad input in FILE exits 2 with one line on stderr."""
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    result = CliRunner().invoke(cli, [command, str(path)])
    assert isinstance(result.exception, SystemExit)
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, line, quoted)


@pytest.mark.parametrize(("command", "data", "line", "quoted"), BAD_INPUTS)
def test_cli_runner_reports_bad_stdin_in_one_line(
    command: str, data: bytes, line: int | None, quoted: str | None
) -> None:
    """In process: the same bad inputs exit 2 with one line on stderr."""
    result = CliRunner().invoke(cli, [command], input=data)
    assert isinstance(result.exception, SystemExit)
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, line, quoted)


@pytest.mark.slow
def test_console_script_reports_a_missing_file_in_one_line(script_runs: dict[str, Run]) -> None:
    """A FILE that does not exist: exit 2, one stderr line naming the path."""
    assert_run_is_one_line_error(script_runs["missing-file"], None, "no-such-file.txt")


@pytest.mark.parametrize("command", MISSING_FILE_COMMANDS)
def test_cli_runner_reports_a_missing_file(command: str, tmp_path: Path) -> None:
    """In process: a missing FILE exits 2 with one line on stderr quoting the path."""
    missing = str(tmp_path / "no-such-file.txt")
    result = CliRunner().invoke(cli, [command, missing])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, None, repr(missing))


@pytest.mark.slow
@pytest.mark.parametrize(
    "args", [p for p in BAD_TOURNAMENT_ARGS if p.id in SCRIPT_BAD_TOURNAMENT_ARGS]
)
def test_console_script_rejects_bad_elo_tournament_arguments_in_one_line(
    args: list[str], request: pytest.FixtureRequest, script_runs: dict[str, Run]
) -> None:
    """Bad C R X0 (not a number, negative, missing): exit 2, one line on stderr."""
    name = request.node.callspec.id
    assert_run_is_one_line_error(script_runs[f"bad-args:{name}"], None, None)


@pytest.mark.parametrize("args", BAD_TOURNAMENT_ARGS)
def test_main_rejects_bad_elo_tournament_arguments_in_one_line(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The entry point main(): bad C R X0 exit 2 with one line on stderr, nothing on stdout."""
    assert_one_line_error(
        *run_main(["elo-tournament", *args], b"", monkeypatch, capsys), None, None
    )


@pytest.mark.parametrize("args", BAD_TOURNAMENT_ARGS)
def test_cli_runner_rejects_bad_elo_tournament_arguments(args: list[str]) -> None:
    """In process: bad C R X0 exit with status 2 and print nothing on stdout."""
    result = CliRunner().invoke(cli, ["elo-tournament", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert isinstance(result.exception, SystemExit)


@pytest.mark.slow
def test_unknown_command_exits_2_in_one_line(script_runs: dict[str, Run]) -> None:
    """A command that does not exist is a usage error: exit 2, one line."""
    assert_run_is_one_line_error(script_runs["unknown-command"], None, None)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(HUGE_EXPONENT_INPUTS))
def test_number_with_a_huge_exponent_is_a_quick_input_error(
    name: str, script_runs: dict[str, Run]
) -> None:
    """'1e400000000' or '1e-400000000' for points, a rating or a score: exit 2 (no hang building
    a 400-million-digit number), one line naming the line and the token."""
    _, _, line, quoted = HUGE_EXPONENT_INPUTS[name]
    assert_run_is_one_line_error(script_runs[f"huge:{name}"], line, quoted)


def test_elo_series_with_ratings_far_apart_is_computed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """32 0 1000001, A wins: E_A = 1 / (1 + 10^2500.0025) < 1e-2500, so A' = 0 + 32 (1 - E_A)
    -> 32 and B' = 1000001 - 32 (1 - E_A) -> 999969; printed, not a traceback."""
    status, out, err = run_main(["elo-series"], b"32 0 1000001\n1\n", monkeypatch, capsys)
    assert (status, out, err) == (0, "0 1000001\n32 999969\n", "")
