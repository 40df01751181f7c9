"""Issue 27, item 4: `wtg restore` refuses an archive that is not a wtg backup, is damaged,
or is hostile (a member that would land outside DIR: an absolute name, `..`, a link), in
one line, before it writes anything: DIR is not even made, and nothing appears outside it."""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.upkeep.hosts import backed_up, host_copy, tar_gz
from wtg.cli import main

Members = list[tuple[tarfile.TarInfo, bytes | None]]


@pytest.fixture(scope="module")
def backup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A good backup of the test host."""
    root = tmp_path_factory.mktemp("refusals")
    return backed_up(root, tmp_path_factory.getbasetemp() / "upkeep-template")


def members_of(archive: Path) -> Members:
    found: Members = []
    with tarfile.open(archive) as tar:
        for info in tar:
            handle = tar.extractfile(info) if info.isreg() else None
            found.append((info, handle.read() if handle is not None else None))
    return found


def repacked(archive: Path, change: Callable[[Members], Members], listed: bool = True) -> bytes:
    """The backup's members changed by ``change``; with ``listed`` the manifest lists the
    files as they are now (a hostile archive made to pass the check of sizes and hashes)."""
    members = change(members_of(archive))
    if listed:
        *rest, (info, data) = members
        assert info.name == "wtg-backup/manifest.json" and data is not None
        manifest = json.loads(data)
        manifest["files"] = {
            i.name: [len(d), hashlib.sha256(d).hexdigest()]
            for i, d in rest
            if d is not None and i.isreg()
        }
        members = [*rest, (info, json.dumps(manifest).encode())]
    return tar_gz(members)


def member(name: str, kind: bytes = tarfile.REGTYPE, target: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = target
    info.mode = 0o600
    return info


def evil(*added: tuple[tarfile.TarInfo, bytes | None]) -> Callable[[Members], Members]:
    """Members added after the first (the backup's FORMAT)."""
    return lambda members: [members[0], *added, *members[1:]]


def refused(tmp_path: Path, data: bytes, words: str) -> None:
    """``data`` as an archive, restored into ``tmp_path/new``: refused in one line holding
    ``words``; nothing written, inside or outside."""
    archive = tmp_path / "given.tar.gz"
    archive.write_bytes(data)
    before = sorted(p.name for p in tmp_path.iterdir())
    target = tmp_path / "new"
    result = CliRunner().invoke(main, ["restore", str(archive), "--games-dir", str(target)])
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"wtg: {archive}: "), result.stderr
    assert words in lines[0]
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no DIR, nothing beside it
    assert not (tmp_path.parent / "evil.txt").exists()


