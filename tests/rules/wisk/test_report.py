"""The report: the public battle log and map for everyone; cards and mission for their owner."""

from __future__ import annotations

import random

from tests.rules.wisk.helpers import (
    ALASKA,
    JAPAN,
    KAMCHATKA,
    Dice,
    attack,
    board_state,
    give_cards,
    new_game,
    put,
    run,
    run_with,
)
from tests.shipped import WISK as RULESET
from wtg.core.jsondata import Json
from wtg.core.ruleset import GameSetup
from wtg.game.gameconfig import GameConfig, PlayerEntry
from wtg.game.report import report_text
from wtg.rules.wisk.state import DEAD

CONFIG = GameConfig(
    game="test",
    ruleset="wisk",
    map="classic",
    seed=1,
    players=(
        PlayerEntry(1, "Ann", "a@example.org", "A1"),
        PlayerEntry(2, "Bob", "b@example.org", "B2"),
    ),
)
THREE = GameConfig(
    game="test",
    ruleset="wisk",
    map="classic",
    seed=1,
    players=(*CONFIG.players, PlayerEntry(3, "Cy", "c@example.org", "C3")),
)
"""CONFIG and a third player, Cy."""


def reports() -> tuple[str, str]:
    state = board_state(owners={ALASKA: 1, JAPAN: 1}, missions=True)
    put(state, ALASKA, 1, 10)
    put(state, KAMCHATKA, 2, 1)
    give_cards(state, 1, ALASKA, 44)
    state.player(1).mission = 8  # occupy 24 territories
    give_cards(state, 2, 7)
    orders = {
        "place": [{"territory": JAPAN, "armies": 3}],
        "attack": [attack(ALASKA, KAMCHATKA, move=5)],
    }
    result = run_with(state, orders, Dice(6, 5, 4, 1, *([1] * 10)))
    events = [e.to_dict() for e in result.events]
    ann = report_text(RULESET, CONFIG, result.state, events, 1, aof="")
    bob = report_text(RULESET, CONFIG, result.state, events, 2, aof="")
    return ann, bob


def test_everyone_reads_the_battle_and_the_map() -> None:
    ann, bob = reports()
    for text in (ann, bob):
        assert "THE MAP" in text
        assert "  30 Kamchatka              Ann" in text
        assert "    6 5 4 against 1" in text
    assert "- You attacked Kamchatka (30) of Bob (player #2) from Alaska (1)" in ann
    # the reader's own territory is 'your Kamchatka (30)': 'Kamchatka (30) of you' read as
    # a word left out
    assert "- Ann (player #1) attacked your Kamchatka (30) from Alaska (1): 1 roll," in bob
    assert "of you" not in bob


def test_the_map_s_columns_are_named_over_it() -> None:
    """The map's rows read `  30 Kamchatka  Ann  5  next to 1 29 31 32 33` under no
    heading: which number was the armies a new player had to guess (on a phone, without
    a fixed font, the columns do not even line up). A heading names them; ARMIES ends
    where the numbers do."""
    ann, _ = reports()
    lines = ann.splitlines()
    head = lines.index("THE MAP") + 1
    assert lines[head].split() == ["ID", "TERRITORY", "OWNER", "ARMIES", "NEIGHBOURS"]
    row = next(line for line in lines if line.startswith("  30 Kamchatka"))
    armies = lines[head].index("ARMIES") + len("ARMIES")
    assert row[:armies].split()[-1] == "5"  # the 5 that moved in
    # players40: the neighbours under NEIGHBOURS, without "next to" (said twice), so that
    # a row of six of them (Ukraine, Middle East) fits a phone's 72 columns
    assert row[armies:].split() == ["1", "29", "31", "32", "33"], row
    assert lines[head].index("NEIGHBOURS") == armies + 2
    rows = lines[head + 1 : lines.index("PLAYERS") - 1]
    assert len(rows) == 42 + 6, rows  # the territories and the continents' lines
    assert max(len(line) for line in rows) <= 72
    assert not any("next to" in line for line in rows)


