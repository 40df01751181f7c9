"""Issue 25, items 11 and 12: a games folder that is not there is refused, never made, and a
command that needs the config fails without one, saying where it looked."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import World
from tests.test_sudo_path import made_for_another
from wtg.cli import main

PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")

NEEDS_THE_GAMES = [
    ("poll",),
    ("send",),
    ("remind",),
    ("run-turn", "--due"),
    ("new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS),
    ("open-list", "wok4"),
    ("lists",),
    ("site", "SITE"),
    ("status",),
    ("quarantine",),
    ("digest",),
    ("bounces",),
    ("ratings",),
    ("announce", "--all", "hello"),
]


def wtg(cwd: Path, *args: str, env: dict[str, str | None] | None = None) -> Result:
    """`wtg ARGS` run in ``cwd`` (a fresh folder, so a folder made there shows)."""
    before = Path.cwd()
    os.chdir(cwd)
    try:
        return CliRunner(env=env).invoke(main, [*args])
    finally:
        os.chdir(before)


def one_line(result: Result) -> str:
    """The one `wtg:` line a refusal is (exit 1, no traceback, nothing on stdout)."""
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wtg: "), result.stderr
    assert result.stdout == ""
    return lines[0]


def tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


@pytest.mark.parametrize("command", NEEDS_THE_GAMES, ids=lambda c: c[0])
def test_a_games_dir_that_is_not_there_is_refused_and_not_made(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """Issue 25, item 11: with a typo in games_dir, poll, send, new-game, open-list, site
    (every command that needs the games) made the folder; the poll then rejected every
    order mail ("does not run here"). Now each refuses with the path and a hint, and
    makes nothing."""
    (tmp_path / "wtg.yaml").write_text("games_dir: gmaes\n", encoding="utf-8")
    args = [a.replace("SITE", str(tmp_path / "site")) for a in command]
    line = one_line(wtg(tmp_path, "--config", "wtg.yaml", *args))
    assert line == (
        f"wtg: the games folder {tmp_path / 'gmaes'} (games_dir of wtg.yaml) does not exist: "
        "correct it, or make a new host with `wtg init DIR`"
    )
    assert tree(tmp_path) == ["wtg.yaml"]


@pytest.mark.parametrize("command", NEEDS_THE_GAMES, ids=lambda c: c[0])
def test_a_games_dir_that_is_a_file_is_refused(tmp_path: Path, command: tuple[str, ...]) -> None:
    """Issue 25, items 11 and 18: a games_dir that is a file gave a traceback (poll, send)."""
    (tmp_path / "wtg.yaml").write_text("games_dir: games\n", encoding="utf-8")
    (tmp_path / "games").write_text("not a folder\n", encoding="utf-8")
    args = [a.replace("SITE", str(tmp_path / "site")) for a in command]
    line = one_line(wtg(tmp_path, "--config", "wtg.yaml", *args))
    assert line == (
        f"wtg: the games folder {tmp_path / 'games'} (games_dir of wtg.yaml) is a file, not a "
        "folder: correct it, or make a new host with `wtg init DIR`"
    )
    assert tree(tmp_path) == ["games", "wtg.yaml"]


def test_the_games_dir_option_is_checked_too(tmp_path: Path) -> None:
    """Issue 25, item 11: --games-dir (or WTG_GAMES_DIR) naming no folder is refused."""
    line = one_line(wtg(tmp_path, "--games-dir", "nowhere", "status"))
    assert line == (
        f"wtg: the games folder {tmp_path / 'nowhere'} (--games-dir) does not exist: correct "
        "it, or make a new host with `wtg init DIR`"
    )
    line = one_line(wtg(tmp_path, "lists", env={"WTG_GAMES_DIR": str(tmp_path / "x")}))
    assert line.startswith(f"wtg: the games folder {tmp_path / 'x'} (WTG_GAMES_DIR) does not")
    assert tree(tmp_path) == []


def test_a_game_by_name_in_a_games_dir_that_is_not_there(tmp_path: Path) -> None:
    """Issue 25, item 11: `wtg status g1` looks for g1 in games_dir, and says it is missing."""
    (tmp_path / "wtg.yaml").write_text("games_dir: gmaes\n", encoding="utf-8")
    line = one_line(wtg(tmp_path, "--config", "wtg.yaml", "status", "g1"))
    assert line.startswith(f"wtg: the games folder {tmp_path / 'gmaes'} (games_dir of wtg.yaml)")


NEEDS_THE_CONFIG = [("poll",), ("poll", "-q"), ("send",), ("remind",), ("run-turn", "--due")]


@pytest.mark.parametrize("command", NEEDS_THE_CONFIG, ids=" ".join)
def test_no_config_says_where_it_looked_and_fails(tmp_path: Path, command: tuple[str, ...]) -> None:
    """Issue 25, item 12: `wtg poll` with no --config and no WTG_CONFIG (a cron line that
    lost its --config) made ./wtg-games and exited 0. Now it names the option and the
    variable it looked at and fails; nothing is made."""
    result = wtg(tmp_path, *command, env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None})
    assert one_line(result) == (
        "wtg: no config: neither --config FILE nor the environment variable WTG_CONFIG names "
        "one; give it (`wtg init DIR` makes one for a new host)"
    )
    assert tree(tmp_path) == []


@pytest.mark.parametrize("command", [("status",), ("lists",), ("quarantine",), ("digest",)])
def test_no_games_folder_given_at_all(tmp_path: Path, command: tuple[str, ...]) -> None:
    """Issue 25, item 12: a command that reads the games, given neither a config nor
    --games-dir, says so (it read ./wtg-games, or made it)."""
    result = wtg(tmp_path, *command, env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None})
    assert one_line(result) == (
        "wtg: no games folder: neither --games-dir (WTG_GAMES_DIR) nor --config (WTG_CONFIG) "
        "is given; give one of them (`wtg init DIR` makes a config for a new host)"
    )
    assert tree(tmp_path) == []


def test_the_config_from_the_environment_is_used(tmp_path: Path) -> None:
    """WTG_CONFIG stands for --config (the systemd units give it so)."""
    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\n", encoding="utf-8")
    result = wtg(tmp_path, "status", env={"WTG_CONFIG": str(config)})
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{world.game.config.game} ")


def test_a_config_given_as_its_folder_is_the_config_in_it(tmp_path: Path) -> None:
    """Issue 25, item 12: `wtg init /srv/wtg` then `--config /srv/wtg` (the folder, not the
    file) said only "Is a directory"; then it named the config in it; now the config in it
    is used, as if given."""
    assert CliRunner(env={"WTG_CONFIG": None}).invoke(main, ["init", str(tmp_path)]).exit_code == 0
    for env in ({"WTG_CONFIG": None}, {"WTG_CONFIG": str(tmp_path)}):
        given = ["--config", str(tmp_path)] if env["WTG_CONFIG"] is None else []
        result = CliRunner(env=env).invoke(main, [*given, "status"])
        assert (result.exit_code, result.stderr) == (0, ""), result.output
        assert result.stdout == f"no games in {tmp_path / 'games'}\n"


def test_the_games_folder_given_for_the_config_names_the_file_looked_for(
    tmp_path: Path,
) -> None:
    """A GM gives --config the games folder: it has no wtg.yaml in it. The refusal says a
    folder was given, which file was looked for, and the config beside it."""
    assert CliRunner(env={"WTG_CONFIG": None}).invoke(main, ["init", str(tmp_path)]).exit_code == 0
    games = tmp_path / "games"
    for env in ({"WTG_CONFIG": None}, {"WTG_CONFIG": str(games)}):
        given = ["--config", str(games)] if env["WTG_CONFIG"] is None else []
        result = CliRunner(env=env).invoke(main, [*given, "status"])
        assert result.exit_code == 1
        assert result.stderr == (
            f"wtg: {games} is a folder, not a config file: the config was looked for in it "
            f"as {games / 'wtg.yaml'}, which is not there; that folder's host config may be "
            f"{tmp_path / 'wtg.yaml'}: give --config {tmp_path / 'wtg.yaml'}\n"
        )


def test_a_folder_with_no_config_in_or_beside_it(tmp_path: Path) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    result = CliRunner(env={"WTG_CONFIG": None}).invoke(main, ["--config", str(folder), "poll"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: {folder} is a folder, not a config file: the config was looked for in it as "
        f"{folder / 'wtg.yaml'}, which is not there; give the config file (`wtg init DIR` "
        "makes DIR/wtg.yaml)\n"
    )


def test_a_relative_config_that_is_not_there_says_where_it_looked(tmp_path: Path) -> None:
    """Issue 25, item 12: a cron line's `--config wtg.yaml` runs in the user's home, not in
    the folder of the config; the refusal names the path it looked at, whole, and says to
    give the config's full path (it said the path alone, not what to write instead)."""
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner(env={"WTG_CONFIG": None}).invoke(main, ["--config", "wtg.yaml", "poll"])
    finally:
        os.chdir(before)
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: wtg.yaml ({tmp_path / 'wtg.yaml'}): cannot read the config file: No such file "
        f"or directory; a config given by a relative path is read from the current folder "
        f"({tmp_path}): give it by its full path (cron runs in your home folder), as "
        "--config /srv/wtg/wtg.yaml\n"
    )


