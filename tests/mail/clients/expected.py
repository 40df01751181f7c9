"""Every fixture of fixtures/, what made it, and the orders `wtg poll` must file from it.

``filed`` gives, for each player (a colour, in a Duel) the mail's sender plays, the order
file the mail must leave; a player it leaves out keeps whatever was on file before: nothing,
or the good orders mailed earlier (``GOOD``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tests.mail.clients.drivers import CLIENTS
from tests.mail.clients.player import EARLIER, EARLIER_FILED, FILED, Orders, fill_forms
from tests.mail.clients.table import DUEL, KAO, GameSpec, Table

OrderFile = dict[str, Any]

DUEL_EARLIER: Mapping[int, Orders] = {
    1: {"A1": (21, 20, 5), "R1": (1,)},
    3: {"A1": (25, 24, 5), "R1": (1,)},
    5: {"A1": (7, 6, 5), "R1": (1,)},
}
DUEL_EARLIER_FILED: dict[int, OrderFile] = {
    1: {"player": 1, "turn": 1, "attack": [{"from": 21, "to": 20, "armies": 5}], "ready": True},
    3: {"player": 3, "turn": 1, "attack": [{"from": 25, "to": 24, "armies": 5}], "ready": True},
    5: {"player": 5, "turn": 1, "attack": [{"from": 7, "to": 6, "armies": 5}], "ready": True},
}
DUEL_CORRECTED: OrderFile = {
    "player": 3,
    "turn": 1,
    "attack": [{"from": 25, "to": 26, "armies": 10}],
    "aim": [{"province": 25, "aim": "MIN"}],
    "ready": True,
}
"""Dora's colour 3 after "A1: 25 26 010", "G1: 25 5" and "R1: 1"."""


@dataclass(frozen=True)
class Good:
    """Good orders a player mails (a plain filled-in AOF, READY) before the fixture comes."""

    orders: Mapping[int, Orders]
    filed: dict[int, OrderFile]


GOOD = {
    KAO.name: Good({1: EARLIER}, {1: EARLIER_FILED}),
    DUEL.name: Good(DUEL_EARLIER, DUEL_EARLIER_FILED),
}


def file_good_orders(table: Table) -> dict[int, OrderFile]:
    """The first seat mails good orders for every player it plays; they are filed."""
    good = GOOD[table.spec.name]
    body = fill_forms(table.aof(1), good.orders)
    table.deliver(table.mail(table.spec.seats[0], body))
    table.poll()
    assert {player: table.orders(player) for player in good.filed} == good.filed
    return good.filed


@dataclass(frozen=True)
class Case:
    fixture: str
    how: str
    """What the client and the player did."""
    filed: dict[int, OrderFile] = field(default_factory=lambda: {1: FILED})
    game: GameSpec = KAO


SHAPE_HOW = {
    "top": "the filled-in AOF copied above the quoted report",
    "bottom": "the filled-in AOF copied below the quoted report",
    "inside": "the quoted AOF's lines filled in where they are, quote prefix kept",
    "bare": "only the order lines (A1: 60 55 010 ...) typed above the quoted report",
}

RECORDED = [
    Case(f"{client.name}-{shape}", f"{client.name} (recorded): {how}")
    for client in CLIENTS
    for shape, how in SHAPE_HOW.items()
]
"""Written by the real clients (python -m tests.mail.clients.record)."""

BY_HAND = [
    Case(
        "thunderbird-bottom",
        "Thunderbird, plain text (format=flowed, its own lines soft-broken at 72): the "
        "filled-in AOF below the quote, as Thunderbird places the cursor",
    ),
    Case(
        "thunderbird-html-bottom",
        'Thunderbird, HTML: the report in <blockquote type="cite"><pre>, the form pasted '
        'below it (&nbsp; runs); its text/plain part quotes with "> ", format=flowed',
    ),
    Case(
        "thunderbird-html-inside",
        'Thunderbird, HTML: the form filled in inside the <blockquote type="cite">',
    ),
    Case(
        "outlook-top",
        "Outlook (desktop), plain text reply to a plain text mail: top-posted above "
        "-----Original Message----- and the original without prefixes, all wrapped at 76, "
        "CRLF",
    ),
    Case(
        "outlook-web-inside",
        "Outlook on the web: the form filled in inside the original, which it shows "
        "unprefixed below a From:/Sent: block; multipart/alternative, quoted-printable",
    ),
    Case(
        "gmail-top",
        "Gmail (web): top-posted; the pasted form's space runs as no-break spaces in the "
        "text part, the quote re-wrapped at 76; the HTML part a gmail_quote blockquote",
    ),
    Case(
        "apple-mail-inside",
        "Apple Mail: the form filled in inside the quote; the attribution line quoted too, "
        'empty quoted lines "> " (=20)',
    ),
    Case(
        "iphone-bare",
        'iPhone Mail: bare order lines typed on top, "Sent from my iPhone", the report '
        "quoted with a byte order mark at its start",
    ),
    Case(
        "nested-inside",
        'mutt: the form filled in where it stands two levels deep ("> > "), in a reply '
        "to the GM's own answer that quoted the report",
    ),
    Case(
        "attachment-under-quote",
        "Thunderbird: the filled-in AOF attached (kao-turn1.txt, base64) under a body "
        "quoting the report with its blank form",
    ),
    Case(
        "vacation-auto-submitted",
        "a vacation auto-reply quoting the report, with Auto-Submitted: auto-replied",
        filed={},
    ),
    Case(
        "vacation-plain",
        "a vacation auto-reply quoting the report, without Auto-Submitted or Precedence",
        filed={},
    ),
    Case(
        "duel-one-colour",
        "Duel: Dora corrects her colour 3's form only, top-posted above the quoted report "
        "with her three blank forms",
        filed={3: DUEL_CORRECTED},
        game=DUEL,
    ),
]

CASES = RECORDED + BY_HAND
