"""The order checks ask whose a province is from a set of the player's province ids made
once (``Holdings.held``): the same answers as the state's own provinces give, for every
province and player of random holdings, and for an attack line's target."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.builders import make_state
from wtg.rules.wok.ownership import MOVE_TO, Holdings, holder_words


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_held_provinces_answer_as_the_state(seed: int) -> None:
    rng = random.Random(seed)
    state = make_state(width=rng.randint(2, 6), height=rng.randint(2, 5), players=3)
    for province in state.provinces:
        province.owner = rng.choice((0, 1, 1, 2, 3))
    for player in (1, 2, 3):
        holdings = Holdings(state, player)
        target = rng.randint(1, len(state.provinces))
        holdings.attack_accepted(rng.randint(1, len(state.provinces)), target)
        for province in state.provinces:
            pid = province.id
            his = province.owner == player
            assert holdings.mine(pid) == his
            taken = pid == target
            refused = f"province {pid} {province.name} is not yours"
            refused += f"{holder_words(state, player, pid)}: {MOVE_TO}"
            expected = "" if his or taken else refused
            assert holdings.problem(pid, MOVE_TO) == expected
            assert holdings.problem(pid, MOVE_TO, by_attack=False) == ("" if his else refused)
            assert bool(holdings.note(pid)) == (taken and not his)
