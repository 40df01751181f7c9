"""The host's clock set back (it ran a day ahead, and NTP or the GM put it right): orders
on file then carry an arrival a day ahead of the clock, and the newest orders win by their
arrival. Every later form was refused as older than those on file, the player's
(`ignored: older than the orders on file`, and an answer that said a later mail of his was
on file) and the GM's own `wtg orders` too (`later orders of player 1 are already on file
(they stand)`), until the clock caught up: the player's turn was lost and no command
mended it. Orders on file that say they arrived later than the clock reads now (by more
than a server's clock may be off) are older than any form read now: a form read now
replaces them, saying so."""

from __future__ import annotations

import mailbox
import os
import time
from email.message import EmailMessage
from pathlib import Path

from tests.gmtyped import ann_and_bob_host, wtg
from wtg.game.engine import open_game

DAY = 24 * 3600


def host(tmp_path: Path) -> Path:
    return ann_and_bob_host(tmp_path / "host")


def form(config: Path, aim: str) -> str:
    """Ann's form for turn 1 with her province's aim set (``2`` LEV, ``1`` DEF)."""
    text = wtg("--config", config, "aof", "g1", "--player", "1").output
    report = open_game(config.parent / "games" / "g1").store.read_text(0, "reports/p01.txt")
    province = report.split("YOUR PROVINCES")[1].splitlines()[2].split()[0]
    return text.replace("G1: __   _", f"G1: {int(province):02d}   {aim}", 1)


def mail_in(config: Path, text: str, delivered: float) -> None:
    """Ann's mail, delivered into the inbox at ``delivered`` (the host's clock then)."""
    message = EmailMessage()
    message["From"] = "ann@example.org"
    message["To"] = "gm@example.org"
    message["Subject"] = "orders"
    message.set_content(text)
    inbox = mailbox.Maildir(config.parent / "games" / ".mail" / "maildir-in")
    key = inbox.add(message)
    os.utime(config.parent / "games" / ".mail" / "maildir-in" / "new" / key, (delivered,) * 2)


def aim_on_file(config: Path) -> str:
    return (config.parent / "games" / "g1" / "pending" / "0001" / "p01.yaml").read_text()


def test_a_mail_read_after_the_clock_was_set_back_replaces_the_orders_on_file(
    tmp_path: Path,
) -> None:
    config = host(tmp_path)
    mail_in(config, form(config, "2"), time.time() + DAY)  # the clock a day ahead
    assert wtg("--config", config, "poll").exit_code == 0
    assert "aim: LEV" in aim_on_file(config)
    mail_in(config, form(config, "1"), time.time())  # the clock put right
    polled = wtg("--config", config, "poll", "-v")
    assert "stored: g1 turn 1 player 1" in polled.output, polled.output
    assert "aim: DEF" in aim_on_file(config)


def test_the_gms_orders_after_the_clock_was_set_back_replace_the_orders_on_file(
    tmp_path: Path,
) -> None:
    config = host(tmp_path)
    mail_in(config, form(config, "2"), time.time() + DAY)
    assert wtg("--config", config, "poll").exit_code == 0
    given = tmp_path / "ann.txt"
    given.write_text(form(config, "1"), encoding="utf-8")
    filed = wtg("--config", config, "orders", "g1", given)
    assert filed.exit_code == 0, filed.output
    assert "aim: DEF" in aim_on_file(config)
    assert (
        "The orders on file said they arrived later than this host's clock reads now (it was "
        "set back since, or ran ahead): these replace them." in " ".join(filed.output.split())
    )


def test_orders_on_file_within_a_servers_clock_error_still_stand(tmp_path: Path) -> None:
    """A mail server's clock a few minutes ahead of the host's is no clock set back: an
    older mail read now (released from the quarantine) still does not replace them."""
    config = host(tmp_path)
    mail_in(config, form(config, "2"), time.time() + 120)
    assert wtg("--config", config, "poll").exit_code == 0
    mail_in(config, form(config, "1"), time.time() - 3600)
    polled = wtg("--config", config, "poll", "-v")
    assert "older than the orders on file" in polled.output, polled.output
    assert "aim: LEV" in aim_on_file(config)
