"""Issue 25, item 16: the real clients (mutt, neomutt, mutt quoting with "| ", s-nail, Emacs
Gnus, aerc, alpine) answer a request of the lobby's (``JOIN wok4``: its answer asks to
CONFIRM) as a player does: the CONFIRM line typed above the quoted request, below it, or
into the quote under the quoted line; the host reads it. Before, a CONFIRM anywhere but on
the reply's first lines got no answer at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.asked import Asked, confirms, confirms_by_reply, unconfirmed_by_reply
from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Client, plain_text, reply
from tests.mail.clients.player import ASSENT_SHAPES, COMMAND_SHAPES


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("shape", COMMAND_SHAPES)
def test_a_real_clients_reply_confirms(
    client: Client, shape: str, asked: Asked, tmp_path: Path
) -> None:
    """Issue 25, item 16: the CONFIRM typed above the quoted request, below it (mutt's and
    most clients' way), or into the quote under the quoted line, by mutt, neomutt, mutt
    quoting with "| ", s-nail, Emacs Gnus, aerc and alpine."""
    need(client)
    raw = reply(client, tmp_path / "desk", asked.answer, shape, shown="JOIN wok4")
    content = plain_text(raw)
    quoted_line = (
        f"> CONFIRM {asked.code}" if client.name != "mutt-pipe" else f"| CONFIRM {asked.code}"
    )
    assert quoted_line in content  # the client quoted the request, its CONFIRM line too
    confirms(asked, tmp_path / "hall", raw)


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("shape", [s for s in ASSENT_SHAPES if s != "assent-bare"])
def test_a_real_clients_plain_reply_confirms(
    client: Client, shape: str, asked: Asked, tmp_path: Path
) -> None:
    """A trial as players: a newcomer who hits Reply and types "Yes" above the quote got
    the HELP; his JOIN is confirmed (``wtg.lobby.yesno``), by mutt, neomutt, mutt quoting
    with "| ", s-nail, Emacs Gnus, aerc and alpine; and by mutt adding a business's
    signature without the ``-- `` (mutt-unmarked), as Apple Mail and Outlook do, which was
    more than a short yes and confirmed nothing."""
    need(client)
    raw = reply(client, tmp_path / "desk", asked.answer, shape, shown="JOIN wok4")
    assert f"CONFIRM {asked.code}".encode() in raw  # quoted, not typed
    confirms_by_reply(asked, tmp_path / "hall", raw)


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
def test_a_real_clients_reply_with_nothing_typed_is_told_to_type_yes(
    client: Client, asked: Asked, tmp_path: Path
) -> None:
    """Ruling (round 47): the quote sent as the client made it, nothing typed, is what an
    auto-responder sends too, and confirms nothing (``tests/lobby/test_reply_responders.py``):
    the request waits, and the newcomer is told to type a yes."""
    need(client)
    raw = reply(client, tmp_path / "desk", asked.answer, "assent-bare", shown="JOIN wok4")
    told = unconfirmed_by_reply(asked, tmp_path / "hall", raw)
    assert "it has no yes typed in it" in told.words, told.body
