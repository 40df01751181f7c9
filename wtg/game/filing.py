"""Orders filed: what passed ``wtg.game.intake``'s door stored in the game's folder for its turn,
side by side, unless older or emptier than the orders on file, and the settings the orders
chose kept for the player's seat. ``Game.submit_all`` reads the orders and files them here,
under the game's lock."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from wtg.aof.orderfile import orders_to_yaml
from wtg.core.jsondata import JsonObject
from wtg.core.orders import OrderError, OrderRefused
from wtg.core.ruleset import Ruleset, S, SideId
from wtg.files.store import RECEIVED, GameStore, parsed_meta
from wtg.game.arrivalkey import arrival_key, is_newer
from wtg.game.intake import NO_ORDERS, Outcome, Submission, Unchanged
from wtg.game.orderfiles import parsed_copy, read_order_file
from wtg.game.playersettings import PlayerSettings
from wtg.game.schedule import iso, utc_text


@dataclass(frozen=True)
class Filing:
    """How orders reached the game: when, their arrival key, by what, and the text."""

    moment: datetime
    key: str
    via: str
    durable: bool
    text: str
    game: str = ""
    """The game's name, as a command to it names it (``RESIGN g1``)."""

    @classmethod
    def of(
        cls,
        sources: Sequence[str],
        received: datetime | None,
        order_key: str | None,
        via: str,
        durable: bool,
        game: str = "",
    ) -> Filing:
        """The filing of a text's sources (a mail: its texts, best part first); when it
        was received and its arrival key (``wtg.game.arrivalkey``) default to now."""
        moment = received or datetime.now(timezone.utc)
        key = order_key or arrival_key(moment, "command-line")
        return cls(moment, key, via, durable, sources[0] if sources else "", game)


def ran_with(store: GameStore, turn: int, results: Sequence[Outcome], key: str) -> set[int]:
    """The places of the sides in ``results`` refused (``OrderRefused``: the turn they
    name has run) whose orders the mail of ``key`` filed for ``turn``, which ran with them:
    the same mail read again (a poll killed after filing it, before answering it, and
    ``run-turn --due`` between). Filed means its order file is there and its parsed copy is
    that file's: a poll killed after the parsed copy, before the order file, filed nothing,
    though an older mail's order file may be there (``wtg.files.store.parsed_meta``)."""
    found: set[int] = set()
    if turn < 1:
        return found
    for index, result in enumerate(results):
        if not isinstance(result, OrderRefused) or result.player is None:
            continue
        # the copy only while it is the order file's (written last): a filing cut short
        # before it left its copy alone, or beside older orders, which the turn ran with
        data = parsed_meta(f"{store.turn_dir(turn) / RECEIVED}{os.sep}p{result.player:02d}.")
        if data is not None and data.get("order_key") == key:
            found.add(index)
    return found


def file_all(
    store: GameStore,
    ruleset: Ruleset[S],
    state: S,
    results: Sequence[Outcome],
    filing: Filing,
) -> list[Outcome]:
    """File each side's result (``state``: the state the orders were read against), then
    keep the settings they chose; returns the results as filed."""
    filed = [_file(store, result, filing) for result in results]
    remember(store, ruleset, state, filed, filing)
    return filed


def remember(
    store: GameStore,
    ruleset: Ruleset[S],
    state: S,
    results: Sequence[Outcome],
    filing: Filing,
) -> None:
    """Keep the settings the orders chose (``MAP: off``) for the player's seat, stored
    or not: a setting is no order, and stands until a later mail changes it. Kept again by
    the same mail read again (a filing killed before it kept them, its turn run since),
    it changes nothing a later mail chose."""
    for result in results:
        if isinstance(result, OrderError) or not result.settings:
            continue
        seat = ruleset.seat_of(state, SideId(result.player))
        chosen = result.settings
        PlayerSettings(store.root).choose(seat or result.player, chosen, filing.key, filing.durable)


