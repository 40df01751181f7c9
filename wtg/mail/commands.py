"""Command mails: a mail to the host whose first lines are commands (``wtg.lobby``) rather
than an order form. The poller asks here about every mail without a form; what is not a
command mail goes on to the help it always got. The answers are rendered from
``templates/mail/lobby/`` and queued through the outbox, under the same loop rules (the
poller has already turned away automatic mail) and rate limits as every answer: answers
to an address that proved itself (a secret code, a confirmed request) count against
``confirmations_per_hour``, all others against ``replies_per_hour``."""

from __future__ import annotations

import email.utils
from collections.abc import Mapping
from email.message import Message

from wtg.engine import Game
from wtg.lobby.book import Book
from wtg.lobby.commands import CommandMail, read_commands
from wtg.lobby.desk import Desk
from wtg.mail import compose
from wtg.mail.answers import Answers
from wtg.mail.extract import decode_bytes, normalise
from wtg.mail.inbox import Incoming
from wtg.mail.outcome import Outcome, answered, rejected
from wtg.mail.registry import Registry

TEXT_MAX = 64_000
"""Characters of a mail's first text part read for commands."""


def command_text(msg: Message) -> str | None:
    """The first text part a person typed (plain text, else HTML made text), normalised."""
    html: str | None = None
    for part in msg.walk():
        if part.is_multipart() or part.get_content_disposition() == "attachment":
            continue
        kind = part.get_content_type()
        if kind not in ("text/plain", "text/html"):
            continue
        data = part.get_payload(decode=True)
        text, _notes = decode_bytes(
            data if isinstance(data, bytes) else b"", part.get_content_charset()
        )
        if kind == "text/plain":
            return normalise(text[:TEXT_MAX])
        from wtg.mail.htmltext import html_to_text  # lxml: only for mail that has HTML

        html = html if html is not None else normalise(html_to_text(text[:TEXT_MAX]))
    return html


class Commands:
    """The poller's hook for mails without a form."""

    def __init__(self, answers: Answers, registry: Registry) -> None:
        self.answers = answers
        self.registry = registry

    def handle(
        self, message: Incoming, msg: Message, sender: str | None, message_id: str
    ) -> Outcome | None:
        """The outcome of a command mail; None when the mail is no command mail."""
        text = command_text(msg)
        mail = read_commands(text) if text is not None else None
        if mail is None or sender is None:
            return None
        display = email.utils.parseaddr(str(msg.get("From", "")))[0]
        with Book(self.answers.gm.games_dir) as book:
            desk = Desk(
                book,
                self.answers.gm.games_dir,
                self._games,
                sender,
                display,
                self.answers.now,
                message.order_key,
                mail_key=message.key,
            )
            replies = desk.answer(mail)
        for index, reply in enumerate(replies):
            body = compose.render(f"lobby/{reply.template}", **reply.context)
            limit = self.answers.gm.limits.confirmations_per_hour if reply.proven else None
            self.answers.reply(
                f"cmd-{message.key}-{index}",
                reply.to,
                reply.subject,
                body,
                message_id if reply.to == sender else None,
                limit=limit,
            )
        if desk.started:
            self.registry.forget()
        return _outcome(mail, desk)

    def _games(self) -> Mapping[str, Game]:
        return self.registry.games()


def _outcome(mail: CommandMail, desk: Desk) -> Outcome:
    words = ", ".join(c.text()[:40] for c in mail.commands) or "HELP"
    started = f"; started {', '.join(s.game for s in desk.started)}" if desk.started else ""
    started += "".join(f"; {problem}" for problem in desk.problems)
    if desk.refused and desk.refused >= len(mail.commands):
        return rejected(f"commands refused: {words}")
    return answered(f"commands: {words}{started}")
