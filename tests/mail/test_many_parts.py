"""A mail of a great many MIME parts (attack48): a stranger's megabyte of five-byte empty
parts had the poll make and read a message for each of 190,000 parts. A mail is read as
far as its first ``PARTS_MAX`` parts: what a client writes there (the body, the form, an
attachment or two) is read as ever, the parts after are not, and the mail's copy mark is
the same when its server writes the boundaries anew."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

from tests.mail.loop import World
from wtg.mail.message.extract import MAX_NESTING, PARTS_MAX, extract_from_message, parse_mail
from wtg.mail.message.mailcopy import kept_mark

MANY = 5000


def _mail(body: str, parts: int, boundary: str = "------------Kp3Xa9") -> bytes:
    """A Thunderbird-shaped multipart/mixed mail: ``body`` as its text, then ``parts``
    empty attachments, each a part of its own."""
    head = (
        "From: Mallory <mallory@strangers.example>\r\nTo: gm@wtg.example\r\n"
        "Subject: hello\r\nMessage-ID: <many@strangers.example>\r\n"
        "Date: Sun, 22 Nov 2026 11:00:00 +0000\r\nMIME-Version: 1.0\r\n"
        f'Content-Type: multipart/mixed; boundary="{boundary}"\r\n\r\n'
        "This is a multi-part message in MIME format.\r\n"
    )
    text = (
        f"--{boundary}\r\nContent-Type: text/plain; charset=UTF-8; format=flowed\r\n"
        f"Content-Transfer-Encoding: 7bit\r\n\r\n{body}\r\n"
    )
    empty = f"--{boundary}\r\n\r\n" * parts
    return (head + text + empty + f"--{boundary}--\r\n").encode()


def test_a_mail_is_read_as_far_as_its_first_parts(tmp_path: Path) -> None:
    mail = parse_mail(_mail("JOIN wok4", MANY))
    assert len(list(mail.walk())) == PARTS_MAX
    assert f"parts past the {PARTS_MAX:,}th were not read" in extract_from_message(mail).notes
    whole = parse_mail(_mail("JOIN wok4", PARTS_MAX - 2))  # the mail, its text, the rest
    assert len(list(whole.walk())) == PARTS_MAX
    assert not any("parts past" in note for note in extract_from_message(whole).notes)
    # a server that writes the boundaries anew (longer: the text is fed in other pieces)
    one, other = _mail("JOIN wok4", MANY), _mail("JOIN wok4", MANY, boundary="b" * 60)
    sender, message_id = "mallory@strangers.example", "<many@strangers.example>"
    assert kept_mark(message_id, sender, one) == kept_mark(message_id, sender, other)
    world = World(tmp_path)  # a form in the first part is filed
    raw = _mail(world.aof(1, X1="100"), MANY)
    world.inbox.add(raw.replace(b"Mallory <mallory@strangers.example>", b"p1@players.example"))
    summary = world.poll()
    assert [event.outcome.detail for event in summary.events] == ["g1 turn 1 player 1"]
    assert summary.filed == 1


def test_a_player_whose_form_sits_past_the_parts_read_is_told_so(tmp_path: Path) -> None:
    """A player's mail whose form is in a part past the ``PARTS_MAX``th got the help of a
    mail without a form, and nothing said why (review48b: the note of the parts cut was in
    ``Extracted.notes``, which no answer shows). The help says the parts were not read."""
    world = World(tmp_path)
    boundary = "------------Kp3Xa9"
    raw = _mail("my orders are attached", MANY, boundary)
    form = (
        f"--{boundary}\r\nContent-Type: text/plain; charset=UTF-8\r\n"
        f'Content-Disposition: attachment; filename="orders.txt"\r\n\r\n'
        f"{world.aof(1, X1='100')}\r\n"
    ).encode()
    end = f"--{boundary}--\r\n".encode()
    raw = raw.replace(b"Mallory <mallory@strangers.example>", b"p1@players.example")
    world.inbox.add(raw[: -len(end)] + form + end)
    summary = world.poll()
    assert summary.filed == 0
    (help_mail,) = world.outbox().values()
    body = email.message_from_bytes(help_mail, policy=email.policy.default)
    assert isinstance(body, EmailMessage)
    text = " ".join(body.get_content().split())
    assert "it holds no order form" in text
    cut = f"{PARTS_MAX:,}"
    said = f"Your mail holds more than {cut} parts: those past the {cut}th were not read"
    assert f"{said}, nor a form in them." in text


def _text_of(raw: bytes) -> str:
    body = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(body, EmailMessage)
    return " ".join(body.get_content().split())


CUT = f"{PARTS_MAX:,}"
PARTS_SAID = (
    f"Your mail holds more than {CUT} parts: those past the {CUT}th were not read, nor a "
    "form in them."
)


def test_the_confirmation_of_a_form_read_says_the_parts_not_read(tmp_path: Path) -> None:
    """A form in the first part of a mail of more parts than are read was confirmed without
    a word of the parts past them (leftovers49): a second form of his there went unread,
    and he did not know. The confirmation says it."""
    world = World(tmp_path)
    raw = _mail(world.aof(1, X1="100"), MANY)
    world.inbox.add(raw.replace(b"Mallory <mallory@strangers.example>", b"p1@players.example"))
    assert world.poll().filed == 1
    (confirmation,) = world.outbox().values()
    text = _text_of(confirmation)
    assert "X1: 100" in text
    assert PARTS_SAID in text


def test_the_lobby_s_help_says_the_parts_not_read(tmp_path: Path) -> None:
    """A stranger's mail of no command whose parts were cut got the lobby's HELP alone
    (leftovers49: only a player's help said it): it says the parts past them were not
    read, nor a form in them."""
    world = World(tmp_path)
    world.inbox.add(_mail("Hello, how do I play?", MANY))
    world.poll()
    (help_mail,) = world.outbox().values()
    text = _text_of(help_mail)
    assert "The host reads the commands you type in a mail" in text
    assert PARTS_SAID in text


def _nested(body: str, depth: int, sender: str) -> bytes:
    """A mail whose text part sits ``depth`` multiparts deep."""
    head = (
        f"From: {sender}\r\nTo: gm@wtg.example\r\nSubject: orders\r\n"
        "Message-ID: <deep@players.example>\r\nDate: Sun, 22 Nov 2026 11:00:00 +0000\r\n"
        "MIME-Version: 1.0\r\n"
    )
    opening = "".join(
        f'Content-Type: multipart/mixed; boundary="b{i}"\r\n\r\n--b{i}\r\n' for i in range(depth)
    )
    closing = "".join(f"\r\n--b{i}--\r\n" for i in reversed(range(depth)))
    return (head + opening + f"Content-Type: text/plain\r\n\r\n{body}" + closing).encode()


def test_a_form_nested_too_deep_is_said_to_the_player(tmp_path: Path) -> None:
    """A player's form nested deeper than ``MAX_NESTING`` got the help of a mail without a
    form, and nothing said why (leftovers49): the help says the parts nested so deep were
    not read, nor a form in them."""
    world = World(tmp_path)
    world.inbox.add(_nested(world.aof(1, X1="100"), MAX_NESTING + 3, "p1@players.example"))
    summary = world.poll()
    assert summary.filed == 0
    (help_mail,) = world.outbox().values()
    text = _text_of(help_mail)
    assert "it holds no order form" in text
    assert (
        f"Your mail holds parts nested more than {MAX_NESTING} deep (a mail forwarded inside "
        "a forwarded mail, again and again): those were not read, nor a form in them."
    ) in text
    assert PARTS_SAID not in text
