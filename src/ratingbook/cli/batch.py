"""Running jobs each in a child process of its own, so that one that dies never takes the rest.

A workbook is read by native code (python-calamine, lxml) that a hostile or broken file can
still crash, exhaust memory with, or get killed by the operating system over. Each workbook's
job therefore runs in a child process: whatever happens to it, the parent sees either the job's
result or how the child ended ("the reader crashed (signal 6, SIGABRT)"), and goes on with the
next job. Results are handed back as each job finishes.

A child never outlives the run: on Ctrl-C the parent stops its children itself; ended any
other way (SIGTERM, its terminal closed, SIGKILL), the parent is gone and each child, seeing its
lifeline close, stops its job at once; a book is never written after the user gave up.

While a job runs, what it logs at INFO or above under the ``ratingbook`` logger (a large
pairing starting, say) reaches the parent at once as a :class:`Note`, not when the job ends.

An unexpected exception in a job is a bug: it is one line (``internal error, please report it:
KeyError: 'x'``), and with the debug switch on (:data:`DEBUG_VARIABLE`, which ``ratingbook
--debug`` sets) its traceback follows that line, so what went wrong is never lost.

On Linux the child is a fork (cheap: nothing is imported again); elsewhere it is spawned, so
``work`` and the jobs must be picklable (a module-level function and plain data).
"""

from __future__ import annotations

import contextlib
import faulthandler
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import tempfile
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import IO, Generic, TypeVar

__all__ = ["DEBUG_VARIABLE", "Died", "Note", "debugging", "describe_exit", "run_isolated"]

J = TypeVar("J")
R = TypeVar("R")


#: The debug switch, an environment variable: set to anything but ``""`` or ``"0"``, the
#: traceback of a job's internal error (a bug) is kept under its line. ``ratingbook --debug``
#: sets it for the run (the children inherit it).
DEBUG_VARIABLE = "RATINGBOOK_DEBUG"


def debugging() -> bool:
    """Whether the debug switch (:data:`DEBUG_VARIABLE`) is on."""
    return os.environ.get(DEBUG_VARIABLE, "") not in ("", "0")


@dataclass(frozen=True, slots=True)
class Died:
    """A job that gave no result: how its process ended, in words, e.g. ``"the reader crashed
    (signal 6, SIGABRT)"``; for an internal error with the debug switch on, the line is
    followed by the traceback."""

    reason: str


def _internal_error(error: Exception) -> Died:
    """A bug in a job: one line naming the exception, its traceback under it when debugging
    (else the line says how to see it)."""
    line = f"internal error, please report it: {type(error).__name__}: {error}"
    if not debugging():
        return Died(f"{line} (ratingbook --debug shows its traceback)")
    return Died(f"{line}\n{''.join(traceback.format_exception(error)).rstrip()}")


@dataclass(frozen=True, slots=True)
class Note:
    """A line a running job logged (``ratingbook`` logger, INFO or above), sent on at once."""

    text: str


class _NoteHandler(logging.Handler):
    """Sends each record to the parent as a :class:`Note`, ahead of the job's answer."""

    def __init__(self, connection: Connection) -> None:
        super().__init__(logging.INFO)
        self.connection = connection

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(OSError, ValueError):  # the parent is gone: nobody to tell
            self.connection.send(Note(record.getMessage()))


def _send_notes(connection: Connection) -> None:
    logger = logging.getLogger("ratingbook")
    logger.handlers = [_NoteHandler(connection)]
    logger.setLevel(logging.INFO)
    logger.propagate = False


def describe_exit(exitcode: int | None) -> str:
    """How a child process that gave no result ended, in one phrase."""
    if exitcode is not None and exitcode < 0:
        number = -exitcode
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = "unknown signal"
        if number == getattr(signal, "SIGKILL", None):
            return (
                f"the reader was killed (signal {number}, {name}; "
                "the system may have run out of memory)"
            )
        return f"the reader crashed (signal {number}, {name})"
    return f"the reader stopped without an answer (exit status {exitcode})"


#: How long a child asked to stop (SIGTERM) may take to clean up before it is killed: it stops
#: at once unless it is inside native code, which finishes its call first.
_STOP_GRACE = 5.0


class _Stopped(BaseException):
    """The parent asked this child to stop (SIGTERM, sent when the run is interrupted)."""


def _stop(signum: int, frame: object) -> None:
    raise _Stopped


def _watch_parent(lifeline: int) -> None:
    """Wait until the parent's end of the lifeline closes, then stop this child (SIGTERM)."""
    with contextlib.suppress(OSError):
        while os.read(lifeline, 1):
            pass
    os.kill(os.getpid(), signal.SIGTERM)


def _outlive_no_parent(lifeline: tuple[int, int] | None) -> None:
    """Stop this child as soon as its parent is gone, however the parent ended (SIGTERM,
    SIGHUP, SIGKILL, a crash): the parent alone holds the lifeline's writing end, which the
    system closes when the parent ends; a thread here waits for that and stops the job, which
    unwinds as from Ctrl-C (nothing is written)."""
    if lifeline is None:
        return
    reading, writing = lifeline
    os.close(writing)  # the copy this fork inherited: only the parent's may keep the line open
    threading.Thread(target=_watch_parent, args=(reading,), daemon=True).start()


