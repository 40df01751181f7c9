"""The poll's one big IMAP read: the bodies and arrival times of a batch of messages.

imapclient's ``fetch`` reads the server's answer with imaplib, which logs and matches
every line with several patterns, and then takes every response apart with imapclient's
own tokenizer: 42 ms of CPU for a thousand order mails, where reading them here takes
4 ms (bench/bench_poll.py). Nearly every response a server sends to this one FETCH has
the same plain shape, ``* 7 FETCH (UID 12 INTERNALDATE "..." BODY[] {2535}``, the body,
then ``)``: each is read here straight off the connection's buffered file, with one
pattern. Any other line (the tagged end, a message count, a flag change another client
made, a response of another shape) is read by imaplib as it always is, and the responses
of other shapes are parsed by imapclient, so the answer is the same as ``client.fetch``'s
and imaplib keeps everything else the server said (a new mail's EXISTS, for
``wtg poll --idle``).
"""

from __future__ import annotations

import imaplib
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from imapclient.datetime_util import parse_to_datetime
from imapclient.exceptions import IMAPClientError
from imapclient.response_parser import parse_fetch_response

ITEMS = ["BODY.PEEK[]", "INTERNALDATE"]
"""What the poll asks of each message that it reads whole."""
_PLAIN = (
    rb'(\d+) \((?:UID (\d+) INTERNALDATE "([^"]+)"|INTERNALDATE "([^"]+)" UID (\d+))'
    rb" BODY\[\] \{(\d+)\}"
)
"""A plain response's part before its body, in the two orders servers write it: its
sequence number, UID (2 or 5), arrival time (3 or 4) and the body's size (6)."""
PLAIN = re.compile(_PLAIN)
"""That part as imaplib hands it on."""
PLAIN_LINE = re.compile(rb"\* " + _PLAIN.replace(rb" \(", rb" FETCH \(", 1) + rb"\r\n")
"""The same as the server sends it: the first line of a plain response."""
LITERAL = re.compile(rb"\{(\d+)\}\Z")
MAXLINE: int = getattr(imaplib, "_MAXLINE", 1_000_000)
"""The longest line imaplib reads."""
Fetched = dict[int, dict[bytes, Any]]


def uid_set(uids: Iterable[int]) -> str:
    """The UIDs as an IMAP set, each run of consecutive ones written as ``first:last``:
    ``1:500`` rather than 500 numbers (the same messages, a shorter command)."""
    ordered = sorted(set(uids))
    runs: list[str] = []
    start = 0
    for index in range(1, len(ordered) + 1):
        if index == len(ordered) or ordered[index] != ordered[index - 1] + 1:
            first, last = ordered[start], ordered[index - 1]
            runs.append(str(first) if first == last else f"{first}:{last}")
            start = index
    return ",".join(runs)


def fetch_bodies(client: Any, uids: Sequence[int]) -> Fetched:
    """What ``client.fetch(uids, ITEMS)`` says of the bodies, with the usual responses
    read straight off the connection: each asked-for message still there, by UID, as
    ``{b"BODY[]": bytes, b"INTERNALDATE": datetime}`` (aware, as with ``normalise_times``
    off). A response that names no UID is no message's (imapclient would file a flag
    change another client made under its sequence number, as if it were a UID)."""
    imap = getattr(client, "_imap", None)
    if not uids:
        return {}
    if imap is None or not client.use_uid or client.normalise_times:
        answer = client.fetch(list(uids), ITEMS)  # a stand-in connection (the tests')
    else:
        answer = _fetched(imap, uid_set(uids))
    asked = set(uids)
    return {
        uid: {b"BODY[]": info[b"BODY[]"], b"INTERNALDATE": info[b"INTERNALDATE"]}
        for uid, info in answer.items()
        if uid in asked and b"BODY[]" in info and b"INTERNALDATE" in info
    }


