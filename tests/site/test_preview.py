"""`wtg site OUT_DIR --serve`, the GM's preview (wtg.site.serve): it serves the site's folder
and nothing else, and only under its own address. A web page the GM opens elsewhere may
point a name of its own at 127.0.0.1 (DNS rebinding) and read what the preview answers: a
request naming another host is refused, and no link in the folder leads out of it."""

from __future__ import annotations

import http.client
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from wtg.site.serve import make_server


@pytest.fixture
def preview(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """A site's folder (a page, a game's page) served by the preview: its port and folder;
    beside the folder, a file of the GM's that is not the site's."""
    site = tmp_path / "site"
    (site / "games" / "g1").mkdir(parents=True)
    (site / "index.html").write_text("<p>the index</p>\n", encoding="utf-8")
    (site / "games" / "g1" / "index.html").write_text("<p>g1</p>\n", encoding="utf-8")
    (tmp_path / "wtg.yaml").write_text("password: hunter2\n", encoding="utf-8")
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], site
    finally:
        server.shutdown()
        server.server_close()


def fetched(port: int, path: str, host: str | None = None) -> tuple[int, bytes]:
    """The status and body of a GET of ``path``, with ``host`` as its Host header (by
    default the preview's own address, as a browser sends it)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host or f"127.0.0.1:{port}")
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_the_preview_answers_under_its_own_address(preview: tuple[int, Path]) -> None:
    """127.0.0.1 or localhost, on its port or another (an SSH tunnel's end on the GM's
    own machine)."""
    port, _site = preview
    assert fetched(port, "/index.html") == (200, b"<p>the index</p>\n")
    assert fetched(port, "/games/g1/index.html", f"localhost:{port}") == (200, b"<p>g1</p>\n")
    assert fetched(port, "/index.html", "LOCALHOST:9000") == (200, b"<p>the index</p>\n")
    assert fetched(port, "/index.html", "[::1]:9000") == (200, b"<p>the index</p>\n")


@pytest.mark.parametrize(
    "host",
    [
        "rebind.attacker.example:{port}",
        "rebind.attacker.example",
        "127.0.0.1.attacker.example:{port}",
        "localhost.attacker.example",
        "attacker.example:{port}@localhost",
    ],
)
def test_a_request_for_another_host_is_refused(preview: tuple[int, Path], host: str) -> None:
    """DNS rebinding: the attacker's page asks for its own name, now pointing at 127.0.0.1;
    the browser names that in the Host header. The preview answers 421 and no page."""
    port, _site = preview
    status, body = fetched(port, "/index.html", host.format(port=port))
    assert status == 421
    assert b"the index" not in body


def test_a_link_out_of_the_site_folder_is_not_followed(preview: tuple[int, Path]) -> None:
    """A symbolic link in the site's folder to a file or folder outside it: not served
    (404), as a path with ``..`` is not; a link within the folder is."""
    port, site = preview
    (site / "config.txt").symlink_to(site.parent / "wtg.yaml")
    (site / "up").symlink_to(site.parent, target_is_directory=True)
    (site / "games" / "same.html").symlink_to(site / "games" / "g1" / "index.html")
    for path in ("/config.txt", "/up/wtg.yaml", "/up/", "/../wtg.yaml", "/%2e%2e/wtg.yaml"):
        status, body = fetched(port, path)
        assert (path, status) == (path, 404)
        assert b"hunter2" not in body and b"wtg.yaml" not in body
    assert fetched(port, "/games/same.html") == (200, b"<p>g1</p>\n")