def test_a_battle_says_who_lost_what_where() -> None:
    """'attacker lost 0, defender lost 1' named no one: the reader had to work out which
    side he was, and where the armies fell. The players are named by name alone there:
    the line named each with his number already."""
    ann, bob = (" ".join(text.split()) for text in reports())  # as read, across its wraps
    lost = "lost 0 armies in Alaska (1), {} lost 1 army in Kamchatka (30). Kamchatka (30) fell"
    assert f"1 roll, you {lost.format('Bob')}" in ann
    assert f"1 roll, Ann {lost.format('you')}" in bob
    assert "attacker lost" not in ann + bob


def test_the_dice_of_a_battle_are_said_once_whose_they_are() -> None:
    """A battle's rolls read '6 5 4 against 1' and nothing said whose dice came first, nor
    how they were compared ("Only the same number of dice rolling result will be counted
    from both sides, comparied with the biggest dices"): a line under the events says it,
    once, in the report of a turn with a battle."""
    ann, bob = reports()
    said = (
        "Under each attack, a roll a line: the attacker's dice against the defender's, "
        "highest first; the highest of each side are compared, then the next (a tie goes to "
        "the attacker)."
    )
    for text in (ann, bob):
        assert "    6 5 4 against 1\n" in text
        assert " ".join(text.split()).count(said) == 1


def test_cards_and_mission_only_in_ones_own_report() -> None:
    ann, bob = reports()
    assert "Your cards: 1 = infantry (Alaska, yours); 2 = artillery" in ann
    assert "; 44 = wild." in " ".join(ann.split())
    assert "Your secret mission: occupy 24 territories." in ann
    # the card drawn said with the draw: it was '- You drew a card for conquering.' above
    # '- Your new card: 2 (artillery, Northwest Territory).', two lines of one draw
    assert "- You drew a card for conquering: 2 (artillery, Northwest Territory).\n" in ann
    assert "Your new card:" not in ann + bob
    assert "Your cards: 7 = artillery" in bob
    assert "Alaska, yours" not in bob and "secret mission" not in bob
    assert "Ann (player #1) drew a card for conquering." in bob


def test_the_report_of_turn_zero() -> None:
    setup = GameSetup(game="test", map="classic", seed=1, players=(), options={"robots": 2})
    state = RULESET.new_game(setup, random.Random(1)).state
    text = report_text(RULESET, CONFIG, state, [], 1, aof="")
    assert "The game begins." in text
    assert "Next to move: you." in text


def test_the_report_says_who_moves_first() -> None:
    """Issue 30: the first mover's edge is measured (bench/bench_robots.py), so every report
    names the player who moves first in each round. It said '..., and every round of turns
    starts with that seat', a word of the turn generator's a player never met."""
    ann, bob = reports()
    assert "Moves first in every round of turns: you." in ann
    assert "Moves first in every round of turns: Ann (player #1)." in bob
    assert "seat" not in ann + bob


def test_a_turn_a_robot_played_for_the_reader_says_your_turn() -> None:
    """A player's trial: his own turn, played by a robot while he sent nothing, read
    "- Turn of you, played by a robot (no orders came)." The reader's own turn is now
    "Your turn"; the others' still "Turn of <name> (player <n>)"."""
    config = THREE
    state = new_game(3, missing="robot")
    result = RULESET.resolve(state, {}, random.Random(1))
    events = [e.to_dict() for e in result.events]
    mine = report_text(RULESET, config, result.state, events, 1, aof="")
    theirs = report_text(RULESET, config, result.state, events, 2, aof="")
    assert "- Your turn, played by a robot (no orders came).\n" in mine
    assert "Turn of you" not in mine
    name = result.state.player(1).name
    assert f"- Turn of {name} (player #1), played by a robot (no orders came).\n" in theirs