def test_root_is_refused_on_a_host_another_user_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 18: `sudo wtg run-turn g1 --now` on a host the user wtg runs wrote the
    turn root's alone (0600): every later run of the host's own cron failed the game
    ("Permission denied"). Root is refused on a games folder (or a game) that another user
    owns, naming him, and writes nothing."""
    config, games, name = made_for_another(tmp_path)  # nobody's here
    monkeypatch.setattr(os, "geteuid", lambda: 0)  # and this wtg runs as root
    before = sorted(str(p) for p in games.rglob("*"))
    for command in (("run-turn", "g1", "--now"), ("send",), ("poll",), ("hold", "g1")):
        result = CliRunner().invoke(main, ["--config", config, *command])
        assert result.exit_code == 1, (command, result.output)
        assert result.stderr == (
            f"wtg: the games folder {games} belongs to {name}, and wtg runs as root here: "
            f"run it as {name} (sudo -u {name} wtg ...), or what root writes there would be "
            f"root's alone, and the host's own runs would fail on it\n"
        ), command
    by_path = CliRunner(env={"WTG_CONFIG": None}).invoke(
        main, ["run-turn", str(games / "g1"), "--now"]
    )
    assert by_path.exit_code == 1
    assert by_path.stderr.startswith(f"wtg: the game folder {games / 'g1'} belongs to {name}, ")
    assert sorted(str(p) for p in games.rglob("*")) == before


def test_root_refused_by_the_environments_config_is_told_the_config_for_sudo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg send` as root, its config from WTG_CONFIG (the GM's shell, `sudo -s`), on a
    host another user runs: the refusal said `sudo -u nobody wtg ...`, and that command,
    WTG_CONFIG left behind by sudo, said there was no config. It names the config (and a
    games folder WTG_GAMES_DIR gave) as options; given by --config, as before."""
    config, games, name = made_for_another(tmp_path)  # nobody's here
    monkeypatch.setattr(os, "geteuid", lambda: 0)  # and this wtg runs as root
    told = CliRunner(env={"WTG_CONFIG": config, "WTG_GAMES_DIR": None}).invoke(main, ["send"])
    assert told.exit_code == 1
    assert told.stderr == (
        f"wtg: the games folder {games} belongs to {name}, and wtg runs as root here: run it "
        f"as {name} (sudo -u {name} wtg --config {config} ...: sudo leaves WTG_CONFIG behind), "
        "or what root writes there would be root's alone, and the host's own runs would fail "
        "on it\n"
    )
    both = CliRunner(env={"WTG_CONFIG": config, "WTG_GAMES_DIR": str(games)}).invoke(main, ["send"])
    assert (
        f"(sudo -u {name} wtg --config {config} --games-dir {games} ...: sudo leaves "
        "WTG_CONFIG and WTG_GAMES_DIR behind)"
    ) in both.stderr


