"""`wtg extend GAME HOURS` given again after it was cut short (docs/gm.md, "wtg extend"):
the deadline move and the notices it owes are one intent, written in turn.json before any
notice; a run that finds that intent unfinished finishes it instead of moving the deadline
again. Two runs that each finish are two extensions. tests/test_kill_extend.py kills the
real command at random moments."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.shipped import WOK4
from tests.test_gm_controls import body, head, make_due_in, minutes, queued, run, status
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.core.plurals import counted
from wtg.game.schedule import iso, local_text, parse_iso
from wtg.gm.extension import Extension, extend, unfinished
from wtg.mail.outgoing.notices import Notices
from wtg.mail.outgoing.outbox import Outbox

PLAYERS = tuple(sorted(p.email for p in players(4)))


class Killed(Exception):
    """The command cut short here, as a kill would cut it."""


def cut_short_after(monkeypatch: pytest.MonkeyPatch, mails: int) -> None:
    """The outbox takes ``mails`` mails, then the command dies."""
    add = Outbox.add
    taken = [0]

    def dying(self: Outbox, ident: str, msg: Any, durable: bool = True) -> bool:
        if taken[0] == mails:
            raise Killed(ident)
        taken[0] += 1
        return add(self, ident, msg, durable)

    monkeypatch.setattr(Outbox, "add", dying)


def extend_cut_short(root: Path, monkeypatch: pytest.MonkeyPatch, hours: str, mails: int) -> None:
    cut_short_after(monkeypatch, mails)
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    result = CliRunner().invoke(main, ["--config", str(config), "extend", "g1", hours])
    assert isinstance(result.exception, Killed), result.output
    monkeypatch.undo()


def deadline(root: Path) -> str:
    found = status(root)["deadline"]
    assert isinstance(found, str)
    return found


def told(root: Path) -> dict[str, list[tuple[str, str]]]:
    """Each player's extend notices: (the new deadline, the old one), as their text says."""
    found: dict[str, list[tuple[str, str]]] = {}
    for msg in queued(root, "extend-").values():
        text = body(msg)
        match = re.search(r"it is now (.+)\n\(it was (.+)\)\.", text)
        assert match is not None, text
        found.setdefault(str(msg["To"]).split("<")[-1].rstrip(">"), []).append((match[1], match[2]))
    return {address: sorted(notices) for address, notices in sorted(found.items())}


def utc(stamp: str) -> str:
    return local_text(parse_iso(stamp), "UTC")


@pytest.mark.parametrize("mails", [0, 2])
def test_extend_given_again_after_it_was_cut_short_moves_the_deadline_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mails: int
) -> None:
    """The GM's `wtg extend g1 36` dies after the deadline moved, with ``mails`` of the four
    notices queued; he gives the same command again. The unchanged code moved the deadline
    a second time (72 hours in all) and told the players of the second move: those told
    before got two notices, the first naming a deadline that no longer holds, the others
    one whose "it was" names a deadline they never heard of."""
    make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    extend_cut_short(tmp_path, monkeypatch, "36", mails)
    moved = deadline(tmp_path)
    assert parse_iso(moved) - parse_iso(before) == timedelta(hours=36)  # the move counted

    out = run(tmp_path, "extend", "g1", "36").stdout

    assert deadline(tmp_path) == moved
    assert told(tmp_path) == {p: [(utc(moved), utc(before))] for p in PLAYERS}
    assert out.startswith(
        f"game g1: turn 1 was extended already to {minutes(moved)} (was {minutes(before)}; "
    )
    assert out.endswith(
        f"{counted(4 - mails, 'notice')} queued for the players (`{head(tmp_path)} send` mails "
        "them)\n"
    )


def test_two_extends_that_each_finish_are_two_extensions(tmp_path: Path) -> None:
    make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    run(tmp_path, "extend", "g1", "12")
    middle = deadline(tmp_path)
    # the same HOURS while the first move's notices wait: --again (tests/test_extend_twice.py)
    out = run(tmp_path, "extend", "g1", "12", "--again").stdout
    after = deadline(tmp_path)
    assert parse_iso(after) - parse_iso(before) == timedelta(hours=24)
    assert out.startswith(
        f"game g1: turn 1 is due {minutes(after)} (was {minutes(middle)}); 4 notices queued"
    )
    assert told(tmp_path) == {
        p: sorted([(utc(middle), utc(before)), (utc(after), utc(middle))]) for p in PLAYERS
    }


