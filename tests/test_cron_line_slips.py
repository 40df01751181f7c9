"""A cron line copied from docs/gm.md with a slip in an option (`run-turn -due`, `run-turn
due`): click's words named a letter of it, or the games folder, not the option meant."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_gm_controls import head, make, run
from wtg.cli import main


@pytest.mark.parametrize(
    ("args", "meant"),
    [
        (("run-turn", "-due"), "'-due': a long option takes two dashes, --due"),
        (("digest", "-q", "-mail"), "'-mail': a long option takes two dashes, --mail"),
        (("status", "g1", "-json"), "'-json': a long option takes two dashes, --json"),
    ],
)
def test_a_long_option_given_one_dash_is_named(
    tmp_path: Path, args: tuple[str, ...], meant: str
) -> None:
    """`wtg run-turn -due` said "No such option '-d'" (click read -d -u -e), and the GM
    looked for a -d in his line: the option meant is named."""
    make(tmp_path / "games")
    result = run(tmp_path, *args, code=2)
    assert result.stderr.splitlines()[-1] == f"Error: No such option {meant}"


def test_a_short_option_that_is_none_is_said_as_click_says_it(tmp_path: Path) -> None:
    make(tmp_path / "games")
    result = run(tmp_path, "run-turn", "-d", code=2)
    assert result.stderr.splitlines()[-1] == "Error: No such option '-d'."


def test_an_option_given_without_dashes_is_named(tmp_path: Path) -> None:
    """`wtg run-turn due` was "no game 'due' in the games folder ... (its games: g1; ...)":
    the option meant is named."""
    make(tmp_path / "games")
    result = run(tmp_path, "run-turn", "due", code=1)
    assert result.stderr == (
        f"wtg: no game 'due' in the games folder {tmp_path / 'games'}: did you mean the "
        "option --due? (a word without dashes is a game)\n"
    )


@pytest.mark.parametrize(
    ("args", "meant"),
    [
        (("remind", "--due"), "'--due': it is an option of wtg run-turn, not of wtg remind"),
        (("send", "--now"), "'--now': it is an option of wtg run-turn, not of wtg send"),
        (
            ("run-turn", "--due", "--mail"),
            "'--mail': it is an option of wtg digest, wtg report, not of wtg run-turn",
        ),
    ],
)
def test_an_option_of_another_command_is_said_so(
    tmp_path: Path, args: tuple[str, ...], meant: str
) -> None:
    """A cron line's option put on the wrong command: `wtg remind --due` was offered
    "Did you mean '--quiet'?", `wtg run-turn --quiet` (before it took it) "Did you mean
    '--due'?", click's
    closest in letters. The commands that take it are named."""
    make(tmp_path / "games")
    result = run(tmp_path, *args, code=2)
    assert result.stderr.splitlines()[-1] == f"Error: No such option {meant}"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("run-turn-due",),
            "No such command 'run-turn-due': did you mean `{head} run-turn --due`?",
        ),
        (("send-quiet",), "No such command 'send-quiet': did you mean `{head} send --quiet`?"),
        (("status-host",), "No such command 'status-host': did you mean `{head} status --host`?"),
        (("runturn",), "No such command 'runturn'. Did you mean 'run-turn'?"),  # as click says
        (("run", "g1"), "No such command 'run': did you mean `{head} run-turn`?"),
        (
            ("new", "g2", "--ruleset", "wok4"),
            "No such command 'new': did you mean `{head} new-code` or `{head} new-game`?",
        ),
        (("Check",), "No such command 'Check': did you mean `{head} check-config`?"),
        (("frobnicate",), "No such command 'frobnicate'."),  # as click says
        (
            ("run-turn", "--all"),
            "No such option '--all': every game that is due is run by --due (`{head} run-turn "
            "--due`)",
        ),
    ],
)
def test_a_command_and_option_run_together_or_one_of_another_meaning_are_named(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    """`wtg run-turn-due` (the space and the dashes lost) was answered "Did you mean
    'run-turn'?", and `wtg run-turn` alone runs no game; `wtg run-turn --all` was "an
    option of wtg announce". Each names the command line meant, with the --config given (it
    was a bare `wtg run-turn --due`, run against the host of the shell's WTG_CONFIG)."""
    make(tmp_path / "games")
    result = run(tmp_path, *args, code=2)
    assert result.stderr.splitlines()[-1] == f"Error: {said.format(head=head(tmp_path))}"


