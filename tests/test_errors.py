"""One family of errors (``wtg.core.errors``): every error wtg defines is a WtgError, each is
defined once, and the command line turns any of them into one line on stderr and an exit
status, in one place."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from click.testing import CliRunner

import wtg
from tests.test_due_many import break_ruleset, break_state, due_games
from wtg.cli import main
from wtg.core.errors import WtgError
from wtg.mail.poll.timelimit import MailTooLong


def wtg_exceptions() -> set[type[BaseException]]:
    found: set[type[BaseException]] = set()
    for module_info in pkgutil.walk_packages(wtg.__path__, "wtg."):
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, BaseException)
                and value.__module__.startswith("wtg.")
            ):
                found.add(value)
    return found


def test_every_error_wtg_defines_is_a_wtg_error_and_defined_once() -> None:
    errors = wtg_exceptions()
    assert len(errors) >= 20
    strays = sorted(f"{e.__module__}.{e.__name__}" for e in errors if not issubclass(e, WtgError))
    # the one interruption: the poll's time limit, raised by a timer wherever a mail's
    # handling is, passes every ``except Exception`` (as KeyboardInterrupt does) to the guard
    assert strays == ["wtg.mail.poll.timelimit.MailTooLong"]
    assert not issubclass(MailTooLong, Exception)
    names = sorted(e.__name__ for e in errors)
    assert sorted({n for n in names if names.count(n) > 1}) == []  # SetupError was there 4 times


def test_the_command_line_says_a_wtg_error_in_one_line(tmp_path: Path) -> None:
    """A game whose state file is cut short: `status` and `aof` name the file and why, in
    one line each, exit 1, and show no traceback."""
    (folder,) = due_games(tmp_path / "games", 1)
    break_state(folder)
    for args in (["status", str(folder)], ["aof", str(folder), "--player", "1"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, result.output
        assert isinstance(result.exception, SystemExit)
        (line,) = result.stderr.splitlines()
        assert line.startswith(f"wtg: {folder / 'turns' / '0000' / 'state.json'} cannot be read: ")


def test_an_unknown_ruleset_is_named_without_quotes(tmp_path: Path) -> None:
    """And with its file and line, as every other problem of a game.yaml edited by hand is
    (docs/gm.md): `ruleset: wok9` said only `no ruleset 'wok9'`, of no file; and, as a
    ruleset changed to another that is known, with the one to put back (it said only the
    rulesets known)."""
    (folder,) = due_games(tmp_path / "games", 1)
    break_ruleset(folder)
    result = CliRunner().invoke(main, ["state", str(folder)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: {folder / 'game.yaml'}, line 3: ruleset: no ruleset 'wok9' (known: intermediate, "
        "standard, tactics, wisk, wok4); the game was made as wok4 (its turns say so): put back "
        "`ruleset: wok4`\n"
    )
