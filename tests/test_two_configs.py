"""Two configs on one games folder that send its mail two ways (docs/gm.md, "Two configs on
one games folder"): the test host's maildir config, its cron line left running, and the
real host's config with an SMTP server. Whichever `wtg send` ran first took the whole queue
its way: the maildir one put the players' reports into a folder of the machine, marked
sent, and nobody was told. Now neither sends while both are there; the mail waits, and
once the other config is moved away the next send sends it to the players.
"""

from __future__ import annotations

import mailbox
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.servers import SmtpSink
from wtg.cli import main
from wtg.mail.spool.journal import Journal

ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}
PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")


def wtg(config: Path, *args: str) -> Result:
    result = CliRunner(env=ENV).invoke(main, ["--config", str(config), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def smtp_config(test: Path, port: int) -> Path:
    """The real host's config beside the test's, on its games folder, sending by SMTP."""
    real = test.parent / "real.yaml"
    real.write_text(
        f"games_dir: {test.parent / 'games'}\n"
        'from: "Game Master <gm@example.org>"\n'
        "transport: imap\n"
        "imap: {host: 127.0.0.1, port: 1, ssl: false, username: gm@example.org, "
        "password: x}\n"
        f"smtp: {{host: 127.0.0.1, port: {port}, ssl: false, starttls: false}}\n",
        encoding="utf-8",
    )
    real.chmod(0o600)
    return real


def trial_host(tmp_path: Path) -> Path:
    """A host made by `wtg init` in ``tmp_path / "host"`` (the maildir transport), with the
    game g1 of Ann and Bob: its config."""
    assert CliRunner(env=ENV).invoke(main, ["init", str(tmp_path / "host")]).exit_code == 0
    config = tmp_path / "host" / "wtg.yaml"
    made = wtg(config, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    assert made.exit_code == 0, made.output
    return config


def mails_the_players(config: Path, sink: SmtpSink) -> None:
    """``config``'s send mails the two reports waiting, to Ann and Bob, by the sink."""
    sent = wtg(config, "send")
    assert (sent.exit_code, sent.stdout) == (
        0,
        "0 reports queued; 2 mails sent, 0 waiting to be retried, 0 refused for good\n",
    )
    assert sorted(m.rcpt_tos[0] for m in sink.messages) == [
        "ann@example.org",
        "bob@example.org",
    ]


def out_folder(test: Path) -> list[str]:
    box = mailbox.Maildir(test.parent / "games" / ".mail" / "maildir-out", create=False)
    return sorted(str(m["To"]) for m in box)


def test_a_test_config_left_running_takes_no_report_of_the_real_hosts(tmp_path: Path) -> None:
    test = trial_host(tmp_path)
    assert wtg(test, "send").exit_code == 0  # the trial: turn 0 into the folder
    assert out_folder(test) == ["ann@example.org", "bob@example.org"]
    with SmtpSink() as sink:
        real = smtp_config(test, sink.port)
        first = wtg(real, "send")  # the real host's first send: nothing waits
        assert wtg(real, "run-turn", "g1", "--now").exit_code == 0
        old_cron = wtg(test, "send")  # the test's cron line, before the real host's
        real_cron = wtg(real, "send")
        assert out_folder(test) == ["ann@example.org", "bob@example.org"]  # turn 1 not in it
        assert sink.messages == []
        shared = (
            f"the games folder {tmp_path / 'host' / 'games'} is also the games folder of the "
            f"config {test}, which sends its mail into the folder "
            f"{tmp_path / 'host' / 'games' / '.mail' / 'maildir-out'} (the maildir transport: "
            "a player gets it only if something sends it on), where this config, "
            f"{real}, sends it by SMTP through "
            f"127.0.0.1:{sink.port}: each send would take the whole queue its own way, so none "
            "is sent. Keep the config that mails the players: stop the other's cron lines (or "
            "the wtg serve it runs under) and move its file away (or give it a games folder "
            f"of its own), then give `wtg --config {real} send` again: it sends the queue "
            '(docs/gm.md, "Two configs on one games folder")'
        )
        assert (first.exit_code, first.stdout) == (
            1,
            "0 reports queued; 0 mails sent, 0 waiting to be retried, 0 refused for good; "
            f"the mail stays queued: {shared}\n",
        )
        assert (real_cron.exit_code, real_cron.stdout) == (
            1,
            "0 reports queued; 0 mails sent, 2 waiting to be retried, 0 refused for good; "
            f"the mail stays queued: {shared}\n",
        )
        assert old_cron.exit_code == 1, old_cron.output
        assert "2 reports queued; 0 mails sent" in old_cron.stdout
        checked = wtg(real, "check-config")  # says it before any send, too
        assert checked.exit_code == 1
        assert f"FAIL  {shared}\n" in checked.stdout, checked.stdout
        host = wtg(real, "status", "--host")
        assert "NOT SENT: the last send (" in host.stdout and shared in host.stdout
        shutil.move(test, tmp_path / "trial.yaml")  # what the line says
        mails_the_players(real, sink)
        copy = tmp_path / "copy.yaml"  # `cp` of the real config, cron on the copy: one host
        shutil.copy(real, copy)
        assert wtg(real, "run-turn", "g1", "--now", "--just-mailed").exit_code == 0
        again = wtg(copy, "send")
        assert (again.exit_code, again.stdout) == (
            0,
            "2 reports queued; 2 mails sent, 0 waiting to be retried, 0 refused for good\n",
        )


def test_a_test_config_sends_nothing_where_the_players_mail_comes_by_imap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After an upgrade from a wtg that noted no sender (or before the real host's first
    send), the test config found no other noted and sent the real host's reports into its
    folder: the journal's last polled mail, read from the IMAP server, says whose host it is."""
    test = trial_host(tmp_path)
    games = tmp_path / "host" / "games"
    with SmtpSink() as sink:
        real = smtp_config(test, sink.port)
        assert wtg(real, "send").exit_code == 0  # turn 0 to the players
        (games / ".mail" / "senders.json").unlink()  # as a month-old wtg left the spool
        journal = Journal(games / ".mail")
        journal.handled("imap:1:7", "<a@example.org>", "filed: g1 player 1", at=1.8e9)
        journal.db.commit()
        journal.close()
        assert wtg(real, "run-turn", "g1", "--now").exit_code == 0
        monkeypatch.chdir(test.parent)  # its cron line: cd /srv/wtg && wtg --config wtg.yaml
        stale = wtg(Path(test.name), "send")  # the first send after the upgrade
        assert stale.exit_code == 1, stale.output
        assert out_folder(test) == []
        said = (
            f"the mail stays queued: the games folder {games} has its players' mail read from "
            "an IMAP server (the last mail a poll of it read, at 2027-01-15 08:00 UTC, came "
            f"from one), where this config, {test}, sends it into the folder "
            f"{games / '.mail' / 'maildir-out'} (the maildir transport: a player gets it only "
            "if something sends it on): a player would not get it, so none is sent."
        )
        assert said in stale.stdout, stale.stdout
        checked = wtg(test, "check-config")
        assert checked.exit_code == 1 and said.split(": ", 1)[1] in checked.stdout
        assert wtg(real, "send").exit_code == 1  # both noted now: neither sends
        again = wtg(Path(test.name), "send")
        shared = f"the games folder {games} is also the games folder of the config {real}, "
        assert again.exit_code == 1 and shared in again.stdout, again.stdout
        shutil.move(test, tmp_path / "trial.yaml")
        sent = wtg(real, "send")
        assert (sent.exit_code, sent.stdout) == (
            0,
            "0 reports queued; 2 mails sent, 0 waiting to be retried, 0 refused for good\n",
        )
        assert len(sink.messages) == 4