def test_an_extend_cut_short_is_finished_then_a_new_one_extends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run that finishes a cut-short extend does not move the deadline, whatever HOURS
    it was given (it says so); the run after it extends as usual."""
    make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    extend_cut_short(tmp_path, monkeypatch, "10", 1)
    moved = deadline(tmp_path)
    out = run(tmp_path, "extend", "g1", "48").stdout
    assert deadline(tmp_path) == moved
    assert "10 hours at " in out and "cut short): not moved again;" in out
    run(tmp_path, "extend", "g1", "5")
    after = deadline(tmp_path)
    assert parse_iso(after) - parse_iso(before) == timedelta(hours=15)
    assert told(tmp_path) == {
        p: sorted([(utc(moved), utc(before)), (utc(after), utc(moved))]) for p in PLAYERS
    }


# --- the ruling, unit by unit ---------------------------------------------------------------
NOW = datetime(2026, 11, 23, 9, 12, 40, tzinfo=timezone.utc)
LATER = datetime(2026, 11, 25, 10, 0, tzinfo=timezone.utc)
MOVE = {"from": "2026-11-24T18:00:00Z", "to": "2026-11-26T18:00:00Z", "at": "2026-11-23T09:12:40Z"}


@pytest.mark.parametrize(
    ("entry", "deadline", "found"),
    [
        ({**MOVE, "hours": 48, "told": False}, MOVE["to"], True),
        ({**MOVE, "hours": 48, "told": True}, MOVE["to"], False),  # finished
        (MOVE, MOVE["to"], False),  # written before moves were told: finished
        ({**MOVE, "told": False}, "2026-11-25T18:00:00Z", False),  # a rollback set another
        ({**MOVE, "to": 5, "told": False}, MOVE["to"], False),  # edited by hand
        ("moved", MOVE["to"], False),
    ],
)
def test_only_the_last_move_not_told_while_its_deadline_holds_is_unfinished(
    entry: object, deadline: str, found: bool
) -> None:
    meta = {"next_deadline": deadline, "moved": [{**MOVE, "told": True}, entry]}
    assert (unfinished(meta, 7) is not None) is found
    assert unfinished({"next_deadline": deadline, "moved": [entry, MOVE]}, 7) is None


def test_an_unfinished_move_is_the_extension_it_was() -> None:
    meta = {"next_deadline": MOVE["to"], "moved": [{**MOVE, "hours": 48, "told": False}]}
    assert unfinished(meta, 7) == Extension(
        turn=7, old=MOVE["from"], new=MOVE["to"], at=MOVE["at"], hours=48.0
    )


class Refused(Exception):
    """A notice that could not be queued."""


def refuse(extension: Extension) -> int:
    raise Refused(extension.new)


def test_a_move_not_told_is_told_by_the_next_extend_and_not_moved_again(tmp_path: Path) -> None:
    game = make_due_in(tmp_path / "games", 30)
    before = game.deadline_stamp()
    told: list[Extension] = []

    def tell(extension: Extension) -> int:
        told.append(extension)
        if len(told) == 1:
            raise Refused(extension.new)
        return 3

    with pytest.raises(Refused):
        extend(game, 36, NOW, tell)
    moved = game.deadline_stamp()
    assert moved is not None and before is not None
    assert parse_iso(moved) - parse_iso(before) == timedelta(hours=36)
    again = extend(game, 5, NOW + timedelta(hours=1), tell)
    assert again == (told[0], False, 3) and told[1] == told[0]
    assert (told[0].new, told[0].old, told[0].hours, told[0].at) == (moved, before, 36.0, iso(NOW))
    assert game.deadline_stamp() == moved
    later = extend(game, 5, NOW + timedelta(hours=2), lambda e: 4)
    assert later[1:] == (True, 4) and later[0].old == moved
    entries = game.store.turn_dir(0).joinpath("turn.json").read_text()
    assert [m["told"] for m in json.loads(entries)["moved"]] == [True, True]


def test_a_move_not_told_whose_turn_ran_since_is_left_as_it_was(tmp_path: Path) -> None:
    """Its deadline is of a turn that has run: the next extend moves the next turn's."""
    game = make_due_in(tmp_path / "games", 30)
    with pytest.raises(Refused):
        extend(game, 36, NOW, refuse)
    typed = game.typed(WOK4)
    for player in typed.ruleset.owing(typed.state()):
        typed.submit_all(filled_aof(typed, player), via="mail")
    typed.run_turn()
    before = game.deadline_stamp()
    moved, new, _queued = extend(game, 5, NOW, lambda e: 0)
    assert (new, moved.turn, moved.old) == (True, 2, before)
    assert unfinished(json.loads(game.store.read_text(0, "turn.json")), 1) is not None


