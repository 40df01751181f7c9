"""What a person asks the host in a mail, as real players write it. The host is a program and
answers no question: the answer says so, and the GM's line for the mail names the question
(``asked "..."``), for him to answer. A line asks when it ends in a question mark (``?``,
and those of Chinese and Japanese, Arabic, Greek, the reversed one: ``QUESTION_MARKS``); or
when it is labelled one (``Question: can I join late``, ``Q: how long is a turn``: many
write no question mark after such a label); or the subject asks (``When does wok4 start?``,
``Question: ...``), or says the mail holds a question (``Question``, ``Quick question``),
which is then the first line of prose the person typed (not in a mail of orders: there the
form wins). A line that reads as an order (``Q1: 1``, the QUIT order, ``A1: 07 06 020 ?``)
asks nothing: a form's label is a letter and a number, and what follows ``Q:`` must hold
words. A mail of orders is read for a question too, in the lines its sender typed beside the
forms (``beside_a_form``): the host files the orders and confirms them, and the GM's line
names the question. Pure: text in, text out."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from wtg.aof.copies import reads_as_order
from wtg.game.presslinks import quoted_back
from wtg.lobby.commands import CODE_WORD, VERBS, outside_forms, read_commands, typed_text

QUESTION_SHOWN = 200
"""Characters of a question that an answer and the GM's line quote."""
QUESTION_MARKS = "?\uff1f\u061f\u037e\u2e2e"
"""The question marks: ``?``, the full-width ``？`` of Chinese and Japanese, the Arabic
``؟`` (also Persian and Urdu), the Greek ``;`` (U+037E, not the semicolon it looks like) and
the reversed ``⸮``."""
_ASKING = re.compile(rf".*[{re.escape(QUESTION_MARKS)}]\s*")
"""A line that asks: it ends in one of ``QUESTION_MARKS``."""
_LABELLED = re.compile(r"(?:q|question|questions|query)\s*[:\uff1a]\s*(\S.*)", re.I)
"""A line labelled a question: ``Question: ...``, ``Q: ...``."""
_WORDS = re.compile(r"[^\W\d_]{2,}")
"""A word of letters (two or more): what follows a label that asks."""
_SAYS_QUESTION = re.compile(
    r"(?:(?:a|one|quick|small|short|simple|newbie|beginner)\s+)?(?:question|query)s?\s*[:.!]?",
    re.I,
)
"""A subject that says the mail holds a question, and no more (``Quick question``)."""
_REPLY_PREFIX = re.compile(r"^(?:(?:re|fwd?|aw|wg|sv|vs|antw|tr|rif)\s*(?:\[\d+\])?\s*:\s*)+", re.I)
"""A reply's or forward's marks before a subject (``Re: Fwd: ...``, ``AW: ...``)."""
_PROSE_WORDS = 3
"""Words of letters a line needs to be the question a subject announces (``Hi Bob`` is
none; nor is a line ending in a comma, ``Dear Game Master,``)."""


def _one_line(line: str) -> str:
    return " ".join(line.split())


def asks(text: str, verbs: Collection[str]) -> bool:
    """Whether one line (its blanks made single) asks the host something: it ends in a
    question mark or is labelled a question, and is no command of the mail (its word is
    none of ``verbs``) nor an order line."""
    if not text or reads_as_order(text):
        return False
    if text.split()[0].upper().strip("?:") in verbs:
        return False
    if _ASKING.fullmatch(text):
        return True
    labelled = _LABELLED.fullmatch(text)
    return labelled is not None and len(_WORDS.findall(labelled[1])) >= 2


def shown(text: str) -> str:
    """A question as the answer and the GM's line quote it: each character that is not
    printable shown as ``?``, each web address defanged (``quoted_back``), cut to
    ``QUESTION_SHOWN``. The answer goes to the
    mail's From, which anyone may forge: a question's escape sequence went whole to another
    person's mail reader (attack39), where a refusal's was shown as ``?``."""
    text = quoted_back(text)
    return text if len(text) <= QUESTION_SHOWN else text[: QUESTION_SHOWN - 3] + "..."


def asked(
    typed: Sequence[str],
    verbs: Collection[str] = (),
    skipped: Collection[str] = (),
    subject: str = "",
    announced: bool = True,
) -> str | None:
    """The first question of a mail: a line the person typed (``typed``) that asks, not
    one of ``skipped`` (a PRESS's text, the writer's to his readers); else the subject,
    when it asks; else, when the subject says the mail holds a question (and
    ``announced``: not a mail of orders, ``beside_a_form``), the first typed line of prose
    (no command, no order line); None when none asks."""
    lines = [text for line in typed if (text := _one_line(line)) and text not in skipped]
    for text in lines:
        if asks(text, verbs):
            return shown(text)
    topic = _one_line(_REPLY_PREFIX.sub("", _one_line(subject)))
    if asks(topic, verbs):
        return shown(topic)
    if announced and topic and _SAYS_QUESTION.fullmatch(topic):
        for text in lines:
            first = text.split()[0].upper().strip("?:")
            if first in (*verbs, *VERBS, CODE_WORD) or reads_as_order(text):
                continue
            if text.endswith(",") or len(_WORDS.findall(text)) < _PROSE_WORDS:
                continue  # a greeting (``Dear Game Master,``), a name
            return shown(f"{topic.rstrip(':.! ')}: {text}")
    return None


def beside_a_form(texts: Sequence[str], subject: str = "", answered: str = "") -> str | None:
    """The first question of a mail that carries order forms: a line its sender typed
    above, below or between the forms (not quoted, no line of a form from its begin marker
    to its end marker), else its subject's (``asked``); None when none asks. Before, a
    player who wrote ``Can I still change these orders tomorrow?`` above his orders had
    them filed and confirmed, and no one saw the question. ``answered``: the text of the
    host's mail the reply answers, when known: its lines pasted without quote marks (a
    report's press, ``Bob, shall we keep the peace?``) are none of the sender's. A subject
    that only says a question comes (``Question``) makes no line of prose beside the forms
    one: the form wins, and its words around it (``Here are my orders``) were named to
    the GM as a question (docs/mail.md); a line that asks, or a subject that asks, is one
    as ever."""
    typed: list[str] = []
    for text in texts:
        typed.extend(typed_text(outside_forms(text), answered))
    return asked(typed, VERBS, (), subject, announced=False)


def subject_command(subject: str) -> str:
    """The command a mail's subject reads as (``JOIN wok4``, typed there and the text left
    empty), shown as a question is; "" when it reads as none, or is a reply's or a
    forward's subject (``Re: JOIN wok4: not done`` is the host's own). The host reads the
    commands of a mail's text alone: the HELP a mail of no command gets says so, naming the
    subject's (newgm48: it answered the HELP alone, and the player did not know why)."""
    topic = _one_line(subject)
    if not topic or _REPLY_PREFIX.match(topic):
        return ""
    read = read_commands(topic)
    return shown(read.commands[0].text()) if read is not None and read.commands else ""
