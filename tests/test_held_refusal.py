"""A held game's `run-turn` refusal names both ways on: `wtg release` and `--force` (as the
other refusals of `run-turn` name the option that runs the turn all the same)."""

from __future__ import annotations

from pathlib import Path

from tests.test_gm_controls import head, make, run


def test_the_hold_refusal_names_release_and_force(tmp_path: Path) -> None:
    make(tmp_path / "games")
    run(tmp_path, "hold", "g1", "--reason", "a bug in the rules")
    refused = run(tmp_path, "run-turn", "g1", code=1)
    assert refused.output.count("\n") == 1
    assert refused.output.rstrip().endswith(
        f": `{head(tmp_path)} release g1` lets its turns run again, or `{head(tmp_path)} "
        "run-turn g1 --force` runs this one turn all the same (the game stays held)"
    )
    # as the refusal says (turn 0 not mailed yet: --unmailed, as that refusal says in turn)
    forced = run(tmp_path, "run-turn", "g1", "--force", "--unmailed")
    assert forced.output.startswith("turn 1 of game g1 resolved")
    assert (tmp_path / "games" / "g1" / "held.json").is_file()


def test_a_held_rerun_refusal_names_the_rerun_with_force(tmp_path: Path) -> None:
    make(tmp_path / "games")
    run(tmp_path, "run-turn", "g1", "--unmailed")
    run(tmp_path, "hold", "g1", "--reason", "orders to correct")
    refused = run(tmp_path, "run-turn", "g1", "--rerun", code=1)
    assert (
        f"`{head(tmp_path)} run-turn g1 --rerun --force` runs the last turn again all the same"
        in (refused.output)
    )
    forced = run(tmp_path, "run-turn", "g1", "--rerun", "--unchanged", "--force")
    assert forced.output.startswith("turn 1 of game g1 rerun")
