"""The options a command was given on its command line that the commands it suggests
carry: ``--config FILE`` and ``--games-dir DIR``. Every line a command prints for the GM
(``tell``; ``wtg.cli.common.say`` and ``fail``, which an error of a layer below reaches
too) has each command it names in backquotes (`` `wtg COMMAND ...` ``) begun so; JSON, a
report, a map and the other files a command prints are printed as they are. Without
them, a refusal's `wtg release g1`, copied by a GM who ran `wtg --config /srv/b/wtg.yaml
hold g2` (no ``WTG_CONFIG``), ran against the host his shell's ``WTG_CONFIG`` named, or
none. Options the environment gave (``WTG_CONFIG``, ``WTG_GAMES_DIR``) are not added:
the shell that copies the line has them too."""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from wtg.core.printable import on_screen
from wtg.text.hanging import hanging
from wtg.text.headings import heading
from wtg.text.shellcommand import shell_command

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

OPTIONS = (("config", "--config"), ("games_dir", "--games-dir"))
"""The group's options a suggested command carries: the parameter, the option."""


def given_options() -> str:
    """`` --config FILE --games-dir DIR`` as the command line running gave them (each path
    absolute: the same file from any folder), or "" (none given there, or no command
    running). Before the group's own callback has read them (a command name mistyped,
    `wtg run-turn-due`), as click parsed them."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return ""
    root = ctx.find_root()
    given = ""
    for parameter, option in OPTIONS:
        read = root.obj if isinstance(root.obj, dict) else root.params
        value = read.get(parameter)
        source = root.get_parameter_source(parameter)
        if value and source is click.core.ParameterSource.COMMANDLINE:
            path = Path(value).expanduser().absolute()
            given += " " + shell_command(option, os.fspath(path))
    return given


def given_head() -> str:
    """How a suggested command begins: ``wtg`` with the options given (``given_options``)."""
    return "wtg" + given_options()


HOSTLESS = ("init", "demo", "restore")
"""The commands that read no host's config (they make one): a `wtg init DIR` named stays as
it is, the config given being not the one it makes; a `wtg restore FILE --games-dir DIR`
too, which reads neither the group's --config nor its --games-dir."""

COMMAND = re.compile(rf"`wtg (?!(?:{'|'.join(HOSTLESS)})\b)(?=[a-z])")
"""The start of a command a message names in backquotes, `wtg` then the command's name
(not a ``--config`` already there, nor one of ``HOSTLESS``)."""


def carrying_given(message: str) -> str:
    """``message`` of a layer below the command line (the engine's refusals) with each
    command it names (`` `wtg COMMAND ...` ``) begun as ``given_head``."""
    head = given_head()
    return message if head == "wtg" else COMMAND.sub(lambda _: f"`{head} ", message)


MIN_WIDTH = 60
"""The columns `wtg status` breaks its lines at on a terminal narrower than one more than
this: a player's row goes on at column 33, and a narrower line would hold a word or two."""
HOST_PATHS = "host_paths"
"""The key of the command's context (its root's ``obj``) under which the folders a command
was given (``given_path``) are kept."""


def given_path(path: Path | str) -> None:
    """Keep ``path`` as one the GM gave the running command (the games folder its config
    or --games-dir named, a game's folder named on its command line): the lines it prints
    keep it, and the files wtg names in it, whole (``host_paths``). Nothing without a
    command running."""
    ctx = click.get_current_context(silent=True)
    obj = ctx.find_root().obj if ctx is not None else None
    if isinstance(obj, dict):
        kept = obj.setdefault(HOST_PATHS, set())
        kept.update({os.fspath(path), os.fspath(Path(path).expanduser().absolute())})


def host_paths() -> list[str]:
    """The paths the running command's lines keep whole, to be copied
    (``wtg.text.hostpaths``): ``--config`` (or ``WTG_CONFIG``) and its folder,
    ``--games-dir`` (or ``WTG_GAMES_DIR``), each as given and absolute, and those kept by
    ``given_path``, with the files below them that are there (``on_disk``). None but
    these: a word from a mail or a player's name is cut however much it looks like a path,
    begun with the host's folder too."""
    ctx = click.get_current_context(silent=True)
    obj = ctx.find_root().obj if ctx is not None else None
    if not isinstance(obj, dict):
        return []
    found: set[str] = set(obj.get(HOST_PATHS, ()))
    for key in ("config", "games_dir"):
        value = obj.get(key)
        if value:
            absolute = Path(value).expanduser().absolute()
            found.update(
                {os.fspath(value), os.fspath(absolute), shell_command(os.fspath(absolute))}
            )
            if key == "config":
                found.add(os.fspath(absolute.parent))
    return sorted(found)


