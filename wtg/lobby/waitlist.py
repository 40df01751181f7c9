"""The commands of the waiting lists and of takeovers: LIST, JOIN, CONFIRM, WITHDRAW."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from wtg.core.errors import GameError, WtgError
from wtg.core.plurals import counted
from wtg.core.ruleset import SeatId, public_sides
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.namelinks import shown_name
from wtg.game.newgame import seating_of
from wtg.game.registry import GAME_SEATING, registration_of
from wtg.game.schedule import local_text
from wtg.game.takeoverfinish import TakeoverStuck
from wtg.game.takeovers import code_digest, parted_seats
from wtg.gm.takeover import take_over
from wtg.lobby import confirm, people
from wtg.lobby.answering import Answering
from wtg.lobby.commands import Command
from wtg.lobby.domains import taken_note, taken_seats
from wtg.lobby.lists import (
    WaitingList,
    all_lists,
    every_list,
    find_list,
    list_named,
    lists_for,
    on_list,
    put_on,
    waiting,
)
from wtg.lobby.listwords import game_title, told
from wtg.lobby.lookalikes import alike, in_list
from wtg.lobby.newcomername import from_name_refused
from wtg.lobby.playing import confirm_resign
from wtg.lobby.seats import offered_seat, offers, seat_left, seat_of_person, seat_taken
from wtg.lobby.takenoffers import restored_takeover
from wtg.lobby.withdrawscope import Scope, target, withdraw_words
from wtg.text.addresses import mailbox_of
from wtg.text.closename import close_names, either

OPEN_NAMED = 8
"""The open lists a JOIN for a list that is not open names (LIST shows them all)."""
OTHERS_NAMED = 3
"""Requests waiting beside a new one that its answer names (the newest; the rest are
counted): a forged From may leave many, under names of the forger's choosing."""


def show_lists(desk: Answering, _command: Command) -> None:
    """LIST: the open waiting lists (each with its deadline rule and the players waiting on
    it, by their names in the games, as the others read them: ``shown_name``, an older
    name that reads as a web address defanged) and the seats offered in running games."""
    shown = [
        (
            wl,
            [in_list(shown_name(w.name)) for w in waiting(desk.book, wl.name)],
            deadline_rule(wl),
            told(wl),
        )
        for wl in all_lists(desk.book)
    ]
    seats = []
    for game_name, seat, _since in offers(desk.book):
        game = desk.games().get(game_name.lower())
        if game is not None:
            seats.append(
                (game_name, seat, game_title(game.ruleset.name, game.config.variant), due(game))
            )
    desk.reply("waiting lists and seats offered", "lists", lists=shown, seats=seats)


def due(game: Game) -> str:
    """The turn a seat's newcomer gives his first orders for and when they are due, as the
    reports say it (``turn 4 is next, deadline Tue 10 Mar 2026 18:00 UTC``); a game without
    a schedule runs its turn once those it waits for are READY (all, or in WISK and Tactics
    the player whose turn it is: ``Registration.sooner``), one the GM holds waits for him."""
    turn = game.latest_turn() + 1
    if game.held() is not None:
        return f"turn {turn} is next, held by the GM: no deadline until he releases the game"
    deadline = game.deadline()
    schedule = game.config.schedule
    if deadline is None or schedule is None:
        return (
            f"turn {turn} is next, no deadline: it runs {registration_of(game.ruleset.name).sooner}"
        )
    return f"turn {turn} is next, deadline {local_text(deadline, schedule.timezone)}"


def deadline_rule(wl: WaitingList) -> str:
    """When the turns of a game made from the list fall due, and how it starts. Who a turn
    waits for is its ruleset's to say (``Registration.turns_run``: in WISK and Tactics one
    player moves a turn), read from its registration without opening a game."""
    registration = registration_of(wl.ruleset)
    if wl.every_days:
        days = "day" if wl.every_days == 1 else f"{wl.every_days} days"
        at = f"{wl.at or '18:00'} {wl.timezone}"
        rule = f"a turn every {days} at {at} (or sooner, {registration.sooner})"
    else:
        rule = f"none: {registration.turns_run}"  # after "deadlines: "
    if wl.robots_after is not None:
        hours = f"{wl.robots_after:g}"
        rule += (
            f"; it starts when full, or {hours} hours after its first player with the players "
            "there are"
        )
    return rule


