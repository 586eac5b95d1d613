"""``ratingbook desk BOOK`` started as an organiser starts it (a process of its own, a free
port, the password from a file), read until it says where it listens, and stopped with Ctrl+C
(SIGINT) or killed (``kill -9``)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.server.running import PASSWORD

#: A hang guard (seconds), not a speed test.
TIMEOUT = 120


@dataclass
class Started:
    process: subprocess.Popen[str]
    url: str
    port: int
    said: list[str]

    def stop(self) -> str:
        """Ctrl+C, as at the terminal; what the desk said after it."""
        self.process.send_signal(signal.SIGINT)
        rest, _ = self.process.communicate(timeout=TIMEOUT)
        return rest

    def kill(self) -> None:
        """``kill -9``: no goodbye, nothing flushed."""
        self.process.kill()
        self.process.communicate(timeout=TIMEOUT)


def start(book: Path, *options: str, password: str = PASSWORD) -> Started:
    secret = book.with_name("password.txt")
    secret.write_text(password + "\n", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "ratingbook", "desk", str(book), "--port", "0",
         "--password-file", str(secret), *options],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    said: list[str] = []
    assert process.stdout is not None
    for line in process.stdout:
        said.append(line.rstrip("\n"))
        if line.startswith("Reports are kept in"):
            break
    else:
        raise AssertionError("the desk did not start:\n" + "\n".join(said))
    url = next(m.group(1) for s in said if (m := re.match(r"Players open: (\S+)/", s)))
    port = int(next(m.group(1) for s in said if (m := re.search(r"127\.0\.0\.1:(\d+)/", s))))
    return Started(process, url, port, said)


@contextlib.contextmanager
def started(book: Path, *options: str) -> Iterator[Started]:
    desk = start(book, *options)
    try:
        yield desk
    finally:
        if desk.process.poll() is None:
            desk.kill()


def listening_addresses(port: int) -> set[str]:
    """The local addresses a socket listens on at ``port`` (Linux's /proc/net/tcp)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, hex_port = local.split(":")
        if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
            octets = [str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0)]
            found.add(".".join(octets))
    return found
