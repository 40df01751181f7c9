"""Orders a GM can trust: no stranger files orders, no reply shape loses them, no mail
halts the poll. Each case is a mail a hostile or careless world really sends."""

from __future__ import annotations

import email.policy
import itertools
import json
import re
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.mail.loop import GM, NOW, World
from tests.mail.replies import bottom_posted, filled_in_quote, quoted, top_posted
from tests.mail.test_poll_maildir import body_of
from wtg.cli import main
from wtg.core.ruleset import SeatId
from wtg.game.orderfiles import read_order_file
from wtg.host.due import run_due
from wtg.mail.poll.poller import Poller
from wtg.mail.spool.outcome import Outcome

SHOWN = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC"
"""A moment as the answers show one (`2026-11-22 12:00:00 UTC`)."""


def on_file(world: World, player: int = 1) -> dict[str, Any] | None:
    """The orders on file for turn 1, without player/turn; None when none are."""
    path = world.game.store.pending_orders(1).get(player)
    if path is None:
        return None
    _text, data = read_order_file(path)
    assert isinstance(data, dict)
    return {k: v for k, v in data.items() if k not in ("player", "turn")}


def ready(world: World, player: int = 1) -> bool:
    return bool(world.game.store.pending_meta(1, player).get("ready"))


def answers(world: World, mail: str | None = None) -> dict[str, str]:
    """The queued answers (to ``mail`` only, when given) by kind (conf, unchanged, ...)."""
    found: dict[str, str] = {}
    for ident, raw in world.outbox().items():
        if mail is None or mail in ident:
            found[ident.split("-")[0]] = body_of(raw)
    return found


def good_orders_on_file(world: World) -> dict[str, Any]:
    """Player 1 files good orders, READY, by mail; the outbox is emptied after."""
    world.mail(world.aof(1, X1="100", R1="1"))
    assert world.poll().filed == 1
    for path in (world.gm.spool / "outbox" / "queue").glob("*"):
        path.unlink()
    orders = on_file(world)
    assert orders == {"trade": [100], "ready": True}
    return orders


def mail_with(world: World, build: Any, sender: str = "p1@players.example") -> str:
    """Drop a mail built by ``build(msg)`` (an EmailMessage with From/To/Subject set)."""
    world.count += 1
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = GM
    msg["Subject"] = "Re: [g1] turn 0 report"
    msg["Message-ID"] = f"<t{world.count}@players.example>"
    build(msg)
    return str(world.inbox.add(msg))


# --- one door ------------------------------------------------------------------------------
STRANGER_YAML = "player: {player}\nturn: 1\ntrade: [150, 200]\nready: true\n"


@pytest.mark.parametrize(
    "head",
    [
        "# === begin aof ===\n",  # the marker in another case: the YAML route, before
        "#  ===  BEGIN  AOF  ===\n",
        "game: g1\n",
        "game: g1\ncode: GUESS123\n",
    ],
)
def test_a_stranger_cannot_file_orders_as_an_order_file(tmp_path: Path, head: str) -> None:
    """Before: the YAML route checked no code; a stranger replaced player 1's orders, set
    READY for player 2 and so made the turn run before its deadline."""
    world = World(tmp_path, count=2)
    good = good_orders_on_file(world)
    for player in (1, 2):
        world.mail(head + STRANGER_YAML.format(player=player), sender="mallory@elsewhere.example")
    summary = world.poll()
    if head == "game: g1\n":  # no form, no code, no command: the stranger gets the HELP
        assert [text for _k, text in summary.outcomes] == ["answered: HELP (no command found)"] * 2
    else:
        assert (summary.filed, summary.rejected) == (0, 2)
    assert on_file(world, 1) == good and on_file(world, 2) is None
    assert list(run_due(world.gm, NOW)) == []  # not due: player 2 has sent nothing


