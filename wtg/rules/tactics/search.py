"""The bots' look-ahead: every move a piece could make, weighed, and the turn's moves
chosen one after another, each with the best move that could follow it.

A move's worth, in hit points:

- **the attack**: the target's hit points as chances (``outcomes.py``) before and after
  it; each hit point taken is worth ``HIT_POINT``, a kill ``KILL_TURNS`` of the
  target's attacks more (so a kill beats more raw damage, and a target already hurt by
  this turn's earlier attacks draws the next ones: fire is focused); a piece's
  attacks are worth what they can really take (``Forecast.expected_against``: each
  strike at most the target's HP), on average over the pieces it faces;
- **the enemies' reply** (the threat map, ``threats.py``): on a tile enemies can strike,
  a piece expects each such enemy's damage (at most its HP), weighed by the chance
  the enemy is still alive, and in a duel struck as tired as its move leaves it (the
  rest it spends walking and attacking, which the enemy's crit chance reads); what a move adds
  to (or takes from) that loss counts against it, ``EXPOSURE`` of it, the piece's death
  worth ``KILL_TURNS`` of its own attacks;
- **rest**: in "all rested" games a piece that walks and attacks sits out its next
  turn: ``REST_TURN`` of its attacks lost;
- **the approach** (a bold bot's): for each step nearer the nearest tile it could attack
  an enemy it can hurt from, from ``APPROACH`` (none) up to ``BOLD_APPROACH``; when no
  such tile lies on any way open to it, ``SHORE_APPROACH`` at least (bold or not) for
  each step nearer the tiles of its ground nearest such an enemy (``approach.py``);
- **a level up**: the chance the attack raises the piece a level (its hit points back,
  ``LEVEL_UP`` more);
- **the army kept together**: each step farther from the nearest tile it could attack
  an enemy from costs ``RETREAT`` at least, bold or not (a piece under fire it cannot
  return does not run off and leave the others to be struck one at a time), and each
  step farther from the middle of the rest of its army ``TOGETHER`` (each step nearer
  gains it), except on its way to the shore and once the bots grow bold from a quiet or
  late battle (then the army walks in abreast).

The approach counts ``APPROACH`` (none) until the bots grow bold: a bot is patient. The
side that walks in and strikes first mostly loses, and an army that walks up to the
enemy arrives strung out, its fast pieces first and alone; so a bot holds its ground, its
army together, strikes what comes into its reach and lets the enemy come. While three
armies or more stand it weighs the risk more (``CROWD_EXPOSURE``): the others meet and
wear each other down, and any of them may strike a piece left in reach. When nobody has
been hit for ``QUIET_ROUNDS`` rounds (in a duel nobody has been hit in yet,
``QUIET_OPENING``), or late in the battle, the bots grow bold: the risk counts less and
less and the approach more (``BOLD_APPROACH``), until the pieces close in whatever the
risk: every battle still ends. In a duel the board makes a bot bold too: an army that
outweighs the enemy's (``AHEAD``: hit points times attacks) has nothing to wait for, and
its approach grows, its fear of the reply kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from wtg.rules.tactics.approach import ground_nearest, steps_to
from wtg.rules.tactics.battle import Fighter, Forecast, forecast
from wtg.rules.tactics.board import Pos
from wtg.rules.tactics.levels import experience, needed
from wtg.rules.tactics.moves import Move, may_take_part, move_problem
from wtg.rules.tactics.outcomes import HitPoints, after_attack, certain, dead
from wtg.rules.tactics.paths import Grid, grid_of, spread
from wtg.rules.tactics.state import (
    FULL_REST,
    RESTED,
    Piece,
    TacticsState,
    rest_at_turn_start,
    runtime_stats,
)
from wtg.rules.tactics.threats import threats_by_tile

HIT_POINT = 1.0
KILL_TURNS = 2.5
EXPOSURE = 0.6
REST_TURN = 0.6
APPROACH = 0.0
"""The approach until the bots grow bold: none. A bot holds its ground, its army together,
and lets the enemy walk into its reach (in a duel as among three armies)."""
SHORE_APPROACH = 0.4
"""The approach of a piece with no tile to attack an enemy from on any way open to it
(an enemy out in a lake): it walks to the shore nearest the enemy, bold or not, or two
such armies would only meet once bold."""
LEVEL_UP = 2.0
RETREAT = 1.0
"""For each step farther from the nearest tile it could attack from, a walk costs at least
this much, bold or not: a piece that cannot strike this turn does not run from the fight
and leave the rest of its army to be struck one at a time."""
TOGETHER = 0.5
"""For each step farther from the middle of the rest of its army (the mean of their
tiles, in grid steps) a walk costs this much, and each step nearer gains it: an army
that keeps together strikes back at whatever strikes one of its pieces. Not on its way
to the shore (``SHORE_APPROACH``): there it held a piece that moves alone (one piece a
turn) by its army, and two armies that cannot reach each other met only once bold. Not
once the bots grow bold from a quiet or late battle: the pieces walk in one after
another, the first held back by the middle of those yet to move and the last drawn
after it, and the army came in a file, its pieces struck one at a time, where it came
abreast (the lake battle lasted three times longer)."""
BOLD_APPROACH = 1.0
QUIET_ROUNDS = 8
"""Rounds without a hit before the bots grow bold."""
QUIET_OPENING = 6
"""In a duel in which nobody has been hit yet, the rounds before the bots grow bold: two
armies that both hold their ground waited ``QUIET_ROUNDS`` for nothing."""
LATE = 0.4
"""From this share of the turn limit on, the bots grow bold..."""
LATE_SPAN = 0.2
"""... and are wholly bold this share later."""
CROWD_EXPOSURE = 1.5
"""While three or more armies stand, the risk counts this many times more: more armies
move between a bot's turns, and any of them may strike a piece left in reach."""
AHEAD = 2.0
"""In a duel, from this ratio of the bot's army's weight to the enemy's (hit points times
attacks, ``_ahead``) the approach grows bold..."""
AHEAD_SPAN = 2.0
"""... and is wholly bold this much further on (a ratio of 4: two pieces against one)."""
FOLLOW_UPS = 4
"""The best moves of each step weighed with the best move that could follow them."""
_FAR = 10**6


