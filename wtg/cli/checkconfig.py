"""`wtg check-config`: the config file read against its schema, then every folder and mail
server it names tried as the mail loop will use them; one line a check."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from wtg.cli.common import fail, without_config
from wtg.cli.givenhead import tell
from wtg.core.printable import printable
from wtg.host.gamesdir import games_unreadable
from wtg.host.opengames import all_at_once, open_game_data
from wtg.host.servicerecord import runs_older_config
from wtg.mail.outgoing.idsecret import SECRET_FILE, secret_trouble
from wtg.site.sitefolder import SitePlaceError, check_site_dir
from wtg.upkeep.upgrade import formats_problem


def register(group: click.Group) -> None:
    group.add_command(check_config)


@click.command("check-config")
@click.pass_context
def check_config(ctx: click.Context) -> None:
    """Check the config of --config (or WTG_CONFIG): the file itself, games_dir and the
    maildir folders, a login to each IMAP and SMTP server it names, the IMAP folders, and
    the DKIM key with its DNS record, and every game (a game.yaml that does not read, as
    `wtg status` says it); a password file, the games folder, a game's folder
    or its game.yaml that others on the machine may read is named, with the chmod, and
    so is a Message-ID secret (.mail/message-id.key) that is damaged or others may read.
    A line for each check; exit 0 only when every one holds."""
    # deferred: pydantic (the config's schema): only the commands that read the config
    from wtg.host.config import ConfigError, load_config, loose_password_files

    # deferred: cryptography and dnspython: the DKIM key and its record, checked here only
    from wtg.mail.outgoing.dkimcheck import dkim_findings

    # deferred: it reads the other configs (the config's schema), as load_config above
    from wtg.mail.outgoing.othersender import sending_elsewhere

    # deferred: the mail servers' clients (IMAP, SMTP): only the commands that reach them
    from wtg.mail.servers.probe import Verdict, probe

    # deferred: the maildir inbox's reader loads the config's schema, as load_config above
    from wtg.mail.servers.unreadfiles import left_behind

    path = ctx.obj.get("config") if ctx.obj else None
    if not path:
        fail(
            without_config(
                "give the config to check: wtg --config FILE check-config (or set WTG_CONFIG)"
            )
        )
    try:
        gm = load_config(Path(path))
    except ConfigError as exc:
        for problem in exc.problems:
            tell(f"{Verdict.FAIL.value:<5} {problem}")
        sys.exit(1)
    tell(f"{Verdict.OK.value:<5} config {path}: valid (transport {gm.transport})")
    older = runs_older_config(gm.spool, Path(path), gm.file_print)
    if older is not None:  # edited while the service runs: it goes on with the old one
        tell(f"{Verdict.NOTE.value:<5} {older}")
    failed = 0
    trouble = secret_trouble(gm.spool / SECRET_FILE)
    opened = open_game_data(gm.games_dir)
    # the lines of the games folder last: the note after them counts them as the lines above
    for line in (*loose_password_files(gm), *([trouble] if trouble else []), *opened):
        tell(f"{Verdict.FAIL.value:<5} {line}")
        failed += 1
    left = left_behind(gm.transport, gm.maildir_in)
    if left is not None:  # tried on the maildir transport, then moved to a server: unread
        tell(f"{Verdict.NOTE.value:<5} {left.removeprefix('note: ')}")
    at_once = all_at_once(gm.games_dir, opened)
    if at_once is not None:  # a copy that kept no modes: one command, not a line a game
        tell(f"{Verdict.NOTE.value:<5} {at_once}")
    shared = sending_elsewhere(gm)
    if shared is not None:  # a test host's cron left beside the real host's: no mail is sent
        tell(f"{Verdict.FAIL.value:<5} {shared}")
        failed += 1
    for lost in games_unreadable(gm.games_dir):  # every command skips it: no turn, no mail
        tell(
            f"{Verdict.FAIL.value:<5} game {lost.folder}: cannot be read, skipped (no turn "
            f"of it runs, nothing of it is mailed): {printable(lost.reason)}"
        )
        failed += 1
    formats = formats_problem(gm.games_dir)
    if formats is not None:  # every poll would leave its mail, every turn refuse it
        tell(
            f"{Verdict.FAIL.value:<5} games_dir {gm.games_dir}: {formats} (until then no turn "
            "runs and its mail waits in the inbox)"
        )
        failed += 1
    if gm.site is not None:  # `wtg serve` would fail to build it after every turn
        try:
            check_site_dir(gm.games_dir, gm.site.dir)
        except SitePlaceError as exc:
            tell(f"{Verdict.FAIL.value:<5} site.dir: {exc}")
            failed += 1
    for finding in (*probe(gm), *dkim_findings(gm)):
        tell(finding.line())
        failed += finding.verdict is Verdict.FAIL
    sys.exit(1 if failed else 0)
