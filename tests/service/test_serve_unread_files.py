"""The maildir transport's files no poll reads (a mail saved in maildir-in/ itself, one in
new/ named with a leading "."), said by `wtg serve` and `wtg poll --idle` as `wtg poll`
says them, once a file: they said nothing, and a GM's test mail lay there unread. A
service polls every few minutes: a file said at each poll would fill its log."""

from __future__ import annotations

import json
import logging
import threading
from datetime import timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.service.week import START, SimClock, make_host
from wtg.cli import main
from wtg.host.config import GmConfig, load_config
from wtg.mail.poll.idle import idle
from wtg.mail.servers.inbox import Inbox, MaildirInbox
from wtg.mail.servers.transport import MaildirTransport
from wtg.serve.service import Service


def notes(maildir: Path, beside: Path, hidden: Path) -> list[str]:
    return [
        f"note: 1 file in {maildir} itself, where the poll reads no mail (only its new/ and "
        f"cur/ folders): {beside}; move a mail there into {maildir / 'new'} and the next poll "
        "files it",
        f'note: 1 file in {maildir / "new"} whose name begins with ".", which the poll skips '
        "(a Maildir's rule: a mail still being written is hidden so): "
        f'{hidden}; rename a mail there without the "." and the next poll files it',
    ]


def dropped(gm: GmConfig) -> tuple[Path, Path]:
    """A file saved beside new/ and one hidden in new/, as a GM's test mails."""
    inbox = MaildirInbox(gm.maildir_in)  # makes the Maildir
    beside = inbox.path / "test.eml"
    beside.write_bytes(b"From: gm@wtg.example\n\nHELP\n")
    hidden = inbox.path / "new" / ".orders.eml"
    hidden.write_bytes(b"From: gm@wtg.example\n\nHELP\n")
    return beside, hidden


def test_the_service_logs_each_unread_file_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="wtg")
    gm = load_config(make_host(tmp_path, site=False))
    beside, hidden = dropped(gm)
    clock = SimClock(START, START + timedelta(hours=1))
    service = Service(gm, clock, zone=timezone.utc, look=timedelta(minutes=5))
    clock.on_end = service.stop
    later = gm.maildir_in / "later.eml"

    def drop_later() -> None:
        later.write_bytes(b"\n")

    clock.at(START + timedelta(minutes=20), drop_later)
    service.run()
    assert service.rounds > 3  # polled again and again
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("note: ")]
    assert said == [
        *notes(gm.maildir_in, beside, hidden),
        f"note: 1 file in {gm.maildir_in} itself, where the poll reads no mail (only its new/ "
        f"and cur/ folders): {later}; move a mail there into {gm.maildir_in / 'new'} and the "
        "next poll files it",
    ]
    assert beside.is_file() and hidden.is_file()  # left where they are


class Polls(MaildirInbox):
    """A maildir the idle poll waits on: ``rounds`` waits, then the loop is stopped."""

    def __init__(self, path: Path, stop: threading.Event, rounds: int) -> None:
        super().__init__(path)
        self.stop = stop
        self.rounds = rounds

    def wait(self, timeout: float, stop: threading.Event) -> bool:
        self.rounds -= 1
        if self.rounds <= 0:
            self.stop.set()
        return True


def test_the_idle_poll_says_each_unread_file_once(tmp_path: Path) -> None:
    gm = load_config(make_host(tmp_path, site=False))
    beside, hidden = dropped(gm)
    stop = threading.Event()
    lines: list[str] = []

    def connect(config: GmConfig) -> Inbox:
        return Polls(config.maildir_in, stop, 3)

    idle(gm, stop, lines.append, wait=0.01, connect=connect)
    said = [line.split(" UTC: ", 1)[1] for line in lines if " UTC: note: " in line]
    assert said == notes(gm.maildir_in, beside, hidden)