def test_a_starting_placement_nobody_sent_says_so() -> None:
    """Ruling 16: the starting armies cannot wait. A player who sent nothing in the
    semi-automatic placement read only '- You placed 21 on Southern Europe (19) (left
    over).', as if he had placed them; his report and everyone's say he sent no orders and
    the armies were placed for him."""
    state = new_game(2, assignment="semi")
    result = RULESET.resolve(state, {}, random.Random(1))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    theirs = " ".join(report_text(RULESET, CONFIG, result.state, events, 2, aof="").split())
    said = "sent no orders: the starting armies cannot wait, so the armies due were placed as a"
    assert f"- You {said} robot would." in mine
    assert f"- Ann (player #1) {said} robot would." in theirs
    claim = new_game(2, assignment="claim")
    result = RULESET.resolve(claim, {}, random.Random(1))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    assert "- You sent no orders: the starting armies cannot wait, so a territory was" in mine
    assert "a territory was claimed as a robot would." in mine
    assert "(chosen for you)" in mine


def test_a_place_line_that_got_fewer_armies_is_told_as_placed() -> None:
    """Ruling 20: a line that gets fewer armies is reported with what it got. The report
    said '- Not done: place 5 on 33: only 1 army was left to place there.' and then '- You
    placed 1 on Japan (33).', two orders where the player wrote one; the confirmation's
    forecast said it as one. The reader's report says it as the forecast does; the others
    read the placement alone, as before; a line that got nothing is still not done."""
    state = board_state(owners={ALASKA: 1, JAPAN: 1, KAMCHATKA: 1})
    lines: list[Json] = [
        {"territory": ALASKA, "armies": 2},
        {"territory": JAPAN, "armies": 5},
        {"territory": KAMCHATKA, "armies": 1},
    ]
    result = RULESET.resolve(state, {1: {"player": 1, "turn": 1, "place": lines}}, random.Random(1))
    events = [e.to_dict() for e in result.events]
    ann = report_text(RULESET, CONFIG, result.state, events, 1, aof="")
    bob = report_text(RULESET, CONFIG, result.state, events, 2, aof="")
    assert "- You placed 2 on Alaska (1).\n" in ann
    assert (
        "- You placed 1 on Japan (33) (5 ordered; no more were left to\n  place there).\n"
    ) in ann  # a sentence of 77 columns, broken at a phone's 72
    assert "Not done: place 5 on 33" not in ann
    assert "- Not done: place 1 on 30: no armies were left to place there.\n" in ann
    assert "- Ann (player #1) placed 1 on Japan (33).\n" in bob


def test_the_deadline_is_said_as_the_player_to_move_s() -> None:
    """A player's trial: while it was Oz's turn, Pam's report ended 'Orders are due by Sat
    05 Dec 2026 18:00 UTC.', as if she owed orders; each turn is one player's, and so is
    its deadline. The player to move reads that his orders are due; the others whose they
    are, and that they give none before their own turn; a robot's turn runs at once."""
    state = new_game(2)
    when = "Sat 05 Dec 2026 18:00 UTC"
    mover = report_text(RULESET, CONFIG, state, [], 1, aof="", deadline=when)
    other = report_text(RULESET, CONFIG, state, [], 2, aof="", deadline=when)
    assert f"\nYour orders are due by {when}.\n" in mover
    assert "Orders are due by" not in other
    assert (
        f"Next to move is Ann (player #1), whose orders are due by {when}; you have no"
        " orders to give before your own turn." in " ".join(other.split())
    )
    state.player(1).robot = True
    other = report_text(RULESET, CONFIG, state, [], 2, aof="", deadline=when)
    assert "\nNext to move is Ann (player #1), a robot: its turn runs at once.\n" in other
    assert when not in other


def test_an_eliminated_first_mover_is_not_told_he_moves_first() -> None:
    """A player knocked out read "Moves first: you" in every later report, though he moves
    no more; every round now starts with the next seat clockwise still in the game."""
    config = THREE
    state = board_state(players=3, owners={ALASKA: 3, JAPAN: 3})
    state.player(1).status = DEAD
    state.active = 2
    out = report_text(RULESET, config, state, [], 1, aof="")
    bob = report_text(RULESET, config, state, [], 2, aof="")
    assert "Moves first in every round of turns: you." not in out
    assert "Moves first in every round of turns: Bob (player #2)." in out
    assert "Moves first in every round of turns: you." in bob


