"""The handler of each command a mail to the host may carry (``HELP``, ``LIST``, ``JOIN``,
...): the waiting lists' and takeovers' in ``wtg.lobby.waitlist``, a running game's in
``wtg.lobby.playing``, each working on the mail being answered (``wtg.lobby.answering``)."""

from __future__ import annotations

from wtg.lobby import liststatus, playing, waitlist, yesno
from wtg.lobby.answering import Answering, Handler, Reply
from wtg.lobby.commands import CommandMail

HANDLERS: dict[str, Handler] = {
    "HELP": lambda desk, _cmd: desk.help(),
    "LIST": waitlist.show_lists,
    "JOIN": waitlist.join,
    "CONFIRM": waitlist.confirm_request,
    "WITHDRAW": waitlist.withdraw,
    "REPORT": playing.report,
    "AOF": playing.aof,
    "STATUS": liststatus.status,
    "RESIGN": playing.resign_request,
    "ABSENCE": playing.absence,
    "PRESS": playing.press,
    yesno.NO_VERB: yesno.cancel,
    yesno.OTHER_VERB: yesno.not_confirmed,
}
"""The handler of each command word; a word without one gets the HELP. The last two are
what a reply to a code is read as (``wtg.lobby.yesno``), never typed."""


def answer(desk: Answering, mail: CommandMail) -> list[Reply]:
    """Carry out the mail's commands in the order written (``Answering.answer``); the answers."""
    return desk.answer(mail, HANDLERS)
