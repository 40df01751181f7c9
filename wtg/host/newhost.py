"""What `wtg init [DIR]` makes for a new host: the folders (0700) and a config to start
from, on the maildir transport (no mail server needed to try a game), with the mail
servers' sections written out as comments to fill in.

The folders come first and the config last, in one step (written aside, then linked into
place, which fails rather than write over a file there): a run cut short leaves no config,
and the same command given again makes it. A config that is there already is never
written over.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from wtg.core.errors import UsageError
from wtg.core.plurals import counted
from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.files import private
from wtg.files.gamesfolder import SPOOL
from wtg.files.paths import same_file
from wtg.files.store import fsync_dir
from wtg.host.configplace import CONFIG_NAME
from wtg.host.configschema import is_one_address, sender_meant
from wtg.host.gamesdir import RESTORED, scan_games
from wtg.text.shellcommand import shell_command
from wtg.text.yamllines import YamlLinesError, read_lined_yaml

GAMES_NAME = "games"
DEFAULT_FROM = "Game Master <gm@localhost>"
MANIFEST = "manifest.json"
"""The restore's manifest, beside the config it left in ``RESTORED`` (``wtg.upkeep``):
its ``left_out`` says what the backup left out of the config, a line each."""

CONFIG_TEXT = """\
# The config of a wtg host, made by `wtg init`. docs/mail.md says what every key takes;
# `wtg --config {config} check-config` checks it (after every change, too).
games_dir: {games}            # one folder per game (0700); the mail spool is {games}/.mail
from: {sender}
transport: maildir         # mail comes in as files in {games}/.mail/maildir-in and goes
                           # out into {games}/.mail/maildir-out: no server needed to try
