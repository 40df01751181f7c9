"""The public events of a turn, in words, for the game's page and the feed.

An event is published when the rules made it public (``public: true`` in the turn's
``events.json``); nothing else is read. Of those, the ones that tell the story (a
province or territory taken, a player out, a quit, the end, a RIP, a vote) get a sentence;
the routine ones of every turn (a WISK player's placements, a Tactics piece's steps) are
left to the players' reports. A public event of a kind not known here (a ruleset that
publishes its spy reports, say) is shown with its fields as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from wtg.core.jsondata import Json
from wtg.game.bidimark import marked_names
from wtg.rules.endreasons import end_words

Names = Mapping[int, str]
Said = Callable[[Mapping[str, Json], "Words"], str | None]

ROUTINE = frozenset(
    {
        "turn_began",
        "reinforced",
        "placed",
        "card_earned",
        "next_player",
        "fortified",
        "traded",
        "army_picked",
        "walked",
        "level_up",
    }
)
"""Public events of every turn that the site leaves to the reports."""
Key = tuple[Json, Json]
FALL = "player_eliminated"
"""A WoK colour wiped out (its last province taken)."""
HIDDEN_FIELDS = frozenset({"kind", "public", "visible_to"})
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


class Words:
    """Names of the game's sides and spots, for the sentences."""

    def __init__(self, sides: Names, spots: Names, rip_target: int = 0) -> None:
        self.sides = sides
        self.spots = spots
        self.rip_target = rip_target
        """The RIPs that won a game ended by them (Duel, Trinity), 0 where none did."""

    def end(self, reason: Json) -> str:
        """A game's end, its state's code word, in words (``end_words``)."""
        return end_words(str(reason), self.rip_target)

    def side(self, value: Json) -> str:
        if value == 0:
            return "the neutrals"
        if isinstance(value, int) and not isinstance(value, bool):
            return self.sides.get(value, f"player {value}")
        return "?"

    def spot(self, value: Json) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and value in self.spots:
            return f"{self.spots[value]} ({value})"
        return f"{value}"

    def sides_of(self, value: Json) -> str:
        listed = value if isinstance(value, list) else []
        return " and ".join(self.side(v) for v in listed) or "nobody"


def place(number: Json) -> str:
    """ "1st", "2nd", ... ("?" for what is no place)."""
    if not isinstance(number, int) or isinstance(number, bool):
        return "?"
    return ORDINALS.get(number, f"{number}th")


def _eliminated(e: Mapping[str, Json], w: Words) -> str:
    where = f" in {w.spot(e['province'])}" if "province" in e else ""
    return f"{w.side(e.get('player'))} was wiped out by {w.side(e.get('by'))}{where}."


def _quit(e: Mapping[str, Json], w: Words) -> str:
    if e.get("chosen"):
        return f"{w.side(e.get('player'))} quit the game."
    return f"{w.side(e.get('player'))} missed three turns in a row and is out (QUIT)."


def _game_over(e: Mapping[str, Json], w: Words) -> str:
    reason = f" ({w.end(e['reason'])})" if e.get("reason") else ""
    if "winners" in e:
        return f"The game is over{reason}: won by {w.sides_of(e.get('winners'))}."
    places = e.get("places")
    listed = places if isinstance(places, list) else []
    order = ", ".join(f"{place(n)} {w.side(p)}" for n, p in enumerate(listed, start=1))
    return f"The battle is over{reason}: {order}."


def _battle(e: Mapping[str, Json], w: Words) -> str | None:
    if not e.get("conquered"):
        return None
    target = e.get("target", e.get("province"))
    return f"{w.side(e.get('attacker'))} took {w.spot(target)} from {w.side(e.get('defender'))}."


def _attacked(e: Mapping[str, Json], w: Words) -> str | None:
    if not e.get("killed"):
        return None
    return (
        f"{w.side(e.get('player'))}'s {str(e.get('piece_kind', '')).lower()} killed "
        f"{w.side(e.get('target_owner'))}'s {str(e.get('target_kind', '')).lower()}."
    )


