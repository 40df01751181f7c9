"""WoK IV: a player who quit "can not re-enter this specific game". A quitter whose seat a
newcomer took over was no longer a player of the game by game.yaml, so he could take over
another seat it offered (JOIN, CONFIRM) and play on in the game he had left."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters, newcomer_takes, offer


def test_a_quitter_whose_seat_was_taken_over_cannot_take_another(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (3, 4))
    quitter = game.config.player(4)
    offer(hall, 4)
    newcomer_takes(hall, 4)
    offer(hall, 3)
    refused = hall.answer(quitter.email, "JOIN wok4-1")
    # before: 'You asked to take over seat 3 of game wok4-1 ... CONFIRM <code>'
    assert "CONFIRM" not in refused.subject
    assert (
        "you left game wok4-1 (seat 4): a player who quit can not re-enter the game he left"
        in refused.words
    )
    assert hall.game("wok4-1").config.player(3).email != quitter.email


def test_a_quitter_asking_for_his_own_seat_is_told_he_left(tmp_path: Path) -> None:
    """His seat offered, not yet taken: game.yaml still has his address there, and he was
    refused as one who plays it ('you play seat 4 of game wok4-1 already')."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    quitter = game.config.player(4)
    offer(hall, 4)
    refused = hall.answer(quitter.email, "JOIN wok4-1")
    assert "you play seat" not in refused.words
    assert "you left game wok4-1 (seat 4)" in refused.words
