"""The poll's one big IMAP read: the bodies and arrival times of a batch of messages.

imapclient's ``fetch`` reads the server's answer with imaplib and then takes every
response apart with its own tokenizer, which for a batch of order mails costs as much
CPU again as reading it (bench/bench_poll.py). Nearly every response a server sends to
this one FETCH has the same plain shape, ``7 (UID 12 INTERNALDATE "..." BODY[] {2535}``,
the body, then ``)``: those are read here with one pattern. Any other shape (the items in
another order, a body sent as a quoted string or NIL, a flag change another client made)
goes to imapclient's own parser, so the answer is the same as ``client.fetch``'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from imapclient.datetime_util import parse_to_datetime
from imapclient.exceptions import IMAPClientError
from imapclient.response_parser import parse_fetch_response

ITEMS = ["BODY.PEEK[]", "INTERNALDATE"]
"""What the poll asks of each message that it reads whole."""
PLAIN = re.compile(
    rb'(\d+) \((?:UID (\d+) INTERNALDATE "([^"]+)"|INTERNALDATE "([^"]+)" UID (\d+))'
    rb" BODY\[\] \{\d+\}"
)
"""A response's part before its body, in the two orders servers write it."""
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
    """``client.fetch(uids, ITEMS)``, with the usual responses read by one pattern: each
    asked-for message still there, by UID, as ``{b"SEQ", b"BODY[]", b"INTERNALDATE"}``
    (an aware datetime, as with ``normalise_times`` off)."""
    imap = getattr(client, "_imap", None)
    if not uids:
        return {}
    if imap is None or not client.use_uid or client.normalise_times:
        answer = client.fetch(list(uids), ITEMS)  # a stand-in connection (the tests')
    else:
        kind, data = imap.uid("FETCH", uid_set(uids), "(BODY.PEEK[] INTERNALDATE)")
        if kind != "OK":
            raise IMAPClientError(f"fetch failed: {data!r}")
        answer = read_responses(data)
    # Only what was asked for, and only whole: an unsolicited response about another
    # message (keyed by its sequence number when it names no UID) is no body
    asked = set(uids)
    return {
        uid: info
        for uid, info in answer.items()
        if uid in asked and b"BODY[]" in info and b"INTERNALDATE" in info
    }


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
    """One response of another shape, read by imapclient's parser into ``found`` (in its
    turn: a flag change keyed by a sequence number may land on a UID read before)."""
    for uid, info in parse_fetch_response(response, False, True).items():
        found.setdefault(uid, {}).update(info)


def _plain(literal: tuple[bytes, bytes], found: Fetched, times: dict[bytes, datetime]) -> bool:
    """Reads one response of the plain shape into ``found``; False when it is not one."""
    lead, body = literal
    match = PLAIN.fullmatch(lead)
    if match is None:
        return False
    seq, uid_first, when_first, when_last, uid_last = match.groups()
    when_text = when_first or when_last
    when = times.get(when_text)
    if when is None:
        when = times[when_text] = parse_to_datetime(when_text, normalise=False)
    found.setdefault(int(uid_first or uid_last), {}).update(
        {b"SEQ": int(seq), b"BODY[]": body, b"INTERNALDATE": when}
    )
    return True
