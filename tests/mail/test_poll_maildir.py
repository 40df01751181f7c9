"""`wtg poll` on the maildir transport: filing orders and every kind of answer."""

from __future__ import annotations

import email
import email.policy
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.mail.loop import NOW, World
from tests.shipped import WOK4
from wtg.game.arrivalkey import arrival_key
from wtg.gm.gamestatus import game_status


def body_of(raw: bytes) -> str:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def test_an_order_mail_is_filed_and_confirmed(tmp_path: Path) -> None:
    world = World(tmp_path)
    home = next(p.id for p in world.game.typed(WOK4).state().provinces if p.owner == 1)
    world.mail("My orders:\n" + world.aof(1, G1=f"{home} 5", A1=f"{home} 99 010", R1="1"))
    summary = world.poll()
    assert (summary.seen, summary.filed) == (1, 1)
    status = game_status(world.game)
    assert status["players"][0]["orders"] and not status["players"][0]["ready"]  # A1 rejected
    assert status["players"][0]["received"] is not None
    ((ident, raw),) = world.outbox().items()
    assert ident.startswith("conf-")
    text = body_of(raw)
    assert "REJECTED A1" in text and "there is no province 99" in text
    assert f"ok G1: {home} 5" in text
    assert "READY was not kept: 1 other line was rejected. Correct it" in text
    assert "FORECAST" in text and "TECH" in text
    assert "CODE0001" not in text and "CO******" in text
    assert "Mon 23 Nov 2026 18:00 UTC" in text
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert msg["To"] == "p1@players.example"
    assert msg["Auto-Submitted"] == "auto-replied" and msg["X-Loop"] == "gm@wtg.example"
    assert msg["In-Reply-To"] == "<m1@players.example>"
    archived = list((world.gm.spool / "archive").rglob("*.eml"))
    assert len(archived) == 1 and b"My orders" in archived[0].read_bytes()
    processed = world.gm.maildir_in / ".processed" / "cur"
    assert len(list(processed.iterdir())) == 1
    assert not list((world.gm.maildir_in / "new").iterdir())


def test_ready_with_only_rejected_lines_says_ready_was_not_kept(tmp_path: Path) -> None:
    """Orders on file, then a form whose one order line is rejected, with READY: nothing
    is filed, and the answer says READY was not kept (not only "ok R1: 1")."""
    world = World(tmp_path)
    home = next(p.id for p in world.game.typed(WOK4).state().provinces if p.owner == 1)
    world.mail(world.aof(1, G1=f"{home} 5"))
    world.poll()
    world.mail(world.aof(1, A1=f"{home} 99 010", R1="1"))
    world.poll()
    assert not game_status(world.game)["players"][0]["ready"]
    bodies = [" ".join(body_of(raw).split()) for raw in world.outbox().values()]  # wrapped
    (text,) = [b for b in bodies if "none of the order lines in your mail could be" in b]
    assert "READY was not kept: 1 other line was rejected. Correct it" in text


def test_bare_lines_above_the_quoted_report_never_vanish(tmp_path: Path) -> None:
    """A line written like an order line never vanishes without a word, typed above the
    quoted report too: `N2: ...` (a letter the form has not) is rejected with the letters
    it has, `G1- ...` and `T1=...` are read as `G1` and `T1` (both were dropped without a
    word, and the rest of the mail filed as if they had not been written); prose stays
    prose."""
    world = World(tmp_path)
    home = next(p.id for p in world.game.typed(WOK4).state().provinces if p.owner == 1)
    quoted = "\n".join("> " + line for line in world.aof(1).splitlines())
    typed = ["N2: 07 06 020", f"G1- {home} 5", f"T1={home} 1 10", "X1: 100", "N2 is what I meant"]
    world.mail("\n".join([*typed, "", "On Monday, the GM wrote:", quoted]))
    assert world.poll().filed == 1
    (raw,) = world.outbox().values()
    text = body_of(raw)
    assert "line 1: REJECTED N2: 07 06 020: the form has no N lines (its lines start\n" in text
    assert f"line 2: ok G1- {home} 5" in text and f"line 3: ok T1={home} 1 10" in text
    assert "line 4: ok X1: 100" in text and "line 5" not in text


def test_the_later_mail_wins_by_arrival_not_by_date_header(tmp_path: Path) -> None:
    world = World(tmp_path)
    first = world.mail(world.aof(1, X1="100"), Date="Wed, 25 Nov 2026 10:00:00 +0000")
    world.mail(world.aof(1, X1="150"), Date="Mon, 01 Jan 2024 10:00:00 +0000")
    # the server got them in this order (file times), whatever the senders wrote
    for offset, key in ((1, first),):
        path = next((world.gm.maildir_in / "new").glob(f"{key}*"))
        stamp = path.stat().st_mtime - offset
        import os

        os.utime(path, (stamp, stamp))
    world.poll()
    stored = world.game.store.pending_orders(1)[1].read_text()
    assert "150" in stored and "100" not in stored