@dataclass
class Choices:
    """One piece's best moves as the board stands: the best walk without an attack,
    and for each target the best tile to attack it from, without the attack's worth."""

    walk: tuple[float, int] | None
    attacks: dict[int, tuple[float, int]]


@dataclass
class Planner:
    """One bot turn's facts and the plan so far."""

    work: TacticsState
    player: int
    grid: Grid
    exposure: float
    approach: float
    rested: bool
    tiring: bool
    """Whether the risk reads the rest a move spends (a duel's; among three armies or more
    the risk already counts ``CROWD_EXPOSURE`` times, and there it lost more games)."""
    strikers: Mapping[int, tuple[int, ...]]
    enemies: dict[int, Piece]
    hp: dict[int, HitPoints]
    power: dict[int, float] = field(default_factory=dict)
    odds: dict[tuple[object, ...], Forecast] = field(default_factory=dict)
    shooters: dict[tuple[int, int, int], dict[int, int]] = field(default_factory=dict)
    gaps: dict[tuple[int, ...], dict[int, int]] = field(default_factory=dict)
    grounds: dict[tuple[int, ...], dict[int, int]] = field(default_factory=dict)
    choices: dict[int, Choices] = field(default_factory=dict)
    held: set[int] = field(default_factory=set)
    """Tiles kept blocked: a piece whose attack may find its target already dead (the
    turn then skips its whole move) may still stand there."""
    together: float = TOGETHER
    """The pull towards the middle of the army: ``TOGETHER`` until the bots grow bold
    from a quiet or late battle, none once they do."""

    # --- chances -----------------------------------------------------------------
    def forecast(
        self, attacker: Piece, target: Piece, later: bool = False, tired: int = 0
    ) -> Forecast:
        """The odds of ``attacker`` on ``target``; ``later``: on the attacker's next turn
        (with the unit of rest it begins with); ``tired``: the units of rest the target
        will have spent by then (its move this turn)."""
        rest = rest_at_turn_start(attacker.rest) if later else attacker.rest
        aimed = max(0, target.rest - tired)
        key = (attacker.kind, attacker.lev, rest, target.kind, target.lev, aimed)
        found = self.odds.get(key)
        if found is None:
            me = _fighter(self.work, attacker, rest)
            found = self.odds[key] = forecast(me, _fighter(self.work, target, aimed))
        return found

    def alive(self, enemy: int) -> float:
        return 1.0 - dead(self.hp[enemy])

    def worth(self, chances: HitPoints, enemy: Piece) -> float:
        kill = KILL_TURNS * self.power[enemy.id]
        total = 0.0
        for hp, chance in chances.items():
            total += chance * (HIT_POINT * (enemy.hp - hp) + (kill if hp <= 0 else 0.0))
        return total

    def gain(self, piece: Piece, enemy: Piece) -> tuple[float, dict[int, float]]:
        """What attacking ``enemy`` with ``piece`` is worth now, and the enemy's hit
        points after it."""
        before = self.hp[enemy.id]
        odds = self.forecast(piece, enemy)
        after = after_attack(before, odds)
        worth = self.worth(after, enemy) - self.worth(before, enemy)
        return worth + self.level_up(piece, enemy, before, after, odds), after

    def level_up(
        self, piece: Piece, enemy: Piece, before: HitPoints, after: HitPoints, odds: Forecast
    ) -> float:
        """The chance the attack raises ``piece`` a level (experience for a hit, double
        for a kill), times what the level brings: its hit points back, ``LEVEL_UP`` more."""
        hit = experience(piece.lev, enemy.lev, killed=False)
        need = needed(piece.lev) - piece.xp
        if 2 * hit < need:
            return 0.0
        killed = dead(after) - dead(before)
        chance = killed if hit < need else (1 - dead(before)) * (1 - odds.miss / 100)
        if chance <= 0:
            return 0.0
        healed = runtime_stats(self.work.kind(piece.kind), piece.lev + 1).max_hp - piece.hp
        return chance * (HIT_POINT * healed + LEVEL_UP)

    def loss(self, piece: Piece, tile: int, tired: int = 0) -> float:
        """What ``piece`` expects to lose on ``tile`` to the enemies' next turn, having
        spent ``tired`` units of rest getting there (a tired target is hit harder)."""
        hurt = 0.0
        for enemy in self.strikers.get(tile, ()):
            alive = self.alive(enemy)
            if alive > 0:
                odds = self.forecast(self.enemies[enemy], piece, later=True, tired=tired)
                hurt += alive * odds.expected_against(piece.hp)
        if hurt <= 0 or piece.hp <= 0:
            return 0.0
        share = min(1.0, hurt / piece.hp)
        return min(hurt, piece.hp) + KILL_TURNS * self.power[piece.id] * share * share

    # --- a piece's moves ---------------------------------------------------------
    def choices_of(self, piece: Piece) -> Choices:
        found = self.choices.get(piece.id)
        if found is None:
            found = self.choices[piece.id] = self._choices(piece)
        return found

    def _choices(self, piece: Piece) -> Choices:
        grid, work = self.grid, self.work
        kind = work.kind(piece.kind)
        weapon = work.weapon_of(piece)
        here = grid.index(piece.pos)
        blocked = {grid.index(p.pos) for p in work.pieces if p.id != piece.id} | self.held
        reach = grid.walks(here, kind.movement, kind.mobility, blocked)
        gaps, shore = self._gaps(piece)
        here_gap = gaps.get(here, _FAR)
        approach = max(self.approach, SHORE_APPROACH) if shore else self.approach
        here_loss = self.loss(piece, here)
        apart = _apart(work, self.player, piece)
        here_apart = apart(piece.pos)
        values: dict[int, float] = {}
        walk: tuple[float, int] | None = None
        for tile in reach:
            spent = 1 if tile != here and self.tiring else 0
            risk = self.exposure * (self.loss(piece, tile, spent) - here_loss)
            gained = here_gap - gaps.get(tile, _FAR)
            nearer = (approach if gained >= 0 else max(approach, RETREAT)) * gained
            together = 0.0 if shore else self.together * (apart(grid.pos(tile)) - here_apart)
            values[tile] = nearer - risk - together
            if tile != here and (walk is None or (values[tile], -tile) > (walk[0], -walk[1])):
                walk = (values[tile], tile)
        tired = REST_TURN * self.power[piece.id] if self.rested else 0.0
        attacks: dict[int, tuple[float, int]] = {}
        for enemy in self.enemies.values():
            sources = self._shooters(enemy, weapon.movement, kind.range)
            best: tuple[float, int] | None = None
            for tile, steps in sources.items():
                if steps < kind.min_range or tile not in reach:
                    continue
                value = values[tile] - (tired if tile != here else 0.0)
                if self.tiring:
                    spent = 2 if tile != here else 1  # the attack's unit too
                    value -= self.exposure * (
                        self.loss(piece, tile, spent) - self.loss(piece, tile, spent - 1)
                    )
                if best is None or (value, -tile) > (best[0], -best[1]):
                    best = (value, tile)
            if best is not None:
                attacks[enemy.id] = best
        return Choices(walk, attacks)

    def _shooters(self, enemy: Piece, movement: int, reach: int) -> dict[int, int]:
        key = (self.grid.index(enemy.pos), movement, reach)
        found = self.shooters.get(key)
        if found is None:
            found = self.shooters[key] = self.grid.shooters(*key)
        return found

    def _gaps(self, piece: Piece) -> tuple[dict[int, int], bool]:
        """Steps (pieces aside) from each tile to the nearest tile ``piece`` could attack
        an enemy it can hurt from; failing any on a way open to it, to the tiles of its
        ground nearest such an enemy (then with True: the way to the shore)."""
        kind = self.work.kind(piece.kind)
        weapon = self.work.weapon_of(piece)
        aims = self._aims(piece)
        key = (kind.movement, weapon.movement, kind.min_range, kind.range, *aims)
        found = self.gaps.get(key)
        if found is None:
            spots = {
                tile
                for enemy in aims
                for tile, steps in self._shooters(
                    self.enemies[enemy], weapon.movement, kind.range
                ).items()
                if steps >= kind.min_range
            }
            table = self.grid.step_sources(kind.movement)
            found = self.gaps[key] = spread(table, tuple(sorted(spots)), _FAR, ())
        here = self.grid.index(piece.pos)
        if here in found:
            return found, False
        ground = (kind.movement, here, *aims)
        found = self.grounds.get(ground)
        if found is None:
            tiles = [self.grid.index(self.enemies[e].pos) for e in aims]
            shore = ground_nearest(self.grid, here, kind.movement, tiles)
            found = self.grounds[ground] = steps_to(self.grid, kind.movement, shore)
        return found, True

    def _aims(self, piece: Piece) -> tuple[int, ...]:
        """The enemies ``piece`` can hurt (an attack that always misses, or does no
        damage, is no reason to walk up to its target), by id; all of them when it can
        hurt none."""
        hurt = tuple(e.id for e in self.enemies.values() if self.forecast(piece, e).expected > 0)
        return hurt or tuple(self.enemies)

    # --- the turn ----------------------------------------------------------------
    def options(self, piece: Piece) -> list[tuple[float, Move, int | None]]:
        """The piece's moves worth making, best first: (worth, move, target id)."""
        found: list[tuple[float, Move, int | None]] = []
        choices = self.choices_of(piece)
        if choices.walk is not None and choices.walk[0] > 0:
            found.append((choices.walk[0], Move(piece.id, self.grid.pos(choices.walk[1])), None))
        for enemy_id, (value, tile) in choices.attacks.items():
            enemy = self.enemies[enemy_id]
            worth = value + self.gain(piece, enemy)[0]
            if worth > 0:
                found.append((worth, Move(piece.id, self.grid.pos(tile), enemy.pos), enemy_id))
        found.sort(key=lambda o: (-o[0], o[1].to[1], o[1].to[0], o[2] or 0))
        return found

    def follow_up(
        self,
        after: Move,
        target: int | None,
        options: Mapping[int, list[tuple[float, Move, int | None]]],
    ) -> float:
        """The worth of the best move another piece could make after ``after`` (the
        other pieces' ``options``, the target's hit points as ``after`` leaves them)."""
        changed: dict[int, float] | None = None
        if target is not None:
            attacker = self.work.piece(after.piece)
            assert attacker is not None
            changed = self.gain(attacker, self.enemies[target])[1]
        best = 0.0
        for piece_id, found in options.items():
            if piece_id == after.piece:
                continue
            other = next((o[0] for o in found if target is None or o[2] != target), 0.0)
            best = max(best, other)
            if changed is None or target is None:
                continue
            attack = self.choices_of(self.own(piece_id)).attacks.get(target)
            if attack is None:
                continue
            kept = self.hp[target]
            self.hp[target] = changed
            worth = attack[0] + self.gain(self.own(piece_id), self.enemies[target])[0]
            self.hp[target] = kept
            best = max(best, worth)
        return best

    def own(self, piece_id: int) -> Piece:
        piece = self.work.piece(piece_id)
        assert piece is not None
        return piece

    def play(self, move: Move, target: int | None) -> None:
        piece = self.work.piece(move.piece)
        assert piece is not None
        start = piece.pos
        if target is not None:
            if dead(self.hp[target]) > 0:
                self.held.add(self.grid.index(start))
            self.hp[target] = self.gain(piece, self.enemies[target])[1]
        piece.x, piece.y = move.to
        self.choices.pop(piece.id, None)
        for other_id in list(self.choices):
            other = self.work.piece(other_id)
            assert other is not None
            reach = self.work.kind(other.kind).mobility + 1
            if _steps(other.pos, move.to) <= reach or _steps(other.pos, start) <= reach:
                del self.choices[other_id]