# With a mail server: write `transport: imap` above and fill in these two sections.
# imap:
#   host: imap.example.org
#   port: 993
#   ssl: true                         # 993 takes ssl; 143 takes starttls: true instead
#   username: gm@example.org
#   password_file: imap-password      # a file of its own, mode 0600 (chmod 600)
#   folder: INBOX
# smtp:
#   host: smtp.example.org
#   port: 587
#   starttls: true
#   username: gm@example.org          # the whole address, as the provider gives it
#   password_file: smtp-password
#   # the mail goes out From `from` above: an address this login may send as
"""


class InitRefused(UsageError):
    """A host that cannot be made in the folder given; the message says why."""


class NewHost(Record):
    """What `wtg init` made: the config, the games folder, and whether the config was
    there already (then nothing was written)."""

    config: Path
    games_dir: Path
    found: str | None = None
    """What the games folder held already (a host's games, its mail spool), in words;
    None for a new or empty one."""


def make_host(folder: Path, sender: str = DEFAULT_FROM) -> NewHost:
    """The folders and the config of a new host in ``folder`` (made when missing)."""
    config = folder / CONFIG_NAME
    aside = folder / f".{CONFIG_NAME}.new"
    games = folder / GAMES_NAME
    spaced = next((part for part in folder.parts if part != part.strip()), None)
    if spaced is not None:  # `wtg init "/srv/wtg "`: a space pasted along, made a folder of
        raise InitRefused(
            f"{str(folder)!r}: the folder name {spaced!r} begins or ends with a space: give "
            f"it without ({folder.parent / spaced.strip()})"
        )
    yaml_named = folder.suffix.lower() in (".yaml", ".yml")  # as --config takes it
    if folder.is_file() and yaml_named:  # the config of the host made in step 1, typed again
        raise InitRefused(
            f"{folder}: `wtg init` takes the host's folder, not its config file, and this "
            f"file is there already: to use the host it configures, export WTG_CONFIG="
            f"{shell_command(str(folder))}; for a new host, give `wtg init` a folder of its own"
        )
    if folder.exists() and not folder.is_dir():
        raise InitRefused(f"{folder} is a file, not a folder: give `wtg init` a folder")
    if not folder.exists() and yaml_named:
        raise InitRefused(
            f"{folder}: `wtg init` takes the host's folder, not its config file: "
            f"`{shell_command('wtg', 'init', str(folder.parent))}` makes the config "
            f"{folder.parent / CONFIG_NAME}"
        )
    _refuse_in_games_folder(folder)
    if config.exists() or config.is_symlink():
        private.drop_leftover(aside, config)  # the copy an init killed after its link left
        raise InitRefused(
            f"{config} is there already: `wtg init` never writes over a config; edit it "
            "(docs/mail.md), or give `wtg init` another folder"
        )
    if games.exists() and not games.is_dir():
        raise InitRefused(f"{games} is a file: the games folder must be a folder")
    found = _host_found(games)
    restored = games / RESTORED / CONFIG_NAME
    if found is not None and restored.is_file():  # its own config lies there, with its servers
        raise InitRefused(
            f"{games} holds a host restored from a backup ({found}), whose config is "
            f"{restored}: `wtg init` makes a new host only; put that config in place (cp "
            f"{restored} {config}){_still_to_do(restored, games)}, then `wtg --config "
            f"{config} check-config`"
        )
    if not is_one_address(sender):  # else every mail the host sends is set aside for good
        meant = sender_meant(sender)
        hint = f" (did you mean {shell_command('--from', meant)}?)" if meant else ""
        raise InitRefused(
            f"--from {sender!r} is not one e-mail address: give a name and an address, as in "
            f'a mail\'s From ("Game Master <gm@example.org>"){hint}'
        )
    private.make_dirs(folder)
    for made in (games, games / SPOOL):
        private.make_dirs(made)
    for box in ("maildir-in", "maildir-out"):
        private.maildir(games / SPOOL / box)
    text = CONFIG_TEXT.format(config=config.absolute(), games=GAMES_NAME, sender=_quoted(sender))
    private.write_file(aside, text.encode("utf-8"))
    try:
        os.link(aside, config)  # never over a config made meanwhile
    except FileExistsError:
        raise InitRefused(f"{config} was made meanwhile: it is left as it is") from None
    finally:
        aside.unlink()
    fsync_dir(folder)
    return NewHost(config, games, found)


def _host_found(games: Path) -> str | None:
    """The games a host left in ``games`` (its games folder, kept or restored), in words
    (``1 game: test1``), or None when it holds none and no mail journal (a new folder, or
    what an init cut short made)."""
    names = [folder.name for folder in scan_games(games).folders]
    if not names and not (games / SPOOL / "journal.sqlite").is_file():  # the mail journal
        return None
    shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
    return f"{counted(len(names), 'game')}: {shown}" if names else "no game"


def _still_to_do(restored: Path, games: Path) -> str:
    """What the config a restore left in ``restored`` still needs once copied beside
    ``games`` (as ``, ...`` clauses): its games_dir when it is not that folder (the restore
    set it to the folder restored, which was moved since), and what the backup left out
    of it (its passwords), as the restore's manifest says; "" when nothing."""
    steps = []
    try:
        data = read_lined_yaml(restored.read_text(encoding="utf-8")).data
    except (OSError, UnicodeDecodeError, YamlLinesError):
        data = None
    written = data.get("games_dir") if isinstance(data, dict) else None
    if isinstance(written, str):
        path = Path(written).expanduser()
        path = path if path.is_absolute() else games.parent / path
        if path.absolute() != games.absolute() and not same_file(path, games):
            steps.append(f"set games_dir: {GAMES_NAME} in it (it says {written})")
    else:
        steps.append(f"set games_dir: {GAMES_NAME} in it")
    try:
        manifest = json.loads((restored.parent / MANIFEST).read_text(encoding="utf-8"))
        left_out = manifest.get("left_out") if isinstance(manifest, dict) else None
    except (OSError, UnicodeDecodeError, ValueError):
        left_out = None
    if not isinstance(left_out, list):  # unread: what it may name
        steps.append("write back the passwords it names (LEFT-OUT-OF-BACKUP), if any")
    elif left_out:
        said = "; ".join(printable(str(line)) for line in left_out)
        steps.append(f"write back what the backup left out ({said})")
    return "".join(f", {step}" for step in steps)


def _refuse_in_games_folder(folder: Path) -> None:
    """InitRefused when ``folder`` is a host's games folder (it holds the mail spool,
    ``.mail``) or is in one (a game's folder): a host made there would be a second host
    inside the first, its games and spool never seen by the first's cron."""
    here = folder.absolute()
    for place in (here, *here.parents):
        if not (place / SPOOL).is_dir():
            continue
        config = place.parent / CONFIG_NAME
        host = f"the host {config}" if config.is_file() else f"a host (its spool {place / '.mail'})"
        what = "is the games folder" if place == here else "is in the games folder"
        other = place.parent.parent / f"{place.parent.name}2"
        there = f"; for the host there: export WTG_CONFIG={config}" if config.is_file() else ""
        raise InitRefused(
            f"{folder} {what} of {host}: a new host goes in a folder of its own, outside any "
            f"host's games folder (as `wtg init {other}`){there}"
        )


def _quoted(text: str) -> str:
    """``text`` as a YAML string in double quotes (a From holds ``<`` and ``:``)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'
