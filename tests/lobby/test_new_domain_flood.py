"""A hostile pass: "a flood with a new domain each mail takes all 30 stranger codes of an
hour". No domain's share holds mail forged in the names of addresses at ever new domains:
it spent the hour's ``mail.unconfirmed_per_hour``, and a real newcomer's JOIN among it got
no code that hour. A mail whose From the GM's own server found its domain's (``dmarc=pass``
in an ``Authentication-Results`` header of ``mail.authserv_id``) is counted in a room of its
own, by the same limits, which no forged From spends. Every mail goes through the poll, on
the maildir transport."""

from __future__ import annotations

import sqlite3
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import GM, Hall, Mail
from tests.lobby.test_lobby_replay import pending_codes
from tests.lobby.test_strangers_flood import outcomes
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting
from wtg.mail.incoming.strangers import CODE, DOMAIN_SHARE, FILE, HOURLY, PER_ADDRESS, Strangers

SERVER = "mx.wtg.example"
NEWCOMER = "newt@mail.example"
FLOOD = 2000
COUNT_BY_ROOM = "SELECT room, count(*) FROM mailed GROUP BY room"


def stamped(hall: Hall, sender: str, body: str, results: list[str]) -> None:
    """A mail from ``sender`` into the inbox with ``results`` as its Authentication-Results
    headers, topmost first (the GM's server writes its own on top)."""
    hall.count += 1
    msg = EmailMessage()
    for value in results:
        msg["Authentication-Results"] = value
    msg["From"] = sender
    msg["To"] = GM
    msg["Subject"] = "to the host"
    msg["Message-ID"] = f"<h{hall.count}@players.example>"
    msg.set_content(body)
    hall.inbox.add(msg)


def passed(domain: str) -> str:
    """What the GM's server writes of a mail its From's domain signed."""
    return f"{SERVER}; dkim=pass header.d={domain}; spf=pass; dmarc=pass header.from={domain}"


def flood(hall: Hall, first: int, mails: int) -> None:
    """JOINs under as many names at as many new domains, the ``first``th to the ``first +
    mails``th, none with a DMARC record (the GM's server says ``dmarc=none``); every tenth
    carries a ``dmarc=pass`` of its own below the server's, which vouches for nothing."""
    for number in range(first, first + mails):
        domain = f"d{number}.example"
        said = [f"{SERVER}; spf=none; dmarc=none header.from={domain}"]
        if number % 10 == 0:
            said.append(passed(domain))  # the forger's own header: below the server's
        stamped(hall, f"n{number}@{domain}", f"JOIN wok4 AS Flood{number}", said)


