"""Real mail clients answering a report mail as a player does.

Each client gets a desk of its own: a home folder with its config, a mailbox holding the
report as a local delivery agent stores it (LF line ends), the player's editor and a
sendmail-compatible script that keeps the finished mail byte for byte. Clients with a screen
(mutt, neomutt, aerc, alpine) run in a private tmux server and are driven by their keys;
s-nail runs in its batch mode, Emacs (Gnus and message-mode) in batch with a Lisp script.
"""

from __future__ import annotations

import email
import email.policy
import mailbox
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.mail.clients.table import KAO
from tests.mail.clients.terminal import WAIT, Stuck, Terminal

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
PLAYER = KAO.seats[0]
FROM = f"{PLAYER.name} <{PLAYER.email}>"


class Desk:
    """A folder where one reply is written."""

    def __init__(self, root: Path, report: bytes, shape: str, shown: str) -> None:
        self.root = root
        self.shape = shape
        self.shown = shown
        """What the mailbox's index shows of the mail answered (a part of its subject)."""
        self.report = report.replace(b"\r\n", b"\n")  # as a delivery agent stores it
        self.sent = root / "sent"
        self.sent.mkdir(parents=True)
        self.edited = root / "edited"
        sent = shlex.quote(str(self.sent))
        self.sendmail = self.script(
            "sendmail", f"cat > {sent}/.incoming.$$ && mv {sent}/.incoming.$$ {sent}/$$.eml"
        )

    def script(self, name: str, command: str) -> Path:
        path = self.root / name
        path.write_text(f"#!/bin/sh\n{command}\n")
        path.chmod(0o755)
        return path

    def editor(self, *options: str) -> Path:
        """The player's editor as one executable (some clients take no arguments with it)."""
        python = shlex.join([sys.executable, "-m", "tests.mail.clients.editor", self.shape])
        extra = " ".join(shlex.quote(option) for option in options)
        name = "editor" + "".join(options).replace("-", "_")
        return self.script(
            name,
            f"PYTHONPATH={shlex.quote(str(ROOT))} WTG_DESK={shlex.quote(str(self.root))} "
            f'{python} {extra} "$@"'
            f" && touch {shlex.quote(str(self.edited))}",
        )

    def write(self, name: str, text: str, mode: int = 0o644) -> Path:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        path.chmod(mode)
        return path

    def maildir(self, name: str) -> Path:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        mailbox.Maildir(path, create=True).add(self.report)
        return path

    def mbox(self, name: str) -> Path:
        path = self.root / name
        box = mailbox.mbox(path)
        box.add(self.report)
        box.close()
        return path

    def env(self, **extra: str) -> dict[str, str]:
        """A clean environment: nothing of the user running the tests leaks in."""
        base = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.root),
            "USER": "alice",
            "LOGNAME": "alice",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TZ": "UTC",
            "TERM": "xterm-256color",
        }
        return base | extra

    def has_sent(self) -> bool:
        return any(self.sent.glob("*.eml"))

    def reply(self) -> bytes:
        if not self.edited.exists():
            raise Stuck(f"the client sent its mail without the player's editor: {self.root}")
        (mail,) = self.sent.glob("*.eml")
        return mail.read_bytes()

    def batch(self, argv: list[str], env: dict[str, str], stdin: str = "") -> None:
        done = subprocess.run(
            argv, input=stdin, env=env, cwd=self.root, capture_output=True, text=True, timeout=WAIT
        )
        if done.returncode != 0 or not self.has_sent():
            raise Stuck(f"{argv[0]} exited {done.returncode} without sending:\n{done.stderr}")

    def in_terminal(
        self, argv: list[str], env: dict[str, str], steps: Callable[[Terminal], None]
    ) -> None:
        terminal = Terminal(self.root, argv, env)
        try:
            steps(terminal)
            terminal.wait_until(self.has_sent, "the reply handed to sendmail")
        finally:
            terminal.close()


MUTTRC = """\
set from="{sender}"
set use_from=yes
set hostname=players.example
set editor="{editor}"
set sendmail="{sendmail}"
set include=yes
set fast_reply=yes
set askcc=no
set copy=no
set record=""
set postpone=no
set move=no
set wait_key=no
set sleep_time=0
set abort_unmodified=no
set quit=yes
set mbox_type=Maildir
set folder="{folder}"
set spoolfile="{folder}/inbox"
set indent_string="{indent}"
"""
SIGNATURE = "Alice Liddell, Liddell & Co.\nT 020 7946 0958\nM 07700 900123\n"
"""A signature as many a business writes it: its phone lines (T for the telephone, M for the
mobile) are a letter and digits, as an order line is."""


UNMARKED = "Alice Liddell\nLiddell Inc.\nT 1-800-555-0199\nM 1.212.555.0147\n"
"""An American business's signature: its telephone lines with the country's code first."""


