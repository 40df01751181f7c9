"""A reply to the host's answer that mailed a code to CONFIRM, read for what it plainly says.

Most people answer a "confirm your address" mail by hitting Reply and sending it, with
nothing typed or a short yes above the quote. The quote's ``CONFIRM`` line is never read as
theirs (``wtg.lobby.commands``: quoted text is never obeyed), so such a reply is read here as
a whole. It is a reply to the answer that mailed a code when:

- it comes from the address the code went to (``confirm.mailed_to``: only that address's
  codes are looked for, and the code proves the address got the host's mail; a forward from
  another address, a forged From without the code, name no code of theirs). Automatic mail
  (an auto-reply, a list's copy) never gets here: ``wtg.mail.incoming.noreply`` sets it aside;
- it answers that mail: its In-Reply-To or References names it (``Hint.answered``: the
  text of the host's mail, which holds the line ``CONFIRM <code>``), or its subject is a
  reply's (``Re: ...``) and carries the code;
- and it carries the code itself (in its subject or its text, quoted or not).

What its sender typed (``said``) decides. A short yes (``yes``, ``ok``, ``confirm``, ``sign
me up``) confirms a JOIN (a place on a list, a seat taken over) as the line ``CONFIRM
<code>`` does. Ruling (round 47): a reply with nothing typed (``NOTHING``) confirms nothing,
nor does one whose subject is an auto-reply's (``Hint.automatic``: ``Out of Office: ...``,
``Automatic reply: ...``): an auto-responder that sends none of the headers that mark its
mail (``Auto-Submitted``, ``X-Autoreply``, ``Precedence: auto_reply``) and quotes the mail it
answers, its own text under a signature's ``-- `` or in a part of its own, sent a reply with
nothing typed to a JOIN a stranger forged in its owner's name, and confirmed it. A person
types his yes, as the code mail tells him; his reply with nothing typed is told so, and how
to confirm. A short no (``no``, ``cancel``, ``not me``) cancels the
request: its code is forgotten, and he is told. Anything else (a question, another command)
confirms nothing: its commands are carried out as typed, and he is told that the request
waits and how to confirm it, at most once a day (``Reply.once_a_day``: an auto-responder
that answers each notice would loop). A RESIGN or a WITHDRAW takes someone out and may be
asked in his name by another (a RESIGN with his code, a WITHDRAW with his From): a yes by
reply does not confirm it, and the answer says that the line must be typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wtg.core.record import Record
from wtg.lobby import confirm, questions
from wtg.lobby.answering import Answering
from wtg.lobby.commands import REPLY_LINE, SIGNATURE_LINES, Command, CommandMail
from wtg.lobby.database import LobbyDatabase, done

CONFIRMS = frozenset((confirm.JOIN, confirm.TAKEOVER))
"""The requests a yes by reply confirms: those a person asks for himself, to get in."""
NO_VERB = "REPLY-NO"
OTHER_VERB = "REPLY-OTHER"
"""The commands a reply is read as when it is no plain yes. No line is ever read as these
(a command word is letters alone), so no one can type them."""
YES, NO, OTHER = "yes", "no", "other"
NOTHING = "nothing"
"""What a reply says with nothing typed above the mail it quotes: no yes (ruling above)."""
AWAY = "away"
"""What a reply whose subject is an auto-reply's says, whatever it typed: no yes."""
MOST_WORDS = 12
"""Words of a short yes or no; a longer text is something else."""

