"""The GM files a mail the poll set aside (`wtg orders GAME_DIR FILE`, the mail kept in the
archive) as of when it arrived: the player's newer orders on file win, and he is told so;
once filed, the mail is no longer listed as set aside, not filed. A bulk mail whose form
has only rejected lines is the player's orders too: set aside, and the player told."""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.test_set_aside_orders import wtg
from wtg.game.arrivalkey import arrival_key
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.spool.journallists import set_aside


def mail_at(world: World, moment: datetime, body: str, **headers: str) -> str:
    """Player 2's mail, arrived at ``moment`` (its Maildir file's time)."""
    name = world.mail(body, sender="Player2 <p2@players.example>", **headers)
    (path,) = world.gm.maildir_in.glob(f"new/{name}*")
    os.utime(path, (moment.timestamp(), moment.timestamp()))
    return name


def pending_meta(world: World) -> dict[str, object]:
    meta = world.game.store.pending_meta(1, 2)
    assert meta is not None
    return dict(meta)


def test_filing_a_kept_mail_leaves_the_players_newer_orders(tmp_path: Path) -> None:
    world = World(tmp_path)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    bulk_at, proper_at = now - timedelta(hours=3), now - timedelta(hours=2)
    mail_at(world, bulk_at, world.aof(2, X1="100"), Precedence="bulk")
    assert world.poll(now - timedelta(minutes=170)).rejected == 1
    (item,) = set_aside(world.gm.spool, 0)
    proper = mail_at(world, proper_at, world.aof(2, X1="150"))
    assert world.poll(now - timedelta(minutes=110)).filed == 1
    newer = pending_meta(world)
    assert str(newer["order_key"]).startswith(arrival_key(proper_at)[:15])
    order_file = world.game.store.pending_orders(1)[2]
    newer_text = order_file.read_text(encoding="utf-8")
    assert "150" in newer_text

    filed = wtg(world, "orders", str(world.game.store.root), item.archive)
    assert filed.exit_code == 2, filed.output
    assert filed.stdout == ""
    assert "later orders of player 2 are already on file (they stand)" in filed.stderr
    assert f"the mail arrived {bulk_at:%Y-%m-%d %H:%M:%S} UTC: filed as of then" in filed.stderr
    assert order_file.read_text(encoding="utf-8") == newer_text
    assert pending_meta(world)["order_key"] == newer["order_key"]
    assert proper in str(newer["order_key"])
    # the GM dealt with it: the newer orders stand, the mail is not listed as not filed
    assert set_aside(world.gm.spool, 0) == []


def test_a_kept_mail_filed_is_received_as_it_arrived_and_no_longer_listed(tmp_path: Path) -> None:
    world = World(tmp_path)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    bulk_at = now - timedelta(hours=3)
    mail_at(world, bulk_at, world.aof(2, X1="100"), Precedence="bulk")
    world.poll(now - timedelta(minutes=170))
    (item,) = set_aside(world.gm.spool, 0)
    assert len(json.loads(wtg(world, "status", "--json").stdout)["set_aside"]) == 1

    filed = wtg(world, "orders", str(world.game.store.root), item.archive)
    assert filed.exit_code == 0, filed.output
    assert filed.stdout.startswith("Orders of player 2 for turn 1:")
    assert pending_meta(world)["received"] == f"{bulk_at:%Y-%m-%dT%H:%M:%S}Z"
    assert set_aside(world.gm.spool, 0) == []
    listing = json.loads(wtg(world, "status", "--json").stdout)
    assert listing["set_aside"] == [] and listing["games"][0]["set_aside"] == []
    assert "SET ASIDE" not in wtg(world, "status").stdout
    assert "Orders set aside" not in make_digest(world.gm.games_dir, now).text()


def test_a_mail_for_two_games_filed_for_one_stays_listed_for_the_other(tmp_path: Path) -> None:
    """Filed for g1 only: its g1 entry goes, a g2 entry of the same mail would stay (the
    journal's filing is kept by game)."""
    world = World(tmp_path)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    mail_at(world, now - timedelta(hours=1), world.aof(2, X1="100"), Precedence="bulk")
    world.poll(now - timedelta(minutes=50))
    (item,) = set_aside(world.gm.spool, 0)
    from wtg.mail.spool.journal import Journal

    journal = Journal(world.gm.spool)
    journal.set_aside(item.key, "g2", "1 Else", item.why, item.archive, item.at)
    journal.commit()
    journal.close()
    assert wtg(world, "orders", str(world.game.store.root), item.archive).exit_code == 0
    assert [(i.game, i.seat) for i in set_aside(world.gm.spool, 0)] == [("g2", "1 Else")]


def test_a_plain_form_given_by_the_gm_is_filed_as_of_now(tmp_path: Path) -> None:
    """A form the GM saved alone (no mail headers) is no mail: filed as received now."""
    world = World(tmp_path)
    form = tmp_path / "form.txt"
    form.write_text(world.aof(2, X1="100"), encoding="utf-8")
    before = datetime.now(timezone.utc).replace(microsecond=0)
    filed = wtg(world, "orders", str(world.game.store.root), str(form))
    assert filed.exit_code == 0, filed.output
    assert "the mail arrived" not in filed.stderr
    received = datetime.strptime(str(pending_meta(world)["received"]), "%Y-%m-%dT%H:%M:%SZ")
    assert received.replace(tzinfo=timezone.utc) >= before


