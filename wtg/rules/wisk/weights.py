"""The robot's weights, kept as data: what each part of the position score and each
decision is worth, in armies.

How they were tuned, offline by self-play: ``bench/tune_wisk.py NAME=VALUE --games N``
plays the robot with one weight changed against the robot with these weights (1 against
1 and 1 among 3, seeds balanced over the seats) and against the naive player. 1 against
1 between two of these robots is decided by who moves first (about 9 games in 10), so
the games of 1 among 3 (a fair share: 1 in 4) decide. Each weight was tried at one or
two other values (60 games), the promising ones again (120 or 240 games). What came out:
trading every set at once beats holding to 4 or 5 cards (10 and 6 of 60 games as 1 among
3); a card worth 4, income 3, near 1.5, exposure 0.5 and the armies 1 held against the
values tried; risk 5 won 41 of 120 games as 1 among 3 against risk 2, and was kept;
least_odds 0.4 won 39 of 120 and 74 of 240 against 0.5, and was kept; exposure 1 won 38
of 120, but with least_odds 0.4 only 34: left at 0.5. With ``--cards fixed`` (measured
against today's robot) holding a poor set (fixed_least 8) and trading it at once (0)
came out alike, 28 and 29 of 60 games as 1 among 3. The whole set is then checked with
``bench/bench_robots.py --ruleset wisk --games 300``. Change a weight only with such a
run beside it. ``win`` (round 40) was not tuned: any weight far above a continent's worth
makes the robot take the conquest that wins; at 0 the robot is blind to winning,
the yardstick of ``bench/bench_wisk_missions.py``'s win at hand. ``win_odds`` and
``spread_move`` (round 40b) were not tuned either: each was set beside the robot without it
on ``bench/bench_wisk_missions.py --games 100`` (docs/rules/wisk.md, ruling 17).
``sweep`` and ``top_up`` (round 41) switch a kind of plan on or off, at 0 the robot of
before exactly; they were measured the same way, at 400 games (ruling 17). ``sure_move``
(round 42) was set at 0.9 beside the robot without it and beside 0.98 (ruling 17).
``finish`` and ``doubt`` (round 42b) were not tuned: each was set beside the robot
without it on ``bench/bench_wisk_missions.py --games 400`` (ruling 17)."""

from __future__ import annotations

WEIGHTS: dict[str, float] = {
    # the position score (positionscore.py)
    # Each army due next turn, ours less the strongest opponent's.
    "income": 3.0,
    # Each army on the board, ours less the strongest opponent's.
    "armies": 1.0,
    # A continent's bonus times the square of the share we hold of it (not whole yet).
    "near": 1.5,
    # A continent's bonus when one opponent holds all of it but one territory.
    "opponent_near": 1.0,
    # Each border territory: the chance the biggest enemy stack next to it takes it, times
    # its worth (1, plus the bonus of a continent we hold it in).
    "exposure": 0.5,
    # The opponents' best reply: each opponent's best single attack on us, its new armies
    # on its attacking stack (the armies and worth we expect to lose).
    "reply": 1.0,
    # Each card held: a third of the next set's value.
    "cards": 1.0,
    # With secret missions: a continent one's mission names counts 1 + this times in
    # "near" (and this times its bonus held whole); taking it, the same; a territory of
    # the player one's mission says to destroy is worth this more.
    "mission": 1.0,
    # decisions (strategy.py)
    # A territory taken.
    "territory": 1.0,
    # Times a continent's bonus, for the conquest that makes it ours whole.
    "continent_taken": 2.0,
    # Times a continent's bonus, for a conquest that breaks an opponent's continent (or
    # one he holds all of but this territory).
    "continent_broken": 1.5,
    # The conquest of an opponent's last territory.
    "eliminate": 30.0,
    # With secret missions: the conquest that meets one's own mission, and a plan's score
    # this times the chance its attacks get there.
    "win": 100.0,
    # With secret missions: no winning conquest with less chance than this of taking it
    # (its worth, ``win``, is weighed against the armies it risks).
    "win_odds": 0.1,
    # With "occupy N territories with at least A armies each" (A above 1): 1, a conquest
    # moves in all but A (at least its dice), the stack leaving A behind as it goes; 0,
    # all but one, as in any other game.
    "spread_move": 1.0,
    # With "occupy N territories with at least A armies each" (A above 1, ``spread_move``
    # on): a conquest's MOVE leaves A behind when the attack loses no more armies than it
    # does with this chance, the target falling; 0, no more than expected (round 42).
    "sure_move": 0.9,
    # With a secret mission of continents: 1, the plan that runs one stack through all
    # the mission lacks, its route planned (sweeping.py), is weighed with the others; 0,
    # not tried.
    "sweep": 1.0,
    # With "occupy N territories with at least A armies each" (A above 1): 1, the plans
    # that top up some territories short of A and attack for the rest of the mission are
    # weighed with the others; 0, not tried.
    "top_up": 1.0,
    # With a mission counted in territories: 1, chains that should win the game this turn
    # (the top-ups' and one more from each base) pick each step without counting the
    # armies each side loses, the likeliest conquest first; 0, as any other chain (round
    # 42b).
    "finish": 1.0,
    # The fortification counts a territory the attack chains reach with less chance than
    # this (the chances of the chain's attacks up to it multiplied) as its holder has it
    # now; 0, every conquest as made (round 42b).
    "doubt": 0.9,
    # The turn's first conquest (it earns a card).
    "card": 4.0,
    # No attack with less chance than this of taking its target.
    "least_odds": 0.4,
    # An attack's expected gain must be above this.
    "margin": 0.0,
    # A plan's score loses this for each attack's chance of failing.
    "risk": 5.0,
    # Trade a set once the hand holds this many cards (five must be traded).
    "trade_at": 3.0,
    # With fixed set values: a set worth less than this waits while the hand holds only
    # its three cards.
    "fixed_least": 8.0,
}
