"""`wtg upgrade [--check]`: the games folder's game folders and lobby's book brought to this
wtg's format (the work is in wtg.upkeep.upgrade)."""

from __future__ import annotations

import contextlib
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import NoReturn

import click

from wtg.cli.common import games_root
from wtg.cli.givenhead import tell
from wtg.files.gamesfolder import SPOOL
from wtg.host.servicerecord import code_folder, read_service_record
from wtg.upkeep.upgrade import (
    Done,
    Found,
    HostUpgrade,
    Outcome,
    State,
    at_format,
    counted,
    survey,
)

EXIT_UPGRADE_NEEDED = 1
EXIT_CANNOT_UPGRADE = 2


def register(group: click.Group) -> None:
    group.add_command(upgrade)


@click.command()
@click.option(
    "--check",
    is_flag=True,
    help="Change nothing: name what would be upgraded. Exit 0 when nothing is to be done, "
    "1 when something is to be upgraded, 2 when something cannot be (made by a newer wtg, "
    "or its format unreadable).",
)
@click.pass_context
def upgrade(ctx: click.Context, check: bool) -> NoReturn:
    """Upgrade every game folder of the games folder and the lobby's book to this wtg's
    format, each after a copy of it in the games folder's .upgrades/ (a .tar.gz of a game,
    the book's SQLite file). A game another process writes is waited for a minute, then
    skipped. A line for each folder upgraded or skipped, then a summary; exit 1 when one
    was skipped, refused (made by a newer wtg) or failed."""
    games_dir = games_root(ctx)
    if check:
        _check(survey(games_dir), games_dir)
    run = HostUpgrade(games_dir, datetime.now(timezone.utc))
    terminal = sys.stderr.isatty()
    later: list[Done] = []  # on a terminal, the lines wait for the bar to end
    bar = click.progressbar(length=run.total, label="wtg upgrade", file=sys.stderr)
    with bar if terminal else contextlib.nullcontext(bar):
        for item in run.upgrades():
            if terminal:
                bar.update(1)
                later.append(item)
            elif item.line:
                _say(item)
    for item in later:
        if item.line:
            _say(item)
    tell(run.line())
    _service_note(games_dir)
    sys.exit(0 if run.ok else 1)


def _check(found: list[Found], games_dir: Path) -> NoReturn:
    """`--check`: a line for each game folder or book to upgrade or that cannot be, a
    summary, and the exit status."""
    for item in found:
        if item.line:
            tell(item.line)
    todo = [f.name for f in found if f.state in (State.OLDER, State.LEFT_OVER)]
    stuck = [f.name for f in found if f.state in (State.NEWER, State.UNREADABLE)]
    current = [f.name for f in found if f.state is State.CURRENT]
    tell(
        f"wtg upgrade --check: {counted(todo)} to upgrade, {counted(stuck)} this wtg cannot "
        f"upgrade, {at_format(current)} already (nothing changed)"
    )
    _service_note(games_dir)
    sys.exit(EXIT_CANNOT_UPGRADE if stuck else EXIT_UPGRADE_NEEDED if todo else 0)


def _service_note(games_dir: Path) -> None:
    """A note, last, when a `wtg serve` runs on the games folder with other code than this
    wtg's: started before this wtg was installed, it goes on with the older code (and
    refuses the folders upgraded to a format it does not know) until restarted; or it is
    another install's (its record's folder), which a restart runs again; a record before
    round 48 keeps no folder, and which of the two cannot be told."""
    record = read_service_record(games_dir / SPOOL)
    if record is None or not record.running() or not record.runs_other_code():
        return
    if record.another_install():
        said = (
            f"runs the wtg in {record.folder}, another install than this one, in "
            f"{code_folder()}: a restart runs that one again, and it goes on with its own "
            "code (`wtg serve --unit` of this wtg prints a unit that runs this one)"
        )
    elif record.folder:  # the folder of this wtg: its code changed since it started
        said = (
            "runs other code than this wtg: wtg was installed again since it started; "
            "restart it once the upgrade is done (`systemctl restart wtg`) to run this one"
        )
    else:
        said = (
            "runs other code than this wtg: if wtg was installed again since it started, "
            "restart it once the upgrade is done (`systemctl restart wtg`) to run this one; "
            "if this wtg is another install than the service's, the service goes on with "
            "its own"
        )
    tell(f"note: wtg serve (pid {record.pid}) {said}", err=True)


def _say(item: Done) -> None:
    tell(item.line, err=item.outcome not in (Outcome.UPGRADED, Outcome.CURRENT))
