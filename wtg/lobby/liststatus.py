"""STATUS <list> from a player waiting on that list (``STATUS wok4``, the name his JOIN's
answer gave him): his place on it, how many players it needs and how many more are to
come, how its game starts and what its deadlines will be, in the words LIST uses. Never
another player's address (nor a name: LIST shows those). From a newcomer whose JOIN to the
list still waits for its CONFIRM, a refusal that names that request, its code (mailed to
this same address before) and until when it counts: he is on no list until he confirms.
STATUS of a game, and of a list from someone neither waiting on it nor asking to, is
``wtg.lobby.playing.status`` as ever (for a list: a refusal naming LIST)."""

from __future__ import annotations

from wtg.lobby import confirm, people, playing
from wtg.lobby.answering import Answering
from wtg.lobby.commands import Command
from wtg.lobby.lists import WaitingList, all_lists, waiting
from wtg.lobby.listwords import told
from wtg.lobby.waitlist import deadline_rule
from wtg.lobby.withdrawscope import withdraw_words


def status(desk: Answering, command: Command) -> None:
    """STATUS <name>: the sender's place on the waiting list ``name`` when he waits on it
    and no game has that name; else the game's status (``playing.status``)."""
    name = command.args[0].lower() if command.args else ""
    listed = _waited_on(desk, name) if name and name not in desk.games() else None
    if listed is None:
        asked = _asked_for(desk, name) if name and name not in desk.games() else None
        if asked is not None:
            desk.refuse(command, asked)
            return
        playing.status(desk, command)
        return
    wl, place, count, as_name, person = listed
    desk.reply(
        f"waiting list {wl.name}: {count} of {wl.players} players waiting, you number {place}",
        "list_place",
        list=wl.name,
        title=told(wl),
        name=as_name,
        place=place,
        count=count,
        players=wl.players,
        more=max(0, wl.players - count),
        rule=deadline_rule(wl),
        ruleset=wl.ruleset,
        withdraw=withdraw_words(desk.book, person, desk.sender, wl.name),
    )


def _waited_on(desk: Answering, name: str) -> tuple[WaitingList, int, int, str, int] | None:
    """The list ``name``, the sender's place on it (from 1, first come first), how many
    wait on it, his name there and his number in the book; None when it is no list or he
    waits on it not."""
    wl = next((w for w in all_lists(desk.book) if w.name == name), None)
    if wl is None:
        return None
    person = people.person_of(desk.book, desk.sender)
    players = waiting(desk.book, wl.name)
    for place, player in enumerate(players, start=1):
        if (person is not None and player.person == person.id) or (
            player.address.lower() == desk.sender
        ):
            return wl, place, len(players), player.name, player.person
    return None


def _asked_for(desk: Answering, name: str) -> str | None:
    """Why STATUS of the list ``name`` shows no place when the sender's JOIN to it waits
    for its CONFIRM (the latest such, when he asked under several names): the request, its
    code and what to do; None when no JOIN of his to it waits."""
    asked = [
        request
        for request in confirm.waiting_at(desk.book, desk.sender)
        if request.kind == confirm.JOIN and request.target == name
    ]
    if not asked:
        return None
    request = asked[-1]
    return (
        f"you are not on the waiting list {name} yet: your request {confirm.described(request)} "
        f"waits for its CONFIRM. Mail CONFIRM {request.code} (good until "
        f"{confirm.lapses(request)}) to be put on it; STATUS {name} then shows your place"
    )
