"""A file or folder of the host closed to its own user by a mode (a `chmod 000` at 2 a.m., a
`chmod -R a-rwx` typed for `go-rwx`, a copy that kept no modes) stopped the poll with
"PermissionError: Permission denied" and no file named, and every other command said
"[Errno 13] Permission denied: '...'" with nothing to type. Now each names the file or
folder, its mode and the `chmod` that gives its owner back what wtg needs, opening nothing
to anyone else; after it, the mail that waited is filed, nothing lost.

The commands run as nobody (the effective uid only, set back after each, as in
tests/test_another_users_files.py): root passes every mode. Each is run first as root on a
throwaway copy, so that the modules it imports are loaded (Python's own live in root's home
here, which nobody may read).
"""

from __future__ import annotations

import mailbox
import os
import shutil
import tempfile
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_another_users_files import ENV, NOBODY, PLAYERS, as_nobody, wtg
from wtg.cli import main
from wtg.game.engine import open_game

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0, reason="runs commands as another user (seteuid): run as root (CI does)"
)


def give(folder: Path, uid: int) -> None:
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, uid, uid)


@pytest.fixture
def host() -> Iterator[Path]:
    """A host made by `wtg init` with the game g1 (turn 0 mailed) and Ann's orders for
    turn 1 in the inbox; warmed up as root, then given to nobody."""
    top = Path(tempfile.mkdtemp(prefix="wtg-modes-"))
    os.chmod(top, 0o755)
    folder = top / "host"
    try:
        assert CliRunner(env=ENV).invoke(main, ["init", str(folder)]).exit_code == 0
        made = wtg(folder, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
        assert made.exit_code == 0, made.output
        assert wtg(folder, "send").exit_code == 0
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = "ann@example.org", "gm@localhost", "orders"
        msg["Message-ID"] = "<g1-ann@example.org>"
        msg.set_content(open_game(folder / "games" / "g1").aof(1).replace("R1: _", "R1: 1"))
        mailbox.Maildir(folder / "games" / ".mail" / "maildir-in", create=False).add(msg)
        warm = top / "warm"  # the mail filed there: what filing and answering import
        shutil.copytree(folder, warm, symlinks=True)
        for args in (("poll",), ("send",), ("status",), ("quarantine",)):
            wtg(warm, *args)
        give(folder, NOBODY)
        yield folder
    finally:
        shutil.rmtree(top)


def closed(path: Path, mode: str, fix: str) -> str:
    return (
        f"{path} is mode {mode}, closed to its owner, nobody, whom wtg runs as (a chmod, or a "
        f"copy that kept no modes, made it so?): run `{fix}` (it opens nothing to anyone else)"
    )


def test_a_pending_folder_closed_says_its_mode_and_the_chmod_and_the_mail_waits(
    host: Path,
) -> None:
    games = host / "games"
    pending = games / "g1" / "pending"
    os.chmod(pending, 0)
    with as_nobody():
        poll = wtg(host, "poll", "-v")
    note = closed(pending, "0000", f"chmod -R u+rwX {games}")
    assert poll.exit_code == 1
    assert f"later: {pending}: Permission denied: {note} (the mail waits in the inbox)" in (
        poll.stdout
    ), poll.output
    os.chmod(pending, 0o700)  # what the line says, as nobody would: u+rwX
    with as_nobody():
        again = wtg(host, "poll")
    assert again.stdout == "filed 1, rejected 0, quarantined 0, ignored 0\n", again.output
    assert (pending / "0001" / "p01.yaml").is_file()


def test_an_outbox_closed_stops_the_poll_naming_it_and_the_chmod(host: Path) -> None:
    """The poll said `the poll stopped: PermissionError: Permission denied`: no file."""
    games = host / "games"
    outbox = games / ".mail" / "outbox"
    os.chmod(outbox, 0)
    with as_nobody():
        poll, send = wtg(host, "poll"), wtg(host, "send")
    note = closed(outbox, "0000", f"chmod -R u+rwX {games}")
    assert (poll.exit_code, poll.stderr) == (
        1,
        f"wtg: the poll stopped: {outbox / 'queue'}: Permission denied: {note} (what it "
        "filed is kept, and the next poll takes up the rest)\n",
    )
    assert (send.exit_code, send.stderr) == (
        1,
        f"wtg: {outbox / 'queue'}: Permission denied: {note}\n",
    )


def test_a_config_closed_names_the_chmod_of_the_file(host: Path) -> None:
    config = host / "wtg.yaml"
    os.chmod(config, 0o200)
    with as_nobody():
        status = wtg(host, "status")
    note = closed(config, "0200", f"chmod u+rw {config}")
    assert (status.exit_code, status.stderr) == (
        1,
        f"wtg: {config}: cannot read the config file: Permission denied: {note}\n",
    )
