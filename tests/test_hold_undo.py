"""`wtg hold GAME --undo`: a hold given to the wrong game, or with the wrong reason, taken
back before `wtg send` mailed it. Before, nothing took a hold back but `wtg release`, which
mails every player a second notice: the players of a game they never heard was held were
told it goes on again (and a hold's reason mistyped could not be put right)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_gm_controls import head, make, minutes, queued, run, status


def sent(root: Path) -> list[str]:
    folder = root / "games" / ".mail" / "outbox" / "sent"
    return sorted(path.stem for path in folder.glob("*.eml"))


def test_a_hold_not_mailed_is_taken_back_without_a_word_to_the_players(tmp_path: Path) -> None:
    make(tmp_path / "games", "g1")
    make(tmp_path / "games", "g2")
    run(tmp_path, "hold", "g2", "--reason", "the wrong game")
    assert len(queued(tmp_path, "hold-")) == 4 and status(tmp_path, "g2")["held"] is True
    undone = run(tmp_path, "hold", "g2", "--undo")
    assert undone.stdout.startswith("game g2: the hold since ")
    assert "taken back before it was mailed: 4 notices taken out of the queue" in undone.stdout
    assert queued(tmp_path, "hold-") == {}
    assert status(tmp_path, "g2")["held"] is False
    assert (tmp_path / "games" / "g2" / "held.json").exists() is False
    run(tmp_path, "send")
    assert [name for name in sent(tmp_path) if name.startswith(("hold-", "release-"))] == []
    # the right game held now, with its notices; the one taken back says nothing more
    run(tmp_path, "hold", "g1", "--reason", "the right game")
    assert len(queued(tmp_path, "hold-")) == 4


def test_a_hold_mailed_already_is_not_taken_back_and_says_so(tmp_path: Path) -> None:
    make(tmp_path / "games", "g1")
    run(tmp_path, "hold", "g1", "--reason", "a bug")
    run(tmp_path, "send")
    since = json.loads((tmp_path / "games" / "g1" / "held.json").read_text())["since"]
    refused = run(tmp_path, "hold", "g1", "--undo", code=1)
    assert refused.stderr == (
        f"wtg: game g1's hold (since {minutes(since)}) was mailed already to 4 of its 4 players: "
        f"it cannot be taken back unseen; `{head(tmp_path)} release g1` lets the game go on and "
        "tells them\n"
    )
    assert status(tmp_path)["held"] is True


def test_a_game_not_held_has_no_hold_to_take_back(tmp_path: Path) -> None:
    make(tmp_path / "games", "g1")
    refused = run(tmp_path, "hold", "g1", "--undo", code=1)
    assert refused.stderr == "wtg: game g1 is not held: no hold to take back\n"
    both = run(tmp_path, "hold", "g1", "--undo", "--reason", "x", code=2)
    assert "--undo takes no --reason" in both.stderr


def test_a_taking_back_cut_short_is_owed_and_finished(tmp_path: Path) -> None:
    """Killed after some of the hold's notices were taken out of the queue, before
    held.json went: the game was held with some players never to be told, and `wtg status`
    owed nothing. It names the command to give again, which finishes the taking back (or
    `wtg hold`, which tells the players after all)."""
    make(tmp_path / "games", "g1")
    run(tmp_path, "hold", "g1", "--reason", "wrong")
    held = tmp_path / "games" / "g1" / "held.json"
    data = json.loads(held.read_text())
    held.write_text(json.dumps({**data, "taking_back": True}))  # as the kill leaves it
    first = sorted(queued(tmp_path, "hold-"))[0]
    (tmp_path / "games" / ".mail" / "outbox" / "queue" / f"{first}.eml").unlink()
    owed = status(tmp_path)["owed"]
    assert owed == [
        f"the hold (since {data['since']}) was being taken back when it was cut short, some of "
        "its notices taken out of the queue: give `wtg hold g1 --undo` again (or `wtg hold "
        "g1` to tell every player after all)"
    ]
    assert "NOTICES OWED: game g1: the hold" in run(tmp_path, "status").stdout
    early = run(tmp_path, "send", code=1)  # the notices left are held back meanwhile
    assert "NOTICES OWED: game g1: the hold" in early.output  # and it says what to give
    assert [name for name in sent(tmp_path) if name.startswith("hold-")] == []
    assert len(queued(tmp_path, "hold-")) == 3
    told = run(tmp_path, "hold", "g1")  # told after all: the notice taken back queued again
    assert told.stdout.startswith("game g1 was held already since ")
    assert "1 notice queued" in told.stdout
    assert status(tmp_path)["owed"] == [] and len(queued(tmp_path, "hold-")) == 4
    held.write_text(json.dumps({**data, "taking_back": True}))
    run(tmp_path, "hold", "g1", "--undo")
    assert not held.exists() and queued(tmp_path, "hold-") == {}
    run(tmp_path, "send")
    assert [name for name in sent(tmp_path) if name.startswith("hold-")] == []


def test_a_hold_mailed_leaves_no_mark_of_a_taking_back(tmp_path: Path) -> None:
    make(tmp_path / "games", "g1")
    run(tmp_path, "hold", "g1")
    run(tmp_path, "send")
    run(tmp_path, "hold", "g1", "--undo", code=1)
    assert "taking_back" not in json.loads((tmp_path / "games" / "g1" / "held.json").read_text())
    assert status(tmp_path)["owed"] == []
