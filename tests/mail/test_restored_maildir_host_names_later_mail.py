"""hosts47: a host on the maildir transport restored from last night's backup after it went
on, on the machine whose Maildir it polls (a Maildir outside the games folder, delivered
to by the machine's mail server). The mail it filed since is in the Maildir's
`.processed/cur`, and the restored journal never saw it: only `wtg restore`'s output
named that folder, and the polls ran the turns due without those orders. Ruling: the
Maildir's polls look as an IMAP host's do: they name each such file, the due run holds
the turns until it is moved back into `new/` (and filed) or the GM removes the note of
the backup. A Maildir in the games folder, as by default, is the backup's copy: what the
old host filed after the backup is on the old machine, which no poll here reads; its
copy of `.processed/cur` holds what the journal knows, and nothing is named."""

from __future__ import annotations

import os
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests import killpoints
from tests.mail.test_host_moved import maildir_host, wtg
from tests.mail.test_two_hosts_one_mailbox import form_mail
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game
from wtg.game.schedule import iso
from wtg.mail.servers import inbox
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.spool.afterbackup import AFTER_BACKUP, note_backup
from wtg.rules.wok.state import WokState
from wtg.upkeep.maildirkept import maildir_step

KILLS = 10


def restored(archive: Path, games: Path, maildir: Path) -> Path:
    result = CliRunner().invoke(main, ["restore", str(archive), "--games-dir", str(games)])
    assert result.exit_code == 0, result.output
    config = games.parent / "wtg.yaml"
    config.write_text(f"games_dir: games\nmaildir_in: {maildir}\n", encoding="utf-8")
    return config


def backed_up(root: Path) -> tuple[Path, Path, Game[WokState], Path]:
    """A host at ``root/host`` on the Maildir ``root/Maildir`` (outside its games folder),
    polled once and backed up: the Maildir, its config, its game and the archive."""
    maildir = root / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    config, game = maildir_host(root / "host", maildir)
    assert wtg(config, "poll").exit_code == 0
    archive = root / "host.tar.gz"
    assert wtg(config, "backup", "-q", str(archive)).exit_code == 0
    return maildir, config, game, archive


def filed_after(maildir: Path, config: Path, game: Game[WokState]) -> Path:
    """Player 2's orders filed after the backup by the host of ``config``, a minute ago:
    their file in ``.processed/cur``."""
    (maildir / "new" / "2.a").write_bytes(form_mail(filled_aof(game, 2), "g2@players.example", 2))
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    (filed,) = (maildir / ".processed" / "cur").iterdir()
    came = filed.stat().st_mtime - 60  # a minute before the restore, not in its second
    os.utime(filed, (came, came))
    return filed


def test_the_restored_hosts_polls_name_the_files_filed_after_the_backup(tmp_path: Path) -> None:
    maildir, config, game, archive = backed_up(tmp_path)
    filed = filed_after(maildir, config, game)  # after the backup: then lost
    os.rename(tmp_path / "host", tmp_path / "lost")  # the disk of the games folder lost
    config = restored(archive, tmp_path / "host" / "games", maildir)
    spool = tmp_path / "host" / "games" / ".mail"
    polled = wtg(config, "poll")
    assert polled.exit_code == 0, polled.output
    said = " ".join(polled.stderr.split())
    assert (
        f"1 mail in {maildir / '.processed' / 'cur'} (files {filed.name}) came in since then "
        "or a little before, and this host never read them"
    ) in said, said  # before: nothing, and the turns due ran without player 2's orders
    assert f"move each of yours back into {maildir / 'new'} (`mv` each file into it), " in said
    due = wtg(config, "run-turn", "--due")
    assert due.exit_code == 1, due.output
    assert due.stderr.startswith("wtg: run-turn --due: no turn run: this host was restored")
    os.rename(filed, maildir / "new" / filed.name)  # moved back, as told
    polled = wtg(config, "poll")
    assert polled.stdout.startswith("filed 1,"), polled.output
    assert not (spool / AFTER_BACKUP).exists()  # none left: no more looks
    assert "1 of 2 orders in" in wtg(config, "status").stdout  # player 2's, filed here now
    assert wtg(config, "run-turn", "--due").exit_code == 0


def test_a_maildir_in_the_games_folder_names_nothing_and_holds_nothing(tmp_path: Path) -> None:
    """Its copy is the backup's: every file of its `.processed/cur` was filed before the
    backup, and the journal knows it."""
    inbox = tmp_path / "host" / "games" / ".mail" / "maildir-in"
    config, game = maildir_host(tmp_path / "host", inbox)
    for sub in ("cur", "new", "tmp"):
        (inbox / sub).mkdir(parents=True)
    (inbox / "new" / "1.a").write_bytes(form_mail(filled_aof(game, 1), "g1p1@players.example", 1))
    assert wtg(config, "poll").stdout.startswith("filed 1,")
    for filed in (inbox / ".processed" / "cur").iterdir():  # came an hour ago
        came = filed.stat().st_mtime - 3600
        os.utime(filed, (came, came))
    archive = tmp_path / "host.tar.gz"
    assert wtg(config, "backup", "-q", str(archive)).exit_code == 0
    games = tmp_path / "copy" / "games"
    copy = restored(archive, games, games / ".mail" / "maildir-in")
    polled = wtg(copy, "poll")
    assert polled.exit_code == 0, polled.output
    assert "restored from a backup" not in polled.stderr
    assert not (games / ".mail" / AFTER_BACKUP).exists()  # looked once: no more looks
    assert wtg(copy, "run-turn", "--due").exit_code == 0


