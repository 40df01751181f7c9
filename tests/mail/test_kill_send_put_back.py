"""attack41b: `wtg send` killed (SIGKILL) before each of its writes while it finds a game
folder put back by hand to a turn before the last it mailed (``sender._put_back``), and a
seat's code put back with it to one replaced since (``seatcodes``); then the send given
again. Each player gets the put-back turn's report again once, at his own address: nothing
lost, nothing doubled; and a send after that has nothing more to say."""

from __future__ import annotations

import email
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.putback import each_kill_mails_once, mailed_and_put_back, send_args


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game g1 was mailed its turns 0 and 1, Bob given a new code between
    them, then put back to turn 0 from a copy made before the new code."""
    root = tmp_path_factory.mktemp("host")
    mailed_and_put_back(root, ["new-code", "g1", "--player", "2"])
    return root


def turn_0_again(root: Path) -> list[tuple[str, str]]:
    """g1's turn 0 reports mailed again, queued or sent: (the seat's id end, the To)."""
    outbox = root / "games" / ".mail" / "outbox"
    found = []
    for folder in ("queue", "sent"):
        for path in (outbox / folder).glob("resend-*-g1-t0000-*.eml"):
            to = email.message_from_bytes(path.read_bytes())["To"]
            found.append((path.stem.rpartition("-")[2], str(to)))
    return sorted(found)


def test_a_send_killed_while_it_mails_a_put_back_turn_again_mails_it_once(
    template: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    fresh = killpoints.restorer(template, root)
    whole = killpoints.whole(send_args(root), root / "games", fresh)
    expected = [("p01", "ann@example.org"), ("p02", "bob@example.org")]
    assert turn_0_again(root) == expected
    said = whole.stderr.splitlines()
    assert [line.split(":")[1] for line in said] == [
        " game g1 is at turn 0, though its turn 1 was mailed",
        " game g1 player 2 (Bob)",
    ], said
    each_kill_mails_once(root, fresh, whole, turn_0_again, expected)
