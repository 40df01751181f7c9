"""Issue 25, item 18: every command of `wtg`, run in a list of broken environments (a games
folder missing, a file, under a file, unreadable, read-only; a config missing or a folder;
a maildir folder that is a file; `wtg demo` into a file), ends in one `wtg:` line on stderr,
exit 1, never a traceback; where the environment still lets it work (a read-only games
folder, for a command that only reads), it works.

The tests run as root here, and root reads and writes whatever the modes say. The
environments "unreadable" and "read-only" are made honestly by running those commands as
the user nobody (the effective uid only, set back after each command; the folders they
need are made open to others, the games folder alone closed; each command is run once as
root on a throwaway host first, so that the modules it imports are loaded: Python's own
live in root's home); run as another user, the modes alone do it. "A path under a file"
needs no such help: a file has no folder in it, for root too.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.conftest import players
from wtg.cli import main
from wtg.game.engine import create_game

NOBODY = 65534


NEW_PLAYERS = ("--player=P1:p1@example.org", "--player=P2:p2@example.org")


def commands(root: Path) -> dict[str, tuple[str, ...]]:
    """Every command of `wtg` as a GM gives it, on the game g1 of the games folder."""
    orders = root / "orders.txt"
    return {
        "announce": ("announce", "g1", "The server moves on Sunday."),
        "aof": ("aof", "g1", "--player", "1"),
        "backup": ("backup", str(root / "out" / "host.tar.gz")),
        "bounces": ("bounces",),
        "close-list": ("close-list", "wok4"),
        "digest": ("digest",),
        "end": ("end", "g1", "--yes"),
        "extend": ("extend", "g1", "24"),
        "hold": ("hold", "g1"),
        "lists": ("lists",),
        "map": ("map", "g1", "-o", str(root / "out" / "map.svg")),
        "new-code": ("new-code", "g1", "--player", "1"),
        "new-game": ("new-game", "g2", "--ruleset", "wok4", "--map", "small", *NEW_PLAYERS),
        "offer-seat": ("offer-seat", "g1", "1"),
        "open-list": ("open-list", "wok4"),
        "orders": ("orders", "g1", str(orders)),
        "outbox": ("outbox",),
        "outbox --retry-all": ("outbox", "--retry-all"),
        "poll": ("poll",),
        "quarantine": ("quarantine",),
        "quarantine --release": ("quarantine", "--release", "maildir:1.M1P1.host"),
        "ratings": ("ratings",),
        "release": ("release", "g1"),
        "remind": ("remind",),
        "report": ("report", "g1", "--player", "1"),
        "rollback": ("rollback", "g1", "--to", "0"),
        "run-turn": ("run-turn", "g1", "--now"),
        "run-turn --due": ("run-turn", "--due"),
        "send": ("send",),
        "serve --unit": (
            "serve",
            "--unit",
        ),  # `serve` itself stays: tests/service say how it refuses
        "site": ("site", str(root / "out" / "site")),
        "state": ("state", "g1"),
        "status": ("status",),
        "status GAME": ("status", "g1"),
        "topten": ("topten", "g1"),
        "upgrade": ("upgrade",),
        "upgrade --check": ("upgrade", "--check"),
    }


OWN_FOLDERS = {"demo", "init", "check-config", "restore", "dkim-keygen", "oauth2-login"}
"""Commands that do not work on the games folder: tried in environments of their own."""


def test_the_list_is_every_command() -> None:
    """A command added to `wtg` is added to the environments' list too."""
    listed = {name.split()[0] for name in commands(Path("/x"))} | OWN_FOLDERS
    assert listed == set(main.commands)


@contextlib.contextmanager
def as_nobody(needed: bool) -> Iterator[None]:
    """The command in the block runs as the user nobody (effective uid), when ``needed``
    and the tests run as root (who reads and writes whatever the modes say)."""
    if not needed or os.geteuid() != 0:
        yield
        return
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)


@pytest.fixture
def root() -> Iterator[Path]:
    """A folder others may walk through (pytest's own folders are root's alone): the
    games folder's modes decide, as for the GM's cron user."""
    folder = Path(tempfile.mkdtemp(prefix="wtg-env-"))
    os.chmod(folder, 0o755)
    try:
        yield folder
    finally:
        for path in [folder, *folder.rglob("*")]:
            with contextlib.suppress(OSError):
                if path.is_dir() and not path.is_symlink():
                    os.chmod(path, 0o700)
        shutil.rmtree(folder)


