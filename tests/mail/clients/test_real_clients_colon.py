"""The real clients (mutt, neomutt, mutt quoting with "| ", s-nail, Emacs Gnus, aerc,
alpine) answer the lobby's request (``JOIN wok4``: its answer asks to CONFIRM) with the
CONFIRM line typed with a colon after its word, ``CONFIRM: <code>``, as people write
``Subject:``, above the quote or below it. Before, the line was named as not understood
and the request waited; it confirms now (``wtg.lobby.commands.COLON_READ``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.asked import Asked, confirms
from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Client, plain_text, reply
from tests.mail.clients.player import COLON_SHAPES


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("shape", COLON_SHAPES)
def test_a_confirm_with_a_colon_confirms(
    client: Client, shape: str, asked: Asked, tmp_path: Path
) -> None:
    need(client)
    raw = reply(client, tmp_path / "desk", asked.answer, shape, shown="JOIN wok4")
    content = plain_text(raw)
    assert f"\nCONFIRM: {asked.code}\n" in content  # typed, unquoted
    confirms(asked, tmp_path / "hall", raw)
