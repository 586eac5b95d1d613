"""A phone or a laptop at the desk, at the request level: ``http.client`` from a loopback
address of its own (``127.0.0.N``: the desk counts rates and wrong passwords per address, as
it would for each phone on the venue's network), with the desk's cookie kept."""

from __future__ import annotations

import http.client
import re
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str

    def token(self, index: int = 0) -> str:
        """The one-time token of the page's ``index``-th form."""
        return re.findall(r'name="token" value="([^"]+)"', self.text)[index]


@dataclass
class Client:
    base_url: str
    address: str = "127.0.0.1"
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> Answer:  # fmt: skip
        parts = urlsplit(self.base_url)
        connection = http.client.HTTPConnection(
            parts.hostname or "127.0.0.1", parts.port, timeout=30, source_address=(self.address, 0)
        )
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        return Answer(response.status, dict(response.headers.items()), text)

    def get(self, path: str, **headers: str) -> Answer:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, form: dict[str, str], headers: dict[str, str] | None = None
             ) -> Answer:  # fmt: skip
        sent = {"Content-Type": "application/x-www-form-urlencoded",
                "Origin": self.base_url, **(headers or {})}  # fmt: skip
        return self.request("POST", path, urlencode(form).encode(), sent)
