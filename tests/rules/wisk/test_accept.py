"""The AOF of a turn: what it offers, how its lines are checked, the canonical order file."""

from __future__ import annotations

from typing import Any

from tests.aof.reading import read_aof
from tests.rules.confirmations import confirmation
from tests.rules.wisk.helpers import (
    ALASKA,
    ALBERTA,
    JAPAN,
    KAMCHATKA,
    NW_TERRITORY,
    WILD_1,
    board_state,
    new_game,
    put,
)
from tests.shipped import WISK as RULESET
from wtg.aof.orderfile import entries_from_orders, orders_to_yaml
from wtg.aof.render import render_aof
from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wisk.state import WiskState

YAKUTSK = 29
HEADER = {"game": "test", "turn": 1, "player": 1, "code": "X"}

KAM_NAMED = f"Kamchatka ({KAMCHATKA})"
"""A territory as a player reads it, named and numbered."""
NW_NAMED = f"Northwest Territory ({NW_TERRITORY})"


def verdicts(state: WiskState, **sections: Any) -> list[tuple[bool, str]]:
    entries, bad, problems = entries_from_orders(RULESET.form, {"player": 1, "turn": 1, **sections})
    assert (bad, problems) == ([], [])
    acceptance = RULESET.accept(entries, state, 1)
    return [(v.accepted, v.reason) for v in acceptance.verdicts]


def state_with_cards() -> WiskState:
    state = board_state(owners={ALASKA: 1, ALBERTA: 1, JAPAN: 1})
    put(state, ALASKA, 1, 5)
    state.player(1).cards = [1, 2, 3, WILD_1]  # infantry, artillery, cavalry, wild
    return state


def test_the_order_file_has_the_contract_keys() -> None:
    """Issue 6: "The order file: trade (list of card triples), place (territory, armies),
    attack (from, to, dice, until, move), fortify (from, to, armies)." """
    state = state_with_cards()
    data: JsonObject = {
        "player": 1,
        "turn": 1,
        "trade": [[1, 2, 3]],
        "place": [{"territory": ALASKA, "armies": 3}],
        "attack": [{"from": ALASKA, "to": KAMCHATKA, "dice": 3, "until": 2, "move": 4}],
        "fortify": {"from": ALASKA, "to": ALBERTA, "armies": 1},
    }
    entries, bad, problems = RULESET.entries_from_dict(data)
    assert (bad, problems) == ([], [])
    acceptance = RULESET.accept(entries, state, 1)
    assert acceptance.rejected == []
    assert acceptance.orders == data
    assert "trade: [[1, 2, 3]]" in orders_to_yaml(acceptance.orders)


def test_trades_must_be_sets_of_cards_in_hand() -> None:
    state = state_with_cards()
    assert verdicts(state, trade=[[1, 2, WILD_1], [3, 5, 10]]) == [
        (True, ""),
        (False, "card 5 is not in your hand (you hold 1, 2, 3, 43)"),
    ]
    assert verdicts(state, trade=[[1, 2, 3], [1, 2, WILD_1]]) == [
        (True, ""),
        (False, "card 1 is traded on an earlier line"),
    ]
    state.player(1).cards = [1, 10, 2]  # infantry, infantry, artillery
    (verdict,) = verdicts(state, trade=[[1, 10, 2]])
    assert not verdict[0] and "is no set" in verdict[1]


def test_placing_needs_a_territory_of_ones_own() -> None:
    """Placing comes before any attack: only a territory the player holds already (ruling 19)."""
    state = state_with_cards()
    assert verdicts(
        state, place=[{"territory": KAMCHATKA, "armies": 2}, {"territory": 43, "armies": 1}]
    ) == [
        (
            False,
            f"territory {KAM_NAMED} is not yours (it is Bob's, player #2): armies are placed on"
            " your own territories (placing comes before any attack)",
        ),
        (False, "there is no territory 43 (territories are 1..42)"),
    ]


ATTACK_FROM = (
    "an attack starts from your own territory, or from one an earlier attack line of yours takes"
)