def _child(
    connection: Connection,
    work: Callable[[J], R],
    job: J,
    errors: IO[bytes] | None,
    lifeline: tuple[int, int] | None = None,
) -> None:
    if errors is not None:
        # What the child writes to standard error (a native library's dying words included)
        # goes to a file the parent reads: the parent relays it, or folds it into one line.
        sys.stderr.flush()
        os.dup2(errors.fileno(), 2)
    # The parent reports a crash in one line; a Python-level dump of the child's stack on a
    # fatal signal (faulthandler, when enabled) would be a traceback instead.
    faulthandler.disable()
    # Ctrl-C reaches the whole process group: the parent stops the children itself, so a child
    # must not print a KeyboardInterrupt traceback of its own.
    with contextlib.suppress(ValueError):  # not the main thread (never, in practice)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # blocked by the parent across the fork, see _start
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    # Stopped by the parent (Ctrl-C), the job unwinds as from an exception, so what it holds
    # is cleaned up on the way out (a half-written temporary file is removed), then the child
    # ends by the signal, as it would have without this handler.
    if sys.platform != "win32":  # Windows ends a process without running any handler
        with contextlib.suppress(ValueError):  # not the main thread (never, in practice)
            signal.signal(signal.SIGTERM, _stop)
    _outlive_no_parent(lifeline)
    _send_notes(connection)
    answer: R | Died
    try:
        answer = work(job)
    except _Stopped:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        raise  # not reached: the signal ends the process
    except MemoryError:
        answer = Died("the reader ran out of memory")
    except Exception as error:  # a bug: its line, and its traceback when debugging
        answer = _internal_error(error)
    connection.send(answer)
    connection.close()


def _forks() -> bool:
    return sys.platform.startswith("linux")


def _last_words(errors: IO[bytes] | None) -> str:
    """The last non-empty line the child wrote to standard error (``""`` if none)."""
    if errors is None:
        return ""
    # Only the end: a dying native library may have written megabytes before its last words.
    errors.seek(max(0, errors.seek(0, os.SEEK_END) - 4096))
    lines = errors.read().decode(errors="replace").splitlines()
    return next((line.strip() for line in reversed(lines) if line.strip()), "")


def _relay(errors: IO[bytes] | None) -> None:
    if errors is not None:
        errors.seek(0)
        text = errors.read().decode(errors="replace")
        if text:
            sys.stderr.write(text)
            sys.stderr.flush()


def _start(process: BaseProcess) -> None:
    """Start ``process`` with Ctrl-C held back until it ignores Ctrl-C itself: a forked child
    would otherwise run Python's handler and print a KeyboardInterrupt traceback. A Ctrl-C
    pressed meanwhile reaches the parent as soon as the child is started."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: spawned children, no fork
        process.start()
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        process.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@dataclass(slots=True)
class _Running(Generic[J]):
    index: int
    job: J
    process: BaseProcess
    connection: Connection
    errors: IO[bytes] | None


def run_isolated(
    jobs: Sequence[J],
    work: Callable[[J], R],
    processes: int = 1,
    on_note: Callable[[J, str], None] | None = None,
) -> Iterator[tuple[int, J, R | Died]]:
    """Run ``work(job)`` for each job in a child process, at most ``processes`` at a time.

    Yields ``(index, job, result)`` as each job finishes, where ``result`` is what ``work``
    returned, or :class:`Died` when the child raised MemoryError or an unexpected exception,
    or ended without answering (killed by a signal, ``os.abort()``, a native crash). With one
    process at a time the jobs finish, and are yielded, in order. ``on_note(job, text)`` is
    called with each :class:`Note` a job sends while it runs.
    """
    context = (
        multiprocessing.get_context("fork") if _forks() else multiprocessing.get_context("spawn")
    )
    waiting = list(enumerate(jobs))
    waiting.reverse()
    running: dict[Connection, _Running[J]] = {}
    # The children's lifeline (forked children only): they stop when its writing end, held
    # here, closes, as it does when this process ends in any way, even by SIGKILL.
    lifeline = os.pipe() if _forks() else None
    try:
        while waiting or running:
            while waiting and len(running) < max(1, processes):
                index, job = waiting.pop()
                receiver, sender = context.Pipe(duplex=False)
                errors = tempfile.TemporaryFile() if _forks() else None  # noqa: SIM115 (closed below)
                process = context.Process(
                    target=_child, args=(sender, work, job, errors, lifeline), daemon=True
                )
                _start(process)
                sender.close()  # the child holds the only writing end: its death closes the pipe
                running[receiver] = _Running(index, job, process, receiver, errors)
            for ready in multiprocessing.connection.wait(list(running)):
                assert isinstance(ready, Connection)
                entry = running[ready]
                answer: R | Died
                try:
                    answer = ready.recv()
                    if isinstance(answer, Note):  # the job goes on: its answer comes later
                        if on_note is not None:
                            on_note(entry.job, answer.text)
                        continue
                except (EOFError, OSError):  # the child died before answering
                    entry.process.join()
                    reason = describe_exit(entry.process.exitcode)
                    last = _last_words(entry.errors)
                    answer = Died(f"{reason}: {last}" if last else reason)
                else:
                    entry.process.join()
                    _relay(entry.errors)
                del running[ready]
                ready.close()
                if entry.errors is not None:
                    entry.errors.close()
                yield entry.index, entry.job, answer
    finally:
        # Interrupted (Ctrl-C) or abandoned by the caller: stop the children still running.
        for entry in running.values():
            entry.process.terminate()
        for entry in running.values():
            entry.process.join(_STOP_GRACE)
            if entry.process.exitcode is None:  # still inside native code: no cleaning up
                entry.process.kill()
                entry.process.join()
            entry.connection.close()
            if entry.errors is not None:
                entry.errors.close()
        if lifeline is not None:
            for end in lifeline:
                os.close(end)
