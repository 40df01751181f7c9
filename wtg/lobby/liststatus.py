"""STATUS <list> from a player waiting on that list (``STATUS wok4``, the name his JOIN's
answer gave him): his place on it, how many players it needs and how many more are to
come, how its game starts and what its deadlines will be, in the words LIST uses. Never
another player's address (nor a name: LIST shows those). STATUS of a game, and of a list
from someone not waiting on it, is ``wtg.lobby.playing.status`` as ever (for a list: a
refusal naming LIST)."""

from __future__ import annotations

from wtg.lobby import people, playing
from wtg.lobby.answering import Answering
from wtg.lobby.commands import Command
from wtg.lobby.lists import WaitingList, all_lists, waiting
from wtg.lobby.waitlist import deadline_rule


def status(desk: Answering, command: Command) -> None:
    """STATUS <name>: the sender's place on the waiting list ``name`` when he waits on it
    and no game has that name; else the game's status (``playing.status``)."""
    name = command.args[0].lower() if command.args else ""
    listed = _waited_on(desk, name) if name and name not in desk.games() else None
    if listed is None:
        playing.status(desk, command)
        return
    wl, place, count, as_name = listed
    desk.reply(
        f"waiting list {wl.name}: {count} of {wl.players} players waiting, you number {place}",
        "list_place",
        list=wl.name,
        title=wl.title(),
        name=as_name,
        place=place,
        count=count,
        players=wl.players,
        more=max(0, wl.players - count),
        rule=deadline_rule(wl),
        ruleset=wl.ruleset,
    )


def _waited_on(desk: Answering, name: str) -> tuple[WaitingList, int, int, str] | None:
    """The list ``name``, the sender's place on it (from 1, first come first), how many
    wait on it and his name there; None when it is no list or he waits on it not."""
    wl = next((w for w in all_lists(desk.book) if w.name == name), None)
    if wl is None:
        return None
    person = people.person_of(desk.book, desk.sender)
    players = waiting(desk.book, wl.name)
    for place, player in enumerate(players, start=1):
        if (person is not None and player.person == person.id) or (
            player.address.lower() == desk.sender
        ):
            return wl, place, len(players), player.name
    return None
