"""Fixtures that start real mail servers: `imap` and `imaps` (Dovecot) and `smtp` (aiosmtpd).

A missing server skips the test on a developer's machine but fails it in CI (CI=true),
where a missing server means the set-up in .ci/run is broken.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from tests.mail.servers import (
    AIOSMTPD_INSTALL_HINT,
    DOVECOT_INSTALL_HINT,
    GM_ADDRESS,
    GM_PASSWORD,
    Dovecot,
    SmtpSink,
    aiosmtpd_available,
    dovecot_available,
)
from tests.unavailable import unavailable


def missing(reason: str) -> NoReturn:
    unavailable(reason)


@pytest.fixture
def imap(tmp_path: Path) -> Iterator[Dovecot]:
    """A fresh Dovecot with the GM's mailbox (gm@example.org / gm-secret).

    More users: `imap.add_user(name, password)`, seen at the next login.
    """
    if not dovecot_available():
        missing(DOVECOT_INSTALL_HINT)
    with Dovecot(tmp_path / "dovecot", {GM_ADDRESS: GM_PASSWORD}) as server:
        yield server


@pytest.fixture
def imaps(tmp_path: Path) -> Iterator[Dovecot]:
    """A fresh Dovecot with the GM's mailbox that speaks IMAP over TLS, its certificate
    self-signed (made by openssl)."""
    if not dovecot_available():
        missing(DOVECOT_INSTALL_HINT)
    if shutil.which("openssl") is None:
        missing("openssl makes the server's certificate: apt-get install openssl")
    with Dovecot(tmp_path / "dovecot", {GM_ADDRESS: GM_PASSWORD}, tls=True) as server:
        yield server


@pytest.fixture
def smtp() -> Iterator[SmtpSink]:
    """A fresh SMTP sink without AUTH; every accepted message is in `smtp.messages`."""
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with SmtpSink() as sink:
        yield sink


@pytest.fixture
def smtp_auth() -> Iterator[SmtpSink]:
    """An SMTP sink that requires AUTH (PLAIN or LOGIN, no TLS) as the GM."""
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with SmtpSink({GM_ADDRESS: GM_PASSWORD}, auth_required=True) as sink:
        yield sink
