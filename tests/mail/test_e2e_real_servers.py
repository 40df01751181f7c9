"""Done when (issue 3): 10 players' AOF mails go into the real IMAP server, `wtg poll` files
them, `wtg run-turn` runs, `wtg send` delivers the reports through the real SMTP server;
each player answers the report mail with the AOF it contains filled in, quoted as a mail
client replies; three turns."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, Received, SmtpSink
from tests.shipped import WOK4
from wtg.cli.demo import demo_players, filled_aof, reply_with_orders
from wtg.game.engine import create_game, open_game
from wtg.game.schedule import make_schedule
from wtg.gm.gamestatus import game_status


def reports_to(messages: list[Received], address: str) -> list[Received]:
    return [
        m for m in messages if address in m.rcpt_tos and "report for" in str(m.message()["Subject"])
    ]


def test_three_turns_through_dovecot_and_smtp(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    config = write_config(tmp_path, imap, smtp)
    players = demo_players()
    game = create_game(
        tmp_path / "games" / "kaomaris",
        "wok4",
        "classic60",
        players,
        77,
        schedule=make_schedule(2, "18:00", "Europe/Vienna"),
    ).typed(WOK4)
    assert "10 reports queued; 10 mails sent" in wtg(config, "send").output
    smtp.wait_for(10)
    for turn in (1, 2, 3):
        game = open_game(game.store.root).typed(WOK4)
        for entry in players:
            (report, *_) = sorted(
                reports_to(smtp.messages, entry.email), key=lambda m: m.arrived, reverse=True
            )
            assert f"turn {turn - 1} report" in str(report.message()["Subject"])
            reply = reply_with_orders(
                report.data,
                filled_aof(game, entry.id),
                f"{entry.name} <{entry.email}>",
                f"<t{turn}.p{entry.id}@players.example>",
            )
            imap.append(GM_ADDRESS, reply.as_bytes(policy=email.policy.SMTP))
        assert wtg(config, "poll").output.startswith("filed 10, rejected 0, quarantined 0")
        status = game_status(open_game(game.store.root).typed(WOK4))
        assert all(p["orders"] and p["ready"] for p in status["players"])
        due = wtg(config, "run-turn", "--due").output
        assert f"kaomaris: turn {turn} resolved (all players are READY)" in due
        sent = wtg(config, "send").output
        assert "10 reports queued; 20 mails sent" in sent
        smtp.wait_for(10 + 20 * turn)
    final = open_game(game.store.root).typed(WOK4)
    assert final.latest_turn() == 3
    for entry in players:
        mails = [m for m in smtp.messages if entry.email in m.rcpt_tos]
        subjects = sorted(str(m.message()["Subject"]) for m in mails)
        assert sum("report for" in s for s in subjects) == 4
        assert sum("orders for turn" in s for s in subjects) == 3
        confirmation = next(m for m in mails if "orders for turn 3" in str(m.message()["Subject"]))
        body = confirmation.message().get_body(preferencelist=("plain",))
        assert body is not None
        text = body.get_content()
        assert "FORECAST" in text and entry.code not in text
    assert imap.fetch_all(GM_ADDRESS, "INBOX") == []
    assert len(imap.fetch_all(GM_ADDRESS, "wtg-processed")) == 30
    assert len(list((tmp_path / "games" / ".mail" / "archive").rglob("*.eml"))) == 30
    msg_ids = [m.message()["Message-ID"] for m in smtp.messages]
    assert len(msg_ids) == len(set(msg_ids)) == 70
