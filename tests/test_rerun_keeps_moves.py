"""A rerun of turn N (`run-turn --rerun`) wrote its `turn.json` anew from the fields it
knows, dropping what the GM had done to the coming turn's deadline: his `wtg extend` moves
(`moved`, a move not yet told to every player among them: `wtg status`'s NOTICES OWED went
silent) and the deadline the turn had set before a release gave another (`deadline_set`,
which `wtg status` compares game.yaml's `first:` with). The ruling (docs/gm.md, "Takeovers,
reruns and rollbacks"): a rerun keeps both, and the deadline the GM moved to."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from tests.conftest import players
from tests.test_gm_controls import run
from wtg.files.store import keep_deadline_set
from wtg.game.engine import create_game
from wtg.game.schedule import make_schedule


def test_a_rerun_keeps_the_gms_moves_of_the_deadline(tmp_path: Path) -> None:
    now = datetime.now(timezone.utc)
    schedule = make_schedule(2, "18:00", "UTC", now=now)
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", players(4), 7, schedule=schedule)
    game.run_turn()
    run(tmp_path, "extend", "g1", "24")
    path = game.store.turn_dir(1) / "turn.json"
    before = json.loads(path.read_text(encoding="utf-8"))
    (move,) = before["moved"]  # what the GM did
    assert before["next_deadline"] == move["to"] != move["from"]
    # and a release of a hold past the deadline kept the deadline the turn had set
    keep_deadline_set(before)
    assert before["deadline_set"] == move["from"]
    path.write_text(json.dumps(before), encoding="utf-8")
    run(tmp_path, "run-turn", "g1", "--rerun", "--unchanged")
    after = json.loads(path.read_text(encoding="utf-8"))
    assert after == {**before, "reruns": 1}