_ASKED = re.compile(r"^CONFIRM ([A-Z0-9]{4,40})\s*$", re.M)
_REPLY_SUBJECT = re.compile(
    r"\s*(re|aw|sv|vs|antw|antwort|odp|rif|r|res|ynt|ats|vá|отв|回复|答复|回覆)\s*"
    r"(\[\d+\]|\(\d+\))?\s*[:：]",
    re.IGNORECASE,
)
"""A reply's subject: ``Re:`` and its kin in other languages; never a forward's (``Fwd:``)."""
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_BETWEEN = re.compile(r"[\s.,!:;()\-–—，。、！：；（）～]*")
"""What may stand between the words of a short yes or no, the full-width signs of Chinese
and Japanese too (``好的，谢谢。``): a question mark (``_ASKS``) makes it a question, and any
other sign (an emoji) something the host does not guess at."""
_ASKS = tuple(questions.QUESTION_MARKS)
"""The question marks (``?``, ``？``, the Arabic ``؟``, the Greek ``;``, ``⸮``): a line with
one asks something. Under his name it is no line of his signature (``_signature_start``):
before, the Arabic and Greek ones were not known, and a question typed under his name
(``متى تبدأ اللعبة؟``, ``Πότε ξεκινά;``) was cut off with the signature: the ``Yes`` above
it confirmed, and the question was quoted to no one."""
_COMMAND = re.compile(r"\s*[A-Z]{3,}\b")
"""How a line that may be a command begins (``JOIN wok4``, ``STATUS``)."""
_SIGN_OFF = re.compile(
    r"((sent|envoyé|gesendet|enviado|inviato|verzonden|verstuurd|skickat|sendt|wysłane)\s+"
    r"(from|with|via|de|do|von|desde|da|met|vanaf|från|fra|z)\b.*|get outlook for .*"
    r"|von\s+meine[mr]\s.*\bgesendet)",
    re.IGNORECASE,
)
"""A phone's or a webmail's line under the reply (``Sent from my iPhone``, ``Von meinem
iPhone gesendet``, ``Verstuurd vanaf mijn iPhone``, ``Enviado do meu iPhone``: review47b,
the German, Dutch and Portuguese phones' were read as words of his, and his ``Ja`` above
them as more than a yes)."""


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_POLITE = _words(
    "hi hello hey dear gm sir madam thanks thank you thx ty many cheers regards best kind "
    "please pls plz sorry danke merci gracias grazie obrigado obrigada bedankt dank tack "
    "dziękuję dzięki děkuji díky kiitos köszönöm teşekkürler teşekkür ederim спасибо "
    "谢谢 謝謝 多谢 多謝 请 請 ありがとう ありがとうございます お願いします よろしく"
)
_YES = _words(
    "yes y yeah yep yup ya yea ok okay okey k kk sure confirm confirmed confirming agree "
    "agreed accept accepted correct right fine great good perfect absolutely definitely "
    "indeed i do it it's that's that is me count in sign up go ahead of course ja oui si "
    "sí sì sim tak ano kyllä joo igen evet da да bitte "
    "是 是的 好 好的 对 對 对的 對的 可以 确认 確認 はい"
)
"""The words of a short yes, in the languages whose mail clients' lines over a quote the
host knows (``wtg.aof.original.ATTRIBUTION``): English, German, Dutch, the Scandinavian
languages, French, Spanish, Italian, Portuguese (``sim``), Polish (``tak``), Czech,
Finnish, Hungarian, Turkish and Russian. Ruling: ``tak`` is Polish for yes, and Danish and
Norwegian for thanks; it is read as a yes (a Dane's ``Ja tak`` is one too), never as a
thanks alone, which would make a Pole's ``Tak`` confirm nothing; a Dane's ``Nej tak`` is a
no (``_NO_TOO``). Ruling (review48b): a word that is a yes in one language and a no in
another is in neither list: the Swedish ``jo`` is the Albanian no, and the Czech ``ne``
the Greek yes, as Greeks type it in Latin letters. Read as a yes, an Albanian's ``Jo`` to
the code mail of a JOIN a stranger forged in his name confirmed it; read as a no, a
Greek's ``Ne`` cancelled his own. Such a reply is told that the request waits, and how to
confirm it, as a reply of other words is. Chinese (``是``, ``好的``, ``对``; no: ``不``,
``不是``) and Japanese (``はい``; no: ``いいえ``), whose text puts no blank between its words,
are read by the words a blank or a sign (``，``) sets apart: ``好的，谢谢`` is a yes, ``好的谢谢``
a word the host does not know. Ruling (leftovers49): the Japanese ``いいです`` and ``結構です``
(``it is good``) are a yes or a ``no, thanks`` as the question before them is put, and
``大丈夫です`` (``it is all right``) the same: in neither list, as ``jo`` and ``ne`` are; the
Chinese ``不`` is a no in Chinese and no word of its own in Japanese, a yes in no language."""
_NO = _words(
    "no nope nah not never cancel canceled cancelled don't dont stop decline declined "
    "mistake wrong nein non nee nej nei nie não ei nem hayır нет "
    "不 不是 不要 不用 取消 否 いいえ キャンセル"
)
_NO_TOO = _words("me i it this that for asked ask did want changed my mind by a was tak")
"""Words a short no may hold beside one of ``_NO`` (``not me``, ``I changed my mind``, ``I
did not ask for this``, a Dane's thanks in ``Nej tak``); a thanks of ``_POLITE`` in any
language (``Nein danke``) too."""