def on_imap(tmp_path: Path) -> GmConfig:
    """A host that was tried on the maildir transport (a player's mail left in its inbox,
    ``maildir-in/new``), then given `transport: imap`; its server's inbox is a maildir of
    the test's (``server``), no server reached."""
    config = make_host(tmp_path, site=False)
    text = config.read_text(encoding="utf-8").replace(
        "games_dir: games\n",
        "games_dir: games\ntransport: imap\n"
        "imap: {host: 127.0.0.1, port: 9, username: gm, password: secret}\n"
        "smtp: {host: 127.0.0.1, port: 9}\n",
    )
    config.write_text(text, encoding="utf-8")
    config.chmod(0o600)
    gm = load_config(config)
    MaildirInbox(gm.maildir_in)  # makes the Maildir, as the days on it did
    (gm.maildir_in / "new" / "1.ann").write_bytes(b"From: ann@players.example\n\norders\n")
    return gm


def left_note(gm: GmConfig, *names: str) -> str:
    mails = ", ".join(str(gm.maildir_in / "new" / name) for name in names)
    return (
        f"note: {len(names)} mail{'s' if len(names) > 1 else ''} in {gm.maildir_in}, the "
        "maildir transport's inbox, which no poll reads while the host polls the IMAP "
        f"server (transport: imap): {mails}; to have them filed, move them into the "
        "server's inbox (a mail client's Move or Copy to it), then take them out of "
        f"{gm.maildir_in}"
    )


def test_the_service_logs_the_mail_left_in_the_maildir_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """`wtg serve` on a host moved to IMAP said nothing of the player's mail left in the
    maildir transport's inbox (leftovers49: `wtg poll` and `check-config` did): it logs it
    at its start, not at each poll, and again when another mail comes there."""
    caplog.set_level(logging.INFO, logger="wtg")
    gm = on_imap(tmp_path)
    clock = SimClock(START, START + timedelta(hours=1))
    service = Service(
        gm,
        clock,
        zone=timezone.utc,
        look=timedelta(minutes=5),
        connect=lambda config: MaildirInbox(tmp_path / "server"),
        transport=lambda config: MaildirTransport(tmp_path / "sent"),
    )
    clock.on_end = service.stop

    def drop_later() -> None:
        (gm.maildir_in / "new" / "2.bob").write_bytes(b"From: bob@players.example\n\nhi\n")

    clock.at(START + timedelta(minutes=20), drop_later)
    service.run()
    assert service.rounds > 3  # polled again and again
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("note: ")]
    assert said == [left_note(gm, "1.ann"), left_note(gm, "1.ann", "2.bob")]


def test_the_idle_poll_says_the_mail_left_in_the_maildir_once(tmp_path: Path) -> None:
    """`wtg poll --idle` the same: at its start, and again when another mail comes there."""
    gm = on_imap(tmp_path)
    stop = threading.Event()
    lines: list[str] = []
    server = tmp_path / "server"

    class DropsOnce(Polls):
        def wait(self, timeout: float, stop: threading.Event) -> bool:
            if self.rounds == 3:
                (gm.maildir_in / "new" / "2.bob").write_bytes(b"From: bob@players.example\n\n")
            return super().wait(timeout, stop)

    def connect(config: GmConfig) -> Inbox:
        return DropsOnce(server, stop, 4)

    idle(gm, stop, lines.append, wait=0.01, connect=connect)
    said = [line.split(" UTC: ", 1)[-1] for line in lines if "note: " in line]
    assert said == [left_note(gm, "1.ann"), left_note(gm, "1.ann", "2.bob")]


def test_the_host_s_look_says_the_mail_left_in_the_maildir(tmp_path: Path) -> None:
    """`wtg status --host`, where a GM whose service logged the note once looks: a line
    while the mail waits there, and ``maildir_left_behind`` in its JSON (null once gone)."""
    gm = on_imap(tmp_path)
    config = ["--config", str(tmp_path / "wtg.yaml"), "status", "--host"]
    shown = CliRunner().invoke(main, config)
    assert shown.exit_code == 0, shown.output
    note = left_note(gm, "1.ann").removeprefix("note: ")
    assert f"MAIL NOT READ: {note}" in " ".join(shown.stdout.split()), shown.stdout
    facts = json.loads(CliRunner().invoke(main, [*config, "--json"]).stdout)
    assert facts["maildir_left_behind"] == f"note: {note}"
    (gm.maildir_in / "new" / "1.ann").unlink()
    assert "MAIL NOT READ" not in CliRunner().invoke(main, config).stdout
    assert (
        json.loads(CliRunner().invoke(main, [*config, "--json"]).stdout)["maildir_left_behind"]
        is None
    )
