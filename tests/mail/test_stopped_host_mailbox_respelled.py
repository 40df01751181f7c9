"""A host stopped because a copy of it took the mailbox over stays stopped however its
config names the mailbox since (hosts47): the stop was kept for the mailbox as the config
named it, and a GM who spelled it otherwise (the server's address for its name, a link to
the Maildir) dropped it. The old copy then ran the turns due without a look at the claims,
and claimed the mailbox again once the claims' folder was emptied."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_host_moved import dropped, imap_host, wtg
from tests.mail.test_stopped_host_gm_commands import moved
from tests.mail.test_stopped_host_mails_nothing import STOPPED
from tests.mail.test_two_hosts_one_mailbox import form_mail
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import open_game
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
    for claim in (maildir / f".{CLAIMS_FOLDER}" / "new").iterdir():  # a hand's tidying
        claim.unlink()
    game = open_game(tmp_path / "old" / "games" / "g1").typed(WOK4)
    dropped(maildir, form_mail(filled_aof(game, 1), "g1p1@players.example", 1), "1.a")
    polled = wtg(old_config, "poll")
    assert polled.exit_code == 1, polled.output
    assert polled.stderr.startswith(f"wtg: poll: {STOPPED}")
    assert [p.name for p in (maildir / "new").iterdir()] == ["1.a"]  # for the other host
    assert list((maildir / f".{CLAIMS_FOLDER}" / "new").iterdir()) == []  # no claim made
    due = wtg(old_config, "run-turn", "--due")
    assert due.exit_code == 1 and due.stderr.startswith(f"wtg: run-turn --due: {STOPPED}")
    taken = wtg(old_config, "poll", "--take-over")  # the GM's word: it serves the mailbox
    assert taken.exit_code == 0 and taken.stdout.startswith("filed 1,"), taken.output


def test_a_stopped_host_on_imap_stays_stopped_when_its_config_names_the_server_by_address(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    old_config, game = imap_host(tmp_path / "old", imap, smtp)
    assert wtg(old_config, "poll").exit_code == 0
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)
    assert wtg(tmp_path / "new" / "wtg.yaml", "poll").exit_code == 0
    assert wtg(old_config, "poll").exit_code == 1
    text = old_config.read_text(encoding="utf-8")
    assert f"host: {imap.host}," in text
    old_config.write_text(text.replace(f"host: {imap.host},", "host: localhost,"), "utf-8")
    assert wtg(old_config, "send").exit_code == 1  # before any poll of the mailbox spelled so
    with imap.client(GM_ADDRESS) as client:  # the server's retention: old mail expunged
        client.select_folder(CLAIMS_FOLDER)
        client.delete_messages(client.search("ALL"))
        client.expunge()
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 1), "g1p1@players.example", 1))
    polled = wtg(old_config, "poll")
    assert polled.exit_code == 1, polled.output
    assert polled.stderr.startswith(f"wtg: poll: {STOPPED}{GM_ADDRESS}@")
    assert len(imap.fetch_all(GM_ADDRESS)) == 1  # the form waits for the other host
    assert imap.fetch_all(GM_ADDRESS, CLAIMS_FOLDER) == []
    assert wtg(old_config, "run-turn", "--due").exit_code == 1
