"""Where a host restored from a backup filed the mail of its Maildir after the backup, as
the restore's next step names it (``wtg.upkeep.restore``).

The step named the default Maildir, in the old games folder's spool, whatever the config
said: a host whose config names a Maildir of its own (one the machine's mail server
delivers to, outside the games folder) was sent to a folder that never held its mail
(hosts47). The config copy the backup holds says which."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wtg.files.gamesfolder import SPOOL
from wtg.text.yamlio import load_yaml


def named_maildir(config: Path, copied: object) -> Path | None:
    """The Maildir the config copy at ``config`` names (``maildir_in``), a relative one
    read from the folder of the config it was copied from (the manifest's ``config``,
    ``copied``: its ``source``); None when it names none (the default one, in the games
    folder's spool), or the copy cannot be read."""
    try:
        data: Any = load_yaml(config.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    given = data.get("maildir_in") if isinstance(data, dict) else None
    if not isinstance(given, str) or not given.strip():
        return None
    path = Path(given).expanduser()
    source = copied.get("source") if isinstance(copied, dict) else None
    if path.is_absolute() or not isinstance(source, str):
        return path
    return Path(source).parent / path


def maildir_step(named: Path | None, games_dir: object) -> str:
    """Where the restore's step says the Maildir's mail filed after the backup is: the
    Maildir the config names (``named``) when it is outside the games folder backed up
    (``games_dir``, as the manifest gives it), which the restored host's polls read too;
    else the copy's in the old games folder, on the old machine."""
    old = Path(str(games_dir))
    if named is not None and old not in (named, *named.parents):
        return f"in {named / '.processed' / 'cur'}, which each poll reads too"
    kept = named or old / SPOOL / "maildir-in"
    return f"in maildir_in's .processed/cur, by default {kept / '.processed' / 'cur'}"
