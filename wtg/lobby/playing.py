"""The commands of a running game: REPORT, AOF, STATUS, RESIGN (and its CONFIRM), ABSENCE,
PRESS. Each needs the player's secret code (a ``CODE`` line) but STATUS, which any player of
the game may ask from the address the game knows, and which tells who has sent orders, never
what."""

from __future__ import annotations

import re

from wtg.aof.mailtext import BEGIN_MARKER, END_MARKER, codes_hidden, has_marker, header_keys
from wtg.core.errors import GameError
from wtg.core.printable import printable
from wtg.core.ruleset import QUIT_STATUS, SeatId, SideId, public_sides
from wtg.core.textwidth import MARKS_ON_A_LETTER, marks_on_a_letter
from wtg.core.typednumber import typed_number
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.namelinks import shown_name
from wtg.game.press import Press, add_press, blacked_out, kept_for, press_for, refusal, secrets_of
from wtg.game.schedule import local_text, parse_iso
from wtg.gm.absence import AbsenceRefused, plan_absence
from wtg.gm.gamestatus import game_status
from wtg.lobby import confirm
from wtg.lobby.answering import Answering, cut
from wtg.lobby.commands import PRESS_LINES, PRESS_MAX, Command
from wtg.lobby.lookalikes import shows_nothing
from wtg.lobby.seats import left_at, owes_nothing, ran_with_quit, resign
from wtg.text.addresses import bare_address, from_mailbox


def report(desk: Answering, command: Command) -> None:
    """REPORT <game> [<turn>]: the player's report (the latest by default, or for the word
    ``latest``), mailed again to the address the game knows. A player who has left the
    game gets none of a turn after the one he left at (``left_at``)."""
    game = desk.game(command, command.args[0] if command.args else None)
    entry = desk.seat(command, game) if game is not None else None
    if game is None or entry is None:
        return
    latest = game.latest_turn()
    turn = latest
    if len(command.args) > 1 and command.args[1].lower() != "latest":
        asked = typed_number(command.args[1])
        if asked is None or not 0 <= asked <= latest:
            desk.refuse(
                command,
                f"game {game.config.game} has turns 0 to {latest}: write REPORT "
                f"{game.config.game} <turn> with one of them, or REPORT {game.config.game} "
                "for the latest",
            )
            return
        turn = asked
    left = left_at(game, entry.id)
    if left is not None and turn > left:  # the game's state after he left is not his
        name = game.config.game
        desk.refuse(
            command,
            f"you left game {name} at turn {left}: the reports of later turns are not "
            f"sent to you. Write REPORT {name} {left}, or an earlier turn, for one you "
            "played",
        )
        return
    try:
        written = game.report(entry.id, turn)
    except GameError as error:  # a turn folder that lacks it: a reason, not a quarantine
        desk.refuse(command, str(error))
        return
    # a turn before a takeover: the seat's report as the quitter read it, his code starred
    text = codes_hidden(written, entry.code)
    what = f"your report of turn {turn}"
    if text != written:
        what = (
            f"your seat's report of turn {turn}, written for the player who held it then "
            "(his code starred out: use your own)"
        )
    desk.reply(
        f"[{game.config.game}] turn {turn} report for {entry.name}",
        "again",
        proven=True,
        to=entry.email,
        what=what,
        game=game.config.game,
        text=text,
        note=_past_form(game, turn, text),
        elsewhere=_elsewhere(desk, game, entry.id),  # said, never which
    )


def _past_form(game: Game, turn: int, text: str) -> str:
    """What an older report's order form is: one of a turn run already, which the game
    refuses ('these orders are for turn 3, but the game expects turn 5'); the player read
    it as his form and filled it in. Empty for the latest report, or one without a form."""
    latest = game.latest_turn()
    if turn >= latest or game.ruleset.form.begin not in text:
        return ""
    name = game.config.game
    if game.ruleset.is_over(game.state_view()):
        now = "the game is over"
    else:
        now = f"the game takes the form of turn {latest + 1} (AOF {name} mails it to you)"
    return f"The order form in this report, of turn {turn + 1}, is past: {now}."


