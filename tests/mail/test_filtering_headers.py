"""Issue 28, part 3 ("Mail that filters well"): every mail wtg sends, of every kind the demo
and the mail loop make, carries the List-Id of the game it is about (RFC 2919), the
Auto-Submitted of its kind (RFC 3834: ``auto-replied`` for an answer to a mail,
``auto-generated`` for the rest), a Message-ID of the GM's domain (the config's ``from``),
and a plain-text part first."""

from __future__ import annotations

import email
import email.policy
from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World
from wtg.cli.demo import GM, run_demo
from wtg.game.hold import Hold
from wtg.gm.extension import Extension
from wtg.host.announcement import Announcement
from wtg.mail.outgoing.digest import queue_digest
from wtg.mail.outgoing.listid import label
from wtg.mail.outgoing.notices import Notices
from wtg.mail.outgoing.pictures import map_drawing
from wtg.mail.outgoing.sender import remind, send
from wtg.mail.servers.transport import delivered

REPLIED = ("conf", "rejected", "wrongcode", "unchanged", "help", "held", "cmd")
"""The outbox ids' first words of the answers to a mail: ``auto-replied``."""
GENERATED = ("report", "press", "remind", "digest", "announce", "hold", "release", "extend")
"""... and of the mail made on the host's own (a turn, a clock, the GM): ``auto-generated``."""