def on_disk(path: str) -> bool:
    """Whether ``path``, a word of a line below a folder of ``host_paths``, is there: only
    a file or folder that is there is kept whole as the host's (``wtg.text.hostpaths``), a
    stranger's word begun with the games folder (or the GM's home) being none."""
    return os.path.lexists(path)


def tell(text: str, err: bool = False, whole: Iterable[str] = ()) -> None:
    """A line for the GM (a result, a warning: ``err``), its commands begun as
    ``given_head`` (``carrying_given``), without its control sequences and piles of marks
    (``on_screen``); on a terminal, broken at its width as `wtg status`'s lines are
    (``on_terminal``), the words of ``whole`` (players' names) never between two lines."""
    shown = [on_screen(words) for words in whole]
    click.echo(on_terminal(on_screen(carrying_given(text)), err, shown), err=err)


def on_terminal(text: str, err: bool = False, whole: Iterable[str] = ()) -> str:
    """``text`` (its control sequences gone) as a terminal shows it: each line wider than
    the terminal stdout (or stderr: ``err``) writes to broken at its blanks with a hanging
    indent (``wtg.text.hanging``: a command, a moment, a path of ``host_paths`` and the
    words of ``whole`` whole); as it is when it writes to none (a pipe, a file, cron's
    mail: a script matches it)."""
    width = terminal_width(err)
    if width is None:
        return text
    return hanging(text, width, paths=host_paths(), on_disk=on_disk, whole=whole)


def tell_fitted(
    text: str, err: bool = False, files: Iterable[str] = (), indent: str | None = None
) -> None:
    """``tell``, each line a word from outside makes wider than 78 columns (a game's name a
    mail gave, an address, a word begun with ``/`` that is no path the GM gave) wrapped to
    them (``wtg.text.headings``), the paths of ``host_paths`` whole, and ``files``, those
    wtg made that the line names (a held mail's copy in the archive, there or pruned since);
    every other line as it is. On a terminal, every line wider than it broken as `wtg
    status`'s are (``tell_hung``, ``indent``). `wtg quarantine`'s and `wtg outbox`'s lines."""
    paths = [*host_paths(), *files]
    said = on_screen(carrying_given(text))
    width = terminal_width(err)
    if width is None:
        click.echo(heading(said, paths=paths, on_disk=on_disk), err=err)
        return
    click.echo(hanging(said, width, paths=paths, on_disk=on_disk, indent=indent), err=err)


def terminal_width(err: bool = False) -> int | None:
    """The columns a line for the GM may fill on the terminal stdout (or stderr: ``err``)
    writes to, its last column left to the cursor and ``MIN_WIDTH`` at least; None when it
    writes to none (a pipe, a file, cron's mail)."""
    columns = terminal_columns(err)
    return None if columns is None else max(columns - 1, MIN_WIDTH)


def terminal_columns(err: bool = False) -> int | None:
    """The columns of the terminal stdout (or stderr: ``err``) writes to, or None when it
    writes to none (a pipe, a file, cron's mail, a test's runner)."""
    stream = sys.stderr if err else sys.stdout
    try:
        if not stream.isatty():
            return None
    except (AttributeError, ValueError):  # a stream replaced, or closed
        return None
    return shutil.get_terminal_size().columns


def tell_hung(
    text: str, err: bool = False, files: Iterable[str] = (), indent: str | None = None
) -> None:
    """`wtg status`'s lines, of a game, of the games and of the host: on a terminal, each
    line wider than it (its last column left to the cursor) broken at its blanks with a
    hanging indent (``wtg.text.hanging``: ``indent``, or the line's own blanks and four
    more), a command between backquotes, a moment and the paths of ``host_paths`` and
    ``files`` whole; elsewhere (a pipe, cron's mail, a script that matches them) as
    ``tell_fitted`` says them, whole unless a word from outside is wider than a line."""
    tell_fitted(text, err=err, files=files, indent=indent)


def progress_bar(length: int, label: str) -> ProgressBar[str]:
    """A progress bar on stderr of ``length`` steps, named ``label``, each step naming what
    it is at (``bar.update(1, name)``: a game's folder) as ``tell`` says it, without its
    control sequences: a folder copied in may be named with an escape, which the bar of
    `wtg site`, `wtg run-turn --due` and `wtg backup` printed as it was."""
    return click.progressbar(
        length=length, label=label, file=sys.stderr, item_show_func=_step_named
    )


_ONE_LINE = str.maketrans("\n\t", "??")


def _step_named(item: str | None) -> str:
    """What a progress bar shows after itself: the name of the step's item, as a line (a
    line break or a tab in a folder's name as ``?``: click redraws the bar over its line,
    and a line break began a new one at each step)."""
    return on_screen(item or "").translate(_ONE_LINE)