def test_attacks_are_checked_for_what_the_turn_cannot_mend() -> None:
    """ "You can attack other players' territories from your own territories. The offending
    territoriy must have more than 1 army and attacks an adjacent opponent's territory." """
    state = state_with_cards()
    result = verdicts(
        state,
        attack=[
            {"from": ALASKA, "to": JAPAN, "dice": 3, "until": 1, "move": 3},
            {"from": ALASKA, "to": KAMCHATKA, "dice": 4, "until": 1, "move": 3},
            {"from": ALASKA, "to": ALBERTA, "dice": 3, "until": 1, "move": 3},
            {"from": KAMCHATKA, "to": YAKUTSK, "dice": 2, "until": 1, "move": 3},
        ],
    )
    assert result == [
        (
            False,
            f"territory Japan ({JAPAN}) is not next to Alaska ({ALASKA})"
            " (its neighbours are 2, 4, 30)",
        ),
        (False, "roll 1 to 3 dice, not 4"),
        (
            False,
            f"territory Alberta ({ALBERTA}) is yours: nothing takes it from you in your own turn",
        ),
        (
            False,
            f"territory {KAM_NAMED} is not yours (it is Bob's, player #2): {ATTACK_FROM}",
        ),
    ]


def test_a_move_under_the_dice_says_more_may_move_in() -> None:
    """ "u must move at least the attacked dice number armies to that occupied territory":
    'A1: 1 30 3 1 1' was confirmed 'ok' and the report then said 3 armies moved in."""
    state = state_with_cards()
    put(state, ALASKA, 1, 9)
    attack = {"from": ALASKA, "to": KAMCHATKA, "dice": 3, "until": 1}
    assert verdicts(state, attack=[{**attack, "move": 1}]) == [
        (
            True,
            "note: MOVE 1 is under the 3 dice: if the territory falls, at least the dice"
            " of the last roll move in",
        )
    ]
    assert verdicts(state, attack=[{**attack, "move": 3}]) == [(True, "")]


def test_an_attack_may_start_from_a_territory_an_earlier_line_takes() -> None:
    """Ruling 13: "An attack may start from a territory an earlier attack of the same turn
    conquered"; ruling 19: only from one an EARLIER accepted line sets out to take, never
    from any other territory not the player's."""
    state = state_with_cards()
    result = verdicts(
        state,
        attack=[
            {"from": KAMCHATKA, "to": YAKUTSK, "dice": 2, "until": 1, "move": 3},
            {"from": ALASKA, "to": KAMCHATKA, "dice": 3, "until": 1, "move": 3},
            {"from": KAMCHATKA, "to": YAKUTSK, "dice": 2, "until": 1, "move": 3},
        ],
    )
    assert result == [
        (
            False,
            f"territory {KAM_NAMED} is not yours (it is Bob's, player #2): {ATTACK_FROM}",
        ),
        (True, ""),
        (
            True,
            f"note: territory {KAM_NAMED} is not yours now; your attack on it from Alaska"
            f" ({ALASKA}) may take it, and this line runs only if it does",
        ),
    ]


def test_the_fortification_may_use_a_territory_an_attack_line_takes() -> None:
    """ "After you have finished all your attacks, you can fortify your enemy from one of your
    territory the another of your own territory next to it": after the attacks, a territory
    an accepted attack line sets out to take may be named (with a note); another territory
    not the player's is rejected at once."""
    state = state_with_cards()
    attack = [{"from": ALASKA, "to": KAMCHATKA, "dice": 3, "until": 1, "move": 3}]
    back = {"from": KAMCHATKA, "to": ALASKA, "armies": 2}
    assert verdicts(state, attack=attack, fortify=back)[1] == (
        True,
        f"note: territory {KAM_NAMED} is not yours now; your attack on it from Alaska"
        f" ({ALASKA}) may take it, and this line runs only if it does",
    )
    assert verdicts(state, fortify=back) == [
        (
            False,
            f"territory {KAM_NAMED} is not yours (it is Bob's, player #2): you fortify between"
            " your own territories, or ones an attack line of yours takes",
        )
    ]
    into = {"from": ALASKA, "to": NW_TERRITORY, "armies": 2}
    assert verdicts(state, attack=attack, fortify=into)[1] == (
        False,
        f"territory {NW_NAMED} is not yours (it is Bob's, player #2): you fortify between"
        " your own territories, or ones an attack line of yours takes",
    )


