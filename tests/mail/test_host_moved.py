"""A host moved (`wtg restore`, `cp -a`) while the old one's cron goes on, both on one
mailbox: each took the mails the other had not, and at the deadline both ran the turn and
mailed two sets of reports. Each host now claims the mailbox with a mail of its own in
the folder wtg-host (``wtg.mail.servers.claims``); the copy's first poll claims it after
the old host, and the old host stops at its next poll (its mail left for the new one)
and at its next `run-turn --due`, exit 1 with the line to act on. The new host is never
stopped by the old; `wtg poll --take-over` gives the mailbox back to the old one."""

from __future__ import annotations

import shutil
import signal
import socket
from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.realworld import write_config
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_two_hosts_one_mailbox import form_mail, seats
from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game, open_game
from wtg.mail.servers.claims import CLAIMS_FOLDER
from wtg.rules.wok.state import WokState


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def maildir_host(root: Path, maildir: Path) -> tuple[Path, Game[WokState]]:
    """A host at ``root`` on the maildir transport, reading the Maildir ``maildir``, with a
    game g1 of two players: its config and game."""
    (root / "games").mkdir(parents=True)
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: games\nmaildir_in: {maildir}\n", encoding="utf-8")
    game = create_game(root / "games" / "g1", "wok4", "small", seats("g1"), 5).typed(WOK4)
    return config, game


def imap_host(root: Path, imap: Dovecot, smtp: SmtpSink) -> tuple[Path, Game[WokState]]:
    """A host at ``root`` on the IMAP mailbox of ``imap``, with a game g1 of two players:
    its config and game."""
    root.mkdir()
    config = write_config(root, imap, smtp)
    made = create_game(root / "games" / "g1", "wok4", "small", seats("g1"), 5)
    return config, made.typed(WOK4)


def dropped(maildir: Path, raw: bytes, name: str) -> None:
    (maildir / "new" / name).write_bytes(raw)


def stopped_line(mailbox: str, new: Path, inbox: str) -> tuple[str, str]:
    """What the old host says once the new one claimed the mailbox: its words before the
    date of the claim, and after it."""
    return (
        f"this host no longer serves the mailbox {mailbox}: the host at "
        f"{socket.gethostname()}:{new.resolve()}, a copy of this one, took it over ("
    ), (
        "and polls it and runs the games' turns. This host stopped before it moved any "
        f"mail (each waits in {inbox} for the other host) or ran a turn. Stop it: take wtg's "
        "lines out of this machine's crontab (`crontab -e`), or `systemctl stop wtg`. If "
        "this host is the one to serve the games after all, stop the other and run `wtg "
        "--config {config} poll --take-over` here\n"
    )