def join(desk: Answering, command: Command) -> None:
    """JOIN <ruleset> [<variant>] [AS <name>], JOIN <list> [AS <name>] (its name as LIST
    shows it), or JOIN <game> [AS <name>] for a seat offered."""
    words, name = _split_as(command.args)
    if not words:
        desk.refuse(command, "JOIN needs a ruleset (or a game that offers a seat): JOIN wok4")
        return
    mine = desk.person()
    from_name = not name and desk.from_named()  # a name he did not type: his From's
    name = name or desk.join_name()
    game = desk.games().get(words[0].lower())
    variant = words[1] if len(words) > 1 else None
    taking, other = lists_for(desk.book, words[0], variant, mine)
    if not (taking or other) and variant is None:  # JOIN wok4-beginner, copied from LIST
        taking, other = list_named(desk.book, words[0], mine)
    # a game named as a ruleset (`wtg new-game wok4`) takes the JOIN only for a seat it
    # offers: the ruleset's open lists are not hidden behind it
    offers = game is not None and offered_seat(desk.book, game.config.game) is not None
    takeover = game if game is not None and (offers or not (taking or other)) else None
    # a takeover's own game is checked by _name_taken (the quitter's seat's name is his)
    problem = _name_problem(desk, name, takeover)
    if problem is not None and from_name:
        desk.refuse(command, from_name_refused(problem, " ".join(("JOIN", *words))))
        return
    if problem is not None:
        desk.refuse(command, problem)
        return

    def checked(word: str) -> str | None:  # a word after the ruleset offered as the name
        return _name_problem(desk, word)

    if takeover is not None:
        _ask_takeover(desk, command, takeover, name)
        return
    if not taking:
        refused = _no_list(words[0], variant, other, mine, all_lists(desk.book), checked)
        desk.refuse(command, refused)
        return
    chosen, already = _next_list(desk, taking, mine)
    if chosen is None:
        desk.refuse(command, _on_them_all(already))
        return
    twin = _mailbox_waits(desk, chosen.name, mine)
    if twin is not None:
        desk.refuse(command, twin)
        return
    coloured = people.colours_problem(desk.book, name, desk.sender, _colours(chosen))
    if coloured is not None:
        desk.refuse(command, coloured)
        return
    with desk.book.write():  # the code and the answer that mails it, remembered together
        now = find_list(desk.book, chosen.name)  # in the transaction: a close-list before it
        if now is None or now.closed is not None:
            closed = _no_list(words[0], variant, [], mine, all_lists(desk.book), checked)
            desk.refuse(command, closed)
            return
        asked = confirm.ask(
            desk.book, confirm.JOIN, desk.sender, chosen.name, desk.moment, name=name
        )
        code = asked.code
        desk.reply(
            f"JOIN {chosen.name}: confirm with CONFIRM {code}",
            "join",
            asks=code,
            asked_before=asked.before,
            title=told(chosen),
            list=chosen.name,
            name=name,
            code=code,
            others=_others_named(asked.others),
            more=max(0, len(asked.others) - OTHERS_NAMED),
            also=[wl.name for wl in already],
        )
        desk.remember(command)


def _next_list(
    desk: Answering, taking: list[WaitingList], mine: people.Person | None
) -> tuple[WaitingList | None, list[WaitingList]]:
    """The list a JOIN puts the sender on, and the lists of the same game he waits on
    already. Of the lists that take him (his own group's first: ``wok4-beginner``, then
    ``wok4``, open to all), the first he is not on, of the game and variant of the first:
    a beginner on ``wok4-beginner`` who mails ``JOIN wok4`` again is put on ``wok4`` too
    (confirmed), where before he was told he was on ``wok4-beginner`` already and no word
    put him on the other; his answer says he waits on both. A list of another variant is
    never taken for one he did not name (``JOIN standard`` from a player on ``standard`` is
    refused as ever, never offered ``standard-skirmish``). None when he is on them all."""
    first = taking[0]
    same = [wl for wl in taking if wl.variant == first.variant]
    if mine is None:
        return first, []
    already = [wl for wl in same if on_list(desk.book, wl.name, mine.id)]
    free = [wl for wl in same if wl not in already]
    return (free[0] if free else None), already


