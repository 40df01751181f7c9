"""Orders as they arrive: a line for a province the player does not own is rejected at once,
with the reason, unless an accepted attack line of the same orders sets out to take it
(docs/rules/standard.md, ruling 3, Orders for provinces not yours). Quotes are from the
text (000_...); what RULE-NOTES says is told unquoted."""

from __future__ import annotations

from typing import Any

from tests.rules.builders import empty, give, make_state
from tests.rules.standard.test_duel import ANN_A, ANN_B, BOB_A, ROBO1, colours_state
from tests.shipped import STANDARD as RULESET
from wtg.core.orders import FieldValue, RawEntry, Verdict
from wtg.rules.standard.robots import robot_plan
from wtg.rules.wok.state import WokState

ATTACK_FROM = (
    "an attack starts from your own province, or from one an earlier attack line of yours takes"
)


def entry(section: str, position: int = 1, **values: FieldValue) -> RawEntry:
    return RawEntry(section=section, values=values, position=position, line=10 + position)


def attack(position: int, source: int, target: int, armies: int = 10) -> RawEntry:
    return entry("attack", position, **{"from": source, "to": target, "armies": armies})


def judge(state: WokState, *entries: RawEntry, player: int = 1) -> list[Verdict]:
    return RULESET.accept(list(entries), state, player).verdicts


def outcome(verdicts: list[Verdict]) -> list[tuple[bool, str]]:
    return [(v.accepted, v.reason) for v in verdicts]


def test_attacks_may_start_from_provinces_earlier_lines_conquer() -> None:
    """ "TIP: Players can enter attack instructions based upon which provinces they believe
    they will conquer during the turn, and will attack from those newly-conquered provinces.
    For example ... #4 to #5, #5 to #7, and #7 to #12"; any other FROM not yours is rejected
    at once: "If you do not own a province for which you entered an instruction to attack
    from ... then that instruction is ignored"."""
    state = make_state()
    empty(state, 4, 1, arm=90)  # the grid: 4 - 5 across, 5 - 10 down, 10 - 15 down
    give(state, 15, 2)
    lines = [attack(1, 4, 5), attack(2, 5, 10), attack(3, 10, 15), attack(4, 3, 8)]
    assert outcome(judge(state, *lines)) == [
        (True, ""),
        (
            True,
            "note: province 5 Prov5 is not yours now; your attack on it from 4 Prov4 may take it,"
            " and this order runs only if it does",
        ),
        (
            True,
            "note: province 10 Prov10 is not yours now; your attack on it from 5 Prov5 may take it,"
            " and this order runs only if it does",
        ),
        (False, f"province 3 Prov3 is not yours (it is neutral): {ATTACK_FROM}"),
    ]


def test_a_rejected_line_takes_none_of_the_seven() -> None:
    """ "Only valid orders count towards your attack limit, but you can only ever enter seven
    orders": a line rejected on arrival is no order, so seven good ones still fit after it;
    the lines past the attacks allowed say they run only if an earlier one is ignored."""
    state = make_state()
    empty(state, 1, 1, arm=90)
    lines = [attack(1, 20, 19)] + [attack(i, 1, 2 if i % 2 else 6) for i in range(2, 9)]
    acceptance = RULESET.accept(lines, state, 1)
    assert [v.accepted for v in acceptance.verdicts] == [False] + [True] * 7
    attacks = acceptance.orders["attack"]
    assert isinstance(attacks, list) and len(attacks) == 7
    assert acceptance.verdicts[3].reason == ""
    assert acceptance.verdicts[4].reason == (
        "note: attack line 4 of yours, and you have 3 attacks: only valid orders count,"
        " so it runs only if an earlier one is ignored when the turn runs"
    )


