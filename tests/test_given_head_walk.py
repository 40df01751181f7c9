"""Every command's printed suggestions carry the options given on its command line: a GM
who ran `wtg --config /srv/b/wtg.yaml status g1` (no WTG_CONFIG in his shell) and copied
its `wtg release g1` ran it against the host WTG_CONFIG named, or none. Before, only
`wtg new-code`, `wtg report`, `wtg run-turn` and the did-you-mean lines carried them;
status, the lobby's commands, hold, release, extend, rollback and announce printed a bare
`wtg`. Given by WTG_CONFIG, the commands stay bare: the shell that copies them has it."""

from __future__ import annotations

import ast
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.test_gm_controls import make
from wtg.cli import main
from wtg.files import sqlitewait, store
from wtg.gm import gamestatus
from wtg.host import due
from wtg.lobby import database
from wtg.mail.spool.runlock import AlreadyRunning, only_one

STEPS: tuple[tuple[tuple[str, ...], int | None], ...] = (
    (("hold", "g1", "moving"), 2),  # a slip's: goes with --reason: `wtg hold g1 --reason ...`
    (("rollback", "g1", "0"), 2),  # goes with --to: `wtg rollback g1 --to 0`
    (("run-turn", "g1", "g1"), 2),  # g1 is named twice; give it once, `wtg run-turn g1`
    (("run-turn", "--all"), 2),  # every game that is due is run by --due (`wtg run-turn --due`)
    (("run-turn-due",), 2),  # did you mean `wtg run-turn --due`?
    (("extend", "24", "g1"), 2),  # GAME_DIR comes before HOURS: `wtg extend g1 24`
    (("hold", "g1"), 0),  # ... (`wtg send` mails them)
    (("status", "g1"), 0),  # HELD ...: no turn runs until `wtg release g1`
    (("release", "g1"), 0),
    (("extend", "g1", "24"), 0),
    (("send",), None),  # turn 0 and the notices mailed (to the maildir)
    (("run-turn", "g1", "--now"), 0),  # the wrong game? `wtg rollback ...`
    (("status",), 0),  # NOT MAILED: ... `wtg send` mails it
    (("rollback", "g1", "--to", "0"), 0),
    (("announce", "g1", "Hello."), 0),
    (("announce", "g1", "Hello."), 1),  # the same text again: how to mail it twice
    (("lists",), 0),  # no waiting list is open (`wtg open-list RULESET`)
    (("open-list", "wok4"), None),  # its line names no command
    (("open-list", "wok4"), None),  # open already, as asked: nothing done (round 47)
    (("open-list", "wok4", "--players", "8"), 1),  # open otherwise: `wtg close-list wok4` first
    (("close-list", "wok4"), None),  # its line names no command
    (("close-list", "wok4"), 1),  # closed already (`wtg lists`)
    (("lists",), 0),  # closed: wok4 (...; `wtg open-list` opens it again)
    (("offer-seat", "g1", "2", "--withdraw"), 1),  # not offered (`wtg lists` ...)
)
"""The commands walked, on one host in this order, and each one's exit status (None: 0,
and its lines name no command)."""

NAMED = re.compile(r"`wtg [^`]*`")


def host(root: Path) -> Path:
    """A host at ``root``: its config and game g1 (four players, its deadline long past)."""
    make(root / "games")
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    return config


def walk(options: list[str], env: dict[str, str | None]) -> list[tuple[tuple[str, ...], str]]:
    """The commands each step named (in backquotes) and what it printed, its exit checked;
    a step that names none has none."""
    said: list[tuple[tuple[str, ...], str]] = []
    for args, code in STEPS:
        result: Result = CliRunner(env=env).invoke(main, [*options, *args])
        assert result.exit_code == (code or 0), (args, result.output)
        printed = result.stdout + result.stderr
        named = NAMED.findall(printed)
        assert bool(named) == (code is not None), (args, printed)
        said.extend((args, command) for command in named)
    return said