def _mailbox_waits(desk: Answering, name: str, mine: people.Person | None) -> str | None:
    """Why the sender may not wait on the list ``name``: another person waits on it from an
    address of the sender's mailbox (``mailbox_of``: ``ann+two@`` is ``ann@``'s), and the
    game it makes would seat one person twice, with two codes. None when no one does."""
    box = mailbox_of(desk.sender.lower(), desk.dashed)
    for entry in waiting(desk.book, name):
        same = mailbox_of(entry.address.lower(), desk.dashed) == box
        if same and (mine is None or entry.person != mine.id):
            leave = withdraw_words(desk.book, entry.person, entry.address, name)
            return (  # its address unsaid: a mailbox folded wrongly would be another's
                f"you are on the waiting list {name} already, from another address of your "
                "mailbox: one seat a person in a game. To wait from this address instead, mail "
                f"from the one you joined from ({leave}; then CONFIRM it), then JOIN again from "
                f"this one; {SHARED_MAILBOX}"
            )
    return None


def _on_them_all(lists: list[WaitingList]) -> str:
    """Why a JOIN puts the sender on no list: he waits on each that takes him."""
    if len(lists) == 1:
        return f"you are on the waiting list {lists[0].name} already"
    names = ", ".join(wl.name for wl in lists[:-1]) + f" and {lists[-1].name}"
    return f"you are on the waiting lists {names} already (each of this game that takes you)"


def _colours(wl: WaitingList) -> int:
    """The colours each player plays in a game of the list (a Duel's three)."""
    return seating_of(wl.ruleset, wl.variant, GAME_SEATING[wl.ruleset]).colours


def _game_colours(game: Game) -> int:
    """The colours each player plays in ``game`` (a Duel's three); for a ruleset or variant
    no longer registered, the most any registered seating has (its sides are read)."""
    config = game.config
    try:
        return seating_of(config.ruleset, config.variant, GAME_SEATING[config.ruleset]).colours
    except (WtgError, KeyError):
        return len(people.COLOUR_LETTERS)


def _ask_takeover(desk: Answering, command: Command, game: Game, name: str) -> None:
    game_name = game.config.game
    seat = offered_seat(desk.book, game_name)
    if seat is None:
        desk.refuse(command, f"game {game_name} offers no seat now (LIST shows the seats offered)")
        return
    left = seat_left(desk.book, game, desk.sender, desk.dashed)
    if left is not None:
        desk.refuse(command, _left(game_name, left))
        return
    held = seat_of_person(desk.book, game, desk.sender, desk.dashed)
    if held is not None:
        desk.refuse(command, _second_seat(game_name, held))
        return
    named = _name_taken(game, name) or people.colours_problem(
        desk.book, name, desk.sender, _game_colours(game)
    )
    if named is not None:
        desk.refuse(command, named)
        return
    with desk.book.write():
        asked = confirm.ask(
            desk.book, confirm.TAKEOVER, desk.sender, game_name, desk.moment, name=name, seat=seat
        )
        code = asked.code
        desk.reply(
            f"JOIN {game_name}: confirm with CONFIRM {code}",
            "takeover_ask",
            asks=code,
            asked_before=asked.before,
            game=game_name,
            title=game_title(game.ruleset.name, game.config.variant),
            due=due(game),
            seat=seat,
            name=name,
            code=code,
            others=_others_named(asked.others),
            more=max(0, len(asked.others) - OTHERS_NAMED),
        )
        desk.remember(command)


def _others_named(others: Sequence[confirm.Pending]) -> list[str]:
    """The newest ``OTHERS_NAMED`` of the requests waiting beside a new one (oldest first),
    as its answer names them."""
    return [confirm.described(other) for other in others[-OTHERS_NAMED:]]


def _name_taken(game: Game, name: str) -> str | None:
    """Why ``name`` may not take over a seat of ``game``: a seat of it plays under it (a game
    made by `wtg new-game`, whose players the book does not know), and two players of one
    name would read as one in every report and piece of press (and so would two names
    that read as one: ``AIice`` and Alice, ``L o r d 2`` and Lord2,
    ``wtg.lobby.lookalikes.alike``). So does the seat itself: its quitter's name, taken by
    the newcomer, would pass him for the quitter come back, in the reports, the press and
    the results (a list's game's quitter is the book's, whose name no one else takes)."""
    for entry in game.config.players:
        if alike(entry.name, name):
            return (
                f"the name {name} is player {entry.id}'s in game {game.config.game}: choose "
                "another with AS <name>"
            )
    named = game.named_state(game.state_view())
    for side in public_sides(game.ruleset.public_json(named)):
        if people.colour_alike(side.name, name):  # a Duel's or Trinity's colour: BobA
            return (
                f"the name {name} reads as {side.name}, the name of side {side.id} in game "
                f"{game.config.game} (a colour of a player's, or a robot): in its reports and "
                "press it would pass for that side: choose another with AS <name>"
            )
    return None


