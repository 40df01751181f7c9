"""`wtg quarantine --json`: the mails quarantined and held as one JSON object, each with
the key `--release` and `--forget` take, for a GM's script (the text's lines are broken
to 78 columns, and no script can read a key back from them safely).

Every text of a mail (a game's name as the mail gave it, a reason quoting it) is as the
journal keeps it: JSON escapes it, nothing is taken out or shortened; the text listing
shows the same quoted and escaped (``wtg.game.gameconfig.name_quoted``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone

from wtg.mail.spool.journallists import HeldOver, Quarantined


def received(at: float) -> str:
    """When the poll took a mail (``at``, seconds since the epoch), in UTC as ISO 8601."""
    return datetime.fromtimestamp(at, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def mail_entry(item: Quarantined) -> dict[str, object]:
    """A mail quarantined or held as the JSON gives it: its key, the game it names (null
    when none was read), its copy in the archive, what happened, when the poll took it
    (``at``, seconds since the epoch, and ``received``, ISO 8601 in UTC), its From's
    address ('' when it was not read) and whether that address had a seat here
    (``player``), as `wtg status --json` says it."""
    return {
        "key": item.key,
        "game": item.game,
        "archive": item.archive,
        "reason": item.reason,
        "at": item.at,
        "received": received(item.at),
        "sender": item.sender,
        "player": item.player,
    }


def held_entry(item: Quarantined, meant: Sequence[str], orders: Sequence[str]) -> dict[str, object]:
    """A mail held as the JSON gives it (``mail_entry``), with the games of this host close
    to the one it names (``did_you_mean``) and the `wtg orders` that would file it into
    each (``orders``), as the text listing adds them."""
    return {**mail_entry(item), "did_you_mean": list(meant), "orders": list(orders)}


def listing(
    every: int,
    kept: Sequence[Quarantined],
    kept_over: dict[str, int],
    held: Sequence[dict[str, object]],
    over: Sequence[HeldOver],
    under_way: Sequence[str],
    let_go: Sequence[str] = (),
) -> dict[str, object]:
    """The whole of `wtg quarantine --json`: the mails quarantined (``every`` of them,
    ``kept`` listed, the rest counted by address), those held (listed, and those the list's
    bound let go counted, in all and by address: '' for the addresses with no seat here)
    and the releases cut short (their keys); ``let_go``: the keys of the mails held the
    bound let go, which `--release-held` takes. A key `wtg status --json` has too means
    the same here."""
    return {
        "quarantined": every,
        "quarantine": [mail_entry(item) for item in kept],
        "quarantine_not_listed": dict(kept_over),
        "held": len(held),
        "held_mails": list(held),
        "held_not_listed": sum(count.mails for count in over),
        "held_not_listed_by_address": [
            {"sender": count.sender, "mails": count.mails, "at": count.at} for count in over
        ],
        "held_not_listed_keys": list(let_go),
        "releases_cut_short": list(under_way),
    }