class Hint(Record):
    """What the mail loop knows of a mail that may be a reply to a code: its subject and
    text (quotes and all), and the text of the host's mail its In-Reply-To or References
    names ("" when none of the host's)."""

    subject: str
    text: str
    answered: str
    automatic: bool = False
    """Whether its subject is an auto-reply's (``wtg.mail.incoming.awaysubject``)."""

    def possible(self) -> bool:
        """Whether it may be one at all: it names a mail of the host's that mailed a code,
        or its subject is a reply's."""
        return bool(_ASKED.search(self.answered) or _REPLY_SUBJECT.match(self.subject))


def said(typed: Sequence[str], name: str = "") -> str:
    """What the lines a person typed in a reply say: ``YES`` (a short yes: a word of
    ``_YES`` in it, with thanks and greetings beside it), ``NO`` (a short no), ``NOTHING``
    (no word typed, or thanks and greetings alone) or ``OTHER``. ``name``: his display
    name, whose words (a signature) say nothing."""
    own = set(_WORD.findall(name.casefold()))
    words: list[str] = []
    for line in typed[: _signature_start(typed, name)]:
        line = line.strip()
        if not line or _SIGN_OFF.fullmatch(line):
            continue
        if any(mark in line for mark in _ASKS) or _BETWEEN.fullmatch(_WORD.sub(" ", line)) is None:
            return OTHER
        words += [word for word in _WORD.findall(line.casefold()) if word not in own]
    if len(words) > MOST_WORDS:
        return OTHER
    if all(word in _POLITE for word in words):
        return NOTHING
    if all(word in _YES or word in _POLITE for word in words):
        return YES
    if any(word in _NO for word in words) and all(
        word in _NO or word in _NO_TOO or word in _POLITE for word in words
    ):
        return NO
    return OTHER


def _signature_start(typed: Sequence[str], name: str) -> int:
    """Where the signature under a reply begins when it has no ``-- `` above it (Apple
    Mail, Outlook, a business's: his name, his company, his telephone lines): at the last
    line that is the sender's name (``_name_line``), when no line from there on asks a
    question, may be a command (a word in capitals first), says no (``_says_no``) or is
    a sentence (``_sentence``) and there are at most ``SIGNATURE_LINES``; else the end
    (none). The name line's words after his display name are his surname, not a no
    (review48b: ``Alice Nie`` under a ``Yes``, the Polish no of leftovers48 a Chinese
    surname, made the reply more than a yes)."""
    names = _WORD.findall(name)
    if not names:
        return len(typed)
    for start in range(len(typed) - 1, max(-1, len(typed) - SIGNATURE_LINES - 1), -1):
        if _name_line(typed[start], names):
            rest = typed[start:]
            asked = any(  # the name line's own words are a surname, never a no (Nie)
                any(mark in line for mark in _ASKS)
                or _COMMAND.match(line)
                or (index > 0 and _says_no(line))
                or _sentence(line)
                for index, line in enumerate(rest)
            )
            return start if not asked else len(typed)
    return len(typed)