def test_the_aof_round_trips_through_the_parser() -> None:
    state = state_with_cards()
    orders: JsonObject = {
        "trade": [[1, 2, 3]],
        "place": [{"territory": ALASKA, "armies": 7}],
        "attack": [{"from": ALASKA, "to": KAMCHATKA, "dice": 3, "until": 2, "move": 10}],
        "fortify": {"from": ALASKA, "to": ALBERTA, "armies": 1},
    }
    text = render_aof(RULESET.form, HEADER, orders, RULESET.form_context(state, 1))
    assert "T1: 01   02   03" in text
    outcome = read_aof(RULESET.form, text)
    assert outcome.problems == [] and outcome.bad == []
    acceptance = RULESET.accept(outcome.entries, state, 1)
    assert acceptance.orders == {"player": 1, "turn": 1, **orders}


def test_the_aof_tells_the_cards_and_the_armies_to_place() -> None:
    state = state_with_cards()
    context = RULESET.form_context(state, 1)
    text = render_aof(RULESET.form, HEADER, None, context)
    assert "your cards: 1=INF 2=ART 3=CAV 43=WIL" in " ".join(text.split())
    assert "the next set traded is worth 4" in text
    assert "PLACE your 3 new armies" in text
    claim = RULESET.form_context(new_game(3, assignment="claim"), 1)["place"]
    assert isinstance(claim, str) and claim.startswith("CLAIM:")
    semi = RULESET.form_context(new_game(3, assignment="semi"), 1)["place"]
    assert semi == "PLACE your remaining 21 starting armies on your territories"


def section_titles(text: str) -> list[str]:
    """Each section's title up to its first ':' (a section follows a blank line)."""
    lines = text.splitlines()
    follow = [lines[i + 1] for i, line in enumerate(lines[:-1]) if not line]
    return [title.split(":")[0] for title in follow if title != RULESET.form.end]


def test_the_rest_of_the_starting_armies_placed_short_is_said_as_in_play() -> None:
    """Ruling 20 in the initial assignment's one AOF (``--assignment semi``): a line asking
    for more starting armies than are left was confirmed as ok, and the forecast said
    "Would not run: place 20 on 41" beside "+11 on Western Australia (41)". The line gets
    the note of what it places, and the forecast shows it placed, as in play."""
    state = new_game(3, assignment="semi")
    mine = state.territories_of(1)
    assert state.player(1).to_place == 21
    lines: list[Json] = [
        {"territory": mine[0], "armies": 10},
        {"territory": mine[1], "armies": 20},
        {"territory": mine[2], "armies": 1},
    ]
    assert verdicts(state, place=lines) == [
        (True, ""),
        (
            True,
            f"note: only 11 armies are left to place on territory {mine[1]} when this line"
            " runs (you have 21 starting armies to place; your earlier place lines take"
            " theirs first): it places 11, not 20",
        ),
        (
            True,
            f"note: no armies are left to place on territory {mine[2]} when this line runs"
            " (you have 21 starting armies to place; your earlier place lines take theirs"
            " first): it places none",
        ),
    ]
    forecast: dict[str, Any] = RULESET.forecast(state, {"player": 1, "turn": 1, "place": lines}, 1)
    second = state.board.site(mine[1]).name
    assert forecast["lines"][1] == (
        f"+11 on {second} ({mine[1]}) (20 ordered; no more were left to place)"
    )
    assert [(s["order"], s["reason"]) for s in forecast["skipped"]] == [
        (f"place 1 on {mine[2]}", "no armies were left to place")
    ]


def test_the_initial_assignment_forms_hold_only_placements() -> None:
    """ "the initial assignment takes only placements": its forms leave trades, attacks and
    the fortification out, and say what happens to what the player leaves open."""
    blank = {"player": 1, "turn": 1}
    claim = render_aof(
        RULESET.form, HEADER, blank, RULESET.form_context(new_game(3, assignment="claim"), 1)
    )
    assert section_titles(claim) == ["CLAIM", "READY"]
    assert "Should all you list be taken, a free territory is claimed for you." in claim
    assert "T1:" not in claim and "A1:" not in claim and "F1:" not in claim
    semi = render_aof(
        RULESET.form, HEADER, blank, RULESET.form_context(new_game(3, assignment="semi"), 1)
    )
    assert section_titles(semi) == [
        "PLACE your remaining 21 starting armies on your territories",
        "READY",
    ]
    assert "placed for you on your front, as a robot would" in " ".join(semi.split())
    playing = render_aof(RULESET.form, HEADER, blank, RULESET.form_context(state_with_cards(), 1))
    assert [t.split()[0].rstrip(",") for t in section_titles(playing)] == [
        "TRADE",
        "PLACE",
        "ATTACK",
        "FORTIFY",
        "READY",
    ]


