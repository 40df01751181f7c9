"""The poll's FETCH of bodies read by one pattern (wtg/mail/imapfetch.py) gives what
imapclient's own parser gives, for every shape a server may write its answer in."""

from __future__ import annotations

import imaplib
import socket
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from imapclient.datetime_util import parse_to_datetime
from imapclient.exceptions import IMAPClientError
from imapclient.response_parser import parse_fetch_response

from wtg.mail.imapfetch import fetch_bodies, read_responses, uid_set

T = TypeVar("T")
ASKED = range(1, 501)
"""The UIDs the poll asks for (the server also answers for some it was not asked)."""
DATES = [
    b"26-Nov-2026 12:21:54 +0000",
    b" 6-Nov-2026 01:02:03 -0500",
    b"01-Jan-2027 23:59:59 +0530",
]

shapes = st.sampled_from(
    ["uid first", "date first", "uid after", "quoted", "flags too", "nil", "two bodies"]
)
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
    if shape == "two bodies":
        head = body.partition(b"\r\n")[0]
        first = b"%d (UID %d %s %s" % (seq, uid, stamp, literal)
        return [(first, body), (b" BODY[HEADER] {%d}" % len(head), head), b")"]
    if shape == "nil":
        return [b"%d (UID %d %s BODY[] NIL)" % (seq, uid, stamp)]
    quoted = body.replace(b"\\", b"").replace(b'"', b"").replace(b"\r", b"").replace(b"\n", b"")
    return [b'%d (UID %d %s BODY[] "%s")' % (seq, uid, stamp, quoted)]


@st.composite
def answers(draw: st.DrawFn) -> list[Any]:
    data: list[Any] = []
    count = draw(st.integers(0, 6))
    uids = draw(st.lists(st.integers(1, 600), min_size=count, max_size=count, unique=True))
    for seq, uid in enumerate(uids, start=1):
        if draw(st.booleans()):  # another client changed a flag meanwhile
            data.append(b"%d (FLAGS (\\Flagged))" % draw(st.integers(1, 9)))
        date = draw(st.sampled_from(DATES))
        data += response(seq, uid, date, draw(bodies), draw(shapes))
    return data


@settings(max_examples=400, deadline=None)
@given(answers())
def test_every_shape_is_read_as_imapclient_reads_it(data: list[Any]) -> None:
    assert bodies_of(read_responses(data)) == bodies_of(imapclient_reads(data))


def imapclient_reads(data: list[Any]) -> dict[int, dict[bytes, Any]]:
    """What imapclient's parser makes of each response of imaplib's data, by the UID
    it names (a response naming none is left out), merged in the order they came."""
    found: dict[int, dict[bytes, Any]] = {}
    group: list[Any] = []
    for item in data:
        group.append(item)
        if isinstance(item, tuple):
            continue
        for info in parse_fetch_response(group, False, False).values():
            if isinstance(info.get(b"UID"), int):
                found.setdefault(info[b"UID"], {}).update(info)
        group = []
    return found


def bodies_of(found: dict[int, dict[bytes, Any]]) -> dict[int, tuple[bytes, Any]]:
    """The asked-for messages that came whole: their bodies and times."""
    return {
        uid: (info[b"BODY[]"], info[b"INTERNALDATE"])
        for uid, info in found.items()
        if uid in ASKED and b"BODY[]" in info and b"INTERNALDATE" in info
    }


@pytest.fixture
def no_slow_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """imapclient's parser fails the test: the plain shape must not go there."""

    def no_parser(*args: Any) -> Any:
        raise AssertionError("a plain response went to the slow parser")

    monkeypatch.setattr("wtg.mail.imapfetch.parse_fetch_response", no_parser)


def test_the_plain_shape_is_read_without_imapclient_s_parser(no_slow_parser: None) -> None:
    data = response(1, 40, DATES[1], b"A1: 1 2 3\r\n", "uid first") + response(
        2, 41, DATES[0], b")", "date first"
    )
    found = read_responses(data)
    assert sorted(found) == [40, 41]
    assert found[40][b"BODY[]"] == b"A1: 1 2 3\r\n"
    assert found[41][b"BODY[]"] == b")"
    when = found[40][b"INTERNALDATE"]
    assert (when.day, when.hour, when.utcoffset().total_seconds()) == (6, 1, -5 * 3600)


class Wire(imaplib.IMAP4):
    """imaplib on one end of a socket pair; the test is the server at the other end."""

    def __init__(self, sock: socket.socket) -> None:
        self._end = sock
        super().__init__()

    def open(self, host: str = "", port: int = 0, timeout: float | None = None) -> None:
        self.host, self.port = host, port
        self.sock = self._end
        self.file = self.sock.makefile("rb")


class Connection:
    """imapclient's IMAPClient as fetch_bodies sees it."""

    use_uid = True
    normalise_times = False

    def __init__(self, imap: imaplib.IMAP4) -> None:
        self._imap = imap


