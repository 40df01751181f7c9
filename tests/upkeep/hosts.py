"""A host to back up: a lobby's book with people in it, a game made from a waiting list with
an order mail filed for its next turn, a second game made by the GM, a mail spool with a
journal, an outbox and mail in the maildirs, and a config whose passwords are written in
it and kept in a file."""

from __future__ import annotations

import gzip
import io
import shutil
import sqlite3
import tarfile
from pathlib import Path

from click.testing import CliRunner

from tests.conftest import players
from tests.lobby.hall import START, Hall, address, ann_and_bob
from wtg.cli import main
from wtg.game.engine import create_game

IMAP_PASSWORD = "Imap-Secret-4711-inline"
SMTP_PASSWORD = "Smtp-Secret-0815-in-a-file"

CONFIG = f"""# the host's config (a comment of the GM's)
games_dir: games
from: "Game Master <gm@wtg.example>"
transport: maildir
imap: {{host: imap.example.org, username: gm, password: "{IMAP_PASSWORD}", ssl: true}}
smtp:
  host: smtp.example.org
  username: gm
  password_file: smtp-password   # mode 0600
"""

BOOK_TABLES = ("people", "addresses", "plays", "lists", "entries", "pending", "done")


def make_host(root: Path) -> Hall:
    """The host in ``root``: ``root/wtg.yaml``, ``root/games``, ``root/smtp-password``."""
    hall = Hall(root)
    game = ann_and_bob(hall)  # the book: Ann and Bob, their list, the game wok4-1 at turn 0
    hall.mail(address(1), game.aof(1))  # Ann's orders for turn 1, by mail
    hall.poll(hours=1)
    hall.mail(address(3), "JOIN wok4 AS Cleo")  # waits for a CONFIRM in the book
    hall.poll(hours=1)
    hall.send()
    create_game(hall.gm.games_dir / "duel", "wok4", "small", players(2), seed=77, now=START)
    (root / "wtg.yaml").write_text(CONFIG, encoding="utf-8")
    password = root / "smtp-password"
    password.write_text(SMTP_PASSWORD + "\n", encoding="utf-8")
    password.chmod(0o600)
    return hall


_TEMPLATE: dict[str, Path] = {}


def host_copy(root: Path, template_root: Path) -> Path:
    """A copy of the one host made for the session (under ``template_root``) in ``root``;
    its config file."""
    if "host" not in _TEMPLATE:
        made = template_root / "host"
        make_host(made)
        _TEMPLATE["host"] = made
    shutil.copytree(_TEMPLATE["host"], root, symlinks=True)
    return root / "wtg.yaml"


def backed_up(root: Path, template_root: Path) -> Path:
    """A copy of the test host at ``root/host`` (``host_copy``), backed up by `wtg backup`
    into ``root/host.tar.gz``: the archive."""
    config = host_copy(root / "host", template_root)
    archive = root / "host.tar.gz"
    result = CliRunner().invoke(main, ["--config", str(config), "backup", str(archive)])
    assert result.exit_code == 0, result.output
    return archive


def book_rows(games_dir: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the lobby's book, table by table."""
    db = sqlite3.connect(f"file:{games_dir / '.people' / 'people.sqlite'}?mode=ro", uri=True)
    try:
        return {
            table: sorted(db.execute(f"SELECT * FROM {table}").fetchall(), key=repr)
            for table in BOOK_TABLES
        }
    finally:
        db.close()


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (but the empty lock files and SQLite's), by path."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = path.name
        lock = name.endswith(".lock") and path.stat().st_size == 0
        if path.is_file() and not lock and ".sqlite" not in name:
            found[str(path.relative_to(folder))] = path.read_bytes()
    return found


def unpacked(archive: Path) -> bytes:
    """Every byte of the archive, decompressed."""
    return gzip.decompress(archive.read_bytes())


def tar_gz(members: list[tuple[tarfile.TarInfo, bytes | None]]) -> bytes:
    """A .tar.gz of these members, as a hostile hand would make it."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz", format=tarfile.PAX_FORMAT) as tar:
        for info, data in members:
            if data is not None:
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                tar.addfile(info)
    return out.getvalue()
