"""A server that builds a mail's bytes anew each time it is fetched (Exchange: its headers
reordered and folded anew, a header of its own, its 8bit text given as quoted-printable or
base64) gives a mail handled and not moved out (a move that failed, a poll killed before
it, the GM's hand moving it back) in other bytes than the poll first read: it was taken for
another mail, filed and answered again. What the mark reads is the mail's text, subject and
date, decoded (``wtg.mail.message.mailcopy``): the same mail again is known, moved out
unanswered, or noted as a copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.realworld import wtg
from tests.mail.rebuilt import rebuilt, sent_8bit
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_new_mailbox_same_numbers import host_filed_once
from wtg.cli.demo import filled_aof

GREETING = "Grüße aus Köln, my orders:\n"


def filed_8bit(world: World, name: str) -> bytes:
    """Player 1's orders, sent 8bit, filed by a poll from the file ``name``: its bytes."""
    raw = sent_8bit(GREETING + world.aof(1), "p1@players.example", "<z1@players.example>")
    (world.gm.maildir_in / "new" / name).write_bytes(raw)
    assert world.poll().filed == 1
    return raw


@pytest.mark.parametrize("encoding", ["quoted-printable", "base64"])
def test_a_mail_handled_met_again_in_other_bytes_under_its_key_is_moved_unanswered(
    tmp_path: Path, encoding: str
) -> None:
    world = World(tmp_path)
    name = "1700000000.M1P1.host"
    raw = filed_8bit(world, name)
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