def _places(desk: Answering) -> list[str]:
    """The names of the games here and of the waiting lists, open or closed: no newcomer's
    name may read as one (``wtg.lobby.sentencenames``)."""
    games = [game.config.game for game in desk.games().values()]
    return [*games, *(wl.name for wl in every_list(desk.book))]


def _seats(desk: Answering, but: Game | None = None) -> list[tuple[str, PlayerEntry]]:
    """The seats of the games here that a newcomer's name may not pass for (each with its
    game's name), but those of ``but``."""
    return [
        (game.config.game, entry)
        for game in desk.games().values()
        if but is None or game.store.root != but.store.root
        for entry in game.config.players
        if entry.email
    ]


def _sides(desk: Answering, but: Game | None = None) -> Iterator[tuple[str, PlayerEntry]]:
    """The sides of the games here named otherwise than their seats' players (a Duel's or
    Trinity's colours: ``AnnA``, ``AnnB`` of Ann's seat), each as its seat's entry under the
    side's name (with its game's name), but those of ``but``: a newcomer named as one would
    pass for it. Read from game.yaml, not from the game's state: the state names each
    colour of a seat after its player as game.yaml names him now (``Game.named_state``:
    the name, then the colour's letter, ``wtg.rules.standard.setup``), so the colours are
    his name and the first ``_game_colours`` letters of ``people.COLOUR_LETTERS``. A seat
    whose colours a newcomer took over under his name alone has colours named as he is,
    which his seat's name is compared with already (``_seats``); its lettered names, which
    it no longer has, are refused all the same, as ``people.colour_named`` refuses them.
    A robot's side is no one's (its name is the rules', refused by ``lookalikes.posing``).
    Reading each Duel's state made a JOIN on a host of 200 Duels take a fifth of a second
    (bench/bench_join.py --duels); game.yaml is read for ``_seats`` already."""
    for game in desk.games().values():
        if but is not None and game.store.root == but.store.root:
            continue
        colours = _game_colours(game)
        if colours < 2:
            continue
        for entry in game.config.players:
            if not entry.email:
                continue
            for letter in people.COLOUR_LETTERS[:colours]:
                name = f"{entry.name}{letter}"
                yield game.config.game, PlayerEntry(entry.id, name, entry.email, "")


def _left(game: str, seat: int) -> str:
    return (
        f"you left game {game} (seat {seat}): a player who quit can not re-enter the game he left"
    )


SHARED_MAILBOX = (
    "another player who reads this mailbox joins from a mailbox of his own (an address with a "
    "+tag delivers to the mailbox of the address without it, and the host mails each seat "
    "its secret code)"
)
"""What a refusal by mailbox (``mailbox_of``) tells two people who share one: review47,
before, they were told they waited or played already and nothing of what to do."""


def _second_seat(game: str, held: int) -> str:
    return (
        f"you play seat {held} of game {game} already (from this address or another of "
        f"yours, of your mailbox too): one seat a person in a game; {SHARED_MAILBOX}"
    )


def _name_problem(desk: Answering, name: str, takeover: Game | None = None) -> str | None:
    """Why ``name`` cannot be the name the sender waits or plays under (``people``), or
    None; ``takeover``: the game whose seat he takes over, whose own seats are checked
    otherwise."""
    return people.player_problem(name, desk.sender) or people.name_problem(
        desk.book,
        name,
        desk.sender,
        desk.host,
        _seats(desk, but=takeover),
        _sides(desk, but=takeover),
        _places(desk),
        desk.dashed,
    )