def aof(desk: Answering, command: Command) -> None:
    """AOF <game>: the player's blank form for the coming turn, mailed again."""
    game = desk.game(command, command.args[0] if command.args else None)
    entry = desk.seat(command, game) if game is not None else None
    if game is None or entry is None or _over(desk, command, game):
        return
    try:
        form = game.aof(entry.id)
    except GameError as error:
        desk.refuse(command, str(error))
        return
    desk.reply(
        f"[{game.config.game}] your AOF",
        "again",
        proven=True,
        to=entry.email,
        what="your blank AOF for the coming turn",
        game=game.config.game,
        text=form,
        elsewhere=_elsewhere(desk, game, entry.id),  # said, never which
    )


def _over(desk: Answering, command: Command, game: Game) -> bool:
    """Whether ``game`` is over: the command is refused with that reason (no form for a turn
    that never runs, no code to CONFIRM for a game nobody can leave)."""
    if not game.ruleset.is_over(game.state_view()):
        return False
    desk.refuse(command, f"game {game.config.game} is over")
    return True


def status(desk: Answering, command: Command) -> None:
    """STATUS <game>: the deadline and who has sent orders (not what), for its players.
    Ruling (round 48): without a CODE line, a player's is the mail whose answer address
    (``desk.sender``: its Reply-To, when of the From's mailbox in a domain above or below
    it) is of a seat's mailbox, whatever its From: the answer goes there, to the player.
    A stranger who wrote a player's From over a Reply-To of his own below the player's
    domain would read it were the From to decide; one who wrote his own From over the
    player's Reply-To has the player told, not himself. A refusal says that the Reply-To
    decided (the mail's own headers, never whether its From plays here)."""
    game = desk.game(command, command.args[0] if command.args else None)
    if game is None:
        return
    mine = (desk.sender,)  # his +tag: his mailbox
    home = any(from_mailbox(p.email, mine, desk.dashed) for p in game.config.players)
    if not home and desk.code is None:
        replied_to = desk.came_from is not None and desk.came_from != desk.sender
        why = ": this mail is answered at its Reply-To, and it is that address the game must"
        desk.refuse(
            command,
            f"STATUS of game {game.config.game} is for its players, from the address the game "
            "knows (or with a CODE line)" + (f"{why} know" if replied_to else ""),
        )
        return
    if not home:
        entry = desk.seat(command, game)
        if entry is None:
            return
        _elsewhere(desk, game, entry.id)  # counted for the GM; the seat is not told (ruling)
    coded = desk.code_proves_sender()  # a code from another address proves none of it
    now = game_status(game)
    deadline = now["deadline"]
    schedule = game.config.schedule
    shown = local_text(parse_iso(deadline), schedule.timezone) if deadline and schedule else None
    # a game over has no coming turn: 'status of turn 2' and 'Game g, turn 2 (the game is
    # over).' named a turn that never runs; it says the game is over, and its last turn
    # (as `wtg status GAME` says it to the GM: 'over after turn 12')
    turn = now["turn"]
    about = f"status: over after turn {turn - 1}" if now["over"] else f"status of turn {turn}"
    desk.reply(  # a From proves nothing, a code does: a forged From is answered as any mail
        f"[{game.config.game}] {about}",
        "status",
        proven=coded,
        game=game.config.game,
        turn=now["turn"],
        over=now["over"],
        deadline=shown,
        # the others' names as they read them (``shown_name``), his own among them
        players=[dict(row, name=shown_name(row["name"])) for row in now["players"]],
        robots_move=now["only_robots_move"] and now["one_at_a_time"],
    )


def resign_request(desk: Answering, command: Command) -> None:
    """RESIGN <game>: asks the address the game knows to CONFIRM."""
    game = desk.game(command, command.args[0] if command.args else None)
    entry = desk.seat(command, game) if game is not None else None
    if game is None or entry is None or _over(desk, command, game):
        return
    idle = owes_nothing(game, entry.id, "nothing to quit")
    if idle is not None:  # no code mailed for a CONFIRM that could only be refused
        desk.refuse(command, idle)
        return
    address = bare_address(entry.email)
    with desk.book.write():  # the code and the answer that mails it, remembered together
        asked = confirm.ask(
            desk.book, confirm.RESIGN, address, game.config.game, desk.moment, seat=entry.id
        )
        code = asked.code
        desk.reply(
            f"[{game.config.game}] RESIGN: confirm with CONFIRM {code}",
            "resign_ask",
            proven=True,
            asks=code,
            asked_before=asked.before,
            to=entry.email,
            game=game.config.game,
            seat=entry.id,
            code=code,
        )
        desk.remember(command)


