"""Issue 12, "Secrets stay secret", through the real servers: `wtg poll` from Dovecot and
`wtg send` through SMTP, run under a umask that shares new files, leave every file of the
games folder and the mail spool (archive, outbox queue/sent/failed, journal, poll health,
locks, pending orders) open to nobody but the GM."""

from __future__ import annotations

import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.privacy import UMASKS, names, process_umask, shared
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.text.yamlio import dump_yaml, load_yaml


def mail(sender: str, body: str, number: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = GM_ADDRESS
    msg["Subject"] = "orders"
    msg["Message-ID"] = f"<m{number}@players.example>"
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP)


@pytest.mark.parametrize("mask", UMASKS, ids=lambda mask: f"umask{mask:03o}")
def test_poll_and_send_leave_the_games_and_the_spool_private(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink, mask: int
) -> None:
    players = [PlayerEntry(i, f"P{i}", f"p{i}@players.example", f"CODE{i:04d}") for i in (1, 2, 3)]
    with process_umask(mask):
        config = write_config(tmp_path, imap, smtp)
        game = create_game(tmp_path / "games" / "kaomaris", "wok4", "small", players, 5).typed(WOK4)
        settings = game.store.root / "game.yaml"  # a GM's editor breaks one address
        data = load_yaml(settings.read_text(encoding="utf-8"))
        data["players"][2]["email"] = "p3@"
        settings.write_text(dump_yaml(data), encoding="utf-8")
        assert "3 reports queued; 2 mails sent, 0 waiting to be retried, 1 refused" in (
            wtg(config, "send", status=1).output  # p3's report set aside
        )
        imap.append(GM_ADDRESS, mail("p1@players.example", filled_aof(game, 1), 1))
        imap.append(GM_ADDRESS, mail("p2@players.example", "Where is my form?", 2))
        imap.append(GM_ADDRESS, mail("stranger@elsewhere.example", "hello", 3))
        assert wtg(config, "poll").output.startswith(
            "filed 1, rejected 0, quarantined 0, ignored 0, answered 2"
        )
        assert "3 mails sent" in wtg(config, "send").output  # the stranger: the HELP
    smtp.wait_for(5)
    games = tmp_path / "games"
    covered = names(games)
    assert {
        "kaomaris/game.yaml",
        "kaomaris/.lock",
        "kaomaris/turns/0000/aofs/p01.txt",
        "kaomaris/pending/0001/p01.yaml",
        "kaomaris/pending/0001/p01.parsed.json",
        ".mail/journal.sqlite",
        ".mail/poll-health.json",
        ".mail/poll.lock",
        ".mail/send.lock",
        ".mail/outbox/queue",
        ".mail/outbox/failed/report-kaomaris-t0000-p03.eml",
        ".mail/outbox/failed/report-kaomaris-t0000-p03.json",
        ".mail/outbox/sent/report-kaomaris-t0000-p01.eml",
    } <= covered
    assert len([name for name in covered if name.startswith(".mail/archive/")]) == 4  # month too
    assert shared(games) == []