def _no_list(
    ruleset: str,
    variant: str | None,
    other: list[WaitingList],
    mine: people.Person | None,
    open_now: Sequence[WaitingList],
    name_problem: Callable[[str], str | None] = lambda _word: None,
) -> str:
    """Why no list takes a JOIN of ``ruleset`` (and ``variant``), and what may be meant.
    ``name_problem``: why a word after an open list's ruleset, offered as the name to wait
    under (``JOIN intermediate AS Evelyn``), cannot be his name (review49: the JOIN offered
    for ``gm`` was refused, the name passing for the host's own)."""
    what = f"{ruleset} {variant}" if variant else ruleset
    if not other:
        names = ", ".join(wl.name for wl in open_now[:OPEN_NAMED])
        more = ", ..." if len(open_now) > OPEN_NAMED else ""
        now = f"; open now: {names}{more}" if names else ""
        # a ruleset mistyped (JOIN wsik): the open lists' ruleset meant, as JOIN takes it
        named = {wl.name for wl in open_now} if variant is None else set()
        meant = close_names(ruleset, {wl.ruleset for wl in open_now} | named)
        tail = f" {variant}" if variant else ""
        guess = f" (did you mean JOIN {either([m + tail for m in meant])}?)" if meant else ""
        # a name split by a space, as it is said (JOIN wok 4): the two words one name, alone
        joined = f"{ruleset}{variant}".lower() if variant else ""
        listed = {wl.ruleset for wl in open_now} | {wl.name for wl in open_now}
        if joined and joined in listed:
            guess = f" (did you mean JOIN {joined}?)"
        # a name after an open list's ruleset (JOIN intermediate Evelyn): the name goes after
        # AS; a word near one of the ruleset's variants is that variant mistyped
        variants = {s.variant for s in GAME_SEATING.get(ruleset.lower(), ()) if s.variant}
        named_after = (
            variant
            and not guess
            and ruleset.lower() in listed
            and variant.lower() not in variants
            and not close_names(variant.lower(), variants)
        )
        problem = name_problem(variant) if variant and named_after else None
        if problem is not None:
            guess = f" (a name goes after AS, JOIN {ruleset} AS <name>, but {problem})"
        elif named_after:
            guess = f" (to wait under the name {variant}: JOIN {ruleset} AS {variant})"
        return f"no waiting list of {what} is open{guess}{now} (LIST shows the lists)"
    group = mine.group if mine is not None else people.BEGINNER
    finished = mine.finished if mine is not None else 0
    won = mine.won if mine is not None else 0
    one = [wl.name for wl in other] == [what.lower()]  # JOIN wok4-advanced: that list
    lists = f"the waiting list {other[0].name} is" if one else f"the waiting lists of {what} are"
    return (
        f"{lists} for another group: you count as "
        f"{'a beginner' if group == people.BEGINNER else 'an advanced player'} "
        f"({counted(finished, 'game')} finished, {won} won; beginner: 0-2 finished, none won; "
        "advanced: 3+ finished or 1+ won)"
    )


def confirm_request(desk: Answering, command: Command) -> None:
    """CONFIRM <code>: the request the code was mailed for, from the address it went to."""
    if not command.args:
        desk.refuse(command, "CONFIRM needs the code the answer to your request gave")
        return
    found = confirm.answered(desk.book, desk.sender, command.args[0], desk.moment)
    if isinstance(found, str):
        desk.refuse(command, found)
        return
    if found.kind == confirm.JOIN:
        _confirm_join(desk, command, found)
    elif found.kind == confirm.TAKEOVER:
        _confirm_takeover(desk, command, found)
    elif found.kind == confirm.WITHDRAW:
        _confirm_withdraw(desk, command, found)
    else:
        confirm_resign(desk, command, found)


def _confirm_join(desk: Answering, command: Command, found: confirm.Pending) -> None:
    name = found.name or ""
    problem = people.player_problem(name, desk.sender) or people.name_problem(
        desk.book,
        name,
        desk.sender,
        desk.host,
        _seats(desk),
        _sides(desk),
        _places(desk),
        desk.dashed,
    )
    with desk.book.write() as db:
        # the list read inside the transaction: a `wtg close-list` is before it or after
        wl = find_list(desk.book, found.target)
        if wl is not None and problem is None:
            problem = _mailbox_waits(desk, wl.name, desk.person())
        if wl is None or wl.closed is not None or problem is not None:
            gone = f"the GM closed the waiting list {found.target} (LIST shows the lists open)"
            _refuse_request(desk, command, found, problem or gone)
            return
        person = people.confirm_address(db, desk.sender, name, desk.moment)
        put_on(db, wl.name, person, desk.sender, desk.moment)
        ended = confirm.settle(db, found, desk.moment, _join_instead(wl))
        desk.reply(
            f"you are on the waiting list {wl.name}",
            "joined",
            proven=True,
            title=told(wl),
            list=wl.name,
            ruleset=wl.ruleset,
            withdraw=withdraw_words(desk.book, person, desk.sender, wl.name),
            name=name,
            count=len(waiting(desk.book, wl.name)),
            players=wl.players,
            ended=[other.name for other in ended[-OTHERS_NAMED:]],
            ended_more=max(0, len(ended) - OTHERS_NAMED),
        )
        desk.remember(command, start=True)
    desk.start_full_lists()


