"""The forecast of a confirmation leaves the attacks to the turn (docs/mail.md): its table
of provinces still counts the armies the player's attacks send, at home. A player who
sent 10 of his 12 armies to attack and made 10 more read ARM 22 in the province 'after
this turn', and nothing said the 10 that leave were still in it. The line of what the
turn decides says so, when there is an attack."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of
from tests.shipped import INTERMEDIATE, WOK4


def confirmation(world: World, **lines: str) -> str:
    world.mail(world.aof(2, **lines), sender="p2@players.example")
    assert world.poll().filed == 1
    (raw,) = [raw for name, raw in world.outbox().items() if name.startswith("conf-")]
    return body_of(raw)


def test_the_forecast_says_its_table_counts_the_attacking_armies(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    home = next(p for p in world.game.typed(WOK4).state().provinces if p.owner == 2)
    assert home.arm == 12
    near = home.neighbours[0]
    text = confirmation(world, A1=f"{home.id} {near} 10", T1=f"{home.id} 2 40")
    table = text.split("FORECAST: ", 1)[1].splitlines()
    (row,) = [line for line in table if line.split()[:1] == [str(home.id)]]
    assert row.split()[4] == "22"  # ARM: 12 + 10 made, the 10 attacking still counted
    assert (
        "Decided when the turn runs: 1 attack (and everything the other players\n"
        "  do). The table still counts the armies your attacks send, where they\n"
        "  are now.\n"
    ) in text


def test_a_forecast_without_attacks_says_nothing_of_them(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    home = next(p for p in world.game.typed(WOK4).state().provinces if p.owner == 2)
    text = confirmation(world, T1=f"{home.id} 2 40", S1=f"{home.id} {home.neighbours[0]} 1 5")
    assert "Decided when the turn runs: 1 spy operation (and everything the other" in text
    assert "armies your attacks send" not in text


def test_intermediate_s_forecast_says_the_troops_its_attacks_send(tmp_path: Path) -> None:
    """Round 47's reading: Intermediate's attack line sends troops of every kind (its
    column is TRO, its tables YOUR TROOPS), and its forecast said 'the armies your attacks
    send'."""
    world = World(tmp_path, count=2, ruleset=("intermediate", "marchlands", {}))
    home = next(p for p in world.game.typed(INTERMEDIATE).state().provinces if p.owner == 2)
    text = confirmation(world, A1=f"{home.id} {home.neighbours[0]} 10")
    said = " ".join(text.split())
    assert "The table still counts the troops your attacks send, where they are now." in said
    assert "armies" not in text
