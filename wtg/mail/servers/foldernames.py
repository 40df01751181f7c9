"""The IMAP folder a GM meant, and the folders a mailbox has, said when the one the config
names (``imap.folder``) is not there.

Servers name one folder differently: Dovecot's Maildir++ `orders`, where Courier and
Cyrus name it `INBOX.orders`, and a GM who copied one provider's instructions writes the
other's; a slash or a dot between the parts, as he read it somewhere. Those are one
folder's names here: the same parts, an `INBOX` before them aside, whatever the separator;
failing that, a name close to the one written (``closename``).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from wtg.text.closename import close_names, either

SHOWN = 12
"""The folders named at most: a mailbox of hundreds is no list for a line."""

_SEPARATORS = re.compile(r"[./]")


def folders_there(written: str, there: Collection[str]) -> str:
    """What to say after "not in the mailbox": its folders (at most ``SHOWN``), what to
    write, and the folder meant when one is."""
    names = sorted(there)
    shown = ", ".join(repr(name) for name in names[:SHOWN])
    more = f" and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
    meant = imap_folder_meant(written, names)
    guess = f" (did you mean {either([repr(name) for name in meant])}?)" if meant else ""
    return f"whose folders are {shown}{more}: write one of them, as the server names it{guess}"


def imap_folder_meant(written: str, there: Collection[str]) -> list[str]:
    """The folders of ``there`` that ``written`` names another way (the module's
    docstring), sorted; none when it is one of them."""
    if written in there:
        return []
    parts = _parts(written)
    same = sorted(name for name in there if parts and _parts(name) == parts)
    return same or close_names(written, there)


def _parts(name: str) -> tuple[str, ...]:
    parts = [part.casefold() for part in _SEPARATORS.split(name.strip()) if part]
    if len(parts) > 1 and parts[0] == "inbox":
        parts = parts[1:]
    return tuple(parts)