def _file(store: GameStore, result: Outcome, filing: Filing) -> Outcome:
    """Store one side's orders, unless older or emptier than the ones on file."""
    if isinstance(result, OrderError):
        return result
    on_file = store.pending_meta(result.turn, result.player)
    if isinstance(result, Unchanged):
        result.on_file = _received(on_file)
        return result
    if on_file and is_newer(str(on_file.get("order_key", "")), filing.key):
        if not _ahead_of_the_clock(str(on_file.get("order_key", ""))):
            result.superseded = True
            return result
        result.notes.append(CLOCK_SET_BACK)
    mailed = filing.via == "mail"  # the GM at the command line files what he gives
    if mailed and on_file and not result.verdicts:  # a blank form of the player's own
        return Unchanged(
            result.player, result.turn, NO_ORDERS, on_file=_received(on_file), notes=result.notes
        )
    if mailed and on_file and result.ready_only:
        result.orders = _ready_on_file(store, result, on_file)
    elif on_file.get("quit") is True and result.orders.get("quit") is not True:
        result.notes.append(stays_after_all(filing.game))
    yaml_text = orders_to_yaml(result.orders)
    meta = {
        "received": iso(filing.moment),
        "order_key": filing.key,
        "via": filing.via,
        "ready": bool(result.orders.get("ready", False)),
    }
    files = {"parsed.json": parsed_copy(yaml_text, result.orders, meta), "yaml": yaml_text}
    if filing.via != "mail":  # a mail is archived whole, and answered by mail
        files["result.txt"] = result.confirmation()
        if result.source == "aof":
            files["aof.txt"] = filing.text
    store.save_pending(result.turn, result.player, files, filing.durable)
    return result


def stays_after_all(game: str) -> str:
    """What a player is told whose new orders replace orders that QUIT the game (his QUIT
    line, or the one a RESIGN filed with them) without QUIT: he plays on."""
    return (
        "The orders these replace had you leave the game (a RESIGN, or the QUIT line); "
        f"these do not: you stay in the game. To leave all the same, mail RESIGN {game} "
        "again."
    )


CLOCK_SLACK = timedelta(minutes=15)
"""How far a mail server's clock (an IMAP arrival) may run ahead of the host's: orders on
file that say they arrived later than that ahead of the clock came in while the host's
clock ran ahead (set back since)."""
CLOCK_SET_BACK = (
    "The orders on file said they arrived later than this host's clock reads now (it was "
    "set back since, or ran ahead): these replace them."
)


def _ahead_of_the_clock(key: str) -> bool:
    """Whether the orders on file of arrival ``key`` say they arrived later than the clock
    reads now, by more than ``CLOCK_SLACK``: the clock was set back since they came, and a
    form read now is newer than they are, whatever their key says (else every form was
    refused as older until the clock caught up, the GM's own `wtg orders` too)."""
    return is_newer(key, arrival_key(datetime.now(timezone.utc) + CLOCK_SLACK))


def _ready_on_file(
    store: GameStore, result: Submission, on_file: Mapping[str, object]
) -> JsonObject:
    """The orders on file with READY as the new form says (it said nothing else)."""
    path = store.pending_orders(result.turn)[result.player]
    _text, data = read_order_file(path)
    orders: JsonObject = dict(data) if isinstance(data, dict) else {}
    orders["ready"] = bool(result.orders.get("ready", False))
    result.notes.append(
        f"Your orders of {_received(on_file)} stand, now "
        + ("marked READY." if orders["ready"] else "no longer marked READY.")
    )
    return orders


__all__ = ["Filing", "file_all", "remember"]


def _received(on_file: Mapping[str, object] | None) -> str | None:
    """When the orders on file were received, as the answers show a moment; None when none
    are on file."""
    received = on_file.get("received") if on_file else None
    return utc_text(received) if isinstance(received, str) else None