def _says_no(line: str) -> bool:
    """Whether a line under his name may take his yes back (``wait, no, cancel that``): a
    word of a no in it, and no digit (``Reg. No. 0815`` is a signature's)."""
    words = _WORD.findall(line.casefold())
    return not any(c.isdigit() for c in line) and any(word in _NO for word in words)


def _sentence(line: str) -> bool:
    """Whether a line under his name is one he wrote (``Please take me off this list``), not
    a signature's (``Head of Sales and Marketing``): four words or more, most of them
    in lower case; a phone's ``Sent from my iPhone`` is a signature's."""
    words = _WORD.findall(line)
    lower = sum(1 for word in words if word[0].islower())
    return len(words) >= 4 and 2 * lower > len(words) and not _SIGN_OFF.fullmatch(line.strip())


def _name_line(line: str, names: Sequence[str]) -> bool:
    """Whether a line is the sender's name: his display name's words (``names``), then at
    most two more, each capitalised (a surname, ``Jr.``): ``Alice Liddell`` for Alice."""
    if _BETWEEN.fullmatch(_WORD.sub(" ", line)) is None:
        return False
    words = _WORD.findall(line)
    head = [w.casefold() for w in words[: len(names)]]
    if head != [n.casefold() for n in names] or len(words) > len(names) + 2:
        return False
    return all(word[0].isupper() and word.isalpha() for word in words[len(names) :])


def request(book: LobbyDatabase, address: str, hint: Hint) -> confirm.Pending | None:
    """The request (waiting, or lapsed) whose code ``address`` was mailed and this mail
    answers, or None."""
    named = set(_ASKED.findall(hint.answered))
    replying = _REPLY_SUBJECT.match(hint.subject) is not None
    for found in confirm.mailed_to(book, address):
        word = re.compile(rf"(?<![A-Za-z0-9]){re.escape(found.code)}(?![A-Za-z0-9])")
        in_subject = word.search(hint.subject) is not None
        if not in_subject and word.search(hint.text) is None:
            continue  # it must carry the code: a forged From never has it
        if found.code in named or (replying and in_subject):
            return found
    return None


def read_as(
    book: LobbyDatabase,
    address: str,
    mail: CommandMail | None,
    hint: Hint,
    typed: Sequence[str],
    name: str,
    mail_key: str = "",
) -> CommandMail | None:
    """The commands a reply to a code of ``address``'s is read as, or None when the mail is
    no such reply. ``mail``: the commands it typed (None: none); ``typed``: its typed lines;
    ``mail_key``: the mail's key in the journal. A mail read before (a poll killed after the
    book kept what its reply did, before its batch was journalled) is read as it was then
    (``read_before``): the code it named may be used up or cancelled by that reading."""
    verdict = AWAY if hint.automatic else said(typed, name)
    before = read_before(book, mail_key)
    if before is not None:
        return _with_typed(before, mail, verdict)
    found = request(book, address, hint)
    if found is None:
        return None
    if verdict == YES and found.kind in CONFIRMS:
        return _with_typed(Command("CONFIRM", (found.code,), REPLY_LINE), mail, verdict)
    if verdict in (YES, NO, NOTHING):
        verb = NO_VERB if verdict == NO else OTHER_VERB
        return _with_typed(Command(verb, (found.code, verdict), REPLY_LINE), mail, verdict)
    commands = mail.commands if mail else ()
    if any(c.verb == "CONFIRM" and c.args for c in commands) and mail is not None:
        return mail  # the line he typed decides
    asks = question(typed[: _signature_start(typed, name)], mail)
    read = Command(OTHER_VERB, (found.code, verdict, *([asks] if asks else [])), REPLY_LINE)
    return _with_typed(read, mail, verdict)


QUESTION_SHOWN = questions.QUESTION_SHOWN
"""Characters of a question a reply asked that its answer quotes back."""