def host(root: Path, games: str = "games", extra: str = "") -> Path:
    """A config naming ``games`` (relative to ``root``), an order file, a folder for the
    outputs anybody may write in; the config's path."""
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n{extra}", encoding="utf-8")
    (root / "orders.txt").write_text("no orders\n", encoding="utf-8")
    out = root / "out"
    out.mkdir()
    for path in (config, root / "orders.txt"):
        os.chmod(path, 0o644)
    os.chmod(out, 0o777)
    return config


def with_a_game(root: Path) -> Path:
    """A games folder with the game g1 in it, every file readable by all."""
    games = root / "games"
    create_game(games / "g1", "wok4", "small", players(2), 7)
    for path in [games, *games.rglob("*")]:
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    return games


def closed(mode: int) -> Callable[[Path], None]:
    """The games folder and everything in it set to ``mode`` (files lose the x bits)."""

    def close(games: Path) -> None:
        for path in sorted(games.rglob("*"), reverse=True):
            os.chmod(path, mode if path.is_dir() else mode & 0o666)
        os.chmod(games, mode)

    return close


def warmed_up(root: Path) -> None:
    """Every command run once as root on a throwaway host beside ``root``: the modules
    they import while they run are imported then (Python's own live in root's home here,
    which nobody may read)."""
    if os.geteuid() != 0:
        return
    scratch = Path(tempfile.mkdtemp(prefix="wtg-warm-"))
    try:
        config = host(scratch)
        with_a_game(scratch)
        for args in commands(scratch).values():
            invoke(config, args, NO_ENV)
    finally:
        shutil.rmtree(scratch)


def refused(result: Result, name: str) -> str:
    """The one `wtg:` line of a command that could not work; no traceback."""
    assert isinstance(result.exception, SystemExit), (name, result.exception)
    assert result.exit_code == 1, (name, result.output)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wtg: "), (name, result.stderr)
    assert "Traceback" not in result.output
    return lines[0]


def invoke(config: Path | None, args: tuple[str, ...], env: dict[str, str | None]) -> Result:
    given = ["--config", str(config)] if config is not None else []
    return CliRunner(env=env).invoke(main, [*given, *args])


NO_ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}

BROKEN = {
    "games_dir missing": ("gmaes", None, False, "does not exist"),
    "games_dir a file": ("games-file", None, False, "is a file, not a folder"),
    "games_dir under a file": ("games-file/games", None, False, "a part of its path is a file"),
    "games_dir unreadable": ("games", closed(0o000), True, "cannot be read: Permission denied"),
}


@pytest.mark.parametrize("where", list(BROKEN))
def test_every_command_in_a_broken_games_folder(root: Path, where: str) -> None:
    """Issue 25, item 18: a games folder missing, a file, under a file, or unreadable:
    every command that works on the games says so in one line naming the folder."""
    games, spoil, other_user, said = BROKEN[where]
    if other_user:
        warmed_up(root)
    config = host(root, games)
    (root / "games-file").write_text("a file\n", encoding="utf-8")
    made = with_a_game(root)
    if spoil is not None:
        spoil(made)
    for name, args in commands(root).items():
        with as_nobody(other_user):
            result = invoke(config, args, NO_ENV)
        line = refused(result, name)
        assert f"{root / games}" in line and said in line, (name, line)


def test_every_command_in_a_read_only_games_folder(root: Path) -> None:
    """Issue 25, item 18: a games folder wtg may read but not write: the commands that
    only read work; every other says in one line what it could not write."""
    warmed_up(root)
    config = host(root)
    closed(0o555)(with_a_game(root))
    readers = {"aof", "bounces", "map", "ratings", "report", "site", "state", "topten"}
    readers |= {"status", "status GAME", "quarantine", "run-turn --due", "serve --unit", "outbox"}
    readers |= {"upgrade", "upgrade --check"}  # nothing to upgrade: nothing written
    writers = {"new-game", "poll", "send", "orders", "run-turn", "announce", "hold", "open-list"}
    for name, args in commands(root).items():
        with as_nobody(True):
            result = invoke(config, args, NO_ENV)
        if name in readers:
            assert result.exit_code == 0, (name, result.output)
        elif name in writers or result.exit_code != 0:
            refused(result, name)


