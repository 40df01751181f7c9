"""The old host that a copy of it took the mailbox over from mails the players nothing:
its `wtg send` and a hand `wtg run-turn GAME` stop as its poll and `run-turn --due` do
(``wtg.mail.poll.hostclaim``), exit 1 with the line to act on, the outbox kept and no
turn run. Before, both went on: the old host mailed its queued answers and the reports of
a turn run by hand, beside the new host's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_host_moved import dropped, imap_host, maildir_host, wtg
from tests.mail.test_two_hosts_one_mailbox import form_mail
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import open_game
from wtg.mail.servers.claims import CLAIMS_FOLDER

STOPPED = "this host no longer serves the mailbox "


def queued(games: Path) -> list[str]:
    """The names of the mails waiting in the outbox of the host of ``games``."""
    return sorted(p.name for p in (games / ".mail" / "outbox" / "queue").glob("*.eml"))


def test_the_old_host_on_the_maildir_sends_nothing_and_runs_no_turn(tmp_path: Path) -> None:
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    old_config, game = maildir_host(tmp_path / "old", maildir)
    dropped(maildir, form_mail(filled_aof(game, 1), "g1p1@players.example", 1), "1.a")
    assert wtg(old_config, "poll").exit_code == 0  # it claims the Maildir, queues an answer
    waiting = queued(tmp_path / "old" / "games")
    assert len(waiting) == 1
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)  # `cp -a`
    assert wtg(tmp_path / "new" / "wtg.yaml", "poll").exit_code == 0  # the copy claims it
    sent = wtg(old_config, "send")
    assert sent.exit_code == 1
    assert sent.stderr.startswith(f"wtg: send: {STOPPED}{maildir}: the host at ")
    assert sent.stderr.rstrip().endswith("; nothing was sent (the outbox is kept as it is)")
    assert queued(tmp_path / "old" / "games") == waiting
    ran = wtg(old_config, "run-turn", "g1", "--now")
    assert ran.exit_code == 1
    assert ran.stderr.startswith(f"wtg: run-turn: {STOPPED}{maildir}: the host at ")
    # given the games folder alone, no config: the last poll's look at the claims says
    alone = CliRunner().invoke(
        main, ["--games-dir", str(tmp_path / "old" / "games"), "run-turn", "g1", "--now"]
    )
    assert alone.exit_code == 1
    assert alone.stderr.startswith(f"wtg: run-turn: {STOPPED}{maildir}: the host at ")
    assert open_game(tmp_path / "old" / "games" / "g1").latest_turn() == 0
    assert queued(tmp_path / "old" / "games") == waiting
    # the new host, which serves the mailbox, sends and runs its turns
    new_config = tmp_path / "new" / "wtg.yaml"
    assert wtg(new_config, "send").exit_code == 0
    assert queued(tmp_path / "new" / "games") == []
    assert wtg(new_config, "run-turn", "g1", "--now").exit_code == 0
    assert open_game(tmp_path / "new" / "games" / "g1").latest_turn() == 1


def test_the_old_host_on_imap_sends_nothing_and_runs_no_turn(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    old_config, game = imap_host(tmp_path / "old", imap, smtp)
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 1), "g1p1@players.example", 1))
    assert wtg(old_config, "poll").exit_code == 0  # it claims the mailbox, queues an answer
    waiting = queued(tmp_path / "old" / "games")
    assert len(waiting) == 1
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)  # `cp -a`
    assert wtg(tmp_path / "new" / "wtg.yaml", "poll").exit_code == 0
    assert len(imap.fetch_all(GM_ADDRESS, CLAIMS_FOLDER)) == 2
    mailbox = f"{GM_ADDRESS}@{imap.host}:{imap.port}/INBOX"
    sent = wtg(old_config, "send")
    assert sent.exit_code == 1
    assert sent.stderr.startswith(f"wtg: send: {STOPPED}{mailbox}: the host at ")
    assert smtp.messages == []
    assert queued(tmp_path / "old" / "games") == waiting
    ran = wtg(old_config, "run-turn", "g1", "--now")
    assert ran.exit_code == 1
    assert ran.stderr.startswith(f"wtg: run-turn: {STOPPED}{mailbox}: the host at ")
    assert open_game(tmp_path / "old" / "games" / "g1").latest_turn() == 0
    assert wtg(tmp_path / "new" / "wtg.yaml", "send").exit_code == 0
    # the new host's: the answer, and turn 0's reports, each once
    assert sorted(m.rcpt_tos for m in smtp.messages) == [
        ("g1p1@players.example",),
        ("g1p1@players.example",),
        ("g1p2@players.example",),
    ]


def test_the_old_hosts_status_says_it_stopped_and_what_to_type(tmp_path: Path) -> None:
    """`wtg status --host` of the old host said its stop as a poll failing (``FAILED:
    HostMoved: ...``), a trouble to mend; it says the host stopped because another took the
    mailbox over, and the line that says what to type."""
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    old_config, _ = maildir_host(tmp_path / "old", maildir)
    assert wtg(old_config, "poll").exit_code == 0
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)  # `cp -a`
    assert wtg(tmp_path / "new" / "wtg.yaml", "poll").exit_code == 0
    stopped = wtg(old_config, "poll")
    assert stopped.exit_code == 1
    said = stopped.stderr.removeprefix("wtg: poll: ").replace("\n", " ").strip()
    status = wtg(old_config, "status", "--host")
    assert "HostMoved" not in status.stdout and "FAILED" not in status.stdout
    # its line, said whole, the command to type too (read without the blanks the
    # screen's width broke it at, a long path's too)
    whole = "".join(status.stdout.split())
    polled = whole.split("lastpoll:", 1)[1]
    told = polled.split(":STOPPED,ANOTHERHOSTSERVESTHEMAILBOX:")[1]
    assert told.startswith("".join(said.split()))
    listing = json.loads(wtg(old_config, "status", "--host", "--json").stdout)
    line = listing["mailbox_taken_over"]
    assert line.startswith(f"this host no longer serves the mailbox {maildir}: the host at ")
    assert line.endswith("stop the other and run `wtg poll --take-over` here")
    assert listing["last_poll"]["error"] == line
    # the GM takes the mailbox back here: the line is gone
    assert wtg(old_config, "poll", "--take-over").exit_code == 0
    back = json.loads(wtg(old_config, "status", "--host", "--json").stdout)
    assert back["mailbox_taken_over"] is None and back["last_poll"]["ok"]