def plan(state: TacticsState, player: int) -> list[Move]:
    """The bot's moves for its turn, in the order they are to be made."""
    planner = start(state, player)
    work = planner.work
    moved: list[int] = []
    moves: list[Move] = []
    while may_take_part(work, moved)[0]:
        pieces = [
            p
            for p in work.army(player)
            if p.id not in moved and not (planner.rested and p.rest < FULL_REST)
        ]
        options = {p.id: planner.options(p) for p in pieces}
        ranked = [o for found in options.values() for o in found[:FOLLOW_UPS]]
        if not ranked:
            break
        ranked.sort(key=lambda o: (-o[0], o[1].piece, o[1].to[1], o[1].to[0]))
        best: tuple[float, Move, int | None] | None = None
        best_score = 0.0
        for worth, move, target in ranked[:FOLLOW_UPS]:
            score = worth + planner.follow_up(move, target, options)
            if best is None or score > best_score:
                best, best_score = (worth, move, target), score
        assert best is not None
        _, move, target = best
        if move_problem(work, player, move, moved):
            planner.choices.pop(move.piece, None)
            moved.append(move.piece)
            continue
        planner.play(move, target)
        moves.append(move)
        moved.append(move.piece)
    return moves


def start(state: TacticsState, player: int) -> Planner:
    work = state.clone()
    grid = grid_of(work.board)
    enemies = {p.id: p for p in work.pieces if p.owner != player}
    mine = [p for p in work.pieces if p.owner == player]
    bold = _boldness(work)
    crowd = len(work.standing()) > 2
    planner = Planner(
        work=work,
        player=player,
        grid=grid,
        exposure=EXPOSURE * (CROWD_EXPOSURE if crowd else 1.0) * (1 - bold) * _share(work, enemies),
        approach=APPROACH + bold * (BOLD_APPROACH - APPROACH),
        rested=work.pieces_per_turn == RESTED,
        tiring=not crowd,
        strikers=threats_by_tile(work, grid, enemies.values()),
        enemies=enemies,
        hp={e.id: certain(e.hp) for e in enemies.values()},
        together=TOGETHER if bold <= 0 else 0.0,
    )
    for piece in mine:
        planner.power[piece.id] = _mean(
            [planner.forecast(piece, e).expected_against(e.hp) for e in enemies.values()]
        )
    for enemy in enemies.values():
        planner.power[enemy.id] = _mean(
            [planner.forecast(enemy, m, later=True).expected_against(m.hp) for m in mine]
        )
    if not crowd:
        ahead = _ahead(planner, mine)
        planner.approach = APPROACH + max(bold, ahead) * (BOLD_APPROACH - APPROACH)
    return planner


