"""What a connection that failed says of its TLS mode, and the config key to change: a
port that speaks TLS from its first byte (993, 465) met without it waits for the client's
TLS while the client waits for a greeting, until the timeout; a port that greets in plain
text (143, 587, 25) met with TLS answers the handshake with text, which OpenSSL reads as
a record of a wrong version. Each is asked of the server again in one short connection."""

from __future__ import annotations

import socket
import ssl

from wtg.host.config import ServerConfig

SNIFF_SECONDS = 5.0
"""How long the second look at the server may wait for its answer."""

TLS_PORTS = {"imap": 993, "smtp": 465}
PLAIN_PORTS = {"imap": "143", "smtp": "587"}


def tls_context(config: ServerConfig) -> ssl.SSLContext:
    """The context a connection to the server checks its certificate with: against the
    config's ``ca_file`` when it names one, else the system's CAs."""
    return ssl.create_default_context(cafile=str(config.ca_file) if config.ca_file else None)


def speaks_tls(host: str, port: int, timeout: float = SNIFF_SECONDS) -> bool:
    """Whether the server at host:port answers a TLS handshake (its certificate not
    looked at: nothing is sent over this connection, and it is closed at once)."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    try:
        with (
            socket.create_connection((host, port), timeout=timeout) as sock,
            context.wrap_socket(sock, server_hostname=host),
        ):
            return True
    except (OSError, ValueError):
        return False


def greets_in_plain_text(host: str, port: int, timeout: float = SNIFF_SECONDS) -> bool:
    """Whether the server at host:port greets in plain text, as IMAP (``* OK``) or SMTP
    (``220``) does before any TLS."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            greeting = sock.recv(64)
    except OSError:
        return False
    return greeting.startswith((b"* OK", b"* PREAUTH", b"220"))


def wrong_mode(kind: str, config: ServerConfig) -> str:
    """Why a connection to the ``kind`` ("imap" or "smtp") server failed when it is its
    TLS mode, with the keys to change; "" when the server does not say so."""
    where = f"{config.host}:{config.port}"
    if config.ssl:
        if not greets_in_plain_text(config.host, config.port):
            return ""
        return (
            f"{where} greets in plain text, not in TLS: set {kind}.ssl: false (with "
            f"{kind}.starttls: true for STARTTLS, as on port {PLAIN_PORTS[kind]}), or give "
            f"{kind}.port the server's TLS port (usually {TLS_PORTS[kind]})"
        )
    if not speaks_tls(config.host, config.port):
        return ""
    starttls = f" and {kind}.starttls: false" if config.starttls else ""
    return (
        f"{where} speaks TLS from its first byte (as port {TLS_PORTS[kind]} does) and waits "
        f"for the client's: set {kind}.ssl: true{starttls}"
    )


HOST_MISMATCH = 62
"""OpenSSL's X509_V_ERR_HOSTNAME_MISMATCH."""
EXPIRED = 10
"""OpenSSL's X509_V_ERR_CERT_HAS_EXPIRED."""


def untrusted(kind: str, config: ServerConfig, exc: ssl.SSLCertVerificationError) -> str:
    """Why the server's certificate failed its check, with what to change."""
    said = exc.verify_message or exc.reason or "not trusted"
    if exc.verify_code == HOST_MISMATCH:
        return (
            f"the server's certificate is not for {config.host} ({said}): give {kind}.host "
            "the name the provider says to use (the one in its certificate)"
        )
    if exc.verify_code == EXPIRED:
        return f"the server's certificate has expired ({said}): its admin must renew it"
    if config.ca_file is not None:
        return (
            f"the server's certificate is not trusted ({said}), not even by {kind}.ca_file "
            f"{config.ca_file}: put the server's own certificate (PEM) there"
        )
    return (
        f"the server's certificate is not trusted ({said}): for a server of your own with a "
        f"self-signed certificate, set {kind}.ca_file to a copy of that certificate (PEM); "
        "else the server's admin must give it one a CA signed"
    )


def mode_failure(kind: str, config: ServerConfig, exc: BaseException) -> str:
    """What to change for a connection that failed with ``exc`` the way a wrong TLS mode
    fails (no greeting in time; TLS asked and the handshake answered in plain text:
    ``wrong_mode``) or a certificate that failed its check fails (``untrusted``); "" for
    any other failure."""
    if isinstance(exc, ssl.SSLCertVerificationError):
        return untrusted(kind, config, exc)
    # smtplib says a timeout as a disconnection, the timeout its context
    timed_out = isinstance(exc, TimeoutError) or isinstance(exc.__context__, TimeoutError)
    if timed_out or (isinstance(exc, ssl.SSLError) and config.ssl):
        return wrong_mode(kind, config)
    return ""


__all__ = [
    "greets_in_plain_text",
    "mode_failure",
    "speaks_tls",
    "tls_context",
    "untrusted",
    "wrong_mode",
]
