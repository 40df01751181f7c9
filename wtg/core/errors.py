"""The errors wtg expects, as one family: the command line turns any of them into a line
on stderr (``wtg: <message>``) and an exit status, in one place (``wtg.cli.common``).

- ``UsageError``: the command was asked for something it cannot do as given (a new
  game's players or options, an unknown ruleset, a demo folder that is not the demo's).
- ``GameError``: a game cannot do what was asked (a game folder, a turn, orders).
- ``MailError``: the mail loop cannot go on (another poll or send is running).
- ``ConfigError``: a file the GM gives or keeps cannot be used (the config, a game's
  ``game.yaml``, a form, a map, a world's assets).

Each ruleset's ``SetupError`` (a game its rules cannot set up as asked) is the one below.
An error that is not a WtgError is a bug in wtg, or the disk or the network failing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar


class WtgError(Exception):
    """An error wtg expects; its message says what went wrong and, where it can, what to do."""

    exit_code: ClassVar[int] = 1

    def __str__(self) -> str:
        if len(self.args) == 1:  # a KeyError's message, say, printed as written
            return str(self.args[0])
        return super().__str__()


class UsageError(WtgError):
    """A command asked for something it cannot do as given."""


class GameError(WtgError):
    """An operation the game cannot do as asked; the message says why."""


class MailError(WtgError):
    """The mail loop cannot go on as asked."""


class ConfigError(WtgError, ValueError):
    """A file the GM gives or keeps cannot be used: one line per problem, each naming
    where and why."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


class ProblemsError(ConfigError):
    """A data file (a map, a form spec) that cannot be used, with every problem found in
    it, one a line under ``heading``."""

    heading: ClassVar[str] = "{source} is not valid"

    def __init__(self, source: str, problems: Iterable[str]) -> None:
        self.source = source
        listed = list(problems)
        listing = "\n".join(f"  - {p}" for p in listed)
        super().__init__(f"{self.heading.format(source=source)}:\n{listing}")
        self.problems = listed


class SetupError(UsageError, ValueError):
    """A game the rules cannot set up as asked (players, map, options)."""


class GameFinished(GameError, ValueError):
    """A turn asked of a game that is over."""