def _ahead(planner: Planner, mine: list[Piece]) -> float:
    """Boldness from the board, in a duel: 0 while the bot's army weighs less than
    ``AHEAD`` times the enemy's, rising to 1 over ``AHEAD_SPAN`` more. An army weighs its
    hit points times its attacks (``power``: what each piece can really take a turn, on
    average over the pieces it faces), as two armies that trade blows wear each other
    down: two pieces weigh four times one. An army so far ahead has nothing to wait for
    (an enemy that can hurt nothing makes the bot wholly bold); only its approach grows
    bold, the enemies' reply weighs as before, so its pieces still stop short of the tiles
    the enemy can strike and let it come the last steps."""
    enemies = list(planner.enemies.values())
    ours = sum(p.hp for p in mine) * sum(planner.power[p.id] for p in mine)
    theirs = sum(p.hp for p in enemies) * sum(planner.power[p.id] for p in enemies)
    if theirs <= 0:
        return 1.0
    ratio = ours / theirs
    return min(1.0, max(0.0, (ratio - AHEAD) / AHEAD_SPAN))


def _apart(work: TacticsState, player: int, piece: Piece) -> Callable[[Pos], float]:
    """Grid steps from a tile to the middle of the rest of ``piece``'s army (the mean of
    their tiles); 0 everywhere for a piece alone."""
    others = [p.pos for p in work.army(player) if p.id != piece.id]
    if not others:
        return lambda pos: 0.0
    mid_x = sum(x for x, _ in others) / len(others)
    mid_y = sum(y for _, y in others) / len(others)
    return lambda pos: abs(pos[0] - mid_x) + abs(pos[1] - mid_y)