def test_a_bulk_form_with_only_rejected_lines_is_set_aside_and_told(tmp_path: Path) -> None:
    world = World(tmp_path)
    now = datetime.now(timezone.utc)
    mail_at(world, now - timedelta(hours=1), world.aof(2, X1="123"), Precedence="bulk")
    summary = world.poll(now)
    assert (summary.filed, summary.rejected) == (0, 1)
    (event,) = summary.events
    assert "SET ASIDE: the orders of g1 player 2 Player2" in event.outcome.text()
    (item,) = set_aside(world.gm.spool, 0)
    assert (item.game, item.seat, item.why) == ("g1", "2 Player2", "Precedence: bulk")
    (ident,) = world.outbox()
    assert ident.startswith("setaside-")
    assert b"To: p2@players.example" in world.outbox()[ident]
    assert world.game.store.pending_orders(1) == {}
    # the GM files it: the rejection printed, nothing stored, the entry dealt with
    filed = wtg(world, "orders", str(world.game.store.root), item.archive)
    assert filed.exit_code == 2, filed.output
    assert "orders not stored" in filed.stderr and "X1" in filed.stderr
    assert world.game.store.pending_orders(1) == {}
    assert set_aside(world.gm.spool, 0) == []


def test_a_mail_the_journal_holds_no_time_of_is_filed_as_its_server_received_it(
    tmp_path: Path,
) -> None:
    """A mail saved elsewhere (or set aside under an older version): its topmost Received
    header's date, the GM's server's, not its sender's Date."""
    world = World(tmp_path)
    saved = tmp_path / "saved.eml"
    saved.write_text(
        "Received: from mx.players.example by mx.wtg.example; Tue, 1 Dec 2026 10:00:00 +0000\n"
        "Received: from laptop by mx.players.example; Tue, 1 Dec 2026 09:59:00 +0000\n"
        "From: Player2 <p2@players.example>\nDate: Mon, 30 Nov 2026 08:00:00 +0000\n"
        f"Precedence: bulk\nSubject: orders\n\n{world.aof(2, X1='100')}",
        encoding="utf-8",
    )
    filed = wtg(world, "orders", str(world.game.store.root), str(saved))
    assert filed.exit_code == 0, filed.output
    assert "the mail arrived 2026-12-01 10:00:00 UTC: filed as of then" in filed.stderr
    assert pending_meta(world)["received"] == "2026-12-01T10:00:00Z"


def test_a_mail_whose_dates_are_no_dates_is_filed_as_of_now(tmp_path: Path) -> None:
    """Headers no date can be read from (garbage, a year out of range) crash nothing."""
    world = World(tmp_path)
    saved = tmp_path / "saved.eml"
    saved.write_text(
        "Received: from x by mx.wtg.example; Fri, 31 Dec 9999 23:30:00 -0100\n"
        "From: Player2 <p2@players.example>\nDate: yesterday, about noon\n\n"
        f"{world.aof(2, X1='100')}",
        encoding="utf-8",
    )
    before = datetime.now(timezone.utc).replace(microsecond=0)
    filed = wtg(world, "orders", str(world.game.store.root), str(saved))
    assert filed.exit_code == 0, filed.output
    assert "the mail arrived" not in filed.stderr
    received = datetime.strptime(str(pending_meta(world)["received"]), "%Y-%m-%dT%H:%M:%SZ")
    assert received.replace(tzinfo=timezone.utc) >= before


@pytest.mark.parametrize("encoding", ["base64", "quoted-printable"])
def test_a_kept_mail_in_base64_is_filed_as_the_poll_read_it(tmp_path: Path, encoding: str) -> None:
    """Mail programs send a text with a non-ASCII letter (a signature's ``Grüße``) or long
    lines in base64: `wtg orders` read the kept mail's raw text, found no form in it, and
    said "neither an order form nor an order file", the player's orders lost. It reads the
    mail's parts as the poll does."""
    world = World(tmp_path)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    msg = EmailMessage()
    msg["From"] = "Player2 <p2@players.example>"
    msg["To"] = "gm@wtg.example"
    msg["Subject"] = "Re: [g1] turn 0 report"
    msg["Precedence"] = "bulk"
    msg["Message-ID"] = "<encoded@players.example>"
    msg.set_content(f"{world.aof(2, X1='100')}\nGrüße, Player2\n", cte=encoding)
    world.inbox.add(msg)
    assert world.poll(now).rejected == 1
    (item,) = set_aside(world.gm.spool, 0)
    assert f"Content-Transfer-Encoding: {encoding}" in Path(item.archive).read_text("ascii")
    filed = wtg(world, "orders", str(world.game.store.root), item.archive)
    assert filed.exit_code == 0, filed.output
    assert filed.stdout.startswith("Orders of player 2 for turn 1:\n1 accepted, 0 rejected.")
    assert world.game.store.pending_orders(1) != {}
    assert set_aside(world.gm.spool, 0) == []


def test_a_mail_saved_elsewhere_with_a_base64_html_and_text_is_filed(tmp_path: Path) -> None:
    """A mail the GM saved from his mail program (no journal entry), as multipart/alternative
    with both parts in base64: filed from its text part, as of its server's Received."""
    world = World(tmp_path)
    msg = EmailMessage()
    msg["Received"] = "from mx.players.example by mx.wtg.example; Tue, 1 Dec 2026 10:00:00 +0000"
    msg["From"] = "Player2 <p2@players.example>"
    msg["Subject"] = "orders"
    form = world.aof(2, X1="100")
    msg.set_content(f"{form}\nGrüße\n", cte="base64")
    msg.add_alternative(f"<pre>{form}</pre><p>Grüße</p>", subtype="html", cte="base64")
    saved = tmp_path / "saved.eml"
    saved.write_bytes(bytes(msg))
    filed = wtg(world, "orders", str(world.game.store.root), str(saved))
    assert filed.exit_code == 0, filed.output
    assert "the mail arrived 2026-12-01 10:00:00 UTC: filed as of then" in filed.stderr
    assert pending_meta(world)["received"] == "2026-12-01T10:00:00Z"
