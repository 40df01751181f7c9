"""A host stopped because a copy of it took the mailbox over stays stopped on its own
record (``games/.mail/host-claim.json``), whatever the claims' folder holds since. Before,
a folder emptied by hand or by a server's retention let it claim the mailbox again at its
next poll: it filed the players' mail into its out-of-date copy and ran the turns due,
until the other host's next claim stopped it again. Only `wtg poll --take-over` starts it."""

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
from wtg.game.engine import Game, open_game
from wtg.mail.servers.claims import CLAIMS_FOLDER
from wtg.rules.wok.state import WokState


def test_a_stopped_host_on_the_maildir_stays_stopped_when_the_claims_are_emptied(
    tmp_path: Path,
) -> None:
    old_config, _, maildir = moved(tmp_path)  # the copy polled: the old host stopped
    assert wtg(old_config, "poll").exit_code == 1
    stays_stopped(old_config, maildir, str(maildir))


def stays_stopped(old_config: Path, maildir: Path, named: str) -> None:
    """The claims of ``maildir`` emptied by hand, and a form dropped in: the stopped host
    of ``old_config`` stays stopped (its poll's line naming the mailbox ``named``), its
    form left for the other host, its turns and GM commands refused, until `wtg poll
    --take-over`, which files the form."""
    game = open_game(old_config.parent / "games" / "g1").typed(WOK4)
    for claim in (maildir / f".{CLAIMS_FOLDER}" / "new").iterdir():  # a hand's tidying
        claim.unlink()
    dropped(maildir, form_mail(filled_aof(game, 1), "g1p1@players.example", 1), "1.a")
    polled = wtg(old_config, "poll")
    assert polled.exit_code == 1, polled.output
    assert polled.stderr.startswith(f"wtg: poll: {STOPPED}{named}: the host at ")
    assert [p.name for p in (maildir / "new").iterdir()] == ["1.a"]  # for the other host
    assert list((maildir / f".{CLAIMS_FOLDER}" / "new").iterdir()) == []  # no claim made
    due = wtg(old_config, "run-turn", "--due")
    assert due.exit_code == 1 and due.stderr.startswith(f"wtg: run-turn --due: {STOPPED}")
    held = wtg(old_config, "hold", "g1")
    assert held.exit_code == 1 and held.stderr.startswith(f"wtg: hold: {STOPPED}")
    taken = wtg(old_config, "poll", "--take-over")  # the GM's word: it serves the mailbox
    assert taken.exit_code == 0 and taken.stdout.startswith("filed 1,"), taken.output


def test_a_copy_of_a_stopped_host_is_not_stopped_by_its_record(tmp_path: Path) -> None:
    """The record is the stopped host's own: a copy of it (another id) decides by the
    claims, as a copy of a host that was never stopped does."""
    old_config, _, _ = moved(tmp_path)
    assert wtg(old_config, "poll").exit_code == 1
    shutil.copytree(tmp_path / "old", tmp_path / "third", symlinks=True)  # the stopped one's
    third = wtg(tmp_path / "third" / "wtg.yaml", "poll")
    assert third.exit_code == 0, third.output
    assert "this host now serves the mailbox" in third.stderr


def test_a_stopped_host_on_imap_stays_stopped_when_the_server_empties_the_claims(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    old_config, game = imap_moved(tmp_path, imap, smtp)
    expunge_claims(imap)
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 1), "g1p1@players.example", 1))
    polled = wtg(old_config, "poll")
    assert polled.exit_code == 1, polled.output
    assert polled.stderr.startswith(f"wtg: poll: {STOPPED}{GM_ADDRESS}@")
    assert len(imap.fetch_all(GM_ADDRESS)) == 1  # the form waits for the other host
    assert imap.fetch_all(GM_ADDRESS, CLAIMS_FOLDER) == []
    assert wtg(old_config, "run-turn", "--due").exit_code == 1
    assert wtg(old_config, "send").exit_code == 1
    served = wtg(tmp_path / "new" / "wtg.yaml", "poll")  # the host that serves it claims anew
    assert served.exit_code == 0 and served.stdout.startswith("filed 1,"), served.output


def expunge_claims(imap: Dovecot) -> None:
    """The claims' folder emptied, as a server's retention expunges old mail."""
    with imap.client(GM_ADDRESS) as client:
        client.select_folder(CLAIMS_FOLDER)
        client.delete_messages(client.search("ALL"))
        client.expunge()


def imap_moved(tmp_path: Path, imap: Dovecot, smtp: SmtpSink) -> tuple[Path, Game[WokState]]:
    """A host on IMAP at ``tmp_path/old``, copied to ``tmp_path/new``, whose poll stopped
    the old one: the old host's config and game."""
    old_config, game = imap_host(tmp_path / "old", imap, smtp)
    assert wtg(old_config, "poll").exit_code == 0
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)
    assert wtg(tmp_path / "new" / "wtg.yaml", "poll").exit_code == 0
    assert wtg(old_config, "poll").exit_code == 1
    return old_config, game
