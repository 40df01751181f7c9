"""A host stopped because a copy of it took the mailbox over stays stopped however its
config names the mailbox since (hosts47): the stop was kept for the mailbox as the config
named it, and a GM who spelled it otherwise (the server's address for its name, a link to
the Maildir) dropped it. The old copy then ran the turns due without a look at the claims,
and claimed the mailbox again once the claims' folder was emptied."""

from __future__ import annotations

from pathlib import Path

from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_host_moved import wtg
from tests.mail.test_stopped_host_claims_emptied import (
    expunge_claims,
    imap_moved,
    stays_stopped,
)
from tests.mail.test_stopped_host_gm_commands import moved
from tests.mail.test_stopped_host_mails_nothing import STOPPED
from tests.mail.test_two_hosts_one_mailbox import form_mail
from wtg.cli.demo import filled_aof
from wtg.mail.servers.claims import CLAIMS_FOLDER


def test_a_stopped_host_stays_stopped_when_its_config_names_the_maildir_by_a_link(
    tmp_path: Path,
) -> None:
    old_config, _, maildir = moved(tmp_path)
    assert wtg(old_config, "poll").exit_code == 1  # stopped, and it keeps the stop
    link = tmp_path / "mail-link"
    link.symlink_to(maildir)
    old_config.write_text(f"games_dir: games\nmaildir_in: {link}\n", encoding="utf-8")
    held = wtg(old_config, "hold", "g1")  # before any poll of the mailbox spelled so
    assert held.exit_code == 1 and held.stderr.startswith(f"wtg: hold: {STOPPED}")
    stays_stopped(old_config, maildir, str(link))


def test_a_stopped_host_on_imap_stays_stopped_when_its_config_names_the_server_by_address(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    old_config, game = imap_moved(tmp_path, imap, smtp)
    text = old_config.read_text(encoding="utf-8")
    assert f"host: {imap.host}," in text
    old_config.write_text(text.replace(f"host: {imap.host},", "host: localhost,"), "utf-8")
    assert wtg(old_config, "send").exit_code == 1  # before any poll of the mailbox spelled so
    expunge_claims(imap)
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 1), "g1p1@players.example", 1))
    assert wtg(old_config, "run-turn", "--due").exit_code == 1
    polled = wtg(old_config, "poll")
    assert (polled.exit_code, polled.stdout) == (1, ""), polled.output
    assert STOPPED in polled.stderr
    assert [len(imap.fetch_all(GM_ADDRESS, f)) for f in ("INBOX", CLAIMS_FOLDER)] == [1, 0]
