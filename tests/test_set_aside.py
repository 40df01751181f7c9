"""Issue 14: orders dropped when the turn runs (a GM's edit of the order file, a rerun on a
changed state) appear in the player's report with the reason, never dropped without a word."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import players
from tests.shipped import WOK4
from wtg.game.engine import create_game


def test_an_order_that_no_longer_passes_is_told_in_the_report(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g1", "wok4", "small", players(2), seed=3).typed(WOK4)
    state = game.state()
    mine = next(p.id for p in state.provinces if p.owner == 1)
    theirs = next(p.id for p in state.provinces if p.owner == 2)
    game.submit(f"player: 1\nturn: 1\naim:\n- {{province: {mine}, aim: MIS}}\n")
    path = game.store.pending_orders(1)[1]
    edited = path.read_text().replace(f"province: {mine}", f"province: {theirs}")
    path.write_text(edited + "trade: [175]\n")  # the GM's hand: not his province, no such trade
    game.run_turn()
    report = game.report(1)
    block = report.split("ORDERS SET ASIDE WHEN THE TURN RAN (they no longer passed the checks)\n")
    assert len(block) == 2
    lines = block[1].split("\n\n")[0].splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("  trade #1: REJECTED TRADE points=175: ")
    assert lines[1].startswith(f"  aim #1: REJECTED AIM province={theirs} aim=MIS: ")
    assert f"province {state.named(theirs)} is not yours" in lines[1]
    assert "=== BEGIN AOF ===" in block[1]  # the form still comes last
    assert "ORDERS SET ASIDE" not in game.report(2)
