"""The temporary name of a file written by a writer that holds no lock on it (``wtg site``'s
pages, ``wtg map -o FILE``): the writer's own, ``.NAME.PID-TOKEN.tmp``, so that two writers
of one file at once never share it. Under one name, the second's ``O_TRUNC`` cut the first's
copy short and the first renamed it into place half written, or renamed the second's
away before the second's rename, which then failed.

A name left by a writer killed before its rename is one whose process is gone
(``left_by_the_dead``); the next writer of the file (or folder) removes it. The name every
earlier wtg wrote such a file under, ``.NAME.tmp`` (``wtg.files.store.temporary_name``), is
told apart from them, as no writer's own (``writer_of`` gives None).
"""

from __future__ import annotations

import os
import re
import secrets

_OWN = re.compile(r"^\.(?P<name>.+)\.(?P<pid>[0-9]+)-[0-9a-f]{8}\.tmp$")


def own_temporary_name(name: str) -> str:
    """A temporary name for the file ``name`` that no other writer uses: this process's id
    (for ``left_by_the_dead``) and a random token (another machine's writer, or another pid
    namespace's, may have the same id)."""
    return f".{name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"


def writer_of(aside: str, name: str | None = None) -> int | None:
    """The process id in ``aside``, a name ``own_temporary_name`` gave (of the file ``name``
    when given); None when it is none."""
    found = _OWN.match(aside)
    if found is None or (name is not None and found["name"] != name):
        return None
    return int(found["pid"])


def left_by_the_dead(aside: str, name: str | None = None) -> bool:
    """Whether ``aside`` is a name ``own_temporary_name`` gave (of the file ``name`` when
    given) whose writer is no longer running on this machine: a file it left is no one's.
    A writer running is one whose id names a process here, whoever's it is; this process's
    own id is taken for one gone (a killed writer's, given to this process since: this
    process writes none while its caller looks)."""
    pid = writer_of(aside, name)
    return pid is not None and process_gone(pid)


def process_gone(pid: int) -> bool:
    """Whether the writer whose process id ``pid`` a name carries is no longer running on
    this machine: no process here has the id, or this process has it (a killed writer's,
    given to this process since: this process writes none while its caller looks). Another
    user's process (EPERM) is running."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # another user's process (EPERM): running
        return False
    return False