HOSTILE = {
    "dot-dot": (
        evil((member("wtg-backup/games/../../evil.txt"), b"x")),
        "'wtg-backup/games/../../evil.txt' is a name no wtg backup writes",
    ),
    "absolute": (
        evil((member("/tmp/evil.txt"), b"x")),
        "'/tmp/evil.txt' is a name no wtg backup writes",
    ),
    "outside the backup's folder": (
        evil((member("evil.txt"), b"x")),
        "'evil.txt' is a name no wtg backup writes",
    ),
    "symlink then a file through it": (
        evil(
            (member("wtg-backup/games/link", tarfile.SYMTYPE, ".."), None),
            (member("wtg-backup/games/link/evil.txt"), b"x"),
        ),
        "'wtg-backup/games/link' is a link",
    ),
    "hard link": (
        evil((member("wtg-backup/games/hard", tarfile.LNKTYPE, "/etc/passwd"), None)),
        "'wtg-backup/games/hard' is a link",
    ),
    "fifo": (
        evil((member("wtg-backup/games/fifo", tarfile.FIFOTYPE), None)),
        "'wtg-backup/games/fifo' is a special file",
    ),
    "a name twice": (
        lambda members: [*members[:-1], members[3], members[-1]],
        "is in the archive twice",
    ),
    "a file, then a folder below it": (
        evil(
            (member("wtg-backup/games/x"), b"x"),
            (member("wtg-backup/games/x/evil.txt"), b"x"),
        ),
        "'wtg-backup/games/x/evil.txt' is both a file and a folder",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_archive_is_refused_before_anything_is_written(
    case: str, backup: Path, tmp_path: Path
) -> None:
    """Issue 27, item 4: path traversal, an absolute name, a symlink member and the like, in
    an archive otherwise a good backup whose manifest lists them."""
    change, words = HOSTILE[case]
    refused(tmp_path, repacked(backup, change), words)


def test_a_damaged_archive_is_refused(backup: Path, tmp_path: Path) -> None:
    data = backup.read_bytes()
    refused(tmp_path, data[: len(data) // 2], "not a wtg backup, or damaged")
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x55
    refused(tmp_path, bytes(flipped), "")
    refused(tmp_path, data[:-4], "not a wtg backup, or damaged")  # gzip's length cut


def test_a_file_changed_in_the_archive_is_refused(backup: Path, tmp_path: Path) -> None:
    def changed(members: Members) -> Members:
        out = []
        for info, data in members:
            if info.name.endswith("wok4-1/game.yaml"):
                assert data is not None
                data = data.replace(b"Ann", b"Eve")
            out.append((info, data))
        return out

    refused(
        tmp_path,
        repacked(backup, changed, listed=False),
        "wtg-backup/games/wok4-1/game.yaml is not the file the manifest lists",
    )


def test_what_is_not_a_wtg_backup_is_refused(backup: Path, tmp_path: Path) -> None:
    refused(tmp_path, b"just some text\n", "not a wtg backup, or damaged")
    other = tar_gz([(member("notes/todo.txt"), b"buy milk\n")])
    refused(tmp_path, other, "'notes/todo.txt' is a name no wtg backup writes")
    other = tar_gz([(member("wtg-backup/games/x.txt"), b"x")])
    refused(tmp_path, other, "'wtg-backup/games/x.txt' comes first: not a wtg backup")
    refused(tmp_path, repacked(backup, lambda m: m[:-1], listed=False), "no manifest at its end")
    plain = io.BytesIO()
    with tarfile.open(fileobj=plain, mode="w") as tar:  # a tar, not gzip-compressed
        tar.addfile(member("wtg-backup/FORMAT"), io.BytesIO(b""))
    refused(tmp_path, plain.getvalue(), "not a wtg backup, or damaged")


def test_a_backup_of_a_newer_format_is_refused(backup: Path, tmp_path: Path) -> None:
    def newer(members: Members) -> Members:
        return [(members[0][0], b"wtg backup 2\n"), *members[1:]]

    refused(tmp_path, repacked(backup, newer), "a backup of format 2, made by a newer wtg")


def test_a_restore_given_what_it_cannot_use_says_so_in_one_line(
    backup: Path, tmp_path: Path
) -> None:
    """Issue 25, item 18's rule for `wtg restore`, whose folders are its own: the backup
    missing or a folder, DIR a file or under one: one `wtg:` line each, exit 1."""
    afile = tmp_path / "afile"
    afile.write_text("a file\n", encoding="utf-8")
    cases = {
        (str(tmp_path / "none.tar.gz"), str(tmp_path / "d1")): (
            f"wtg: {tmp_path / 'none.tar.gz'}: no such file (the backup to restore)"
        ),
        (str(tmp_path), str(tmp_path / "d2")): f"wtg: {tmp_path}: a folder, not a backup",
        (str(backup), str(afile)): f"wtg: {afile} is not a folder: restore into an empty folder",
        (str(backup), str(afile / "games")): f"wtg: {afile / 'games'}: Not a directory",
    }
    for (source, target), said in cases.items():
        result = CliRunner().invoke(main, ["restore", source, "--games-dir", target])
        assert (result.exit_code, result.stdout) == (1, ""), result.output
        assert result.stderr.splitlines() == [said]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_a_restore_into_a_folder_inside_a_hosts_games_folder_is_refused(
    backup: Path, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """`wtg restore FILE --games-dir ~/wtg/games/restored` (the path typed one folder too
    deep, or the live host's games folder taken for the place of a copy) restored a whole
    host, its spool and book, inside the running host's games folder, where its polls,
    turns and backups take that folder for one of its own; inside a game's folder too.
    Refused, nothing written, naming the folder and one outside to restore into."""
    host_copy(tmp_path / "host", tmp_path_factory.getbasetemp() / "upkeep-template")
    games = tmp_path / "host" / "games"
    before = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))
    cases = {
        games / "restored": (
            f"wtg: {games / 'restored'} is inside {games}, a host's games folder: restore into "
            "a new folder of its own, outside any host's games folder (say "
            f"{tmp_path / 'host' / 'restored'}); nothing written"
        ),
        games / "duel" / "copy" / "games": (
            f"wtg: {games / 'duel' / 'copy' / 'games'} is inside {games / 'duel'}, the folder "
            "of the game duel: restore into a new folder of its own, outside any host's games "
            f"folder (say {tmp_path / 'host' / 'games-restored'}); nothing written"
        ),
    }
    for target, said in cases.items():
        result = CliRunner().invoke(main, ["restore", str(backup), "--games-dir", str(target)])
        assert (result.exit_code, result.stdout) == (1, ""), result.output
        assert result.stderr.splitlines() == [said]
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == before
    beside = tmp_path / "host" / "restored"
    result = CliRunner().invoke(main, ["restore", str(backup), "--games-dir", str(beside)])
    assert result.exit_code == 0, result.output
    assert (beside / "duel" / "game.yaml").is_file()


def test_a_restore_over_a_hosts_games_folder_says_what_to_type(
    backup: Path, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Last night's backup given over today's games folder (newgm45): refused, as ever, and
    now with what to type: the folder moved aside and kept (what was filed and run since
    the backup is only there), then the same restore; or a rollback of one game, which keeps
    the turns it takes back. It said only "never over a host", and a tired GM's next try
    was `rm -rf` of the games folder."""
    host_copy(tmp_path / "host", tmp_path_factory.getbasetemp() / "upkeep-template")
    games = tmp_path / "host" / "games"
    before = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))
    result = CliRunner().invoke(main, ["restore", str(backup), "--games-dir", str(games)])
    assert (result.exit_code, result.stdout) == (1, ""), result.output
    assert result.stderr.splitlines() == [
        f"wtg: {games} is not empty: restore only into an empty or new folder, never over a "
        "host; it is a host's games folder (2 games: duel, wok4-1): to put the backup in its "
        "place, stop what runs the host (cron's wtg lines, wtg serve), move this folder aside "
        f"and keep it (`mv {games} {games}-before-restore`: what was filed and run since the "
        "backup is only there), then give the same `wtg restore` again; to take one game "
        "back some turns instead, `wtg rollback GAME --to N` does it in place and keeps the "
        "turns it takes back"
    ]
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == before
    (games).rename(tmp_path / "host" / "games-before-restore")  # as it says
    again = CliRunner().invoke(main, ["restore", str(backup), "--games-dir", str(games)])
    assert again.exit_code == 0, again.output
    assert (games / "duel" / "game.yaml").is_file()


def test_the_folder_to_move_aside_is_quoted_for_the_shell(
    backup: Path, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The `mv` a restore over a host's games folder gives, of a folder whose path has a
    blank: quoted, it moves the folder, where unquoted it moved nothing (or the wrong
    files, the words read as several paths)."""
    host_copy(tmp_path / "my host", tmp_path_factory.getbasetemp() / "upkeep-template")
    games = tmp_path / "my host" / "games"
    result = CliRunner().invoke(main, ["restore", str(backup), "--games-dir", str(games)])
    assert result.exit_code == 1, result.output
    aside = tmp_path / "my host" / "games-before-restore"
    assert f"(`mv '{games}' '{aside}'`: what was filed" in result.stderr.replace("\n", " ")
