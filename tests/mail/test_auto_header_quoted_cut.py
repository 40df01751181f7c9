"""A mail that looks automatic is named by the header that makes it so, its value quoted in
the mail's outcome: a line of `wtg poll -v`, of the log, of `wtg status` and the digest. A
hostile mail's ``Auto-Submitted: auto-replied`` followed by 24,000 characters of its own (a
header folded over many lines) made that line 24,000 characters long on the GM's terminal,
and carried its control sequences into the journal. A reason quotes at most
``noreply.VALUE_SHOWN`` characters of a header's value, without control sequences."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import Message
from pathlib import Path

from tests.mail.loop import GM, World
from wtg.mail.incoming.noreply import VALUE_SHOWN, auto_reply_reason, raw_headers

WORDS = " ".join(["Zword"] * 4000)
HOSTILE = "auto-replied \x1b]0;PWNED\x07\x1b[2J" + WORDS


def _raw(number: int, name: str, value: str, body: str, sender: str) -> bytes:
    lines = [""]
    for word in value.split(" "):  # folded at its blanks, as a client folds a long header
        lines[-1] += f" {word}" if lines[-1] and len(lines[-1]) < 70 else word
        if len(lines[-1]) >= 70:
            lines.append("")
    folded = "\r\n ".join(line for line in lines if line)
    head = (
        f"From: {sender}\r\nTo: {GM}\r\nSubject: s{number}\r\n"
        f"Message-ID: <z{number}@else.example>\r\n{name}: {folded}\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n\r\n"
    )
    return (head + body.replace("\n", "\r\n")).encode()


def _parsed(raw: bytes) -> Message:
    return message_from_bytes(raw, policy=policy.default)


def test_a_long_automatic_header_is_quoted_cut(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.inbox.add(_raw(1, "Auto-Submitted", HOSTILE, "hello\n", "x <stranger@else.example>"))
    orders = world.aof(2, X1="100")
    world.inbox.add(_raw(2, "Precedence", "bulk; " + WORDS, orders, "P2 <p2@players.example>"))
    summary = world.poll()
    details = [event.outcome.detail for event in summary.events]
    assert len(details) == 2
    stranger = next(d for d in details if "Auto-Submitted" in d)
    assert stranger.startswith("not for us (Auto-Submitted: auto-replied Zword Zword"), stranger
    assert stranger.endswith(" [...])"), stranger
    assert "\x1b" not in stranger and "\x07" not in stranger
    player = next(d for d in details if "Precedence" in d)
    assert player.startswith("not for us (Precedence: bulk; Zword Zword"), player
    assert max(len(d) for d in details) < 300, [len(d) for d in details]


def test_a_short_header_is_quoted_whole() -> None:
    head = raw_headers(_parsed(_raw(3, "Auto-Submitted", "auto-replied", "x\n", "a@b.example")))
    assert auto_reply_reason(head, "gm@host.example") == "Auto-Submitted: auto-replied"
    long = "auto-generated " + " ".join(["word"] * 40)
    head = raw_headers(_parsed(_raw(4, "Auto-Submitted", long, "x\n", "a@b.example")))
    assert auto_reply_reason(head, "gm@host.example") == (
        f"Auto-Submitted: {long[:VALUE_SHOWN]} [...]"
    )