def _join_instead(wl: WaitingList) -> Callable[[confirm.Pending], str]:
    """What the sender of a JOIN another confirmation ended may do: take the other name."""
    join = " ".join(word for word in (wl.ruleset, wl.variant) if word)

    def then(ended: confirm.Pending) -> str:
        return (
            f"To be on the list as {ended.name} instead: WITHDRAW {wl.ruleset}, then JOIN "
            f"{join} AS {ended.name}"
        )

    return then


def _seat_went(seat: int, name: str) -> str:
    """What the sender of a takeover another confirmation ended may do: nothing."""
    return f"Seat {seat} went to you as {name}: nothing more to do"


def _refuse_request(desk: Answering, command: Command, found: confirm.Pending, reason: str) -> None:
    """A confirmed request that cannot be carried out: its code forgotten, and the refusal
    remembered with it (the same mail read again is refused the same)."""
    with desk.book.write() as db:
        db.execute("DELETE FROM pending WHERE code = ?", (found.code,))
        desk.refuse(command, reason)
        desk.remember(command)


def _confirm_takeover(desk: Answering, command: Command, found: confirm.Pending) -> None:
    """The seat taken over, in steps a kill may come between: the address that quits it is
    noted first (with the mail), then the game is changed (``take_over``, which goes on
    where it stopped when this mail is read again), then the book, the code and the answers
    in one transaction."""
    game = desk.games().get(found.target.lower())
    seat = found.seat or 0
    name = found.name or ""
    restored = restored_takeover(desk.book, game, seat, desk.sender) if game else None
    if game is not None and restored is not None:  # `wtg restore` wrote it into the book
        name = restored.name  # as game.yaml gives it: the GM may have put it right since
        with desk.book.write() as db:
            ended = confirm.settle(db, found, desk.moment, lambda _ended: _seat_went(seat, name))
            told = restored.parted, restored.quitter_name or None  # as the record kept them
            _tell_the_table(desk, game, seat, name, restored.quitter, *told)
            _welcome(desk, game, seat, name, ended)
            desk.remember(command)
        return
    if game is None or offered_seat(desk.book, found.target, seat) is None:
        _refuse_request(
            desk, command, found, f"seat {seat} of game {found.target} is no longer offered"
        )
        return
    begun = desk.done(command)
    was: str | None
    left_name: str | None
    if begun is None:
        # what may have changed since the JOIN, checked before anything is written: a name
        # another newcomer took meanwhile would fail the book's transaction (and the poll)
        left = seat_left(desk.book, game, desk.sender, desk.dashed)
        held = seat_of_person(desk.book, game, desk.sender, desk.dashed)
        why = (
            (_left(game.config.game, left) if left is not None else None)
            or (_second_seat(game.config.game, held) if held is not None else None)
            or _name_taken(game, name)
            or people.name_problem(
                desk.book,
                name,
                desk.sender,
                desk.host,
                _seats(desk, game),
                _sides(desk, game),
                _places(desk),
                desk.dashed,
            )
        )
        if why is not None:
            _refuse_request(desk, command, found, why)
            return
        quitter = game.config.player(seat)
        old, was, left_name = quitter.email, code_digest(quitter.code), quitter.name
        parted = parted_seats(game.ruleset, game.state_view(), seat)
        # the game and seat: an offer is not withdrawn under a takeover begun (``seats``)
        desk.note(
            command,
            old=old,
            was=was,
            game=game.config.game,
            seat=seat,
            parted=parted,
            old_name=left_name,
        )
    else:  # noted by a poll before this one (``was``: not by one older than the key)
        old, noted = str(begun["old"]), begun.get("was")
        was = noted if isinstance(noted, str) else None
        named = begun.get("old_name")  # not noted by a poll older than the key
        left_name = named if isinstance(named, str) else None
        kept = begun.get("parted")
        parted = [int(s) for s in kept] if isinstance(kept, list) else []
    try:
        take_over(
            game,
            seat,
            name,
            desk.sender,
            desk.moment,
            again=begun is not None,
            was=was,
            quitter=old,
            parted=parted,
            quitter_name=left_name,
        )
    except TakeoverStuck as error:  # the GM's to put right: his text, the newcomer's words
        desk.warnings.append(str(error))
        desk.held_up.append(str(error))
        desk.refuse(command, _held_up(game, seat, found))
        desk.remember(command)  # his code still counts: CONFIRM again once put right
        return
    except GameError as error:
        desk.refuse(command, str(error))
        desk.remember(command)  # over the note: no takeover of the seat is under way
        return
    with desk.book.write() as db:
        person = people.confirm_address(db, desk.sender, name, desk.moment)
        people.end_play(db, game.config.game, seat, people.REPLACED)
        people.record_play(db, person, game.config.game, seat, desk.moment)
        ended = confirm.settle(db, found, desk.moment, lambda _ended: _seat_went(seat, name))
        seat_taken(desk.book, game.config.game, seat, desk.moment)
        _tell_the_table(desk, game, seat, name, old, parted, left_name)
        addresses = {p.id: p.email for p in game.config.players} | {seat: desk.sender}
        taken = taken_seats(desk.book, game.config.game)
        warned = taken_note(game.config.game, seat, addresses, taken)
        if warned:  # one person's many addresses may be taking the game over seat by seat
            desk.warnings.append(warned)
        _welcome(desk, game, seat, name, ended)
        desk.remember(command)


