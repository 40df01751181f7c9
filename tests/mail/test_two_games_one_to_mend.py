"""Ann plays g0 and g1 from one address and mails both forms in one mail, while the GM is
mending g1's game.yaml (a tab). g0's orders were filed and g1's form dropped without a
word: the mail counted as handled, and the poll after the mend never read it again, so her
g1 orders were lost and she was told nothing of them. The mail now waits in the inbox,
as a mail for g1 alone does, and the first poll after the mend files both."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.mail.test_code_of_another_game import BOMB, games


def test_a_mail_for_two_games_one_being_mended_waits_whole(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    g0, g1 = games(hall)
    hall.mail("ann@p.example", f"{g0.aof(1).replace(*BOMB)}\n\n{g1.aof(1).replace(*BOMB)}")
    path = g1.store.root / "game.yaml"
    kept = path.read_text(encoding="utf-8")
    path.write_text(kept.replace("map: small", "\tmap: small"), encoding="utf-8")

    summary = hall.poll(hours=1)
    assert summary.skipped == 1 and summary.filed == 0
    ((_key, why),) = summary.outcomes
    assert why.startswith("later: ") and "(the mail waits in the inbox until it is mended)" in why
    assert hall.new_mails("ann@p.example") == []

    path.write_text(kept, encoding="utf-8")
    assert hall.poll(hours=1).filed == 1
    answers = sorted(m.subject for m in hall.new_mails("ann@p.example"))
    assert answers == ["[g0] orders for turn 1 received", "[g1] orders for turn 1 received"]
    assert sorted(g1.store.pending_orders(1)) == [1] == sorted(g0.store.pending_orders(1))
