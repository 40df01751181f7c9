"""A wrong code's notice ("someone sent orders for you with a wrong code") goes to the seat's
address whoever sent the form: anyone may make the host write it. It is counted apart
from the answers to the player's own mail (``replies_per_hour`` of them an hour), so a
stranger's forms with wrong codes never hold back the help, the refusals or the
confirmations his own mails get, as a flood of forged requests never does (tests/lobby/
test_reply_limits.py)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World


def _wrong_codes(world: World, count: int) -> None:
    for number in range(count):
        world.mail(
            world.aof(2).replace("CODE0002", f"WRONG{number:04d}"), sender="mallory@evil.example"
        )


def test_a_strangers_wrong_codes_never_hold_back_the_players_own_answers(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    _wrong_codes(world, 5)
    summary = world.poll()
    assert summary.rejected == 5, summary.events
    notices = [ident for ident in world.outbox() if ident.startswith("wrongcode-")]
    assert len(notices) == 1  # one a day from other addresses: the player is warned
    # later that hour the player himself writes: a mail without a form gets the help
    world.mail("How do I fill this in?", sender="p2@players.example")
    summary = world.poll(NOW + timedelta(minutes=10))
    assert summary.unanswered == 0, summary.events
    assert [ident for ident in world.outbox() if ident.startswith("help-")], world.outbox()
    # and a form refused for him is answered with the reason
    world.mail(world.aof(2).replace("TURN: 1", "TURN: 7"), sender="p2@players.example")
    summary = world.poll(NOW + timedelta(minutes=20))
    assert summary.unanswered == 0, summary.events
    assert [ident for ident in world.outbox() if ident.startswith("rejected-")]


def test_a_strangers_wrong_codes_are_told_once_a_day(tmp_path: Path) -> None:
    """A stranger's forms with wrong codes, sent all day, mailed the player three notices an
    hour (72 a day), each saying what the first had said: from another address than the
    seat's, he is told once a day."""
    world = World(tmp_path)
    _wrong_codes(world, 3)
    world.poll()
    _wrong_codes(world, 3)
    world.poll(NOW + timedelta(minutes=30))
    _wrong_codes(world, 3)
    world.poll(NOW + timedelta(hours=5))
    notices = [raw for ident, raw in world.outbox().items() if ident.startswith("wrongcode-")]
    assert len(notices) == 1
    assert b"You are told of such mails once a day." in notices[0].replace(b"\r\n", b" ")
    _wrong_codes(world, 1)
    world.poll(NOW + timedelta(hours=24, minutes=1))
    told = [ident for ident in world.outbox() if ident.startswith("wrongcode-")]
    assert len(told) == 2


def test_the_wrong_code_notices_of_his_own_address_are_capped_an_hour(tmp_path: Path) -> None:
    """From the seat's own address (his own typo, likely) he is told as often as
    ``replies_per_hour`` an hour allows."""
    world = World(tmp_path)
    wrong = world.aof(2).replace("CODE0002", "WRONG0000")
    for minutes in (0, 0, 0, 30, 61):
        world.mail(wrong, sender="p2@players.example")
        world.poll(NOW + timedelta(minutes=minutes))
    notices = [ident for ident in world.outbox() if ident.startswith("wrongcode-")]
    assert len(notices) == 4


def test_each_seat_a_mail_tried_a_wrong_code_on_is_told(tmp_path: Path) -> None:
    """A stranger's mail with a wrong code for player 2 and another for player 3: only
    player 2 was told, player 3's notice taken for one queued before (it had the mail's
    id), so a form put first in each mail hid the codes tried on the seat after it."""
    world = World(tmp_path)
    forms = [world.aof(seat).replace(f"CODE000{seat}", "WRONG0000") for seat in (2, 3)]
    world.mail("\n\n".join(forms), sender="mallory@evil.example")
    assert world.poll().rejected == 1
    told = [
        raw.split(b"\r\nTo: ")[1].split(b"\r\n")[0]
        for ident, raw in world.outbox().items()
        if ident.startswith("wrongcode-")
    ]
    assert sorted(told) == [b"p2@players.example", b"p3@players.example"]


def test_a_wrong_code_from_his_own_address_with_a_reply_to_is_said_his_own(
    tmp_path: Path,
) -> None:
    """The player mails a wrong code from his registered address, with a Reply-To of his
    own mailbox in a domain below it: the notice said it came from another address."""
    world = World(tmp_path)
    world.mail(
        world.aof(2).replace("CODE0002", "WRONG0000"),
        sender="p2@players.example",
        Reply_To="p2@mail.players.example",
    )
    world.poll()
    (notice,) = [raw for ident, raw in world.outbox().items() if ident.startswith("wrongcode-")]
    said = " ".join(notice.decode().replace("=\r\n", "").split())
    assert "came in from your own address with a wrong secret code" in said, said


def test_a_wrong_code_from_his_own_address_is_answered_by_one_mail(tmp_path: Path) -> None:
    """A form with a wrong code from the seat's own address (his typo, or a From forged as
    his) was answered twice, both mails to him: 'your orders were not accepted', which says
    no more, and the notice, which says why; a forger's flood under his From mailed him
    six an hour. The notice alone answers it, naming the commands typed beside the form
    by their words (the From may be forged)."""
    world = World(tmp_path)
    wrong = world.aof(2).replace("CODE0002", "WRONG0000")
    for minutes in (0, 1, 2, 3):
        world.mail(f"{wrong}\n\nABSENCE g1 3 4\n", sender="p2@players.example")
        world.poll(NOW + timedelta(minutes=minutes))
    to_him = [
        ident for ident, raw in world.outbox().items() if b"\r\nTo: p2@players.example" in raw
    ]
    assert len(to_him) == 3 and all(i.startswith("wrongcode-") for i in to_him), to_him
    notice = world.outbox()[to_him[0]].decode().replace("=\r\n", "")
    said = " ".join(notice.split())
    assert 'Your mail also holds the command "ABSENCE": NOT carried out.' in said, said