def test_armies_moved_in_other_than_ordered_say_why() -> None:
    """ "u must move at least the attacked dice number armies to that occupied territory
    and left one army in your home territory": MOVE 1 after a roll of 3 dice moved 3 in,
    and the report said '3 armies moved in' beside the order's 1, nothing of the rule that
    made it 3 (the form's help says it, the report did not). MOVE 99 of 10 armies moves 9
    in, and '1 stayed' says why."""
    texts = []
    for move, left in ((1, 7), (99, 1)):
        state = board_state(owners={ALASKA: 1, JAPAN: 1})
        put(state, ALASKA, 1, 10)
        put(state, KAMCHATKA, 2, 1)
        orders = {
            "place": [{"territory": JAPAN, "armies": 3}],
            "attack": [attack(ALASKA, KAMCHATKA, move=move)],
        }
        result = run_with(state, orders, Dice(6, 5, 4, 1))
        events = [e.to_dict() for e in result.events]
        ann = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
        bob = " ".join(report_text(RULESET, CONFIG, result.state, events, 2, aof="").split())
        assert f"moved in, {left} stayed." in ann and "MOVE" not in bob
        texts.append(ann)
    assert (
        "3 armies moved in, 7 stayed. You ordered MOVE 1: at least the dice of the last "
        "roll (3) move in." in texts[0]
    )
    assert "9 armies moved in, 1 stayed." in texts[1] and "You ordered MOVE" not in texts[1]
    assert "You ordered MOVE" not in reports()[0]  # MOVE 5, and 5 moved in


def test_the_last_report_says_nothing_of_rounds_and_trades_to_come() -> None:
    """The report of a game won said under THE GAME IS OVER 'Cards: the next set traded is
    worth 270.' and 'Moves first: Robot 3 (player #3), and every round of turns starts with
    that seat.': no set is traded and no round starts any more."""
    state = board_state(owners={ALASKA: 1, JAPAN: 1})
    running = report_text(RULESET, CONFIG, state, [], 1, aof="")
    assert "Cards: the next set traded is worth" in running
    assert "Moves first in every round" in running
    state.winner, state.won_by = 1, "domination"
    for side in (1, 2):
        over = report_text(RULESET, CONFIG, state, [], side, aof="")
        assert "THE GAME IS OVER" in over
        assert "next set traded" not in over and "Moves first" not in over
        assert "round of turns" not in over


def test_the_last_report_holds_no_hand_to_trade_and_no_one_to_move() -> None:
    """Ruling 23: a game over, won or ended by the GM, has no turn left. The winner's last
    report still said 'Your cards: 1 = infantry (Alaska, yours); ...' as if a set could
    still be traded, 'Your secret mission: ...' of a mission no longer secret, and a game
    the GM ended marked a player '<- to move' under PLAYERS. The last report says the
    mission as what it was, and nothing of cards in hand or of a move to come."""
    state = board_state(owners={ALASKA: 1, JAPAN: 1}, missions=True)
    give_cards(state, 1, ALASKA, 44)
    state.player(1).mission = 8  # occupy 24 territories
    running = report_text(RULESET, CONFIG, state, [], 1, aof="")
    assert "Your cards: 1 = infantry (Alaska, yours)" in running
    assert "Your secret mission: occupy 24 territories." in running
    assert "<- to move" in running
    for won_by, winner in (("mission", 1), ("gm", 0)):
        state.winner, state.won_by = winner, won_by
        over = report_text(RULESET, CONFIG, state, [], 1, aof="")
        assert "THE GAME IS OVER" in over
        assert "Your cards" not in over and "Your secret mission" not in over
        assert "Your mission was: occupy 24 territories." in over
        assert "<- to move" not in over and "to move" not in over
        assert "\nYou: " in over and ", 2 cards" in over  # the count stays, as PLAYERS'


