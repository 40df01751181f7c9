"""Issue 15, "Done when": replies to a report mail that carries the map (quoted, top- and
bottom-posted) still file orders. Real clients (mutt, s-nail, Emacs with Gnus, aerc and
alpine: five MIME readers of their own) open the multipart report, text/plain first and the
PNG inline after it, and answer it as a player does; `wtg poll` files exactly the orders
typed, and the words about the picture in the quote change no setting."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Client, Written, reply
from tests.mail.clients.expected import file_good_orders
from tests.mail.clients.player import FILED, SHAPES
from tests.mail.clients.table import Table
from tests.mail.maps import Drawing, parts, picture_of, png, text_of

MIME_READERS = ("mutt", "s-nail", "emacs", "aerc", "alpine")
clients = pytest.mark.parametrize(
    "client", [c for c in CLIENTS if c.name in MIME_READERS], ids=lambda client: client.name
)
shapes = pytest.mark.parametrize("shape", SHAPES)


@pytest.fixture(scope="session")
def map_report(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """Alice's turn 0 report mail with her map, as `wtg send` wrote it."""
    return Table(tmp_path_factory.mktemp("gm-map"), picture=Drawing()).report(1)


@pytest.fixture(scope="session")
def written_to_map(tmp_path_factory: pytest.TempPathFactory, map_report: bytes) -> Written:
    """The reply a client sent to the report with the map, in a shape (once a session)."""
    made: dict[tuple[str, str], bytes] = {}

    def write(client: Client, shape: str) -> bytes:
        need(client)
        key = (client.name, shape)
        if key not in made:
            desk: Path = tmp_path_factory.mktemp(f"map-{client.name}-{shape}")
            made[key] = reply(client, desk / "desk", map_report, shape)
        return made[key]

    return write


def test_the_clients_get_the_report_with_one_picture_after_its_text(map_report: bytes) -> None:
    assert parts(map_report) == ["text/plain", "image/png"]
    assert picture_of(map_report) == (png(1, 0), "map-turn0.png", "inline")
    assert "=== BEGIN AOF ===" in text_of(map_report)


@clients
@shapes
def test_a_reply_to_the_report_with_the_map_files_the_orders_typed(
    client: Client, shape: str, written_to_map: Written, tmp_path: Path
) -> None:
    reply_mail = written_to_map(client, shape)
    table = Table(tmp_path, picture=Drawing())
    table.deliver(reply_mail)
    table.poll()
    assert table.orders(1) == FILED
    assert table.settings() == {}  # 'write the line "MAP: off"' in the quote is no setting


@clients
@shapes
def test_a_reply_to_the_report_with_the_map_replaces_the_good_orders_on_file(
    client: Client, shape: str, written_to_map: Written, tmp_path: Path
) -> None:
    reply_mail = written_to_map(client, shape)
    table = Table(tmp_path, picture=Drawing())
    file_good_orders(table)
    table.deliver(reply_mail)
    table.poll()
    assert table.orders(1) == FILED


@clients
def test_the_client_quoted_the_text_part_with_its_blank_form(
    client: Client, written_to_map: Written
) -> None:
    """The replies quote the report's text part, AOF and words about the picture included
    (so a test passing is not a client that left the quote out)."""
    for shape in ("top", "bottom", "bare"):
        mail = email.message_from_bytes(written_to_map(client, shape), policy=email.policy.default)
        body = mail.get_body(preferencelist=("plain",))
        assert body is not None
        text = body.get_content().replace("\r\n", "\n")
        assert "\n> A1: __   __ ___\n" in text
        assert any(
            line.startswith("> ") and line.endswith('write the line "MAP: off"')
            for line in text.splitlines()
        )