def mutt(
    desk: Desk,
    program: str = "mutt",
    indent: str = "> ",
    signed: bool = False,
    unmarked: bool = False,
) -> None:
    """``r`` on the report, with the original included (the default answer), then ``y``.
    ``signed``: mutt adds the player's signature under the draft, after its ``-- ``;
    ``unmarked``: ``UNMARKED``, without the ``-- `` (``sig_dashes=no``), as Apple Mail and
    Outlook add one."""
    inbox = desk.maildir("Mail/inbox")
    config = MUTTRC.format(
        sender=FROM,
        editor=desk.editor(),
        sendmail=desk.sendmail,
        folder=inbox.parent,
        indent=indent,
    )
    if signed:
        config += f'set signature="{desk.write("signature", SIGNATURE)}"\n'
    if unmarked:
        config += f'set sig_dashes=no\nset signature="{desk.write("signature", UNMARKED)}"\n'
    rc = desk.write("muttrc", config)
    keys = "push <reply><send-message><quit>"
    argv = [program, "-n", "-F", str(rc), "-f", str(inbox), "-e", keys]
    desk.in_terminal(argv, desk.env(), _idle)


def mutt_forward(desk: Desk, to: str, program: str = "mutt") -> None:
    """``f`` (forward) on the mail, inline (mutt's default), to ``to``: the player's editor
    gets the draft with the mail between mutt's ``----- Forwarded message from ... -----``
    and ``----- End forwarded message -----`` lines; then ``y``. A mail's attachments (a
    report's map picture) are left behind, as the player answers mutt's question."""
    inbox = desk.maildir("Mail/inbox")
    config = MUTTRC.format(
        sender=FROM, editor=desk.editor(), sendmail=desk.sendmail, folder=inbox.parent, indent="> "
    )
    config += "\nset forward_attachments=no\n"  # a report's map picture: not asked
    rc = desk.write("muttrc", config)
    keys = f"push <forward-message>{to}<enter><send-message><quit>"
    argv = [program, "-n", "-F", str(rc), "-f", str(inbox), "-e", keys]
    desk.in_terminal(argv, desk.env(), _idle)


def neomutt(desk: Desk) -> None:
    mutt(desk, "neomutt")


def mutt_pipe(desk: Desk) -> None:
    """mutt as some players set it up, quoting with "| " (``indent_string``)."""
    mutt(desk, indent="| ")


def mutt_signed(desk: Desk) -> None:
    """mutt with a signature whose lines look like orders (``SIGNATURE``)."""
    mutt(desk, signed=True)


def mutt_unmarked(desk: Desk) -> None:
    """mutt with a signature without ``-- `` whose telephone lines read as T1 and M1."""
    mutt(desk, unmarked=True)


def s_nail(desk: Desk) -> None:
    """Debian's s-nail.rc as it is (quote, indentprefix "> ", editheaders): ``reply 1``,
    then ``~v`` to write the body in the visual editor, and ``~.`` to send."""
    inbox = desk.maildir("Mail/inbox")
    env = desk.env(VISUAL=str(desk.editor("--headers", "--slow")))
    argv = ["s-nail", "-#", "-S", f"mta={desk.sendmail}", "-S", f"from={FROM}", "-f", str(inbox)]
    desk.batch(argv, env, "reply 1\n~v\n~.\nquit\n")


def s_nail_forward(desk: Desk, to: str, typed: str) -> bytes:
    """s-nail's ``forward 1 <to>`` in its batch mode, with Debian's s-nail.rc, ``typed`` on
    the lines its sender types after the command (as at its prompt), then ``~.`` to send:
    s-nail puts them under the whole mail forwarded (its ``-------- Original Message
    --------`` line, the original's header lines and its text), with nothing that ends
    it. The forward as it was handed to sendmail."""
    inbox = desk.maildir("Mail/inbox")
    argv = ["s-nail", "-#", "-S", f"mta={desk.sendmail}", "-S", f"from={FROM}", "-f", str(inbox)]
    desk.batch(argv, desk.env(), f"forward 1 {to}\n{typed}\n~.\nquit\n")
    (mail,) = desk.sent.glob("*.eml")
    return mail.read_bytes()


def emacs(desk: Desk) -> None:
    """Gnus: ``R`` (reply with the original) on the report, the body edited, ``C-c C-c``."""
    mbox = desk.mbox("report.mbox")
    env = desk.env(
        WTG_MBOX=str(mbox), WTG_EDITOR=str(desk.editor()), WTG_SENDMAIL=str(desk.sendmail)
    )
    desk.batch(["emacs", "--batch", "-Q", "-l", str(HERE / "gnus-reply.el")], env)


AERC_ACCOUNTS = """\
[{name}]
source = maildir://{mail}
outgoing = {sendmail}
default = INBOX
from = {sender}
"""


def aerc(desk: Desk) -> None:
    """``Rq`` (reply to the sender, quoting) on the report, then ``y`` to send."""
    desk.maildir("Mail/INBOX")
    config = desk.root / "config"
    account = AERC_ACCOUNTS.format(
        name=PLAYER.name, mail=desk.root / "Mail", sendmail=desk.sendmail, sender=FROM
    )
    desk.write("config/aerc/accounts.conf", account, mode=0o600)  # aerc wants it private
    desk.write("config/aerc/aerc.conf", f"[compose]\neditor = {desk.editor()}\n")

    def steps(terminal: Terminal) -> None:
        terminal.wait_for(desk.shown)
        terminal.type("Rq")
        terminal.wait_for("Send this email?")
        terminal.type("y")
        terminal.wait_until(desk.has_sent, "the reply handed to sendmail")
        terminal.type(":quit", "Enter")

    desk.in_terminal(["aerc"], desk.env(XDG_CONFIG_HOME=str(config)), steps)


