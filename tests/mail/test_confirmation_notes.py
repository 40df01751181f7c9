"""The confirmation of an order mail says, line by line, what the turn will do with each
line: a line it will not carry out as written is never a plain "ok", nor an "ok" beside a
note that contradicts it (a spy line on a neutral province, an attack with more armies than
the province holds)."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, ann_and_bob
from wtg.rules.wok.state import WokState


def test_the_confirmation_says_what_the_turn_does_with_lines_it_cannot_run_as_written(
    tmp_path: Path,
) -> None:
    """Ann's start province has 12 ARM and only neutral neighbours: an attack with 30 ARM
    takes the 12 at most, and a spy line on a neutral runs only if another player takes it
    first (docs/rules/wok4.md, ruling 29)."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    state = game.state_view()
    assert isinstance(state, WokState)
    (home,) = [p for p in state.provinces if p.owner == ann.id]
    near, other = home.neighbours[0], home.neighbours[1]
    assert (home.arm, state.province(near).owner, state.province(other).owner) == (12, 0, 0)
    form = game.aof(ann.id)
    form = form.replace("A1: __   __ ___", f"A1: {home.id:02d}   {near:02d} 030")
    form = form.replace("S1: __   __ _  __", f"S1: {home.id:02d}   {other:02d} 1  02")
    hall.mail(ann.email, form)
    (outcome,) = [text for _key, text in hall.poll(hours=1).outcomes]
    assert outcome == f"stored: wok4-1 turn 1 player {ann.id}"
    (answer,) = hall.new_mails()
    said = " ".join(answer.body.split())  # the lines as words, however they were wrapped
    assert "WHAT WAS UNDERSTOOD (2 accepted, 0 rejected)" in said
    assert (
        f"ok A1: {home.id:02d} {near:02d} 030: attack 1 of 3; note: 12 ARM in province"
        f" {state.named(home.id)} now: this attack takes what is there when it runs, at most 12,"
        " not 30"
    ) in said
    assert (
        f"ok S1: {home.id:02d} {other:02d} 1 02: note: province {state.named(other)} is neutral"
        " now,"
        " and spying on a neutral province is not allowed: this line runs only if another"
        " player takes it before the spying; if nobody does, it is skipped and costs no spies"
    ) in said
    assert "spying on neutrals is not allowed" not in said