@pytest.mark.parametrize(
    ("given", "meant"),
    [
        ("gmaes", "did you mean {games}?"),
        ('"games "', "its name 'games ' has a space at an end: did you mean {games}?"),
        ("'  games'", "its name '  games' has a space at an end: did you mean {games}?"),
    ],
    ids=["typo", "trailing space", "leading spaces"],
)
def test_a_games_dir_mistyped_beside_the_games_folder_names_it(
    tmp_path: Path, given: str, meant: str
) -> None:
    """A typo in games_dir, or a space pasted along with it (invisible in the line:
    `the games folder /srv/wtg/games  (games_dir ...) does not exist`), was refused
    without the folder meant, which stood beside it."""
    (tmp_path / "games").mkdir()
    (tmp_path / "wtg.yaml").write_text(f"games_dir: {given}\n", encoding="utf-8")
    line = one_line(wtg(tmp_path, "--config", "wtg.yaml", "status"))
    name = given.strip("\"'")
    assert line == (
        f"wtg: the games folder {tmp_path / name} (games_dir of wtg.yaml) does not exist "
        f"({meant.format(games=tmp_path / 'games')}): correct it, or make a new host with "
        "`wtg init DIR`"
    )
    assert tree(tmp_path) == ["games", "wtg.yaml"]


