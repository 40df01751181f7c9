"""A seat offered by mistake (the wrong game, the wrong seat of two that quit, a player who
wrote he comes back): `wtg offer-seat GAME N --withdraw` takes the offer back. Before, no
command did: the seat stayed in LIST for any stranger to JOIN and CONFIRM, and only an SQL
DELETE in the lobby's book ended it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tests.lobby.hall import GM, Hall, address
from tests.lobby.test_second_seat import game_with_quitters
from wtg.cli import main
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offered_seat


def wtg(hall: Hall, *args: str) -> Result:
    """`wtg ARGS` on the hall's host (its config written as the hall's, once)."""
    config = hall.gm.games_dir.parent / "wtg.yaml"
    if not config.exists():
        config.write_text(f'games_dir: games\nfrom: "{GM}"\n', encoding="utf-8")
    return CliRunner().invoke(main, ["--config", str(config), *args])


def test_an_offer_withdrawn_is_no_longer_taken(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game_with_quitters(hall, (2, 3))
    quitter = hall.game("wok4-1").config.player(2).email  # the list's seats are drawn
    assert wtg(hall, "offer-seat", "wok4-1", "2").exit_code == 0
    take = hall.answer(address(9), "JOIN wok4-1 AS Newcomer")

    result = wtg(hall, "offer-seat", "wok4-1", "2", "--withdraw")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "seat 2 of game wok4-1 no longer offered: a JOIN for it is refused, and so is the "
        "CONFIRM of one made before\n"
    )
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert offered_seat(book, "wok4-1") is None
    assert "offered:" not in wtg(hall, "lists").stdout

    refused = hall.answer(address(9), f"CONFIRM {take.code()}")
    assert "seat 2 of game wok4-1 is no longer offered" in refused.words, refused.body
    assert hall.game("wok4-1").config.player(2).email == quitter

    again = wtg(hall, "offer-seat", "wok4-1", "2", "--withdraw")
    assert again.exit_code == 1
    assert again.stderr == (
        f"wtg: seat 2 of game wok4-1 is not offered (`wtg --config {tmp_path / 'wtg.yaml'} "
        "lists` names the seats offered)\n"
    )
    assert wtg(hall, "offer-seat", "wok4-1", "3").exit_code == 0  # the seat meant
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert offered_seat(book, "wok4-1") == 3