def test_the_same_move_is_the_same_mail_and_another_move_a_new_one(tmp_path: Path) -> None:
    game = make_due_in(tmp_path / "games", 30)
    notices = Notices(tmp_path / "games" / ".mail", "gm@example.org", NOW)
    move = Extension(turn=1, old=MOVE["from"], new=MOVE["to"], at=MOVE["at"], hours=48.0)
    assert notices.extended(game, move) == 4
    assert notices.extended(game, move) == 0
    later = Extension(turn=1, old=MOVE["from"], new=MOVE["to"], at=iso(LATER), hours=48.0)
    assert notices.extended(game, later) == 4  # after a rollback, say: told again
    assert len(queued(tmp_path, "extend-t0001-")) == 8


def test_wtg_status_names_the_notices_a_cut_short_extend_owes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A GM who never gives the command again learns from `wtg status` that the players
    were not all told, and what to give; the line goes once the notices are queued."""
    make_due_in(tmp_path / "games", 30)
    assert status(tmp_path)["owed"] == []
    extend_cut_short(tmp_path, monkeypatch, "36", 1)
    moved = deadline(tmp_path)
    owed = status(tmp_path)["owed"]
    assert isinstance(owed, list) and len(owed) == 1
    line = str(owed[0])
    assert line.startswith(f"the deadline's move to {minutes(moved)} (at ")
    assert line.endswith("give `wtg extend g1 HOURS` again (it moves nothing more)")
    at = line.split("(at ", 1)[1].split(")", 1)[0]  # the JSON's keeps the files' ISO
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", at), at
    # printed, its command carries the --config given (the JSON's is as the shell gave none)
    # and its moment is said as every GM line says one (gmlines43)
    printed = line.replace("`wtg extend", f"`{head(tmp_path)} extend").replace(
        f"(at {at})", f"(at {minutes(at)})"
    )
    shown = run(tmp_path, "status", "g1").stdout
    assert f"NOTICES OWED: {printed}\n" in shown
    # and the look at every game names it too, with its game
    assert f"NOTICES OWED: game g1: {printed}\n" in run(tmp_path, "status").stdout
    run(tmp_path, "extend", "g1", "36")
    assert status(tmp_path)["owed"] == []
    assert "NOTICES OWED" not in run(tmp_path, "status", "g1").stdout
    assert "NOTICES OWED" not in run(tmp_path, "status").stdout


def test_the_reports_of_the_turn_say_the_deadline_an_extend_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Turn 0's reports say when turn 1's orders are due. Before the fix an extend left them
    saying the old deadline while `wtg status` and the notices said the new one, so a
    player who asked for his report again (REPORT, `wtg report`) read a deadline that no
    longer held. The reports say the new one; an extend cut short says it once finished."""
    game = make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    line = "DEADLINE FOR YOUR TURN 1 ORDERS: {}\n"
    said = {seat: game.report(seat) for seat in (1, 2, 3, 4)}
    assert all(line.format(utc(before)) in text for text in said.values())
    run(tmp_path, "extend", "g1", "12")
    moved = deadline(tmp_path)
    for seat, text in said.items():
        expected = text.replace(line.format(utc(before)), line.format(utc(moved)))
        assert game.report(seat) == expected
        assert run(tmp_path, "report", "g1", "--player", seat).stdout == expected
    extend_cut_short(tmp_path, monkeypatch, "5", 0)
    run(tmp_path, "extend", "g1", "5")
    after = deadline(tmp_path)
    assert parse_iso(after) - parse_iso(moved) == timedelta(hours=5)
    assert all(line.format(utc(after)) in game.report(seat) for seat in said)
