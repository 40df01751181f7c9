"""Order lines typed with a space at their end, in a client that sends what the player
typed as format=flowed: mutt with ``text_flowed`` (a real mutt writes the reply), and a
phone's keyboard that puts a space after each word. In format=flowed a line that ends in
a space goes on in the next one, so 'A1: 60 55 010 ', 'G1: 60 5 ' and 'R1: 1 ' were read
as one line, 'A1: 60 55 010 G1: 60 5 R1: 1', rejected ('expected 3 fields FROM TO ARM,
found 7'), nothing filed: 'none of the order lines in your mail could be accepted'. A line
that starts an order line, or is a marker of the form, starts a line of its own."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, FROM, MUTTRC, Desk, _idle
from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.table import Table
from tests.mail.clients.test_unquoted_originals import reply_to, report_of
from tests.mail.replies import quoted


def spaced(lines: str) -> str:
    """Each line ended by a space, as a phone's keyboard leaves it."""
    return "".join(line + " \n" for line in lines.splitlines())


def mutt_flowed(desk: Desk, typed: str) -> bytes:
    """mutt with ``set text_flowed=yes``: ``r`` on the report, the lines ``typed`` put above
    the quote by the player's editor, then ``y``."""
    (desk.root / "typed.txt").write_text(typed)
    prepend = (
        "import sys; p = sys.argv[1]; t = open(p).read(); "
        f"open(p, 'w').write(open({str(desk.root / 'typed.txt')!r}).read() + t)"
    )
    editor = desk.script(
        "editor",
        f'{shlex.join([sys.executable, "-c", prepend])} "$1" && touch {desk.edited}',
    )
    inbox = desk.maildir("Mail/inbox")
    config = MUTTRC.format(
        sender=FROM, editor=editor, sendmail=desk.sendmail, folder=inbox.parent, indent="> "
    )
    rc = desk.write("muttrc", config + "set text_flowed=yes\n")
    argv = ["mutt", "-n", "-F", str(rc), "-f", str(inbox), "-e", "push <reply><send-message><quit>"]
    desk.in_terminal(argv, desk.env(), _idle)
    return desk.reply()


def test_mutts_flowed_order_lines_ended_by_a_space_are_filed(tmp_path: Path) -> None:
    need(next(client for client in CLIENTS if client.name == "mutt"))
    table = Table(tmp_path / "gm")
    desk = Desk(tmp_path / "desk", table.report(1), "top", "report for Alice")
    reply = mutt_flowed(desk, spaced(PLAYED["wok4"].bare()) + "\nAlice \n\n")
    assert b"format=flowed" in reply and b"\nA1: 60 55 010 \nG1: 60 5 \nR1: 1 \n" in reply
    table.deliver(reply)
    table.poll()
    assert table.orders(1) == PLAYED["wok4"].filed


@pytest.mark.parametrize("ruleset", PLAYED)
def test_a_phones_flowed_order_lines_ended_by_a_space_are_filed(
    ruleset: str, tmp_path: Path
) -> None:
    """Format=flowed with DelSp, as Apple Mail and iOS Mail send it, the lines as a phone's
    keyboard typed them, a word under the last ('R1: 1Thanks' when joined, DelSp taking
    the space), on a game of every ruleset."""
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    report, text = report_of(table)
    reply = reply_to(report)
    reply.set_content(
        f"{spaced(played.bare())}Thanks \n\nSent from my iPhone\n\n> On 4 Dec 2026, at 18:00, "
        f"Game Master <gm@example.org> wrote:\n> \n{quoted(text)}",
        params={"format": "flowed", "delsp": "yes"},
        cte="quoted-printable",
    )
    table.deliver(bytes(reply))
    table.poll()
    assert table.orders(1) == played.filed
