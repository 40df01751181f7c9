"""`wtg backup` of a host whose lobby's book is torn (written over, or damaged inside): it
copied the book as any file and said `backup ...: 1 game, ...` with exit status 0, and cron's
`-q` said nothing, while the night's archive replaced the one whose book was whole. Now the
problem is said (with -q too), the summary line says the book torn, the manifest's
``people_book_torn`` says why, and the command exits 1, as a backup without a game does."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

from tests.gmtyped import ann_and_bob_host, wtg
from wtg.lobby.database import FILE, FOLDER, torn
from wtg.upkeep.backup import torn_name

WRITTEN_OVER = b"written over " * 1000


def test_a_backup_of_a_torn_book_says_so_and_exits_1(tmp_path: Path) -> None:
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    book = tmp_path / "host" / "games" / FOLDER / FILE
    book.write_bytes(WRITTEN_OVER)
    why = torn(book.parent.parent)
    assert why is not None
    out = tmp_path / "host.tar.gz"

    result = wtg("--config", config, "backup", "-q", str(out))

    assert result.exit_code == 1
    problems = [x for x in result.stderr.splitlines() if x.startswith("problem: ")]
    assert problems == [
        f"problem: {why}; the backup holds it as it was, torn (its games restore all the "
        "same): keep an earlier backup too, whose book is whole"
    ]
    (summary,) = [x for x in result.stdout.splitlines() if x.startswith("backup ")]
    assert "the lobby's book torn (copied as it was: keep an earlier backup's)" in summary
    with tarfile.open(out) as archive:
        member = archive.extractfile("wtg-backup/manifest.json")
        assert member is not None
        manifest = json.loads(member.read())
        copied = archive.extractfile(f"wtg-backup/games/{FOLDER}/{FILE}")
        assert copied is not None
        assert copied.read() == WRITTEN_OVER  # as it was: the GM sees what was there
    assert manifest["people_book_torn"] == why


def test_a_backup_of_a_whole_book_says_nothing_of_it(tmp_path: Path) -> None:
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    out = tmp_path / "host.tar.gz"

    result = wtg("--config", config, "backup", "-q", str(out))

    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    with tarfile.open(out) as archive:
        member = archive.extractfile("wtg-backup/manifest.json")
        assert member is not None
        assert json.loads(member.read())["people_book_torn"] is None


def test_a_torn_books_backup_keeps_the_last_backup_of_the_same_name(tmp_path: Path) -> None:
    """The nightly cron line gives one FILE: the night the book tore, its backup replaced
    the last one whose book was whole, and the next night's the one before. FILE is kept as
    it was; the torn book's backup goes beside it (``torn_name``), said. Once the book is
    put back, the next backup replaces FILE as ever."""
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    out = tmp_path / "host.tar.gz"
    assert wtg("--config", config, "backup", "-q", str(out)).exit_code == 0
    good, kept = out.read_bytes(), out.stat().st_ino
    book = tmp_path / "host" / "games" / FOLDER / FILE
    whole = book.read_bytes()
    book.write_bytes(WRITTEN_OVER)
    beside = tmp_path / "host.torn-book.tar.gz"

    for night in (1, 2):  # torn two nights running: the backup before the tear still kept
        result = wtg("--config", config, "backup", "-q", str(out))

        assert result.exit_code == 1, night
        assert (out.read_bytes(), out.stat().st_ino) == (good, kept), night
        problems = [x for x in result.stderr.splitlines() if x.startswith("problem: ")]
        assert problems[1:] == [
            f"problem: {out}, the backup before this one, is kept as it was (keep it until "
            f"the book is put back); this one, whose book is torn, is {beside}"
        ], night
        (summary,) = [x for x in result.stdout.splitlines() if x.startswith("backup ")]
        assert summary.startswith(f"backup {beside}: 1 game, the lobby's book torn"), night
        with tarfile.open(beside) as archive:
            copied = archive.extractfile(f"wtg-backup/games/{FOLDER}/{FILE}")
            assert copied is not None
            assert copied.read() == WRITTEN_OVER

    book.write_bytes(whole)  # put back
    again = wtg("--config", config, "backup", "-q", str(out))
    assert again.exit_code == 0, again.output
    assert out.stat().st_ino != kept  # written anew
    with tarfile.open(out) as archive:
        member = archive.extractfile("wtg-backup/manifest.json")
        assert member is not None
        assert json.loads(member.read())["people_book_torn"] is None


def test_the_name_of_a_torn_books_backup() -> None:
    for given, beside in (
        ("host.tar.gz", "host.torn-book.tar.gz"),
        ("host.tgz", "host.torn-book.tgz"),
        ("host.gz", "host.torn-book.gz"),
        ("host-backup", "host-backup.torn-book"),
    ):
        assert torn_name(Path("/b") / given) == Path("/b") / beside
