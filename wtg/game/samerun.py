"""Whether a rerun of a turn comes out as the run it would replace: no correction given
since, nothing in game.yaml changed that the turn's files show. Such a rerun mails every
player the same report again (``-rN``), so `run-turn --rerun` refuses it unless told
``--unchanged`` (docs/gm.md, "wtg run-turn GAME, --now")."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from wtg.core.errors import GameError
from wtg.files.store import RECEIVED
from wtg.game.turnmeta import TURN_META

LEFT_OUT = frozenset({TURN_META})
"""A turn's files a rerun writes anew whatever it finds: ``turn.json`` counts the reruns."""


class RerunChangesNothing(GameError):
    """A rerun whose every file (but ``turn.json``) is the run's it would replace."""


def same_run(folder: Path, files: Mapping[str, str]) -> bool:
    """Whether the turn folder ``folder`` holds ``files`` and nothing else, byte for byte,
    ``turn.json`` and the orders it received (``received/``, kept across a rerun) aside.
    A folder that cannot be read is not the same: the rerun goes on."""
    wanted = {name: text for name, text in files.items() if name not in LEFT_OUT}
    try:
        found = {
            str(path.relative_to(folder)): path
            for path in folder.rglob("*")
            if path.is_file() and path.relative_to(folder).parts[0] != RECEIVED
        }
        found = {name: path for name, path in found.items() if name not in LEFT_OUT}
        if set(found) != set(wanted):
            return False
        return all(
            found[name].read_bytes() == text.encode("utf-8") for name, text in wanted.items()
        )
    except OSError:
        return False
