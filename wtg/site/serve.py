"""The GM's preview of the site (``wtg site OUT_DIR --serve``): the standard library's HTTP
server on 127.0.0.1 only, serving the folder as it is; Ctrl-C stops it.

It answers only to the names of the loopback (127.0.0.1, localhost, on any port): a web
page the GM has open elsewhere may point a name of its own at 127.0.0.1 (DNS rebinding) to
read what the preview serves, and the browser names that name in the Host header, which is
refused (421). It serves nothing outside the folder: a symbolic link in it that leads out
is not followed (404).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
OWN_NAMES = frozenset({HOST, "localhost", "[::1]"})
"""The names a browser on the GM's machine reaches the preview by (the last: an IPv6
tunnel's end)."""


class SiteHandler(SimpleHTTPRequestHandler):
    """Files of the site, the feed as Atom."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        if str(path).endswith(".atom"):
            return "application/atom+xml"
        return super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the preview prints its URL, not a line a request."""

    def do_GET(self) -> None:
        if self._refused():
            return
        super().do_GET()

    def do_HEAD(self) -> None:
        if self._refused():
            return
        super().do_HEAD()

    def _refused(self) -> bool:
        """Answer a request for another host (421) or for a path that leads out of the
        folder (404), and say so; False for a request to serve."""
        if not self._for_us(self.headers.get("Host")):
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "This is the preview of a site only")
            return True
        if not _inside(self.translate_path(self.path), self.directory):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return True
        return False

    def _for_us(self, host: str | None) -> bool:
        """Whether a request's Host header names this machine's loopback, on any port (the
        GM's browser through an SSH tunnel names its own); no header: an HTTP/1.0
        client's request, which no browser sends."""
        if host is None:
            return True
        name = host.strip().lower()
        if not name.endswith("]"):  # not a bare IPv6 address: a port may follow the name
            name = name.rpartition(":")[0] or name
        return name in OWN_NAMES


def _inside(path: str, folder: str) -> bool:
    """Whether ``path``, its links followed, is ``folder`` or in it."""
    real, root = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([real, root]) == root


def make_server(out_dir: Path, port: int = 0) -> ThreadingHTTPServer:
    """A server of ``out_dir`` on 127.0.0.1:``port`` (0: a free port), not yet serving."""
    handler = partial(SiteHandler, directory=str(out_dir))
    return ThreadingHTTPServer((HOST, port), handler)


def url_of(server: ThreadingHTTPServer) -> str:
    return f"http://{HOST}:{server.server_address[1]}/"


def serve(out_dir: Path, port: int, echo: Callable[[str], None]) -> None:
    """Serve ``out_dir`` until Ctrl-C (SIGINT), even when started with SIGINT ignored, as a
    shell's background job or a script's child is."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with make_server(out_dir, port) as server:
        echo(f"serving {out_dir} at {url_of(server)}index.html (Ctrl-C stops it)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            echo("stopped")
