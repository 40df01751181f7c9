"""The GM's preview of the site (``wtg site OUT_DIR --serve``): the standard library's HTTP
server on 127.0.0.1 only, serving the folder as it is; Ctrl-C stops it."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"


class SiteHandler(SimpleHTTPRequestHandler):
    """Files of the site, the feed as Atom."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        if str(path).endswith(".atom"):
            return "application/atom+xml"
        return super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the preview prints its URL, not a line a request."""


def make_server(out_dir: Path, port: int = 0) -> ThreadingHTTPServer:
    """A server of ``out_dir`` on 127.0.0.1:``port`` (0: a free port), not yet serving."""
    handler = partial(SiteHandler, directory=str(out_dir))
    return ThreadingHTTPServer((HOST, port), handler)


def url_of(server: ThreadingHTTPServer) -> str:
    return f"http://{HOST}:{server.server_address[1]}/"


def serve(out_dir: Path, port: int, echo: Callable[[str], None]) -> None:
    """Serve ``out_dir`` until Ctrl-C."""
    with make_server(out_dir, port) as server:
        echo(f"serving {out_dir} at {url_of(server)}index.html (Ctrl-C stops it)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            echo("stopped")
