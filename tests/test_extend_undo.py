"""`wtg extend g1 480` typed for 48, or given to the wrong game: `wtg extend g1 --undo`
takes the last move back, told to the players as a move. Before, no command moved a
deadline earlier (HOURS above 0 only), and the players waited the twenty days."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.test_gm_controls import body, head, make, make_due_in, minutes, queued, run, status
from wtg.game.schedule import parse_iso


def deadline(root: Path) -> str:
    found = status(root)["deadline"]
    assert isinstance(found, str)
    return found


def sent(root: Path) -> list[str]:
    folder = root / "games" / ".mail" / "outbox" / "sent"
    return sorted(path.stem for path in folder.glob("extend-*.eml"))


def test_undo_takes_the_last_move_back_and_tells_the_players(tmp_path: Path) -> None:
    make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    run(tmp_path, "extend", "g1", "480")
    moved = deadline(tmp_path)
    run(tmp_path, "send")  # the players were told of the move
    assert len(sent(tmp_path)) == 4
    said = run(tmp_path, "extend", "g1", "--undo").stdout
    assert deadline(tmp_path) == before
    assert said.startswith(
        f"game g1: turn 1 is due {minutes(before)} (was {minutes(moved)}; the move of 480 "
        "hours taken back); 4 "
        "notices queued"
    )
    notices = queued(tmp_path, "extend-")
    assert len(notices) == 4  # the move's undoing
    now_due = f"it is now {parse_iso(before):%a %d %b %Y %H:%M} UTC"
    last = [body(m) for m in notices.values() if now_due in body(m)]
    assert len(last) == 4
    assert "(it was " in last[0] and f"{parse_iso(moved):%a %d %b %Y %H:%M} UTC" in last[0]

    again = run(tmp_path, "extend", "g1", "--undo", code=1).stderr
    assert again == (
        "wtg: game g1: the last move of turn 1's deadline was an --undo already: nothing to "
        f"take back (`{head(tmp_path)} extend g1 HOURS` moves it later)\n"
    )
    assert deadline(tmp_path) == before


def test_undo_before_the_move_was_mailed_takes_its_notices_back(tmp_path: Path) -> None:
    """480 typed for 48, taken back at once: the move's notices were still in the queue,
    and the players were mailed two notices, of the move and of its undoing, for a
    deadline that never changed for them. They are taken out of the queue, and no notice
    of the move back is queued."""
    make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    run(tmp_path, "extend", "g1", "480")
    moved = deadline(tmp_path)
    assert len(queued(tmp_path, "extend-")) == 4
    said = run(tmp_path, "extend", "g1", "--undo").stdout
    assert deadline(tmp_path) == before
    assert said == (
        f"game g1: turn 1 is due {minutes(before)} (was {minutes(moved)}; the move of 480 "
        "hours taken back); the "
        "move's 4 notices taken out of the queue before they were mailed: no player is told "
        "of either\n"
    )
    assert queued(tmp_path, "extend-") == {}
    run(tmp_path, "send")
    assert sent(tmp_path) == []
    assert status(tmp_path)["owed"] == []
    # a later move is told as ever
    run(tmp_path, "extend", "g1", "48")
    assert len(queued(tmp_path, "extend-")) == 4


def test_undo_without_a_move_or_past_the_old_deadline_is_refused(tmp_path: Path) -> None:
    make_due_in(tmp_path / "games", 30)
    nothing = run(tmp_path, "extend", "g1", "--undo", code=1).stderr
    assert nothing == (
        f"wtg: game g1: turn 1's deadline was not moved by `{head(tmp_path)} extend`: nothing "
        "to take back\n"
    )
    assert run(tmp_path, "extend", "g1", "5", "--undo", code=2).stderr.endswith(
        "Error: --undo takes no HOURS: it takes the last move back\n"
    )


def test_undo_of_a_move_from_a_passed_deadline_is_refused(tmp_path: Path) -> None:
    """The deadline had passed: the move counted from now; taken back, the turn would run
    at the next cron, which is `wtg run-turn --now`'s to do."""
    make(tmp_path / "games")
    run(tmp_path, "extend", "g1", "24")
    moved = deadline(tmp_path)
    refused = run(tmp_path, "extend", "g1", "--undo", code=1).stderr
    assert refused.startswith(
        "wtg: game g1: turn 1's deadline was 2020-01-08T18:00:00Z before the move, which has "
        "passed: taken back, the turn would run at once; "
        f"`{head(tmp_path)} run-turn g1 --now` runs it now"
    )
    assert deadline(tmp_path) == moved
    assert parse_iso(moved) > datetime.now(timezone.utc) + timedelta(hours=23)


