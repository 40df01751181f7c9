"""A player's trial: he replied to an old report (its form for a turn already run), and
once with a thank-you and no form. The answers came as "Your orders were not accepted" and
"No order form found in your mail": subjects that name no game, out of the thread of the
mail they answer, where every other answer of the host ("[g1] orders for turn 1
received") names its game and answers in the thread. A player of two games could not tell
which game refused him, nor which of his mails. The answer to a player's mail names the
game it is about, when it is about one, and answers in the mail's thread."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from tests.mail.loop import World


def _answers(world: World, kind: str) -> list[EmailMessage]:
    return [
        message_from_bytes(raw, policy=policy.default)
        for name, raw in world.outbox().items()
        if name.startswith(f"{kind}-")
    ]


def test_a_refused_form_is_answered_with_its_game_in_its_thread(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    old = world.aof(2).replace("TURN: 1 ", "TURN: 0 ", 1)
    world.mail(old, sender="p2@players.example", Message_ID="<old-form@players.example>")
    assert world.poll().line() == "filed 0, rejected 1, quarantined 0, ignored 0"
    (answer,) = _answers(world, "rejected")
    assert answer["Subject"] == "[g1] your orders were not accepted"
    assert answer["In-Reply-To"] == "<old-form@players.example>"
    said = " ".join(answer.get_content().split())
    assert "these orders are for turn 0, but the game expects turn 1" in said


def test_a_mail_without_a_form_is_answered_with_its_game_in_its_thread(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail("Thanks!", sender="p2@players.example", Message_ID="<thanks@players.example>")
    world.poll()
    (answer,) = _answers(world, "help")
    assert answer["Subject"] == "[g1] no order form found in your mail"
    assert answer["In-Reply-To"] == "<thanks@players.example>"
    assert "GAME: g1  TURN: 1  PLAYER: 2" in answer.get_content()
