"""`wtg hold GAME --undo`: a hold given to the wrong game, or with the wrong reason, taken
back before `wtg send` mailed it. Before, nothing took a hold back but `wtg release`, which
mails every player a second notice: the players of a game they never heard was held were
told it goes on again (and a hold's reason mistyped could not be put right)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_gm_controls import make, queued, run, status


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
    assert "taken back before it was mailed: 4 notice(s) taken out of the queue" in undone.stdout
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
        f"wtg: game g1's hold (since {since}) was mailed already to 4 of its 4 players: it "
        "cannot be taken back unseen; `wtg release g1` lets the game go on and tells them\n"
    )
    assert status(tmp_path)["held"] is True


def test_a_game_not_held_has_no_hold_to_take_back(tmp_path: Path) -> None:
    make(tmp_path / "games", "g1")
    refused = run(tmp_path, "hold", "g1", "--undo", code=1)
    assert refused.stderr == "wtg: game g1 is not held: no hold to take back\n"
    both = run(tmp_path, "hold", "g1", "--undo", "--reason", "x", code=2)
    assert "--undo takes no --reason" in both.stderr