def question(typed: Sequence[str], mail: CommandMail | None, subject: str = "") -> str | None:
    """The first line the person typed that asks a question (``When does the game start?``,
    ``Question: can I join late``) and is no command of the mail (its word is none of
    theirs), or the question of the mail's ``subject`` (``wtg.lobby.questions``), cut to
    ``QUESTION_SHOWN`` characters; None when none asks. The host is a program: the answer
    tells him so, where before it said only that the request waits, and the question went
    unanswered without a word. A line of a PRESS's text is the writer's to its readers
    (``Bob, shall we keep the peace?``), not a question to the host."""
    verbs = {c.verb for c in mail.commands} if mail is not None else set()
    pressed = (
        {" ".join(line.split()) for line in mail.text.splitlines()}
        if mail is not None and "PRESS" in verbs
        else set()
    )
    return questions.asked(typed, verbs, pressed, subject)


def _with_typed(read: Command, mail: CommandMail | None, verdict: str) -> CommandMail:
    """The reply read as ``read``, beside the commands it typed when it is something else
    than a short yes or no (their answers, and then the notice that the request waits)."""
    if verdict in (YES, NO, NOTHING):
        return CommandMail((read,), mail.code if mail else None, "")
    if mail is None:
        return CommandMail((read,), None, "")
    return mail.replaced(commands=(*mail.commands, read))


def read_before(book: LobbyDatabase, mail_key: str) -> Command | None:
    """What the mail ``mail_key`` was read as when it was read before as a reply to a code
    (the book keeps it with what the command did: ``Answering.remember``), or None."""
    kept = done(book, f"{mail_key}#{REPLY_LINE}") if mail_key else None
    reading = kept.get("reply") if kept is not None else None
    if not isinstance(reading, list) or not reading or not all(isinstance(w, str) for w in reading):
        return None
    return Command(reading[0], tuple(reading[1:]), REPLY_LINE)


def shown(command: Command) -> str:
    """A command a reply was read as, as an outcome says it."""
    code = command.args[0] if command.args else ""
    if command.verb == NO_VERB:
        return f"a no by reply to {code}"
    if command.verb == OTHER_VERB:
        return f"reply not read as a yes to {code}"
    return f"{command.text()} (by reply)"


def cancel(desk: Answering, command: Command) -> None:
    """A short no from the address the code went to: the request is cancelled."""
    code = command.args[0]
    waiting = confirm.answered(desk.book, desk.sender, code, desk.moment)
    with desk.book.write():
        if isinstance(waiting, confirm.Pending):
            confirm.forget(desk.book, waiting.code)
            asked = confirm.asked(waiting)
            desk.reply(
                f"{asked}: cancelled", "reply_no", proven=True, request=asked, code=code, why=""
            )
        else:
            desk.reply(
                "your reply: nothing to cancel", "reply_no", proven=True, request=None, why=waiting
            )
        desk.remember(command)


def not_confirmed(desk: Answering, command: Command) -> None:
    """A reply that is no plain yes (or a yes to a request a reply does not confirm): the
    request waits as it did, and its sender is told so, and how to confirm it."""
    code, verdict = command.args[0], command.args[1] if len(command.args) > 1 else OTHER
    waiting = confirm.answered(desk.book, desk.sender, code, desk.moment)
    with desk.book.write():
        if isinstance(waiting, confirm.Pending):
            asked = confirm.asked(waiting)
            until = confirm.lapses(waiting)
            desk.reply(
                f"{asked}: not confirmed",
                "reply_unconfirmed",
                proven=True,
                request=asked,
                code=code,
                until=until,
                strict=waiting.kind not in CONFIRMS,
                yes=verdict == YES,
                nothing=verdict == NOTHING,
                away=verdict == AWAY,
                question=command.args[2] if len(command.args) > 2 else None,
                once_a_day=True,
            )
        elif any(found.code == code for found in confirm.mailed_to(desk.book, desk.sender)):
            desk.refused += 1  # lapsed: he is told so, and to ask again
            desk.reply(
                "your reply: not done",
                "refused",
                once_a_day=True,
                command="your reply",
                reason=waiting,
            )
        # else a command of the same mail ended the request: its answer says so
        desk.remember(command)
