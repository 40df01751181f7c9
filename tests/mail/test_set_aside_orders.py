"""A mail that looks automatic (Auto-Submitted, Precedence: bulk, a list's headers, ...) is
never filed nor answered: a vacation reply quoting a report would file the blank form over
the player's orders. But a player whose mail program, forwarder or script marks his mail so
lost his orders without a word: only `wtg poll -v` had a line. Now such a mail with a
player's orders and his right code is shown to the GM (`wtg status`, the digest: the game,
the seat, the header, the mail kept), the player told at most once a day, and the GM files
the kept mail with `wtg orders`. Plain auto-replies are only counted, as before."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.clients.table import Table
from tests.mail.loop import GM, NOW, World
from tests.mail.test_poll_maildir import body_of
from wtg.cli import main
from wtg.mail.incoming.setaside import WHY_SHOWN
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.journallists import set_aside


def wtg(world: World, *args: str) -> Result:
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    return CliRunner().invoke(main, ["--config", str(config), *args])


def vacation_reply(world: World) -> str:
    """Player 1's out-of-office answer to his report, as Exchange makes one: its own
    headers, the report below an "Original Message" line, unquoted, the blank AOF in it
    (with his code)."""
    report = world.game.report(1)
    assert "CODE0001" in report
    body = (
        "I am out of the office until 30 November with no access to e-mail.\n\n"
        "-----Original Message-----\nFrom: Game Master <gm@wtg.example>\n"
        f"Subject: [g1] turn 0 report\n\n{report}"
    )
    return world.mail(
        body,
        Subject="Automatic reply: [g1] turn 0 report",
        Auto_Submitted="auto-generated",
        X_Auto_Response_Suppress="All",
    )


def bulk_orders(world: World) -> str:
    """Player 2's orders, mailed by a script of his that marks every mail Precedence: bulk."""
    return world.mail(
        world.aof(2, X1="100"),
        sender="Player2 <p2@players.example>",
        Precedence="bulk",
        Subject="Re: [g1] turn 0 report",
    )


def test_a_players_orders_marked_bulk_are_shown_to_the_gm_and_told_once(tmp_path: Path) -> None:
    world = World(tmp_path)
    vacation_reply(world)
    world.mail(
        "Our autumn newsletter.\n",
        sender="news@shop.example",
        List_Id="<news.shop.example>",
        List_Unsubscribe="<mailto:leave@shop.example>",
    )
    key = "maildir:" + bulk_orders(world)
    now = datetime.now(timezone.utc)  # `wtg status` shows the last day's
    summary = world.poll(now)
    assert (summary.seen, summary.filed, summary.rejected) == (3, 0, 3)
    assert world.game.store.pending_orders(1) == {}  # nothing filed: the bulk mail was set aside
    (item,) = set_aside(world.gm.spool, 0)
    assert (item.key, item.game, item.seat, item.why) == (
        key,
        "g1",
        "2 Player2",
        "Precedence: bulk",
    )
    archive = Path(item.archive)
    assert archive.is_file() and b"Precedence: bulk" in archive.read_bytes()
    (event,) = [e for e in summary.events if e.mail == key]
    assert event.outcome.text().startswith(
        "rejected: not for us (Precedence: bulk); SET ASIDE: the orders of g1 player 2 Player2"
    )

    # the GM sees it: the overview, the game's status, their JSON, the digest
    overview = wtg(world, "status")
    assert overview.exit_code == 0, overview.output
    lines = overview.stdout.splitlines()
    heading = next(i for i, line in enumerate(lines) if "SET ASIDE" in line)
    assert lines[heading].startswith(  # "1 mail(s) ...: they looked automatic" before
        "1 mail with a player's orders SET ASIDE in the last 24 hours, not filed: it looked "
        "automatic (the header named)"
    )
    assert lines[heading + 1 :] == [  # the path whole on a line of its own, to copy
        "  g1 player 2 Player2: Precedence: bulk; kept in",
        f"    {archive}",
    ]
    listing = json.loads(wtg(world, "status", "--json").stdout)
    wanted = {
        "key": key,
        "game": "g1",
        "seat": "2 Player2",
        "why": "Precedence: bulk",
        "archive": str(archive),
    }
    (listed,) = listing["set_aside"]
    assert {k: v for k, v in listed.items() if k != "at"} == wanted
    assert [
        {k: v for k, v in x.items() if k != "at"} for x in listing["games"][0]["set_aside"]
    ] == [wanted]
    one = wtg(world, "status", str(world.game.store.root))
    assert f"  g1 player 2 Player2: Precedence: bulk; kept in\n    {archive}\n" in one.stdout
    digest = make_digest(world.gm.games_dir, now + timedelta(minutes=5)).text()
    assert "Orders set aside, NOT filed (1, newest first)" in digest
    assert f"  g1 player 2 Player2: Precedence: bulk; kept in\n    {archive}\n" in digest
    # a digest after the poll's second (one made in it tells what happened before it)
    after = now + timedelta(seconds=1)
    assert "1 order mail set aside" in make_digest(world.gm.games_dir, after).line()

    # the player is told, at his registered address, in a notice quoting nothing of his mail;
    # the vacation reply and the newsletter get nothing
    (ident,) = world.outbox()
    assert ident.startswith("setaside-")
    notice = world.outbox()[ident]
    assert b"To: p2@players.example" in notice and b"Auto-Submitted: auto-replied" in notice
    text = body_of(notice)
    assert "\n  Precedence: bulk\n" in text  # the header quoted as it is
    assert "your orders were NOT stored" in " ".join(text.split())
    assert max(len(line) for line in text.splitlines()) <= 78
    assert "CODE0002" not in text and "X1" not in text

    # his script sends again the same day: listed again, told no more; the next day, told
    bulk_orders(world)
    assert world.poll(now + timedelta(hours=3)).rejected == 1
    assert len(set_aside(world.gm.spool, 0)) == 2 and len(world.outbox()) == 1
    bulk_orders(world)
    assert world.poll(now + timedelta(hours=25)).rejected == 1
    assert len(world.outbox()) == 2

    # the GM files the kept mail by hand
    filed = wtg(world, "orders", str(world.game.store.root), str(archive))
    assert filed.exit_code == 0, filed.output
    assert filed.stdout.startswith("Orders of player 2 for turn 1:")
    assert 2 in world.game.store.pending_orders(1)