def _fetched(imap: imaplib.IMAP4, uids: str) -> Fetched:
    """One UID FETCH of the bodies, its plain responses read here (``_read_plain``), every
    other line by imaplib."""
    file = getattr(imap, "file", None)
    tag = imap._command("UID", "FETCH", uids, "(BODY.PEEK[] INTERNALDATE)")
    found: Fetched = {}
    times: dict[bytes, datetime] = {}
    if hasattr(file, "peek"):
        while imap.tagged_commands[tag] is None:
            if not _read_plain(imap, file, found, times):
                imap._get_response()
    kind, data = imap._command_complete("UID", tag)
    if kind != "OK":
        raise IMAPClientError(f"fetch failed: {data!r}")
    kind, data = imap._untagged_response(kind, data, "FETCH")
    for uid, info in read_responses(data).items():
        found.setdefault(uid, {}).update(info)
    return found


def _read_plain(
    imap: imaplib.IMAP4, file: Any, found: Fetched, times: dict[bytes, datetime]
) -> bool:
    """Reads the next response off the connection when its first line, already in the
    file's buffer, is a plain FETCH response's: into ``found``, or, when what follows its
    body shows another shape, through imapclient's parser. False, having read nothing,
    for any other line."""
    match = PLAIN_LINE.match(file.peek(1))
    if match is None:
        return False
    file.read(match.end())
    size = int(match[6])
    body = file.read(size)
    if len(body) < size:
        raise imap.abort("socket error: EOF")
    rest = _line(imap, file)
    if rest == b")":
        _keep(found, times, match[2] or match[5], match[3] or match[4], body)
        return True
    response: list[Any] = [(match[0][2:-2].replace(b" FETCH ", b" ", 1), body)]
    while (literal := LITERAL.search(rest)) is not None:  # another body after this one
        response.append((rest, file.read(int(literal[1]))))
        rest = _line(imap, file)
    _parsed([*response, rest], found)
    return True


def _line(imap: imaplib.IMAP4, file: Any) -> bytes:
    """The next line, without its CRLF (as imaplib reads one)."""
    line: bytes = file.readline(MAXLINE + 1)
    if not line.endswith(b"\r\n") or len(line) > MAXLINE:
        raise imap.abort(f"socket error: unterminated line: {line[:100]!r}")
    return line[:-2]


def read_responses(data: Sequence[Any]) -> Fetched:
    """imaplib's untagged FETCH data taken apart: a response is its literals, each a
    (text before it, literal) pair, then the text after the last one."""
    found: Fetched = {}
    times: dict[bytes, datetime] = {}
    pending: list[Any] = []
    for item in data:
        if isinstance(item, tuple):
            pending.append(item)
            continue
        if item is None:  # imaplib's answer when there is no FETCH response at all
            continue
        if not (len(pending) == 1 and item == b")" and _plain(pending[0], found, times)):
            _parsed([*pending, item], found)
        pending = []
    if pending:  # a body with nothing after it: not a whole response
        _parsed(pending, found)
    return found


def _parsed(response: list[Any], found: Fetched) -> None:
    """One response of another shape, read by imapclient's parser into ``found``, by the
    UID it names (none: it is about no message of ours)."""
    for info in parse_fetch_response(response, False, False).values():
        uid = info.get(b"UID")
        if isinstance(uid, int):
            found.setdefault(uid, {}).update(info)


def _plain(literal: tuple[bytes, bytes], found: Fetched, times: dict[bytes, datetime]) -> bool:
    """Reads one response of the plain shape into ``found``; False when it is not one."""
    lead, body = literal
    match = PLAIN.fullmatch(lead)
    if match is None:
        return False
    _keep(found, times, match[2] or match[5], match[3] or match[4], body)
    return True


def _keep(
    found: Fetched, times: dict[bytes, datetime], uid: bytes, when: bytes, body: bytes
) -> None:
    """A plain response's message into ``found``, its time read once a poll."""
    stamp = times.get(when)
    if stamp is None:
        stamp = times[when] = parse_to_datetime(when, normalise=False)
    found.setdefault(int(uid), {}).update({b"BODY[]": body, b"INTERNALDATE": stamp})