def confirm_resign(desk: Answering, command: Command, found: confirm.Pending) -> None:
    """The QUIT filed (as orders are: the same mail filed again changes nothing), then the
    code forgotten and the answer remembered, together. The same mail read again after
    its QUIT's turn ran (``ran_with_quit``) is answered as it was, not refused."""
    game = desk.games().get(found.target.lower())
    seat = found.seat or 0
    ran = None
    if game is None:
        problem: str | None = f"game {found.target} does not run here any more"
    elif not _still_holds(game, seat, found.address):
        problem = (  # taken over since the code was mailed: it is another player's seat now
            f"seat {seat} of game {game.config.game} is no longer played from your address: "
            "the RESIGN this code was mailed for has lapsed"
        )
    else:
        problem = resign(game, seat, desk.moment, desk.order_key)
        ran = ran_with_quit(game, desk.order_key) if problem is not None else None
        if ran is not None:
            problem = None  # this mail's QUIT was filed, and its turn ran before it was answered
    with desk.book.write() as db:
        db.execute("DELETE FROM pending WHERE code = ?", (found.code,))
        if game is None or problem is not None:
            desk.refuse(command, problem or "")
        else:
            turn = ran if ran is not None else game.latest_turn() + 1
            desk.reply(
                f"[{game.config.game}] you leave the game when turn {turn} runs",
                "resigned",
                proven=True,
                to=game.config.player(seat).email,
                game=game.config.game,
                turn=turn,
            )
        desk.remember(command)


def _still_holds(game: Game, seat: int, address: str) -> bool:
    """Whether ``seat`` of ``game`` is still played from ``address`` (the address a RESIGN's
    code went to): a seat taken over since is the newcomer's, and no code of the quitter's
    resigns it."""
    try:
        entry = game.config.player(seat)
    except GameError:
        return False
    return bare_address(entry.email) == address.lower()


def _elsewhere(desk: Answering, game: Game, seat: int) -> bool:
    """Whether the mail came from another mailbox than the seat's: neither the address it
    is answered at nor its From's (a Reply-To of the player's mailbox in a domain below his
    registered one is his own mail; so is his own ``+tag``, ``from_mailbox``: the answer goes
    to his mailbox, and a warning that his code is known would be a false alarm). A seat
    whose code came from elsewhere is kept in ``desk.codes_elsewhere`` for the GM."""
    try:
        home = game.config.player(seat).email
    except GameError:
        return True
    elsewhere = not from_mailbox(home, (desk.sender, desk.came_from), desk.dashed)
    if elsewhere:  # counted for the GM, as orders under it are
        desk.codes_elsewhere.add((game.config.game, seat))
    return elsewhere


def absence(desk: Answering, command: Command) -> None:
    """ABSENCE <game> <from> <to>: turns (numbers) or days (YYYY-MM-DD) away; the game's
    rules decide what happens to the seat meanwhile (docs/rules/<ruleset>.md)."""
    game = desk.game(command, command.args[0] if command.args else None)
    entry = desk.seat(command, game) if game is not None else None
    if game is None or entry is None:
        return
    if len(command.args) < 3:
        desk.refuse(
            command, "ABSENCE needs the first and the last turn (or day): ABSENCE <game> 5 7"
        )
        return
    try:
        turns, policy = plan_absence(
            game, entry.id, command.args[1], command.args[2], desk.done_key(command)
        )
    except AbsenceRefused as error:
        desk.refuse(command, str(error))
        return
    desk.reply(
        f"[{game.config.game}] absence noted: turns {turns[0]} to {turns[-1]}",
        "absence",
        proven=True,
        to=entry.email,
        game=game.config.game,
        turns=turns,
        policy=policy,
        elsewhere=_elsewhere(desk, game, entry.id),  # said, never which
    )