CONFIGS = {
    "config missing": lambda root: root / "nowhere.yaml",
    "config a folder": lambda root: root / "out",
}


@pytest.mark.parametrize("which", list(CONFIGS))
def test_every_command_with_a_config_that_cannot_be_read(root: Path, which: str) -> None:
    """Issue 25, item 18: --config naming no file, or a folder: one line naming it."""
    host(root)
    with_a_game(root)
    config = CONFIGS[which](root)
    for name, args in commands(root).items():
        line = refused(invoke(config, args, NO_ENV), name)
        said = {
            "config missing": f"wtg: {config}: cannot read the config file: ",
            "config a folder": f"wtg: {config} is a folder, not a config file: ",
        }
        assert line.startswith(said[which]), (name, line)


@pytest.mark.parametrize("key", ["maildir_in", "maildir_out"])
def test_a_maildir_folder_that_is_a_file(root: Path, key: str) -> None:
    """Issue 25, item 18: maildir_out (or maildir_in) a file gave send (poll) a traceback."""
    (root / "box").write_text("a file\n", encoding="utf-8")
    config = host(root, extra=f"{key}: box\n")
    with_a_game(root)
    for name in ("poll", "send", "remind", "run-turn --due"):
        line = refused(invoke(config, commands(root)[name], NO_ENV), name)
        box = root / "box"
        assert line == f"wtg: {key} {box} ({config}) is a file, not a folder: correct {key}"


def test_the_commands_with_folders_of_their_own(root: Path) -> None:
    """Issue 25, item 18: `wtg demo` into a file gave a traceback; `wtg init` into a file,
    `check-config` of a broken config say what is wrong (check-config a FAIL line)."""
    afile = root / "afile"
    afile.write_text("a file\n", encoding="utf-8")
    line = refused(invoke(None, ("demo", str(afile)), NO_ENV), "demo")
    assert line == f"wtg: {afile} is a file, not a folder: give the demo a new folder"
    line = refused(invoke(None, ("demo", str(afile / "out")), NO_ENV), "demo")
    assert line.startswith(f"wtg: {afile / 'out'}: Not a directory")
    line = refused(invoke(None, ("init", str(afile)), NO_ENV), "init")
    assert line == f"wtg: {afile} is a file, not a folder: give `wtg init` a folder"
    line = refused(invoke(None, ("init", str(afile / "host")), NO_ENV), "init")
    assert line.startswith(f"wtg: {afile / 'host'}: Not a directory")
    keygen = ("dkim-keygen", "--domain", "example.org", "--selector", "s1", "--out")
    line = refused(invoke(None, (*keygen, str(afile / "k")), NO_ENV), "dkim-keygen")
    assert line == f"wtg: cannot write {afile / 'k'}: Not a directory"
    config = host(root, "afile")
    checked = invoke(config, ("check-config",), NO_ENV)
    assert checked.exit_code == 1 and isinstance(checked.exception, SystemExit)
    assert f"FAIL  games_dir {afile}: not a folder" in checked.stdout
    assert refused(invoke(None, ("check-config",), NO_ENV), "check-config") == (
        "wtg: give the config to check: wtg --config FILE check-config (or set WTG_CONFIG)"
    )


@pytest.mark.parametrize("to", ["1", "-1", "5"])
def test_rollback_at_turn_zero_is_one_line_that_says_why(tmp_path: Path, to: str) -> None:
    """Issue 25, item 18: `rollback --to N` of a game at turn 0 said "so give a turn from 0
    to -1": now one line that says there is no turn to go back on (`--to 0` says the game
    is at turn 0 already, as before)."""
    create_game(tmp_path / "games" / "g1", "wok4", "small", players(2), 7)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@example.org\n", encoding="utf-8")
    line = refused(invoke(config, ("rollback", "g1", "--to", to), NO_ENV), "rollback")
    assert line == (
        f"wtg: cannot roll back to turn {to}: the game is at turn 0, where it began; no turn "
        "has run yet, so there is none to go back on"
    )
