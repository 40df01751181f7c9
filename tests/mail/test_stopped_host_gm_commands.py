"""The GM's commands given on the old host that a copy of it took the mailbox over from
(the wrong machine's shell): each stops before it changes anything, exit 1, with the line
that says which host serves the mailbox (``wtg.cli.movedhost``). Before, each said it was
done: a hold, a deadline moved, an announcement, a game ended, a seat offered, a digest
mailed, all in the old host's out-of-date copy of the games, which its `wtg send` (stopped
too) never mails, while the host that serves the games ran on as if nothing were typed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.mail.test_host_moved import maildir_host, wtg
from tests.mail.test_stopped_host_mails_nothing import STOPPED, queued
from wtg.files.gamesfolder import SPOOL
from wtg.game.engine import open_game

COMMANDS = [
    ("hold", "g1"),
    ("hold", "g1", "--undo"),
    ("release", "g1"),
    ("extend", "g1", "24"),
    ("rollback", "g1", "--to", "0"),
    ("rollback", "g1", "--undo"),
    ("new-code", "g1", "--player", "1"),
    ("announce", "g1", "the deadline moves to Friday"),
    ("announce", "--all", "the deadline moves to Friday"),
    ("end", "g1", "--yes"),
    ("report", "g1", "--player", "1", "--mail"),
    ("offer-seat", "g1", "1"),
    ("open-list", "wok4"),
    ("close-list", "wok4"),
    ("digest", "--mail"),
    ("orders", "g1", "-", "--player", "1"),
    ("quarantine", "--release-held"),
    ("outbox", "--retry-all"),
    ("bounces", "--clear", "g1p1@players.example"),
    (
        "new-game",
        "g2",
        "--ruleset",
        "wok4",
        "--player",
        "A:a@x.example",
        "--player",
        "B:b@x.example",
    ),
]


def copied(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A host on a Maildir, polled once, and copied (`cp -a`): the old host's config, the
    copy's, and the Maildir."""
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    old_config, _ = maildir_host(tmp_path / "old", maildir)
    assert wtg(old_config, "poll").exit_code == 0  # it claims the Maildir
    shutil.copytree(tmp_path / "old", tmp_path / "new", symlinks=True)
    return old_config, tmp_path / "new" / "wtg.yaml", maildir


def moved(tmp_path: Path) -> tuple[Path, Path, Path]:
    """``copied``, and the copy polled: it claims the Maildir, and the old host stops."""
    old_config, new_config, maildir = copied(tmp_path)
    assert wtg(new_config, "poll").exit_code == 0
    return old_config, new_config, maildir


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` but the mail spool's, with its bytes."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and SPOOL not in path.relative_to(folder).parts
    }


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_gm_command_on_the_old_host_does_nothing_and_says_where(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    old_config, _, maildir = moved(tmp_path)
    games = tmp_path / "old" / "games"
    before, waiting = files_of(games), queued(games)
    given = wtg(old_config, *args)
    assert given.exit_code == 1, given.output
    assert given.stderr.startswith(f"wtg: {args[0]}: {STOPPED}{maildir}: the host at ")
    said = given.stderr.rstrip()
    assert "; nothing was done here (the games here are an out-of-date copy, and this host " \
        "mails nothing): give `wtg --config " in said  # fmt: skip
    assert said.endswith(f"wtg.yaml {args[0]}` on the host that serves the mailbox")
    assert files_of(games) == before  # the game, the lobby's book: as they were
    assert queued(games) == waiting == []
    assert open_game(games / "g1").held() is None


def test_the_host_that_serves_the_mailbox_takes_the_same_commands(tmp_path: Path) -> None:
    _, new_config, _ = moved(tmp_path)
    games = tmp_path / "new" / "games"
    assert wtg(new_config, "hold", "g1").exit_code == 0
    assert open_game(games / "g1").held() is not None
    announced = wtg(new_config, "announce", "g1", "the deadline moves to Friday")
    assert announced.exit_code == 0, announced.output
    assert wtg(new_config, "digest", "--mail").exit_code == 0
    assert len(queued(games)) == 2 + 2 + 1  # the hold's two notices, the two mails, the digest


def test_the_old_hosts_digest_on_the_screen_says_it_is_out_of_date(tmp_path: Path) -> None:
    """Without --mail the digest is printed (the GM reads what the old copy holds), and a
    note on stderr says it is of an out-of-date copy, and which host serves the mailbox."""
    old_config, _, maildir = moved(tmp_path)
    shown = wtg(old_config, "digest")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("wtg digest, ")
    assert "\nTurns run (1):\n  g1 turn 0 at " in shown.stdout
    assert shown.stderr.startswith(
        "wtg: note: this digest is of this host's copy of the games, out of date: "
        f"{STOPPED}{maildir}: the host at "
    )
    assert shown.stderr.rstrip().endswith(
        "; the host that serves the mailbox has the digest to read"
    )


def test_a_gm_command_in_a_copy_made_to_look_around_claims_nothing(tmp_path: Path) -> None:
    """A copy of a host made to look around in (`cp -a`, its host-claim.json with it), a
    GM's command given there (`send`, `remind`, a hand `run-turn GAME` too): its look at
    the claims finds the copy the newer host, and claimed the mailbox for it, and the host
    that serves the games stopped at its next poll. The look of a command that takes no
    mail claims nothing: the serving host polls on (a copy claims at its poll)."""
    config, copy, maildir = copied(tmp_path)
    for args in (("digest",), ("hold", "g1"), ("release", "g1"), ("remind",), ("send",)):
        given = wtg(copy, *args)
        assert given.exit_code == 0, (args, given.output)
    assert wtg(copy, "run-turn", "g1", "--now").exit_code == 0
    assert len(list((maildir / ".wtg-host" / "new").iterdir())) == 1  # the host's own
    polled = wtg(config, "poll")
    assert polled.exit_code == 0, polled.output
