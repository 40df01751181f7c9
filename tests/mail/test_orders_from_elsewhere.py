"""Orders filed with a player's right code from a mail he may not have sent: from another
address (his code read in a report he forwarded, or quoted to a list), or under a From of
his own that failed DMARC at the GM's server (anyone may write it). The confirmation goes
to the seat's registered address, never to the mail's sender, and says where the mail came
from and what to do if he did not send it: his orders on file were replaced."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import World
from tests.mail.maps import text_of
from tests.mail.replies import quoted
from tests.mail.test_forged_senders import GMAIL_FAIL, add, lines

ELSEWHERE = (
    "This mail came from an address other than the one game g1 has for you (it is not shown "
    "to you: the GM has the mail)."
)
UNPROVEN = (
    "This mail's From did not pass its domain's check (DMARC) at the host's mail server: "
    "anyone may have written it."
)
IF_NOT_YOU = (
    "If you did not send it, someone knows your secret code: ask the GM for a new one, and "
    "send your orders again."
)


def _said(raw: bytes) -> str:
    """A mail's text with its lines joined: what it says, however it was wrapped."""
    return " ".join(text_of(raw).split())


def test_orders_from_another_address_are_confirmed_saying_so(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"), sender="mallory@elsewhere.example")
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    assert [event.text() for event in world.poll().events] == [
        "stored: g1 turn 1 player 1, with the seat's code from another address",
        "stored: g1 turn 1 player 2",
    ]
    by_to = {
        raw.split(b"\nTo: ")[1].split(b"\n")[0].strip(): raw for raw in world.outbox().values()
    }
    first, second = by_to[b"p1@players.example"], by_to[b"p2@players.example"]
    assert ELSEWHERE in _said(first) and IF_NOT_YOU in _said(first)
    assert "mallory" not in _said(first) and "elsewhere.example" not in _said(first)
    assert ELSEWHERE not in _said(second) and IF_NOT_YOU not in _said(second)


def test_orders_under_a_from_failing_dmarc_are_confirmed_to_the_seat(tmp_path: Path) -> None:
    """The From is not answered (it may be forged: backscatter); the seat's own address is
    told of the orders its code filed, as for any mail, with the check its From failed."""
    world = World(tmp_path)
    form = world.aof(1, X1="100")
    add(world, form, [GMAIL_FAIL])
    assert lines(world) == [
        "stored: g1 turn 1 player 1; not answered: authres: dmarc=fail for players.example"
    ]
    ((name, raw),) = world.outbox().items()
    assert name.startswith("conf-") and b"To: p1@players.example" in raw
    assert UNPROVEN in _said(raw) and IF_NOT_YOU in _said(raw)
    (x1,) = [n for n, line in enumerate(form.splitlines(), 1) if line.startswith("X1:")]
    # the form's line by its number, not a number written here: the form grows and shrinks
    assert f"line {x1}: ok X1: 100: note: as things stand this trade does not run" in _said(raw)


def test_press_under_a_players_code_from_another_address_is_said_to_him(tmp_path: Path) -> None:
    """Press goes out to every player under the name of the code's seat: its writer is told
    at his own address, and told when the mail came from another (a PRESS to the whole game,
    and one to a player alone)."""
    world = World(tmp_path)
    world.mail("PRESS g1\nCODE CODE0001\nThe north is ours.", sender="mallory@elsewhere.example")
    world.mail("PRESS g1 TO 3\nCODE CODE0001\nMeet me.", sender="mallory@elsewhere.example")
    world.mail("PRESS g1\nCODE CODE0002\nAnd the south is mine.", sender="p2@players.example")
    world.poll()
    to_writers = [raw for raw in world.outbox().values() if b"p3@" not in raw]
    # p2's answer last, told by its To: a mail's key holds the process's count of Maildir
    # deliveries, "Q3" only when no test of the worker delivered one before
    first, second, third = sorted(to_writers, key=lambda raw: b"\r\nTo: p2@" in raw)
    for raw in (first, second):
        assert b"\r\nTo: p1@players.example\r\n" in raw
        assert ELSEWHERE in _said(raw) and "someone knows your secret code" in _said(raw)
        assert "mallory" not in _said(raw) and "elsewhere.example" not in _said(raw)
    assert "Your press for game g1 goes out" in _said(first) + _said(second)
    assert "went to Player3 (#3) alone" in _said(first) + _said(second)
    assert b"\r\nTo: p2@players.example\r\n" in third and ELSEWHERE not in _said(third)


def test_an_absence_under_a_players_code_from_another_address_is_said_to_him(
    tmp_path: Path,
) -> None:
    """An ABSENCE spends the player's turns away (6 a game in WoK): one planned with his
    code from another address is said to be."""
    world = World(tmp_path)
    world.mail("ABSENCE g1 1 2\nCODE CODE0001", sender="mallory@elsewhere.example")
    world.mail("ABSENCE g1 1 2\nCODE CODE0002", sender="p2@players.example")
    world.poll()
    by_to = {
        raw.split(b"\r\nTo: ")[1].split(b"\r\n")[0]: _said(raw) for raw in world.outbox().values()
    }
    assert "Noted: you are away in game g1 for turns 1, 2." in by_to[b"p1@players.example"]
    assert ELSEWHERE in by_to[b"p1@players.example"]
    assert "Noted: you are away in game g1 for turns 1, 2." in by_to[b"p2@players.example"]
    assert ELSEWHERE not in by_to[b"p2@players.example"]


def test_a_form_of_no_orders_from_another_address_is_said_to_him(tmp_path: Path) -> None:
    """A player's blank form quoted with his code from another address (his report
    forwarded to the host) changes nothing, and he is told so: the answer said 'Your mail
    for game g1 ... reached the turn generator: no orders found', a mail he never sent
    called his, and no word that someone else has his code."""
    world = World(tmp_path)
    for seat, sender in ((1, "mallory@elsewhere.example"), (2, "p2@players.example")):
        world.mail(f"Thanks.\n\n{quoted(world.aof(seat))}", sender=sender)
    world.poll()
    by_to = {
        raw.split(b"\nTo: ")[1].split(b"\n")[0].strip(): raw for raw in world.outbox().values()
    }
    first, second = by_to[b"p1@players.example"], by_to[b"p2@players.example"]
    assert "no orders found" in _said(first) and "no orders found" in _said(second)
    assert ELSEWHERE in _said(first) and "Your mail" not in _said(first)
    assert "someone knows your secret code: ask the GM for a new one." in _said(first)
    assert "mallory" not in _said(first) and "elsewhere.example" not in _said(first)
    assert ELSEWHERE not in _said(second) and "Your mail for game g1" in _said(second)


def test_orders_from_his_own_address_with_a_reply_to_of_his_mailbox_raise_no_alarm(
    tmp_path: Path,
) -> None:
    """A player who mails from his registered address with a Reply-To of his own mailbox
    in a domain below it (alice@players.example, Reply-To alice@mail.players.example, as
    some providers and list setups write) is answered at the Reply-To, and the mail is
    his: the confirmation said it came from another address and that someone knew his
    code, to ask the GM for a new one."""
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"), Reply_To="p1@mail.players.example")
    assert [event.text() for event in world.poll().events] == ["stored: g1 turn 1 player 1"]
    ((raw),) = world.outbox().values()
    assert b"To: p1@players.example" in raw
    assert ELSEWHERE not in _said(raw) and IF_NOT_YOU not in _said(raw)
    assert "Your mail of" in _said(raw)


def test_press_and_absence_from_his_own_address_with_a_reply_to_raise_no_alarm(
    tmp_path: Path,
) -> None:
    """A PRESS and an ABSENCE from the player's registered address, with a Reply-To of his
    own mailbox in a domain below it: his answers said they came from another address."""
    world = World(tmp_path)
    own = {"Reply_To": "p1@mail.players.example"}
    world.mail("PRESS g1\nCODE CODE0001\nThe north is ours.", **own)
    world.mail("ABSENCE g1 1 2\nCODE CODE0001", **own)
    world.poll()
    said = [_said(raw) for raw in world.outbox().values() if b"p1@" in raw]
    assert any("Your press for game g1 goes out" in text for text in said), said
    assert any("Noted: you are away in game g1 for turns 1, 2." in text for text in said)
    assert not [text for text in said if ELSEWHERE in text or IF_NOT_YOU in text]


def test_a_form_refused_with_his_code_from_another_address_is_said_to_him(
    tmp_path: Path,
) -> None:
    """A form with the player's right code refused (of another turn: an old report of his
    forwarded to the host) is answered at his registered address: it said 'Your mail to
    the turn generator could not be accepted', a mail he never sent called his, and no
    word that someone else had his code."""
    world = World(tmp_path)
    for seat, sender in ((1, "mallory@elsewhere.example"), (2, "p2@players.example")):
        world.mail(world.aof(seat, X1="100").replace("TURN: 1", "TURN: 7"), sender=sender)
    world.poll()
    by_to = {
        raw.split(b"\nTo: ")[1].split(b"\n")[0].strip(): raw for raw in world.outbox().values()
    }
    first, second = by_to[b"p1@players.example"], by_to[b"p2@players.example"]
    assert "could not be accepted" in _said(first) and "turn 7" in _said(first)
    assert ELSEWHERE in _said(first) and "Your mail" not in _said(first)
    assert "someone knows your secret code: ask the GM for a new one." in _said(first)
    assert "mallory" not in _said(first) and "elsewhere.example" not in _said(first)
    assert ELSEWHERE not in _said(second) and "Your mail to the turn generator" in _said(second)


def test_the_confirmation_of_orders_from_elsewhere_does_not_thread_to_their_mail(
    tmp_path: Path,
) -> None:
    """The confirmation to the seat's address answered the other address's mail (its
    In-Reply-To and References named that mail's Message-ID, which names its domain as most
    clients write it): a mail the player never had, and the address the note keeps from him
    half shown. It threads only to a mail of his own."""
    world = World(tmp_path)
    world.mail(
        world.aof(1, X1="100"),
        sender="mallory@elsewhere.example",
        Message_ID="<a1b2c3@mail.elsewhere.example>",
    )
    world.mail(
        world.aof(2, X1="100"), Message_ID="<own@players.example>", sender="p2@players.example"
    )
    world.poll()
    by_to = {
        raw.split(b"\nTo: ")[1].split(b"\n")[0].strip(): raw for raw in world.outbox().values()
    }
    first, second = by_to[b"p1@players.example"], by_to[b"p2@players.example"]
    assert b"elsewhere.example" not in first
    assert b"In-Reply-To: <own@players.example>" in second


def test_orders_from_the_players_own_tag_are_not_said_to_come_from_elsewhere(
    tmp_path: Path,
) -> None:
    """``p1+wok@`` is p1's own mailbox (his client's sub-address for the game): the answer
    reaches him there, and a warning that someone knows his code would be a false alarm."""
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"), sender="p1+wok@players.example")
    assert [event.text() for event in world.poll().events] == ["stored: g1 turn 1 player 1"]
    ((name, raw),) = world.outbox().items()
    assert name.startswith("conf-")
    assert ELSEWHERE not in _said(raw) and IF_NOT_YOU not in _said(raw)
    assert "Orders received: game g1, turn 1, player 1" in _said(raw)


def test_orders_from_the_players_own_dash_tag_at_a_listed_domain_are_his(
    tmp_path: Path,
) -> None:
    """At a domain of ``mail.dash_subaddress_domains``, ``p1-wok@`` is p1's mailbox as the
    bounds of mail to strangers count it: the confirmation warned him that someone knows
    his code (attack47), a false alarm."""
    world = World(tmp_path, dash_subaddress_domains="players.example")
    world.mail(world.aof(1, X1="100"), sender="p1-wok@players.example")
    assert [event.text() for event in world.poll().events] == ["stored: g1 turn 1 player 1"]
    ((name, raw),) = world.outbox().items()
    assert name.startswith("conf-")
    assert ELSEWHERE not in _said(raw) and IF_NOT_YOU not in _said(raw)
