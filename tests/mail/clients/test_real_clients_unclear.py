"""The real clients (mutt, neomutt, mutt quoting with "| ", s-nail, Emacs Gnus, aerc,
alpine) answer the lobby's request (``JOIN wok4``: its answer asks to CONFIRM) with a
command written as a sentence, ``withdraw wok4, please``, above the quote or below it.
Nothing of it is done (Alice's JOIN still waits for its code), and the answer names the
line with the command it looks like: before, the line was dropped without a word, and
Alice was told only that her JOIN waited."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.asked import Asked, unconfirmed_by_reply
from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Client, reply
from tests.mail.clients.player import UNCLEAR, UNCLEAR_SHAPES


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("shape", UNCLEAR_SHAPES)
def test_a_command_written_as_a_sentence_is_named_not_dropped(
    client: Client, shape: str, asked: Asked, tmp_path: Path
) -> None:
    need(client)
    raw = reply(client, tmp_path / "desk", asked.answer, shape, shown="JOIN wok4")
    assert UNCLEAR.encode() in raw
    told = unconfirmed_by_reply(asked, tmp_path / "hall", raw)
    assert f'("{UNCLEAR}") of your mail was not understood: nothing of it was done.' in told.words
    assert 'the words it takes: "WITHDRAW wok4". Mail it again so.' in told.words
