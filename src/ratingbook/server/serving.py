"""The desk's server: the application (:mod:`ratingbook.server.app`) served by waitress on the
local machine only (``127.0.0.1``), or on the venue's network with ``lan=True``; the address
players open; and, while released results wait for a book open in Excel, a try to take them
every :data:`TAKE_EVERY` seconds.

waitress refuses a body over :data:`~ratingbook.server.state.MAX_BODY` bytes and a header over
:data:`MAX_HEADER` bytes before the application reads anything, and closes a connection idle
for :data:`IDLE_SECONDS` (a phone that opens connections and sends nothing holds no thread).
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass

from waitress.server import BaseWSGIServer, TcpWSGIServer, create_server

from ratingbook.server.app import create_app
from ratingbook.server.state import MAX_BODY, DeskState

__all__ = ["LOOPBACK", "Listening", "lan_address", "make_server", "serve"]

LOOPBACK = "127.0.0.1"
#: Every address of the machine (``--lan``).
EVERYWHERE = "0.0.0.0"
MAX_HEADER = 16 * 1024
IDLE_SECONDS = 30
#: How often the desk tries again to take released results into a book that was locked.
TAKE_EVERY = 15.0
#: Threads answering requests: a report waits on the disk (SQLite's synchronous write), so
#: more threads than cores keep the others answered meanwhile.
THREADS = 8


@dataclass(frozen=True, slots=True)
class Listening:
    """Where the desk listens (``host``, ``port``) and the address players open (``url``)."""

    host: str
    port: int
    url: str


def lan_address() -> str:
    """This machine's address on the venue's network (the one a phone opens), found without
    sending anything: the name's own addresses first, else the address the system would
    send from (a UDP socket "connected" to a documentation address sends no packet)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # RFC 5737 TEST-NET-1: never reached
            return str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK


def make_server(
    desk_state: DeskState, *, lan: bool, port: int, url_host: str | None = None
) -> tuple[BaseWSGIServer, Listening]:
    """The desk's server, listening (not answering yet: ``run()`` it), and where. ``port`` 0
    takes a free port; ``desk_state.base_url`` becomes the address players open
    (``url_host``: the host in it, by default this machine's address on the network with
    ``lan``, else ``127.0.0.1``)."""
    host = EVERYWHERE if lan else LOOPBACK
    server = create_server(
        create_app(desk_state),
        host=host,
        port=port,
        threads=THREADS,
        max_request_body_size=MAX_BODY,
        max_request_header_size=MAX_HEADER,
        channel_timeout=IDLE_SECONDS,
        connection_limit=500,
        clear_untrusted_proxy_headers=True,
        expose_tracebacks=False,
        ident="ratingbook desk",
    )
    assert isinstance(server, TcpWSGIServer)  # one host and port: never a multi-socket one
    assert server.socket is not None  # bound by create_server
    bound = int(server.socket.getsockname()[1])
    shown = url_host or (lan_address() if lan else LOOPBACK)
    desk_state.base_url = f"http://{shown}:{bound}"
    return server, Listening(host, bound, desk_state.base_url)


def serve(
    desk_state: DeskState,
    *,
    lan: bool,
    port: int,
    ready: Callable[[Listening], None],
) -> None:
    """Serve the desk until interrupted (Ctrl+C): :func:`make_server`, ``ready`` told where
    it listens before the first request is answered, and the retries of a take meanwhile."""
    server, listening = make_server(desk_state, lan=lan, port=port)
    stop = threading.Event()
    taker = threading.Thread(
        target=desk_state.take_in_background, args=(stop, TAKE_EVERY), daemon=True
    )
    taker.start()
    ready(listening)
    try:
        server.run()
    finally:
        stop.set()
        server.close()