def _welcome(
    desk: Answering, game: Game, seat: int, name: str, ended: Sequence[confirm.Pending]
) -> None:
    """The newcomer's answer: the seat is his, with its report (and so its code). Of a
    game that ended while his takeover was being finished (a poll killed mid-way, then `wtg
    end`), he is told it ended: he was told he played the seat now, with an order form of
    a game over."""
    over = game.ruleset.is_over(game.state_view())
    said = f"seat {seat} is yours, but the game has ended" if over else f"you play seat {seat} now"
    desk.reply(
        f"[{game.config.game}] {said}",
        "taken_over",
        over=over,
        proven=True,
        game=game.config.game,
        seat=seat,
        name=name,
        report=game.report(seat),
        ended=[other.name for other in ended[-OTHERS_NAMED:]],
        ended_more=max(0, len(ended) - OTHERS_NAMED),
    )


def _held_up(game: Game, seat: int, found: confirm.Pending) -> str:
    """What a newcomer whose takeover a takeover cut short holds up (``TakeoverStuck``) is
    told: never the GM's text (the host's paths, what the GM is to do), but that the GM
    was told, that his request stands and how long its code counts."""
    return (
        f"seat {seat} of game {game.config.game} cannot be handed to you just now: the "
        "game's files wait for the GM to put something right first. The GM has been told. "
        f"Your request stands: once the GM writes that the game is ready, mail CONFIRM "
        f"{found.code} again (the code is good until {confirm.lapses(found)})"
    )


def _tell_the_table(
    desk: Answering,
    game: Game,
    seat: int,
    name: str,
    old: str,
    parted: Sequence[int] = (),
    left_name: str | None = None,
) -> None:
    """Every other player is told who took the seat over and from whom (``left_name``, the
    quitter's name in the game; None when a poll older than its note began the takeover),
    those whose alliance with its quitter ends that it does; the quitter, that his code no
    longer works. Each reads the names as the others read them (``shown_name``: a web
    address in one defanged), the subject's too."""
    game_name = game.config.game
    sides = game.ruleset.sides_of(game.state_view(), SeatId(seat))
    over = game.ruleset.is_over(game.state_view())  # ended under a takeover cut short
    name = shown_name(name)
    left_name = None if left_name is None else shown_name(left_name)
    for entry in game.config.players:
        if entry.id != seat:
            desk.reply(
                f"[{game_name}] {name} takes over seat {seat}",
                "seat_taken",
                proven=True,
                notice=True,
                to=entry.email,
                game=game_name,
                seat=seat,
                sides=sides,
                name=name,
                left_name=left_name,
                quitter=False,
                parted=entry.id in parted,
                over=over,
            )
    if not old:  # a takeover `wtg restore` wrote into the book from a record without it
        return
    desk.reply(
        f"[{game_name}] your seat {seat} is taken over",
        "seat_taken",
        proven=True,
        notice=True,
        to=old,
        on_file=True,  # the seat's address until now: no stranger's, whoever spent the hour
        game=game_name,
        seat=seat,
        sides=sides,
        name=name,
        left_name=left_name,
        quitter=True,
    )


