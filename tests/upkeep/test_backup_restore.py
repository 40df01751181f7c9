"""Issue 27, item 4: `wtg backup FILE` archives the whole host, `wtg restore FILE --games-dir
DIR` restores it into an empty folder; the restored host runs the next turn to the same
bytes as the original, the lobby's book keeps its rows, the archive is 0600 and holds no
password."""

from __future__ import annotations

import hashlib
import io
import json
import os
import sqlite3
import stat
import tarfile
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from tests.lobby.hall import START
from tests.upkeep.hosts import (
    IMAP_PASSWORD,
    SMTP_PASSWORD,
    book_rows,
    files_of,
    host_copy,
    unpacked,
)
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import add_list
from wtg.lobby.start import checked_list
from wtg.mail.spool.afterbackup import AFTER_BACKUP
from wtg.upkeep.archive import PASSWORD_MARKER, Hashing
from wtg.upkeep.backup import back_up_host
from wtg.upkeep.restore import restore
from wtg.upkeep.restoredagain import ARCHIVE_MARK


@pytest.fixture
def host(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The host's config file (the host: its folder)."""
    return host_copy(tmp_path / "host", tmp_path_factory.getbasetemp() / "upkeep-template")


def wtg(*args: str, env: dict[str, str | None] | None = None) -> Result:
    return CliRunner(env=env).invoke(main, [*args])


def backed_up(config: Path, archive: Path) -> Result:
    result = wtg("--config", str(config), "backup", str(archive))
    assert result.exit_code == 0, result.output
    return result


def restored(archive: Path, games_dir: Path) -> Result:
    result = wtg("restore", str(archive), "--games-dir", str(games_dir))
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def test_the_next_turn_on_the_restored_host_is_the_same_bytes(host: Path, tmp_path: Path) -> None:
    """Issue 27, item 4: "a test runs a turn after restoring and gets the same bytes as the
    same turn on the original" (both games: one with orders filed by mail, one without)."""
    original = host.parent / "games"
    archive = tmp_path / "backups" / "host.tar.gz"
    archive.parent.mkdir()
    said = backed_up(host, archive).stdout
    assert said.splitlines()[-1].startswith(f"backup {archive}: 2 games, ")
    copy = tmp_path / "elsewhere" / "games"
    restored(archive, copy)
    assert files_of(copy / "wok4-1") == files_of(original / "wok4-1")
    ann = ["p01.parsed.json", "p01.yaml"]  # Ann's orders, by mail
    assert sorted(os.listdir(copy / "wok4-1" / "pending" / "0001")) == ann
    when = START + timedelta(days=3)
    for name in ("wok4-1", "duel"):
        assert open_game(original / name).run_turn(now=when) == 1
        assert open_game(copy / name).run_turn(now=when) == 1
        turn_files = files_of(original / name / "turns" / "0001")
        assert "reports/p01.txt" in turn_files and "state.json" in turn_files
        assert files_of(copy / name / "turns" / "0001") == turn_files
        assert files_of(copy / name) == files_of(original / name)


def test_the_lobby_book_and_the_journal_keep_their_rows(host: Path, tmp_path: Path) -> None:
    original = host.parent / "games"
    rows = book_rows(original)
    assert sorted(str(row[1]) for row in rows["people"]) == ["Ann", "Bob"]
    assert len(rows["pending"]) == 1  # Cleo's JOIN, not yet confirmed
    archive = tmp_path / "host.tar.gz"
    backed_up(host, archive)
    copy = tmp_path / "restored"
    said = restored(archive, copy).stdout
    assert book_rows(copy) == rows
    assert "the lobby's people book" in said.splitlines()[0]
    journal = "file:{}?mode=ro"

    def handled(games_dir: Path) -> list[tuple[object, ...]]:
        db = sqlite3.connect(journal.format(games_dir / ".mail" / "journal.sqlite"), uri=True)
        try:
            return sorted(db.execute("SELECT key, outcome FROM messages").fetchall())
        finally:
            db.close()

    assert len(handled(original)) == 6  # 2 JOINs, 2 CONFIRMs, the orders, a JOIN waiting
    assert handled(copy) == handled(original)
    for mails in ("maildir-in/.processed/cur", "maildir-out/new", "outbox/sent"):
        assert files_of(copy / ".mail" / mails) == files_of(original / ".mail" / mails) != {}


def test_everything_restored_is_private(host: Path, tmp_path: Path) -> None:
    archive = tmp_path / "host.tar.gz"
    os.umask(0o022)  # a GM's usual umask: the archive is 0600 all the same
    backed_up(host, archive)
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600
    copy = tmp_path / "restored"
    restored(archive, copy)
    modes = {
        str(path.relative_to(copy)): stat.S_IMODE(path.lstat().st_mode)
        for path in [copy, *copy.rglob("*")]
    }
    assert len(modes) > 90
    wrong = {name: oct(mode) for name, mode in modes.items() if mode not in (0o700, 0o600)}
    assert wrong == {}
    assert modes["."] == modes["wok4-1"] == modes[".people"] == 0o700
    assert modes["wok4-1/game.yaml"] == modes[".people/people.sqlite"] == 0o600


def test_no_password_is_in_the_archive(host: Path, tmp_path: Path) -> None:
    """The config's password is replaced by a marker, the password file is not copied, and
    the manifest and the command say what to bring back; the bytes of the archive,
    compressed or not, hold neither password."""
    comment = f"# the old password was {IMAP_PASSWORD}\n"
    host.write_text(host.read_text(encoding="utf-8") + comment, encoding="utf-8")
    archive = tmp_path / "host.tar.gz"
    said = backed_up(host, archive).stdout
    raw = archive.read_bytes()
    whole = unpacked(archive)
    for secret in (IMAP_PASSWORD, SMTP_PASSWORD):
        assert secret.encode() not in raw and secret.encode() not in whole
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        copy = tar.extractfile("wtg-backup/wtg.yaml").read().decode()  # type: ignore[union-attr]
        manifest = json.loads(tar.extractfile("wtg-backup/manifest.json").read())  # type: ignore[union-attr]
    assert not any("smtp-password" in name for name in names)
    assert f"password: {PASSWORD_MARKER}, ssl: true" in copy
    assert "# the host's config (a comment of the GM's)" in copy  # the GM's text kept
    assert f"# the old password was {PASSWORD_MARKER}" in copy
    left = manifest["left_out"]
    assert left[0].startswith("imap.password: it was written in the config")
    assert left[1].startswith(f"smtp.password_file {host.parent / 'smtp-password'}: the file")
    assert left[1] in said and left[0] in said
    copy_dir = tmp_path / "restored"
    password_file = host.parent / "smtp-password"
    kept = password_file.read_bytes()
    password_file.unlink()  # another machine, or a disk lost with it: to put back
    steps = restored(archive, copy_dir).stdout
    assert left[0] in steps and left[1] in steps
    assert str(copy_dir / ".restored" / "wtg.yaml") in steps
    password_file.write_bytes(kept)  # restore45: a restore where the host ran, the file
    steps = " ".join(restored(archive, tmp_path / "again").stdout.split())  # still there
    assert left[0] in steps and left[1] not in steps  # before: "put it back (mode 0600)"
    assert (
        f"- smtp.password_file {password_file}: not in the backup, and still in place on this "
        "machine: nothing to put back (`check-config` reads it)"
    ) in steps
    assert manifest["left_out_files"] == [
        {"line": left[1], "what": "smtp.password_file", "path": str(password_file)}
    ]
    # newgm48: "nothing to put back" held only while the config stayed beside the file it
    # names by a relative path; the copy names it by its full path, wherever it is put now
    again = yaml.safe_load((tmp_path / "again" / ".restored" / "wtg.yaml").read_text())
    assert "password_file: smtp-password" in copy
    assert again["smtp"]["password_file"] == str(password_file)
    restored_copy = (copy_dir / ".restored" / "wtg.yaml").read_text(encoding="utf-8")
    assert restored_copy == copy.replace(  # games_dir: the folder restored, the rest as it was
        "games_dir: games", f'games_dir: "{copy_dir}"'
    ).replace(
        "Put them back, and set games_dir to the folder restored.",
        "Put them back; games_dir: the folder restored.",
    )


def test_a_password_given_in_a_block_or_from_the_environment_is_not_copied(
    tmp_path: Path,
) -> None:
    secret_env = "Env-Secret-2342-in-a-variable"
    secret_block = "Block-Secret-9876-literal"
    games = tmp_path / "games"
    games.mkdir(mode=0o700)
    config = tmp_path / "wtg.yaml"
    config.write_text(
        "games_dir: games\ntransport: maildir\n"
        "imap:\n  host: imap.example.org\n  username: gm\n  password_env: WTG_TEST_IMAP\n"
        f"smtp:\n  host: smtp.example.org\n  username: gm\n  password: |\n    {secret_block}\n"
        "  starttls: true\n",
        encoding="utf-8",
    )
    archive = tmp_path / "host.tar.gz"
    result = wtg("--config", str(config), "backup", str(archive), env={"WTG_TEST_IMAP": secret_env})
    assert result.exit_code == 0, result.output
    whole = unpacked(archive)
    assert secret_env.encode() not in whole and secret_block.encode() not in whole
    assert "imap.password_env WTG_TEST_IMAP: the password is in that environment" in result.stdout
    assert "smtp.password: it was written in the config" in result.stdout
    with tarfile.open(archive) as tar:
        copy = tar.extractfile("wtg-backup/wtg.yaml").read().decode()  # type: ignore[union-attr]
    assert f"  password: {PASSWORD_MARKER}\n  starttls: true\n" in copy


def test_a_folder_that_is_not_empty_is_refused(host: Path, tmp_path: Path) -> None:
    archive = tmp_path / "host.tar.gz"
    backed_up(host, archive)
    target = tmp_path / "target"
    target.mkdir()
    (target / "notes.txt").write_text("the GM's\n", encoding="utf-8")
    result = wtg("restore", str(archive), "--games-dir", str(target))
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: {target} is not empty: restore only into an empty or new folder, never over a host\n"
    )
    assert sorted(os.listdir(target)) == ["notes.txt"]
    live = host.parent / "games"
    before = files_of(live)
    result = wtg("restore", str(archive), "--games-dir", str(live))
    assert result.exit_code == 1 and "is not empty" in result.stderr
    assert files_of(live) == before