def test_the_restore_folder_given_before_the_command_says_the_line_meant(
    tmp_path: Path,
) -> None:
    """`wtg --games-dir /srv/new restore host.tar.gz` (the folder given where the other
    commands take theirs) was answered "Missing option '--games-dir'", which he had typed.
    The line meant is named, that option put after the command; nothing is restored."""
    make(tmp_path / "games")
    archive = tmp_path / "host.tar.gz"
    assert run(tmp_path, "backup", archive).exit_code == 0
    new = tmp_path / "new"
    result = CliRunner().invoke(main, ["--games-dir", str(new), "restore", str(archive)])
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2,
        "Error: Missing option '--games-dir': the --games-dir given before `restore` is the "
        "group's, which restore does not read; its own goes after the command: "
        f"`wtg restore {archive} --games-dir {new}`",
    )
    assert not new.exists()
    result = CliRunner().invoke(main, ["restore", str(archive)])  # not given at all
    assert result.stderr.splitlines()[-1] == (
        "Error: Missing option '--games-dir': the folder to restore into, new or empty, goes "
        f"after the command: `wtg restore {archive} --games-dir DIR`, DIR the games_dir of the "
        "config you will run the host with"
    )
    config = tmp_path / "other.yaml"  # a config given: its games folder named
    config.write_text(f"games_dir: {tmp_path / 'other'}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), "restore", str(archive)])
    assert result.stderr.splitlines()[-1] == (
        "Error: Missing option '--games-dir': the folder to restore into, new or empty, goes "
        f"after the command: `wtg restore {archive} --games-dir {tmp_path / 'other'}`, the "
        "games folder your config names, or another for it to name"
    )
    assert result.exit_code == 2 and not new.exists()
    restored = CliRunner().invoke(main, ["restore", str(archive), "--games-dir", str(new)])
    assert restored.exit_code == 0, restored.output  # the line named restores
    assert (new / "g1" / "game.yaml").is_file()


def test_restore_without_its_folder_names_none_that_holds_a_host(tmp_path: Path) -> None:
    """restore45 (newgm45): `wtg --config wtg.yaml restore FILE` named the config's games
    folder as the one to give even when it held a host, and the line given as told was
    refused (`... is not empty: restore only into an empty or new folder`). A new folder
    beside it is named, and how the backup goes in that host's place: both lines restore."""
    games = tmp_path / "games"
    make(games)
    archive = tmp_path / "host.tar.gz"
    assert run(tmp_path, "backup", archive).exit_code == 0
    config = tmp_path / "wtg.yaml"
    given = ["--config", str(config), "restore", str(archive)]
    result = CliRunner().invoke(main, given)
    beside, aside = tmp_path / "games-restored", tmp_path / "games-before-restore"
    said = f"`wtg restore {archive} --games-dir"
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2,
        "Error: Missing option '--games-dir': the folder to restore into, new or empty, goes "
        f"after the command: {said} {beside}`, a new folder (the games folder your config "
        f"names, {games}, holds a host, which a restore never replaces: to put the backup in "
        "its place, stop what runs the host (cron's wtg lines, wtg serve), move that folder "
        f"aside and keep it (`mv {games} {aside}`: what was filed and run since the backup "
        f"is only there), then {said} {games}`)",
    )
    restored = CliRunner().invoke(main, [*given, "--games-dir", str(beside)])
    assert restored.exit_code == 0, restored.output
    assert (beside / "g1" / "game.yaml").is_file()
    games.rename(aside)  # the other way, as told
    again = CliRunner().invoke(main, [*given, "--games-dir", str(games)])
    assert again.exit_code == 0, again.output
    assert (games / "g1" / "game.yaml").is_file() and (aside / "g1" / "game.yaml").is_file()
    (tmp_path / "junk").mkdir()  # a folder that is no host's, not empty: named so
    (tmp_path / "junk" / "notes.txt").write_text("x", encoding="utf-8")
    config.write_text(f"games_dir: {tmp_path / 'junk'}\n", encoding="utf-8")
    result = CliRunner().invoke(main, given)
    assert result.stderr.splitlines()[-1].endswith(
        f"--games-dir {tmp_path / 'junk-restored'}`, a new folder (the games folder your "
        f"config names, {tmp_path / 'junk'}, is not empty, and a restore writes only into an "
        "empty or new one)"
    )
