"""What `wtg status GAME` says of the game's last rollback while the game is where it left
it: rolled back (and `wtg rollback GAME --undo` puts the turns back while no turn has run),
or that rollback undone. Before, status said nothing of either: a GM who rolled a game
back at night, or undid it, saw the turn and the deadline alone, and could not tell which
game he had rolled back, nor whether the undo had been done."""

from __future__ import annotations

from wtg.core.record import Record
from wtg.files.store import GameStore
from wtg.game.schedule import moment_text
from wtg.gm.rollback import rollbacks
from wtg.text.shellcommand import shell_command


class RollbackNote(Record):
    """The game's last rollback, as `wtg status GAME --json` gives it (``last_rollback``)."""

    to: int
    latest: int
    """The last turn before the rollback."""
    at: str
    archive: str
    """Its archive folder, from the game folder."""
    undone: str | None
    """When it was undone, None while it stands."""
    before: int | None = None
    """Once undone: the turn of the rollback before it, when that one left the game at this
    turn too (`--undo --again` undoes it), else None."""

    def as_json(self) -> dict[str, object]:
        return {
            "to": self.to,
            "latest": self.latest,
            "at": self.at,
            "archive": self.archive,
            "undone": self.undone,
            "before": self.before,
        }


def rollback_note(store: GameStore, latest: int) -> RollbackNote | None:
    """The game's last rollback (undone or not) while the game is at the turn it left it
    at (its turn ``to`` while it stands, its ``latest`` once undone): None once a turn has
    run since, a rollback not finished (``owed_notices`` says that one), or none."""
    every = rollbacks(store, undone=True)
    standing = [r for r in every if r.undone is None]
    after = every[every.index(standing[-1]) + 1 :] if standing else every
    here = [r for r in after if r.latest == latest]  # undone since the last that stands
    if here:
        last = here[-1]
    elif standing and standing[-1].to == latest and standing[-1].finished:
        last = standing[-1]
    else:
        return None
    before = standing[-1] if here and standing and standing[-1].to == latest else None
    return RollbackNote(
        to=last.to,
        latest=last.latest,
        at=last.at,
        archive=f"archive/{last.ident}",
        undone=last.undone,
        before=None if before is None else before.to,
    )


def rollback_line(note: RollbackNote, game: str) -> str:
    """The line `wtg status GAME` gives for ``note``."""
    first, last = note.to + 1, note.latest
    one = first == last
    turns = f"turn {first}" if one else f"turns {first}-{last}"
    ran = "as it ran" if one else "as they ran"
    if note.undone is None:
        return (
            f"ROLLED BACK to turn {note.to} at {moment_text(note.at)} ({turns} kept in "
            f"{note.archive}): `{shell_command('wtg', 'rollback', game, '--undo')}` puts {turns} "
            f"back {ran}, while no turn has run since"
        )
    count = "counts" if one else "count"
    return (
        f"ROLLBACK UNDONE: the rollback to turn {note.to} (at {moment_text(note.at)}) was undone "
        f"at {moment_text(note.undone)}: {turns} {count} again, {ran}"
        + (
            ""
            if note.before is None
            else f"; the rollback before it, to turn {note.before}, stands: "
            f"`{shell_command('wtg', 'rollback', game, '--undo', '--again')}` undoes it"
        )
    )
