"""Which mails of a batch one poll may hand to different processes (``wtg.mail.helpers``).

Mails go together when they name a game in common or come from the same address: a
game's lock is held by one process at a time, and the answers an address gets in an hour
are counted by one. The look is rough and cheap (the raw text at a glance, no MIME parse):
a mail it places wrong meets its game locked by the other process, and the poller handles
it again once the batch is on disk. It is never handled twice at once, and never lost.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wtg.aof.mailtext import games_glanced
from wtg.mail.inbox import Incoming

LOOK = 65536
"""Bytes of a mail glanced at for the games it names (the form sits near the top)."""
_SENDER = re.compile(rb"^(?:from|reply-to|sender)[ \t]*:(.*)$", re.IGNORECASE | re.MULTILINE)
"""A sender's header line in a raw header block (its first line)."""
_ADDRESS = re.compile(r"<([^<>\s]+@[^<>\s]+)>|([^<>\s\"',;:()]+@[^<>\s\"',;:()]+)")
"""The address in a sender's line: in angle brackets, else the first bare one (the display
name set aside: "Ann <a@b>" and "a@b" are one sender)."""


def ties(message: Incoming) -> tuple[str, ...]:
    """What a mail shares with the mails that must be handled in the same process: the
    games its text names at a glance (``game:NAME``) and the addresses of its From,
    Reply-To and Sender lines (``from:ADDRESS``). A group of mails that names no game
    stays with the poller, which handles the mails about no game (commands, strangers,
    bounces)."""
    raw = message.raw or message.head
    end = raw.find(b"\n\n")
    crlf = raw.find(b"\r\n\r\n")
    head = raw[: min((at for at in (end, crlf) if at >= 0), default=len(raw))]
    senders = (_sender(line.decode("latin-1")) for line in _SENDER.findall(head))
    games = games_glanced([raw[:LOOK].decode("utf-8", "replace")])
    return (*(f"game:{name}" for name in games), *(f"from:{text}" for text in senders if text))


def _sender(line: str) -> str:
    """A sender's line as a tie: its address, lower-cased (the line itself, its spaces
    made one, when it holds none)."""
    found = _ADDRESS.search(line)
    text = (found[1] or found[2]) if found is not None else line
    return " ".join(text.lower().split())


def split(messages: Sequence[Incoming], count: int) -> list[list[Incoming]]:
    """The messages in ``count`` shares, each in the order given. Mails tied together (one
    game, one sender: ``ties``), directly or through others, go to one share; a group
    naming no game goes to the first share (the poller's own); the other groups go, the
    biggest first, to the share with the fewest mails so far (the first one counted with
    the mails it already has), so the shares come out even."""
    parent = list(range(len(messages)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    first_with: dict[str, int] = {}
    named = [False] * len(messages)
    for index, message in enumerate(messages):
        for tie in ties(message):
            named[index] = named[index] or tie.startswith("game:")
            other = first_with.setdefault(tie, index)
            if other != index:
                parent[root(index)] = root(other)
    groups: dict[int, list[int]] = {}
    for index in range(len(messages)):
        groups.setdefault(root(index), []).append(index)
    places = [0] * len(messages)
    loads = [0] * count
    ranked = []
    for members in groups.values():
        if any(named[i] for i in members):
            ranked.append(members)
        else:
            loads[0] += len(members)  # about no game: the poller's own share
    # the biggest groups first, each to the least loaded share (ties: the earlier share)
    for members in sorted(ranked, key=lambda group: (-len(group), group[0])):
        share = min(range(count), key=lambda at: (loads[at], at))
        loads[share] += len(members)
        for index in members:
            places[index] = share
    shares: list[list[Incoming]] = [[] for _ in range(count)]
    for index, message in enumerate(messages):
        shares[places[index]].append(message)
    return shares