def test_the_winner_reads_winner_where_he_read_active() -> None:
    """Ruling 28: the last report of a game won said 'You: ACTIVE, 42 territories, ...' to
    its winner and 'ACTIVE' beside his name under PLAYERS, under 'THE GAME IS OVER ...:
    You won.'; he reads WINNER in both, as a WoK winner does (wok.md ruling 16)."""
    state = board_state(owners={ALASKA: 1, JAPAN: 1})
    state.winner, state.won_by = 1, "domination"
    mine = report_text(RULESET, CONFIG, state, [], 1, aof="")
    assert "\nYou: WINNER, " in mine
    rows = mine.split("\nPLAYERS\n")[1].splitlines()
    assert rows[1].split()[:2] == ["1", "Ann"] and rows[1].endswith(" WINNER")
    assert not rows[2].endswith(" WINNER")
    theirs = report_text(RULESET, CONFIG, state, [], 2, aof="")
    assert "\nYou: WINNER" not in theirs
    assert theirs.split("\nPLAYERS\n")[1].splitlines()[1].endswith(" WINNER")
    running = report_text(RULESET, CONFIG, board_state(owners={ALASKA: 1}), [], 1, aof="")
    assert "WINNER" not in running


def test_the_players_still_in_a_game_over_read_standing() -> None:
    """Ruling 28: the last report of a game over said `You: ACTIVE, ...` and `ACTIVE` under
    PLAYERS of the players still in it who did not win, the game the GM ended or another
    won, with no turn left to be active in; they read STANDING, in the Top Ten too."""
    state = board_state(owners={ALASKA: 1, JAPAN: 1})
    state.winner, state.won_by = 1, "mission"
    theirs = report_text(RULESET, CONFIG, state, [], 2, aof="")
    assert "\nYou: STANDING, " in theirs and "ACTIVE" not in theirs
    rows = theirs.split("\nPLAYERS\n")[1].splitlines()
    assert rows[1].endswith(" WINNER") and rows[2].endswith(" STANDING")
    assert [line.status for line in RULESET.topten(state)] == ["winner", "standing"]
    state.winner, state.won_by = 0, "gm"
    mine = report_text(RULESET, CONFIG, state, [], 1, aof="")
    assert "\nYou: STANDING, " in mine and "ACTIVE" not in mine
    assert [line.status for line in RULESET.topten(state)] == ["standing", "standing"]


def test_a_player_is_named_with_his_number_as_in_the_top_ten() -> None:
    """WISK's report wrote '(player 2)' where its Top Ten says '#2' and a WoK or Tactics
    report '(player #1)': every player is named '(player #N)', the title line too."""
    ann, bob = reports()
    assert "Game test - report of turn 1 for Ann (player #1)\n" in ann
    assert "of Bob (player #2) from Alaska" in ann
    assert "(player 1)" not in bob and "(player 2)" not in ann


def test_the_taker_of_an_eliminated_players_cards_reads_them_on_one_line() -> None:
    """The eliminator's report said it twice: 'Bob (player #2) was eliminated by you, who
    took 1 card.' then 'You took cards 7 from Bob (player #2).' (and 'cards' of one). Its
    line now names the cards; the others read the count alone, as before."""
    config = THREE
    owners = dict.fromkeys(range(1, 43), 1) | {KAMCHATKA: 2, JAPAN: 3}
    state = board_state(players=3, owners=owners)
    put(state, ALASKA, 1, 10)
    put(state, KAMCHATKA, 2, 1)
    give_cards(state, 2, 7, 12)
    result = run_with(
        state, {"attack": [attack(ALASKA, KAMCHATKA, move=5)]}, Dice(6, 5, 4, 1, *[1] * 10)
    )
    events = [e.to_dict() for e in result.events]
    ann, bob, cy = (
        report_text(RULESET, config, result.state, events, p, aof="").splitlines()
        for p in (1, 2, 3)
    )
    assert [line for line in ann if "eliminated" in line or "took" in line] == [
        "- Bob (player #2) was eliminated by you, who took 2 cards: 7, 12."
    ]
    assert [line for line in bob if "took" in line] == [
        "- You were eliminated by Ann (player #1), who took 2 cards."
    ]
    assert [line for line in cy if "took" in line] == [
        "- Bob (player #2) was eliminated by Ann (player #1), who took 2 cards."
    ]