def test_bombing_needs_a_province_already_yours() -> None:
    """Bombing is phase 1, "Attacking" phase 2: no attack line can give a bombing source."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    give(state, 2, 0, mis=10)
    bombing, attacking = judge(
        state, attack(1, 1, 2), entry("bomb", 1, **{"from": 2, "to": 3, "missiles": 5})
    )
    assert attacking.accepted
    assert (bombing.accepted, bombing.reason) == (
        False,
        "province 2 Prov2 is not yours (it is neutral): bombs are fired from your own provinces"
        " (bombing comes before any attack)",
    )


def test_later_phases_may_name_a_province_an_attack_line_takes() -> None:
    """ "a player's workers produce things, based upon the "Aim" that a player sets for the
    workers in each province the player owns"; "You can only move things from a province into
    a neighbouring province." Phases 5 to 10 come after the attacks: a province an accepted
    attack line sets out to take may be named (with a note); any other is rejected."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    give(state, 6, 2)

    def lines(pid: int) -> list[RawEntry]:
        return [
            entry("transform", 1, province=pid, kind="POP-ARM", amount=48),
            entry("move", 1, **{"from": pid, "to": 1}, unit="ARM", amount=5),
            entry("aim", 1, province=pid, aim="MIS"),
            entry("spy", 1, **{"from": pid, "to": 7, "op": 1, "spies": 2}),
        ]

    taken = judge(state, attack(1, 1, 2), *lines(2))[1:]
    assert [v.accepted for v in taken] == [True] * 4
    assert all(v.reason.startswith("note: province 2 Prov2 is not yours now") for v in taken[:3])
    assert taken[3].reason == (
        "note: province 7 Prov7 is neutral now, and spying on a neutral province is not allowed:"
        " this line runs only if another player takes it before the spying; if nobody does, it"
        " is skipped and costs no spies; note: province 2 Prov2 is not yours now; your attack on it"
        " from 1 Prov1 may take it, and this order runs only if it does"
    )
    other = judge(state, attack(1, 1, 2), *lines(6))[1:]
    assert outcome(other) == [
        (
            False,
            "province 6 Prov6 is not yours (it is P2's, player #2): transformations are made in"
            " your"
            " own provinces, or in one an attack line of yours takes",
        ),
        (
            False,
            "province 6 Prov6 is not yours (it is P2's, player #2): units move from your own"
            " provinces, or from one an attack line of yours takes",
        ),
        (
            False,
            "province 6 Prov6 is not yours (it is P2's, player #2): aims are set for your own"
            " provinces, or for one an attack line of yours takes",
        ),
        (
            False,
            "province 6 Prov6 is not yours (it is P2's, player #2): spies set out from your own"
            " provinces, or from one an attack line of yours takes",
        ),
    ]


def test_a_colours_orders_name_only_its_own_provinces() -> None:
    """Duel: "Naturally your three colours are working together under your control; you put in
    the orders for all three of them": each colour on its own form. A line on AnnA's form for
    AnnB's province is rejected, and the reason says which form it belongs on."""
    state = colours_state("duel")
    ann_b_home = 10 + ANN_B
    move = entry("move", 1, **{"from": ann_b_home, "to": 8}, unit="ARM", amount=5)
    (verdict,) = judge(state, move, player=ANN_A)
    assert (verdict.accepted, verdict.reason) == (
        False,
        f"province {state.named(ann_b_home)} is not yours (it is your colour AnnB's: its orders"
        " go on"
        " AnnB's form): units move from your own provinces, or from one an attack line of"
        " yours takes",
    )
    (bobs,) = judge(state, attack(1, 10 + BOB_A, 7), player=ANN_A)
    assert (
        bobs.reason == f"province 12 Prov12 is not yours (it is BobA's, player #2): {ATTACK_FROM}"
    )


def test_the_robots_orders_pass_the_same_checks() -> None:
    """RULE-NOTES on the robots: in the newly captured province a robot transforms 48 POP
    into 12 ARM twice, moves 5 armies back to the province it came from and sets the aim of
    both to missiles; orders for the province its attack sets out to take, which the ruling
    allows."""
    state = colours_state("duel")
    planned: dict[str, Any] = robot_plan(state, ROBO1)
    entries, bad, problems = RULESET.entries_from_dict(planned)
    assert (bad, problems) == ([], [])
    acceptance = RULESET.accept(entries, state, ROBO1)
    assert acceptance.rejected == []
    assert acceptance.orders == planned


