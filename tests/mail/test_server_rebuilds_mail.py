"""A server that builds a mail's bytes anew each time it is fetched (Exchange: its headers
reordered and folded anew, a header of its own, its 8bit text given as quoted-printable or
base64) gives a mail handled and not moved out (a move that failed, a poll killed before
it, the GM's hand moving it back) in other bytes than the poll first read: it was taken for
another mail, filed and answered again. What the mark reads is the mail's text, subject and
date, decoded (``wtg.mail.message.mailcopy``): the same mail again is known, moved out
unanswered, or noted as a copy."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.realworld import wtg
from tests.mail.rebuilt import rebuilt, sent_8bit
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_new_mailbox_same_numbers import host_filed_once
from wtg.cli.demo import filled_aof
from wtg.mail.servers.inbox import ImapInbox

GREETING = "Grüße aus Köln, my orders:\n"
RECEIVED = b"Subject: [g1] orders for turn 1 received"


def filed_8bit(world: World, name: str, message_id: str | None = "<z1@players.example>") -> bytes:
    """Player 1's orders, sent 8bit, filed by a poll from the file ``name``: its bytes."""
    raw = sent_8bit(GREETING + world.aof(1), "p1@players.example", message_id)
    (world.gm.maildir_in / "new" / name).write_bytes(raw)
    assert world.poll().filed == 1
    return raw


@pytest.mark.parametrize(
    ("encoding", "message_id"),
    [("quoted-printable", "<z1@players.example>"), ("base64", None)],
)
def test_a_mail_handled_met_again_in_other_bytes_under_its_key_is_moved_unanswered(
    tmp_path: Path, encoding: str, message_id: str | None
) -> None:
    """``message_id`` None: a mail without one, known by its Received lines besides."""
    world = World(tmp_path)
    name = "1700000000.M1P1.host"
    raw = filed_8bit(world, name, message_id)
    box = world.gm.maildir_in
    (box / ".processed" / "cur" / name).unlink()
    (box / "new" / name).write_bytes(rebuilt(raw, encoding))  # its key, its bytes anew
    outbox = world.outbox()
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.moved) == (0, 0, 1)
    assert world.outbox() == outbox
    assert [p.name for p in (box / ".processed" / "cur").iterdir()] == [name]


def test_a_mail_handled_met_again_in_other_bytes_under_another_key_is_a_copy(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    raw = filed_8bit(world, "1700000000.M1P1.host")
    (world.gm.maildir_in / "new" / "1700000099.M9P9.host").write_bytes(rebuilt(raw))
    outbox = world.outbox()
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.ignored) == (1, 0, 1)
    assert world.outbox() == outbox


def test_a_mail_moved_back_as_the_server_builds_it_anew_is_not_answered_again(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """On a real server: the mail the host filed and confirmed comes into the inbox again
    in the bytes a server that builds it anew gives (the GM moved it back from the
    processed folder of such a server): noted as a copy, not filed or answered again."""
    config, game = host_filed_once(tmp_path / "host", imap, smtp)
    raw = sent_8bit(GREETING + filled_aof(game, 2), "g1p2@players.example", "<z2@players.example>")
    imap.append(GM_ADDRESS, raw)
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    wtg(config, "send")
    smtp.clear()
    imap.append(GM_ADDRESS, rebuilt(raw))
    again = wtg(config, "poll", "-v")
    assert again.stdout.startswith("filed 0, rejected 0, quarantined 0, ignored 1"), again.stdout
    assert ": a copy of imap:" in again.stdout
    wtg(config, "send")
    assert smtp.messages == []


def stored_anew(imap: Dovecot, user: str, uid: int, build: Callable[[bytes], bytes]) -> None:
    """The INBOX mail of ``uid`` stored anew as ``build`` makes it of its bytes, under its
    UID: its Maildir file written again (its name without the size Dovecot wrote in it, in
    the uid list too) and the indexes that remember it removed (Dovecot makes them again)."""
    box = imap.maildir(user)
    uidlist = box / "dovecot-uidlist"
    lines = uidlist.read_text(encoding="ascii").splitlines()
    (at,) = [n for n, line in enumerate(lines) if n and line.split(" ")[0] == str(uid)]
    number, _, name = lines[at].partition(" :")
    (path,) = [p for p in box.glob("*/*") if p.name.partition(":")[0] == name]
    base = name.partition(",")[0]
    (path.parent / base).write_bytes(build(path.read_bytes()))
    path.unlink()
    lines[at] = f"{number} :{base}"
    uidlist.write_text("\n".join(lines) + "\n", encoding="ascii")  # its owner kept
    for index in box.glob("dovecot.index*"):
        index.unlink()


@pytest.mark.parametrize("message_id", ["<z2@players.example>", None])
def test_a_mail_handled_and_not_moved_given_anew_under_its_uid_is_not_answered_again(
    tmp_path: Path,
    imap: Dovecot,
    smtp: SmtpSink,
    monkeypatch: pytest.MonkeyPatch,
    message_id: str | None,
) -> None:
    """On a real server: a poll files and confirms player 2's mail and does not move it
    (killed before its move, or the move failed); the server gives the mail under its UID
    in bytes built anew: the next poll moves it out, and no second answer goes."""
    config, game = host_filed_once(tmp_path / "host", imap, smtp)
    raw = sent_8bit(GREETING + filled_aof(game, 2), "g1p2@players.example", message_id)
    uid = imap.append(GM_ADDRESS, raw)
    assert uid is not None
    with monkeypatch.context() as unmoved:
        unmoved.setattr(ImapInbox, "finish", lambda self, done, rejected: None)
        assert wtg(config, "poll").stdout.startswith("filed 1,")
    wtg(config, "send")
    confirmed = sorted(m.rcpt_tos[0] for m in smtp.messages if RECEIVED in m.data)
    assert confirmed == ["g1p1@players.example", "g1p2@players.example"]
    smtp.clear()
    stored_anew(imap, GM_ADDRESS, uid, rebuilt)
    assert imap.fetch_all(GM_ADDRESS) == [rebuilt(raw)]
    again = wtg(config, "poll")
    assert again.stdout.startswith("filed 0, rejected 0, quarantined 0, ignored 0, moved"), again
    wtg(config, "send")
    assert smtp.messages == []
    with imap.client(GM_ADDRESS) as client:
        assert client.folder_status("INBOX", [b"MESSAGES"])[b"MESSAGES"] == 0
