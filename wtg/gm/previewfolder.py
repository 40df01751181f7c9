"""The folder ``wtg run-turn GAME --preview OUT`` writes: a new or empty one, or one an
earlier preview was killed in.

A preview writes its mark (``UNFINISHED``) first, then the turn's files, flushes them and
removes the mark last. A folder holding the mark is a preview cut short (killed, a full
disk): given again, the preview writes it anew, removing the files of the earlier one it
does not write this time (a turn ran since, or the other of ``--rerun``). Any other folder
that is not empty is refused, as before: it may be the GM's, and a preview overwrites.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path

from wtg.core.errors import UsageError
from wtg.files import diskflush, private
from wtg.text.shellcommand import shell_command

UNFINISHED = ".wtg-preview-unfinished"
"""The mark of a preview not yet whole, in its folder."""
_SAYS = (
    "A `wtg run-turn --preview` is writing this folder, or was cut short writing it: the "
    "same command given again writes it anew, and removes this file once it is whole.\n"
)


def unfinished(target: Path) -> bool:
    """Whether ``target`` is a folder a preview was cut short in (its mark there)."""
    return (target / UNFINISHED).is_file() and not (target / UNFINISHED).is_symlink()


def check_folder(out: Path, target: Path) -> None:
    """UsageError when ``target`` (``out`` resolved) is not a folder a preview may write:
    neither missing, empty, nor one a preview was cut short in."""
    if not target.exists():
        return
    if target.is_dir() and (unfinished(target) or not any(target.iterdir())):
        return
    if target.is_dir() and _earlier_preview(target):
        raise UsageError(
            f"{out} exists and is not an empty folder: it holds an earlier preview (its turn.json "
            "and reports/), which a preview does not write over; remove it first "
            f"({shell_command('rm', '-r', str(out))}) to preview into it again, or give another "
            "folder"
        )
    raise UsageError(f"{out} exists and is not an empty folder")


PREVIEW_NAMES = frozenset(
    ("state.json", "events.json", "turn.json", "topten.txt", "reports", "aofs", "orders")
)
"""What a finished preview's folder holds: a turn folder's files (``wtg.game.turnfiles``)."""


def _earlier_preview(target: Path) -> bool:
    """Whether the folder ``target`` holds a finished preview and nothing else: a turn's
    ``turn.json`` and ``reports/``, and no name a preview does not write (a GM's own
    folder that holds anything else is his, and is said as any)."""
    if not (target / "turn.json").is_file() or not (target / "reports").is_dir():
        return False
    return all(entry.name in PREVIEW_NAMES for entry in target.iterdir())


def write_preview(target: Path, files: Mapping[str, str]) -> None:
    """The preview's ``files`` (their paths under ``target``, ``/``-separated) written into
    ``target``, whole once the mark is gone."""
    private.make_dirs(target)
    again = unfinished(target)
    if not again:
        private.write_file(target / UNFINISHED, _SAYS.encode())
        diskflush.flush(target)  # the mark on disk before any file it vouches for
    made = {target}
    for relpath, text in sorted(files.items()):
        path = target.joinpath(*relpath.split("/"))
        if path.parent not in made:
            made.add(private.make_dirs(path.parent))
        private.write_file(path, text.encode(), sync=False)
    if again:
        _drop_others(target, {target.joinpath(*r.split("/")) for r in files})
    diskflush.flush(target)
    os.unlink(target / UNFINISHED)


def _drop_others(target: Path, written: set[Path]) -> None:
    """Remove the files of the preview cut short that this one did not write, and the
    folders they leave empty."""
    for folder, _, names in sorted(os.walk(target), reverse=True):
        here = Path(folder)
        for name in names:
            path = here / name
            if path not in written and path != target / UNFINISHED:
                with contextlib.suppress(OSError):
                    path.unlink()
        if here != target:
            with contextlib.suppress(OSError):  # not empty: kept
                here.rmdir()