def test_a_stranger_cannot_file_orders_as_an_attached_order_file(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail(world.aof(1, X1="100"))
    world.poll()

    def attach(msg: EmailMessage) -> None:
        msg.set_content("orders attached")
        text = "game: g1\n" + STRANGER_YAML.format(player=1)
        msg.add_attachment(text.encode(), "text", "plain", filename="orders.yaml")

    mail_with(world, attach, sender="mallory@elsewhere.example")
    summary = world.poll()
    assert (summary.filed, summary.outcomes[0][1]) == (0, "answered: HELP (no command found)")
    assert on_file(world) == {"trade": [100]}


def test_an_order_file_with_the_players_code_is_filed(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail("game: g1\ncode: code0001\nplayer: 1\nturn: 1\ntrade: [150]\n")
    assert world.poll().filed == 1
    assert on_file(world) == {"trade": [150]}


def test_a_wrong_code_in_an_order_file_warns_the_player(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    forged = "game: g1\ncode: CODE0002\n" + STRANGER_YAML.format(player=1)
    world.mail(forged, sender="p2@players.example")
    assert world.poll().rejected == 1
    assert on_file(world) is None
    notice = next(raw for ident, raw in world.outbox().items() if ident.startswith("wrongcode"))
    assert email.message_from_bytes(notice)["To"] == "p1@players.example"


# --- no mail halts the poll ------------------------------------------------------------------
def test_a_mail_whose_handling_fails_is_quarantined_and_the_poll_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World(tmp_path, count=2)
    poison = world.mail("GAME: g1 and a body that trips a bug")
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    original = Poller.handle

    def failing(self: Poller, message: Any) -> Outcome:
        if message.key == f"maildir:{poison}":
            raise RecursionError("maximum recursion depth exceeded")
        return original(self, message)

    monkeypatch.setattr(Poller, "handle", failing)
    summary = world.poll()
    assert (summary.filed, summary.quarantined) == (1, 1)
    assert on_file(world, 2) == {"trade": [100]}
    assert len(list((world.gm.maildir_in / ".rejected" / "cur").iterdir())) == 1
    (archived,) = (world.gm.spool / "archive").glob(f"*/maildir-{poison}.eml")
    assert re.fullmatch(r"[0-9]{4}-[0-9]{2}", archived.parent.name)  # the month it came
    assert b"trips a bug" in archived.read_bytes()
    assert world.poll().seen == 0  # never fetched again
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["status", str(world.game.store.root), "--json"])
    data = json.loads(result.output)
    assert data["quarantined"] == 1
    (entry,) = data["quarantine"]
    assert entry == {
        "archive": str(archived),
        "reason": "RecursionError: maximum recursion depth exceeded",
        "key": f"maildir:{poison}",
        "at": entry["at"],
        "player": False,  # its address not read: the handling was stopped
    }
    assert isinstance(entry["at"], float)
    every = CliRunner().invoke(main, ["--config", str(config), "status", "--json"])
    listing = json.loads(every.output)
    assert listing["quarantined"] == 1 and listing["games"][0]["quarantined"] == 1
    text = CliRunner().invoke(main, ["status", str(world.game.store.root)]).output
    assert f"1 mail quarantined (the poll could not handle them):\n  {archived}\n    Rec" in text
    listed = CliRunner().invoke(main, ["--config", str(config), "quarantine"]).output
    reason = "RecursionError: maximum recursion depth exceeded"
    assert listed == f"maildir:{poison}  game g1\n    {archived}\n      {reason}\n"
    forget = ["--config", str(config), "quarantine", "--forget", f"maildir:{poison}"]
    assert CliRunner().invoke(main, forget).output == "1 record dropped\n"
    after = CliRunner().invoke(main, ["status", str(world.game.store.root), "--json"])
    assert json.loads(after.output)["quarantined"] == 0
    assert archived.is_file()  # the message itself stays in the archive


def nested(msg: EmailMessage, depth: int = 1000) -> None:
    boundary = [f"b{i}" for i in range(depth)]
    body = "".join(
        f"--{b}\nContent-Type: multipart/mixed; boundary={n}\n\n"
        for b, n in itertools.pairwise(boundary)
    )
    msg["Content-Type"] = f"multipart/mixed; boundary={boundary[0]}"
    msg.set_payload(body + "".join(f"--{b}--\n" for b in reversed(boundary)))


def superscript(msg: EmailMessage) -> None:
    msg.set_content(
        "=== BEGIN AOF ===\nGAME: g1  TURN: 1  PLAYER: \u00b9  CODE: CODE0001\nX1: 100\n"
    )


@pytest.mark.parametrize("build", [nested, superscript])
def test_no_single_mail_stops_the_poll(tmp_path: Path, build: Any) -> None:
    """Before: each of these raised out of the poll, and the same mail was fetched first
    again at every poll, so every game behind it waited."""
    world = World(tmp_path, count=2)
    mail_with(world, build)
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    summary = world.poll()
    assert summary.seen == 2 and summary.filed == 1
    assert on_file(world, 2) == {"trade": [100]}
    assert world.poll().seen == 0


# --- every reply shape keeps the player's orders -----------------------------------------
SHAPES = ["bottom", "bottom, bar quote", "top", "in the quote", "in a | quote", "nested quote"]


@pytest.mark.parametrize("shape", SHAPES)
def test_every_reply_shape_files_exactly_the_orders_written(tmp_path: Path, shape: str) -> None:
    """Before: bottom-posting wiped the player's good orders and dropped READY (the quoted
    blank form came first); a ``| `` quote was not read at all."""
    world = World(tmp_path, count=2)
    good_orders_on_file(world)
    report = world.game.report(1)
    mine = world.aof(1, X1="150", X2="200", R1="1")
    body = {
        "bottom": lambda: bottom_posted(report, mine),
        "bottom, bar quote": lambda: bottom_posted(report, mine, prefix="| "),
        "top": lambda: top_posted(report, mine),
        "in the quote": lambda: filled_in_quote(report, {"X1": "150", "X2": "200", "R1": "1"}),
        "in a | quote": lambda: filled_in_quote(
            report, {"X1": "150", "X2": "200", "R1": "1"}, prefix="| "
        ),
        "nested quote": lambda: (
            "I forward it again:\n"
            + quoted(filled_in_quote(report, {"X1": "150", "X2": "200", "R1": "1"}))
        ),
    }[shape]()
    world.mail(body)
    assert world.poll().filed == 1
    assert on_file(world) == {"trade": [150, 200], "ready": True}
    assert "(2 accepted" not in answers(world)["conf"]  # READY counts as a line: 3 accepted
    assert "WHAT WAS UNDERSTOOD (3 accepted, 0 rejected)" in answers(world)["conf"]


def test_order_lines_typed_above_the_quote_take_the_quoted_header(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    report = world.game.report(1)
    world.mail(top_posted(report, "Hi GM,\n\nX1: 150\nR1: 1\n\nthanks, Alice"))
    assert world.poll().filed == 1
    assert on_file(world) == {"trade": [150], "ready": True}
    conf = answers(world)["conf"]
    assert "line 3: ok X1: 150" in conf and "line 4: ok R1: 1" in conf


def test_order_lines_typed_below_the_quote_take_the_quoted_header(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    report = world.game.report(1)
    world.mail(bottom_posted(report, "X1: 150\nR1: 1\n\n-- \nAlice"))
    assert world.poll().filed == 1
    assert on_file(world) == {"trade": [150], "ready": True}


def test_an_aof_attached_under_a_quoted_report_is_the_one_filed(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    good_orders_on_file(world)
    report = world.game.report(1)

    def attach(msg: EmailMessage) -> None:
        msg.set_content(f"Orders attached, see below.\n\n{quoted(report)}")
        msg.add_attachment(world.aof(1, X1="250").encode(), "text", "plain", filename="aof.txt")

    mail_with(world, attach)
    assert world.poll().filed == 1
    assert on_file(world) == {"trade": [250]}


def test_a_vacation_reply_quoting_the_report_leaves_the_orders_as_they_are(
    tmp_path: Path,
) -> None:
    """An autoresponder without Auto-Submitted (many are) that quotes the report."""
    world = World(tmp_path, count=2)
    good_orders_on_file(world)
    report = world.game.report(1)
    world.mail(
        "I am on holiday until 5 December and read no mail.\n\n" + quoted(report),
        Subject="Out of office: [g1] turn 0 report",
    )
    summary = world.poll()
    assert (summary.filed, summary.ignored) == (0, 1)
    assert on_file(world) == {"trade": [100], "ready": True} and ready(world)
    (text,) = answers(world).values()
    assert "reached the turn generator: no orders found in your mail." in " ".join(text.split())
    # the time as every other answer shows one, not as the files keep it (ISO)
    assert re.search(rf"Your orders of {SHOWN} \(server time\) still stand\.", text)


def test_a_reply_without_orders_and_nothing_on_file_stores_nothing(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail("Thanks!\n\n" + quoted(world.game.report(1)))
    assert world.poll().ignored == 1
    assert on_file(world) is None
    assert "You have no orders on file for turn 1 yet." in answers(world)["unchanged"]


def test_a_form_with_only_ready_marks_the_orders_on_file_ready(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail(world.aof(1, X1="100"))
    world.poll()
    assert not ready(world)
    second = world.mail(world.aof(1, R1="1"))
    assert world.poll().filed == 1
    assert on_file(world) == {"trade": [100], "ready": True} and ready(world)
    assert re.search(
        rf"orders of {SHOWN} stand, now marked READY\.", answers(world, second)["conf"]
    )


def test_a_duel_mail_for_one_colour_leaves_the_others_as_they_were(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=("standard", "classic60", {}), variant="duel")
    colours = world.game.ruleset.sides_of(world.game.state(), SeatId(1))
    forms = world.game.aof(1).replace("R1: _", "R1: 1")
    world.mail(forms)
    world.poll()
    before = {c: on_file(world, c) for c in colours}
    assert all(orders == {"ready": True} for orders in before.values())
    report = world.game.report(1)
    blank_first = world.game.aof(1).split("=== END AOF ===")[0]
    mine = blank_first.replace("R1: _", "R1: 0") + "=== END AOF ===\n"
    world.mail(bottom_posted(report, mine))
    assert world.poll().filed == 1
    after = {c: on_file(world, c) for c in colours}
    assert after[colours[0]] == {"ready": False}
    assert after[colours[1]] == before[colours[1]] and after[colours[2]] == before[colours[2]]


def test_a_mail_after_the_gm_filed_orders_at_the_command_line_wins(tmp_path: Path) -> None:
    """Before: the command line's key began with the year, a maildir mail's with zero-padded
    digits: every later mail of the player was answered "older than the orders on file"."""
    world = World(tmp_path, count=2)
    world.game.submit(world.aof(1, X1="100"), received=NOW - timedelta(days=1))
    world.mail(world.aof(1, X1="150"))
    assert world.poll().filed == 1
    assert on_file(world) == {"trade": [150]}


# --- every answer says why ------------------------------------------------------------------
def test_a_header_wrapped_by_the_client_is_read(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    form = world.aof(1, X1="150").replace("  CODE: CODE0001", "\nCODE: CODE0001")
    world.mail(form)
    assert world.poll().filed == 1
    wrapped = world.aof(1, X1="200").replace("CODE: CODE0001", "CODE:\nCODE0001")
    world.mail(wrapped)
    assert world.poll().filed == 1
    assert on_file(world) == {"trade": [200]}


def test_a_header_problem_names_its_line(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail("Here:\n" + world.aof(1, X1="150").replace("PLAYER: 1", "PLAYER: one"))
    assert world.poll().rejected == 1
    (text,) = answers(world).values()
    assert "line 4: PLAYER must be a number, found 'one'" in " ".join(text.split())


def test_the_turn_comes_only_from_the_header(tmp_path: Path) -> None:
    """Before: without a BEGIN marker the turn was read from "Attacks next turn: 3" of the
    quoted report, above the header."""
    world = World(tmp_path, count=2)
    report = world.game.report(1)
    assert "Attacks next turn: " in report
    pasted = report.replace("=== BEGIN AOF ===\n", "").replace("X1: ___", "X1: 100")
    world.mail(pasted)
    assert world.poll().filed == 1
    assert on_file(world) == {"trade": [100]}


def test_line_numbers_are_those_of_the_mail_as_written(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    mine = world.aof(1, X1="150", A1="99 98 010")
    world.mail("Dear GM,\n\nmy orders:\n\n" + mine + "\n-- \nAlice\n")
    world.poll()
    lines = ("Dear GM,\n\nmy orders:\n\n" + mine).split("\n")
    attack = next(i for i, line in enumerate(lines, start=1) if line.startswith("A1:"))
    assert f"line {attack}: REJECTED A1: 99 98 010" in answers(world)["conf"]


def test_lines_a_player_meant_are_never_dropped_without_a_word(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail(world.aof(1, X1="150", R1="1").replace("X2: ___", "N2: 100"))
    world.poll()
    conf = answers(world)["conf"]
    assert "REJECTED N2: 100: the form has no N lines" in conf
    assert "READY was not kept: 1 other line was rejected." in conf
    assert on_file(world) == {"trade": [150]} and not ready(world)


def test_an_order_line_outside_the_filled_form_is_answered_not_read(tmp_path: Path) -> None:
    """A mail that quotes no report: its lines outside the form may be anyone's (issue 25,
    item 1: Outlook's unquoted original holds other players' press), so they are not read
    and the answer says so, without counting them as rejected lines of the player's."""
    world = World(tmp_path, count=2)
    form = world.aof(1, X1="150")
    world.mail(form + "\nX2: 200\n")
    world.poll()
    conf = " ".join(answers(world)["conf"].split())
    line = len(form.split("\n")) + 1
    assert (
        f"1 line of your mail that looks like an order line (line {line}) stands outside the "
        "form that carries your code, and was not read" in conf
    )
    assert "1 accepted, 0 rejected" in conf
    assert on_file(world) == {"trade": [150]}


def test_an_order_line_typed_above_the_quoted_report_outside_the_filled_form_is_rejected(
    tmp_path: Path,
) -> None:
    """The player's own line (above the quoted report) outside the form he filled in is
    answered as a rejected line, with its line number."""
    world = World(tmp_path, count=2)
    quoted = "".join(f"> {line}\n" for line in world.aof(1).split("\n"))
    world.mail(f"X2: 200\n\n{world.aof(1, X1='150')}\nOn Sunday the GM wrote:\n{quoted}")
    world.poll()
    conf = answers(world)["conf"]
    assert "REJECTED X2: 200: this line is outside the form you filled in" in conf
    assert on_file(world) == {"trade": [150]}


def test_the_poll_summary_line(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    world.mail(world.aof(1, X1="100"))
    world.mail(world.aof(2, X1="100").replace("CODE0002", "WRONG123"), sender="p2@players.example")
    world.mail("hello?", sender="p2@players.example")
    assert world.poll().line() == "filed 1, rejected 1, quarantined 0, ignored 0, answered 1"
