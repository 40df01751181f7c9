"""A game's name completed by the GM's shell: `wtg status ka<Tab>` gives `kaomaris`; and a
ruleset's name and its maps (`wtg new-game g1 --ruleset wok4 --map <Tab>`).

Click completes the commands and options itself (docs/gm.md, "Tab completion", says how
to turn it on); a GAME_DIR is completed here with the names of the games of the games folder
the command would look them up in (--games-dir, WTG_GAMES_DIR, or the config's games_dir,
from --config or WTG_CONFIG). Something that reads as a path (a '/' in it, a leading '.' or
'~'), or no games folder known, is left to the shell's own completion of folders.

Bash puts what is offered onto the command line as it is (click's script adds it to
COMPREPLY unquoted): a folder's name is offered only when it is made of letters, digits and
``._+-`` (``SHELL_SAFE``), every game's name by the rule among them. A folder copied in with
another name (``ka$(touch owned)``, a line break, an escape sequence) would put a command
on the GM's line, or write to his terminal: he types such a name himself.

Completion runs at every Tab, before the command: it says nothing and never fails. A
config it cannot read or a games folder it cannot list completes nothing; the command,
once given, says what is wrong.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import click
from click.shell_completion import CompletionItem

from wtg.core.errors import WtgError
from wtg.game.registry import UnknownRuleset, find_ruleset, ruleset_names
from wtg.host.configplace import config_in
from wtg.host.gamesdir import scan_games

SHELL_SAFE = re.compile(r"[^\W_][\w.+-]*")
"""A name offered to the shell: letters (any script's), digits, ``_``, ``.``, ``+`` and
``-``, beginning with a letter or digit: no sign a shell reads, no space, no control."""


def game_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The names of the games folder's games that begin with ``incomplete``; the shell's
    completion of folders for a path or where no games folder is known."""
    if os.sep in incomplete or incomplete.startswith((".", "~")):
        return [CompletionItem(incomplete, type="dir")]
    folder = _games_folder(ctx)
    if folder is None:
        return [CompletionItem(incomplete, type="dir")]
    games = scan_games(folder).folders
    return [
        CompletionItem(game.name)
        for game in games
        if game.name.startswith(incomplete) and SHELL_SAFE.fullmatch(game.name)
    ]


def _games_folder(ctx: click.Context) -> Path | None:
    """The games folder of the command line being completed (its group's options, read
    before the group runs), or None when none is given or the config cannot be read."""
    given = ctx.find_root().params
    games_dir = given.get("games_dir")
    if games_dir:
        return Path(os.path.expanduser(games_dir))
    config = given.get("config")
    if not config:
        return None
    # deferred: pydantic (the config's schema), as for the commands that read the config
    from wtg.host.config import load_config

    try:
        return load_config(config_in(Path(os.path.expanduser(config)))).games_dir
    except (WtgError, OSError, ValueError):  # the command itself will say what is wrong
        return None


def ruleset_choices(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """The rulesets whose names begin with ``incomplete``."""
    return [CompletionItem(name) for name in ruleset_names() if name.startswith(incomplete)]


def map_choices(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """The maps of the ruleset given before on the line that begin with ``incomplete``; a
    map file of the GM's (a path) is left to the shell's completion of files."""
    if os.sep in incomplete or incomplete.startswith((".", "~")):
        return [CompletionItem(incomplete, type="file")]
    # open-list's RULESET is an argument, which click leaves in ctx.args while the
    # option before the Tab has no value yet
    given = ctx.params.get("ruleset") or next(iter(ctx.args), "")
    try:
        ruleset = find_ruleset(given)
    except UnknownRuleset:  # none given yet, or mistyped: the command says which there are
        return []
    return [CompletionItem(name) for name in ruleset.map_names() if name.startswith(incomplete)]
