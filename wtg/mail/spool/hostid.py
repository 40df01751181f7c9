"""This host's id: the name it signs its claim on a mailbox with (``wtg.mail.servers.claims``).

The id is kept in the spool (``HOST_ID``) with the place it was made for: the machine's
id and the spool's path (``place_of``). A copy of the host (`wtg restore`, `cp -a`,
`rsync -a`) carries the file to another place, where it is read as a copy's: the copy
takes an id of its own, derived from the one it was copied from and its new place, and
keeps the ids it descends from (``ancestors``). So a host copied from this one knows it
is the newer of the two, and this one that it was copied.

The derivation is the same for every process that finds the copy (a poll and a
`run-turn --due` at one minute of cron's): they agree on the id whichever writes it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
from pathlib import Path

from wtg.core.record import Record
from wtg.files import private
from wtg.files.store import write_atomic

HOST_ID = "host-id.json"
"""In the spool: this host's id, the ids it descends from and the place it was made for."""
COPIED_FROM = "host-copied-from.json"
"""In the spool of a host `wtg restore` made from a backup that held no id (a wtg before
round 44 made it): the place of the host it was made on, as that host's claims name it
(``copied_from``). The restored host takes the id of the claim of that place as the one it
descends from, at its first look at the claims that finds one (``adopt``)."""
ANCESTORS_KEPT = 50
"""The ids a host keeps of those it descends from, the nearest first."""


class HostId(Record):
    """A host's id and the ids of the hosts it was copied from, the nearest first."""

    id: str
    ancestors: tuple[str, ...]


MACHINE_ID = Path("/etc/machine-id")
"""The machine's own id (systemd's): a machine cloned from another keeps it, unless made
anew; a container's, when its image has one, is the same at each run."""


MACHINE_ID_TEXT = re.compile(r"[0-9a-f]{32}")
"""An id as ``MACHINE_ID`` holds it (machine-id(5))."""


def place_of(spool: Path) -> str:
    """Where ``spool`` is: the machine's id and the spool's whole path. Not the machine's
    name, which a container may be given anew at each run (a new id each poll, and a claim
    mailed to the mailbox each time); nor, on a machine with an id, the spool's inode, which
    a file system may number anew at each run or mount (a FUSE or network mount, a
    container's bind mount on another system), with the same effect. On a machine with no
    id the inode is all that tells two machines' folders at one path apart: it is kept
    there (docs/gm.md, "Moving a host", says to give such a machine an id)."""
    real = spool.resolve()
    machine = machine_id()
    if machine:
        return f"{machine}:{real}"
    return f":{real}:{real.stat().st_ino}"


def machine_id() -> str:
    """The machine's id (``MACHINE_ID``), or "" when it has none: no file, an empty one, or
    one that holds no id of 32 hex digits, as systemd writes it. An image made before its
    first boot holds ``uninitialized``, the same word in every machine and container made
    from it: read as an id, two copies of a host at one path there were one place, and
    neither knew the other for a copy (both served the mailbox)."""
    try:
        machine = MACHINE_ID.read_text(encoding="ascii").strip().lower()
    except (OSError, ValueError):  # none here: the path and the inode say the place
        return ""
    return machine if MACHINE_ID_TEXT.fullmatch(machine) else ""


def _same_place(kept: str, place: str) -> bool:
    """Whether the place ``kept`` is ``place``: a place round 44 kept carries the inode
    after the path, which a machine with an id no longer reads."""
    if kept == place:
        return True
    before, _, inode = kept.rpartition(":")
    return not place.startswith(":") and inode.isdigit() and before == place


def this_host(spool: Path) -> HostId:
    """This host's id, made on its first call (a random one) and made anew, derived from
    the one kept, when the spool is a copy of another host's (its place is not the one
    kept)."""
    private.make_dirs(spool)
    place = place_of(spool)
    kept = _read(spool / HOST_ID)
    if kept is not None and _same_place(kept[2], place):
        return HostId(kept[0], kept[1])
    if kept is None:
        made = HostId(secrets.token_hex(8), ())
        if (spool / HOST_ID).exists():  # a hand's edit that does not read: replaced
            write_atomic(spool / HOST_ID, _text(made, place))
            return made
        _first(spool / HOST_ID, made, place)
        again = _read(spool / HOST_ID)  # another process's, made at the same moment
        return made if again is None else HostId(again[0], again[1])
    parent, ancestors, _ = kept
    derived = hashlib.sha256(f"{parent}\n{place}".encode()).hexdigest()[:16]
    made = HostId(derived, (parent, *ancestors)[:ANCESTORS_KEPT])
    write_atomic(spool / HOST_ID, _text(made, place))
    return made


def _first(path: Path, made: HostId, place: str) -> None:
    """Write the first id unless another process wrote one first: written whole aside,
    then linked to its name, which fails when the name is taken."""
    aside = path.with_name(f".{path.name}.{os.getpid()}")
    private.write_file(aside, _text(made, place).encode())
    try:
        with contextlib.suppress(FileExistsError):
            os.link(aside, path)
    finally:
        aside.unlink()


def _text(host: HostId, place: str) -> str:
    return json.dumps({"id": host.id, "ancestors": list(host.ancestors), "place": place}) + "\n"


def _read(path: Path) -> tuple[str, tuple[str, ...], str] | None:
    """The id, ancestors and place kept; None when there is no file, or one that does not
    read as wtg wrote it (a new id is made: the host is then one never seen before)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        name, ancestors, place = data["id"], data["ancestors"], data["place"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if not isinstance(name, str) or not name or not isinstance(ancestors, list):
        return None
    return name, tuple(str(item) for item in ancestors), str(place)


def note_copied_from(spool: Path, place: str) -> None:
    """Keep in ``spool`` (a host restored from a backup with no id) the place of the host
    the backup was made on."""
    private.make_dirs(spool)
    write_atomic(spool / COPIED_FROM, json.dumps({"place": place}) + "\n")


def copied_from(spool: Path) -> str | None:
    """The place of the host this one was restored from when the backup held no id, until
    this host took its id as the one it descends from; else None."""
    try:
        place = json.loads((spool / COPIED_FROM).read_text(encoding="utf-8"))["place"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    return place if isinstance(place, str) and place else None


def adopt(spool: Path, me: HostId, parents: tuple[str, ...]) -> HostId:
    """This host (``me``), restored from a backup with no id, as a copy of the host whose
    claim names the place it was made on (``parents``: that host's id and those it
    descends from): the id kept with them as its ancestors, then the note of the place
    removed (killed between the two, the next look finds nothing more to take and
    removes it)."""
    if parents:
        taken = (*parents, *me.ancestors)
        me = HostId(me.id, tuple(dict.fromkeys(i for i in taken if i != me.id))[:ANCESTORS_KEPT])
        write_atomic(spool / HOST_ID, _text(me, place_of(spool)))
    with contextlib.suppress(FileNotFoundError):
        (spool / COPIED_FROM).unlink()
    return me
