"""The extractor reads a part's Content-Type and Content-Disposition parameters once and
finds its charset, file name and format=flowed in them: held equal to what the email
package's own ``get_content_charset``, ``get_filename`` and ``get_param`` give. A short
ASCII header value's parameters are read once a poll (``_params_of``): held equal to the
part's own ``get_params``."""

from __future__ import annotations

import email.utils
import os
from collections.abc import Mapping
from email.message import Message

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.mail import extract
from wtg.mail.extract import _charset_of, _disposition, _params, parse_mail

SETTINGS = settings(
    max_examples=int(os.environ.get("WTG_EXAMPLES", "400")), deadline=None, database=None
)
PIECES = st.sampled_from(
    [
        "text/plain",
        "application/octet-stream",
        ";",
        " ",
        "=",
        '"',
        "'",
        "*",
        "*0*",
        "*1",
        "charset",
        "CharSet",
        "name",
        "filename",
        "format",
        "delsp",
        "flowed",
        "yes",
        "utf-8",
        "UTF-8''",
        "iso-8859-1'en'",
        "rot13''",
        "x-unknown''",
        "%41%e9",
        "orders.txt",
        "\\",
        "\udcc3\udca9",
        "é",
    ]
) | st.text(max_size=4)
VALUES = st.lists(PIECES, max_size=14).map("".join)


def params(msg: Message, header: str) -> Mapping[str, extract.Param]:
    return _params(msg, header, msg.get(header))


def message(content: str | None, disposition: str | None) -> Message:
    """A part with these headers, as a mail's bytes are parsed."""
    head = "" if content is None else f"Content-Type: {content}\n"
    head += "" if disposition is None else f"Content-Disposition: {disposition}\n"
    return parse_mail((head + "\nbody\n").encode("utf-8", "surrogateescape"))


@SETTINGS
@given(st.none() | VALUES, st.none() | VALUES)
def test_parameters_read_once_are_the_email_packages(
    content: str | None, disposition: str | None
) -> None:
    msg = message(content, disposition)
    by_type, by_disposition = params(msg, "content-type"), params(msg, "content-disposition")
    assert _charset_of(by_type) == msg.get_content_charset()
    for name in ("format", "delsp", "charset", "name"):
        assert by_type.get(name, "") == msg.get_param(name, "")
    named = by_disposition.get("filename", by_type.get("name"))
    assert (
        None if named is None else email.utils.collapse_rfc2231_value(named).strip()
    ) == msg.get_filename()


def test_rfc2231_charsets_and_names() -> None:
    msg = message(
        "text/plain; CHARSET*=us-ascii''ISO-8859-1; format=Flowed; name=\"a.txt\"",
        "attachment; filename*=utf-8''orders%20%C3%A9.aof",
    )
    by_type = params(msg, "content-type")
    assert _charset_of(by_type) == "iso-8859-1" == msg.get_content_charset()
    assert by_type["format"] == "Flowed"
    assert params(msg, "content-disposition")["filename"] == ("utf-8", "", "orders \xc3\xa9.aof")
    assert msg.get_filename() == "orders é.aof"


@SETTINGS
@given(st.none() | VALUES, st.none() | VALUES, st.sampled_from([1, 1, 1, 40]))
def test_parameters_kept_for_the_poll_are_the_parts_own(
    content: str | None, disposition: str | None, times: int
) -> None:
    """Read twice (the second time kept from the first) and read by the part itself, the
    parameters are the same; so is the disposition read from the header's value."""
    msg = message(None if content is None else content * times, disposition)
    for header in ("content-type", "content-disposition"):
        own: dict[str, extract.Param] = {}
        for name, value in msg.get_params([], header):
            own.setdefault(name.lower(), value)
        assert params(msg, header) == own
        assert params(msg, header) == own
    assert _disposition(msg.get("content-disposition")) == msg.get_content_disposition()


def test_a_short_ascii_value_is_read_once() -> None:
    """The test above compares something: the usual Content-Type is read once a poll."""
    extract._params_of.cache_clear()
    for _ in range(3):
        msg = message('text/plain; charset="utf-8"; format=flowed', None)
        assert params(msg, "content-type") == {
            "text/plain": "",
            "charset": "utf-8",
            "format": "flowed",
        }
    assert extract._params_of.cache_info().misses == 1
