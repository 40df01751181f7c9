"""`wtg extend GAME HOURS` given again after it was cut short (docs/gm.md, "wtg extend"):
the deadline move and the notices it owes are one intent, written in turn.json before any
notice; a run that finds that intent unfinished finishes it instead of moving the deadline
again. Two runs that each finish are two extensions. tests/test_kill_extend.py kills the
real command at random moments."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.test_gm_controls import body, make_due_in, queued, run, status
from wtg.cli import main
from wtg.mail.outbox import Outbox
from wtg.schedule import local_text, parse_iso

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
        found.setdefault(str(msg["To"]).split("<")[-1].rstrip(">"), []).append(
            (match[1], match[2])
        )
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
    assert out.startswith(f"game g1: turn 1 was extended already to {moved} (was {before}; ")
    assert out.endswith(f"{4 - mails} notice(s) queued for the players (`wtg send` mails them)\n")


def test_two_extends_that_each_finish_are_two_extensions(tmp_path: Path) -> None:
    make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    run(tmp_path, "extend", "g1", "12")
    middle = deadline(tmp_path)
    out = run(tmp_path, "extend", "g1", "12").stdout
    after = deadline(tmp_path)
    assert parse_iso(after) - parse_iso(before) == timedelta(hours=24)
    assert out.startswith(f"game g1: turn 1 is due {after} (was {middle}); 4 notice(s) queued")
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
