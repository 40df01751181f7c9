"""The poll's FETCH of bodies read by one pattern (wtg/mail/imapfetch.py) gives what
imapclient's own parser gives, for every shape a server may write its answer in."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from imapclient.exceptions import IMAPClientError
from imapclient.response_parser import parse_fetch_response

from wtg.mail.imapfetch import fetch_bodies, read_responses, uid_set

DATES = [
    b"26-Nov-2026 12:21:54 +0000",
    b" 6-Nov-2026 01:02:03 -0500",
    b"01-Jan-2027 23:59:59 +0530",
]

shapes = st.sampled_from(["uid first", "date first", "uid after", "quoted", "flags too", "nil"])
bodies = st.binary(max_size=60) | st.sampled_from([b")", b"{5}\r\n", b'a "quote" )\r\n', b""])


def response(seq: int, uid: int, date: bytes, body: bytes, shape: str) -> list[Any]:
    """One FETCH response as imaplib hands it on: (text, literal) pairs, then the text
    after the last literal."""
    stamp = b'INTERNALDATE "' + date + b'"'
    literal = b"BODY[] {%d}" % len(body)
    if shape == "uid first":
        return [(b"%d (UID %d %s %s" % (seq, uid, stamp, literal), body), b")"]
    if shape == "date first":
        return [(b"%d (%s UID %d %s" % (seq, stamp, uid, literal), body), b")"]
    if shape == "uid after":
        return [(b"%d (%s %s" % (seq, stamp, literal), body), b" UID %d)" % uid]
    if shape == "flags too":
        return [(b"%d (UID %d FLAGS (\\Seen) %s %s" % (seq, uid, stamp, literal), body), b")"]
    if shape == "nil":
        return [b"%d (UID %d %s BODY[] NIL)" % (seq, uid, stamp)]
    quoted = body.replace(b"\\", b"").replace(b'"', b"").replace(b"\r", b"").replace(b"\n", b"")
    return [b'%d (UID %d %s BODY[] "%s")' % (seq, uid, stamp, quoted)]


@st.composite
def answers(draw: st.DrawFn) -> list[Any]:
    data: list[Any] = []
    count = draw(st.integers(0, 6))
    uids = draw(st.lists(st.integers(1, 10**6), min_size=count, max_size=count, unique=True))
    for seq, uid in enumerate(uids, start=1):
        if draw(st.booleans()):  # another client changed a flag meanwhile
            data.append(b"%d (FLAGS (\\Flagged))" % draw(st.integers(1, 9)))
        date = draw(st.sampled_from(DATES))
        data += response(seq, uid, date, draw(bodies), draw(shapes))
    return data


@settings(max_examples=400, deadline=None)
@given(answers())
def test_every_shape_is_read_as_imapclient_reads_it(data: list[Any]) -> None:
    expected = {uid: dict(info) for uid, info in parse_fetch_response(data, False, True).items()}
    assert read_responses(data) == expected


def test_the_plain_shape_is_read_without_imapclient_s_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_parser(*args: Any) -> Any:
        raise AssertionError("the plain shape went to the slow parser")

    monkeypatch.setattr("wtg.mail.imapfetch.parse_fetch_response", no_parser)
    data = response(1, 40, DATES[1], b"A1: 1 2 3\r\n", "uid first") + response(
        2, 41, DATES[0], b")", "date first"
    )
    found = read_responses(data)
    assert sorted(found) == [40, 41]
    assert found[40][b"BODY[]"] == b"A1: 1 2 3\r\n"
    assert found[40][b"SEQ"] == 1
    assert found[41][b"BODY[]"] == b")"
    when = found[40][b"INTERNALDATE"]
    assert (when.day, when.hour, when.utcoffset().total_seconds()) == (6, 1, -5 * 3600)


class FakeImaplib:
    def __init__(self, kind: str, data: list[Any]) -> None:
        self.kind, self.data = kind, data
        self.asked: list[tuple[str, ...]] = []

    def uid(self, *args: str) -> tuple[str, list[Any]]:
        self.asked.append(args)
        return self.kind, self.data


class Connection:
    """imapclient's IMAPClient as fetch_bodies sees it."""

    use_uid = True
    normalise_times = False

    def __init__(self, imap: FakeImaplib) -> None:
        self._imap = imap


def test_only_the_asked_messages_come_back_and_only_whole() -> None:
    data = [
        b"3 (FLAGS (\\Seen))",  # unsolicited, keyed by its sequence number: 3 is asked for
        *response(1, 7, DATES[0], b"hello", "uid first"),
        *response(2, 8, DATES[0], b"not asked", "uid first"),
    ]
    imap = FakeImaplib("OK", data)
    found = fetch_bodies(Connection(imap), [3, 5, 6, 7])
    assert list(found) == [7]
    assert imap.asked == [("FETCH", "3,5:7", "(BODY.PEEK[] INTERNALDATE)")]


def test_a_refused_fetch_raises() -> None:
    with pytest.raises(IMAPClientError, match="fetch failed"):
        fetch_bodies(Connection(FakeImaplib("NO", [b"mailbox gone"])), [1])


@given(st.lists(st.integers(1, 200), unique=True))
def test_a_uid_set_names_the_same_messages(uids: list[int]) -> None:
    text = uid_set(uids)
    named: list[int] = []
    for part in filter(None, text.split(",")):
        first, _, last = part.partition(":")
        named += range(int(first), int(last or first) + 1)
    assert named == sorted(uids)
    assert len(text.split(",")) <= len(uids) or not uids


def test_a_poll_of_the_maildir_inbox_loads_no_imap_library() -> None:
    """imapclient takes about 36 ms to import: only a poll of an IMAP server pays it."""
    import subprocess
    import sys

    probe = (
        "import sys; import wtg.mail.inbox, wtg.mail.poller; "
        "print(sorted(m for m in sys.modules if m.startswith('imapclient')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
