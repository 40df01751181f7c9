"""STATUS without a CODE line is a player's when the mail's answer address is a seat's
(round 47 left it to be read): the answer goes to that address, so it is the one that
decides, not the From. A Reply-To is taken only when it is of the From's mailbox name in a
domain above or below the From's (``wtg.mail.incoming.noreply.sender_address``)."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from tests.lobby.hall import GM, Hall, address, ann_and_bob


def _status(hall: Hall, sender: str, reply_to: str) -> None:
    """``STATUS wok4-1`` from ``sender``, to be answered at ``reply_to``, polled."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["Reply-To"] = reply_to
    msg["To"] = GM
    msg["Subject"] = "status"
    msg["Message-ID"] = "<status-1@players.example>"
    msg.set_content("STATUS wok4-1\n")
    hall.deliver(msg.as_bytes())
    hall.poll(hours=1)


def test_a_stranger_s_from_over_a_player_s_reply_to_tells_the_player(tmp_path: Path) -> None:
    """From p2@lists.players.example (not Bob's), Reply-To p2@players.example (Bob's): the
    status goes to Bob, who plays; the stranger's From is told nothing."""
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    hall.new_mails()
    _status(hall, "p2@lists.players.example", address(2))
    (told,) = hall.new_mails()
    assert (told.to, told.subject) == (address(2), "[wok4-1] status of turn 1")


def test_a_player_s_from_over_a_reply_to_the_game_does_not_know_is_refused(
    tmp_path: Path,
) -> None:
    """From Bob's address, Reply-To p2@lists.players.example: the answer would go to an
    address the game does not know, which anyone who wrote Bob's From could have set. It
    is refused there, saying that the Reply-To decided (as it would say for any From)."""
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    hall.new_mails()
    _status(hall, address(2), "p2@lists.players.example")
    (told,) = hall.new_mails()
    assert told.to == "p2@lists.players.example"
    assert "Player" not in told.body and "Bob" not in told.body
    assert (
        "STATUS of game wok4-1 is for its players, from the address the game knows (or with a "
        "CODE line): this mail is answered at its Reply-To, and it is that address the game "
        "must know"
    ) in told.words, told.body
