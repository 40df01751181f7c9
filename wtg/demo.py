"""The demo: a 10-player WoK IV game played by the built-in strategy through real AOF text."""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

from wtg.aof.render import render_aof
from wtg.engine import Game, create_game
from wtg.gameconfig import PlayerEntry
from wtg.rules.wok4.strategy import plan_orders

NAMES = (
    "Aldric",
    "Brenna",
    "Caspian",
    "Delphine",
    "Eamon",
    "Fenna",
    "Gideon",
    "Halvard",
    "Isolde",
    "Joran",
)
QUITTER = 10
"""The demo's player 10 stops sending orders after turn 2, to show the QUIT rule."""


def demo_players() -> list[PlayerEntry]:
    return [
        PlayerEntry(id=i, name=name, email=f"{name.lower()}@example.org", code=f"DEMO{i:04d}")
        for i, name in enumerate(NAMES, start=1)
    ]


def filled_aof(game: Game, player: int) -> str:
    """The player's AOF, filled in by the strategy, as the player would mail it."""
    state = game.state()
    rng = random.Random(f"demo:{game.config.seed}:{state.turn}:{player}")
    orders = plan_orders(state, player, rng)
    header = {
        "game": game.config.game,
        "turn": state.turn + 1,
        "player": player,
        "code": game.config.player(player).code,
    }
    context = game.ruleset.form_context(state, player)
    return render_aof(game.ruleset.form, header, orders, context)


def run_demo(out_dir: Path, turns: int, seed: int, echo: Callable[[str], None]) -> None:
    game_dir = out_dir / "demo"
    if game_dir.exists():
        shutil.rmtree(game_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    game = create_game(game_dir, "wok4", "classic60", demo_players(), seed)
    echo(f"Created a 10-player WoK IV game on the 60-province map in {game_dir} (seed {seed}).")
    for _ in range(turns):
        state = game.state()
        if game.ruleset.is_over(state):
            break
        inbox = out_dir / "aofs-sent" / f"turn-{state.turn + 1:02d}"
        inbox.mkdir(parents=True, exist_ok=True)
        rejected = 0
        for pid in game.ruleset.owing(state):
            if pid == QUITTER and state.turn >= 2:
                continue
            text = filled_aof(game, pid)
            (inbox / f"p{pid:02d}.txt").write_text(text, encoding="utf-8")
            submission = game.submit(text)
            rejected += sum(1 for v in submission.verdicts if not v.accepted)
        turn = game.run_turn()
        leader = game.ruleset.topten(game.state())[0]
        echo(
            f"turn {turn:2d}: orders parsed ({rejected} lines rejected); "
            f"leader {leader.name} with {leader.score} points and {leader.provinces} provinces"
        )
    reports = out_dir / "reports"
    if reports.exists():
        shutil.rmtree(reports)
    for turn in game.store.turns():
        shutil.copytree(game.store.turn_dir(turn) / "reports", reports / f"turn-{turn:02d}")
    shutil.copyfile(game.store.turn_dir(game.latest_turn()) / "topten.txt", out_dir / "topten.txt")
    echo(
        f"Reports: {reports}/turn-NN/pNN.txt; the AOFs sent: {out_dir}/aofs-sent; "
        f"Top Ten: {out_dir}/topten.txt"
    )
