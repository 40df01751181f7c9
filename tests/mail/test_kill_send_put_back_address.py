"""attack42: `wtg send` killed (SIGKILL) before each of its writes while it finds a game
folder put back by hand from a copy made before the GM corrected a player's address
(``seataddresses``), then the send given again. The put-back turn's report to the old
address (a stranger's) is never sent: it lies set aside for good, once; the other
player's goes to him once; and a send after that has nothing more to say."""

from __future__ import annotations

import email
from functools import partial
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.putback import each_kill_mails_once, mailed_and_put_back, send_args
from tests.mail.test_put_back_addresses import PLAYERS, TYPO, set_address


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game g1 was mailed its turn 0 to Bob's typo, then its turn 1 once the
    GM corrected his address, then put back to turn 0 from a copy made before that."""
    root = tmp_path_factory.mktemp("host")
    edit = partial(set_address, address="bob@example.org")
    mailed_and_put_back(root, players=PLAYERS, edit=edit)
    return root


def turn_0_again(root: Path) -> list[tuple[str, str, str]]:
    """g1's turn 0 reports mailed again, wherever the outbox has them: (the folder, the
    seat's id end, the To)."""
    outbox = root / "games" / ".mail" / "outbox"
    found = []
    for folder in ("queue", "sent", "failed"):
        for path in (outbox / folder).glob("resend-*-g1-t0000-*.eml"):
            to = email.message_from_bytes(path.read_bytes())["To"]
            found.append((folder, path.stem.rpartition("-")[2], str(to)))
    return sorted(found)


AFTER = [("failed", "p02", TYPO), ("sent", "p01", "ann@example.org")]
"""Where the whole send leaves them: Bob's set aside, Ann's sent."""


def test_a_send_killed_while_it_finds_an_address_put_back_never_mails_it(
    template: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    fresh = killpoints.restorer(template, root)
    whole = killpoints.whole(send_args(root), root / "games", fresh, status=1)  # Bob's set aside
    assert turn_0_again(root) == AFTER
    assert f"game g1 player 2 (Bob): game.yaml gives the seat the address {TYPO}" in whole.stderr
    each_kill_mails_once(root, fresh, whole, turn_0_again, AFTER)
