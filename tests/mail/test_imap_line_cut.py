"""The line to the IMAP server cut in the middle of a poll, through the real Dovecot behind
a proxy that cuts it (tests/mail/servers.py, ``CuttingProxy``): at the FETCH of the bodies
(nothing filed), or at the MOVE out of the inbox, before Dovecot saw it (the mails filed
and answered, still in the inbox) or after it moved them (the poll never heard). Each
time the poll says it stopped and exits 1, and every mail is filed once and answered once.

A poll that found mails an earlier poll had filed but could not move said 'filed 2' again
(cron mailed it to the GM as two new mails) and logged them as filed again: it moves them
and says so, and under -q, with no new mail, says nothing."""

from __future__ import annotations

import email.policy
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.realworld import write_config
from tests.mail.servers import GM_ADDRESS, CuttingProxy, Dovecot, SmtpSink
from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.mail.servers import inbox

PROCESSED = "wtg-processed"
CUT = (
    "wtg: the poll stopped: abort: command: {command} => socket error: EOF (what it filed "
    "is kept, and the next poll takes up the rest)\n"
)


class Behind:
    """The IMAP server as the config names it: the proxy's address."""

    def __init__(self, proxy: CuttingProxy) -> None:
        self.host, self.port = proxy.host, proxy.port


@pytest.fixture
def proxy(imap: Dovecot) -> Iterator[CuttingProxy]:
    with CuttingProxy(imap.host, imap.port) as line:
        yield line


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def orders(imap: Dovecot, game: Game) -> None:
    for n in (1, 2):
        msg = EmailMessage()
        msg["From"] = f"p{n}@players.example"
        msg["To"] = GM_ADDRESS
        msg["Subject"] = "orders"
        msg["Message-ID"] = f"<m{n}@players.example>"
        msg.set_content(filled_aof(game.typed(WOK4), n))
        imap.append(GM_ADDRESS, msg.as_bytes(policy=email.policy.SMTP))


def host(tmp_path: Path, imap: Dovecot, smtp: SmtpSink, proxy: CuttingProxy) -> Path:
    config = write_config(tmp_path, imap, smtp)
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace(f"port: {imap.port}", f"port: {proxy.port}"), "utf-8")
    players = [PlayerEntry(i, f"P{i}", f"p{i}@players.example", f"CODE{i:04d}") for i in (1, 2, 3)]
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", players, 5)
    orders(imap, game)
    return config


def each_once(smtp: SmtpSink, config: Path) -> None:
    """The send mails each player his report of turn 0, and p1 and p2 one confirmation."""
    sent = wtg(config, "send", "-q")
    assert (sent.exit_code, sent.stdout) == (0, ""), sent.output  # -q: mailed, no news
    got = sorted((m.rcpt_tos[0], str(m.message()["Subject"])) for m in smtp.messages)
    assert [to for to, _subject in got] == [
        "p1@players.example",
        "p1@players.example",
        "p2@players.example",
        "p2@players.example",
        "p3@players.example",
    ]
    assert len(set(got)) == 5  # none twice


@pytest.mark.parametrize(("pattern", "command"), [(b"BODY.PEEK[]", "FETCH"), (b" MOVE ", "UID")])
def test_the_line_cut_before_the_server_heard_the_command(
    tmp_path: Path,
    imap: Dovecot,
    smtp: SmtpSink,
    proxy: CuttingProxy,
    pattern: bytes,
    command: str,
) -> None:
    config = host(tmp_path, imap, smtp, proxy)
    proxy.cut_at(pattern)
    cut = wtg(config, "poll", "-q")
    assert (cut.exit_code, cut.stdout, cut.stderr) == (1, "", CUT.format(command=command))
    assert proxy.cuts == 1
    assert len(imap.fetch_all(GM_ADDRESS)) == 2  # still in the inbox
    again = wtg(config, "poll")
    assert (again.exit_code, again.stderr) == (0, "")
    if command == "FETCH":  # nothing was filed: the next poll files both
        assert again.stdout == "filed 2, rejected 0, quarantined 0, ignored 0\n"
    else:  # filed before the cut: only moved now, which is no news for cron
        assert again.stdout == (
            "filed 0, rejected 0, quarantined 0, ignored 0, moved out of the inbox (an earlier "
            "poll had handled them) 2\n"
        )
        told = wtg(config, "poll", "-v")
        assert told.stdout == "filed 0, rejected 0, quarantined 0, ignored 0\n"
    assert (len(imap.fetch_all(GM_ADDRESS)), len(imap.fetch_all(GM_ADDRESS, PROCESSED))) == (0, 2)
    each_once(smtp, config)


def test_the_mails_filed_before_a_cut_are_said_when_they_are_moved(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink, proxy: CuttingProxy
) -> None:
    config = host(tmp_path, imap, smtp, proxy)
    proxy.cut_at(b" MOVE ")
    assert wtg(config, "poll", "-q").exit_code == 1
    again = wtg(config, "poll")
    assert again.stdout == (
        "filed 0, rejected 0, quarantined 0, ignored 0, moved out of the inbox (an earlier "
        "poll had handled them) 2\n"
    )


def test_the_line_cut_after_the_server_moved_the_mails(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink, proxy: CuttingProxy
) -> None:
    config = host(tmp_path, imap, smtp, proxy)
    proxy.cut_at(b" MOVE ", before=False)
    cut = wtg(config, "poll", "-q")
    assert (cut.exit_code, cut.stdout, cut.stderr) == (1, "", CUT.format(command="UID"))
    assert (len(imap.fetch_all(GM_ADDRESS)), len(imap.fetch_all(GM_ADDRESS, PROCESSED))) == (0, 2)
    again = wtg(config, "poll", "-q")
    assert (again.exit_code, again.stdout, again.stderr) == (0, "", "")
    each_once(smtp, config)


def test_a_server_that_stops_answering_mid_fetch_is_said_so(
    tmp_path: Path,
    imap: Dovecot,
    smtp: SmtpSink,
    proxy: CuttingProxy,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The IMAP server takes the FETCH and answers nothing: the poll stopped with
    'TimeoutError: timed out', which names neither the server nor what became of the
    mail. It says the server stopped answering; the next poll files both, once."""
    monkeypatch.setattr(inbox.connect_imap, "__defaults__", (0.5,))  # its wait cut short
    config = host(tmp_path, imap, smtp, proxy)
    proxy.cut_at(b"BODY.PEEK[]", hold=True)
    stuck = wtg(config, "poll", "-q")
    assert (stuck.exit_code, stuck.stdout) == (1, "")
    assert stuck.stderr == (
        f"wtg: the poll stopped: {proxy.host}:{proxy.port} stopped answering in the middle of "
        "the poll (timed out): the server is stuck or overloaded (what it filed is kept, and "
        "the next poll takes up the rest)\n"
    )
    again = wtg(config, "poll")
    assert again.stdout == "filed 2, rejected 0, quarantined 0, ignored 0\n"
    each_once(smtp, config)