def aerc_forward(desk: Desk, to: str) -> None:
    """``:forward <to>`` on the mail (aerc's template ``forward_as_body``: the mail under a
    ``Forwarded message from ...:`` line, unquoted), then ``y`` to send."""
    desk.maildir("Mail/INBOX")
    config = desk.root / "config"
    account = AERC_ACCOUNTS.format(
        name=PLAYER.name, mail=desk.root / "Mail", sendmail=desk.sendmail, sender=FROM
    )
    desk.write("config/aerc/accounts.conf", account, mode=0o600)
    desk.write("config/aerc/aerc.conf", f"[compose]\neditor = {desk.editor()}\n")

    def steps(terminal: Terminal) -> None:
        terminal.wait_for(desk.shown)
        terminal.type(f":forward {to}", "Enter")
        terminal.wait_for("Send this email?")
        terminal.type("y")
        terminal.wait_until(desk.has_sent, "the forward handed to sendmail")
        terminal.type(":quit", "Enter")

    desk.in_terminal(["aerc"], desk.env(XDG_CONFIG_HOME=str(config)), steps)


PINERC = """\
personal-name={name}
user-domain=example.org
customized-hdrs=From: {sender}
alt-addresses={address}
inbox-path={inbox}
sendmail-path={sendmail} -oi -t
editor={editor}
default-fcc=""
feature-list=enable-alternate-editor-implicitly,
\tinclude-text-in-reply,
\tquit-without-confirm
last-version-used=6.26
"""


def alpine(desk: Desk) -> None:
    """``r`` on the report (the text included), the editor, ``^X`` and ``y`` to send."""
    inbox = desk.mbox("inbox")
    (desk.root / "mail").mkdir()  # else alpine makes it, and waits seconds to say so
    pinerc = desk.write(
        "pinerc",
        PINERC.format(
            name=PLAYER.name,
            sender=FROM,
            address=PLAYER.email,
            inbox=inbox,
            sendmail=desk.sendmail,
            editor=desk.editor(),
        ),
    )

    def steps(terminal: Terminal) -> None:
        terminal.wait_for(desk.shown)
        terminal.type("r")
        terminal.wait_until(desk.edited.exists, "the editor")
        terminal.wait_for("Alternate editor done")
        terminal.type("C-x")
        terminal.wait_for("Send message?")
        terminal.type("y")
        terminal.wait_until(desk.has_sent, "the reply handed to sendmail")
        terminal.type("q")

    desk.in_terminal(["alpine", "-p", str(pinerc), "-i"], desk.env(), steps)


def _idle(terminal: Terminal) -> None:
    """The client was told all its keys on its command line."""


@dataclass(frozen=True)
class Client:
    name: str
    package: str
    """The Debian package that brings it (installed by .ci/run)."""
    program: str
    write: Callable[[Desk], None]
    terminal: bool

    def missing(self) -> str | None:
        """Why the client cannot run here, naming the package to install; None when it can."""
        if shutil.which(self.program) is None:
            return f"{self.program} is not installed (Debian package {self.package})"
        if self.terminal and shutil.which("tmux") is None:
            return f"{self.program} needs a terminal: tmux is not installed (Debian package tmux)"
        return None


CLIENTS = (
    Client("mutt", "mutt", "mutt", mutt, terminal=True),
    Client("neomutt", "neomutt", "neomutt", neomutt, terminal=True),
    Client("mutt-pipe", "mutt", "mutt", mutt_pipe, terminal=True),
    Client("mutt-signed", "mutt", "mutt", mutt_signed, terminal=True),
    Client("mutt-unmarked", "mutt", "mutt", mutt_unmarked, terminal=True),
    Client("s-nail", "s-nail", "s-nail", s_nail, terminal=False),
    Client("emacs", "emacs-nox", "emacs", emacs, terminal=False),
    Client("aerc", "aerc", "aerc", aerc, terminal=True),
    Client("alpine", "alpine", "alpine", alpine, terminal=True),
)


Written = Callable[[Client, str], bytes]
"""The reply a client sent in a shape of reply (see tests.mail.clients.player)."""


def reply(
    client: Client, folder: Path, report: bytes, shape: str, shown: str = "report for Alice"
) -> bytes:
    """The reply the client sent, as it handed it to sendmail (``shown``: what its index
    shows of the mail answered)."""
    desk = Desk(folder, report, shape, shown)
    client.write(desk)
    return desk.reply()


def plain_text(raw: bytes) -> str:
    """The plain-text body of a client's mail ``raw``, its lines ended by newlines."""
    text = email.message_from_bytes(raw, policy=email.policy.default)
    body = text.get_body(preferencelist=("plain",))
    assert body is not None, raw
    return str(body.get_content()).replace("\r\n", "\n")