def test_a_config_named_with_a_space_at_its_end_names_the_file_meant(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "wtg.yaml").write_text("games_dir: games\n", encoding="utf-8")
    line = one_line(wtg(tmp_path, "status", env={"WTG_CONFIG": f"{tmp_path / 'wtg.yaml'} "}))
    assert line == (
        f"wtg: {tmp_path / 'wtg.yaml'} : cannot read the config file: No such file or directory "
        f"(the name given has a space at an end: did you mean {tmp_path / 'wtg.yaml'}?)"
    )


@pytest.mark.parametrize("quote", ['"', "'", "\u201c"])
def test_a_config_named_in_quotes_kept_names_the_file_meant(tmp_path: Path, quote: str) -> None:
    """`WTG_CONFIG="/srv/wtg/wtg.yaml"` from a file of variables that keeps its quotes (a
    docker --env-file), or a unit's line edited so: it was taken for a relative path and
    answered with cron's hint and an example path (newgm47)."""
    (tmp_path / "games").mkdir()
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\n", encoding="utf-8")
    close = "\u201d" if quote == "\u201c" else quote
    given = f"{quote}{config}{close}"
    line = one_line(wtg(tmp_path, "status", env={"WTG_CONFIG": given}))
    assert line == (
        f"wtg: {given} ({tmp_path / given}): cannot read the config file: No such file or "
        "directory (the name given has quotes around it, kept as a part of it where nothing "
        "took them away, as a file of variables for docker keeps them: did you mean "
        f"{config}?)"
    )


@pytest.mark.parametrize("given", ["g1 ", " g1", "g1\t"])
def test_a_game_named_with_a_space_at_an_end_names_the_game_meant(
    tmp_path: Path, given: str
) -> None:
    """`wtg run-turn "g1 "` (a name pasted with its space) listed the games there are,
    g1 among them, without saying which was meant, or why g1 was not it."""
    (tmp_path / "games" / "g1").mkdir(parents=True)
    (tmp_path / "games" / "g1" / "game.yaml").write_text("game: g1\n", encoding="utf-8")
    (tmp_path / "wtg.yaml").write_text("games_dir: games\n", encoding="utf-8")
    line = one_line(wtg(tmp_path, "--config", "wtg.yaml", "run-turn", given))
    assert line == (
        f"wtg: no game {given!r} in the games folder {tmp_path / 'games'}: did you mean g1? "
        "(the name given has a space at an end)"
    )