def test_an_older_mail_polled_later_does_not_replace_newer_orders(tmp_path: Path) -> None:
    world = World(tmp_path)
    # on file as arrived minutes after the mail (a server's clock may run that far ahead of
    # the host's; orders on file said to have arrived later still are those of a clock
    # set back since: tests/test_clock_set_back.py)
    later = datetime.now(timezone.utc) + timedelta(minutes=5)
    world.game.submit(world.aof(1, X1="150"), received=NOW, order_key=arrival_key(later, "z"))
    world.mail(world.aof(1, X1="100"))
    world.poll()
    assert "150" in world.game.store.pending_orders(1)[1].read_text()
    (raw,) = world.outbox().values()
    assert "NOT stored" in body_of(raw)


def test_a_second_poll_handles_nothing_twice(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    world.poll()
    again = world.poll()
    assert again.seen == 0
    assert len(world.outbox()) == 1


def test_a_copy_with_the_same_message_id_is_filed_once(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"), Message_ID="<same@players.example>")
    world.mail(world.aof(1, X1="100"), Message_ID="<same@players.example>")  # delivered twice
    summary = world.poll()
    assert (summary.filed, summary.ignored) == (1, 1)
    assert "100" in world.game.store.pending_orders(1)[1].read_text()
    assert len(world.outbox()) == 1


def test_no_form_from_a_player_gets_help_with_the_blank_form(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail("How do I play?", sender="Player 2 <p2@players.example>")
    world.mail("Buy cheap watches", sender="spam@elsewhere.example")
    summary = world.poll()
    assert summary.seen == 2
    answers = world.outbox()
    (ident,) = [ident for ident in answers if ident.startswith("help-")]
    text = body_of(answers[ident])
    assert "holds no order form" in text and "PLAYER: 2  CODE: CODE0002" in text
    # the stranger gets the host's HELP (issue 25, item 16), under the budget of strangers
    (other,) = [raw for i, raw in answers.items() if i != ident]
    assert "JOIN <ruleset> [<variant>] [AS <name>]" in body_of(other)


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto_Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"List_Id": "<players.lists.example>"},
        {"X_Loop": "gm@wtg.example"},
        {"Return_Path": "<>"},
    ],
)
def test_never_answer_robots_lists_or_bounces(tmp_path: Path, headers: dict[str, str]) -> None:
    world = World(tmp_path)
    world.mail("I am away until Monday.\n" + world.aof(1), **headers)
    summary = world.poll()
    assert (summary.rejected, summary.filed) == (1, 0)
    assert world.outbox() == {}
    assert not world.game.store.pending_orders(1)
    assert len(list((world.gm.maildir_in / ".rejected" / "cur").iterdir())) == 1