def test_placing_one_army_a_turn_says_so_on_the_form_and_in_the_notes() -> None:
    """ "players need to assignment the rest of the army to those previous claimed
    territories with 1 army in each turn": the form asks for one army, and lines asking
    for more, or after the first, get a note saying what happens to them."""
    state = new_game(3, assignment="claim")
    for tid, holding in enumerate(state.holdings, start=1):
        holding.owner, holding.armies = (tid % 3) + 1, 1
    for player in state.players:
        player.to_place = 21
    state.stage, state.turn = "place", 42
    mine = state.territories_of(1)
    blank = {"player": 1, "turn": 43}
    form = render_aof(RULESET.form, HEADER, blank, RULESET.form_context(state, 1))
    assert section_titles(form) == ["PLACE ONE of your 21 starting armies left", "READY"]
    words = " ".join(form.split())
    assert "territories of yours in order of choice, ARMIES 1; the first listed gets it" in words
    assert "Should you list none, it is placed for you on your front" in words
    lines = [{"territory": mine[0], "armies": 3}, {"territory": mine[1], "armies": 1}]
    assert verdicts(state, place=lines) == [
        (True, "note: one army a turn; 1 is placed here, not 3"),
        (True, "note: one army a turn; it goes on the first territory you list"),
    ]


def test_a_claim_may_name_a_taken_territory_with_a_note() -> None:
    state = new_game(3, assignment="claim")
    state.holdings[ALASKA - 1].owner = 2
    assert verdicts(
        state, place=[{"territory": ALASKA, "armies": 1}, {"territory": JAPAN, "armies": 0}]
    ) == [
        (True, f"note: territory {ALASKA} is taken; a later line may be claimed instead"),
        (True, ""),
    ]


def test_forecast_of_trades_and_placements() -> None:
    state = state_with_cards()
    orders: JsonObject = {
        "player": 1,
        "turn": 1,
        "trade": [[1, 2, 3]],
        "place": [{"territory": ALASKA, "armies": 7}],
    }
    forecast = RULESET.forecast(state, orders, 1)
    assert forecast["lines"] == [
        "cards 1 2 3 traded: 4 armies",
        "+2 on Alaska (1) (card bonus: a card traded shows this territory)",  # Alaska's card
        "+7 on Alaska (1)",
    ]
    assert forecast["after"] == ["Alaska (1): 14 armies"]
    assert forecast["later"] == []


def test_forecast_of_a_claim_names_the_territory_claimed() -> None:
    state = new_game(3, assignment="claim")
    state.holdings[ALASKA - 1].owner = 2  # taken: the next choice is claimed
    orders: JsonObject = {
        "player": 1,
        "turn": 1,
        "place": [{"territory": ALASKA, "armies": 1}, {"territory": JAPAN, "armies": 1}],
    }
    forecast = RULESET.forecast(state, orders, 1)
    assert forecast["claim"] is True
    assert forecast["lines"] == [f"Japan ({JAPAN}) claimed"]
    assert forecast["after"] == [f"Japan ({JAPAN}): 1 army"]


def test_the_initial_assignment_takes_only_placements() -> None:
    state = new_game(3, assignment="semi")
    mine = state.territories_of(1)[0]
    result = verdicts(
        state,
        place=[{"territory": mine, "armies": 21}],
        attack=[
            {
                "from": mine,
                "to": state.board.site(mine).neighbours[0],
                "dice": 3,
                "until": 1,
                "move": 3,
            }
        ],
        ready=True,
    )
    assert result == [
        (True, ""),
        (False, "the initial assignment takes only placements"),
        (True, ""),
    ]


