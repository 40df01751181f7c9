"""Standard's text counts its gold after the number, in lower case ("no gold", "costs 100
gold", "steal 10 gold"). A report said ``Gold: 34`` on its status line, ``34 gold`` of
what the workers made and ``gold 12`` of a spied empire, and the confirmation's forecast
``gold 34``: one amount, three ways. Each says ``34 gold``."""

from __future__ import annotations

from tests.rules.builders import FixedRng, empty, orders, run_standard, spy
from tests.rules.confirmations import confirmation
from tests.rules.standard.test_spying import CONFIG, SPY_PLAYER, YES, setup
from tests.shipped import STANDARD as RULESET
from wtg.game.report import report_text


def test_every_amount_of_gold_is_said_as_the_text_says_it() -> None:
    state = setup()
    state.player(1).gold, state.player(2).gold = 34, 12
    empty(state, 3, 1, wok=20, aim="MIN")
    result = run_standard(state, orders(1, spy=[spy(1, 2, SPY_PLAYER, 5)]), rng=FixedRng(YES))
    events = [e.to_dict() for e in result.events]
    text = report_text(RULESET, CONFIG, result.state, events, 1, aof="")
    said = " ".join(text.split())
    me = result.state.player(1)
    assert f"Status: ACTIVE   EFF: {me.eff}%   {me.gold} gold   Tech level: 0" in text
    assert "Your workers made: 20 gold." in said
    assert f"; EFF {result.state.player(2).eff}%, 12 gold, tech level 0." in said
    assert "Gold" not in text and "gold 12" not in said
    forecast = RULESET.forecast(result.state, {"player": 1}, 1)
    mail = confirmation(RULESET.name, me, forecast, game="g", turn=7, accepted=0)
    assert f"%, {forecast['gold']} gold, tech level 0." in mail  # what the mines add
