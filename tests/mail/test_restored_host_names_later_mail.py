"""restore45 (newgm45): a host restored from last night's backup after it went on. The mail
it filed since is in wtg-processed, not in the inbox, and the restored journal never saw
it; only `wtg restore`'s own output said so, and a GM who forgot it ran the turns without
those orders. The restored host's polls name each such mail (its folder and UID) until it
is moved back and filed; they move none themselves (a mail there may be another host's on
the same mailbox), and once none is left they look no more."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.mail.realworld import write_config, wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_new_mailbox_same_numbers import host_filed_once
from tests.mail.test_two_hosts_one_mailbox import form_mail
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.mail.spool.afterbackup import AFTER_BACKUP


def test_the_restored_hosts_polls_name_the_mail_filed_after_the_backup(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    config, game = host_filed_once(tmp_path / "host", imap, smtp)  # player 1's orders
    archive = tmp_path / "host.tar.gz"
    wtg(config, "backup", archive)
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 2), "g1p2@players.example", 2))
    assert wtg(config, "poll").stdout.startswith("filed 1,")  # after the backup: then lost
    with imap.client(GM_ADDRESS) as client:
        client.select_folder("wtg-processed", readonly=True)
        uid = max(client.search(["ALL"]))  # player 2's, the newest there
    new = tmp_path / "new"
    restored = CliRunner().invoke(
        main, ["restore", str(archive), "--games-dir", str(new / "games")]
    )
    assert restored.exit_code == 0, restored.output
    config = write_config(new, imap, smtp)  # the config put back, its password with it
    assert (new / "games" / ".mail" / AFTER_BACKUP).is_file()
    polled = wtg(config, "poll")
    said = " ".join(polled.stderr.split())
    assert (
        f"1 mail in wtg-processed (UID {uid}) came in since then or a little before, and this "
        "host never read them (the host before the restore filed them, or another host on "
        "this mailbox): move each of yours back into INBOX (in a mail client, from that "
        "folder to the inbox), and the next poll files it; `run-turn --due` runs no turn "
        "until then (to run the turns without the mails you leave there, `rm "
        f"{new / 'games' / '.mail' / AFTER_BACKUP}`: the polls then name them no more). Each "
        "poll says this until none is left"
    ) in said  # before: nothing, and the turn ran without player 2's orders
    assert "this host was restored from a backup made " in said
    assert "1 of 2 orders in" in wtg(config, "status").stdout
    assert "wtg-processed" in " ".join(wtg(config, "poll").stderr.split())  # said again
    due = wtg(config, "run-turn", "--due", status=1)  # movedhost46: it ran the turns due
    held = " ".join(due.stderr.split())
    assert held.startswith("wtg: run-turn --due: no turn run: this host was restored from a ")
    assert (
        f"and its last poll found 1 mail in wtg-processed (UID {uid}) that came in since "
        "then or a little before and that this host never read (a player's orders, "
        "perhaps, for a turn due): move each of yours back into INBOX (in a mail client), "
        "and the next poll files it, then the turns due run; to run the turns without the "
        f"mails you leave there, `rm {new / 'games' / '.mail' / AFTER_BACKUP}`: the polls "
        "then name them no more"
    ) in held
    with imap.client(GM_ADDRESS) as client:  # the GM moves it back, as told
        client.select_folder("wtg-processed")
        client.move([uid], "INBOX")
    polled = wtg(config, "poll")
    assert polled.stdout.startswith("filed 1,"), polled.stdout
    assert "wtg-processed" not in polled.stderr  # filed now: known to the journal
    assert "2 of 2 orders in" in wtg(config, "status").stdout
    assert not (new / "games" / ".mail" / AFTER_BACKUP).exists()  # none left: no more looks
    assert "restored from a backup" not in wtg(config, "poll").stderr
    assert wtg(config, "run-turn", "--due").exit_code == 0  # the turns due run again


def test_the_gm_runs_the_turns_without_the_mails_left_there(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """A mail in the folders another host's (the GM leaves it there): the record removed as
    the line says, the due run goes on, and the polls name it no more."""
    config, game = host_filed_once(tmp_path / "host", imap, smtp)
    archive = tmp_path / "host.tar.gz"
    wtg(config, "backup", archive)
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 2), "g1p2@players.example", 2))
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    new = tmp_path / "new"
    restored = CliRunner().invoke(
        main, ["restore", str(archive), "--games-dir", str(new / "games")]
    )
    assert restored.exit_code == 0, restored.output
    config = write_config(new, imap, smtp)
    due = wtg(config, "run-turn", "--due")  # no poll yet: nothing found, nothing held
    assert due.exit_code == 0, due.output
    assert "wtg-processed" in wtg(config, "poll").stderr
    wtg(config, "run-turn", "--due", status=1)
    (new / "games" / ".mail" / AFTER_BACKUP).unlink()  # as the line says
    assert wtg(config, "run-turn", "--due").exit_code == 0
    assert "restored from a backup" not in wtg(config, "poll").stderr
