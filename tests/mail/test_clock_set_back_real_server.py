"""The mail server's clock set back (a wrong time put right, a virtual machine restored):
a player's second mail gets an INTERNALDATE earlier than his first. Orders are judged by
when the server took them, and the later mail's were refused as older than those on file
(the player told his orders were superseded, the first mail's standing). In one mailbox
the server's UIDs give the order it took the mails in, whatever its clock said
(``wtg.game.arrivalkey.is_newer``); against a real Dovecot, the date given by APPEND."""

from __future__ import annotations

import email.policy
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.arrivalkey import arrival_key, is_newer
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.text.yamlio import load_yaml

PLAYERS = [PlayerEntry(i, f"P{i}", f"p{i}@players.example", f"CODE{i:04d}") for i in (1, 2)]


def orders(form: str, number: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = "p1@players.example"
    msg["To"] = GM_ADDRESS
    msg["Subject"] = f"orders {number}"
    msg["Message-ID"] = f"<orders{number}@players.example>"
    msg.set_content(form)
    return msg.as_bytes(policy=email.policy.SMTP)


def test_the_later_mail_wins_though_the_servers_clock_went_back(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    config = write_config(tmp_path, imap, smtp)
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", PLAYERS, 5).typed(WOK4)
    first = filled_aof(game, 1)
    line = next(line for line in first.splitlines() if line.startswith("T1: ") and "_" not in line)
    second = first.replace(line, line[: line.rindex(" ")] + " 4")
    assert second != first
    noon = datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)
    imap.append(GM_ADDRESS, orders(first, 1), msg_time=noon)
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    imap.append(GM_ADDRESS, orders(second, 2), msg_time=noon.replace(hour=11))
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    (path,) = game.store.pending_orders(1).values()
    filed = load_yaml(path.read_text(encoding="utf-8"))
    assert [t["amount"] for t in filed["transform"]] == [4]
    wtg(config, "send")
    (confirmation,) = [
        r.message() for r in smtp.messages if "<orders2@" in str(r.message()["In-Reply-To"])
    ]
    said = confirmation.get_body(("plain",))
    assert said is not None
    assert "Your mail of 2026-12-04 11:00:00 UTC (server time) is on file" in said.get_content()


def test_uids_order_one_mailbox_and_time_orders_the_rest() -> None:
    noon = datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)
    eleven = noon.replace(hour=11)
    mailbox = f"{7:012d}"
    assert is_newer(
        arrival_key(eleven, f"{mailbox}|{11:012d}"), arrival_key(noon, f"{mailbox}|{10:012d}")
    )
    assert not is_newer(
        arrival_key(noon, f"{mailbox}|{10:012d}"), arrival_key(eleven, f"{mailbox}|{11:012d}")
    )
    other = f"{8:012d}"  # another mailbox (or UIDVALIDITY): the times decide
    assert is_newer(
        arrival_key(noon, f"{other}|{1:012d}"), arrival_key(eleven, f"{mailbox}|{11:012d}")
    )
    assert not is_newer(
        arrival_key(eleven, f"{other}|{99:012d}"), arrival_key(noon, f"{mailbox}|{1:012d}")
    )
    assert is_newer(arrival_key(noon), arrival_key(eleven, f"{mailbox}|{11:012d}"))  # wtg orders


def test_of_two_mails_in_one_poll_the_later_taken_is_filed(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """The poll files the newest of a player's mails it finds together and only answers
    the others: newest as the server took them, not as its clock said."""
    config = write_config(tmp_path, imap, smtp)
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", PLAYERS, 5).typed(WOK4)
    first = filled_aof(game, 1)
    line = next(line for line in first.splitlines() if line.startswith("T1: ") and "_" not in line)
    noon = datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)
    imap.append(GM_ADDRESS, orders(first, 1), msg_time=noon)
    second = first.replace(line, line[: line.rindex(" ")] + " 4")
    imap.append(GM_ADDRESS, orders(second, 2), msg_time=noon.replace(hour=11))
    assert wtg(config, "poll").stdout.startswith("filed 1, rejected 0, quarantined 0, ignored 1")
    (path,) = game.store.pending_orders(1).values()
    filed = load_yaml(path.read_text(encoding="utf-8"))
    assert [t["amount"] for t in filed["transform"]] == [4]