def test_every_command_walked_names_its_commands_with_the_config_given(tmp_path: Path) -> None:
    config = host(tmp_path / "my host")  # a space: the path is quoted for the shell
    head = f"wtg --config {shlex.quote(str(config))}"
    named = walk(["--config", str(config)], {"WTG_CONFIG": None})
    assert len(named) >= len(STEPS) - 3
    for args, command in named:
        assert command.startswith(f"`{head} "), (args, command)


def test_a_config_the_environment_gave_leaves_every_command_bare(tmp_path: Path) -> None:
    config = host(tmp_path)
    named = walk([], {"WTG_CONFIG": str(config)})
    assert len(named) >= len(STEPS) - 3
    for args, command in named:
        assert re.match(r"`wtg [a-z]", command) and str(config) not in command, (args, command)


def test_a_games_folder_given_is_carried_beside_the_config(tmp_path: Path) -> None:
    config = host(tmp_path)
    games = tmp_path / "games"
    given = ["--config", str(config), "--games-dir", str(games)]
    result = CliRunner(env={"WTG_CONFIG": None}).invoke(main, [*given, "lists"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"no waiting list is open (`wtg --config {config} --games-dir {games} open-list RULESET`)\n"
    )


def test_a_slip_of_a_command_line_gives_its_command_with_both_options(tmp_path: Path) -> None:
    """A usage error's command (click prints it) is begun as a line's: a bare `wtg run-turn
    --due` ran against the host of the shell's WTG_CONFIG, or none."""
    config = host(tmp_path)
    games = tmp_path / "games"
    given = ["--config", str(config), "--games-dir", str(games)]
    result = CliRunner(env={"WTG_CONFIG": None}).invoke(main, [*given, "run-turn-due"])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[-1] == (
        "Error: No such command 'run-turn-due': did you mean "
        f"`wtg --config {config} --games-dir {games} run-turn --due`?"
    )


def test_who_may_hold_a_lock_is_named_as_a_program_not_as_a_command(tmp_path: Path) -> None:
    """The writers a busy database's note and a lock's refusal name are programs that may be
    running, not commands to give: in backquotes they were begun as a command is (`another
    wtg (a poll, a send, a turn, `wtg --config /srv/wtg.yaml serve`) kept writing it`)."""
    with (
        only_one(tmp_path, "send"),
        pytest.raises(AlreadyRunning) as running,
        only_one(tmp_path, "send"),
    ):
        pass
    notes = (
        sqlitewait.WRITERS,
        database.WRITERS,
        store.LOCKED,
        due.BUSY,
        str(running.value),
    )
    assert [note for note in notes if NAMED_START.search(note)] == []
    assert "or is wtg serve running?)" in gamestatus.RUNS_IT  # its `wtg run-turn --due` to give
    assert str(running.value) == "another wtg send is running"
    config = host(tmp_path / "host")
    with only_one(tmp_path / "host" / "games" / ".mail", "send"):
        result = CliRunner(env={"WTG_CONFIG": None}).invoke(main, ["--config", str(config), "send"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "another wtg send is running: this one leaves the work to it\n"


def _echoed_commands(path: Path) -> list[int]:
    """The lines of ``click.echo`` calls in ``path`` whose text names a command in
    backquotes: printed so, it would not carry the options given."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "echo"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "click"
        ):
            continue
        texts = [n.value for a in node.args for n in ast.walk(a) if isinstance(n, ast.Constant)]
        if any(isinstance(text, str) and NAMED_START.search(text) for text in texts):
            found.append(node.lineno)
    return found


NAMED_START = re.compile(r"`wtg [a-z]")


def test_no_command_line_echoes_a_command_past_tell() -> None:
    """A line of the command line that names a command goes through ``tell`` (``say``,
    ``fail``), which carries the options given; ``click.echo`` would print it bare."""
    cli = Path(__file__).parent.parent / "wtg" / "cli"
    found = [
        f"{path.name}:{line}"
        for path in sorted(cli.glob("*.py"))
        if path.name != "givenhead.py"
        for line in _echoed_commands(path)
    ]
    assert found == []
