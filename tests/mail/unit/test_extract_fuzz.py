"""The AOF's extraction (``parse_mail``, then ``extract_from_message``, as the poll does)
and the guards never raise, whatever the bytes: random, cut short or mangled."""

from __future__ import annotations

from email import message_from_bytes, policy

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.mail.unit.mails import AOF, samples
from wtg.mail.incoming.noreply import auto_reply_reason, sender_address
from wtg.mail.message.extract import Extracted, extract_from_message, parse_mail

SETTINGS = settings(max_examples=200, deadline=None, database=None)
SAMPLES = samples()
KEYWORDS = (
    b"utf-8",
    b"base64",
    b"quoted-printable",
    b"boundary=",
    b"==",
    b"text/plain",
    b"message/rfc822",
    b"Content-Type",
    b"\n\n",
    b"=\n",
)
MIME_NOISE = st.binary(max_size=40) | st.sampled_from(
    [b"", b'"', b";", b"=?", b"=ZZ", b"--", b"\r", b"\x00", b"x-unknown", b"utf-16", b"rot13"]
)


def check(raw: bytes) -> None:
    found = extract_from_message(parse_mail(raw))
    assert isinstance(found, Extracted)
    assert found.text is None or isinstance(found.text, str)
    assert all(isinstance(note, str) for note in found.notes)
    msg = message_from_bytes(raw, policy=policy.default)
    reason = auto_reply_reason(msg, "wtg@example.net")
    assert reason is None or isinstance(reason, str)
    address = sender_address(msg)
    assert address is None or "@" in address


@SETTINGS
@given(st.binary(max_size=3000))
def test_random_bytes(raw: bytes) -> None:
    check(raw)


@SETTINGS
@given(st.sampled_from(SAMPLES), st.floats(0, 1))
def test_truncated_real_mails(raw: bytes, share: float) -> None:
    check(raw[: int(len(raw) * share)])


@SETTINGS
@given(st.sampled_from(SAMPLES), st.sampled_from(KEYWORDS), MIME_NOISE, st.integers(0, 5))
def test_mangled_mime(raw: bytes, keyword: bytes, noise: bytes, which: int) -> None:
    parts = raw.split(keyword)
    index = min(which, len(parts) - 1)
    if index:
        parts[index - 1] += noise
    check(keyword.join(parts))


@SETTINGS
@given(st.sampled_from(SAMPLES), st.integers(0, 10_000), st.integers(0, 200), st.binary())
def test_spliced_real_mails(raw: bytes, start: int, length: int, junk: bytes) -> None:
    check(raw[:start] + junk + raw[start + length :])


@SETTINGS
@given(
    st.text(max_size=20),
    st.sampled_from(["7bit", "8bit", "base64", "quoted-printable", "x-uuencode", "bogus"]),
    st.binary(max_size=200),
)
def test_any_charset_and_transfer_encoding(charset: str, cte: str, body: bytes) -> None:
    head = f"Content-Type: text/plain; charset={charset!r}; format=flowed; delsp=yes\n"
    head += f"Content-Transfer-Encoding: {cte}\n\n"
    check(head.encode("utf-8", "surrogatepass") + body + AOF.encode())


def test_parts_nested_very_deep() -> None:
    depth = 300
    head = b"".join(
        b'Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n' % (i, i) for i in range(depth)
    )
    raw = head + b"Content-Type: text/plain\n\n" + AOF.encode()
    found = extract_from_message(parse_mail(raw))
    assert found.text is None
    assert "parts nested too deep were skipped" in found.notes
