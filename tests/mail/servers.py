"""Real mail servers for the mail-loop integration tests.

`Dovecot` runs the IMAP server from Debian's `dovecot-imapd` as a child process with a
configuration of its own (nothing of /etc/dovecot is read), storing mail as Maildir inside
a temporary folder. `SmtpSink` is an aiosmtpd server in a thread that keeps every message
it accepts. Both listen on 127.0.0.1 on a free port and are context managers:

    with Dovecot(tmp_path / "imap", {"gm@example.org": "gm-secret"}) as imap, SmtpSink() as smtp:
        ...

aiosmtpd is imported only when an `SmtpSink` starts, so this module imports without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import grp
import os
import pwd
import re
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import default as default_policy
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, cast

from imapclient import IMAPClient

from wtg.host.config import ImapConfig
from wtg.host.parentdeath import die_with_parent

if TYPE_CHECKING:
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import SMTP, AuthResult, Envelope, Session

LOCALHOST = "127.0.0.1"
GM_ADDRESS = "gm@example.org"
GM_PASSWORD = "gm-secret"
DOVECOT_INSTALL_HINT = "Dovecot is not installed: apt-get install dovecot-imapd"
AIOSMTPD_INSTALL_HINT = "aiosmtpd is not installed: pip install -e '.[test]'"


def free_port(host: str = LOCALHOST) -> int:
    """A port that was free a moment ago (the caller retries if someone takes it meanwhile)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def refused_port(host: str = LOCALHOST) -> Iterator[int]:
    """A port where nothing listens for as long as the caller holds it, for a test of a
    server out of reach: bound here and never listened on, so that a connection to it is
    refused, and no other server can take it meanwhile (a server binding with SO_REUSEADDR
    is refused it as well). A port ``free_port`` named a moment ago is free to anyone: the
    other xdist worker's next Dovecot or SMTP sink could listen there (``free_port`` draws
    at random from the same range), and the test met a server where it meant none."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        yield int(sock.getsockname()[1])


# --------------------------------------------------------------------------- Dovecot


def self_signed(key: Path, certificate: Path, name: str, alt_name: str | None = None) -> None:
    """A key and a self-signed certificate for ``name`` (``alt_name``: its subjectAltName, as
    ``IP:127.0.0.1``), written by openssl, good for two days."""
    subject = ["-subj", f"/CN={name}"] + (
        ["-addext", f"subjectAltName={alt_name}"] if alt_name else []
    )
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            *subject,
            "-keyout",
            str(key),
            "-out",
            str(certificate),
        ],
        check=True,
        capture_output=True,
    )


def dovecot_binary() -> str | None:
    found = shutil.which("dovecot")
    if found:
        return found
    for candidate in ("/usr/sbin/dovecot", "/usr/local/sbin/dovecot"):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def dovecot_available() -> bool:
    """The `dovecot` binary is on PATH or in /usr/sbin (Debian's dovecot-core)."""
    return dovecot_binary() is not None


@functools.cache
def dovecot_version(binary: str) -> tuple[int, int]:
    out = subprocess.run(
        [binary, "--version"], capture_output=True, text=True, timeout=10, check=True
    ).stdout
    match = re.match(r"(\d+)\.(\d+)", out.strip())
    if not match:
        raise RuntimeError(f"cannot read the version of {binary}: {out!r}")
    return int(match[1]), int(match[2])


class DovecotStartError(RuntimeError):
    pass


class _PortTaken(Exception):
    pass


_UNSAFE_PATH = re.compile(r'[\s%"\\$]')
_UNSAFE_USER = re.compile(r"[\s:/%\\\"]")


STORAGES = ("maildir", "sdbox", "mdbox")

PATIENCE = 60.0
"""Seconds a server's start, or a mail the sink waits for, may take before the test fails:
each is a wait on a condition, over as soon as it is met, so this is a margin for a CI
machine three times slower and busy with every other test (-n auto), not a time checked."""


class Dovecot:
    """A private Dovecot IMAP server on 127.0.0.1, all of its files under `root`.

    `users` maps a login (an e-mail address is fine) to its password. Mail lives in
    `maildir(user)`: INBOX is that folder itself, other folders are Maildir++ subfolders
    ("."-separated hierarchy).

    As root, Dovecot's own processes run as Debian's `dovecot` / `dovenull` users and the
    mail is stored as `dovecot` (Dovecot refuses mail access as UID 0). Those users cannot
    pass pytest's /tmp/pytest-of-root (0700, and every pytest start sets 0700 again, so
    a chmod would not last while other sessions run), so as root the files Dovecot's
    processes use live in a private folder under /tmp (`runtime`), `root/mail` is a
    symlink to the Maildirs there while the server runs, and close() (the end of the
    `with`) moves the Maildirs back into `root/mail` and removes that folder. As anyone
    else, everything runs as the current user and stays in `root`.
    """

    host = LOCALHOST

    def __init__(
        self,
        root: Path,
        users: Mapping[str, str] | None = None,
        *,
        startup_timeout: float = PATIENCE,
        storage: str = "maildir",
        tls: bool = False,
        oauth2_introspection: str | None = None,
    ) -> None:
        self.root = Path(root).resolve()
        self.oauth2_introspection = oauth2_introspection
        """With an introspection URL (RFC 7662, answered by POST), XOAUTH2 and OAUTHBEARER
        logins too, their tokens checked there by Dovecot's ``oauth2`` passdb: the answer's
        ``active`` must be true and its ``username`` the login."""
        if storage not in STORAGES:
            raise ValueError(f"Dovecot's storage is one of {', '.join(STORAGES)}: {storage}")
        self.storage = storage
        self.tls = tls
        """Whether it also listens for IMAP over TLS (``tls_port``; ``certificate`` is the
        self-signed certificate a client trusts)."""
        self.tls_port = 0
        """Dovecot's mail format: one file a mail (maildir, the tests read it), or its own
        formats (sdbox; mdbox, many mails a file, where a MOVE only changes an index)."""
        if _UNSAFE_PATH.search(str(self.root)):
            raise ValueError(f"Dovecot's root must not contain spaces, quotes or %: {root}")
        self.users: dict[str, str] = {}
        for name, password in (users or {}).items():
            self._check_user(name, password)
            self.users[name] = password
        self.startup_timeout = startup_timeout
        self.port = 0
        self.conf = self.root / "dovecot.conf"
        self.log_path = self.root / "dovecot.log"
        self.stderr_path = self.root / "dovecot.stderr"
        self.mail_root = self.root / "mail"
        self._privileged = os.geteuid() == 0
        # Where Dovecot's processes find their files: root itself, or (as root) a folder
        # that its unprivileged users can reach; made by start(), removed by close().
        self.runtime: Path | None = None if self._privileged else self.root
        self._proc: subprocess.Popen[bytes] | None = None
        self._pgid: int | None = None
        self._cleanup: weakref.finalize[[Path], Dovecot] | None = None
        self._reaper: weakref.finalize[[int], Dovecot] | None = None

    def _files(self) -> Path:
        if self.runtime is None:
            raise RuntimeError("Dovecot is not started")
        return self.runtime

    @property
    def base_dir(self) -> Path:
        return self._files() / "run"

    @property
    def state_dir(self) -> Path:
        return self._files() / "state"

    @property
    def passwd_dir(self) -> Path:
        """One passwd-file per user: a new user is seen at once."""
        return self._files() / "passwd.d"

    @property
    def home_root(self) -> Path:
        return self._files() / "home"

    @property
    def mail_store(self) -> Path:
        """The Maildirs' real folder (`mail_root` itself, or what it links to)."""
        return self._files() / "mail"

    # ---- lifecycle

    def __enter__(self) -> Dovecot:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def close(self) -> None:
        """stop(), and (as root) bring the Maildirs home into `root/mail`."""
        self.stop()
        runtime = self.runtime
        if runtime is None or runtime == self.root:
            return
        self.runtime = None
        if self.mail_root.is_symlink():
            self.mail_root.unlink()
            shutil.move(runtime / "mail", self.mail_root)
        shutil.rmtree(runtime, ignore_errors=True)
        if self._cleanup is not None:
            self._cleanup.detach()
            self._cleanup = None

    def start(self) -> None:
        """Starts Dovecot and returns once it greets on `port` (raises DovecotStartError)."""
        if self._proc is not None:
            raise RuntimeError("Dovecot is already started")
        binary = dovecot_binary()
        if binary is None:
            raise DovecotStartError(DOVECOT_INSTALL_HINT)
        version = dovecot_version(binary)
        if version >= (2, 4):
            # 2.4 changed the configuration language (mail_driver, passdb sections, ...).
            raise DovecotStartError(
                f"Dovecot {version[0]}.{version[1]} found; this fixture writes a 2.3 config"
            )
        self._prepare_folders()
        if self.tls:
            self._make_certificate()
        for name in self.users:
            self._write_passwd(name)
        if self.oauth2_introspection is not None:
            self.oauth2_conf.write_text(self._oauth2_config(), encoding="utf-8")
            self.oauth2_conf.chmod(0o644)
        # A SIGKILLed master leaves its pid file; a reused pid would look like it runs.
        (self.base_dir / "master.pid").unlink(missing_ok=True)
        deadline = time.monotonic() + self.startup_timeout
        attempts = 0
        while True:
            attempts += 1
            # A restart listens on the same port again if it can: clients keep theirs.
            self.port = self.port if self.port and attempts == 1 else free_port()
            if self.tls:
                self.tls_port = self.tls_port if self.tls_port and attempts == 1 else free_port()
            self.conf.write_text(self._config(), encoding="utf-8")
            log_offset, stderr_offset = self._log_size(), self._stderr_size()
            with self.stderr_path.open("ab") as stderr:
                self._proc = (
                    _starter()
                    .submit(
                        subprocess.Popen,
                        [binary, "-F", "-c", str(self.conf)],
                        stdin=subprocess.DEVNULL,
                        stdout=stderr,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,  # its own process group: stop() can sweep it
                        preexec_fn=die_with_parent,
                    )
                    .result()
                )
            self._pgid = self._proc.pid
            # Should stop() never come, no Dovecot outlives this object or the interpreter.
            self._reaper = weakref.finalize(self, _kill_group, self._pgid)
            try:
                self._wait_ready(deadline, log_offset, stderr_offset)
                return
            except _PortTaken:
                self._terminate()
                if attempts >= 5 or time.monotonic() > deadline:
                    raise DovecotStartError(
                        f"Dovecot found no free port in {attempts} attempts\n{self.log_tail()}"
                    ) from None
            except BaseException:
                self._terminate()
                raise

    def stop(self, graceful: bool = False) -> None:
        """Stops the server and every process it started; returns when they are gone.

        By default every Dovecot process is killed at once (SIGKILL to its process group):
        a test's server has nothing to save. `graceful=True` lets the master shut down
        (SIGTERM), which always takes a bit over a second: Dovecot's master sleeps 1 s
        to let its children close their listeners.
        """
        self._terminate(graceful)

    def pids(self) -> list[int]:
        """The live (non-zombie) processes of this server: the master and its children."""
        return [] if self._pgid is None else _group_members(self._pgid)

    def _terminate(self, graceful: bool = False) -> None:
        proc, self._proc = self._proc, None
        if self._reaper is not None:
            self._reaper.detach()
            self._reaper = None
        if proc is None:
            return
        pgid = proc.pid  # start_new_session: the master leads its own process group
        if graceful and proc.poll() is None:
            proc.terminate()  # the master stops its children, then itself
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)
        proc.wait(timeout=10)
        # The children, orphaned, are reaped by init: wait until none is running.
        deadline = time.monotonic() + 10
        while _group_members(pgid):
            if time.monotonic() > deadline:
                raise RuntimeError(f"Dovecot processes survived SIGKILL: {_group_members(pgid)}")
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pgid, signal.SIGKILL)
            time.sleep(0.01)

    def _wait_ready(self, deadline: float, log_offset: int, stderr_offset: int) -> None:
        proc = self._proc
        assert proc is not None
        while True:
            code = proc.poll()
            new_log = self._log_since(log_offset) + self._stderr_since(stderr_offset)
            if "Address already in use" in new_log:
                raise _PortTaken  # someone took the port between free_port() and now
            if code is not None:
                raise DovecotStartError(
                    f"dovecot exited with code {code} while starting\n{self.log_tail()}"
                )
            if self._greets() and proc.poll() is None:
                return
            if time.monotonic() > deadline:
                raise DovecotStartError(
                    f"Dovecot did not greet on {self.host}:{self.port} within "
                    f"{self.startup_timeout:g} s\n{self.log_tail()}"
                )
            time.sleep(0.02)

    def _greets(self) -> bool:
        try:
            with socket.create_connection((self.host, self.port), timeout=0.5) as sock:
                greeting = sock.makefile("rb").readline(1000)
        except OSError:
            return False
        return greeting.startswith(b"* OK")

    # ---- files

    def _prepare_folders(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if self.runtime is None:
            # As root: the auth process (as `dovecot`) reads the passwd-files, the login
            # processes (as `dovenull`) reach the sockets under base_dir, and the mail
            # processes (as `dovecot`) the Maildirs; none of them may pass pytest's 0700
            # folders, so all of that lives in a folder of its own under /tmp.
            runtime = Path(tempfile.mkdtemp(prefix="wtg-dovecot-", dir=_world_tmp()))
            runtime.chmod(0o755)
            if self.mail_root.is_dir() and not self.mail_root.is_symlink():
                shutil.move(self.mail_root, runtime / "mail")  # from an earlier close()
            elif self.mail_root.is_symlink():
                self.mail_root.unlink()  # left by a run that did not close()
            (runtime / "mail").mkdir(exist_ok=True)
            self.mail_root.symlink_to(runtime / "mail", target_is_directory=True)
            self.runtime = runtime
            # Should close() never come (a start() without a `with`), do not leave it.
            self._cleanup = weakref.finalize(self, _remove_tree, runtime)
        for folder in (self.state_dir, self.mail_store, self.home_root, self.passwd_dir):
            folder.mkdir(exist_ok=True)
        uid, gid = self._mail_ids()
        for folder in (self.mail_store, self.home_root):
            os.chown(folder, uid, gid)
            folder.chmod(0o755)
        # Readable by the auth process through the group only; new files inherit it (g+s).
        os.chown(self.passwd_dir, os.geteuid(), gid)
        self.passwd_dir.chmod(0o2750)

    def _mail_ids(self) -> tuple[int, int]:
        if self._privileged:
            try:
                user = pwd.getpwnam("dovecot")
            except KeyError as missing:
                raise DovecotStartError(
                    "running as root needs the `dovecot` user that dovecot-core creates"
                ) from missing
            return user.pw_uid, user.pw_gid
        return os.getuid(), os.getgid()

    def _service_users(self) -> tuple[str, str, str]:
        """default_internal_user, default_internal_group, default_login_user."""
        if self._privileged:
            for name in ("dovecot", "dovenull"):
                try:
                    pwd.getpwnam(name)
                except KeyError as missing:
                    raise DovecotStartError(
                        f"running as root needs the `{name}` user that dovecot-core creates"
                    ) from missing
            return "dovecot", grp.getgrgid(pwd.getpwnam("dovecot").pw_gid).gr_name, "dovenull"
        user = pwd.getpwuid(os.getuid()).pw_name
        group = grp.getgrgid(os.getgid()).gr_name
        return user, group, user

    def _config(self) -> str:
        internal_user, internal_group, login_user = self._service_users()
        uid, gid = self._mail_ids()
        # As a normal user chroot() is not allowed: the services that chroot by default
        # (anvil, imap-login) run without it, as Dovecot's "rootless" set-up says.
        anvil_chroot = "" if self._privileged else "  chroot =\n"
        login_chroot = "" if self._privileged else "  chroot =\n"
        return f"""\
# Written by tests/mail/servers.py for one test; nothing of /etc/dovecot is read.
protocols = imap
listen = {self.host}
instance_name = wtg-test
base_dir = {self.base_dir}
state_dir = {self.state_dir}
log_path = {self.log_path}
info_log_path = {self.log_path}
debug_log_path = {self.log_path}
{self._ssl_lines()}
disable_plaintext_auth = no
auth_mechanisms = plain login{" xoauth2 oauthbearer" if self.oauth2_introspection else ""}
auth_cache_size = 0
auth_failure_delay = 0
default_internal_user = {internal_user}
default_internal_group = {internal_group}
default_login_user = {login_user}
first_valid_uid = {uid}
last_valid_uid = 0
first_valid_gid = {gid}
mail_location = {self.storage}:{self.mail_store}/%u
mail_fsync = never
{self._oauth2_passdb()}passdb {{
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN username_format=%u {self.passwd_dir}/%u
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={self.home_root}/%u
}}
service imap-login {{
{login_chroot}  inet_listener imap {{
    address = {self.host}
    port = {self.port}
  }}
  inet_listener imaps {{
    address = {self.host}
    port = {self.tls_port if self.tls else 0}
  }}
}}
# No growing delays after failed logins (a test tries wrong passwords on purpose).
service anvil {{
{anvil_chroot}  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
"""

    @property
    def oauth2_conf(self) -> Path:
        return self._files() / "dovecot-oauth2.conf.ext"

    def _oauth2_passdb(self) -> str:
        if self.oauth2_introspection is None:
            return ""
        return f"""passdb {{
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = {self.oauth2_conf}
}}
"""

    def _oauth2_config(self) -> str:
        """The oauth2 passdb's file: every token asked of the introspection URL by POST."""
        return f"""\
introspection_url = {self.oauth2_introspection}
introspection_mode = post
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
"""

    @property
    def certificate(self) -> Path:
        """The server's self-signed certificate (for 127.0.0.1), for a client to trust."""
        return self._files() / "tls" / "cert.pem"

    def _make_certificate(self) -> None:
        """A key and a self-signed certificate for the server's address, made once."""
        folder = self._files() / "tls"
        if (folder / "cert.pem").exists():
            return
        folder.mkdir(exist_ok=True)
        self_signed(folder / "key.pem", folder / "cert.pem", self.host, f"IP:{self.host}")

    def _ssl_lines(self) -> str:
        if not self.tls:
            return "ssl = no"
        folder = self._files() / "tls"
        return f"ssl = yes\nssl_cert = <{folder / 'cert.pem'}\nssl_key = <{folder / 'key.pem'}"

    def tls_client(self, user: str) -> IMAPClient:
        """A logged-in IMAPClient over TLS (trusting ``certificate``)."""
        import ssl

        context = ssl.create_default_context(cafile=str(self.certificate))
        client = IMAPClient(
            self.host, port=self.tls_port, ssl=True, ssl_context=context, timeout=10
        )
        client.login(user, self.users[user])
        return client

    def _write_passwd(self, name: str) -> None:
        """Writes the user's own passwd-file (replaced whole, never half-written)."""
        path = self.passwd_dir / name
        previous = path.stat().st_mtime if path.exists() else None
        tmp = path.with_name(f".{name}.new")
        tmp.write_text(f"{name}:{{PLAIN}}{self.users[name]}::::::\n", encoding="utf-8")
        tmp.chmod(0o640)
        if previous is not None:
            # Dovecot rereads a passwd-file when its mtime (whole seconds) or size changed,
            # and looks at most once a second: a new mtime, and the caller waits.
            stamp = max(time.time(), previous + 1)
            os.utime(tmp, (stamp, stamp))
        os.replace(tmp, path)

    @staticmethod
    def _check_user(name: str, password: str) -> None:
        if not name or _UNSAFE_USER.search(name) or name.startswith("."):
            raise ValueError(f"unusable IMAP user name: {name!r}")
        if ":" in password or "\n" in password or not password:
            raise ValueError(f"unusable IMAP password for {name!r}")

    def add_user(self, name: str, password: str) -> None:
        """Adds a user, or changes a password; a running Dovecot sees it at the next login.

        Each user has a passwd-file of their own, so a new user costs nothing; a changed
        password waits a whole second (Dovecot checks a file once a second).
        """
        self._check_user(name, password)
        changed = name in self.users
        self.users[name] = password
        if self.runtime is not None and self.passwd_dir.exists():
            self._write_passwd(name)
            if changed and self.running:
                # a whole second: Dovecot's seconds are its clock's, which need not be this
                # process's (libfaketime moves this one, by a fraction of a second too)
                time.sleep(1.01)

    def maildir(self, user: str) -> Path:
        """The user's Maildir (INBOX itself; created by Dovecot at the first login)."""
        if self.storage != "maildir":
            raise ValueError(f"this Dovecot stores its mail as {self.storage}, not maildir")
        return self.mail_root / user

    # ---- logs

    def _log_size(self) -> int:
        try:
            return self.log_path.stat().st_size
        except FileNotFoundError:
            return 0

    def _stderr_size(self) -> int:
        try:
            return self.stderr_path.stat().st_size
        except FileNotFoundError:
            return 0

    def _log_since(self, offset: int, path: Path | None = None) -> str:
        try:
            with (path or self.log_path).open("rb") as log:
                log.seek(offset)
                return log.read().decode("utf-8", "replace")
        except FileNotFoundError:
            return ""

    def _stderr_since(self, offset: int) -> str:
        return self._log_since(offset, self.stderr_path)

    def log_tail(self, lines: int = 30) -> str:
        parts = []
        for path in (self.log_path, self.stderr_path):
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
            except FileNotFoundError:
                continue
            if text.strip():
                parts.append(f"--- {path}\n" + "\n".join(text.splitlines()[-lines:]))
        return "\n".join(parts) or "(dovecot wrote no log)"

    # ---- IMAP helpers (a fresh connection each)

    def imap_config(self, user: str, tls: bool = False) -> ImapConfig:
        """The GM config's ``imap`` section that logs ``user`` in here (over TLS: the
        ``tls_port``, the certificate trusted by the client ``tls_client`` gives)."""
        return ImapConfig(
            host=self.host,
            port=self.tls_port if tls else self.port,
            ssl=tls,
            starttls=False,
            username=user,
            password=self.users[user],
        )

    def client(self, user: str, password: str | None = None) -> IMAPClient:
        """A logged-in IMAPClient (plain IMAP); use it as a context manager to log out."""
        if not self.running:
            raise RuntimeError("Dovecot is not running")
        client = IMAPClient(self.host, port=self.port, ssl=False, timeout=10)
        try:
            client.login(user, self.users[user] if password is None else password)
        except BaseException:
            client.shutdown()
            raise
        return client

    def append(
        self,
        user: str,
        raw: bytes,
        folder: str = "INBOX",
        flags: Iterable[str | bytes] = (),
        msg_time: datetime | None = None,
    ) -> int | None:
        """APPENDs one message; returns its UID (from APPENDUID)."""
        with self.client(user) as client:
            response = client.append(folder, raw, flags=tuple(flags), msg_time=msg_time)
        match = re.search(rb"APPENDUID \d+ (\d+)", _as_bytes(response))
        return int(match[1]) if match else None

    def fetch_all(self, user: str, folder: str = "INBOX") -> list[bytes]:
        """Every message of the folder, in UID order, without setting \\Seen (a message a
        poll running beside moved away between the SEARCH and the FETCH is gone: left out,
        as is one Dovecot answers without its body because it was expunged during the FETCH)."""
        with self.client(user) as client:
            client.select_folder(folder, readonly=True)
            uids = sorted(int(uid) for uid in client.search("ALL"))
            if not uids:
                return []
            fetched = cast(dict[int, dict[bytes, Any]], client.fetch(uids, ["BODY.PEEK[]"]))
            bodies = [fetched[uid].get(b"BODY[]") for uid in uids if uid in fetched]
            return [bytes(body) for body in bodies if body is not None]  # None: expunged meanwhile

    def folders(self, user: str) -> list[str]:
        with self.client(user) as client:
            return [str(name) for _flags, _delimiter, name in client.list_folders()]

    def create_folder(self, user: str, name: str) -> None:
        with self.client(user) as client:
            client.create_folder(name)


def _as_bytes(value: object) -> bytes:
    if isinstance(value, bytes):
        return value
    return str(value).encode()


def _group_members(pgid: int) -> list[int]:
    """The processes of a process group that still run (zombies left out)."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return []
    except PermissionError:
        pass
    proc = Path("/proc")
    if not proc.is_dir():
        return []  # no procfs: killpg(pgid, 0) cannot tell a zombie from a process
    members = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat_line = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses
        fields = stat_line[stat_line.rindex(")") + 2 :].split()
        if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            members.append(int(entry.name))
    return members


@functools.cache
def _starter() -> ThreadPoolExecutor:
    """The thread every Dovecot of this process is started from, which lives as long as
    the process: the kernel kills a Dovecot's master (and so its children) when the thread
    that started it ends (``die_with_parent``), here when the process does. A test that hung
    until ``timeout`` or CI ended pytest (no atexit, no finalizer) left its server running,
    its port and files held; one started from a test's own thread would die with it."""
    return ThreadPoolExecutor(1, thread_name_prefix="dovecot-starter")


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(pgid, signal.SIGKILL)


def _remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


def _world_tmp() -> str:
    """/tmp if every user may pass it (sticky and world-writable), else Python's temp dir."""
    try:
        mode = os.stat("/tmp").st_mode
    except OSError:
        return tempfile.gettempdir()
    wanted = stat.S_ISVTX | stat.S_IWOTH | stat.S_IXOTH
    return "/tmp" if mode & wanted == wanted else tempfile.gettempdir()


# --------------------------------------------------------------------------- SMTP


@dataclass(frozen=True)
class Received:
    """One message the sink accepted."""

    mail_from: str
    rcpt_tos: tuple[str, ...]
    data: bytes  # the content as sent, dot-unstuffed, line endings as sent (CRLF)
    arrived: float  # time.time()
    login: str | None = None  # the AUTH user, when the client authenticated
    peer: str = ""
    mail_options: tuple[str, ...] = ()  # the MAIL command's parameters (SMTPUTF8, SIZE=...)

    def message(self) -> EmailMessage:
        return BytesParser(policy=default_policy).parsebytes(self.data)


@dataclass
class _Refusal:
    remaining: int = 0
    code: int = 451
    stage: str = "DATA"
    refused: list[str] = field(default_factory=list)


class _SinkHandler:
    def __init__(self, sink: SmtpSink) -> None:
        self.sink = sink

    async def handle_EHLO(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        hostname: str,
        responses: list[str],
    ) -> list[str]:
        session.host_name = hostname  # what aiosmtpd does without this hook
        if not self.sink.broken_starttls:
            return responses
        # offered, and (no TLS context) answered 454 TLS not available by aiosmtpd
        return [*responses[:-1], "250-STARTTLS", responses[-1]]

    async def handle_MAIL(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        address: str,
        mail_options: list[str],
    ) -> str:
        if self.sink.auth_required and not session.authenticated:
            # Checked here rather than by aiosmtpd's auth_required, which warns without TLS.
            return "530 5.7.0 Authentication required"
        refusal = self.sink._take_refusal("MAIL")
        if refusal:
            return refusal
        owned = self.sink.senders
        if owned is not None and address.lower() not in owned:
            # as Postfix's reject_sender_login_mismatch, or a provider's "not owned by user"
            return f"553 5.7.1 <{address}>: Sender address rejected: not owned by user"
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        if address.lower() in self.sink.unknown:  # as Postfix for a mailbox it does not have
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        with self.sink._changed:
            deferred = self.sink.recipient_replies.get(address.lower())
        if deferred is not None:  # greylisting, a mailbox over quota, ...
            return deferred
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(rcpt_options)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        refusal = self.sink._take_refusal("DATA")
        if refusal:
            return refusal
        if self.sink.hanging.is_set():  # a server stuck after the mail, before its answer
            with self.sink._changed:
                self.sink.hung += 1
            while self.sink.hanging.is_set():
                await asyncio.sleep(0.01)
        if self.sink._take_drop():  # the line cut after the mail, before its answer
            if isinstance(server.transport, asyncio.Transport):
                server.transport.abort()
            return "421 4.4.2 never read: the connection is gone"
        content = envelope.original_content or b""
        verified = self.sink.verified
        if verified is not None:
            head = BytesParser(policy=default_policy).parsebytes(content, headersonly=True)
            written = str(head.get("From", ""))
            address = written.rpartition("<")[2].rstrip(">").strip()
            if address.lower() not in verified:  # Amazon SES's words
                return (
                    "554 Message rejected: Email address is not verified. The following "
                    f"identities failed the check in region EU-WEST-1: {address}"
                )
        login = session.login_data
        peer = session.peer
        self.sink._store(
            Received(
                mail_from=envelope.mail_from or "",
                rcpt_tos=tuple(envelope.rcpt_tos),
                data=bytes(content),
                arrived=time.time(),
                login=login.decode("utf-8", "replace") if isinstance(login, bytes) else login,
                peer=f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer),
                mail_options=tuple(envelope.mail_options),
            )
        )
        return "250 OK: queued"