def rules_broken(name: str, raw: bytes, domain: str, games: set[str]) -> list[str]:
    """What is wrong with the mail under outbox id ``name``, by the four rules; a mail whose
    subject begins with ``[game]`` is that game's."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    broken = []
    word = name.split("-", 1)[0]
    kind = "auto-replied" if word in REPLIED else "auto-generated" if word in GENERATED else "?"
    if str(msg["Auto-Submitted"]) != kind:
        broken.append(f"Auto-Submitted: {msg['Auto-Submitted']} (a {word} is {kind})")
    if not str(msg["Message-ID"]).endswith(f"@{domain}>"):
        broken.append(f"Message-ID: {msg['Message-ID']} (not of {domain})")
    subject = str(msg["Subject"])
    game = subject[1:].partition("]")[0] if subject.startswith("[") else None
    list_ids = [str(value) for value in msg.get_all("List-Id", [])]
    listed = {f"<{label(g)}.{domain}>": g for g in games}
    if game is not None and not any(
        value.endswith(f"<{label(game)}.{domain}>") for value in list_ids
    ):
        broken.append(f"List-Id: {list_ids} (not of game {game})")
    for value in list_ids:
        ident = value[value.rfind("<") :]
        if ident not in listed or not value.startswith(f'"{listed[ident]}" '):
            broken.append(f"List-Id: {value} (no game's of this host)")
    if len(list_ids) > 1:
        broken.append(f"List-Id: {list_ids} (more than one)")
    leaves = [part.get_content_type() for part in msg.walk() if not part.is_multipart()]
    if leaves[0] != "text/plain":
        broken.append(f"parts: {leaves} (not plain text first)")
    return broken


def mails_of(folders: list[Path]) -> dict[str, bytes]:
    """Every mail in the outbox's queue and the maildir the transport delivered to, by its
    outbox id."""
    found: dict[str, bytes] = {}
    for folder in folders:
        if folder.name == "queue":
            found |= {p.stem: p.read_bytes() for p in sorted(folder.glob("*.eml"))}
        else:
            found |= {p.name: p.read_bytes() for p in delivered(folder)}
    return found


def test_every_mail_of_the_demo_filters_well(tmp_path: Path) -> None:
    run_demo(tmp_path / "demo", 1, 5, lambda _line: None)
    spool = tmp_path / "demo" / "games" / ".mail"
    mails = mails_of([spool / "maildir-out", spool / "outbox" / "queue"])
    domain = GM.rpartition("@")[2].rstrip(">")
    assert domain == "kaomaris.example"

    kinds = {name.split("-", 1)[0] for name in mails}
    assert kinds == {"report", "conf"}
    multipart = [n for n, raw in mails.items() if b"multipart/mixed" in raw.split(b"\r\n\r\n")[0]]
    assert len(multipart) == 30  # the reports and the confirmations, a map after the text
    broken = {
        name: rules
        for name, raw in mails.items()
        if (rules := rules_broken(name, raw, domain, {"demo"}))
    }
    assert broken == {}


def test_every_kind_of_mail_of_the_mail_loop_filters_well(tmp_path: Path) -> None:
    world = World(tmp_path)
    game = world.game
    world.mail(world.aof(1), sender="p1@players.example")  # a confirmation
    world.mail(world.aof(2).replace("CODE0002", "CODE9999"))  # a wrong code: two mails
    world.mail("Where is my form?", sender="p3@players.example")  # the help
    world.mail("LIST", sender="stranger@elsewhere.example")  # a command of a stranger
    world.mail("REPORT g1 0\nCODE CODE0004", sender="p4@players.example")  # a command's answer
    world.mail(world.aof(4).replace("g1", "nosuchgame"), sender="p4@players.example")  # held
    summary = world.poll()
    assert summary.seen == 6

    notices = Notices(world.gm.spool, world.gm.sender, NOW)
    notices.held(game, Hold(since="2026-11-22T12:00:00Z", reason="a holiday"))
    notices.released(game, Hold("2026-11-22T12:00:00Z", "a holiday", "2026-11-22T12:30:00Z"))
    deadline = game.deadline()
    assert deadline is not None
    moved = deadline + timedelta(hours=24)
    notices.extended(
        game,
        Extension(
            1,
            f"{deadline:%Y-%m-%dT%H:%M:%SZ}",
            f"{moved:%Y-%m-%dT%H:%M:%SZ}",
            f"{NOW:%Y-%m-%dT%H:%M:%SZ}",
            24,
        ),
    )
    notices.announce(
        [game], Announcement("k1", f"{NOW:%Y-%m-%dT%H:%M:%SZ}", "g1", "Hello", ("g1",))
    )
    queue_digest(world.gm.spool, world.gm.sender, world.gm.sender, "all is well", NOW)
    assert remind(world.gm, deadline - timedelta(hours=2)).queued == 3
    send(world.gm, now=NOW, picture=map_drawing())

    mails = mails_of([world.gm.maildir_out, world.gm.spool / "outbox" / "queue"])
    kinds = {name.split("-", 1)[0] for name in mails}
    assert kinds == {
        "conf",
        "rejected",
        "wrongcode",
        "help",
        "cmd",
        "held",
        "hold",
        "release",
        "extend",
        "announce",
        "digest",
        "remind",
        "report",
    }
    pictured = [n for n, raw in mails.items() if b"image/png" in raw]
    assert pictured and all(n.startswith(("report-", "conf-")) for n in pictured)
    broken = {
        name: rules
        for name, raw in mails.items()
        if (rules := rules_broken(name, raw, "wtg.example", {"g1"}))
    }
    assert broken == {}


def test_a_game_with_a_name_of_spaces_and_accents_has_a_list_id_of_plain_letters() -> None:
    from wtg.mail.outgoing.listid import list_id

    assert label("Mordor") == "mordor"
    assert label("mordor-1") == "mordor-1"
    assert label("Mordor 1") == "mordor-1-" + label("Mordor 1").rsplit("-", 1)[1]
    assert label("Mordor 1") != label("mordor-1")
    assert label("Mörder Spiel").startswith("morder-spiel-")
    assert label("東京").startswith("game-")
    assert list_id("Mörder Spiel", "xn--bcher-kva.example") == (
        "=?utf-8?q?M=C3=B6rder_Spiel?= <" + label("Mörder Spiel") + ".xn--bcher-kva.example>"
    )


def test_the_message_ids_and_list_ids_of_a_gm_with_a_unicode_domain_are_its_ascii_form(
    tmp_path: Path,
) -> None:
    """`from: gm@bücher.example` made Message-IDs `@bcher.example`: a domain nobody owns."""
    world = World(tmp_path)
    world.gm = world.gm.__class__(**{**world.gm.__dict__, "sender": "GM <gm@bücher.example>"})
    send(world.gm, now=NOW)
    mails = mails_of([world.gm.maildir_out])
    assert len(mails) == 4
    for name, raw in mails.items():
        assert rules_broken(name, raw, "xn--bcher-kva.example", {"g1"}) == []


def test_a_forward_that_kept_our_list_id_is_a_players_mail(tmp_path: Path) -> None:
    """noreply.py takes a mail with a List-Id for a mailing list's, never answered. A player's
    reply to a report keeps none; a forward or a redirect may keep it, and must not make his
    orders ignored. A real list's List-Id still is a list's."""
    world = World(tmp_path)
    ours = '"g1" <g1.wtg.example>'
    world.mail(world.aof(1), sender="p1@players.example", List_Id=ours)
    world.mail(world.aof(2), sender="p2@players.example", In_Reply_To="<report-g1@wtg.example>")
    world.mail(world.aof(3), sender="p3@players.example", List_Id="<games.lists.example>")
    summary = world.poll()
    assert [event.text() for event in summary.events] == [
        "stored: g1 turn 1 player 1",
        "stored: g1 turn 1 player 2",
        "rejected: not for us (a mailing list message (List-Id))",
    ]
