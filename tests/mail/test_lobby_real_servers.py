"""Issue 17, done when: the lobby's flow through the real Dovecot and aiosmtpd, as the GM's
cron runs it: 10 addresses JOIN wok4 and confirm, the game starts by itself, turn 0 reports
go out, a PRESS reaches every player's next report, a REPORT is mailed again, a player
resigns and an eleventh address takes the seat over (the old code refused afterwards), the GM
holds, extends, previews, releases and rolls back a turn (not to before the seat was quit:
it is the newcomer's), every player told."""

from __future__ import annotations

import email.policy
import re
from email.message import EmailMessage
from pathlib import Path

from click.testing import CliRunner

from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from wtg.cli import main
from wtg.game.engine import open_game

CONFIRM = re.compile(r"^CONFIRM ([A-Z0-9]{10})\r?$", re.M)


def address(number: int) -> str:
    return f"p{number}@players.example"


class Post:
    """Players' mail into Dovecot; the host's mail out of the SMTP sink, new since asked."""

    def __init__(self, imap: Dovecot, smtp: SmtpSink, config: Path) -> None:
        self.imap, self.smtp, self.config = imap, smtp, config
        self.count = 0
        self.read = 0

    def mail(self, sender: str, body: str) -> None:
        self.count += 1
        msg = EmailMessage()
        msg["From"] = sender
        msg["To"] = GM_ADDRESS
        msg["Subject"] = "to the host"
        msg["Message-ID"] = f"<r{self.count}@players.example>"
        msg.set_content(body)
        self.imap.append(GM_ADDRESS, msg.as_bytes(policy=email.policy.SMTP))

    def round(self, sent: int) -> list[tuple[str, str, str]]:
        """Poll, send, and the ``sent`` mails that went out: (to, subject, body)."""
        wtg(self.config, "poll")
        wtg(self.config, "send")
        return self.delivered(sent)

    def delivered(self, sent: int) -> list[tuple[str, str, str]]:
        arrived = self.smtp.wait_for(self.read + sent)[self.read :]
        self.read += len(arrived)
        found = []
        for received in arrived:
            msg = received.message()
            body = msg.get_body(preferencelist=("plain",))
            assert body is not None
            text = str(body.get_content()).replace("\r\n", "\n")
            found.append((received.rcpt_tos[0], str(msg["Subject"]), text))
        return found


def to(mails: list[tuple[str, str, str]], who: str) -> list[tuple[str, str, str]]:
    return [m for m in mails if m[0] == who]


def test_the_lobby_through_dovecot_and_smtp(tmp_path: Path, imap: Dovecot, smtp: SmtpSink) -> None:
    config = write_config(tmp_path, imap, smtp, replies_per_hour=20)  # all in one hour here
    post = Post(imap, smtp, config)
    opened = wtg(config, "open-list", "wok4", "--every", "2", "--at", "18:00").output
    assert "waiting list wok4 open" in opened
    for number in range(1, 11):
        post.mail(address(number), f"JOIN wok4 AS Lord{number}")
    answers = post.round(10)
    codes = {who: CONFIRM.search(body) for who, _subject, body in answers}
    for number in range(1, 11):
        found = codes[address(number)]
        assert found is not None
        post.mail(address(number), f"CONFIRM {found.group(1)}")
    mails = post.round(20)  # 10 "you are on the list", 10 turn 0 reports
    assert sum("turn 0 report for" in subject for _to, subject, _body in mails) == 10
    game = open_game(tmp_path / "games" / "wok4-1")
    players = list(game.config.players)
    writer, asker, quitter = players[0], players[1], players[2]

    post.mail(writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\nThe north stands together.")
    assert len(post.round(1)) == 1
    wtg(config, "run-turn", "wok4-1", "--now")
    wtg(config, "send")
    mailed = post.delivered(20)  # the reports, and the turn's press in a mail of its own
    press = [m for m in mailed if m[1] == "[wok4-1] press of turn 1"]
    assert len(press) == 10
    assert all("The north stands together." in body for _to, _subject, body in press)

    post.mail(asker.email, f"REPORT wok4-1\nCODE {asker.code}")
    ((_to, subject, body),) = post.round(1)
    assert subject == f"[wok4-1] turn 1 report for {asker.name}"
    assert game.report(asker.id, 1) in body

    post.mail(quitter.email, f"RESIGN wok4-1\nCODE {quitter.code}")
    ((_to, _subject, body),) = post.round(1)
    found = CONFIRM.search(body)
    assert found is not None
    post.mail(quitter.email, f"CONFIRM {found.group(1)}")
    ((_to, subject, _body),) = post.round(1)
    assert "you leave the game when turn 2 runs" in subject
    # turn 1 was mailed a moment ago and nobody sent orders: the GM says he means it
    wtg(config, "run-turn", "wok4-1", "--now", "--just-mailed")
    wtg(config, "send")
    post.delivered(10)

    assert "offered" in wtg(config, "offer-seat", "wok4-1", str(quitter.id)).output
    post.mail(address(11), "JOIN wok4-1 AS Newcomer")
    ((_to, _subject, body),) = post.round(1)
    found = CONFIRM.search(body)
    assert found is not None
    post.mail(address(11), f"CONFIRM {found.group(1)}")
    told = post.round(11)  # the newcomer, 9 players, the quitter
    assert sorted(m[0] for m in told) == sorted([*(p.email for p in players), address(11)])
    entry = open_game(game.store.root).config.player(quitter.id)
    ((_to, _subject, welcome),) = to(told, address(11))
    assert entry.code in welcome and entry.code != quitter.code

    post.mail(quitter.email, f"AOF wok4-1\nCODE {quitter.code}")
    ((_to, _subject, body),) = post.round(1)
    assert "your seat in game wok4-1 was taken over by another player" in " ".join(body.split())
    assert imap.fetch_all(GM_ADDRESS, "INBOX") == []

    # the GM's controls: every player of the game now (the newcomer in) is told each time
    now_playing = sorted(p.email for p in open_game(game.store.root).config.players)
    for command, subject in (
        (("hold", "wok4-1"), "the game is on hold"),
        (("extend", "wok4-1", "24"), "the deadline of turn 3 has moved"),
        (("release", "wok4-1"), "the game goes on"),
    ):
        wtg(config, *command)
        if command[0] == "extend":
            preview = tmp_path / "preview"
            said = wtg(config, "run-turn", "wok4-1", "--preview", str(preview)).output
            assert "previewed" in said and len(list((preview / "reports").iterdir())) == 10
        wtg(config, "send")
        told = post.delivered(10)
        assert sorted(m[0] for m in told) == now_playing, command
        assert all(subject in m[1] for m in told), (command, [m[1] for m in told])
    # back to turn 1 the quitter still played his seat, which game.yaml gives the newcomer:
    # refused (docs/gm.md, "Takeovers, reruns and rollbacks"); a turn later, it is not
    refused = CliRunner().invoke(main, ["--config", str(config), "rollback", "wok4-1", "--to", "1"])
    assert refused.exit_code == 1
    assert f"seat {quitter.id} was taken over by Newcomer after turn 2" in refused.output
    wtg(config, "run-turn", "wok4-1", "--now", "--just-mailed")
    wtg(config, "send")
    post.delivered(10)
    wtg(config, "rollback", "wok4-1", "--to", "2")
    wtg(config, "send")
    told = post.delivered(10)
    assert sorted(m[0] for m in told) == now_playing
    assert all("the game is back at turn 2" in m[1] for m in told), [m[1] for m in told]
    assert open_game(game.store.root).latest_turn() == 2