def flood_with_newcomer(hall: Hall, mails: int) -> list[str]:
    """``mails`` JOINs of the flood in an hour, polled in two halves ten minutes apart (the
    first spends the hour's room); the newcomer's JOIN, signed by his provider, comes with
    the second. The outcomes of both polls that say a limit held an answer back."""
    flood(hall, 0, mails // 2)
    first = hall.poll()
    stamped(hall, NEWCOMER, "JOIN wok4 AS Newt", [passed("mail.example")])
    flood(hall, mails // 2, mails - mails // 2)
    second = hall.poll(hours=1 / 6)
    held = "not answered: reply limit: "
    return outcomes(first, held) + outcomes(second, held)


def test_a_flood_at_thousands_of_new_domains_leaves_a_vouched_newcomer_his_code(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path, authserv_id=SERVER)
    hall.open_list("wok4", players=10)
    held = flood_with_newcomer(hall, FLOOD)
    mails = hall.new_mails()
    ask = next(m for m in mails if m.to == NEWCOMER)
    assert ask.subject == f"JOIN wok4: confirm with CONFIRM {ask.code()}"
    # the flood had the hour's 30 codes, no more; the rest held back, shown to the GM
    assert len([m for m in mails if m.to.endswith(".example") and m.to != NEWCOMER]) == 30
    assert len(held) == FLOOD - 30
    assert all("(unconfirmed_per_hour)" in text for text in held)
    # the tables the flood left: a row a code mailed, none a mail held back
    assert len(pending_codes(hall)) == 31
    db = sqlite3.connect(hall.gm.spool / FILE)
    rooms = dict(db.execute(COUNT_BY_ROOM).fetchall())
    db.close()
    assert rooms == {"": 30, "vouched": 1}
    joined = hall.answer(NEWCOMER, f"CONFIRM {ask.code()}", hours=0.1)
    assert joined.subject == "you are on the waiting list wok4"
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert "Newt" in [w.name for w in waiting(book, "wok4")]


def test_without_authserv_id_no_newcomer_is_vouched_for(tmp_path: Path) -> None:
    """Without ``mail.authserv_id`` no header is trusted to vouch (a forger writes his own
    ``dmarc=pass`` where the server adds none): the newcomer's JOIN is one of the flood's."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    held = flood_with_newcomer(hall, 60)
    assert hall.new_mails(NEWCOMER) == []
    assert len(held) == 61 - 30


def test_vouched_mail_of_one_domain_takes_half_of_its_room(tmp_path: Path) -> None:
    """A flooder who holds a domain that passes DMARC floods from it: its addresses take the
    domain's share of the vouched room (15 of 30), and a vouched newcomer at another domain
    still gets his code, as does a stranger at a third whose From nothing vouched for."""
    hall = Hall(tmp_path, authserv_id=SERVER)
    hall.open_list("wok4", players=10)
    for number in range(50):
        stamped(hall, f"f{number}@own.example", "JOIN wok4", [passed("own.example")])
    stamped(hall, NEWCOMER, "JOIN wok4 AS Newt", [passed("mail.example")])
    hall.mail("plain@other.example", "JOIN wok4 AS Plain")
    summary = hall.poll()
    mails = hall.new_mails()
    assert len([m for m in mails if m.to.endswith("@own.example")]) == 15
    held = outcomes(summary, "not answered: reply limit: ")
    assert len(held) == 35
    assert all("(unconfirmed_domain_share: @own.example)" in text for text in held)
    assert sorted(m.to for m in mails if not m.to.endswith("@own.example")) == [
        NEWCOMER,
        "plain@other.example",
    ]


def test_the_rooms_are_counted_apart(tmp_path: Path) -> None:
    """The count itself: the common room full, a vouched code goes; the vouched room full,
    the common one is untouched; an address's codes are counted across both."""
    budget = Strangers(tmp_path, 2, per_address=1, domain_share=1.0)
    assert budget.charge(CODE, 1000.0, "a@x.example", "C1", "one") is None
    assert budget.charge(CODE, 1000.0, "b@y.example", "C2", "two") is None
    assert budget.charge(CODE, 1000.0, "c@z.example", "C3", "three") == HOURLY
    assert budget.charge(CODE, 1000.0, "c@z.example", "C3", "four", vouched=True) is None
    assert budget.charge(CODE, 1000.0, "a@x.example", "C5", "five", vouched=True) == PER_ADDRESS
    assert budget.charge(CODE, 1000.0, "d@w.example", "C6", "six", vouched=True) is None
    assert budget.charge(CODE, 1000.0, "e@v.example", "C7", "seven", vouched=True) == HOURLY
    # an hour on, both rooms have room again
    assert budget.charge(CODE, 4601.0, "e@v.example", "C7", "eight") is None
    assert budget.charge(CODE, 4601.0, "f@u.example", "C8", "nine", vouched=True) is None
    shared = Strangers(tmp_path / "shared", 4, per_address=None, domain_share=0.5)
    assert shared.charge(CODE, 0.0, "a@x.example", "D1", "a1") is None
    assert shared.charge(CODE, 0.0, "b@x.example", "D2", "a2") is None
    assert shared.charge(CODE, 0.0, "c@x.example", "D3", "a3") == DOMAIN_SHARE
    assert shared.charge(CODE, 0.0, "c@x.example", "D3", "a4", vouched=True) is None


KILL_FLOOD = 8
KILL_CAP = 3
KILLS = 10


@pytest.fixture(scope="module")
def flooded_hall(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A hall with a list open whose inbox holds ``KILL_FLOOD`` JOINs at as many new domains
    (the hour's room made ``KILL_CAP`` codes) and the vouched newcomer's JOIN."""
    root = tmp_path_factory.mktemp("hall")
    hall = Hall(root)
    hall.open_list("wok4", players=10)
    flood(hall, 0, KILL_FLOOD)
    stamped(hall, NEWCOMER, "JOIN wok4 AS Newt", [passed("mail.example")])
    hall.config_file(authserv_id=SERVER, unconfirmed_per_hour=KILL_CAP)
    return root


def kill_state(root: Path) -> tuple[list[str], dict[str, int], list[str]]:
    """The addresses of the codes waiting, the count of mail to strangers by room, and the
    addresses the host queued a code to, each once for each mail."""
    book = sqlite3.connect(root / "games" / ".people" / "people.sqlite")
    try:
        waiting = sorted(str(a) for (a,) in book.execute("SELECT address FROM pending"))
    finally:
        book.close()
    spool = root / "games" / ".mail"
    rooms: dict[str, int] = {}
    if (spool / FILE).exists():
        db = sqlite3.connect(spool / FILE)
        try:
            rooms = {str(r): int(n) for r, n in db.execute(COUNT_BY_ROOM).fetchall()}
        finally:
            db.close()
    outbox = spool / "outbox"
    mails = [Mail(path.read_bytes()) for path in sorted(outbox.glob("*/*.eml"))]
    return waiting, rooms, sorted(m.to for m in mails if m.subject.startswith("JOIN wok4"))


def test_a_poll_killed_in_a_flood_with_a_vouched_newcomer_is_finished_after(
    flooded_hall: Path, tmp_path: Path
) -> None:
    """Killed (SIGKILL) just before each of its writes, then a poll that finishes: the
    newcomer's code is mailed once and waits, the flood has its room's codes, no more, and
    each code mailed is counted once in its room."""
    root = tmp_path / "hall"
    args = ["--config", str(root / "wtg.yaml"), "poll"]
    fresh = killpoints.restorer(flooded_hall, root)
    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, root / "games", fresh, log=log)
    after = kill_state(root)
    waiting, rooms, mailed = after
    assert rooms == {"": KILL_CAP, "vouched": 1}
    assert mailed.count(NEWCOMER) == 1 and waiting.count(NEWCOMER) == 1
    assert len(mailed) == len(waiting) == KILL_CAP + 1
    counted = [n for n, w in enumerate(killpoints.written(log), 1) if "INTO mailed" in w]
    assert len(counted) == KILL_CAP + 1
    chosen = set(killpoints.points(whole.writes, KILLS))
    chosen |= {n for at in counted for n in (at, at + 1)}  # the count, and the answer after it
    for at in sorted(chosen):
        fresh()
        cut = killpoints.run(args, at, root / "games")
        assert cut.killed and cut.writes == at - 1, (at, cut)
        again = killpoints.count(args, root / "games")
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert kill_state(root) == after, (at, cut.before)
