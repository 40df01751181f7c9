"""Players' addresses kept out of the log's lines from ``info`` up.

An address is the GM's own data, but a log goes further than his files (journald, a log
shipped elsewhere, a line pasted into a bug report): an event whose text holds an address
(a bounce's, an answer held back, a server's refusal that quotes the recipient) is logged
with each address as ``<address>``, and, at ``debug``, once more as it was.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection

from wtg.logs.events import LOGGER, log_event
from wtg.text.addresses import bare_address

HIDDEN = "<address>"
_ADDRESS = re.compile(r"<?[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*>?")
"""Something that looks like ``local@domain``, with the angle brackets around it (a
Message-ID's ``<id@host>`` too: hiding it costs nothing)."""


QUOTES = "'`"
"""The quotes a text puts round an address (a repr's, a hint's backquotes), which the
pattern takes for its first letters: left outside ``<address>``."""


def without_addresses(text: str, keep: Collection[str] = ()) -> str:
    """``text`` with each address in it as ``<address>``, but those of ``keep`` (the GM's
    own, as the config names them, a name around one too: ``Games <gm@example.org>``)."""
    if "@" not in text:
        return text
    kept = {bare_address(address) for address in keep}

    def hidden(found: re.Match[str]) -> str:
        word = found.group(0)
        # a quote before it is the text's, not the address's: 'gm@example.org' as a repr
        # shows a username, `gm@example.org` as a hint's words quote one; kept as it is
        # when it is the GM's, left before one hidden
        address = word.lstrip(QUOTES)
        quote = word[: len(word) - len(address)]
        return word if bare_address(address.strip("<>")) in kept else quote + HIDDEN

    return _ADDRESS.sub(hidden, text)


def log_hiding_addresses(
    message: str,
    *,
    game: str | None = None,
    turn: int | None = None,
    mail: str | None = None,
    level: int = logging.INFO,
    keep: Collection[str] = (),
) -> None:
    """``log_event`` with the addresses of ``message`` hidden (but those of ``keep``: the
    GM's own, ``without_addresses``); the whole message follows at ``debug`` when it held
    any (an event of ``debug`` itself is logged whole, once)."""
    if not LOGGER.isEnabledFor(level):
        return
    if level <= logging.DEBUG:
        log_event(message, game=game, turn=turn, mail=mail, level=level)
        return
    hidden = without_addresses(message, keep)
    log_event(hidden, game=game, turn=turn, mail=mail, level=level)
    if hidden != message:
        log_event(message, game=game, turn=turn, mail=mail, level=logging.DEBUG)
