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

from click.testing import CliRunner, Result

from tests.test_gm_controls import make
from wtg.cli import main

STEPS: tuple[tuple[tuple[str, ...], int | None], ...] = (
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
    (("open-list", "wok4"), 1),  # open already: `wtg close-list wok4` first
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
