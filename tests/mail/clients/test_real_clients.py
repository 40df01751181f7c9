"""Issue 12, "Every reply shape a real client makes works": real mail clients (mutt,
neomutt, s-nail, Emacs with Gnus, aerc, alpine) answer a report mail of `wtg send` as a
player does, top-posted, bottom-posted, filled in inside the quote, and with bare order lines
above the quote; `wtg poll` files exactly the orders the player typed, READY included, and
they replace the good orders the player had on file."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Client, Written, mutt
from tests.mail.clients.expected import file_good_orders
from tests.mail.clients.player import FILED, SHAPES
from tests.mail.clients.table import Table

clients = pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
shapes = pytest.mark.parametrize("shape", SHAPES)


@clients
@shapes
def test_the_reply_files_the_orders_typed(
    client: Client, shape: str, written: Written, tmp_path: Path
) -> None:
    reply = written(client, shape)
    table = Table(tmp_path)
    table.deliver(reply)
    table.poll()
    assert table.orders(1) == FILED


@clients
@shapes
def test_the_reply_replaces_the_good_orders_on_file(
    client: Client, shape: str, written: Written, tmp_path: Path
) -> None:
    reply = written(client, shape)
    table = Table(tmp_path)
    file_good_orders(table)
    table.deliver(reply)
    table.poll()
    assert table.orders(1) == FILED


@clients
def test_the_client_quoted_the_blank_form(client: Client, written: Written) -> None:
    """The replies carry what makes them hard: the report's blank form, quoted by the
    client (so a test passing is not a client that left the quote out)."""
    for shape in ("top", "bottom", "bare"):
        mail = email.message_from_bytes(written(client, shape), policy=email.policy.default)
        body = mail.get_body(preferencelist=("plain",))
        assert body is not None
        text = body.get_content().replace("\r\n", "\n")
        assert "\n> A1: __   __ ___\n" in text or "\n| A1: __   __ ___\n" in text


def test_a_missing_client_is_skipped_naming_its_package_but_fails_in_ci(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    absent = Client("nosuch", "nosuch-mail", "wtg-test-no-such-program", mutt, terminal=False)
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception, match=r"\(Debian package nosuch-mail\)"):
        need(absent)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        need(absent)