def test_a_poll_killed_at_any_write_of_its_look_loses_no_mail_and_holds_the_turns(
    tmp_path: Path,
) -> None:
    """`kill -9` before each write of the restored host's first poll (a new mail in `new/`
    to file, one filed after the backup in `.processed/cur` to name): the next poll files
    the new one and names the other, and the due run holds the turns."""
    world = tmp_path / "world"
    maildir, config, game, archive = backed_up(world)
    filed = filed_after(maildir, config, game)
    os.rename(world / "host", tmp_path / "lost")
    config = restored(archive, world / "host" / "games", maildir)
    (maildir / "new" / "1.a").write_bytes(form_mail(filled_aof(game, 1), "g1@players.example", 1))
    template = tmp_path / "template"
    shutil.copytree(world, template, symlinks=True)
    put_back = killpoints.restorer(template, world, symlinks=True)
    args = ["--config", str(config), "poll"]
    writes = killpoints.whole(args, world, put_back).writes
    for point, cut in killpoints.cuts(args, world, killpoints.points(writes, KILLS), put_back):
        polled = wtg(config, "poll")
        assert polled.exit_code == 0, (point, cut.before, polled.output)
        assert [p.name for p in (maildir / "new").iterdir()] == [], (point, cut.before)
        assert "1 of 2 orders in" in wtg(config, "status").stdout, (point, cut.before)
        due = wtg(config, "run-turn", "--due")
        assert due.exit_code == 1, (point, cut.before, due.output)
        assert f"(files {filed.name})" in " ".join(due.stderr.split()), (point, cut.before)


def test_mail_the_old_host_filed_after_the_restore_is_named_too(tmp_path: Path) -> None:
    """The old host's cron left on: between the restore and the restored host's first poll
    (the config put in place, `check-config`: minutes), the old host filed what came. The
    look ended at the restore's moment, and that mail was named by nothing: its player
    confirmed by the old host, his orders never in the games that run."""
    maildir, config, game, archive = backed_up(tmp_path)
    new = restored(archive, tmp_path / "new" / "games", maildir)
    now = datetime.now(timezone.utc)
    note_backup(
        new.parent / "games" / ".mail",
        iso(now - timedelta(minutes=30)),
        iso(now - timedelta(minutes=20)),
    )
    (maildir / "new" / "2.a").write_bytes(form_mail(filled_aof(game, 2), "g2@players.example", 2))
    assert wtg(config, "poll").stdout.startswith("filed 1,")  # the old host, still on
    (filed,) = (maildir / ".processed" / "cur").iterdir()
    came = (now - timedelta(minutes=10)).timestamp()  # ten minutes after the restore
    os.utime(filed, (came, came))
    polled = wtg(new, "poll")
    said = " ".join(polled.stderr.split())
    assert f"(files {filed.name}) came in since then" in said, said  # before: nothing
    assert wtg(new, "run-turn", "--due").exit_code == 1


def test_the_restores_step_names_the_maildir_the_config_names(tmp_path: Path) -> None:
    """The step named the default Maildir, in the old games folder's spool, whatever the
    config said: a GM whose Maildir is the mail server's looked for his mail where it never
    was."""
    maildir, _, _, archive = backed_up(tmp_path)
    given = ["restore", str(archive), "--games-dir", str(tmp_path / "new" / "games")]
    said = " ".join(CliRunner().invoke(main, given).stdout.split())
    assert (
        f"on the maildir transport in {maildir / '.processed' / 'cur'}, which each poll reads "
        "too): move what came after that time back to the inbox"
    ) in said, said  # before: "by default .../host/games/.mail/maildir-in/.processed/cur"


def test_a_maildir_the_config_names_in_the_games_folder_is_the_old_machines() -> None:
    """Named in the games folder backed up, it is the backup's copy here: the mail filed
    after the backup is in the old machine's, which no poll here reads."""
    old = Path("/srv/wtg/games")
    inside = maildir_step(old / "in", str(old))
    assert inside == "in maildir_in's .processed/cur, by default /srv/wtg/games/in/.processed/cur"
    assert maildir_step(None, str(old)) == (
        "in maildir_in's .processed/cur, by default /srv/wtg/games/.mail/maildir-in/.processed/cur"
    )
    assert maildir_step(Path("/home/gm/Maildir"), str(old)) == (
        "in /home/gm/Maildir/.processed/cur, which each poll reads too"
    )


def test_the_mail_filed_before_the_backup_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each poll of a restored host looks through `.processed/cur` for what came after the
    backup, until the GM removes its note: it read every file there whole (months of
    orders) and then kept those of the window. A file is read only when its time is in it."""
    box = tmp_path / "maildir"
    kept = box / ".processed" / "cur"
    kept.mkdir(parents=True)
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir()
    now = datetime(2026, 12, 7, 12, tzinfo=timezone.utc)
    for day in range(30):  # a month filed before the backup, and one mail after it
        path = kept / f"{day:03d}.host:2,S"
        path.write_bytes(b"From: p@x.example\r\nSubject: orders\r\n\r\nbody\r\n")
        moment = (now - timedelta(days=30 - day)).timestamp()
        os.utime(path, (moment, moment))
    read: list[str] = []
    real = inbox._file_mail

    def counted(path: Path, *args: object) -> object:
        read.append(path.name)
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(inbox, "_file_mail", counted)
    found = MaildirInbox(box).filed_since(now - timedelta(days=1, hours=12), now, 10_000)
    assert found is not None
    assert [name for _folder, name, _mail in found] == ["029.host:2,S"]
    assert read == ["029.host:2,S"]