def test_a_restore_into_an_empty_folder_and_the_manifest(host: Path, tmp_path: Path) -> None:
    archive = tmp_path / "host.tar.gz"
    backed_up(host, archive)
    target = tmp_path / "empty"
    target.mkdir(mode=0o755)
    said = restored(archive, target).stdout.splitlines()
    assert said[0].startswith(
        f"restored {archive} into {target}: 2 games: duel (turn 0), wok4-1 (turn 0); the "
        "lobby's people book; the mail spool and journal; "
    )
    assert stat.S_IMODE(target.stat().st_mode) == 0o700
    manifest = json.loads((target / ".restored" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["games"] == [
        {"name": "duel", "turn": 0, "ruleset": "wok4", "format": 2},
        {"name": "wok4-1", "turn": 0, "ruleset": "wok4", "format": 2},
    ]
    assert manifest["format"] == 1 and manifest["contents"] == "host"
    assert manifest["people_book"] == {"path": ".people/people.sqlite", "format": 2}
    assert manifest["spool"] == {"path": ".mail", "locks_held": ["send", "poll"]}
    assert sorted(manifest["sqlite"]) == [
        ".mail/journal.sqlite",
        ".mail/strangers.sqlite",
        ".people/people.sqlite",
    ]
    assert manifest["games_not_copied"] == [] and manifest["notes"] == []
    assert not (target / ".restoring").exists()


def test_a_backup_inside_the_games_folder_is_refused(host: Path) -> None:
    inside = host.parent / "games" / "host.tar.gz"
    result = wtg("--config", str(host), "backup", str(inside))
    assert result.exit_code == 1
    assert "is inside the games folder" in result.stderr
    assert not inside.exists()
    assert [p for p in inside.parent.iterdir() if p.name.startswith(".host")] == []


@pytest.mark.parametrize("name", ["wtg.yaml", "smtp-password", "notes.txt"])
def test_a_file_that_is_no_backup_is_not_written_over(host: Path, name: str) -> None:
    """`wtg backup wtg.yaml` (the config's name typed where the archive's goes, or a
    file given in the wrong place) wrote the archive over it: the host lost its config,
    the GM a file of his. A backup replaces an earlier backup (a gzip file, the nightly
    cron line's), nothing else."""
    target = host.parent / name
    if not target.exists():
        target.write_text("the GM's notes\n", encoding="utf-8")
    before = target.read_bytes()
    result = wtg("--config", str(host), "backup", str(target))
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: {target} is there and is no backup (no gzip archive): a backup replaces only "
        "an earlier one; give the archive a name of its own, as host.tar.gz\n"
    )
    assert target.read_bytes() == before
    assert [p.name for p in host.parent.iterdir() if p.name.startswith(f".{name}")] == []


def test_an_earlier_backup_is_replaced(host: Path, tmp_path: Path) -> None:
    archive = tmp_path / "host.tar.gz"
    backed_up(host, archive)
    first = archive.stat().st_ino
    backed_up(host, archive)
    assert archive.stat().st_ino != first  # written anew and renamed over it
    empty = tmp_path / "new.tar.gz"
    empty.touch()  # a file made for it, empty: nothing in it to lose
    backed_up(host, empty)


def test_progress_is_told_of_each_step(host: Path, tmp_path: Path) -> None:
    """What a terminal's progress bars show: the backup's steps (the spool, each game), the
    restore's bytes of the archive read, checking it, then restoring it."""
    steps: list[tuple[int, str]] = []
    archive = tmp_path / "host.tar.gz"
    back_up_host(host.parent / "games", archive, progress=lambda n, name: steps.append((n, name)))
    spool = "the mail spool and the lobby's book"
    assert steps == [(3, ""), (1, spool), (1, "duel"), (1, "wok4-1")]
    read: list[tuple[str, int, int]] = []
    restore(archive, tmp_path / "restored", progress=lambda *step: read.append(step))
    size = archive.stat().st_size
    phases = [what for what, _done, _total in read]
    assert phases == sorted(phases) and set(phases) == {"checking", "restoring"}
    for phase in ("checking", "restoring"):
        done = [d for what, d, total in read if what == phase and total == size]
        assert len(done) == phases.count(phase) > 90 and done == sorted(done)
        assert done[-1] > size * 0.9


def test_a_file_cut_shorter_while_it_is_copied_is_made_up_to_its_size(tmp_path: Path) -> None:
    """A file another process truncates in place while the backup reads it (a log rotated
    with copytruncate): the archive stays whole, the file made up to the size it had."""

    class Shrinking(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            return super().read(min(3, size if size is not None and size >= 0 else 3))

    source = Shrinking(b"abcdefgh")
    source.truncate(5)  # cut after its size was taken
    reader = Hashing(source, 8)
    assert reader.read(6) == b"abcde\x00" and reader.short
    assert reader.read(10) == b"\x00\x00" and reader.read(10) == b""
    assert reader.digest.hexdigest() == hashlib.sha256(b"abcde\x00\x00\x00").hexdigest()


def test_a_book_without_a_spool_is_in_the_backup(tmp_path: Path) -> None:
    """A host whose lobby has a waiting list but whose mail never ran (no `.mail` yet)."""
    games = tmp_path / "games"
    games.mkdir()
    with LobbyDatabase(games) as book:
        add_list(book, checked_list("wok4", None, None, None, "any", None, None, None, START))
    archive = tmp_path / "host.tar.gz"
    result = wtg("--games-dir", str(games), "backup", str(archive))
    assert result.exit_code == 0, result.output
    restored(archive, tmp_path / "restored")
    assert book_rows(tmp_path / "restored") == book_rows(games)
    assert len(book_rows(games)["lists"]) == 1


def test_the_restored_config_names_the_folder_restored(host: Path, tmp_path: Path) -> None:
    """The config a backup brings back (`.restored/wtg.yaml`) says games_dir: the folder it
    was restored into. It kept the games_dir of the host backed up, and the GM who put it in
    place and missed the step "set games_dir: ... in it" ran a host whose check-config said
    ok to every line, on the OLD host's games folder (its games run twice, by two hosts), or
    on none."""
    text = host.read_text(encoding="utf-8")
    host.write_text(text.replace("games_dir: games", f"games_dir: {host.parent / 'games'}"))
    archive = tmp_path / "host.tar.gz"
    backed_up(host, archive)
    target = tmp_path / "new host" / "games"
    said = restored(archive, target).stdout
    copy = target / ".restored" / "wtg.yaml"
    assert f"the config, without its passwords, is {copy}: put it where the config lives" in said
    assert f"(its games_dir is {target} now)" in said
    placed = tmp_path / "new host" / "wtg.yaml"
    placed.write_text(copy.read_text(encoding="utf-8"), encoding="utf-8")
    password = placed.parent / "smtp-password"  # the passwords put back, as the steps say
    password.write_bytes((host.parent / "smtp-password").read_bytes())
    password.chmod(0o600)
    checked = wtg("--config", str(placed), "check-config")
    assert f"ok    games_dir {target}: a folder wtg can write in, 2 games" in checked.stdout
    assert str(host.parent / "games") not in checked.stdout
    assert "set games_dir to the folder restored" not in copy.read_text(encoding="utf-8")


def test_the_backup_and_its_restore_say_the_same_files_and_bytes(
    host: Path, tmp_path: Path
) -> None:
    """`wtg backup` said "58 files, 1.3 MB" (its members, the format mark among them, and the
    compressed archive) and the restore of it "57 files, 2.0 MB" (the files it wrote, the
    manifest among them, and their bytes): a GM could not check one against the other.
    Both count the host's files and their bytes, the archive's own members aside, and both
    name the archive's size; the files counted are those the restore wrote."""
    archive = tmp_path / "host.tar.gz"
    line = backed_up(host, archive).stdout.splitlines()[-1]
    target = tmp_path / "new"
    said = restored(archive, target).stdout.splitlines()[0]
    written = [p for p in target.rglob("*") if p.is_file()]
    own_notes = (
        target / ".restored" / "manifest.json",
        target / ".restored" / ARCHIVE_MARK,
        target / ".mail" / AFTER_BACKUP,
    )
    count = len([p for p in written if p not in own_notes])
    with tarfile.open(archive) as tar:
        own = ("wtg-backup/FORMAT", "wtg-backup/manifest.json")
        sizes = [m.size for m in tar.getmembers() if m.isfile() and m.name not in own]
    assert len(sizes) == count
    data = sum(sizes)
    assert count > 10
    assert data > 1000
    size = archive.stat().st_size
    shown = f"{data / 1000:.1f} kB" if data < 1_000_000 else f"{data / 1e6:.1f} MB"
    archived = f"{size / 1000:.1f} kB" if size < 1_000_000 else f"{size / 1e6:.1f} MB"
    assert line.endswith(f", {count} files, {shown} (the archive {archived})"), line
    assert f"; {count} files, {shown} (the archive {archived}; a backup made " in said, said


def test_a_restored_hosts_backup_asks_nothing_back_of_the_restores_own_folder(
    host: Path, tmp_path: Path
) -> None:
    """newgm45: each backup of a host that was once restored listed `.restored/` (the
    config copy and manifest a restore leaves for the GM) under "not in the backup (bring
    it back after a restore)", and its restore listed it again among the next steps: a
    step with nothing to do, on every night's backup. It is left out without a word."""
    first = tmp_path / "first.tar.gz"
    backed_up(host, first)
    moved = tmp_path / "moved" / "games"
    restored(first, moved)
    config = tmp_path / "moved" / "wtg.yaml"
    config.write_text(
        (moved / ".restored" / "wtg.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    second = tmp_path / "second.tar.gz"
    said = backed_up(config, second).stdout
    assert ".restored" not in said
    with tarfile.open(second) as tar:
        manifest = json.load(tar.extractfile("wtg-backup/manifest.json"))  # type: ignore[arg-type]
    assert not [line for line in manifest["left_out"] if ".restored" in line]
    again = restored(second, tmp_path / "again" / "games").stdout
    assert ".restored/:" not in again