def test_spying_on_a_neutral_province_says_it_runs_only_if_another_player_takes_it() -> None:
    """ "Spying only works on other players, not neutral provinces", yet a Duel colour may
    "spy on a neutral that they fully expect that the other will take during the turn": the
    line is kept, and its note says what the turn does with it (docs/rules/wok.md 10)."""
    state = make_state()
    empty(state, 1, 1, spy=10)
    verdicts = judge(state, entry("spy", 1, **{"from": 1, "to": 7, "op": 1, "spies": 2}))
    assert outcome(verdicts) == [
        (
            True,
            "note: province 7 Prov7 is neutral now, and spying on a neutral province is not"
            " allowed:"
            " this line runs only if another player takes it before the spying; if nobody"
            " does, it is skipped and costs no spies",
        )
    ]


def test_an_attack_with_more_armies_than_there_says_how_many_it_takes() -> None:
    """The text is silent on an attack with more armies than the province holds; the turn
    takes what is there ("all that are available will be used", said of transformations;
    docs/rules/wok.md 9), and the line's note says so."""
    state = make_state()
    empty(state, 1, 1, arm=12)
    assert outcome(judge(state, attack(1, 1, 2, armies=30))) == [
        (
            True,
            "note: 12 ARM in province 1 Prov1 now: this attack takes what is there when it runs,"
            " at most 12, not 30",
        )
    ]


def test_an_attack_on_your_own_province_says_when_it_runs() -> None:
    """ "if you already own a province which you put in an instruction to attack ... then
    that instruction is ignored": an attack line on a province the player holds now was
    accepted without a word (a typo read as ok). Who holds it is known when the attacks
    run (another player's may take it first), so the line is kept with a note; an ignored
    line does not count ("Only valid orders count towards your attack limit")."""
    state = make_state()
    empty(state, 1, 1, arm=20)
    empty(state, 2, 1)
    verdicts = judge(state, entry("attack", 1, **{"from": 1, "to": 2, "armies": 10}))
    assert outcome(verdicts) == [
        (
            True,
            "note: province 2 Prov2 is yours now: this attack runs only if another player takes it"
            " before it; if nobody does, it is ignored and takes none of your attacks",
        )
    ]


def upgrade(position: int, name: str) -> RawEntry:
    return entry("upgrade", position, upgrade=name)


def test_an_upgrade_the_gold_now_does_not_pay_says_it_waits_on_the_mining() -> None:
    """ "The first upgrade of a turn costs 100 gold, the second 200": 'U1: 1' with 40 gold
    was confirmed 'ok' with no word, though 40 pays for nothing. Upgrades are phase 9, after
    "4. Working" mines gold, and nothing takes gold before them, so gold now that pays for a
    line pays for it then; a line it does not pay for says so, and that the mining decides
    (ruling 12): how much is mined the confirmation cannot know."""
    state = make_state()
    empty(state, 1, 1, arm=10)
    state.player(1).gold = 40
    mining = (
        "it is bought only if the gold your provinces mine this turn (phase 4, before the"
        " upgrades of phase 9) makes up the rest"
    )
    assert outcome(judge(state, upgrade(1, "TECH"))) == [
        (True, f"note: this upgrade costs 100 gold and you have 40 now: {mining}")
    ]
    state.player(1).gold = 150  # the first is paid; the second and third wait
    assert outcome(judge(state, upgrade(1, "TECH"), upgrade(2, "EFF"), upgrade(3, "DEF"))) == [
        (True, ""),
        (
            True,
            "note: this upgrade costs 200 gold and you have 50 left after your earlier"
            f" upgrades now: {mining}",
        ),
        (
            True,
            "note: this upgrade costs 200 gold, up to 300 if your earlier upgrade waiting on"
            " the mining is bought, and you have 50 left after your earlier upgrades now:"
            f" {mining}",
        ),
    ]
    state.player(1).gold = 600  # gold now pays for all three: no word
    assert outcome(judge(state, upgrade(1, "TECH"), upgrade(2, "EFF"), upgrade(3, "DEF"))) == [
        (True, ""),
        (True, ""),
        (True, ""),
    ]
