"""A delivery report that comes back for a player's address (his mailbox gone: 550 5.1.1)
marks it failing, and `wtg status`, `wtg bounces` and the next morning's digest say so;
the poll's own line, all that cron mails the GM, said 'filed 0, rejected 1': the GM of a
host without the digest learned nothing, and the player missed his turns on reports that
never reached him. The poll names each address a report marked failing, on stderr (cron
mails it under -q), with what to do; and says nothing more of a report that marks nobody.

Through the real servers: the report goes out through aiosmtpd, the bounce (built as
Postfix writes one, returning the header of the report as the sink received it) comes in
through Dovecot."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.realworld import write_config
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from wtg.cli import main
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry

P2 = "p2@players.example"


def wtg(config: Path, *args: str) -> Result:
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    return CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])


def dsn(returned: bytes, address: str) -> bytes:
    """A delivery report as Postfix writes it, returning the header of ``returned``."""
    header = returned.split(b"\r\n\r\n", 1)[0]
    text = (
        "From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\r\n"
        f"To: {GM_ADDRESS}\r\n"
        "Subject: Undelivered Mail Returned to Sender\r\n"
        "Auto-Submitted: auto-replied\r\n"
        "Message-ID: <20261123101502.4F1C22A0B3@mx.example.org>\r\n"
        "MIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B"\r\n'
        "\r\n--B\r\nContent-Type: text/plain\r\n\r\n"
        f"<{address}>: host mx.players.example said: 550 5.1.1 User unknown\r\n"
        "\r\n--B\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Reporting-MTA: dns; mx.example.org\r\n\r\n"
        f"Final-Recipient: rfc822; {address}\r\nAction: failed\r\nStatus: 5.1.1\r\n"
        f"Diagnostic-Code: smtp; 550 5.1.1 <{address}>: User unknown\r\n"
        "\r\n--B\r\nContent-Type: text/rfc822-headers\r\n\r\n"
    )
    return text.encode("ascii") + header + b"\r\n\r\n--B--\r\n"


def test_a_bounce_for_a_player_is_told_by_the_poll(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    config = write_config(tmp_path, imap, smtp)
    players = [PlayerEntry(i, f"P{i}", f"p{i}@players.example", f"CODE{i:04d}") for i in (1, 2, 3)]
    create_game(tmp_path / "games" / "g1", "wok4", "small", players, 5)
    sent = wtg(config, "send", "-q")  # mailed as it should be: no news for cron to mail
    assert (sent.exit_code, sent.stdout) == (0, "")
    (report,) = [m.data for m in smtp.messages if m.rcpt_tos == (P2,)]
    imap.append(GM_ADDRESS, dsn(report, P2))
    log = tmp_path / "wtg.log"
    polled = wtg(config, "poll", "-q", "--log-level", "info", "--log-file", str(log))
    assert polled.exit_code == 0, polled.output
    assert polled.stdout == "filed 0, rejected 1, quarantined 0, ignored 0\n"
    assert polled.stderr == (
        f"wtg: poll: mail to {P2} (g1) came back: 5.1.1 550 5.1.1 <{P2}>: User unknown; the "
        "address "
        "is marked failing (`wtg bounces`): correct it in game.yaml, or ask the player, then "
        f"`wtg bounces --clear {P2}`\n"
    )
    logged = [line for line in log.read_text("utf-8").splitlines() if "came back" in line]
    assert len(logged) == 1 and "WARNING" in logged[0]  # the player's address kept out of it
    assert "poll: mail to <address> (g1) came back: 5.1.1 550 5.1.1 <address>: " in logged[0]
    listed = wtg(config, "bounces")
    assert P2 in listed.stdout
    quiet = wtg(config, "poll", "-q")  # nothing new: nothing said
    assert (quiet.stdout, quiet.stderr) == ("", "")