class _OAuth2SinkHandler(_SinkHandler):
    """The sink's handler that also takes AUTH XOAUTH2 (aiosmtpd offers a mechanism for
    each ``auth_<NAME>`` method of the handler)."""

    async def auth_XOAUTH2(self, server: SMTP, args: list[str]) -> AuthResult:
        import base64
        import binascii

        from aiosmtpd.smtp import AuthResult, LoginPassword

        if len(args) > 1:
            try:
                blob: Any = base64.b64decode(args[1], validate=True)
            except binascii.Error:
                return AuthResult(success=False, handled=False, message="501 5.5.2 not base64")
        else:
            blob = await server.challenge_auth("", encode_to_b64=False)
            if not isinstance(blob, bytes):
                return AuthResult(success=False, handled=True)
        fields = dict(
            part.split("=", 1)
            for part in blob.decode("utf-8", "replace").split("\x01")
            if "=" in part
        )
        user = fields.get("user", "")
        bearer = fields.get("auth", "")
        token = bearer.removeprefix("Bearer ") if bearer.startswith("Bearer ") else ""
        check = self.sink.oauth2
        if check is not None and token and check(token) == user:
            return AuthResult(success=True, auth_data=LoginPassword(user.encode(), b""))
        with self.sink._changed:
            self.sink.auth_failures += 1
        # as Gmail: the error as a JSON challenge, which the client ends with an empty line
        await server.challenge_auth('{"status":"401","schemes":"bearer","scope":"mail"}')
        return AuthResult(success=False, handled=False)


