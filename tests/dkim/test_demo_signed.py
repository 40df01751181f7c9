"""Issue 28: "Every mail in the demo's outbox verifies with dkimpy against the printed TXT
record; a changed body fails it." The demo signs with a key it makes for its GM's domain
and prints the record, as `wtg dkim-keygen` does for a real host."""

from __future__ import annotations

import re
from collections.abc import Callable

import dkim
import pytest
from click.testing import CliRunner

from wtg.cli import main


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[bytes], Callable[..., bytes]]:
    """The mails of a one-turn demo, and a dnsfunc answering with the record it printed."""
    out = tmp_path_factory.mktemp("dkim") / "demo"
    result = CliRunner().invoke(main, ["demo", str(out), "--turns", "1"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    found = re.search(
        r" (demo\._domainkey\.kaomaris\.example) TXT (v=DKIM1; k=rsa; p=\S+)\n", result.output
    )
    assert found is not None, result.output
    name, record = found[1], found[2]

    def dnsfunc(asked: bytes, timeout: int = 5) -> bytes:
        return record.encode("ascii") if asked.decode().rstrip(".") == name else b""

    mails = [p.read_bytes() for p in sorted((out / "games/.mail/maildir-out/new").iterdir())]
    return mails, dnsfunc


def test_every_mail_of_the_demo_verifies_against_the_printed_record(
    demo: tuple[list[bytes], Callable[..., bytes]],
) -> None:
    mails, dnsfunc = demo
    assert len(mails) == 30  # reports of turns 0 and 1, 10 confirmations
    for raw in mails:
        assert raw.startswith(
            b"DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=kaomaris.example;"
        )
        assert dkim.verify(raw, dnsfunc=dnsfunc), raw[:600]


def test_a_changed_body_fails(demo: tuple[list[bytes], Callable[..., bytes]]) -> None:
    mails, dnsfunc = demo
    for raw in mails[:5]:
        head, _, body = raw.partition(b"\r\n\r\n")
        changed = head + b"\r\n\r\n" + body.replace(b"e", b"a", 1)
        assert changed != raw
        assert not dkim.verify(changed, dnsfunc=dnsfunc)


def test_a_changed_subject_or_a_second_from_fails(
    demo: tuple[list[bytes], Callable[..., bytes]],
) -> None:
    mails, dnsfunc = demo
    raw = mails[0]
    assert not dkim.verify(
        raw.replace(b"\r\nSubject: [demo]", b"\r\nSubject: [dem0]", 1), dnsfunc=dnsfunc
    )
    # From is signed once more than the mail has it: a From added on the way breaks it
    assert dkim.verify(raw, dnsfunc=dnsfunc)
    forged = raw.replace(b"\r\nFrom: ", b"\r\nFrom: Boss <boss@evil.example>\r\nFrom: ", 1)
    assert not dkim.verify(forged, dnsfunc=dnsfunc)


def test_what_lists_and_forwarders_do_keeps_it_valid(
    demo: tuple[list[bytes], Callable[..., bytes]],
) -> None:
    """The headers a list or a relay adds are not signed, and relaxed canonicalization
    takes a header refolded or spaces changed on the way."""
    mails, dnsfunc = demo
    raw = mails[0]
    relayed = (
        b"Received: from mx.kaomaris.example by mx.players.example;\r\n"
        b" Wed, 2 Dec 2026 10:00:00 +0000\r\n"
        b"Return-Path: <gm@kaomaris.example>\r\n"
        + raw.replace(b"\r\nSubject: ", b"\r\nSubject:   ", 1)
        + b"\r\n\r\n"  # blank lines added at the end of the body
    )
    relayed = relayed.replace(b"\r\nTo: ", b"\r\nList-Id: <demo.kaomaris.example>\r\nto: ", 1)
    assert dkim.verify(relayed, dnsfunc=dnsfunc)
