"""The real clients (mutt, neomutt, mutt quoting with "| ", s-nail, Emacs Gnus, aerc,
alpine) answer a mail of the lobby's (``you are on the waiting list wok4``) with a command
of the game Alice plays since (``STATUS wok4-1``, ``RESIGN wok4-1``) typed above the quote
or below it, as a player does: each is read and answered (a RESIGN without the CODE line
it needs is refused, saying so), and nothing of the quoted mail is."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from tests.lobby.asked import ALICE
from tests.lobby.hall import Hall, address
from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Client, Desk, reply
from tests.mail.clients.player import TYPED, TYPED_FILE, TYPED_SHAPES
from wtg.game.press import press_for

JOINED = "you are on the waiting list wok4"


class Playing:
    """A hall where Alice and Bob joined wok4 and play its game wok4-1; the mail that told
    Alice she was on the list, as sent."""

    def __init__(self, root: Path) -> None:
        self.root = root
        hall = Hall(root)
        hall.open_list("wok4", players=2)
        for sender, name in ((ALICE, "Alice"), (address(2), "Bob")):
            ask = hall.answer(sender, f"JOIN wok4 AS {name}", name=name)
            hall.mail(sender, f"CONFIRM {ask.code()}")
            hall.poll(hours=1)
        hall.send()
        hall.new_mails()
        game = hall.game("wok4-1")
        self.code = next(p.code for p in game.config.players if p.email == ALICE)
        for sent in sorted((hall.gm.spool / "outbox" / "sent").glob("*.eml")):
            msg = email.message_from_bytes(sent.read_bytes(), policy=email.policy.default)
            if str(msg["Subject"]) == JOINED and ALICE in str(msg["To"]):
                self.answer = sent.read_bytes()
                break
        else:
            raise AssertionError("no mail told Alice she was on the list")

    def hall(self, folder: Path) -> Hall:
        return Hall.copied(self.root, folder)


@pytest.fixture(scope="module")
def playing(tmp_path_factory: pytest.TempPathFactory) -> Playing:
    return Playing(tmp_path_factory.mktemp("playing") / "hall")


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("shape", [s for s in TYPED_SHAPES if not s.startswith("file")])
def test_a_game_command_typed_in_a_reply_is_read(
    client: Client, shape: str, playing: Playing, tmp_path: Path
) -> None:
    need(client)
    command = TYPED[shape.split("-")[0]]
    raw = reply(client, tmp_path / "desk", playing.answer, shape, shown=JOINED)
    assert command.encode() in raw
    hall = playing.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    (told,) = hall.new_mails(ALICE)
    assert "not understood" not in told.words, told.body
    if command.startswith("STATUS"):
        assert [text for _k, text in summary.outcomes] == [f"answered: commands: {command}"]
        assert told.subject == "[wok4-1] status of turn 1", told.subject
    else:
        assert [text for _k, text in summary.outcomes] == [f"rejected: commands refused: {command}"]
        assert told.subject == f"{command}: not done", told.subject
        assert "add a line CODE <your code>" in told.words, told.body


PRESS = "Bob, shall we keep the peace in the north?\nI move south next turn."


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("where", ["top", "bottom"])
def test_a_press_typed_in_a_reply_is_relayed(
    client: Client, where: str, playing: Playing, tmp_path: Path
) -> None:
    """PRESS, its CODE line and its two lines of text, typed above the quote or below it:
    the press kept for the turn's reports is the two lines, and nothing of the quoted
    mail."""
    need(client)
    desk = Desk(tmp_path / "desk", playing.answer, f"file-{where}", JOINED)
    desk.write(TYPED_FILE, f"PRESS wok4-1\nCODE {playing.code}\n{PRESS}\n")
    client.write(desk)
    raw = desk.reply()
    hall = playing.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: commands: PRESS wok4-1"]
    (kept,) = hall.new_mails(ALICE)
    assert kept.subject == "[wok4-1] your press goes out with the turn 1 reports", kept.subject
    assert "not understood" not in kept.words, kept.body
    game = hall.game("wok4-1")
    (piece,) = press_for(game.store, 1)  # it goes to every player with turn 1's reports
    assert (piece.name, piece.text) == ("Alice", PRESS)  # the quote is no press


CODED = {
    "REPORT wok4-1 0": "[wok4-1] turn 0 report for Alice",
    "AOF wok4-1": "[wok4-1] your AOF",
    "ABSENCE wok4-1 2 3": "[wok4-1] absence noted: turns 2 to 3",
}
"""Commands that need the player's CODE line, each with the start of its answer's subject."""


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("command", list(CODED))
def test_a_command_with_its_code_typed_in_a_reply_is_done(
    client: Client, command: str, playing: Playing, tmp_path: Path
) -> None:
    """The command and its CODE line typed below the quote, as mutt and most clients place
    a reply: done, and answered to Alice, the code never read out of the quote."""
    need(client)
    desk = Desk(tmp_path / "desk", playing.answer, "file-bottom", JOINED)
    desk.write(TYPED_FILE, f"{command}\nCODE {playing.code}\n\nAlice\n")
    client.write(desk)
    hall = playing.hall(tmp_path / "hall")
    hall.deliver(desk.reply())
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [f"answered: commands: {command}"]
    (told,) = hall.new_mails(ALICE)
    assert told.subject.startswith(CODED[command]), told.subject
    assert "not understood" not in told.words, told.body