def test_one_continent_held_is_said_in_the_singular() -> None:
    """'continents South America' of a player who holds one."""
    state = board_state(owners={t: 1 for t in range(39, 43)})
    ann = report_text(RULESET, CONFIG, state, [], 1, aof="")
    assert "You: ACTIVE, 4 territories, 4 armies, 0 cards, continent Australia.\n" in ann
    bob = " ".join(report_text(RULESET, CONFIG, state, [], 2, aof="").split())
    assert (
        "You: ACTIVE, 38 territories, 38 armies, 0 cards, continents North America, South "
        "America, Europe, Africa, Asia."
    ) in bob


def test_armies_placed_for_the_player_and_a_set_traded_by_force_say_why_in_words() -> None:
    """A placement's and a trade's reason was the event's code in brackets: 'You placed 3 on
    Alaska (1) (left over).', 'traded cards ... for 4 armies (five cards).' A player read
    '(left over)' as armies to spare; they were the ones his orders left unplaced."""
    state = board_state(owners={ALASKA: 1, KAMCHATKA: 1})
    put(state, KAMCHATKA, 1, 4)
    give_cards(state, 1, 1, 2, 3, 4, 5)
    result = run(state, {"place": [{"territory": JAPAN, "armies": 3}]})
    events = [e.to_dict() for e in result.events]
    ann = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    bob = " ".join(report_text(RULESET, CONFIG, result.state, events, 2, aof="").split())
    assert "(left unplaced: placed as a robot would)." in ann
    assert "(five cards or more held: a set must be traded)." in ann
    assert "(card bonus: a card traded shows this territory)." in ann
    assert "(left over)" not in ann + bob and "(five cards)" not in ann + bob
    assert "Ann (player #1) placed " in bob and "(left unplaced: placed as a robot would)" in bob


def test_the_player_to_move_is_told_what_to_do_with_his_form() -> None:
    """players40: the player to move read "Your orders are due by ..." and then the form,
    and nothing told a new player to send it back. Under a form he reads to fill it out
    and reply with it; a report without a form (the others', or ``aof=""``) says nothing
    of one."""
    state = new_game(2)
    when = "Sat 05 Dec 2026 18:00 UTC"
    said = "Fill out the AOF below and reply to this mail with it."
    mover = report_text(RULESET, CONFIG, state, [], 1, deadline=when)
    assert f"\nYour orders are due by {when}.\n{said}\n" in mover, mover
    assert mover.index(said) < mover.index("=== BEGIN AOF ===")
    other = report_text(RULESET, CONFIG, state, [], 2, deadline=when)
    assert "=== BEGIN AOF ===" not in other and "reply to this mail" not in other
    assert said not in report_text(RULESET, CONFIG, state, [], 1, aof="", deadline=when)
    undated = report_text(RULESET, CONFIG, state, [], 1)
    assert "\nYour orders: fill out the AOF below and reply to this mail with it.\n" in undated


def test_the_player_to_move_reads_his_deadline_at_the_head_of_his_report() -> None:
    """players40b: the player to move read 'Stage: play. Next to move: you.' at the head
    of his report and his deadline only under the map of 42 territories, sixty lines down
    on a phone. The head says it; the others' head names the mover alone."""
    state = new_game(2)
    when = "Sat 05 Dec 2026 18:00 Europe/Vienna (17:00 UTC)"
    mover = report_text(RULESET, CONFIG, state, [], 1, deadline=when)
    head = mover.split("\n", 4)[3]
    assert head == "Stage: play. Next to move: you, orders due by Sat 05 Dec 2026 18:00", mover
    assert f"Next to move: you, orders due by {when}." in " ".join(mover.split())
    other = report_text(RULESET, CONFIG, state, [], 2, deadline=when)
    assert "\nStage: play. Next to move: Ann (player #1).\n" in other, other
    assert "Next to move: you." in report_text(RULESET, CONFIG, state, [], 1)