def test_a_vacation_reply_quoting_a_report_is_only_counted(tmp_path: Path) -> None:
    """The mail the guard is for: a responder at a player's address quoting his report, the
    blank form and his code in it. Not filed, not answered, not listed: counted."""
    world = World(tmp_path)
    quoted = "> " + world.game.report(1).replace("\n", "\n> ")
    world.mail(
        f"Thanks for your mail, I'll be back on Monday.\n\n{quoted}",
        Auto_Submitted="auto-replied",
        X_Autoreply="yes",
        Subject="Out of office: [g1] turn 0 report",
    )
    vacation_reply(world)
    summary = world.poll()
    assert (summary.filed, summary.rejected) == (0, 2)
    assert [e.outcome.text() for e in summary.events] == [
        "rejected: not for us (Auto-Submitted: auto-replied)",
        "rejected: not for us (Auto-Submitted: auto-generated)",
    ]
    assert set_aside(world.gm.spool, 0) == [] and world.outbox() == {}
    assert "SET ASIDE" not in wtg(world, "status").stdout
    assert "Orders set aside" not in make_digest(world.gm.games_dir, NOW).text()


def test_a_strangers_auto_reply_with_a_wrong_code_is_only_counted(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(
        world.aof(3, X1="100").replace("CODE0003", "CODE9999"),
        sender="robot@else.example",
        Auto_Submitted="auto-generated",
    )
    summary = world.poll()
    assert summary.rejected == 1 and world.outbox() == {}
    assert set_aside(world.gm.spool, 0) == []


def test_recorded_mails_a_players_marked_by_his_filter_and_a_vacation_reply(tmp_path: Path) -> None:
    """The kept mails of real clients (tests/mail/clients/fixtures): Alice's mutt reply with
    her orders, which a filter of hers marked ``Precedence: bulk`` on its way out, is set
    aside and shown; the recorded vacation reply quoting her report is only counted."""
    table = Table(tmp_path)
    fixtures = Path(__file__).resolve().parent / "clients" / "fixtures"
    table.deliver((fixtures / "vacation-auto-submitted.eml").read_bytes())
    table.deliver(b"Precedence: bulk\n" + (fixtures / "mutt-top.eml").read_bytes())
    polled = table.poll()
    assert polled.startswith("filed 0, rejected 2,")
    assert "rejected: not for us (Auto-Submitted: auto-replied (vacation))\n" in polled
    assert "SET ASIDE: the orders of kao player 1 Alice, with the right code" in polled
    assert table.orders(1) is None
    status = CliRunner().invoke(main, ["--config", str(table.config), "status"]).stdout
    lines = status.splitlines()
    (at,) = [n for n, line in enumerate(lines) if line.startswith("  kao player")]
    assert lines[at] == "  kao player 1 Alice: Precedence: bulk; kept in"
    assert Path(lines[at + 1].strip()).read_bytes().startswith(b"Precedence: bulk\n")


def test_status_breaks_the_longest_header_set_aside_and_keeps_the_path_whole(
    tmp_path: Path,
) -> None:
    """`wtg status` printed a mail set aside on one line: the header (up to 200 characters),
    the game, the seat and the path, some 320 columns the terminal wrapped anywhere, the
    path among them. The header now goes to 78 columns, the path whole on its own line."""
    games = tmp_path / "games"
    games.mkdir()
    archive = games / ".mail" / "archive" / "2026-12" / f"maildir-1796453191.M1258P{'9' * 60}.eml"
    why = "List-Id: " + "n" * (WHY_SHOWN - 9)
    journal = Journal(games / ".mail")
    journal.set_aside("maildir:k", "g1", "2 Bartholomew", why, str(archive), time.time())
    journal.commit()
    journal.close()
    said = CliRunner().invoke(main, ["--games-dir", str(games), "status"]).stdout.splitlines()
    at = next(n for n, line in enumerate(said) if line.startswith("  g1 player 2"))
    shown = said[at:]
    assert shown[-1] == f"    {archive}" and len(shown) == 5, shown
    assert [line for line in shown[:-1] if len(line) > 78] == []
    joined = "".join(line.strip() for line in shown[:-1]).replace(" ", "")
    assert joined == f"g1player2Bartholomew:{why};keptin".replace(" ", "")  # all, in order