def served(answer: bytes, ask: Callable[[Wire], T]) -> tuple[T, bytes]:
    """``ask`` run on a connection whose server answers the first command with
    ``answer`` (``TAG`` stands for the command's tag); with the command it sent."""
    ours, theirs = socket.socketpair()
    heard: list[bytes] = []

    def server() -> None:
        said = theirs.makefile("rb")
        theirs.sendall(b"* OK ready\r\n")
        tag = said.readline().split(b" ", 1)[0]  # imaplib asks for the capabilities
        theirs.sendall(b"* CAPABILITY IMAP4rev1\r\n" + tag + b" OK done\r\n")
        heard.append(said.readline())
        theirs.sendall(answer.replace(b"TAG", heard[0].split(b" ", 1)[0]))
        theirs.shutdown(socket.SHUT_WR)  # more to read is the end of the connection

    thread = threading.Thread(target=server)
    thread.start()
    try:
        wire = Wire(ours)
        wire.state = "SELECTED"
        return ask(wire), heard[0] if heard else b""
    finally:
        ours.close()
        thread.join()
        theirs.close()


def wire_text(data: list[Any]) -> bytes:
    """imaplib's untagged FETCH data as the server wrote it."""
    out = b""
    starts = True  # the item begins a response (else it follows a literal)
    for item in data:
        text = item[0] if isinstance(item, tuple) else item
        if starts:
            text = b"* " + text.replace(b" ", b" FETCH ", 1)
        out += text + b"\r\n"
        if isinstance(item, tuple):
            out += item[1]
        starts = not isinstance(item, tuple)
    return out


def imapclient_way(wire: Wire) -> tuple[dict[int, tuple[bytes, Any]], dict[str, Any]]:
    kind, data = wire.uid("FETCH", "1:*", "(BODY.PEEK[] INTERNALDATE)")
    assert kind == "OK"
    return bodies_of(imapclient_reads(data)), dict(wire.untagged_responses)


def our_way(wire: Wire) -> tuple[dict[int, tuple[bytes, Any]], dict[str, Any]]:
    found = fetch_bodies(Connection(wire), list(ASKED))
    assert all(set(info) == {b"BODY[]", b"INTERNALDATE"} for info in found.values())
    return bodies_of(found), dict(wire.untagged_responses)


@st.composite
def streams(draw: st.DrawFn) -> bytes:
    """A server's answer to the poll's FETCH: responses of every shape, with news of
    the mailbox among them, then the tagged end."""
    out = b""
    count = draw(st.integers(0, 6))
    uids = draw(st.lists(st.integers(1, 600), min_size=count, max_size=count, unique=True))
    for seq, uid in enumerate(uids, start=1):
        news = draw(st.sampled_from([b"", b"* 9 EXISTS", b"* VANISHED 3:4", b"* OK [X 1] y"]))
        out += news + b"\r\n" if news else b""
        if draw(st.booleans()):
            out += b"* %d FETCH (FLAGS (\\Flagged))\r\n" % draw(st.integers(1, 9))
        date = draw(st.sampled_from(DATES))
        out += wire_text(response(seq, uid, date, draw(bodies), draw(shapes)))
    return out + b"TAG OK Fetch completed.\r\n"


@settings(max_examples=150, deadline=None)
@given(streams())
def test_off_the_wire_the_answer_is_imapclient_s(stream: bytes) -> None:
    (ours, our_news), command = served(stream, our_way)
    (theirs, their_news), _ = served(stream, imapclient_way)
    assert ours == theirs
    assert our_news == their_news  # what the server said besides stays with imaplib
    assert command.endswith(b" UID FETCH 1:500 (BODY.PEEK[] INTERNALDATE)\r\n")


def test_only_the_asked_messages_come_back_and_only_whole() -> None:
    stream = (
        b"* 3 FETCH (FLAGS (\\Seen))\r\n"  # keyed by its sequence number: 3 is asked for
        + wire_text(response(1, 7, DATES[0], b"hello", "uid first"))
        + wire_text(response(2, 8, DATES[0], b"not asked", "uid first"))
        + b"TAG OK done\r\n"
    )
    found, command = served(stream, lambda wire: fetch_bodies(Connection(wire), [3, 5, 6, 7]))
    assert list(found) == [7]
    assert found[7][b"BODY[]"] == b"hello"
    assert command.endswith(b" UID FETCH 3,5:7 (BODY.PEEK[] INTERNALDATE)\r\n")


def test_a_refused_fetch_raises() -> None:
    with pytest.raises(IMAPClientError, match="fetch failed"):
        served(b"TAG NO mailbox gone\r\n", lambda wire: fetch_bodies(Connection(wire), [1]))


def test_a_connection_that_ends_mid_body_raises() -> None:
    whole = wire_text(response(1, 7, DATES[0], b"A1: 1 2 3\r\n" * 5, "uid first"))
    with pytest.raises(imaplib.IMAP4.abort, match="EOF"):
        served(whole[:90], lambda wire: fetch_bodies(Connection(wire), [7]))


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


def test_plain_responses_off_the_wire_skip_imapclient_s_parser(no_slow_parser: None) -> None:
    stream = (
        wire_text(response(1, 40, DATES[1], b"A1: 1 2 3\r\n", "uid first"))
        + b"* 2 EXISTS\r\n"
        + wire_text(response(2, 41, DATES[0], b")", "date first"))
        + b"TAG OK done\r\n"
    )
    (found, news), _ = served(stream, our_way)
    assert found == {
        40: (b"A1: 1 2 3\r\n", parse_to_datetime(DATES[1], normalise=False)),
        41: (b")", parse_to_datetime(DATES[0], normalise=False)),
    }
    assert news == {"EXISTS": [b"2"]}