def test_the_old_host_on_the_maildir_stops_once_the_copy_polls(tmp_path: Path) -> None:
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    old_config, game = maildir_host(tmp_path / "old", maildir)
    assert wtg(old_config, "poll").exit_code == 0  # it claims the Maildir
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)  # `cp -a`
    new_config = tmp_path / "new" / "wtg.yaml"
    dropped(maildir, form_mail(filled_aof(game, 1), "g1p1@players.example", 1), "1.a")
    taken = wtg(new_config, "poll")
    assert taken.exit_code == 0, taken.output
    assert taken.stdout.startswith("filed 1,")
    assert taken.stderr == (
        f"wtg: poll: this host now serves the mailbox {maildir}, which the host at "
        f"{socket.gethostname()}:{(tmp_path / 'old' / 'games').resolve()} served: that host "
        "stops at its next poll or turn (it says so to its cron); take wtg's lines out of "
        "its crontab all the same\n"
    )
    dropped(maildir, form_mail(filled_aof(game, 2), "g1p2@players.example", 2), "2.b")
    old = wtg(old_config, "poll")
    assert old.exit_code == 1
    head, tail = stopped_line(str(maildir), tmp_path / "new" / "games", "the Maildir")
    assert old.stderr.startswith(f"wtg: poll: {head}")
    assert old.stderr.endswith(tail.replace("{config}", str(old_config.absolute())))
    assert sorted(p.name for p in (maildir / "new").iterdir()) == ["2.b"]  # left for new
    assert "0 of 2 orders in" in wtg(old_config, "status").stdout  # nothing filed there
    again = wtg(new_config, "poll")  # the new host is not stopped by the old
    assert again.exit_code == 0 and again.stdout.startswith("filed 1,"), again.output
    assert again.stderr == ""
    handlers = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    idle = wtg(old_config, "poll", "--idle")  # a service's: it ends at once, exit 1
    assert idle.exit_code == 1 and f"wtg: poll --idle: {head}" in idle.stderr
    # the process's own handlers again: a pool forked later in it (a test's) ended by
    # SIGTERM had its workers only note the signal, and waited on them for ever
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == handlers
    due = wtg(old_config, "run-turn", "--due")  # its players are all READY: due
    assert due.exit_code == 1
    assert due.stderr.startswith(f"wtg: run-turn --due: {head}")
    assert open_game(tmp_path / "old" / "games" / "g1").latest_turn() == 0
    ran = wtg(new_config, "run-turn", "--due")
    assert ran.exit_code == 0, ran.output
    assert open_game(tmp_path / "new" / "games" / "g1").latest_turn() == 1
    # the GM moves the games back: the old host takes the Maildir over, the new stops
    back = wtg(old_config, "poll", "--take-over")
    assert back.exit_code == 0, back.output
    assert wtg(old_config, "poll").exit_code == 0
    new = wtg(new_config, "poll")
    assert new.exit_code == 1
    assert "this host no longer serves the mailbox" in new.stderr
    assert wtg(new_config, "run-turn", "--due").exit_code == 1


def test_the_old_host_on_imap_stops_once_the_copy_polls(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    old_config, game = imap_host(tmp_path / "old", imap, smtp)
    assert wtg(old_config, "poll").exit_code == 0  # it claims the mailbox
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)  # `cp -a`
    new_config = tmp_path / "new" / "wtg.yaml"
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 1), "g1p1@players.example", 1))
    taken = wtg(new_config, "poll")
    assert taken.exit_code == 0 and taken.stdout.startswith("filed 1,"), taken.output
    assert "wtg: poll: this host now serves the mailbox" in taken.stderr
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 2), "g1p2@players.example", 2))
    old = wtg(old_config, "poll")
    assert old.exit_code == 1
    mailbox = f"{GM_ADDRESS}@{imap.host}:{imap.port}/INBOX"
    head, tail = stopped_line(mailbox, tmp_path / "new" / "games", "INBOX")
    assert old.stderr.startswith(f"wtg: poll: {head}")
    assert old.stderr.endswith(tail.replace("{config}", str(old_config.absolute())))
    assert len(imap.fetch_all(GM_ADDRESS)) == 1  # player 2's form waits for the new host
    assert len(imap.fetch_all(GM_ADDRESS, CLAIMS_FOLDER)) == 2  # the old host's, the new's
    due = wtg(old_config, "run-turn", "--due")
    assert due.exit_code == 1 and due.stderr.startswith(f"wtg: run-turn --due: {head}")
    again = wtg(new_config, "poll")
    assert again.exit_code == 0 and again.stdout.startswith("filed 1,"), again.output
    ran = wtg(new_config, "run-turn", "--due")
    assert ran.exit_code == 0, ran.output
    assert open_game(tmp_path / "new" / "games" / "g1").latest_turn() == 1
    assert open_game(tmp_path / "old" / "games" / "g1").latest_turn() == 0
    assert wtg(old_config, "poll").exit_code == 1  # said again at each run, until stopped


def test_two_hosts_of_their_own_on_one_mailbox_stop_neither(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """Hosts made each on its own (no copy of the other) share nothing but the mailbox:
    each claims it, and neither stops (the others' mail in its folders is said, as
    before: ``wtg.mail.servers.otherhost``)."""
    configs = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        configs.append(write_config(tmp_path / name, imap, smtp))
    for config in (*configs, *configs):
        assert wtg(config, "poll").exit_code == 0
    assert len(imap.fetch_all(GM_ADDRESS, CLAIMS_FOLDER)) == 2
