"""A config's games_dir that names no folder because it is relative: read against the
folder of the config file, as every path of a config is (docs/mail.md), while the GM, who
copied the config elsewhere (`cp wtg.yaml /etc/wtg/`) or wrote it by the folder he ran
`wtg` in, meant it against another. `does not exist` alone left him to guess which folder
wtg had looked in; the refusal says what the games_dir was read against, and what to
write."""

from __future__ import annotations

import shlex
from pathlib import Path

from wtg.files.gamesfolder import SPOOL
from wtg.host.gamesdir import GAME_FILE

DEFAULT_GAMES_DIR = "wtg-games"
"""The games_dir of a config that names none (``ConfigFile.games_dir``'s default)."""


def relative_games_dir(
    written: str | None, config: Path, cwd: Path
) -> tuple[str, str | None] | None:
    """What a refusal of the config ``config``'s games_dir (that is not there) adds when
    it is relative (``written``: as the config writes it; None: it writes none, and the
    default is read): what it was read against, and the line to write when the folder of
    that name in ``cwd`` holds a host's games (else None: the caller says what to do);
    None for a games_dir written as a full path (or with ``~``), and when ``cwd`` is the
    config file's folder."""
    value = DEFAULT_GAMES_DIR if written is None else written
    if Path(value).expanduser().is_absolute() or value.startswith("~"):
        return None
    base = config.absolute().parent
    if cwd.absolute() == base:
        return None  # read where the GM runs it: relative is not what misled him
    said = (
        f"the config names no games_dir, and the default, {value}, is read"
        if written is None
        else f"games_dir: {value} is relative, and is read"
    )
    read = f"{said} in the config file's folder, {base}, not in the folder wtg runs in"
    here = (cwd / value).absolute()
    if here != (base / value).absolute() and _holds_a_host(here):
        return f"{read} ({cwd}, where {here} holds a host's games)", f"games_dir: {_yaml(here)}"
    return read, None


FULL_PATH = "the games folder's full path (games_dir: /srv/wtg/games)"
"""What to write in a config whose relative games_dir names no folder, when none is known."""


def _holds_a_host(folder: Path) -> bool:
    """Whether ``folder`` holds a game or a host's mail spool."""
    try:
        if (folder / SPOOL).is_dir():
            return True
        return any((sub / GAME_FILE).is_file() for sub in folder.iterdir() if sub.is_dir())
    except OSError:
        return False


def _yaml(path: Path) -> str:
    """``path`` as a YAML value: quoted when plain would not read as it."""
    text = str(path)
    plain = text == shlex.quote(text) and not text.endswith(" ")
    return text if plain else '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