def test_checking_and_forecasting_leave_the_state_alone() -> None:
    """A poll checks many orders against one shared state (``Game.state_view``)."""
    state = state_with_cards()
    before = RULESET.state_to_dict(state)
    orders: JsonObject = {
        "player": 1,
        "turn": 1,
        "trade": [[1, 2, 3]],
        "place": [{"territory": ALASKA, "armies": 7}],
    }
    entries, _, _ = RULESET.entries_from_dict(orders)
    RULESET.accept(entries, state, 1)
    RULESET.forecast(state, orders, 1)
    assert RULESET.state_to_dict(state) == before


def test_a_place_line_over_the_armies_left_says_what_it_places() -> None:
    """ "for every 3 territories occupied, 1 army ... 3 armies is the minimum": three
    territories give 3 armies. The turn places what is left (ruling 20), so a line asking
    for more is kept, and its note says how many it places, or that it places none."""
    state = board_state(owners={ALASKA: 1, ALBERTA: 1, JAPAN: 1})
    lines = [
        {"territory": ALASKA, "armies": 2},
        {"territory": JAPAN, "armies": 5},
        {"territory": ALBERTA, "armies": 1},
    ]
    assert verdicts(state, place=lines) == [
        (True, ""),
        (
            True,
            f"note: only 1 army is left to place on territory {JAPAN} when this line runs (you"
            " get 3 this turn; your earlier place lines take theirs first): it places 1, not 5",
        ),
        (
            True,
            f"note: no armies are left to place on territory {ALBERTA} when this line runs (you"
            " get 3 this turn; your earlier place lines take theirs first): it places none",
        ),
    ]
    # a trade's set gives 4 more to place (its card bonus goes on Alaska by itself)
    state.player(1).cards = [1, 2, 3]
    lines[1]["armies"] = 4
    assert verdicts(state, trade=[[1, 2, 3]], place=lines) == [(True, "")] * 4


def test_the_forecast_shows_a_short_placement_as_placed_not_as_would_not_run() -> None:
    """The confirmation of a placement over the armies left said "Would not run: place 5 on
    33" beside "+1 on Japan (33)". The line runs, with what is left: the forecast says so."""
    state = board_state(owners={ALASKA: 1, ALBERTA: 1, JAPAN: 1})
    orders: JsonObject = {
        "player": 1,
        "turn": 1,
        "place": [
            {"territory": ALASKA, "armies": 2},
            {"territory": JAPAN, "armies": 5},
            {"territory": ALBERTA, "armies": 1},
        ],
    }
    forecast: dict[str, Any] = RULESET.forecast(state, orders, 1)
    assert forecast["lines"] == [
        "+2 on Alaska (1)",
        f"+1 on Japan ({JAPAN}) (5 ordered; no more were left to place there)",
    ]
    assert [(s["order"], s["reason"]) for s in forecast["skipped"]] == [
        (f"place 1 on {ALBERTA}", "no armies were left to place there")
    ]
    text = confirmation(RULESET.name, state.player(1), forecast, game="g", turn=1, accepted=3)
    assert f"Would not run: place 5 on {JAPAN}" not in text
    assert f"Would not run: place 1 on {ALBERTA}" in text


def test_the_confirmation_of_placements_keeps_to_78_columns_and_says_only_what_is_so() -> None:
    """A player's trial: holding Australia, 'P1: 41 13' then 'P2: 39 2' was noted 'a
    continent's bonus goes only on its own territories', though 39 is in Australia and no
    bonus of another continent was left; the forecast's 'Then:' line of four territories
    was 120 columns wide; and the line that got nothing was 'only 0 armies were left'."""
    australia = {39: 1, 40: 1, 41: 1, 42: 1}
    state = board_state(owners={ALASKA: 1, ALBERTA: 1, JAPAN: 1, KAMCHATKA: 1, **australia})
    lines = [{"territory": 41, "armies": 5}, {"territory": 39, "armies": 2}]
    assert verdicts(state, place=lines) == [
        (True, ""),
        (
            True,
            "note: no armies are left to place on territory 39 when this line runs (you get 5"
            " this turn; your earlier place lines take theirs first): it places none",
        ),
    ]
    ones: list[Json] = [{"territory": t, "armies": 1} for t in (ALASKA, ALBERTA, JAPAN)]
    orders: JsonObject = {"player": 1, "turn": 1, "place": [*ones, {"territory": 41, "armies": 2}]}
    forecast: dict[str, Any] = RULESET.forecast(state, orders, 1)
    assert [(s["order"], s["reason"]) for s in forecast["skipped"]] == []
    text = confirmation(RULESET.name, state.player(1), forecast, game="g", turn=1, accepted=7)
    assert max(len(line) for line in text.splitlines()) <= 78
    words = " ".join(text.split())
    assert "Then: Alaska (1): 2 armies; Alberta (4): 2 armies;" in words
    assert "Japan (33): 2 armies; Western Australia (41): 3 armies." in words


