"""A forged delivery report of many recipient blocks: the same player's block a hundred
times made the poll tell the GM the same clause a hundred times in one line of thousands
of characters (on stderr, which cron mails, and in the journal); and a block's
Final-Recipient with an escape sequence was kept raw in the journal's
outcome, which `wtg poll -v`, the log and any reader of the journal get."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import NOW, World
from tests.mail.test_bounce_too_big import sent_to_p2, too_big
from tests.mail.test_bounces import drop, failing, ours
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox

BLOCK_START = b"Final-Recipient: rfc822; p2@players.example"


def many_blocks(raw: bytes, addresses: list[str], again: int) -> bytes:
    """``raw`` (a Postfix report with one recipient block) with a block for each of
    ``addresses`` before its own, and its own ``again`` times more."""
    head, _, rest = raw.partition(BLOCK_START)
    end = rest.index(b"\n--")
    block = BLOCK_START + rest[:end].rstrip(b"\n") + b"\n\n"
    strangers = b"".join(block.replace(b"p2@players.example", a.encode("utf-8")) for a in addresses)
    return head + strangers + block * (1 + again) + rest[end:].lstrip(b"\n")


def test_a_report_naming_a_player_a_hundred_times_tells_it_once(tmp_path: Path) -> None:
    world = World(tmp_path)
    sent_to_p2(world, picture=False)
    hostile = [f"x{i}\x1b]0;owned\x07\x1b[2J@evil.example" for i in range(2)]
    plain = [f"s{i}@else.example" for i in range(6)]
    drop(world, "forged.eml", ours(world, many_blocks(too_big("5.3.4"), hostile + plain, 90)))
    told: list[str] = []
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), NOW, told=told.append)
    ((_key, outcome),) = summary.outcomes
    clause = (
        "a bounce: a mail to p2@players.example (g1) came back as too big for the player's "
        "mailbox (552 5.3.4 Message size exceeds fixed maximum message size): the address is "
        "fine, not marked failing; it had no picture to leave out: ask the player to let his "
        "mailbox take larger mail"
    )
    assert outcome == (
        "rejected: a bounce for x0?]0;owned??[2j@evil.example, x1?]0;owned??[2j@evil.example, "
        "s0@else.example, s1@else.example, s2@else.example and 3 more, no player's address: "
        f"ignored; {clause}"
    )
    assert told == [outcome.removeprefix("rejected: ")]
    assert not any(failing(world).values())
    assert world.outbox() == {}
