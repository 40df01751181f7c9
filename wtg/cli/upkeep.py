"""The host kept over the years: `wtg backup FILE`, `wtg restore FILE --games-dir DIR`
(the work in ``wtg.upkeep``). ``register`` adds every command of this file to the group: a
new one (`wtg upgrade`) joins ``COMMANDS``."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from wtg.cli.common import config_path, fail, games_root, gm_config, refuse_root_on_anothers
from wtg.cli.givenhead import progress_bar, tell
from wtg.cli.homepath import HomePath
from wtg.upkeep.backup import back_up_host
from wtg.upkeep.locks import WAIT
from wtg.upkeep.restore import restore as restore_backup
from wtg.upkeep.restoredagain import interrupted_line


@contextlib.contextmanager
def _bar(label: str, terminal: bool) -> Iterator[Callable[[int, str], None] | None]:
    """On a terminal, a progress bar fed by (the steps, "") first, then (done, name); else
    None (cron: no bar)."""
    if not terminal:
        yield None
        return
    with contextlib.ExitStack() as stack:
        bar: list[Any] = []

        def progress(step: int, name: str) -> None:
            if not name and not bar:
                bar.append(stack.enter_context(progress_bar(max(step, 1), label)))
            elif bar:
                bar[0].update(step, name)

        yield progress


@contextlib.contextmanager
def _phase_bars(terminal: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """On a terminal, a progress bar a phase (``checking``, ``restoring``), fed with the
    bytes read of the archive and its size; else None."""
    if not terminal:
        yield None
        return
    with contextlib.ExitStack() as stack:
        bars: dict[str, Any] = {}

        def progress(what: str, done: int, total: int) -> None:
            if what not in bars:
                stack.close()  # the phase before ends where this one begins
                label = f"wtg restore: {what}"
                bar = click.progressbar(length=max(total, 1), label=label, file=sys.stderr)
                bars[what] = stack.enter_context(bar)
            bars[what].update(done - bars[what].pos)

        yield progress


@click.command()
@click.argument("file", type=HomePath(path_type=Path))
@click.option(
    "--wait",
    type=click.FloatRange(min=0),
    default=WAIT,
    show_default=True,
    metavar="SECONDS",
    help="How long to wait for a lock another process holds (a game's turn running, a "
    "poll): a game still locked then is left out and named; the spool is copied anyway.",
)
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="For cron: print only what went wrong (a game left out, a lock waited for in vain).",
)
@click.pass_context
def backup(ctx: click.Context, file: Path, wait: float, quiet: bool) -> None:
    """Write one archive (.tar.gz, 0600) of the whole host into FILE: every game, the lobby's
    people book, the mail spool and journal, and the config (--config) with its passwords
    left out. Safe while `wtg serve` or cron runs: each game is copied with its lock held.
    Exit 1 when a game could not be copied (its lock held too long), or the lobby's book
    was torn (copied as it was; when FILE holds an earlier backup, that one is kept and
    this one goes beside it, host.torn-book.tar.gz for host.tar.gz)."""
    config = config_path(ctx)
    gm = gm_config(ctx) if config is not None else None
    games_dir = games_root(ctx)
    terminal = sys.stderr.isatty()

    def notice(line: str) -> None:
        if terminal:
            tell(f"\n{line}", err=True)

    with _bar("wtg backup", terminal) as progress:
        result = back_up_host(
            games_dir, file, config=config, gm=gm, wait=wait, progress=progress, notice=notice
        )
    for line in result.problems:
        tell(f"problem: {line}", err=True)
    for line in () if quiet else result.notes:
        tell(f"note: {line}", err=True)
    left_out = result.manifest["left_out"]
    if left_out and not quiet:
        tell("not in the backup (bring it back after a restore):")
        for line in left_out:
            tell(f"  - {line}")
    if not quiet or result.problems:
        tell(result.line())
    if result.not_copied or result.book_torn is not None:
        sys.exit(1)


@click.command()
@click.argument("file", type=HomePath(path_type=Path))
@click.option(
    "--games-dir",
    "games_dir",
    required=True,
    type=HomePath(path_type=Path),
    metavar="DIR",
    help="The folder to restore into: new, or empty (a non-empty one is refused).",
)
def restore(file: Path, games_dir: Path) -> None:
    """Restore the backup FILE (`wtg backup`) into the empty games folder DIR. The archive is
    checked whole first (nothing is written from one that is damaged, not a wtg backup, or
    would write outside DIR); everything is restored private (0700, 0600). Says what was
    restored and what to do next (the config, its passwords)."""
    if not file.is_file():
        what = "a folder, not a backup" if file.is_dir() else "no such file (the backup to restore)"
        fail(f"{file}: {what}")
    there = next(f for f in (games_dir.absolute(), *games_dir.absolute().parents) if f.exists())
    refuse_root_on_anothers(there, "the folder")  # what root restores there is root's alone
    try:
        with _phase_bars(sys.stderr.isatty()) as progress:
            result = restore_backup(file, games_dir, progress=progress)
    except KeyboardInterrupt:  # the group's line sends the GM to `wtg status`, which refuses
        fail(interrupted_line(file, games_dir))
    for line in result.lines():
        tell(line)


COMMANDS = (backup, restore)


def register(group: click.Group) -> None:
    for command in COMMANDS:
        group.add_command(command)
