"""The Top Ten score: every possession counted in population equivalents (a ruling)."""

from __future__ import annotations

from wtg.core.places import shared_places
from wtg.core.ruleset import ScoreLine
from wtg.rules.wok.limits import POP_PER_ARM, POP_PER_WOK
from wtg.rules.wok.state import ACTIVE, DEAD, QUIT, Player, WokState

TOP = 10


def player_score(state: WokState, pid: int) -> int:
    """POP + 2 per WOK + 4 per ARM times its level + 2 per MIS and SPY + 2 per 0.1 DEF,
    over all provinces, plus tech points and EFF, and one a GOLD and a WOOD held (Standard
    and Intermediate; WoK IV has none). A worker costs 2 POP and an army 4 POP ("1 ARMY =
    2 WORKERS OR 4 POPULATION"), so the score weighs them so. Intermediate's upgraded
    troops (PIK, ARC, KNI, CAT) are armies changed, each counted as one (``troops``):
    docs/rules/intermediate.md, rulings 29 and 30; docs/rules/standard.md, ruling 48."""
    player = state.player(pid)
    held = player.tech + player.eff + player.gold + (player.wood or 0)
    total = held if player.status != DEAD else 0
    for p in state.provinces_of(pid):
        total += (
            p.pop
            + POP_PER_WOK * p.wok
            + POP_PER_ARM * p.troops * p.lev // 1000
            + 2 * p.mis
            + 2 * p.spy
            + 2 * p.dfn
        )
    return total


def top_ten(state: WokState) -> list[ScoreLine]:
    """The players who own a province, by score: "a "Top Ten" List according to a generated
    score". Equal scores share a rank, the next skipped (ruling: the text ranks by the score
    alone); provinces, then the player's number, only put them in order on the list. A
    finished game's winners read ``winner``, as WISK's and Tactics' do, and come first,
    then the others still in it, then those who QUIT, each by score (WoK IV's ruling 23:
    a player who QUIT has left the game, "You can not re-enter this specific game")."""
    winners = state.outcome.winners if state.outcome is not None else ()
    rows = []
    for player in state.players:
        provinces = state.count_of(player.id)
        if provinces:
            rows.append((_standing(state, player, winners), provinces, player))
    rows.sort(key=lambda r: (r[0], -r[1], r[2].id))
    ranks = shared_places([standing for standing, _provinces, _player in rows])
    return [
        ScoreLine(
            rank=rank,
            player=p.id,
            name=p.name,
            score=-standing[1],
            provinces=provinces,
            status=shown_status(state, p, winners),
        )
        for rank, (standing, provinces, p) in list(zip(ranks, rows, strict=True))[:TOP]
    ]


def shown_status(state: WokState, player: Player, winners: tuple[int, ...]) -> str:
    """The player's status as the Top Ten and his report show it: ``winner`` for a winner
    of the game over, ``standing`` for one still in it who did not win (no turn is left to
    be active in: a game the GM ended), his own for any other."""
    if player.id in winners:
        return "winner"
    if state.outcome is not None and player.status == ACTIVE:
        return "standing"
    return player.status


def _standing(state: WokState, player: Player, winners: tuple[int, ...]) -> tuple[int, int]:
    """What the Top Ten ranks ``player`` by, least first: his score alone while the game
    runs; at its end the winners first, then the others still in it, then those who QUIT."""
    group = 0
    if state.outcome is not None:
        group = 0 if player.id in winners else 2 if player.status == QUIT else 1
    return (group, -player_score(state, player.id))
