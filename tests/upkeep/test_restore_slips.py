"""A tired GM's slips with `wtg restore` (newgm46): the folder typed with a space pasted at
an end of its name, the restore given again into the folder it filled, and given in a second
terminal while the first one runs. Each is said for what it is, and nothing of the first
restore is undone."""

from __future__ import annotations

import gzip
import json
import os
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests import killpoints
from tests.pausedwtg import Entering, paused_at, start
from tests.upkeep.hosts import backed_up
from wtg.cli import main
from wtg.upkeep import restore as restore_module
from wtg.upkeep.restoredagain import ARCHIVE_MARK, archive_mark


@pytest.fixture(scope="module")
def backup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A good backup of the test host."""
    root = tmp_path_factory.mktemp("slips")
    return backed_up(root, tmp_path_factory.getbasetemp() / "upkeep-template")


def restore(backup: Path, target: Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["restore", str(backup), "--games-dir", str(target)])
    return result.exit_code, result.stdout, result.stderr


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_folder_named_with_a_space_at_an_end_is_refused(backup: Path, tmp_path: Path) -> None:
    """`--games-dir "/srv/wtg/games "`, pasted along: the host was restored into a folder
    `cd /srv/wtg/games` never finds, and the config placed named it so."""
    for given, spaced in ((tmp_path / "games ", "games "), (tmp_path / " new" / "games", " new")):
        meant = Path(*(part.strip() for part in given.parts))
        code, out, err = restore(backup, given)
        assert (code, out) == (1, ""), err
        assert err == (
            f"wtg: {str(given)!r}: the folder name {spaced!r} begins or ends with a space: "
            f"give it without ({meant}); nothing written\n"
        )
    assert list(tmp_path.iterdir()) == []


def test_the_restore_given_again_says_it_holds_that_backup(backup: Path, tmp_path: Path) -> None:
    """The line typed twice: told before to stop the host, move the folder aside and
    restore again (as for today's games), which set apart what the restored host had filed
    since. Now told it holds this backup, nothing done; once the GM moved the config copy
    into place, the copy is not named. Another backup given over it is refused as ever."""
    target = tmp_path / "games"
    first = restore(backup, target)
    assert first[0] == 0, first
    before = files_under(target)
    code, out, err = restore(backup, target)
    assert (code, out) == (1, "")
    said = " ".join(err.split())
    assert said.startswith(
        f"wtg: {target} holds this backup already, restored by an earlier `wtg restore` (the "
        "backup made "
    )
    assert said.endswith(
        f"of {backup.parent / 'host' / 'games'}): nothing done; go on with the "
        "steps that restore said (the config, without its passwords, is "
        f"{target / '.restored' / 'wtg.yaml'}: put it where the config lives), then `wtg "
        "--config CONFIG check-config`; to restore it anew over what ran on it since, move "
        f"this folder aside first (`mv {target} {tmp_path / 'games-before-restore'}`)"
    ), said
    assert files_under(target) == before
    (target / ".restored" / "wtg.yaml").rename(tmp_path / "wtg.yaml")  # put in place
    code, _, err = restore(backup, target)
    assert code == 1 and "(the config, without" not in err
    assert "nothing done; go on with the steps that restore said, then `wtg" in " ".join(
        err.split()
    )
    other = tmp_path / "other.tar.gz"
    made = CliRunner().invoke(
        main, ["--config", str(tmp_path / "wtg.yaml"), "backup", "-q", str(other)]
    )
    assert made.exit_code == 0, made.output
    code, _, err = restore(other, target)
    assert code == 1 and err.startswith(f"wtg: {target} is not empty: restore only into")


def test_a_restore_beside_one_under_way_stops_and_writes_nothing(
    backup: Path, tmp_path: Path
) -> None:
    """Given in a second terminal while the first unpacks: it took the first one's
    `.restoring` for a restore cut short and removed it under it; both failed (`the
    manifest lists a database the archive lacks`, `Directory not empty`) and the folder was
    left half restored. Now it stops at once; the first one finishes."""
    target = tmp_path / "restored" / "games"
    args = ["restore", str(backup), "--games-dir", str(target)]
    with paused_at(Entering("wtg.upkeep.restore:_unpack"), args, tmp_path):
        during = sorted(p.name for p in target.iterdir())
        second = killpoints.wtg(args)
        assert (second.returncode, second.stdout) == (1, ""), second.stderr
        assert " ".join(second.stderr.split()) == (
            f"wtg: {target}: another `wtg restore` is restoring into it now (given in another "
            "terminal, or twice): nothing done here; that one goes on, and says what to do "
            "next when it is done"
        )
        assert sorted(p.name for p in target.iterdir()) == during == [".restoring"]
    assert (target / "duel" / "game.yaml").is_file()
    assert not (target / ".restoring").exists()
    code, _, err = restore(backup, target)
    assert code == 1 and "holds this backup already" in err


def test_the_restore_given_again_answers_without_reading_the_archive_whole(
    backup: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hosts47: the restore given again read the whole archive (its manifest is its last
    member) before it said it held that backup already, minutes of a big host's at 2 a.m.
    The first restore keeps the archive's mark (gzip's CRC-32 and size, its last bytes),
    which answers at once; another backup's mark is not it, refused as ever, unread."""
    target = tmp_path / "games"
    assert restore(backup, target)[0] == 0
    assert json.loads((target / ".restored" / ARCHIVE_MARK).read_text()) == archive_mark(backup)

    def read_whole(source: Path, progress: object = None) -> None:
        raise AssertionError(f"{source} read whole")

    monkeypatch.setattr(restore_module, "verify", read_whole)
    code, _, err = restore(backup, target)
    assert code == 1 and f"wtg: {target} holds this backup already" in err, err
    recompressed = tmp_path / "again.tar.gz"  # gunzip, then gzip -9: the same backup
    recompressed.write_bytes(gzip.compress(gzip.decompress(backup.read_bytes()), 9))
    assert recompressed.read_bytes() != backup.read_bytes()
    code, _, err = restore(recompressed, target)
    assert code == 1 and "holds this backup already" in err, err
    other = tmp_path / "other.tar.gz"
    other.write_bytes(gzip.compress(gzip.decompress(backup.read_bytes()) + bytes(512), 9))
    code, _, err = restore(other, target)
    assert code == 1 and err.startswith(f"wtg: {target} is not empty: restore only into"), err


def test_a_restore_stopped_by_ctrl_c_says_to_give_it_again(backup: Path, tmp_path: Path) -> None:
    """hosts47: Ctrl-C in the restore said the line of every command, "the same command
    given again takes up the rest (`wtg status` shows where the games stand)": `wtg status`
    refuses a folder being restored. It says the folder holds a restore cut short, and the
    restore to give again."""
    target = tmp_path / "restored" / "games"
    args = ["restore", str(backup), "--games-dir", str(target)]
    with start(args, Entering("wtg.upkeep.restore:_unpack"), tmp_path, "cut") as paused:
        assert paused.reached(), paused.output()
        os.killpg(paused.proc.pid, signal.SIGINT)
        ended = paused.go()
    assert ended.returncode == 1, ended
    assert " ".join(ended.stderr.split()) == (
        f"wtg: restore: interrupted (Ctrl-C): {target} holds a restore cut short (its "
        f".restoring), which no command runs on: give the same `wtg restore {backup} "
        f"--games-dir {target}` again, which removes what this one left and restores anew"
    )
    code, out, _ = restore(backup, target)
    assert code == 0 and out.startswith(f"{target} held a restore cut short: removed")
