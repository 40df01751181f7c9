"""What in the config's login a refused login may come from: the slips of a first day,
named after the server's words by check-config, the poll and the send."""

from __future__ import annotations

from wtg.host.config import ServerConfig


def login_hint(kind: str, config: ServerConfig) -> str:
    """What in the config's login a refusal may come from, as the slips go: a username
    without its domain, a password typed with the spaces a provider shows an app password
    with; "" when neither."""
    hints = []
    if config.auth == "password" and config.username and "@" not in config.username:
        hints.append(
            f"{kind}.username {config.username!r} has no domain: most providers take the "
            "whole address as the login"
        )
    if config.auth == "password" and config.password and " " in config.password.strip():
        hints.append(
            f"the {kind} password holds spaces: an app password shown in groups of four "
            "(Gmail, Yahoo, iCloud) is the letters without them"
        )
    return "".join(f"; {hint}" for hint in hints)


def password_source(kind: str, config: ServerConfig, checking: bool = False) -> str:
    """Where a refused login's password and username are read, for the GM to mend the one
    that is wrong: the password in its ``password_file``, read again at each login
    (``password_now``), the username in the config; "" when the password is not in a file.
    A server refuses a wrong username as it refuses a wrong password, in the same words:
    the line names both, each with its key. ``checking``: said by `wtg check-config`
    itself, which does not name itself as the command that tries them."""
    if config.auth != "password" or config.password_file is None:
        return ""
    tries = "" if checking else " (`wtg check-config` tries them)"
    return (
        f"; the password is read from {config.password_file} ({kind}.password_file) at each "
        f"login, the username {config.username!r} from the config ({kind}.username): the "
        "server does not say which it refused; mend the password in its file, or the "
        f"username in the config, which a running `wtg serve` reads again at a reload{tries}"
    )


__all__ = ["login_hint", "password_source"]
