"""Orders as they arrive: what is rejected at once, with a reason, and what only notes."""

from __future__ import annotations

import random

from tests.rules.builders import empty, give, kinds, make_state
from tests.shipped import WOK4 as RULESET
from wtg.core.orders import FieldValue, RawEntry, Verdict
from wtg.rules.wok.state import WokState


def entry(section: str, position: int = 1, **values: FieldValue) -> RawEntry:
    return RawEntry(section=section, values=values, position=position, line=10 + position)


def judge(state: WokState, *entries: RawEntry, player: int = 1) -> list[Verdict]:
    return RULESET.accept(list(entries), state, player).verdicts


def attack(position: int, source: int = 1, target: int = 2) -> RawEntry:
    return entry("attack", position, **{"from": source, "to": target, "armies": 10})


def test_only_the_first_n_accepted_attack_lines_count_even_unexecutable_ones() -> None:
    """ "if you happen to have i.e. 5 attacks you MUST use the 5 first attack orders for them
    and only they will be used no matter if they are executable or not". Ruling 6: the
    first N ACCEPTED lines; each says which attack it is, the one after them why not."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    state.player(1).tech = 0  # 3 attacks
    verdicts = judge(state, attack(1), attack(2, 1, 9), attack(3), attack(4, 1, 6), attack(5))
    assert [(v.accepted, v.reason) for v in verdicts] == [
        (True, "attack 1 of 3"),
        (False, "province 9 Prov9 is not next to 1 Prov1 (its neighbours are 2 Prov2, 6 Prov6)"),
        (True, "attack 2 of 3"),
        (True, "attack 3 of 3"),
        (
            False,
            "only 3 attacks count this turn (0 tech points): your first 3 accepted attack lines",
        ),
    ]


def test_a_line_for_a_province_not_yours_uses_up_no_attack() -> None:
    """Ruling 6: a line rejected when it arrives is no order ("If you enter an invalid number
    or no number at all, usually nothing will happen"), so a typo in the FROM of the first
    line still leaves the player his 3 attacks: all three good lines run."""
    state = make_state()
    empty(state, 1, 1, arm=60)
    empty(state, 2)
    empty(state, 6)
    empty(state, 7)
    state.player(1).tech = 0  # 3 attacks
    typo = entry("attack", 1, **{"from": 11, "to": 12, "armies": 10})
    lines = [
        typo,
        attack(2, 1, 2),
        attack(3, 1, 6),
        entry("attack", 4, **{"from": 2, "to": 7, "armies": 5}),
    ]
    acceptance = RULESET.accept(lines, state, 1)
    assert [(v.accepted, v.reason) for v in acceptance.verdicts] == [
        (
            False,
            "province 11 Prov11 is not yours: an attack starts from your own province,"
            " or from one an earlier attack line of yours takes",
        ),
        (True, "attack 1 of 3"),
        (True, "attack 2 of 3"),
        (
            True,
            "attack 3 of 3; note: province 2 Prov2 is not yours now; your attack on it from 1"
            " Prov1 may"
            " take it, and this order runs only if it does",
        ),
    ]
    result = RULESET.resolve(state, {1: acceptance.orders}, random.Random(1))
    fought = [(b.source, b.province, b.conquered) for b in kinds(result, "battle")]
    assert fought == [(1, 2, True), (1, 6, True), (2, 7, True)]


def test_an_attack_may_start_from_a_province_an_earlier_attack_line_takes() -> None:
    """ "up to 7 consecutive attacks can be directed to neighbouring provinces ... remember
    that your orders are processed one-by-one": ruling 25, an attack may start from a
    province an EARLIER accepted attack line sets out to take, never from one a later line
    takes nor from any other province not yours."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    give(state, 3, 2)
    state.player(1).tech = 200  # 7 attacks
    later_first = entry("attack", 1, **{"from": 2, "to": 3, "armies": 5})
    elsewhere = entry("attack", 3, **{"from": 7, "to": 8, "armies": 5})
    verdicts = judge(state, later_first, attack(2, 1, 2), elsewhere)
    assert [(v.accepted, v.reason) for v in verdicts] == [
        (
            False,
            "province 2 Prov2 is not yours (it is neutral): an attack starts from your own"
            " province,"
            " or from one an earlier attack line of yours takes",
        ),
        (True, "attack 1 of 7"),
        (
            False,
            "province 7 Prov7 is not yours: an attack starts from your own province, or from one an"
            " earlier attack line of yours takes",
        ),
    ]


def test_attacks_allowed_follow_the_tech_points_the_turn_starts_with() -> None:
    """ "if you change your Tech Points for a nice bonus, this might reduce your number of
    possible attacks for the next turn." Ruling: the count is fixed by the tech points the
    turn starts with, so the AOF can say how many lines count."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    state.player(1).tech = 200
    verdicts = judge(state, *(attack(i) for i in range(1, 8)))
    assert all(v.accepted for v in verdicts)
    assert RULESET.form_context(state, 1)["attacks"] == 7


def test_unknown_and_out_of_reach_provinces_are_rejected_with_the_reason() -> None:
    """The out-of-range hint names the neighbours as the reasons name provinces ('2 Prov2',
    ruling 17 of docs/rules/wok.md): it gave their numbers alone."""
    state = make_state()
    empty(state, 1, 1, mis=5)
    far = entry("bomb", 1, **{"from": 1, "to": 12, "missiles": 5})
    missing = entry("move", 1, **{"from": 1, "to": 77}, unit="ARM", amount=5)
    bomb, move = judge(state, far, missing)
    assert not bomb.accepted
    assert bomb.reason == (
        "province 12 Prov12 is out of range of 1 Prov1: bomb a neighbour (2 Prov2, 6 Prov6) or"
        " a province numbered 1..4"
    )
    assert not move.accepted and move.reason == "there is no province 77 (provinces are 1..20)"


def test_bombing_needs_a_province_already_yours() -> None:
    """ "Bombing takes place at the very beginning of a turn (PHASE I)": before any attack,
    so no attack line can give the source (ruling 25)."""
    state = make_state()
    empty(state, 1, 1, arm=50, mis=10)
    give(state, 2, 2, mis=10)
    bomb = entry("bomb", 1, **{"from": 2, "to": 3, "missiles": 5})
    bombing, attack_two = judge(state, attack(1, 1, 2), bomb)  # verdicts go phase by phase
    assert attack_two.accepted
    assert (bombing.accepted, bombing.reason) == (
        False,
        "province 2 Prov2 is not yours (it is P2's, player #2): bombs are fired from your own"
        " provinces (bombing comes before any attack)",
    )


def test_later_phases_may_name_a_province_an_attack_line_takes() -> None:
    """ "if you loose a province to another leader in PHASE II he will start producing with
    the given aim right away": a province taken in PHASE II is the player's for PHASE IV
    (transformations, movement), V (aims) and VI (spying). Ruling 25: such lines are
    accepted with a note; the same lines for a province no attack line takes are rejected."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    give(state, 7, 2)

    def lines(pid: int) -> list[RawEntry]:
        return [
            entry("transform", 1, province=pid, kind="POP-ARM", amount=48),
            entry("move", 1, **{"from": pid, "to": 1}, unit="ARM", amount=5),
            entry("move", 2, **{"from": 1, "to": pid}, unit="POP", amount=5),
            entry("aim", 1, province=pid, aim="MIS"),
            entry("spy", 1, **{"from": pid, "to": 7, "op": 1, "spies": 2}),
        ]

    note = "note: province 2 Prov2 is not yours now; your attack on it from 1 Prov1 may take it"
    taken = judge(state, attack(1, 1, 2), *lines(2))[1:]
    assert all(v.accepted and v.reason.startswith(note) for v in taken), taken
    other = make_state()
    empty(other, 1, 1, arm=50)
    give(other, 6, 2)
    assert [v.reason for v in judge(other, attack(1, 1, 2), *lines(6))[1:]] == [
        "province 6 Prov6 is not yours (it is P2's, player #2): transformations are made in your"
        " own"
        " provinces, or in one an attack line of yours takes",
        "province 6 Prov6 is not yours (it is P2's, player #2): units move from your own provinces,"
        " or from one an attack line of yours takes",
        "province 6 Prov6 is not yours (it is P2's, player #2): units move only into your own"
        " provinces, or into one an attack line of yours takes (anywhere else they are halted)",
        "province 6 Prov6 is not yours (it is P2's, player #2): aims are set for your own"
        " provinces,"
        " or for one an attack line of yours takes",
        "province 6 Prov6 is not yours (it is P2's, player #2): spies set out from your own"
        " provinces, or from one an attack line of yours takes",
    ]


def test_the_holder_is_named_only_where_the_report_shows_it() -> None:
    """The report shows the holder of a neighbour of one's provinces (``BORDERS``) and no
    other: a rejected line must not tell more."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    give(state, 20, 2)
    near, far = judge(
        state,
        entry("aim", 1, province=2, aim="MIS"),
        entry("aim", 2, province=20, aim="MIS"),
    )
    assert near.reason.startswith("province 2 Prov2 is not yours (it is neutral): ")
    assert far.reason.startswith("province 20 Prov20 is not yours: ")


def test_a_rejected_line_uses_up_none_of_the_lines_of_its_kind() -> None:
    """ "Only up to 4 of your provinces may change their aim": four changes, whatever lines
    were rejected before them."""
    state = make_state()
    for pid in range(1, 5):
        empty(state, pid, 1)
    lines = [entry("aim", 1, province=9, aim="TECH")]
    lines += [entry("aim", i + 1, province=i, aim="TECH") for i in range(1, 5)]
    verdicts = judge(state, *lines)
    assert [v.accepted for v in verdicts] == [False, True, True, True, True]


def test_a_fourth_pop_to_arm_line_is_rejected() -> None:
    """ "There is also the limit of 3 Population into Armies Transformations per Turn"."""
    state = make_state()
    empty(state, 1, 1, pop=500)
    lines = [entry("transform", i, province=1, kind="POP-ARM", amount=48) for i in range(1, 5)]
    verdicts = judge(state, *lines)
    assert [v.accepted for v in verdicts] == [True, True, True, False]


def test_more_than_fifty_units_is_accepted_with_a_note() -> None:
    """ "we suggest you enter "99" ... you will be sure to move all of them" against "You may
    only move up to 50 Units per Order": ruling, accepted, and at most 50 move."""
    state = make_state()
    empty(state, 1, 1, arm=70)
    empty(state, 2, 1)
    (verdict,) = judge(state, entry("move", 1, **{"from": 1, "to": 2}, unit="ARM", amount=99))
    assert verdict.accepted and "at most 50 units are moved" in verdict.reason


def test_aims_four_changes_and_one_order_a_province() -> None:
    """ "Only up to 4 of your provinces may change their aim at the end of each turn"."""
    state = make_state()
    for pid in range(1, 7):
        empty(state, pid, 1)
    lines = [entry("aim", i, province=i, aim="TECH") for i in range(1, 6)]
    lines.append(entry("aim", 6, province=6, aim="DEF"))  # already DEF: no change
    lines.append(entry("aim", 7, province=1, aim="MIS"))
    verdicts = judge(state, *lines)
    assert [v.accepted for v in verdicts] == [True, True, True, True, False, True, False]
    assert verdicts[6].reason == "province 1 Prov1 already has an aim order"


def test_trades_must_be_one_of_the_five() -> None:
    state = make_state()
    verdicts = judge(state, entry("trade", 1, points=100), entry("trade", 2, points=300))
    assert [v.accepted for v in verdicts] == [True, False]
    assert "trade 100, 150, 200, 250 or 350" in verdicts[1].reason


def test_spy_operations_that_need_a_neighbour() -> None:
    """ "2> spy a player (must be a neighbor, very risky) 3> sabotage missiles (must be a
    neighbor) ..." while "1> spy on a neighbor or on any province"."""
    state = make_state()
    empty(state, 1, 1, spy=10)
    empty(state, 15, 2)
    far = [entry("spy", op, **{"from": 1, "to": 15, "op": op, "spies": 2}) for op in range(1, 6)]
    assert [v.accepted for v in judge(state, *far)] == [True, False, False, False, False]


def test_an_accepted_order_file_is_canonical() -> None:
    state = make_state()
    empty(state, 1, 1, arm=50)
    acceptance = RULESET.accept([attack(1), entry("trade", 1, points=150)], state, 1)
    assert acceptance.orders == {
        "player": 1,
        "turn": state.turn + 1,
        "attack": [{"from": 1, "to": 2, "armies": 10}],
        "trade": [150],
    }


def test_spying_on_a_neutral_or_own_province_says_when_it_runs() -> None:
    """ "You are NOT allowed to conduct any spying operations against neutral provinces !"
    and "If you give orders that cannot be executed (like spying on a neutral province) NO
    spies will be lost". Who holds the target is known only when PHASE VI runs (an attack
    of another player may take it first), so the line is kept, and its note says what the
    turn does with it: never "ok" beside "not allowed" (ruling 29)."""
    state = make_state()
    empty(state, 1, 1, spy=10)
    empty(state, 3, 1)
    lines = [
        entry("spy", 1, **{"from": 1, "to": 2, "op": 1, "spies": 2}),
        entry("spy", 2, **{"from": 1, "to": 3, "op": 1, "spies": 2}),
    ]
    assert [(v.accepted, v.reason) for v in judge(state, *lines)] == [
        (
            True,
            "note: province 2 Prov2 is neutral now, and spying on a neutral province is not"
            " allowed:"
            " this line runs only if another player takes it before the spying; if nobody"
            " does, it is skipped and costs no spies",
        ),
        (
            True,
            "note: province 3 Prov3 is yours now, and spying on your own province is not allowed:"
            " this line runs only if another player takes it before the spying; if nobody"
            " does, it is skipped and costs no spies",
        ),
    ]


def test_an_attack_with_more_armies_than_there_says_how_many_it_takes() -> None:
    """ "If you enter a number greater than what you actually have in possession ... ALL of
    your items will be used": an attack with 30 ARM from a province of 12 takes the 12 (at
    most: bombing in PHASE I may kill some), and a later line from it finds none, since
    armies sent never come back (ruling 29). It still uses its attack (ruling 6)."""
    state = make_state()
    empty(state, 1, 1, arm=12)
    state.player(1).tech = 0  # 3 attacks
    lines = [
        entry("attack", 1, **{"from": 1, "to": 2, "armies": 30}),
        entry("attack", 2, **{"from": 1, "to": 6, "armies": 5}),
    ]
    assert [(v.accepted, v.reason) for v in judge(state, *lines)] == [
        (
            True,
            "attack 1 of 3; note: 12 ARM in province 1 Prov1 now: this attack takes what is there"
            " when it runs, at most 12, not 30",
        ),
        (
            True,
            "attack 2 of 3; note: no ARM in province 1 Prov1 after your earlier attack lines from"
            " it: this attack finds none there and does not run",
        ),
    ]
    enough = judge(state, entry("attack", 1, **{"from": 1, "to": 2, "armies": 12}))
    assert [(v.accepted, v.reason) for v in enough] == [(True, "attack 1 of 3")]


def test_an_attack_on_your_own_province_says_when_it_runs() -> None:
    """An attack line on a province of the player's was 'ok A1: 1 2 10: attack 1 of 3',
    nothing more: a typo (2 for 7) read as accepted. The turn skips it unless another
    player takes the province first (the OoP runs the attacks one by one), and it takes
    one of the first attacks all the same ("you MUST use the 5 first attack orders for
    them and only they will be used no matter if they are executable or not")."""
    state = make_state()
    empty(state, 1, 1, arm=20)
    empty(state, 2, 1)
    (verdict,) = judge(state, attack(1, 1, 2))
    assert (verdict.accepted, verdict.reason) == (
        True,
        "attack 1 of 3; note: province 2 Prov2 is yours now: this attack runs only if another"
        " player takes it before it; if nobody does, it is skipped, and it still takes"
        " attack 1 of your 3",
    )


def test_a_trade_the_turn_would_not_run_says_so_on_its_line() -> None:
    """A player's trial: `ok X1: 100` and nothing more, with 0 tech points; only the
    forecast far below said 'Would not run'. An accepted trade that the points he has,
    with those his workers make before the trades (aim TECH) and less his earlier trade
    lines', do not cover says so on its own line; one they cover says nothing."""
    state = make_state()
    empty(state, 1, 1, wok=20, aim="TECH")
    state.player(1).tech = 90  # 110 at the trades
    verdicts = judge(state, entry("trade", 1, points=100), entry("trade", 2, points=100), player=1)
    assert [(v.accepted, v.reason) for v in verdicts] == [
        (True, ""),
        (
            True,
            "note: as things stand this trade does not run: you have 90 tech points, your"
            " workers aimed at TECH make 20 before the trades, your earlier trade lines"
            " spend 100, and it needs 100",
        ),
    ]
    forecast = RULESET.forecast(state, {"player": 1, "trade": [100, 100]}, 1)
    assert forecast["skipped"] == [
        {
            "phase": "V trades",
            "order": "trade 100 tech points",
            "reason": "you have only 10 tech points",
        }
    ]
    state.player(1).tech = 0
    empty(state, 1, 1, wok=20, aim="MIS")
    (alone,) = judge(state, entry("trade", 1, points=100))
    # press49: 'your workers make 0 before the trades (their aim TECH)' told a player whose
    # workers all aim at MIS that their aim was TECH
    assert alone.reason == (
        "note: as things stand this trade does not run: you have 0 tech points, none of your"
        " workers is aimed at TECH to make more before the trades, and it needs 100"
    )
