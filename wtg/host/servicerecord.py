"""The record `wtg serve` keeps of itself in the mail spool: which process, since when, and
which wtg (its version, and a print of its code), and which config (its file, and a print
of its text as the service read it).

`wtg status --host` reads it to say whether the service runs; a record whose process is
gone (the service was killed, the machine restarted) says it does not; one whose code is
not the code installed now says the service runs the wtg it started with, or, when the
folder its wtg was imported from is another (``folder``), another install's; one
whose config print is not its file's now says the config was edited since the service read
it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Iterator
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from wtg.core.record import Record
from wtg.files import private
from wtg.files.paths import same_file
from wtg.files.store import write_atomic
from wtg.game.schedule import iso, parse_iso

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11

SERVICE_FILE = "service.json"
STOPPED_FILE = "service-stopped.json"
"""The record of the last service that stopped as a service stops (SIGTERM, Ctrl-C): when,
and since when it had run. Without it a host whose service was stopped read as one where
none ever ran."""


_PACKAGE = __name__.partition(".")[0]
"""The package whose code and folder the record keeps: ``wtg``."""
PYC_HEADER = 16
"""The bytes a ``.pyc`` file begins with before its code: its flags and its source's time
and size (or hash), which a compile of the same code at another time changes."""


@functools.cache
def code_print() -> str:
    """A print of the code of the wtg this process runs: the hash of every Python file of
    its package, by name and content. A wtg installed again over the one a service started
    with (``git pull`` in its checkout, ``pip install`` of a newer one) has another print
    though its version is the same (``0.1.0`` every round), which was all the record said.
    What is there is hashed, as Python imports it: each ``.py`` file, or a ``.pyc`` beside
    where its source would be when the source is not (an install of ``.pyc`` files alone,
    past each one's header), in a folder or in a zip (``importlib.resources``). Before,
    such an install hashed nothing, and its reinstall never showed. Taken once a process,
    as the code it loaded."""
    digest = hashlib.sha256()
    for name, content in _code_files(resources.files(_PACKAGE), ""):
        digest.update(f"{name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()[:16]


@functools.cache
def code_folder() -> str:
    """The folder the wtg this process runs was imported from, its links resolved: its
    package's (``.../site-packages/wtg``, a checkout's ``wtg``; in a zip, the zip's path
    and the folder in it)."""
    return os.path.realpath(str(resources.files(_PACKAGE)))


def _code_files(folder: Traversable, prefix: str) -> Iterator[tuple[str, bytes]]:
    """Each code file under ``folder`` by its name from the package's folder (``prefix``
    its own), sorted, with what of it is hashed: a source whole, a compiled file without
    its source past its header. ``__pycache__`` is left out: Python writes it as it runs."""
    try:
        entries = sorted(folder.iterdir(), key=lambda entry: entry.name)
    except OSError:  # a folder removed while it was read (an install under way)
        return
    names = {entry.name for entry in entries}
    for entry in entries:
        name = f"{prefix}{entry.name}"
        try:
            if entry.is_dir():
                if entry.name != "__pycache__":
                    yield from _code_files(entry, f"{name}/")
            elif entry.name.endswith(".py"):
                yield name, entry.read_bytes()
            elif entry.name.endswith(".pyc") and entry.name[:-1] not in names:
                yield name, entry.read_bytes()[PYC_HEADER:]
        except OSError:  # a file removed while it was read
            continue


def text_print(text: str) -> str:
    """A print of a config file's text, as the service read it and as it reads now."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def file_print(path: Path) -> str:
    """``text_print`` of the file at ``path`` now; "" when it cannot be read as text."""
    try:
        return text_print(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return ""


class ServiceRecord(Record):
    pid: int
    since: datetime
    version: str
    code: str = ""
    """``code_print()`` of the service's wtg; "" in a record an older wtg wrote (before
    round 47)."""
    folder: str = ""
    """``code_folder()`` of the service's wtg; "" in a record an older wtg wrote (before
    round 48)."""
    config: str = ""
    """The config file the service read (at its start, or its last reload); "" in a record
    an older wtg wrote (before round 48)."""
    config_print: str = ""
    """``text_print`` of that file's text as the service read it."""

    def config_edited(self) -> bool:
        """Whether the service's config file reads otherwise now than the service read it:
        edited since, and not reloaded (SIGHUP). Before, `check-config` passed the edited
        file and `wtg status --host` said nothing, while the service went on with the old
        one. A file that cannot be read now is not said so here (`check-config` says it)."""
        if not self.config or not self.config_print:
            return False
        now = file_print(Path(self.config))
        return bool(now) and now != self.config_print

    def runs_other_code(self) -> bool:
        """Whether the service runs other code than the wtg this process runs, the one
        installed now (the service started before it was installed). A record without a
        print was written by a wtg older than this one, which is other code too."""
        return self.code != code_print()

    def another_install(self) -> bool:
        """Whether the service's wtg was imported from another folder than this process's:
        another install (a checkout beside the venv's wtg, a zip), which a restart of the
        service runs again, not this one. False when the record does not say (before round
        48): a `status --host` of another install read "installed again: restart", and a
        restart changed nothing."""
        if not self.folder:
            return False
        mine = code_folder()
        return self.folder != mine and not same_file(Path(self.folder), Path(mine))

    def running(self) -> bool:
        """Whether the process of the record is alive (a pid reused by another process after
        a restart of the machine reads as alive until the service writes its record anew)."""
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:  # alive, another user's
            return True
        return True


def runs_older_config(spool: Path, config: Path, read_print: str) -> str | None:
    """A note for `check-config` when the service of ``spool`` runs ``config`` as it read it,
    not as it reads now (``read_print``); None when none runs, or it runs it as it is."""
    record = read_service_record(spool)
    if record is None or not record.running() or not record.config_print:
        return None
    if record.config != str(config.resolve()) or record.config_print == read_print:
        return None
    return (
        f"wtg serve (pid {record.pid}) runs this config as it read it, not as it reads now "
        f"(edited since): once the lines here pass, `systemctl reload wtg` (or `kill -HUP "
        f"{record.pid}`) reads it again; a new games_dir takes `systemctl restart wtg`"
    )


def write_service_record(spool: Path, record: ServiceRecord) -> None:
    private.make_dirs(spool)
    data = {
        "pid": record.pid,
        "since": iso(record.since),
        "version": record.version,
        "code": record.code,
        "folder": record.folder,
        "config": record.config,
        "config_print": record.config_print,
    }
    write_atomic(spool / SERVICE_FILE, json.dumps(data) + "\n")


def read_service_record(spool: Path) -> ServiceRecord | None:
    """None when no service runs or ran on this spool, or its record cannot be read. A
    record whose service's stop is recorded (``STOPPED_FILE`` names its pid and start)
    reads as none too: the service stopped as a service stops, and was killed (or the
    machine went down) after it wrote that, before it removed this record. Before, such a
    record was read as a service killed ("NOT running ... gone: killed"), or, its pid
    taken by another process since, as one that runs."""
    record = _read_record(spool)
    if record is None:
        return None
    stopped = read_stopped_service(spool)
    if stopped is not None and stopped.names(record):
        return None
    return record


def _read_record(spool: Path) -> ServiceRecord | None:
    try:
        data = json.loads((spool / SERVICE_FILE).read_text(encoding="utf-8"))
        return ServiceRecord(
            pid=int(data["pid"]),
            since=parse_iso(str(data["since"])),
            version=str(data["version"]),
            code=str(data.get("code") or ""),  # none in a record an older wtg wrote
            folder=str(data.get("folder") or ""),
            config=str(data.get("config") or ""),
            config_print=str(data.get("config_print") or ""),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


class StoppedService(Record):
    """The last service that stopped as a service stops: ``since`` it ran, ``stopped``;
    ``error``: why it stopped on its own (its games folder gone, an error it could not go
    on after), "" when it was asked to stop."""

    since: datetime
    stopped: datetime
    error: str = ""
    pid: int = 0
    """The stopped service's process; 0 in a record an older wtg wrote (before round 50)."""

    def names(self, record: ServiceRecord) -> bool:
        """Whether this stop is the stop of the service of ``record``: the same start, and
        the same process (any, in a stop an older wtg recorded without its pid)."""
        return self.since == record.since and self.pid in (0, record.pid)


def clear_service_record(
    spool: Path, pid: int, stopped: datetime | None = None, error: str = ""
) -> None:
    """Remove the record as the service stops, if it is still this process's; ``stopped``:
    the moment, kept in ``STOPPED_FILE`` with ``error``, why it stopped on its own (before,
    an error's exit was recorded as a stop the GM asked for), and the service's pid and
    start. That is written first: a kill between the two leaves the record, which
    ``read_service_record`` then reads as none, the stop recorded (before, the GM was told
    the service had been killed)."""
    record = _read_record(spool)
    if record is not None and record.pid == pid:
        if stopped is not None:
            data = {
                "since": iso(record.since),
                "stopped": iso(stopped),
                "error": error,
                "pid": record.pid,
            }
            write_atomic(spool / STOPPED_FILE, json.dumps(data) + "\n")
        (spool / SERVICE_FILE).unlink(missing_ok=True)


def read_stopped_service(spool: Path) -> StoppedService | None:
    """The last service that stopped on this spool; None when none did (or it cannot be
    read)."""
    try:
        data = json.loads((spool / STOPPED_FILE).read_text(encoding="utf-8"))
        return StoppedService(
            since=parse_iso(str(data["since"])),
            stopped=parse_iso(str(data["stopped"])),
            error=str(data.get("error") or ""),  # none in a record an older wtg wrote
            pid=int(data.get("pid") or 0),  # none before round 50
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
