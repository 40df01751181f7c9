"""attack43: a forger who writes a newcomer's From spends its day of codes to CONFIRM and,
each hour, the requests kept past them (``mail.unconfirmed_per_address``, 3 at a mailbox)
with JOINs under names of his own, a few minutes before each hour's poll. The newcomer's
own JOIN came after them in the poll: held past the day's codes and not kept, it was
forgotten without a word, and so was each JOIN he mailed again, all day, for as long as the
flood went on (without ``mail.authserv_id``, nothing else tells his mail from the
forger's). The flood's own mails land in his mailbox, each with a Message-ID of the host's
that carries its secret token (``idsecret``): his JOIN in a reply to one of them proves
that the address is his, as a code does, and is mailed its code at once."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from tests.lobby.hall import GM, Hall, Mail
from wtg.lobby.database import LobbyDatabase

VICTIM = "vic@players.example"


def flood(hall: Hall, hour: int) -> None:
    """The forger's six JOINs of an hour, From the victim's address, two in each of three
    polls 18 minutes apart: the last minutes before the victim's mail."""
    for part in range(3):
        for number in range(2):
            hall.mail(VICTIM, f"JOIN wok4 AS Forged{hour}x{part}x{number}")
        hall.poll(hours=0.3)


def reply(hall: Hall, message_id: str, body: str, sender: str = VICTIM) -> None:
    """A reply from ``sender`` to the host's mail ``message_id``."""
    hall.count += 1
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = GM
    msg["Subject"] = "Re: your request"
    msg["Message-ID"] = f"<r{hall.count}@players.example>"
    msg["In-Reply-To"] = message_id
    msg["References"] = message_id
    msg.set_content(body)
    hall.inbox.add(msg)


def waiting_names(hall: Hall) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        rows = book.db.execute("SELECT name FROM pending ORDER BY name").fetchall()
    return [str(row[0]) for row in rows]


def day_spent(hall: Hall) -> list[Mail]:
    """The flood's first two hours of a day, sent: the day's codes spent, their mails."""
    for hour in range(2):
        flood(hall, hour)
        hall.poll(hours=0.1)
        hall.send()
    mails = hall.new_mails(VICTIM)
    assert len(mails) == 6  # the day's six codes, three an hour
    return mails


def flooded(tmp_path: Path) -> tuple[Hall, str]:
    """The flood's first two hours, sent: the day's codes spent; the Message-ID of a mail
    the host sent the victim."""
    hall = Hall(tmp_path)
    hall.open_list()
    return hall, hall.sent_id(day_spent(hall)[0].subject)


def test_his_join_in_a_reply_to_the_hosts_mail_is_mailed_its_code(tmp_path: Path) -> None:
    hall, message_id = flooded(tmp_path)
    forger = "forger@evil.example"
    hall.mail(forger, "HELP")
    hall.poll(hours=0.1)
    hall.send()
    (own,) = hall.new_mails(forger)
    name, _, domain = message_id.strip("<>").partition("@")
    untokened = f"<{name.rsplit('.k', 1)[0]}@{domain}>"  # worked out from wtg's source
    assert untokened != message_id
    for hour in range(2, 6):  # each hour, up to the next late code (the forger's)
        flood(hall, hour)
        hall.mail(VICTIM, "JOIN wok4 AS Vic")  # his own plain JOIN: forgotten, unsaid
        if hour == 3:  # the forger's replies: to his own mail, to a Message-ID untokened
            reply(hall, hall.sent_id(own.subject), "JOIN wok4 AS Vic")
            reply(hall, untokened, "JOIN wok4 AS Vic")
        hall.poll(hours=0.1)
        hall.send()
        assert "Vic" not in waiting_names(hall), hour
    assert not [m for m in hall.new_mails(VICTIM) if "AS Vic" in m.words]
    flood(hall, 6)
    reply(hall, message_id, "JOIN wok4 AS Vic")  # a reply to the host's mail to him
    hall.poll(hours=0.1)
    # before: 'not answered reply limit: ... (stranger_codes_per_day)', its code forgotten
    (mail,) = [m for m in hall.new_mails(VICTIM) if "as Vic" in m.words]
    hall.mail(VICTIM, f"CONFIRM {mail.code()}")
    hall.poll(hours=0.1)
    with LobbyDatabase(hall.gm.games_dir) as book:
        rows = book.db.execute(
            "SELECT list, address, name FROM entries JOIN people ON people.id = person"
        ).fetchall()
    assert [tuple(row) for row in rows] == [("wok4", VICTIM, "Vic")]


def test_a_reply_to_a_mail_sent_long_ago_proves_nothing(tmp_path: Path) -> None:
    """review43b: the proof was any mail ``outbox/sent/`` keeps, and wtg removes none: one
    Message-ID seen once (a report the victim forwarded whole, a mailbox shared then) let
    its holder, months on, have the host mail its codes past the day's, three an hour
    taken before the owner's own JOIN each hour. A mail sent more than ``PROOF_DAYS`` ago
    proves nothing; one of the flood's answers since does."""
    hall, old_id = flooded(tmp_path)
    hall.poll(hours=24 * 8)  # eight days on, the flood again: the day's codes spent
    hall.send()
    fresh = day_spent(hall)
    flood(hall, 2)
    reply(hall, old_id, "JOIN wok4 AS Holder")  # the old Message-ID, token and all
    hall.poll(hours=0.1)
    hall.send()
    assert not [m for m in hall.new_mails(VICTIM) if "as Holder" in m.words]
    flood(hall, 3)
    reply(hall, hall.sent_id(fresh[-1].subject), "JOIN wok4 AS Vic")
    hall.poll(hours=0.1)
    assert [m.to for m in hall.new_mails(VICTIM) if "as Vic" in m.words] == [VICTIM]
