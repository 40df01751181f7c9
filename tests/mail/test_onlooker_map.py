"""A WoK player who is out and holds no province (an onlooker, ruling 6 of
docs/rules/wok.md) reads only the game's news: his report leaves out YOUR PROVINCES and
BORDERS. His report mail still carried his map picture, which shows what his report tells
and no more (ruling 7): a board of fog he holds nothing on. It goes out without the
picture, and its note says why; a quitter who keeps provinces still gets his map."""

from __future__ import annotations

import json
from pathlib import Path

from tests.mail.loop import NOW, World
from tests.mail.maps import Drawing, parts, text_of
from tests.mail.test_map_note_without_form import quit_seats
from tests.mail.test_map_pictures import sent
from tests.rules.standard.test_duel import ANN_A, ANN_B, ANN_C, entries
from tests.shipped import STANDARD as RULESET
from wtg.core.board import Onlookers
from wtg.game.engine import create_game
from wtg.mail.outgoing.sender import send
from wtg.rules.wok.state import DEAD, WokState


def test_an_onlooker_s_report_mail_has_no_map_picture(tmp_path: Path) -> None:
    world = World(tmp_path)
    send(world.gm, now=NOW)  # turn 0
    quit_seats(world, 2, 3)
    path = world.game.store.root / "turns" / "0001" / "state.json"
    state = json.loads(path.read_text())
    for province in state["provinces"]:
        if province["owner"] == 3:
            province["owner"] = 0  # p03 quit and lost his last province
    path.write_text(json.dumps(state))
    drawing = Drawing()
    send(world.gm, now=NOW, picture=drawing)
    mails = sent(world)
    out = mails["report-g1-t0001-p03"]
    assert parts(out) == ["text/plain"]
    assert (world.game.config.game, 1, 3) not in drawing.calls
    note = " ".join(text_of(out).split()[-30:])
    assert note.endswith(
        "No map picture with this report: you hold no province, so your map would show"
        " nothing of yours."
    )
    assert "map-turn1.png" not in text_of(out)
    keeps = mails["report-g1-t0001-p02"]  # quit, his provinces stay (WoK IV)
    assert parts(keeps) == ["text/plain", "image/png"]
    assert parts(mails["report-g1-t0001-p01"]) == ["text/plain", "image/png"]


def test_a_duel_human_is_an_onlooker_only_once_all_his_colours_are(tmp_path: Path) -> None:
    """A Duel human sees all his colours on one map: one colour RIPed leaves him the
    others' provinces to see."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel")
    state = game.typed(RULESET).state()
    assert isinstance(game.ruleset, Onlookers)
    for done, colour in enumerate((ANN_A, ANN_B, ANN_C), start=1):
        for province in state.provinces:
            if province.owner == colour:
                province.owner = 0
        state.player(colour).status = DEAD
        state = WokState.from_dict(state.to_dict())  # its owners counted again
        assert game.ruleset.holds_nothing(state, 1) is (done == 3)
    assert not game.ruleset.holds_nothing(state, 2)