def _boldness(work: TacticsState) -> float:
    """0 while the battle goes on; rising to 1 over ``QUIET_ROUNDS`` more rounds once
    nobody has been hit for ``QUIET_ROUNDS`` rounds (in a duel in which nobody has been
    hit yet, ``QUIET_OPENING``), and over the turns after ``LATE`` of the turn limit."""
    armies = len(work.standing())
    opening = work.last_hit == 0 and armies == 2
    rounds = (QUIET_OPENING if opening else QUIET_ROUNDS) * armies
    quiet = (work.turn - work.last_hit - rounds) / rounds
    late = (work.turn - LATE * work.turn_limit) / (LATE_SPAN * work.turn_limit)
    return min(1.0, max(0.0, quiet, late))


def _share(work: TacticsState, enemies: Mapping[int, Piece]) -> float:
    """With a few pieces a turn, only that many enemies strike back."""
    if work.pieces_per_turn == RESTED or not enemies:
        return 1.0
    armies = len({e.owner for e in enemies.values()})
    return min(1.0, int(work.pieces_per_turn) * armies / len(enemies))


def _fighter(work: TacticsState, piece: Piece, rest: int) -> Fighter:
    stats = work.stats(piece)
    return Fighter(
        strength=stats.strength,
        defense=stats.defense,
        agility=stats.agility,
        rest=rest,
        weapon=work.weapon_of(piece),
    )


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _steps(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