ENDED_SHOWN = 60
"""Characters of the line a press ended above that its writer's copy quotes."""
_BLANK_RUN = re.compile(r"\n[ \t]*(?:\n[ \t]*)+\n")
"""Two blank lines or more (spaces on them too): a press's run of them is one."""


def _my_other_seats(desk: Answering, game: Game, entry: PlayerEntry) -> list[PlayerEntry]:
    """The writer's seats in the other games here (played from his seat's mailbox or the
    mail's, ``from_mailbox``: ``ann+g2@`` is Ann's): their codes are blacked out of his press
    as this game's are. A player of two games who pasted his other game's report (its form's
    header) into his press gave its code to this game's players, and to the site's readers."""
    mine = (entry.email, desk.sender)
    return [
        seat
        for name, other in desk.games().items()
        if name != game.config.game.lower()
        for seat in other.config.players
        if from_mailbox(seat.email, mine, desk.dashed)
    ]


def press(desk: Answering, command: Command) -> None:
    """PRESS <game> [TO <n>]: the text below the command lines, mailed to every player with
    the next reports (at most ``wtg.game.press.PIECES_A_TURN`` pieces and ``CHARS_A_TURN``
    characters a player and turn), or relayed to player n alone (no address shown)."""
    game = desk.game(command, command.args[0] if command.args else None)
    entry = desk.seat(command, game) if game is not None else None
    if game is None or entry is None:
        return
    written = desk.text.strip()
    if written and shows_nothing(written):  # a blank mail to every player, or to one
        desk.refuse(
            command,
            "the PRESS shows nothing: its text is characters that show as nothing or as a "
            f"blank ({_code_points(written)}); write it below the PRESS and CODE lines",
        )
        return
    text = printable(written).strip()  # no control sequence reaches a reader's terminal
    private = "TO" in (a.upper() for a in command.args)
    # no code (and, to the whole game, no address not shared) goes to the other players:
    # a player who pasted his code into his press has not given it away
    text = blacked_out(text, secrets_of(game.config.players, addresses=not private))
    text = blacked_out(text, secrets_of(_my_other_seats(desk, game, entry), addresses=False))
    if not text:
        desk.refuse(command, "the PRESS has no text: write it below the PRESS and CODE lines")
        return
    if len(text) > PRESS_MAX:
        desk.refuse(command, f"the press is {len(text)} characters long; at most {PRESS_MAX}")
        return
    text = _BLANK_RUN.sub("\n\n", text)  # a paragraph's break is one blank line
    lines = text.count("\n") + 1
    if lines > PRESS_LINES:
        desk.refuse(
            command,
            f"the press is {lines} lines long (its blank lines between paragraphs counted "
            f"once); at most {PRESS_LINES}: join short lines into paragraphs",
        )
        return
    if looks_like_a_form(text):
        desk.refuse(
            command,
            "the press holds an order form (its begin or end marker, or its header): press "
            "is mailed to every player, and a reply may quote it next to his own form, so "
            "it may not carry one",
        )
        return
    marks = marks_on_a_letter(text)
    if marks > MARKS_ON_A_LETTER:
        desk.refuse(
            command,
            f"the press puts {marks} marks on one letter (the accents written after it): at "
            f"most {MARKS_ON_A_LETTER}, or they pile up over the lines around it, another "
            "player's among them",
        )
        return
    state = game.state_view()
    if game.ruleset.is_over(state):
        desk.refuse(command, f"game {game.config.game} is over")
        return
    sides = game.ruleset.sides_of(state, SeatId(entry.id))
    public = public_sides(game.ruleset.public_json(state))
    names = {s.id: s.name for s in public}
    quit_ = {s.id for s in public if s.status == QUIT_STATUS}
    if sides and all(s in quit_ for s in sides):
        desk.refuse(command, f"you have quit game {game.config.game}: press is for its players")
        return
    side = sides[0] if sides else SideId(entry.id)
    writer = Press(side, names.get(side, entry.name), f"{desk.moment:%Y-%m-%d %H:%M} UTC", text)
    # the code is the key, from any address: a press under his name from another address
    # than his is said to him (never which), as the confirmation of orders says it
    elsewhere = _elsewhere(desk, game, entry.id)
    upper = [a.upper() for a in command.args]
    if "TO" in upper:
        to = command.args[upper.index("TO") + 1 :]
        _relay(desk, command, game, entry, writer, to, quit_, elsewhere)
        return
    source = desk.done_key(command)
    problem = None
    with game.store.lock():  # kept once a mail, though the mail be read again; counted and
        turn = game.latest_turn() + 1  # kept at once: two polls' helpers may both write
        kept = kept_for(game.store, turn, source) if source is not None else None
        if kept is None:
            problem = refusal(press_for(game.store, turn), writer.side, text, turn)
            if problem is None:
                add_press(game.store, turn, writer, desk.moment, source)
        turn = kept if kept is not None else turn
    if problem is not None:
        desk.refuse(command, problem)
        return
    desk.reply(
        f"[{game.config.game}] your press goes out with the turn {turn} reports",
        "press_kept",
        proven=True,
        to=entry.email,
        game=game.config.game,
        turn=turn,
        text=text,
        writer=writer,
        elsewhere=elsewhere,
        ended=cut(printable(desk.press_end), ENDED_SHOWN),
    )


