"""`wtg serve`: the host's one long-running process (wtg.serve.service), and its systemd unit."""

from __future__ import annotations

import gc
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from wtg.cli.common import (
    NO_CONFIG,
    checked_config,
    config_path,
    fail,
    games_source,
    gm_config,
    without_config,
)
from wtg.cli.logs import log_options, start_logging
from wtg.cli.mail import warn_loose_passwords
from wtg.cli.movedhost import refusing
from wtg.files.paths import tidied
from wtg.host.cpus import default_jobs
from wtg.host.gamesdir import folder_problem
from wtg.logs.events import LOGGER, log_event
from wtg.mail.outgoing.pictures import map_drawing
from wtg.mail.spool.runlock import AlreadyRunning
from wtg.serve.notify import Notifier
from wtg.serve.unit import (
    owner_of,
    run_as_module,
    running_checkout,
    this_wtg,
    unit_text,
)

if TYPE_CHECKING:  # pydantic (the config's schema) is imported by the commands that read it
    from wtg.host.config import GmConfig


def register(group: click.Group) -> None:
    group.add_command(serve)


@refusing
@click.command()
@click.option(
    "--unit",
    is_flag=True,
    help="Print the systemd unit for this install (this wtg, this config, the games "
    "folder's owner as its user) and exit.",
)
@log_options
@click.pass_context
def serve(
    ctx: click.Context,
    unit: bool,
    log_format: str,
    log_level: str | None,
    log_file: str | None,
) -> None:
    """Serve the host until SIGTERM: file each mail as it comes and send the answers, run
    each game's turn at its deadline (or sooner, on the READY that runs it) and mail the
    reports, remind the players, mail the GM's digest each morning, rebuild the site after
    a turn (the config's site:). SIGHUP reloads the config. Logs an event a line (stderr:
    journald)."""
    if unit:
        print_unit(ctx)
        return
    # deferred: the service (the mail loop, the due run, the site): only `wtg serve` runs it
    from wtg.host.config import load_config
    from wtg.serve.clock import SystemClock
    from wtg.serve.configreload import reloaded_games_dir
    from wtg.serve.service import Service, signals_to

    gm = checked_config(ctx)
    path = config_path(ctx)
    assert path is not None  # checked_config ends the command without one
    start_logging(log_format, log_level, log_file, default="info")
    # a terminal's GM reads stderr; the log has it too, below (unless its level is above it)
    if log_file or not LOGGER.isEnabledFor(logging.WARNING):
        warn_loose_passwords(gm)
    log_loose_passwords(gm)

    def reload() -> GmConfig:
        new = reloaded_games_dir(load_config(path), gm.games_dir, path)
        if not LOGGER.isEnabledFor(logging.WARNING):  # --log-level error: stderr says it
            warn_loose_passwords(new)
        log_loose_passwords(new)
        return new

    gc.freeze()  # what lives now lives as long as the process (as `wtg poll` does)
    service = Service(
        gm,
        SystemClock(),
        reload=reload,
        notifier=Notifier.from_environment(),
        jobs=default_jobs(),
        picture=map_drawing(),
    )
    with signals_to(service):
        try:
            service.run()
        except AlreadyRunning as exc:
            fail(f"{exc}: this one does not start")
    if service.gone is not None:  # its games folder moved away, or the host: exit 1
        fail(service.gone)


def log_loose_passwords(gm: GmConfig) -> None:
    """A password file others may read (or empty, or missing), a warning of the service's
    log at its start and each reload: under systemd with --log-file, stderr's warning was
    seen by no one (`wtg status --host` says it too). A log whose level leaves warnings out
    (``--log-level error``) has stderr say it instead, whatever the level."""
    # deferred: pydantic (the config's schema): only the commands that read the config
    from wtg.host.config import loose_password_files

    for line in loose_password_files(gm):
        log_event(line, level=logging.WARNING)


def print_unit(ctx: click.Context) -> None:
    """``wtg serve --unit``: the shipped unit with this install's paths."""
    path = config_path(ctx)
    if path is None:
        fail(without_config(NO_CONFIG))
    gm = gm_config(ctx)  # a config that does not hold is refused before it is installed
    problem = folder_problem(gm.games_dir)
    if problem is not None:  # (root may write the unit of a host another user owns)
        fail(
            f"the games folder {gm.games_dir.absolute()} ({games_source(ctx)}) {problem}: "
            "correct it, or make a new host with `wtg init DIR`"
        )
    module = run_as_module()  # `python -m wtg`: so in the unit too, no `wtg` needed
    wtg = Path(sys.executable).absolute() if module else this_wtg()
    unit = unit_text(wtg, tidied(path), owner_of(gm.games_dir), running_checkout(), module)
    click.echo(unit, nl=False)