SENTENCES: dict[str, Said] = {
    "player_eliminated": _eliminated,
    "player_quit": _quit,
    "game_over": _game_over,
    "battle": _battle,
    "attacked": _attacked,
    "eliminated": lambda e, w: (
        f"{w.side(e.get('player'))} was eliminated by {w.side(e.get('by'))}."
    ),
    "game_won": lambda e, w: (
        f"{w.side(e.get('player'))} won the game"
        + (f" ({w.end(e['how'])})" if e.get("how") else "")
        + "."
    ),
    "ripped": lambda e, w: (
        f"{w.side(e.get('colour'))} lost its last province, "
        f"{w.spot(e.get('province'))}: the RIP goes to {w.side(e.get('credited_to'))}."
    ),
    "voted_end": lambda e, w: (
        f"{w.side(e.get('player'))} voted to end the game." if e.get("vote") else None
    ),
    "player_out": lambda e, w: (
        f"{w.side(e.get('player'))} is out, in {place(e.get('place'))} place."
    ),
    "no_orders": lambda e, w: (
        f"{w.side(e.get('player'))} sent no orders ({e.get('missed')} missed in a row)."
    ),
    "war_points": lambda e, w: (
        f"{w.side(e.get('player'))} earned {e.get('points')} war "
        f"points against {w.side(e.get('loser'))}."
    ),
}


def _as_is(event: Mapping[str, Json]) -> str:
    """A public event of a kind without a sentence: its kind and fields."""
    fields = ", ".join(
        f"{key.replace('_', ' ')} {value}"
        for key, value in event.items()
        if key not in HIDDEN_FIELDS and not isinstance(value, (dict, list))
    )
    return f"{str(event.get('kind', 'event')).replace('_', ' ').capitalize()}: {fields}."


def _fall_and_rip(fall: Mapping[str, Json], rip: Mapping[str, Json], w: Words) -> str:
    """A colour wiped out and the RIP for it (Duel, Trinity), one sentence, as the report
    says them: who wiped it out, and who gets the RIP when another ends the turn holding
    the province."""
    said = f"{w.side(fall.get('by'))} wiped out {w.side(fall.get('player'))} in "
    said += w.spot(fall.get("province"))
    if rip.get("credited_to") == fall.get("by"):
        return f"{said} and gets the RIP."
    return f"{said}; {w.side(rip.get('credited_to'))} ends the turn holding it and gets the RIP."


def _rips_with_falls(events: Sequence[Mapping[str, Json]]) -> dict[Key, Mapping[str, Json]]:
    """The public RIPs of a turn that a public fall of the same colour at the same
    province tells with it, by colour and province."""
    public = [e for e in events if e.get("public") is True]
    falls = {(e.get("player"), e.get("province")) for e in public if e.get("kind") == FALL}
    return {
        (e.get("colour"), e.get("province")): e
        for e in public
        if e.get("kind") == "ripped" and (e.get("colour"), e.get("province")) in falls
    }


def public_lines(events: Sequence[Mapping[str, Json]], words: Words) -> list[str]:
    """A sentence for each public event of a turn that tells the story, in order; a side's
    name written right to left marked where it ends (``wtg.game.bidimark``): the page
    and the feed show a sentence as text, where two such names beside each other (``won
    by A and B``) would show swapped. A colour's fall and its RIP are one sentence, at
    the fall."""
    rips = _rips_with_falls(events)
    lines = []
    for event in events:
        if event.get("public") is not True:
            continue
        kind = str(event.get("kind", ""))
        if kind in ROUTINE or (kind == "ripped" and event in rips.values()):
            continue
        rip = rips.get((event.get("player"), event.get("province"))) if kind == FALL else None
        say = SENTENCES.get(kind)
        line = (
            _fall_and_rip(event, rip, words)
            if rip is not None
            else say(event, words)
            if say is not None
            else _as_is(event)
        )
        if line:
            lines.append(marked_names(line, words.sides.values()))
    return lines