def _code_points(text: str) -> str:
    """The first characters of ``text`` that are no blank, as code points (``U+2800,
    U+3164``)."""
    shown = sorted({f"U+{ord(char):04X}" for char in text if not char.isspace()})
    return ", ".join(shown[:4]) + (", ..." if len(shown) > 4 else "")


def looks_like_a_form(text: str) -> bool:
    """Whether a text would be read as a form (or its header) in a report that prints it."""
    if has_marker(BEGIN_MARKER, text) or has_marker(END_MARKER, text):
        return True
    return any(header_keys(line) >= {"game", "code"} for line in text.splitlines())


def _relay(
    desk: Answering,
    command: Command,
    game: Game,
    entry: PlayerEntry,
    writer: Press,
    target: tuple[str, ...],
    quit_: set[SideId],
    elsewhere: bool,
) -> None:
    """The private press to its reader, and its copy to its writer at the address his game
    knows (never to the mail's From, which anyone may forge: the host relays no text to an
    address that did not prove itself). ``quit_``: the sides that have quit (they read no
    press of the game); ``elsewhere``: the mail came from another address than the
    writer's, which his copy says."""
    state = game.state_view()
    number = typed_number(target[0]) if target else None
    if number is None:
        desk.refuse(command, "PRESS <game> TO <n> needs the number of the player to write to")
        return
    side = SideId(number)
    try:
        seat = game.ruleset.seat_of(state, side)
    except (KeyError, IndexError):
        seat = None
    if seat is None:
        desk.refuse(command, f"game {game.config.game} has no player {side} who reads mail")
        return
    if side in quit_:
        desk.refuse(
            command, f"player {side} has quit game {game.config.game}: he reads no press of it"
        )
        return
    if seat == entry.id:
        desk.refuse(
            command,
            f"player {side} is you: private press goes to another player of the game "
            "(PRESS <game> without TO goes to them all)",
        )
        return
    to = game.config.player(seat)
    # the reader as the game names him now: a number mistyped shows in his copy
    named = public_sides(game.ruleset.public_json(game.named_state(state)))
    # each name as the other reads it (``shown_name``: a web address in one defanged)
    read_by = next((s.name for s in named if s.id == side), None)
    reader = f"{shown_name(read_by)} (#{side})" if read_by is not None else f"player {side}"
    shown = writer.replaced(name=shown_name(writer.name))
    desk.reply(
        f"[{game.config.game}] private press from {shown.name}",
        "press_private",
        private=True,
        to=to.email,
        game=game.config.game,
        writer=shown,
        name_defanged=shown.name != writer.name,  # its note says why the name has [.]
        writer_address=entry.email,  # his bounds are his: a newcomer's start at nothing
    )
    desk.reply(
        f"[{game.config.game}] your press went to player {side}",
        "press_relayed",
        proven=True,
        to=entry.email,
        game=game.config.game,
        side=side,
        reader=reader,
        # its note says why the reader's name has [.], as the reader's copy does the writer's
        reader_defanged=read_by is not None and shown_name(read_by) != read_by,
        text=writer.text,
        writer=writer,
        elsewhere=elsewhere,
        ended=cut(printable(desk.press_end), ENDED_SHOWN),
    )
