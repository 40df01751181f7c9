"""The WoK forecast with the lines the player's own attacks leave without troops: a move of
troops out of a province whose troops of its kind his attack lines send away (every
ruleset moves after attacking), and Intermediate's Upgrade Troops lines (phase 7, after
the attacks of phase 3).

The WoK forecast leaves the attacks to the turn and its table keeps the troops they send
where they are now (it says so): a move of 5 ARM out of a province whose ARM the attack
lines send away all was forecast as if it ran, with no word, and the turn skipped it. An
attack takes the troops it sends, won or lost (ARM first, then PIK, ARC, KNI, CAT), and
nothing of another player's brings troops back: so the forecast runs once more on a copy
whose attacks have sent their troops, and such a line that this run skips and the first
did not is said as one that would not run, as the turn will say it. The attacks sent are
those of the lines sure to run, counted as the turn counts them (``attacklines``).

The table and the record are then that second run's, the troops the attacks send put back
where they were sent from (at the level the first run shows there): the first run's showed
such a line as run beside the words saying it would not (10 ARM changed into KNI, 50 WOOD
spent), and a line the attacks leave some of its troops for as run in full, where the turn
changes or moves what is left and takes the WOOD for that (press49)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.attacklines import AttackSending
from wtg.rules.wok.attacklines import sending as sent_by
from wtg.rules.wok.forecast import forecast_and_attacks, forecast_orders, players_part
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.troops import take_troops
from wtg.rules.wok.turn import Phase
from wtg.rules.wok.view import ProvinceRow

AFTER_ATTACKS = "once your attacks from it have sent their troops"
"""What the reason of such a line adds to the turn's ("no ARM in province 4")."""


def troops_forecast(
    state: WokState,
    orders: Mapping[str, Json],
    player: int,
    phases: Sequence[Phase],
    row: Callable[[Province], ProvinceRow],
    waste_remainder: bool,
    rules: AttackSending,
) -> dict[str, object]:
    """The WoK forecast (``forecast_and_attacks``), with the moves and Upgrade Troops lines
    the player's attacks leave without troops of their kind among those that would not run,
    and its table and record as the turn leaves them, the troops the attacks send at home.
    The orders are read once for both runs (``forecast_orders``)."""
    given = forecast_orders(orders)
    first = players_part(state, player)
    result, fates = forecast_and_attacks(first, given, player, phases, row, waste_remainder, rules)
    sending = sent_by(fates)
    changed = {_number(line.get("province")) for line in _objects(orders.get("upgrade_troops"))}
    changed |= {_number(line.get("from")) for line in _objects(orders.get("move"))}
    if not changed & set(sending):
        return result
    work = players_part(state, player)
    troops = {p.id: p.troops for p in work.provinces_of(player)}  # the attacks still find them
    taken = {
        source: take_troops(work.province(source), armies) for source, armies in sending.items()
    }
    again, _fates = forecast_and_attacks(
        work, given, player, phases, row, waste_remainder, rules, troops, frozenset(sending)
    )
    said = {(s["phase"], s["order"]) for s in _skipped(result)}
    skipped = _skipped(again)
    new = [s for s in skipped if (s["phase"], s["order"]) not in said]
    skipped[:] = [s for s in skipped if (s["phase"], s["order"]) in said] + new
    for line in new:  # after those the first run said, as before
        if _emptied(line["phase"], line["order"], sending, rules):
            line["reason"] = f"{line['reason']} {AFTER_ATTACKS}"
    for source, mix in taken.items():  # the table keeps them at home, at the level it shows
        province = work.province(source)
        for kind, count in mix.items():
            setattr(province, kind, getattr(province, kind) + count)
        province.lev = first.province(source).lev
    again["provinces"] = [row(p) for p in work.provinces_of(player)]
    return again


def _emptied(phase: str, order: str, sending: Mapping[int, int], rules: AttackSending) -> bool:
    """Whether a line the run after the attacks skips is one they leave without troops: an
    Upgrade Troops line, or a move out of a province the attacks send troops from (the
    move's text, ``move 3 KNI from 16 to 20``, names it; a move out of a province the
    attacks send none from is skipped for want of what an earlier move would have brought,
    which the first run says)."""
    if phase == rules.upgrade_troops:
        return True
    return phase == rules.movement and any(f" from {source} to " in order for source in sending)


def _skipped(result: Mapping[str, object]) -> list[dict[str, str]]:
    """The forecast's lines that would not run (its ``skipped``, a list it keeps)."""
    skipped = result["skipped"]
    assert isinstance(skipped, list)  # ForecastTurn.skipped
    return skipped


def _objects(value: Json) -> list[JsonObject]:
    """The lines of a section of the order file (none when it is no list)."""
    items = value if isinstance(value, list) else []
    return [item for item in items if isinstance(item, dict)]


def _number(value: Json) -> int:
    """A field of a line, a whole number (0, no province, when it is none)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