def test_the_forecast_says_a_trade_made_for_five_cards() -> None:
    """Ruling 8: at five cards the turn trades sets for the player. The confirmation of a
    form with no trade line forecast 'cards 1 2 3 traded: 4 armies' as if he had written
    it; it says the set is traded for him."""
    state = board_state(owners={ALASKA: 1, ALBERTA: 1, JAPAN: 1})
    state.player(1).cards = [1, 2, 3, 10, 11]
    place: list[Json] = [{"territory": ALASKA, "armies": 3}]
    forecast: dict[str, Any] = RULESET.forecast(state, {"player": 1, "turn": 1, "place": place}, 1)
    assert forecast["lines"][0] == (
        "cards 1 2 3 traded: 4 armies (you hold five cards or more: a set is traded for you)"
    )
    state.player(1).cards = [1, 2, 3, 10]
    written: JsonObject = {"player": 1, "turn": 1, "trade": [[1, 2, 3]], "place": place}
    own: dict[str, Any] = RULESET.forecast(state, written, 1)
    assert own["lines"][0] == "cards 1 2 3 traded: 4 armies"


def test_a_claim_or_a_one_army_placement_may_leave_armies_blank() -> None:
    """A claim takes one army whatever ARMIES says, and so does a placement of one army a
    turn ("ARMIES 1" on the form): the form required ARMIES on a place line, so a player's
    `P1: 12` with ARMIES left blank was rejected ("fill in all of TERR ARMIES, or none") and
    his first choice lost. Left blank it is taken; in play, a place line still needs it."""
    claim = new_game(3, assignment="claim")
    blank = {"player": 1, "turn": 1}
    form = render_aof(RULESET.form, HEADER, blank, RULESET.form_context(claim, 1))
    filled = form.replace("P1:  __ ", f"P1:  {JAPAN:02d} ", 1)
    assert filled != form
    outcome = read_aof(RULESET.form, filled)
    assert outcome.problems == [] and outcome.bad == []
    acceptance = RULESET.accept(outcome.entries, claim, 1)
    assert acceptance.orders["place"] == [{"territory": JAPAN}]
    assert [(v.accepted, v.reason) for v in acceptance.verdicts] == [(True, "")]
    assert RULESET.forecast(claim, acceptance.orders, 1)["lines"] == [f"Japan ({JAPAN}) claimed"]
    playing = state_with_cards()
    assert verdicts(playing, place=[{"territory": ALASKA}]) == [
        (False, "write how many ARMIES to place there")
    ]


def test_the_attack_section_says_every_field_must_be_filled_in() -> None:
    """`A1: 30 1 3` (UNTIL and MOVE left blank) is refused ("fill in all of FROM TO DICE
    UNTIL MOVE, or none"), and the form did not say these blanks were needed: the attack
    section's help says so above its lines."""
    playing = state_with_cards()
    blank = {"player": 1, "turn": playing.turn}
    form = render_aof(RULESET.form, HEADER, blank, RULESET.form_context(playing, 1))
    section = form[form.index("ATTACK, in this order") : form.index("A1:")]
    assert "Fill in all five, FROM TO DICE UNTIL MOVE: a line with one left blank is refused." in (
        " ".join(section.split())
    )
    filled = form.replace("A1:  __   __ _ ", f"A1:  {KAMCHATKA:02d}   {ALASKA:02d} 3 ", 1)
    assert filled != form
    outcome = read_aof(RULESET.form, filled)
    assert [v.reason for v in outcome.bad] == [
        "the UNTIL and MOVE fields are blank (fill in all of FROM TO DICE UNTIL MOVE, or none)"
    ]
