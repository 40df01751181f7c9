"""A player's command by mail (STATUS, REPORT, AOF ...) for a game whose game.yaml the GM
is mending (a tab, a key misspelt) waits in the inbox, as an order form for it does, and
is answered by the first poll after the mend. Before, it was answered at once `there is no
game 'wok4-1' here`: the player was told his game was gone."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters


def test_a_command_for_a_game_whose_game_yaml_is_mended_waits(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game_with_quitters(hall, ())
    path = hall.gm.games_dir / "wok4-1" / "game.yaml"
    kept = path.read_text(encoding="utf-8")
    path.write_text(kept.replace("map: small", "\tmap: small"), encoding="utf-8")

    hall.mail(address(1), "STATUS wok4-1")
    summary = hall.poll(hours=1)
    assert hall.new_mails(address(1)) == []
    assert summary.skipped == 1
    ((_key, why),) = summary.outcomes
    assert why.startswith("later: ")
    assert "game.yaml, line 5: not valid YAML" in why
    assert "(the mail waits in the inbox until it is mended)" in why
    assert len(list(hall.inbox.keys())) == 1

    path.write_text(kept, encoding="utf-8")
    hall.poll(hours=1)
    (status,) = hall.new_mails(address(1))
    assert "there is no game" not in status.body
    assert "Game wok4-1, turn 2." in status.body


def test_a_game_that_is_not_there_is_still_said_so(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game_with_quitters(hall, ())
    answer = hall.answer(address(1), "STATUS wok4-9")
    assert "there is no game 'wok4-9' here" in " ".join(answer.body.split())