def aiosmtpd_available() -> bool:
    try:
        import aiosmtpd.controller  # noqa: F401
    except ImportError:
        return False
    return True


class SmtpSink:
    """An SMTP server (aiosmtpd) on 127.0.0.1 that keeps every message it accepts.

    With `users`, AUTH PLAIN and LOGIN are offered without TLS; `auth_required` makes
    MAIL fail (530) for a client that did not authenticate.
    """

    host = LOCALHOST

    def __init__(
        self,
        users: Mapping[str, str] | None = None,
        *,
        auth_required: bool = False,
        hostname: str = "sink.test",
        oauth2: Callable[[str], str | None] | None = None,
        senders: Iterable[str] | None = None,
        unknown: Iterable[str] = (),
        size_limit: int | None = None,
        verified: Iterable[str] | None = None,
        smtputf8: bool = True,
    ) -> None:
        self.users = dict(users or {})
        self.smtputf8 = smtputf8
        """True (aiosmtpd's Controller's own default): it offers SMTPUTF8 (RFC 6531), and
        takes an address whose own part is not ASCII; False: a server that does not."""
        self.verified = None if verified is None else {a.lower() for a in verified}
        """With them, a mail whose From header holds any other address is refused after
        DATA, as Amazon SES refuses a From it has not verified."""
        self.size_limit = size_limit
        """Bytes of the largest mail it takes (its SIZE): a larger one is refused (552), at
        MAIL FROM when the client says its size, else after DATA (aiosmtpd's default: 32
        MiB)."""
        self.unknown = {a.lower() for a in unknown}
        """Recipients it has no mailbox for: refused at RCPT TO for good (550 5.1.1)."""
        self.senders = None if senders is None else {a.lower() for a in senders}
        """With them, a MAIL FROM of any other address is refused (553 5.7.1), as a provider
        refuses a From that is not the account's."""
        self.oauth2 = oauth2
        """With it, AUTH XOAUTH2 too: it says whose an access token is (None: nobody's)."""
        if auth_required and not self.users and oauth2 is None:
            raise ValueError("auth_required needs users")
        self.auth_required = auth_required
        self.hostname = hostname
        self.port = 0
        self._messages: list[Received] = []
        self._changed = threading.Condition()
        self._refusal = _Refusal()
        self.recipient_replies: dict[str, str] = {}
        """Recipients answered at RCPT TO with a reply of their own (``answer_recipient``)."""
        self._drops = 0
        self.broken_starttls = False
        """True: STARTTLS is offered, and refused when asked for (454 TLS not available)."""
        self.hanging = threading.Event()
        """Set: every mail is read to its end, then the server answers nothing until it is
        cleared (a server that took the connection and hangs)."""
        self.hung = 0
        """The mails it hung on."""
        self._controller: Controller | None = None
        self.auth_failures = 0

    def __enter__(self) -> SmtpSink:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def running(self) -> bool:
        return self._controller is not None

    def start(self) -> None:
        """Starts listening; after a stop(), on the same port again (clients keep it)."""
        if self._controller is not None:
            return
        from aiosmtpd.controller import Controller

        keep_port = self.port != 0
        attempts = 0
        while True:
            attempts += 1
            port = self.port if keep_port else free_port()
            kwargs: dict[str, Any] = {}
            if self.users:
                kwargs.update(authenticator=self._authenticate, auth_require_tls=False)
            if self.oauth2 is not None:
                kwargs.update(auth_require_tls=False)
            if self.size_limit is not None:
                kwargs.update(data_size_limit=self.size_limit)
            kwargs.update(enable_SMTPUTF8=self.smtputf8)
            handler = _SinkHandler(self) if self.oauth2 is None else _OAuth2SinkHandler(self)
            controller = Controller(
                handler,
                hostname=self.host,
                port=port,
                server_hostname=self.hostname,  # else aiosmtpd asks DNS for the FQDN
                ready_timeout=PATIENCE,
                **kwargs,
            )
            try:
                controller.start()
            except BaseException as error:
                controller.loop.close()
                if isinstance(error, OSError) and attempts < 10:
                    time.sleep(0.05 if keep_port else 0)  # the port may be in TIME_WAIT
                    continue
                raise
            self.port = port
            self._controller = controller
            return

    def stop(self) -> None:
        """Stops listening (a later start() resumes on the same port): an outage."""
        controller, self._controller = self._controller, None
        if controller is None:
            return
        controller.stop()
        controller.loop.close()

    def _authenticate(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        mechanism: str,
        auth_data: Any,
    ) -> AuthResult:
        from aiosmtpd.smtp import AuthResult, LoginPassword

        if isinstance(auth_data, LoginPassword):
            login = auth_data.login.decode("utf-8", "replace")
            password = auth_data.password.decode("utf-8", "replace")
            if login in self.users and self.users[login] == password:
                return AuthResult(success=True, auth_data=auth_data)
        with self._changed:
            self.auth_failures += 1
        return AuthResult(success=False, handled=False)

    # ---- what arrived

    def _store(self, received: Received) -> None:
        with self._changed:
            self._messages.append(received)
            self._changed.notify_all()

    @property
    def messages(self) -> list[Received]:
        """A snapshot of the messages accepted so far, oldest first."""
        with self._changed:
            return list(self._messages)

    def clear(self) -> None:
        with self._changed:
            self._messages.clear()

    def wait_for(self, count: int, timeout: float = PATIENCE) -> list[Received]:
        """Waits until at least `count` messages arrived; returns them all."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while len(self._messages) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(
                        f"{len(self._messages)} of {count} messages arrived in {timeout:g} s"
                    )
                self._changed.wait(left)
            return list(self._messages)

    # ---- failures on demand

    def refuse_next(
        self, n: int = 1, code: int = 451, at: Literal["MAIL", "DATA"] = "DATA"
    ) -> None:
        """The next `n` transactions fail with `code` at MAIL FROM or at the end of DATA.

        A 4xx code is a temporary failure (the client should retry), 5xx a permanent one.
        """
        if not 400 <= code <= 599:
            raise ValueError(f"not an SMTP failure code: {code}")
        if at not in ("MAIL", "DATA"):
            raise ValueError(f"refuse at MAIL or DATA, not {at!r}")
        with self._changed:
            self._refusal = _Refusal(remaining=n, code=code, stage=at)

    def answer_recipient(self, address: str, reply: str | None) -> None:
        """RCPT TO ``address`` is answered with ``reply`` (``450 4.2.0 greylisted``, ``452
        4.2.2 mailbox full``) from now on, the other recipients as ever; None: as ever."""
        with self._changed:
            if reply is None:
                self.recipient_replies.pop(address.lower(), None)
            else:
                self.recipient_replies[address.lower()] = reply

    def drop_next(self, n: int = 1) -> None:
        """The next ``n`` mails are read to their end, then the connection is cut before
        the server answers (nothing kept): a line dropped mid-DATA."""
        with self._changed:
            self._drops = n

    def _take_drop(self) -> bool:
        with self._changed:
            if self._drops <= 0:
                return False
            self._drops -= 1
            return True

    @property
    def refused(self) -> list[str]:
        """The replies sent by refuse_next so far (for the current refusal)."""
        with self._changed:
            return list(self._refusal.refused)

    def _take_refusal(self, stage: str) -> str | None:
        with self._changed:
            refusal = self._refusal
            if refusal.remaining <= 0 or refusal.stage != stage:
                return None
            refusal.remaining -= 1
            kind = "4.3.0 Temporarily" if refusal.code < 500 else "5.7.1 Permanently"
            reply = f"{refusal.code} {kind} refused by the test sink"
            refusal.refused.append(reply)
            return reply


# --------------------------------------------------------------------------- the line


class CuttingProxy:
    """A TCP proxy on 127.0.0.1 in front of a server (Dovecot's IMAP port, the SMTP sink)
    that cuts the line on demand: ``cut_at(b" MOVE ")`` cuts it at the client's next
    command holding those bytes, ``before`` the server sees it (the command never ran) or
    after the server answered it (it ran, and the client never heard). Each connection
    gets its own line to the server; a context manager."""

    host = LOCALHOST

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self._listener = socket.create_server((self.host, 0))
        self.port = int(self._listener.getsockname()[1])
        self._lock = threading.Lock()
        self._pattern: bytes | None = None
        self._before = True
        self._hold = False
        self.cuts = 0
        """The lines cut so far."""
        self._sockets: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def __enter__(self) -> CuttingProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def cut_at(self, pattern: bytes, before: bool = True, hold: bool = False) -> None:
        """Cut the line at the next command that holds ``pattern`` (once); ``hold``: keep
        it open instead, the command never passed on (a server that stopped answering)."""
        with self._lock:
            self._pattern, self._before, self._hold = pattern, before, hold

    def close(self) -> None:
        self._listener.close()
        with self._lock:
            for sock in self._sockets:
                with contextlib.suppress(OSError):
                    sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            with self._lock:
                self._sockets += [client, server]
            tag: list[bytes] = []  # the tag of the command whose answer cuts the line
            threading.Thread(target=self._up, args=(client, server, tag), daemon=True).start()
            threading.Thread(target=self._down, args=(server, client, tag), daemon=True).start()

    def _cut(self, *sockets: socket.socket) -> None:
        with self._lock:
            self.cuts += 1
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                sock.close()

    def _up(self, client: socket.socket, server: socket.socket, tag: list[bytes]) -> None:
        while True:
            try:
                data = client.recv(65536)
            except OSError:
                return
            if not data:
                with contextlib.suppress(OSError):
                    server.shutdown(socket.SHUT_WR)
                return
            with self._lock:
                pattern, before = self._pattern, self._before
                hit = pattern is not None and pattern in data
                if hit:
                    self._pattern = None
            if hit and before and self._hold:  # swallowed: the server never answers
                with contextlib.suppress(OSError):  # until the client, or the proxy, closes
                    while client.recv(65536):
                        pass
                return
            if hit and before:
                self._cut(client, server)
                return
            if hit and pattern is not None:
                line = next(line for line in data.split(b"\r\n") if pattern in line)
                tag.append(line.split(b" ", 1)[0])
            try:
                server.sendall(data)
            except OSError:
                return

    def _down(self, server: socket.socket, client: socket.socket, tag: list[bytes]) -> None:
        heard = b""
        while True:
            try:
                data = server.recv(65536)
            except OSError:
                return
            if not data:
                with contextlib.suppress(OSError):
                    client.shutdown(socket.SHUT_WR)
                return
            if tag:  # the command ran on the server: its answer never reaches the client
                heard += data
                if b"\r\n" + tag[0] + b" " in b"\r\n" + heard:
                    self._cut(client, server)
                    return
                continue
            try:
                client.sendall(data)
            except OSError:
                return