def test_an_undo_cut_short_is_finished_and_said_as_a_move_back(tmp_path: Path) -> None:
    """Killed after the move back was written and before its notices were all queued: the
    command given again finishes it, once, and says it as the move back it was."""
    game = make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    run(tmp_path, "extend", "g1", "480")
    run(tmp_path, "send")  # the move told: its undoing is told too
    run(tmp_path, "extend", "g1", "--undo")
    meta_path = game.store.root / "turns" / "0000" / "turn.json"
    data = json.loads(meta_path.read_text())
    assert data["moved"][-1]["undo"] is True and data["moved"][-1]["hours"] == -480
    data["moved"][-1]["told"] = False  # as a kill before the mark leaves it
    meta_path.write_text(json.dumps(data))
    again = run(tmp_path, "extend", "g1", "--undo").stdout
    assert again.startswith(f"game g1: turn 1 was moved back already to {minutes(before)} (was ")
    assert "the move of 480 hours taken back at " in again
    assert "cut short): not moved again; 0 notices queued" in again
    assert deadline(tmp_path) == before


@pytest.mark.parametrize(
    ("gone", "said"),
    [
        (1, "the move's 3 notices taken out of the queue before they were mailed"),
        (3, "the move's 1 notice taken out of the queue before it was mailed"),
    ],
)
def test_the_move_of_an_undo_cut_short_is_not_mailed_meanwhile(
    tmp_path: Path, gone: int, said: str
) -> None:
    """Killed after the move back was written, before the move's notices were all taken
    out of the queue: the next `wtg send` mailed those left, of a move being taken back.
    They wait until the undo is given again, which takes them back (one counted as one:
    "1 notice(s) ... before they were mailed" before)."""
    game = make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    run(tmp_path, "extend", "g1", "480")
    moved = deadline(tmp_path)
    meta_path = game.store.root / "turns" / "0000" / "turn.json"
    data = json.loads(meta_path.read_text())
    undo = {"from": moved, "to": before, "at": data["moved"][-1]["at"], "hours": -480.0}
    data["moved"].append({**undo, "told": False, "undo": True})  # as the kill left it
    data["next_deadline"], data["reports_behind"] = before, True
    meta_path.write_text(json.dumps(data))
    for first in sorted(queued(tmp_path, "extend-"))[:gone]:
        (tmp_path / "games" / ".mail" / "outbox" / "queue" / f"{first}.eml").unlink()
    held = run(tmp_path, "send", code=1).stdout  # its reports wait for the undo too
    assert f"0 mails sent, {4 - gone} waiting" in held
    assert sent(tmp_path) == [] and len(queued(tmp_path, "extend-")) == 4 - gone
    again = run(tmp_path, "extend", "g1", "--undo").stdout
    assert said in again
    run(tmp_path, "send")
    assert sent(tmp_path) == [] and queued(tmp_path, "extend-") == {}
    assert status(tmp_path)["owed"] == []


def test_extend_by_hours_below_0_says_what_brings_a_deadline_earlier(tmp_path: Path) -> None:
    """`wtg extend g1 -24` (the deadline meant a day earlier) said only "HOURS must be a
    number of hours above 0": nothing named what does bring it earlier. The refusal names
    `wtg run-turn g1 --now`, and `wtg extend g1 --undo` when a move is there to take back;
    nothing is moved or queued."""
    make_due_in(tmp_path / "games", 30)
    before = deadline(tmp_path)
    said = run(tmp_path, "extend", "g1", "-24", code=1).stderr
    assert said == (
        "wtg: HOURS must be above 0 (not -24): extend moves a deadline later only, and no "
        f"command moves one earlier: `{head(tmp_path)} run-turn g1 --now` runs turn 1 now\n"
    )
    assert (deadline(tmp_path), queued(tmp_path, "extend-")) == (before, {})

    run(tmp_path, "extend", "g1", "48")
    moved = deadline(tmp_path)
    said = run(tmp_path, "extend", "g1", "-1d", code=1).stderr
    assert said == (
        "wtg: HOURS must be above 0 (not -24): extend moves a deadline later only; "
        f"`{head(tmp_path)} extend g1 --undo` takes its last move back (to {before}), or "
        f"`{head(tmp_path)} run-turn g1 --now` runs turn 1 now\n"
    )
    assert (deadline(tmp_path), len(queued(tmp_path, "extend-"))) == (moved, 4)