def withdraw(desk: Answering, command: Command) -> None:
    """WITHDRAW <ruleset> (every list of it), WITHDRAW <list> (that one alone) or WITHDRAW
    <list> ONLY (the list named as its ruleset alone: ``withdrawscope``): asks the sender to
    CONFIRM, as a JOIN does (a From is easily forged: no one takes another person off a
    list). The code goes to the sender's address, so only that address's owner can
    confirm."""
    if not command.args:
        desk.refuse(command, "WITHDRAW needs the ruleset of the list: WITHDRAW wok4")
        return
    only = len(command.args) > 1  # WITHDRAW wok4 ONLY (commands: no other second word)
    ruleset = target(command.args[0], only and Scope(desk.book, command.args[0]).whole)
    lists, asked = _withdrawable(desk, ruleset)
    if not lists and not asked:
        scope = Scope(desk.book, ruleset)
        said = f"waiting list {scope.word}" if not scope.whole else f"waiting list of {ruleset}"
        desk.refuse(command, f"you are on no {said}")
        return
    with desk.book.write():  # the code and the answer that mails it, remembered together
        request = confirm.ask(desk.book, confirm.WITHDRAW, desk.sender, ruleset, desk.moment)
        code = request.code
        desk.reply(
            f"WITHDRAW {ruleset}: confirm with CONFIRM {code}",
            "withdraw_ask",
            asks=code,
            asked_before=request.before,
            ruleset=Scope(desk.book, ruleset).word,
            one_list=not Scope(desk.book, ruleset).whole,
            lists=lists,
            asked=asked,
            code=code,
        )
        desk.remember(command)


def _withdrawable(desk: Answering, word: str) -> tuple[list[str], list[str]]:
    """The lists a WITHDRAW's word names (a ruleset's, or one list: ``Scope``) that the
    sender waits on, and those his JOINs wait to be confirmed for."""
    mine = desk.person()
    named = set(Scope(desk.book, word).lists)
    lists = [
        str(row[0])
        for row in desk.book.rows(
            "SELECT list FROM entries WHERE person = ? AND game IS NULL ORDER BY list",
            mine.id if mine is not None else -1,
        )
        if str(row[0]) in named
    ]
    asked = [
        str(row[0])
        for row in desk.book.rows(
            "SELECT DISTINCT target FROM pending WHERE kind = ? AND address = ? ORDER BY target",
            confirm.JOIN,
            desk.sender,
        )
        if str(row[0]) in named
    ]
    return lists, asked


def _confirm_withdraw(desk: Answering, command: Command, found: confirm.Pending) -> None:
    """Off the lists, the JOINs waiting dropped, the code used and the answer remembered, in
    one transaction."""
    ruleset = found.target
    left, asked = _withdrawable(desk, ruleset)
    if not left and not asked:
        _refuse_request(desk, command, found, f"you are on no waiting list of {ruleset} any more")
        return
    mine = desk.person()
    scope = Scope(desk.book, ruleset)
    with desk.book.write() as db:
        for name in scope.lists:
            db.execute(
                "DELETE FROM entries WHERE person = ? AND game IS NULL AND list = ?",
                (mine.id if mine is not None else -1, name),
            )
            db.execute(
                "DELETE FROM pending WHERE kind = ? AND address = ? AND target = ?",
                (confirm.JOIN, desk.sender, name),
            )
        db.execute("DELETE FROM pending WHERE code = ?", (found.code,))
        desk.reply(
            f"WITHDRAW {ruleset}: done",
            "withdrawn",
            proven=True,
            ruleset=scope.word,
            one_list=not scope.whole,
            lists=left,
        )
        desk.remember(command)


def _split_as(args: tuple[str, ...]) -> tuple[list[str], str | None]:
    """The words before ``AS`` and the name after it (None without ``AS``)."""
    upper = [a.upper() for a in args]
    if "AS" not in upper:
        return list(args), None
    at = upper.index("AS")
    return list(args[:at]), " ".join(args[at + 1 :]) or None
