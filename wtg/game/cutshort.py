"""A game whose `wtg new-game` was killed after its game.yaml and before its turn 0
(``engine.cut_short``), given again: what the settings given now change of those it was
made with. The seed and the players' codes count only where the command gives them (left
to chance, the killed run's stand)."""

from __future__ import annotations

from collections.abc import Sequence

from wtg.game.gameconfig import GameConfig
from wtg.game.schedule import Schedule


def differences(
    kept: GameConfig, wanted: GameConfig, seeded: bool, coded: Sequence[bool]
) -> list[str]:
    """What ``wanted`` changes of ``kept``, a few words each (empty: the same game).
    ``seeded``: the seed was given; ``coded``: whether each player's code was."""

    def seats(config: GameConfig) -> list[tuple[object, ...]]:
        return [
            (p.id, p.name, p.email, p.share_address, p.code if given else "")
            for p, given in zip(config.players, coded, strict=False)
        ] + [(len(config.players),)]

    def plan(schedule: Schedule | None) -> tuple[object, ...] | None:
        return None if schedule is None else (schedule.every_days, schedule.at, schedule.timezone)

    return [
        what
        for what, same in (
            ("another ruleset", kept.ruleset == wanted.ruleset),
            ("another variant", kept.variant == wanted.variant),
            ("another map", kept.map == wanted.map),
            ("another seed", not seeded or kept.seed == wanted.seed),
            ("other players", seats(kept) == seats(wanted)),
            ("other options", dict(kept.options) == dict(wanted.options)),
            ("other deadlines", plan(kept.schedule) == plan(wanted.schedule)),
            ("other map pictures", kept.map_pictures == wanted.map_pictures),
        )
        if not same
    ]
