"""A command run once as root on a host its own user runs (an older wtg's `sudo wtg run-turn
g1 --now`, `sudo wtg poll`) leaves files only root may read (0600, 0700) in the game folder
and the mail spool. The host's cron, run as its user, met them as "[Errno 13] Permission
denied: '...'": no word of whose the file is or what to do, `wtg status` said the orders
root had filed were missing, and the poll stopped without naming a file. Now each says,
in one line, the file, its owner, who wtg runs as, and the `chown -R` to run on the games
folder; after it, the host goes on with nothing lost.

The tests run as root here: the host's user is nobody (the effective uid only, set back
after each command, as in tests/test_broken_environments.py), each command run first as
root on a throwaway copy so that the modules it imports are loaded (Python's own live in
root's home here, which nobody may read).
"""

from __future__ import annotations

import contextlib
import mailbox
import os
import pwd
import shutil
import tempfile
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.engine import open_game

NOBODY = 65534
PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")
ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0, reason="gives files to another user (chown): run as root (CI does)"
)


def wtg(host: Path, *args: str) -> Result:
    result = CliRunner(env=ENV).invoke(main, ["--config", str(host / "wtg.yaml"), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


@pytest.fixture
def host() -> Iterator[Path]:
    """A host made by `wtg init` in a folder others may walk through, with the game g1
    (turn 0 mailed), all root's for now."""
    top = Path(tempfile.mkdtemp(prefix="wtg-owner-"))
    os.chmod(top, 0o755)
    folder = top / "host"
    try:
        assert CliRunner(env=ENV).invoke(main, ["init", str(folder)]).exit_code == 0
        os.chmod(folder, 0o755)
        os.chmod(folder / "wtg.yaml", 0o644)
        made = wtg(folder, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
        assert made.exit_code == 0, made.output
        assert wtg(folder, "send").exit_code == 0
        yield folder
    finally:
        shutil.rmtree(top)


def order_mail(host: Path, game: str = "g1", sender: str = "ann@example.org") -> None:
    """The orders of the first player of ``game`` (``sender``) in the inbox."""
    aof = open_game(host / "games" / game).aof(1)
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, "gm@localhost", "orders"
    msg["Message-ID"] = f"<{game}@example.org>"
    msg.set_content(aof.replace("R1: _", "R1: 1"))
    mailbox.Maildir(host / "games" / ".mail" / "maildir-in", create=False).add(msg)


def run_as_root(host: Path, *args: str) -> set[Path]:
    """``args`` run as root on the host, and everything that was there before given to
    nobody: the files that command made are left root's. Those files."""
    before = {host, *host.rglob("*")}
    assert wtg(host, *args).exit_code == 0
    for path in before:
        with contextlib.suppress(FileNotFoundError):  # a mail the poll moved on
            os.chown(path, NOBODY, NOBODY)
    return {*host.rglob("*")} - before


def warm_up(host: Path, commands: list[tuple[str, ...]]) -> None:
    """Each command run once as root on a copy of the host: what it imports is loaded."""
    copy = Path(tempfile.mkdtemp(prefix="wtg-warm-")) / "host"
    try:
        shutil.copytree(host, copy, symlinks=True)
        for path in [copy, *copy.rglob("*")]:
            os.chown(path, 0, 0)
        for args in commands:
            wtg(copy, *args)
    finally:
        shutil.rmtree(copy.parent)


@contextlib.contextmanager
def as_nobody() -> Iterator[None]:
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)


def give_back(host: Path) -> None:
    """What the line asks the GM to run: `chown -R nobody GAMES`."""
    for path in [host / "games", *(host / "games").rglob("*")]:
        os.chown(path, NOBODY, NOBODY)


def said(games: Path, denied: Path, owned: Path) -> str:
    return (
        f"{denied}: Permission denied: {owned} belongs to root, and wtg runs as nobody (a "
        "command run as root, or by sudo, made it?): run `chown -R nobody "
        f"{games}` as root"
    )


def test_a_turn_root_ran_is_named_with_its_owner_and_the_chown(host: Path) -> None:
    games = host / "games"
    made = run_as_root(host, "run-turn", "g1", "--now")
    turn = games / "g1" / "turns" / "0001"
    assert turn in made
    commands = [("run-turn", "g1", "--now"), ("run-turn", "--due"), ("status",), ("send",)]
    warm_up(host, commands)
    with as_nobody():
        by_hand, due, status, send = (wtg(host, *args) for args in commands)
    state = turn / "state.json"
    assert (by_hand.exit_code, by_hand.stderr) == (1, f"wtg: {said(games, state, turn)}\n")
    assert due.exit_code == 1
    assert due.stderr == f"g1: failed: {said(games, state, turn)}\n"
    assert status.stdout == f"{games / 'g1'}: cannot be read, skipped: {said(games, state, turn)}\n"
    assert said(games, state, turn) in send.stderr  # send reads the state first (its seats)
    give_back(host)
    with as_nobody():
        sent = wtg(host, "send")
    assert sent.stdout.startswith("2 reports queued; 2 mails sent"), sent.output


def test_orders_root_filed_are_not_said_to_be_missing(host: Path) -> None:
    """`wtg status g1` said NO ORDERS YET for orders a poll run as root had filed (and
    which the turn would have taken once they could be read)."""
    games = host / "games"
    order_mail(host)
    made = run_as_root(host, "poll")
    pending = games / "g1" / "pending" / "0001"
    assert pending in made
    warm_up(host, [("status", "g1"), ("poll",)])
    with as_nobody():
        status, poll = wtg(host, "status", "g1"), wtg(host, "poll")
    assert (status.exit_code, status.stdout) == (1, "")
    assert status.stderr == f"wtg: {said(games, pending / 'p01.yaml', pending)}\n"
    assert poll.exit_code == 1
    processed = games / ".mail" / "maildir-in" / ".processed"
    assert poll.stderr == (
        f"wtg: cannot open the inbox: {said(games, processed / 'maildirfolder', processed)}\n"
    )
    give_back(host)
    with as_nobody():
        status = wtg(host, "status", "g1")
    assert status.exit_code == 0
    ann, bob = status.stdout.splitlines()[1:]
    assert ann.split()[:5] == ["player", "1", "Ann", "orders", "received"], ann
    assert bob.split() == ["player", "2", "Bob", "NO", "ORDERS", "YET"]


def test_a_mail_for_a_game_root_wrote_in_waits_and_the_other_games_are_polled(
    host: Path,
) -> None:
    """A mail for g1, whose turn 1 root ran, stopped the whole poll: the mail for g2 beside
    it was filed and confirmed but never done (read again by every poll), and the poll
    failed until the GM came. Now g1's mail waits in the inbox, named with the owner line,
    the other games' mail is done, and the first poll after the chown files it."""
    games = host / "games"
    other = ("--player", "Cy:cy@example.org", "--player", "Di:di@example.org")
    assert wtg(host, "new-game", "g2", "--ruleset", "wok4", "--map", "small", *other).exit_code == 0
    assert wtg(host, "send").exit_code == 0
    run_as_root(host, "run-turn", "g1", "--now")
    order_mail(host, "g1", "ann@example.org")
    order_mail(host, "g2", "cy@example.org")
    for path in (games / ".mail").rglob("*"):
        os.chown(path, NOBODY, NOBODY)
    warm_up(host, [("poll",)])
    with as_nobody():
        poll = wtg(host, "poll")
    turn = games / "g1" / "turns" / "0001"
    assert poll.exit_code == 1, poll.output  # g1 skipped: the GM's chown to run
    assert poll.stdout == (
        "filed 1, rejected 0, quarantined 0, ignored 0, left for the next poll 1"
        " (waiting for a mend: g1 1); skipped: g1\n"
    )
    assert poll.stderr == (
        f"wtg: {games / 'g1'}: cannot be read, skipped: {said(games, turn / 'turn.json', turn)}\n"
    )
    inbox = games / ".mail" / "maildir-in" / "new"
    assert len(list(inbox.iterdir())) == 1
    assert 1 in open_game(games / "g2").store.pending_orders(1)
    give_back(host)
    with as_nobody():
        poll = wtg(host, "poll")
    assert (poll.exit_code, poll.stdout) == (0, "filed 1, rejected 0, quarantined 0, ignored 0\n")
    assert list(inbox.iterdir()) == []
    assert 1 in open_game(games / "g1").store.pending_orders(2)


def test_a_mail_for_a_game_whose_game_yaml_root_wrote_waits(host: Path) -> None:
    """`sudo wtg extend g1 24` (an older wtg) wrote g1's game.yaml root's alone: the next
    mail for g1 was held for the GM as a form of "no game of this host"; now it waits in the
    inbox, named with the owner line, and is filed by the first poll after the chown."""
    games = host / "games"
    order_mail(host)
    for path in [host, *host.rglob("*")]:
        os.chown(path, NOBODY, NOBODY)
    for name in ("game.yaml", ".game.yaml.json"):
        os.chown(games / "g1" / name, 0, 0)
    warm_up(host, [("poll",)])
    with as_nobody():
        poll = wtg(host, "poll")
    yaml = games / "g1" / "game.yaml"
    assert (poll.exit_code, poll.stdout) == (
        1,
        "filed 0, rejected 0, quarantined 0, ignored 0, left for the next poll 1"
        " (waiting for a mend: g1 1); skipped: g1\n",
    )
    assert (
        poll.stderr == f"wtg: {games / 'g1'}: cannot be read, skipped: {said(games, yaml, yaml)}\n"
    )
    give_back(host)
    with as_nobody():
        poll = wtg(host, "poll")
    assert (poll.exit_code, poll.stdout) == (0, "filed 1, rejected 0, quarantined 0, ignored 0\n")


def test_a_config_root_wrote_is_named_with_its_owner(host: Path) -> None:
    """A config root saved (0600, `sudo cp wtg.yaml.new wtg.yaml` under a umask of 077)
    could not be read: the line says whose it is and what to run."""
    for path in [host, *host.rglob("*")]:
        os.chown(path, NOBODY, NOBODY)
    config = host / "wtg.yaml"
    os.chown(config, 0, 0)
    os.chmod(config, 0o600)
    with as_nobody():
        status = wtg(host, "status")
    assert (status.exit_code, status.stderr) == (
        1,
        f"wtg: {config}: cannot read the config file: Permission denied: {config} belongs to "
        "root, and wtg runs as nobody (a command run as root, or by sudo, made it?): run "
        f"`chown -R nobody {config}` as root\n",
    )


OTHER = 1  # daemon: a login that is neither the host's user nor root


def run_as(uid: int, host: Path, *args: str) -> Result:
    os.seteuid(uid)
    try:
        return wtg(host, *args)
    finally:
        os.seteuid(0)


def test_a_command_run_as_a_user_not_the_hosts_says_to_run_it_as_the_host_user(host: Path) -> None:
    """The host is nobody's whole (its cron, its service run as nobody); the GM gives a command
    from another login (his own crontab, a shell of his). The line said `run chown -R daemon
    .../wtg.yaml` as root, and of the games folder `correct it, or make a new host`: the chown
    followed takes the host from nobody's own runs, which then stop (every game's turn, every
    player's mail). Now it names the host's user to run wtg as, and no chown."""
    for path in [host, *host.rglob("*")]:
        os.chown(path, NOBODY, NOBODY)
    config, games = host / "wtg.yaml", host / "games"
    os.chmod(config, 0o600)
    warm_up(host, [("status",), ("poll",), ("status", str(games / "g1"))])
    other = pwd.getpwuid(OTHER).pw_name
    advice = (
        f"belongs to nobody, whose host this is, and wtg runs as {other}: run wtg as nobody "
        "(`sudo -u nobody wtg ...`, or from nobody's crontab), and change no owner"
    )
    status = run_as(OTHER, host, "status")
    assert (status.exit_code, status.stderr) == (
        1,
        f"wtg: {config}: cannot read the config file: Permission denied: {config} {advice}\n",
    )
    os.chmod(config, 0o644)
    poll = run_as(OTHER, host, "poll")
    assert (poll.exit_code, poll.stderr) == (
        1,
        f"wtg: the games folder {games} (games_dir of {config}) cannot be read: Permission "
        f"denied: {games} {advice}\n",
    )
    assert {path.stat().st_uid for path in [host, *host.rglob("*")]} == {NOBODY}


def test_a_flood_for_a_game_root_wrote_in_waits_bounded(host: Path) -> None:
    """A stranger's forms for g1, whose turn 1 root ran, 25 of them: each was read again by
    every poll until the GM's chown (an address's first 20 wait, as for a game.yaml to
    mend: wtg.mail.poll.waiting; the others are held for the GM)."""
    games = host / "games"
    run_as_root(host, "run-turn", "g1", "--now")
    aof = open_game(games / "g1").aof(1).replace("R1: _", "R1: 1")
    inbox = mailbox.Maildir(games / ".mail" / "maildir-in", create=False)
    for number in range(25):
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = "robot@spam.example", "gm@localhost", "orders"
        msg["Message-ID"] = f"<r{number}@spam.example>"
        msg.set_content(aof)
        inbox.add(msg)
    for path in (games / ".mail").rglob("*"):
        os.chown(path, NOBODY, NOBODY)
    warm_up(host, [("poll",)])
    with as_nobody():
        poll = wtg(host, "poll")
    assert poll.stdout == (
        "filed 0, rejected 0, quarantined 0, ignored 0, held for the GM 5, left for the next"
        " poll 20 (waiting for a mend: g1 20); skipped: g1\n"
    ), poll.output
    assert len(list((games / ".mail" / "maildir-in" / "new").iterdir())) == 20


def test_a_name_refused_says_which_game_yaml_it_could_not_read(host: Path) -> None:
    """Game g2 in the folder g3, and game g3 in a folder whose game.yaml root wrote 0600:
    `wtg run-turn g3`, run as the host's user, was refused saying that no other folder
    held a game g3, where one may (its game.yaml cannot be read); the refusal names that
    file and why, and still does nothing."""
    games = host / "games"
    for name in ("g3", "g2"):
        made = wtg(host, "new-game", name, "--ruleset", "wok4", "--map", "small", *PLAYERS)
        assert made.exit_code == 0, made.output
    shutil.move(games / "g3", games / "other")
    shutil.move(games / "g2", games / "g3")
    give_back(host)
    locked = games / "other" / "game.yaml"
    os.chown(locked, 0, 0)
    os.chmod(locked, 0o600)
    warm_up(host, [("run-turn", "g3", "--now")])
    with as_nobody():
        result = wtg(host, "run-turn", "g3", "--now")
    folder = games / "g3"
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith(
        f"wtg: g3 is not game g3: the folder {folder} holds game g2 (its game.yaml says game: "
        f"g2), and no other folder that could be read a game g3 ({locked} cannot be read: "
        f"{locked}: Permission denied"
    )
    assert result.stderr.endswith(
        ": it may hold the game g3, which the command leaves alone until it can be read); "
        f"nothing was done. To act on game g2, give its folder, {folder}; to give the folder "
        f"the game's own name: mv {folder} {games / 'g2'}\n"
    )
    assert open_game(folder).latest_turn() == 0


def test_a_folder_root_made_that_the_poll_cannot_write_in_is_said_as_such(host: Path) -> None:
    """The pending orders' folder of g1 left root's (0755, `sudo wtg new-game` on an older wtg): the
    poll, run as the host's user, reads the game but cannot file the orders in it. It said
    "cannot be read, skipped", a word of a read the GM would look for in vain; now the
    line says the game's files cannot be written, and the chown."""
    games = host / "games"
    order_mail(host)
    for path in [host, *host.rglob("*")]:
        os.chown(path, NOBODY, NOBODY)
    os.makedirs(games / "g1" / "pending", exist_ok=True)
    os.chown(games / "g1" / "pending", 0, 0)
    os.chmod(games / "g1" / "pending", 0o755)
    warm_up(host, [("poll",)])
    with as_nobody():
        poll = wtg(host, "poll")
    assert (poll.exit_code, poll.stdout) == (
        1,
        "filed 0, rejected 0, quarantined 0, ignored 0, left for the next poll 1"
        " (waiting for a mend: g1 1); skipped: g1\n",
    )
    pending = games / "g1" / "pending"
    assert poll.stderr == (
        f"wtg: {games / 'g1'}: cannot be written, skipped: "
        f"{said(games, pending / '0001', pending)}\n"
    )
    give_back(host)
    with as_nobody():
        poll = wtg(host, "poll")
    assert (poll.exit_code, poll.stdout) == (0, "filed 1, rejected 0, quarantined 0, ignored 0\n")
