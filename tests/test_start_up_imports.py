"""What a command loads before it does anything: Pillow only where a picture is read.

Pillow takes a noticeable part of a command's start-up, and most commands (the poll, the
send of mails without pictures, `wtg status`) never draw or read a picture. The mail's
reader needs it only for an inline picture's height (an Outlook signature's logo), so it
loads it there (the logo's tests: tests/mail/test_unread_attachments.py)."""

from __future__ import annotations

import subprocess
import sys

LOADED = (
    "import sys, wtg.cli, wtg.mail.poll.poller, wtg.mail.outgoing.sender\n"
    "import wtg.mail.message.extract\n"
    "print(sorted({name.split('.')[0] for name in sys.modules} & {'PIL', 'jinja2'}))\n"
)


def test_the_command_line_and_the_mail_loop_start_without_pillow() -> None:
    done = subprocess.run(
        [sys.executable, "-c", LOADED], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "['jinja2']"