def test_mailer_daemon_is_never_answered(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail("Delivery failed", sender="MAILER-DAEMON@mx.players.example")
    assert world.poll().rejected == 1
    assert world.outbox() == {}


def test_a_wrong_code_reveals_nothing_and_warns_the_player(tmp_path: Path) -> None:
    world = World(tmp_path)
    forged = world.aof(3, X1="100").replace("CODE0003", "GUESS123")
    world.mail(forged, sender="p1@players.example")
    summary = world.poll()
    assert summary.rejected == 1
    assert not world.game.store.pending_orders(1)
    mails = {ident.split("-")[0]: body_of(raw) for ident, raw in world.outbox().items()}
    assert set(mails) == {"wrongcode", "rejected"}
    assert "came in from another address" in " ".join(mails["wrongcode"].split())
    assert mails["rejected"].strip() == (
        "Your mail to the turn generator could not be accepted.\nNothing was stored."
    )
    notice = next(raw for ident, raw in world.outbox().items() if ident.startswith("wrong"))
    assert email.message_from_bytes(notice)["To"] == "p3@players.example"


def test_a_wrong_code_notice_names_no_address(tmp_path: Path) -> None:
    """Issue 25, item 9: player 1 mistypes PLAYER: (3 for 1): player 3 is told someone
    tried, and not player 1's address, which he was never given; nor a stranger's (whose
    form, from another address too, is told with the first: one such notice a day). A
    wrong code from player 3's own address is said to be from it."""
    world = World(tmp_path, replies_per_hour=10)
    form = world.aof(3, X1="100")
    world.mail(form.replace("CODE0003", "CODE0001"), sender="p1@players.example")
    world.mail(form.replace("CODE0003", "GUESS123"), sender="x@else.example")
    world.mail(form.replace("CODE0003", "CODE0033"), sender="p3@players.example")
    assert world.poll().rejected == 3
    notices = [body_of(raw) for ident, raw in world.outbox().items() if ident.startswith("wrong")]
    assert len(notices) == 2
    assert [n for n in notices if "@" in n] == []
    said = [" ".join(n.split()) for n in notices]  # its sentences wrapped
    assert sorted(n.split("came in ", 1)[1].split(" with", 1)[0] for n in said) == [
        "from another address",
        "from your own address",
    ]


def test_an_oversized_mail_is_rejected_unread(tmp_path: Path) -> None:
    """Rejected, not parsed; its header (all that is read of it) tells who sent it, and a
    player is told why; a robot's big mail gets no answer."""
    world = World(tmp_path, max_bytes=2000)
    world.mail(world.aof(1, X1="100") + "x" * 5000, Subject="my orders, with a photo")
    world.mail("x" * 5000, sender="p2@players.example", Auto_Submitted="auto-replied")
    summary = world.poll()
    assert summary.rejected == 2 and not world.game.store.pending_orders(1)
    archived = sorted(p.read_bytes() for p in (world.gm.spool / "archive").rglob("*.eml"))
    assert all(b"(too big: the body was not fetched)" in a for a in archived)
    assert any(b"Subject: my orders, with a photo" in a for a in archived)
    assert not any(b"X1:" in a or b"xxxx" in a for a in archived)  # the body was never read
    ((ident, raw),) = world.outbox().items()
    assert ident.startswith("rejected-")
    assert email.message_from_bytes(raw)["To"] == "p1@players.example"
    assert "over the limit of 2000: send your form or commands again as plain text" in " ".join(
        body_of(raw).split()
    )


def test_replies_are_capped_per_sender_and_hour(tmp_path: Path) -> None:
    world = World(tmp_path, replies_per_hour=3)
    for _ in range(5):
        world.mail("hello?", sender="p2@players.example")
    world.poll()
    assert len(world.outbox()) == 3
    for _ in range(2):
        world.mail("hello again?", sender="p2@players.example")
    world.poll(NOW + timedelta(hours=2))
    assert len(world.outbox()) == 5


def test_orders_for_the_wrong_turn_are_refused_with_the_reason(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100").replace("TURN: 1", "TURN: 7"))
    assert world.poll().rejected == 1
    (raw,) = world.outbox().values()
    assert "the game expects turn 1" in body_of(raw)


def test_answers_to_a_player_with_a_non_ascii_name_keep_the_address(tmp_path: Path) -> None:
    from datetime import datetime, timezone

    from wtg.mail.outgoing.compose import POLICY, message

    msg = message(
        "x",
        "Spielleiter Jürgen <gm@wtg.example>",
        "Jörg Müller <joerg@players.example>",
        "Grüße",
        "Hallo Jörg",
        when=datetime(2026, 1, 1, tzinfo=timezone.utc),
    )
    parsed = email.message_from_bytes(msg.as_bytes(policy=POLICY), policy=email.policy.default)
    assert parsed["To"].addresses[0].addr_spec == "joerg@players.example"
    assert parsed["To"].addresses[0].display_name == "Jörg Müller"
    assert parsed["From"].addresses[0].addr_spec == "gm@wtg.example"
    assert parsed["Subject"] == "Grüße"
    assert body_of(msg.as_bytes(policy=POLICY)) == "Hallo Jörg"


def test_a_torn_archive_copy_is_written_again_whole(tmp_path: Path) -> None:
    """The raw mail's archive copy is written in place (no temporary file): a poll killed
    while writing it leaves a torn copy, and the mail in the inbox, unjournaled. The next
    poll handles the mail again and writes the copy whole, and private."""
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100"))
    (path,) = (world.gm.maildir_in / "new").iterdir()
    raw = path.read_bytes()
    month = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).strftime("%Y-%m")
    folder = world.gm.spool / "archive" / month
    folder.mkdir(parents=True)
    torn = folder / ("maildir-" + path.name.split(":")[0] + ".eml")
    torn.write_bytes(raw[: len(raw) // 3])
    torn.chmod(0o644)
    summary = world.poll()
    assert (summary.seen, summary.filed) == (1, 1)
    assert torn.read_bytes() == raw
    assert torn.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in folder.iterdir()] == [torn.name]


@pytest.mark.parametrize(
    ("zone", "shown"),
    [
        ("Europe/Vienna", "deadline, Mon 23 Nov 2026 18:00 Europe/Vienna (17:00 UTC)"),
        ("UTC", "deadline, Mon 23 Nov 2026 18:00 UTC"),
        (None, "The turn runs once every player is READY, or when the game master runs it."),
    ],
)
def test_each_confirmation_shows_the_games_deadline(
    tmp_path: Path, zone: str | None, shown: str
) -> None:
    """The deadline's text is made once for a game's mails (and a game without a schedule
    shows none, and says the turn runs once all are READY, as `run-turn --due` runs it and
    LIST promises): every player's confirmation shows it, in the game's time zone."""

    class Zoned(World):
        pass

    Zoned.zone = zone
    world = Zoned(tmp_path)
    for player in (1, 2, 3):
        world.mail(world.aof(player, X1="100"), sender=f"p{player}@players.example")
    assert world.poll().filed == 3
    bodies = [body_of(raw).replace("\n", " ") for raw in world.outbox().values()]
    assert len(bodies) == 3 and all(shown in body for body in bodies)
    until = "the deadline" if zone else "the turn runs"  # a game without one has none
    assert all(f"a later mail before {until} replaces it" in body for body in bodies)