@pytest.fixture(scope="module")
def made_host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host of `wtg init` with the game g1, turn 0 mailed: copied for each test."""
    top = tmp_path_factory.mktemp("host")
    assert wtg(top, "init", "host").exit_code == 0
    config = ("--config", "host/wtg.yaml")
    made = wtg(top, *config, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    assert made.exit_code == 0, made.output
    assert wtg(top, *config, "send").exit_code == 0
    return top / "host"


@pytest.mark.parametrize("command", NEEDS_THE_GAMES, ids=lambda c: c[0])
@pytest.mark.parametrize(
    ("given", "said"),
    [
        (".", "holds no game, and {games} holds a host's games (did you mean {games}?)"),
        (
            "games/g1",
            "is the folder of the game g1, not the games folder that holds it (did you mean "
            "{games}?)",
        ),
    ],
    ids=["the-host-folder", "a-game-folder"],
)
def test_a_games_dir_that_is_the_host_folder_or_a_game_folder_is_refused(
    made_host: Path, tmp_path: Path, command: tuple[str, ...], given: str, said: str
) -> None:
    """`games_dir: /srv/wtg` for /srv/wtg/games (the folder of wtg.yaml), or a game's folder,
    was taken as a games folder of no game: `status` said `no games in /srv/wtg`, `run-turn
    --due` ran nothing and exited 0, a poll filed nothing (on a mail server it held every
    player's mail in a spool of its own), each making a spool in that folder, while every
    deadline passed unrun. Now each command refuses, naming the games folder meant."""
    host = tmp_path / "host"
    shutil.copytree(made_host, host)
    config = host / "wtg.yaml"
    config.write_text(
        config.read_text(encoding="utf-8").replace("games_dir: games ", f"games_dir: {given} "),
        encoding="utf-8",
    )
    before = tree(host)
    args = [a.replace("SITE", str(tmp_path / "site")) for a in command]
    line = one_line(wtg(tmp_path, "--config", str(config), *args))
    folder = host if given == "." else host / given
    assert line == (
        f"wtg: the games folder {folder} (games_dir of {config}) "
        f"{said.format(games=host / 'games')}: correct it"
    )
    assert tree(host) == before
    assert not (tmp_path / "site").exists()
    check = wtg(tmp_path, "--config", str(config), "check-config")
    assert check.exit_code == 1
    assert f"FAIL  games_dir {folder}: {said.format(games=host / 'games')}: correct games_dir" in (
        check.stdout.splitlines()
    )


def test_the_games_dir_option_naming_a_game_folder_is_refused(made_host: Path) -> None:
    line = one_line(wtg(made_host, "--games-dir", "games/g1", "status"))
    assert line == (
        f"wtg: the games folder {made_host / 'games' / 'g1'} (--games-dir) is the folder of the "
        f"game g1, not the games folder that holds it (did you mean {made_host / 'games'}?): "
        "correct it"
    )
    listed = wtg(made_host, "--games-dir", "games", "status")
    assert (listed.exit_code, listed.stdout.split()[:2]) == (0, ["g1", "wok4"])


def test_a_config_named_in_capitals_names_the_file_meant(tmp_path: Path) -> None:
    """`--config WTG.yaml` for wtg.yaml (on a file system that tells case apart) named no
    file: the name's case was counted as its difference, as no other "did you mean" of
    wtg counts it."""
    (tmp_path / "games").mkdir()
    (tmp_path / "wtg.yaml").write_text("games_dir: games\n", encoding="utf-8")
    line = one_line(wtg(tmp_path, "--config", "WTG.yaml", "status"))
    assert line == (
        f"wtg: WTG.yaml ({tmp_path / 'WTG.yaml'}): cannot read the config file: No such file "
        "or directory (did you mean wtg.yaml?)"
    )


@pytest.mark.parametrize("written", ["$WTG_TEST_HOST/games", "${WTG_TEST_HOST}/games"])
def test_a_variable_in_games_dir_is_named_with_the_folder_it_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, written: str
) -> None:
    """`games_dir: $HOME/games`, copied from a shell script: a config expands no variable,
    and the folder refused was `/srv/wtg/$HOME/games`, without a word of the variable."""
    host = tmp_path / "host"
    (host / "games").mkdir(parents=True)
    monkeypatch.setenv("WTG_TEST_HOST", str(host))
    (tmp_path / "wtg.yaml").write_text(f"games_dir: {written}\n", encoding="utf-8")
    line = one_line(wtg(tmp_path, "--config", "wtg.yaml", "status"))
    variable = written.split("/")[0]
    assert line == (
        f"wtg: the games folder {tmp_path / written} (games_dir of wtg.yaml) does not exist "
        f"(a config expands no variable, {variable} here: did you mean {host / 'games'}?): "
        "correct it, or make a new host with `wtg init DIR`"
    )
    checked = wtg(tmp_path, "--config", "wtg.yaml", "check-config")
    assert (
        f"FAIL  games_dir {written}: missing (a config expands no variable, "
        f"{variable} here: did you mean {host / 'games'}? Correct games_dir)"
    ) in checked.stdout.splitlines()


def test_a_games_folder_moved_beside_is_named(tmp_path: Path) -> None:
    """The GM moved (or renamed) the games folder and forgot games_dir: the folder named is
    not there and no name is close to it (games, now g2026), and every command said only
    'does not exist'. The folder beside it that holds a host's games (its mail spool, or
    a game) is named, by the commands and by check-config."""
    (tmp_path / "wtg.yaml").write_text("games_dir: games\ntransport: maildir\n", "utf-8")
    moved = tmp_path / "g2026"
    (moved / ".mail").mkdir(parents=True)
    (tmp_path / "site").mkdir()  # a folder of another kind beside it: not named
    line = one_line(wtg(tmp_path, "--config", "wtg.yaml", "status"))
    assert line == (
        f"wtg: the games folder {tmp_path / 'games'} (games_dir of wtg.yaml) does not exist "
        f"(did you mean {moved}, which holds a host's games?): correct it, or make a new "
        "host with `wtg init DIR`"
    )
    checked = wtg(tmp_path, "--config", "wtg.yaml", "check-config")
    assert f"did you mean {moved}, which holds a host's games? Correct games_dir" in (
        checked.output
    )
