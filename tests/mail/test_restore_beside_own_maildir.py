"""A test restore of the host on the same machine, in another folder, with its own copy of
the Maildir (the config of the copy names the copy): its first poll said "this host now
serves the mailbox .../r2/.../maildir-in, which the host at .../host/games served: that
host stops at its next poll", and that host never served the copy, and went on polling its
own Maildir. A claim names the Maildir it was written for now; the copy's host says that
host polls the other and goes on, and it does."""

from __future__ import annotations

import shutil
import socket
from pathlib import Path

from tests.mail.test_host_moved import dropped, maildir_host, wtg
from tests.mail.test_two_hosts_one_mailbox import form_mail
from wtg.cli.demo import filled_aof


def test_a_restore_beside_the_host_on_a_copy_of_its_maildir_tells_the_truth(
    tmp_path: Path,
) -> None:
    maildir = tmp_path / "host" / "maildir-in"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    config, game = maildir_host(tmp_path / "host", maildir)
    assert wtg(config, "poll").exit_code == 0  # it claims its Maildir
    shutil.copytree(tmp_path / "host", tmp_path / "r2" / "host", symlinks=True)
    copy = tmp_path / "r2" / "host" / "maildir-in"
    restored = tmp_path / "r2" / "host" / "wtg.yaml"
    restored.write_text(f"games_dir: games\nmaildir_in: {copy}\n", encoding="utf-8")
    taken = wtg(restored, "poll")
    assert taken.exit_code == 0, taken.output
    place = f"{socket.gethostname()}:{(tmp_path / 'host' / 'games').resolve()}"
    assert taken.stderr == (
        f"wtg: poll: this host now serves the Maildir {copy}, a copy of {maildir.resolve()} "
        f"made with the host at {place} (its claim came with it): that host polls "
        f"{maildir.resolve()}, not this one, and goes on as it was; it is not stopped. Two "
        "hosts of the same games now run: if this one is a trial (a test restore), keep it "
        f"from mailing the players (`wtg --config {restored} send`), or stop one of them\n"
    )
    assert "stops at its next poll" not in taken.stderr
    dropped(maildir, form_mail(filled_aof(game, 1), "g1p1@players.example", 1), "1.a")
    old = wtg(config, "poll")  # as the line says: it goes on
    assert old.exit_code == 0 and old.stdout.startswith("filed 1,"), old.output
    assert old.stderr == ""
