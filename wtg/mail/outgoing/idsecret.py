"""The host's secret for its Message-IDs, and the token of it each Message-ID carries.

A Message-ID of ours names the mail's outbox name and a digest of its id
(``compose.message``): the game, the turn, the seat, what anyone who has read wtg's source
works out. So the outbox adds a token to it as it queues the mail,
``<name.digest.kTOKEN@domain>``: ``TOKEN_DIGITS`` hex digits of the HMAC-SHA256 of
``name.digest`` under the host's secret, which nobody but the host knows. A delivery report
counts only when the Message-ID it names carries the token the secret gives
(``wtg.mail.incoming.bounce``): a player cannot name the mail the host sent another player.

The secret is ``KEY_BYTES`` random bytes (``secrets``), kept as hex in ``SECRET_FILE`` in the
mail spool, 0600 like everything there (``wtg.files.private``), made on first use and never
replaced. It is written whole to a file of its own beside it and flushed, then linked in
under its name: a link never replaces a file, so of two processes making it at once one
makes the secret and the other reads it, and killed at any point the name holds the whole
secret or nothing (the next use makes it then, and removes the copies a kill left beside
it). A secret file that is there but no secret (damaged by hand, a disk's error) is never
replaced either: a new secret would disown every mail sent with the old one; the GM is told
(``SecretDamaged``).
"""

from __future__ import annotations

import contextlib
import hmac
import os
import re
import secrets
from hashlib import sha256
from pathlib import Path

from wtg.core.errors import MailError
from wtg.files import private
from wtg.files.store import fsync_dir
from wtg.text.shellcommand import shell_command

SECRET_FILE = "message-id.key"
"""The secret's file in the mail spool."""
KEY_BYTES = 32
TOKEN_DIGITS = 16
"""Hex digits of a token (64 bits: each guess at one costs a forger a mail)."""
MAKE_TRIES = 5
"""Rounds of reading the secret and making it (another process may link its own in first:
the next round reads that)."""
_KEY = re.compile(rf"[0-9a-f]{{{2 * KEY_BYTES}}}")
_NO_KEY = f"it holds no key of {2 * KEY_BYTES} hex digits"
_ASIDE = f".{SECRET_FILE}."
"""How the name of the copy written before it is linked in begins (then a random part and
``.new``)."""


class SecretDamaged(MailError):
    """The secret file is there but holds no secret: it is not replaced, and says so."""


def read_secret(spool: Path) -> bytes | None:
    """The host's secret, None when it was never made; ``SecretDamaged`` when its file
    cannot be read or holds something else. A file others may read is made 0600 again."""
    path = spool / SECRET_FILE
    try:
        found = _file_as_it_is(path)
    except OSError as exc:
        raise SecretDamaged(_damaged(path, exc.strerror or str(exc))) from exc
    if found is None:
        return None
    mode, key = found
    if mode & private.SHARED_BITS:
        with contextlib.suppress(OSError):  # someone else's file keeps its mode
            os.chmod(path, private.FILE_MODE)
    if not _KEY.fullmatch(key):
        raise SecretDamaged(_damaged(path, _NO_KEY))
    return bytes.fromhex(key)


def _file_as_it_is(path: Path) -> tuple[int, str] | None:
    """The secret file's mode and what it holds, stripped; None when it is not there.
    OSError when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            mode = os.fstat(handle.fileno()).st_mode
            text = handle.read(4 * KEY_BYTES)
    except FileNotFoundError:
        return None
    return mode, text.decode("ascii", "replace").strip()


def secret_trouble(path: Path) -> str | None:
    """What is wrong with the secret file at ``path``, for `wtg check-config`, with what to
    do; None when it holds a secret only the GM may read, or is not there yet (the first
    mail sent makes it). Nothing is changed: a check only looks."""
    try:
        found = _file_as_it_is(path)
    except OSError as exc:
        return _damaged(path, exc.strerror or str(exc))
    if found is None:
        return None
    mode, key = found
    if not _KEY.fullmatch(key):
        return _damaged(path, _NO_KEY)
    if mode & private.SHARED_BITS:
        return (
            f"the secret of the host's Message-IDs, {path}, is mode {mode & 0o777:04o}: "
            "others on this machine can read it and forge the bounces of any mail; make "
            f"it the GM's alone: {shell_command('chmod', '600', str(path))}"
        )
    return None


def host_secret(spool: Path) -> bytes:
    """The host's secret, made now if it was never made (see the module's text); the copies
    a kill left beside it are removed."""
    for _attempt in range(MAKE_TRIES):
        found = read_secret(spool)
        if found is not None:
            _drop_asides(spool)
            return found
        _make(spool)
    raise SecretDamaged(_damaged(spool / SECRET_FILE, "it is removed as soon as it is made"))


def _make(spool: Path) -> None:
    """Make the secret, written whole aside and then linked in, unless another process's is
    there first (then this one's is dropped; the caller reads the other's)."""
    aside = spool / f"{_ASIDE}{secrets.token_hex(8)}.new"
    try:
        private.write_file(aside, secrets.token_hex(KEY_BYTES).encode("ascii") + b"\n")
        try:
            os.link(aside, spool / SECRET_FILE)  # never over a secret made meanwhile
        except (FileExistsError, FileNotFoundError):
            return  # another's is there (it removed this copy, or is removing it)
        fsync_dir(spool)  # durable before any mail carries a token of it
    finally:
        with contextlib.suppress(OSError):
            aside.unlink()


def _drop_asides(spool: Path) -> None:
    """Remove the copies a kill left beside the secret (each holds a key never used, or the
    secret itself, linked in before the kill)."""
    with contextlib.suppress(OSError), os.scandir(spool) as entries:
        for entry in entries:
            if entry.name.startswith(_ASIDE) and entry.name.endswith(".new"):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def token(secret: bytes, stem: str) -> str:
    """The token a Message-ID of ours whose ``name.digest`` is ``stem`` carries."""
    return hmac.new(secret, stem.encode("ascii", "replace"), sha256).hexdigest()[:TOKEN_DIGITS]


def token_checks(secret: bytes | None, stem: str, given: str) -> bool:
    """Whether ``given`` is the token of ``stem`` under ``secret`` (never, without one)."""
    return secret is not None and hmac.compare_digest(token(secret, stem), given)


def _damaged(path: Path, why: str) -> str:
    return (
        f"the secret of the host's Message-IDs, {path}, cannot be used: {why}. wtg never "
        "replaces it (the bounces of the mails sent with it would no longer be recognised); "
        f"if it is lost, move {path.name} out of the spool and wtg makes a new one"
    )
