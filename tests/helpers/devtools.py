"""Headless Chromium driven as a person drives a browser (open a page, fill a form, press its
button, look), over the DevTools protocol on a pipe (``--remote-debugging-pipe``: JSON
messages ended by a NUL byte on the browser's file descriptors 3 and 4), so that no driver,
no WebSocket library and no Playwright is needed.

The page's own script policy does not apply to what the test evaluates (DevTools), so a form
is filled and its button clicked by a line of JavaScript: the browser then sends the form
itself, with its own headers, cookies and navigation, as it would for a person.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from tests.helpers.browser import require_chromium

#: A hang guard (seconds) for one step, not a speed test.
TIMEOUT = 60
_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
    "--remote-debugging-pipe", "--disable-background-networking", "--no-default-browser-check",
]  # fmt: skip


class DevToolsError(RuntimeError):
    pass


class Browser:
    """One headless Chromium with one tab, ``width`` pixels wide (390: a phone, then the page
    is laid out as on a phone; 1280: a laptop)."""

    def __init__(self, profile: Path, width: int = 1280, height: int = 900) -> None:
        chromium = require_chromium()
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def on_fds() -> None:  # the browser reads commands on fd 3 and writes answers on fd 4
            reads = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 100)
            writes = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 100)
            os.dup2(reads, 3)
            os.dup2(writes, 4)

        self._process = subprocess.Popen(
            [chromium, *_FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
             "about:blank"],
            pass_fds=(3, 4), preexec_fn=on_fds, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._next = 0
        self._answers: dict[int, dict[str, Any]] = {}
        self._events: queue.Queue[dict[str, Any]] = queue.Queue()
        self._arrived = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        target = self._send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self._send("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        self.call("Page.enable")
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )

    def _read(self) -> None:
        buffer = b""
        while chunk := os.read(self._from_browser, 1 << 16):
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            for raw in messages:
                message = json.loads(raw)
                if "id" in message:
                    with self._arrived:
                        self._answers[message["id"]] = message
                        self._arrived.notify_all()
                else:
                    self._events.put(message)

    def _send(self, method: str, params: dict[str, Any] | None = None, *, session: bool = False
              ) -> dict[str, Any]:  # fmt: skip
        self._next += 1
        number = self._next
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self._session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        with self._arrived:
            if not self._arrived.wait_for(lambda: number in self._answers, timeout=TIMEOUT):
                raise DevToolsError(f"no answer to {method}")
            answer = self._answers.pop(number)
        if "error" in answer:
            raise DevToolsError(f"{method}: {answer['error']}")
        result: dict[str, Any] = answer.get("result", {})
        return result

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A DevTools command to the tab."""
        return self._send(method, params, session=True)

    def _wait_load(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                event = self._events.get(timeout=1)
            except queue.Empty:
                continue
            if event.get("method") == "Page.loadEventFired":
                return
        raise DevToolsError("the page did not load")

    def _drain(self) -> None:
        while not self._events.empty():
            self._events.get_nowait()

    def open(self, url: str) -> str:
        """Open ``url`` and wait for it to load; the page's text."""
        self._drain()
        self.call("Page.navigate", {"url": url})
        self._wait_load()
        return self.text()

    def evaluate(self, expression: str) -> Any:
        answer = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in answer:
            raise DevToolsError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def submit(self, script: str) -> str:
        """Run ``script`` (it fills a form and clicks its button), wait for the page the form
        leads to, and return its text."""
        self._drain()
        self.evaluate(script)
        self._wait_load()
        return self.text()

    def text(self) -> str:
        return str(self.evaluate("document.body.innerText"))

    def html(self) -> str:
        return str(self.evaluate("document.documentElement.outerHTML"))

    def url(self) -> str:
        return str(self.evaluate("location.href"))

    def scroll_width(self) -> int:
        """How wide the page's content is (wider than the window: it scrolls sideways)."""
        return int(self.evaluate("document.documentElement.scrollWidth"))

    def screenshot(self, png: Path) -> None:
        """The whole page, as tall as it is, into ``png``."""
        metrics = self.call("Page.getLayoutMetrics")["cssContentSize"]
        shot = self.call(
            "Page.captureScreenshot",
            {"format": "png", "captureBeyondViewport": True,
             "clip": {"x": 0, "y": 0, "width": metrics["width"], "height": metrics["height"],
                      "scale": 1}},
        )  # fmt: skip
        png.write_bytes(base64.b64decode(shot["data"]))

    def close(self) -> None:
        with contextlib.suppress(DevToolsError, OSError):
            self._send("Browser.close")
        try:
            self._process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
