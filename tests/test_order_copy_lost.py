"""A player's order file whose parsed copy beside it is gone (`pending/0001/p01.parsed.json`
removed by hand, with the other files of the folder it seemed to go with; an order file the
GM wrote there himself): `wtg status` said `orders received None`, and READY, which the
order file says, was lost, so the turn waited for the deadline though every player was
READY. The order file is what counts: its READY and QUIT are read from it, and status says
the orders are on file without a time."""

from __future__ import annotations

import json
from pathlib import Path

from tests.gmtyped import wtg


def test_orders_without_their_parsed_copy_keep_their_ready(tmp_path: Path) -> None:
    game = tmp_path / "g1"
    made = wtg(
        "new-game", game, "--ruleset", "wok4", "--map", "small",
        "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    for player in (1, 2):
        orders = tmp_path / f"p{player}.yaml"
        orders.write_text(f"player: {player}\nturn: 1\nready: true\n", encoding="utf-8")
        assert wtg("orders", game, orders).exit_code == 0
    (game / "pending" / "0001" / "p01.parsed.json").unlink()
    data = json.loads(wtg("status", game, "--json").output)
    assert [(p["orders"], p["ready"]) for p in data["players"]] == [(True, True), (True, True)]
    lines = wtg("status", game).output.splitlines()
    assert (
        lines[1]
        == "  player  1 Ann                  orders on file (when they came is not recorded), READY"
    )
    assert "None" not in "\n".join(lines)
