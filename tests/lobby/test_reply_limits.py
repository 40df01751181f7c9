"""Issue 25, item 17: "The journal says "answered" for answers held back by the hourly
limit; the player never got his CONFIRM code. Say "not answered: reply limit", and give
JOIN/CONFIRM room"."""

from __future__ import annotations

import json
import mailbox
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import Hall, address
from tests.mail.loop import World
from tests.mail.test_trust import on_file
from wtg.cli import main
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import add_list
from wtg.lobby.start import checked_list
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.journallists import unanswered


def wtg(config: Path, *args: str) -> str:
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    result = CliRunner(env={"WTG_CONFIG": str(config)}).invoke(
        main, [*args], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_an_answer_held_back_is_not_answered_in_poll_status_and_digest(tmp_path: Path) -> None:
    """Issue 25, item 17: a JOIN whose answer (the code to CONFIRM) the hourly limit held
    back is "not answered: reply limit" in the journal, in `wtg poll -v` and its summary, in
    `wtg status` (and --json) and in the digest; its code, never mailed, is not kept."""
    config = tmp_path / "wtg.yaml"
    config.write_text(
        'games_dir: games\nfrom: "GM <gm@wtg.example>"\nmail:\n  unconfirmed_per_hour: 2\n'
        "  unconfirmed_domain_share: 1\n"  # the three at one domain: the hour's limit alone
        "  unconfirmed_new_domain_share: 0\n"
    )
    games = tmp_path / "games"
    games.mkdir()
    with LobbyDatabase(games) as book:
        moment = datetime.now(timezone.utc)
        add_list(book, checked_list("wok4", None, None, 3, "any", None, None, None, moment))
    (games / ".mail").mkdir()
    inbox = mailbox.Maildir(games / ".mail" / "maildir-in", create=True)
    for number in (1, 2, 3):
        msg = EmailMessage()
        msg["From"] = address(number)
        msg["To"] = "gm@wtg.example"
        msg["Message-ID"] = f"<join{number}@players.example>"
        msg.set_content(f"JOIN wok4 AS Gamer{number}")
        inbox.add(msg)
    polled = wtg(config, "poll", "-v").splitlines()
    assert polled[0] == (
        "filed 0, rejected 0, quarantined 0, ignored 0, answered 2, not answered (reply limit) 1"
    )
    held = [line for line in polled if "not answered" in line and line.startswith("  ")]
    assert len(held) == 1
    key, outcome = held[0].strip().split(": ", 1)
    late = int(outcome[-1])  # which of the three was handled last: the poll's order
    assert outcome == (
        "not answered: reply limit: 1 of 1 answer held back: 'JOIN wok4: confirm with "
        f"CONFIRM <code>' (unconfirmed_per_hour); commands: JOIN wok4 AS Gamer{late}"
    )
    with LobbyDatabase(games) as book:
        assert sorted(str(r[0]) for r in book.rows("SELECT address FROM pending")) == [
            address(number) for number in (1, 2, 3) if number != late
        ]
    status = wtg(config, "status")
    assert (
        "1 mail not answered in the last 24 hours (a limit held the answer back, or "
        "the From failed DMARC; `wtg digest` lists them too):"
    ) in status
    assert f"  {key}: {outcome}" in status.replace("\n    ", " ")  # broken to 78 columns
    assert max(len(line) for line in status.splitlines() if line.startswith(" ")) <= 78
    listing = json.loads(wtg(config, "status", "--json"))
    assert [(u["key"], u["outcome"]) for u in listing["not_answered"]] == [(key, outcome)]
    # made after the poll's second (one made in it tells what happened before it)
    later = datetime.now(timezone.utc) + timedelta(seconds=1)
    digest = make_digest(games, later).text()
    assert "Mail not answered (1): a limit held its answer back" in digest
    assert f"  {key}: {outcome}" in digest.replace("\n    ", " ")  # broken to 78 columns


def test_the_journal_never_says_answered_for_a_code_that_was_not_mailed(tmp_path: Path) -> None:
    """Issue 25, item 17: before, the journal said "answered: commands: JOIN wok4" for a
    JOIN whose answer the limit held back: the player never got his code."""
    hall = Hall(tmp_path, replies_per_hour=0, confirmations_per_hour=0)
    hall.open_list("wok4", players=3)
    hall.mail(address(1), "JOIN wok4 AS Ann")
    summary = hall.poll()
    assert hall.new_mails() == []
    assert [text for _key, text in summary.outcomes] == [
        "not answered: reply limit: 1 of 1 answer held back: 'JOIN wok4: confirm with "
        "CONFIRM <code>' (confirmations_per_hour); commands: JOIN wok4 AS Ann"
    ]
    assert (summary.unanswered, summary.ignored) == (1, 0)


def test_a_players_help_held_back_is_not_answered(tmp_path: Path) -> None:
    """Issue 25, item 17: the help a player gets for a mail without a form, held back by
    ``replies_per_hour``, is "not answered" too (it was "answered: help held")."""
    hall = Hall(tmp_path, replies_per_hour=1)
    hall.open_list("wok4", players=2)
    for number, name in ((1, "Ann"), (2, "Bob")):
        ask = hall.answer(address(number), f"JOIN wok4 AS {name}", hours=2)
        hall.mail(address(number), f"CONFIRM {ask.code()}")
    hall.poll(hours=2)
    hall.new_mails()
    hall.mail(address(1), "hello, where is my form?")
    hall.mail(address(1), "hello again")
    summary = hall.poll(hours=2)
    # the mails taken in the order they came (attack46): the first answered, the second held
    assert sorted(text for _k, text in summary.outcomes) == [
        'answered: help sent; asked "hello, where is my form?"',
        "not answered: reply limit: the help (replies_per_hour)",
    ]


def test_a_flood_of_other_mail_leaves_room_for_a_join_code(tmp_path: Path) -> None:
    """Issue 25, item 17: "give JOIN/CONFIRM room ... so a flood of other mail cannot starve
    a real player's CONFIRM code". Answers with a code to CONFIRM count against
    ``confirmations_per_hour`` for their address, not ``replies_per_hour``, and may take the
    host's whole budget of mail to strangers, where other answers take half of it."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    for _ in range(4):  # forged in Ann's name: three LIST answers, a fourth held back
        hall.mail(address(1), "LIST")
    hall.poll()
    assert len(hall.new_mails(address(1))) == 3
    hall.mail(address(1), "JOIN wok4 AS Ann")  # Ann herself, the same hour
    summary = hall.poll()
    assert [text for _k, text in summary.outcomes] == ["answered: commands: JOIN wok4 AS Ann"]
    (ann,) = hall.new_mails(address(1))
    joined = hall.answer(address(1), f"CONFIRM {ann.code()}", hours=0)
    assert joined.subject == "you are on the waiting list wok4"
    # strangers from everywhere: 15 answers without a code at most (of the 30), 3 were Ann's
    for number in range(30):
        hall.mail(f"flood{number}@third.example", "LIST")
    hall.poll()
    assert len(hall.new_mails()) == 12
    for number in (2, 3):
        hall.mail(address(number), f"JOIN wok4 AS Gamer{number}")
    summary = hall.poll()
    assert [text for _k, text in summary.outcomes] == [
        "answered: commands: JOIN wok4 AS Gamer2",
        "answered: commands: JOIN wok4 AS Gamer3",
    ]
    assert sorted(m.to for m in hall.new_mails()) == [address(2), address(3)]


def test_orders_whose_confirmation_was_held_back_say_so(tmp_path: Path) -> None:
    """Issue 25, item 17: orders filed whose confirmation the hourly limit held back are
    journalled "stored: ...; not answered: reply limit (confirmations_per_hour)", not as
    plain "stored" (the player never got the confirmation): counted in the poll's summary
    and kept with the mails not answered (what `wtg status` and the digest show)."""
    world = World(tmp_path, count=2, confirmations_per_hour=1)
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    assert world.poll().unanswered == 0
    world.mail(world.aof(2, X1="150"), sender="p2@players.example")
    summary = world.poll()
    assert (summary.filed, summary.unanswered) == (1, 1)
    journal = Journal(world.gm.spool)
    outcomes = [row[0] for row in journal.db.execute("SELECT outcome FROM messages")]
    journal.close()
    assert sorted(outcomes) == [
        "stored: g1 turn 1 player 2",
        "stored: g1 turn 1 player 2; not answered: reply limit (confirmations_per_hour)",
    ]
    (kept,) = unanswered(world.gm.spool, 0.0)
    assert kept.outcome.endswith("; not answered: reply limit (confirmations_per_hour)")
    assert on_file(world, 2) == {"trade": [150]}  # filed all the same
