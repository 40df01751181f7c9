"""Where the mail a reply answers begins when its client left it unquoted.

Outlook, Outlook on the web, phones and the forwarding clients put the mail answered under
the reply without quoting it, under a line that says so (``-----Original Message-----``,
``---------- Forwarded message ---------``, a line of underscores) or a header block
(``From: ... Sent: ...``); some webmail puts an attribution (``On ... wrote:``) over it. The
lobby reads the commands a sender typed above it, and the AOF reader the order lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

ORIGINAL = re.compile(
    r"-{2,}\s*(original message|forwarded message|ursprüngliche nachricht|message d'origine"
    r"|mensaje original|messaggio originale|oorspronkelijk bericht)\s*-{2,}"
    r"|-{2,}\s*[^\W\d_]+(?:[\s'’][^\W\d_]+){0,5}\s*:?\s*-{2,}"
    r"|_{10,}"
    r"|begin forwarded message:?"
    r"|-*\s*forwarded message from\s.*"
    r"|(anfang der )?weitergeleitete nachricht:?",
    re.IGNORECASE,
)
"""A line above an unquoted original (Outlook, Outlook on the web, forwards): a few words
between dashes in any language (``-----Oprindelig meddelelse-----``, ``-------- Message
transféré --------``), a line of underscores, a forward's own line: aerc's ``Forwarded
message from Game Master on Sat Dec 5, 2026 at 12:34 PM:`` over the original unquoted (its
template ``forward_as_body``), mutt's ``----- Forwarded message from Game Master
<gm@example.org> -----`` (its address no few words between dashes)."""
FORWARD_END = re.compile(r"-{2,}\s*end (?:of )?forwarded message\s*-{2,}", re.IGNORECASE)
"""The line under a mail mutt and neomutt forward inline (``----- End forwarded message
-----``): what its sender types under it is his own."""
HEADER_FROM = re.compile(
    r"(from|von|de|da|van|fra|från|od|lähettäjä|от|kimden|feladó)\s*:\s*\S", re.IGNORECASE
)
HEADER_NEXT = re.compile(
    r"(sent|date|to|subject|gesendet|datum|an|betreff|envoyé|date|à|objet|enviado( el)?|para"
    r"|asunto|inviato|data|oggetto|verzonden|aan|onderwerp|sendt|dato|til|emne|skickat|till"
    r"|ämne|wysłano|do|temat|odesláno|komu|předmět|lähetetty|vastaanottaja|aihe|enviada"
    r"|assunto|отправлено|дата|кому|тема|gönderildi|tarih|kime|konu|elküldve|címzett|tárgy)"
    r"\s*:",
    re.IGNORECASE,
)
"""``From: ...`` followed by ``Sent: ...`` (or ``To:``, ``Date:``): a header block that
Outlook writes above the mail it quotes without quoting it."""
VERB_LAST = (
    r"wrote|writes|schrieb|a écrit|escribió|escreveu|ha scritto|schreef|skrev|napisał"
    r"|napisał\(a\)|napsal|kirjoitti|írta|yazdı|пишет|написал|написала|написал\(а\)"
)
"""The verbs an attribution ends with, its colon after them (``Game Master wrote:``)."""
VERB_FIRST = r"schrieb|schreef|skrev"
"""The verbs an attribution names the writer after, in German, Dutch and the Scandinavian
languages (``um 15:00 schrieb Game Master:``)."""
CJK_LAST = "写道|寫道|のメール"
"""What a Chinese or Japanese client's attribution ends with, before its colon (full-width,
``：``, or not), no blank nor word boundary before it: Gmail's ``Game Master <gm@...>
于2026年12月7日周一 15:00写道：`` (``寫道`` in traditional letters), Apple Mail's ``2026/12/07
15:00、Game Master <gm@...>のメール:``. leftovers49: a Chinese reader's ``是的`` over such
a line was more than a yes (``wtg.lobby.yesno``)."""
CJK_DATED = r"\d{4}年\d{1,2}月\d{1,2}日[^<>\n]*<[^<>\s@]+@[^<>\s]+>\s*[:：]\s*"
"""A Japanese client's attribution that names no verb: the moment, its date written with
年, 月 and 日, then the writer and his address in brackets, and a colon (Gmail's
``2026年12月7日(月) 15:00 Game Master <gm@...>:``). review49: a Japanese ``はい`` over it
was more than a yes, and the JOIN waited; no text a player types begins with such a date
and ends with an address."""
ATTRIBUTION = re.compile(
    rf".*\b({VERB_LAST})\s*:\s*"
    rf"|[^\d\n]*\d.*\b({VERB_FIRST})\s++[^:]{{1,200}}+:\s*+"
    rf"|.*({CJK_LAST})\s*[:：]\s*"
    rf"|{CJK_DATED}",
    re.IGNORECASE,
)
"""``On Sun, 22 Nov 2026, Game Master wrote:``: what a quote is introduced by. In German,
Dutch and the Scandinavian languages the verb comes before the name, after the moment
(Gmail's ``Am Mo., 7. Dez. 2026 um 15:00 Uhr schrieb Game Master <gm@example.org>:``,
Thunderbird's ``Op 07-12-2026 om 15:00 schreef Game Master:``): review47b, that line was
read as typed, and a ``Ja`` above it was more than a plain yes (``wtg.lobby.yesno``). The
digit before the verb is looked for as the line's first, and the blanks and the name after
the verb are taken whole (possessive: ``++``, ``+``): a line is read in time that grows with
its length. review47c: with a digit looked for anywhere (two runs of ``.*`` around it),
and blanks given back one by one, a line of digits was read in time that grew with
the square of its length, and one of 60,000 digits, in a stranger's mail or an order mail,
held the poll until ``mail.handle_seconds`` ran out and the mail was quarantined."""


def forward_end(lines: Sequence[str], begin: int) -> int | None:
    """The index of the last line under ``begin`` (the head of a mail forwarded) that ends
    a forward (``FORWARD_END``), or None. The last: a forward of a forward ends twice, and
    everything up to the outer end is the mail forwarded."""
    found = [i for i in range(begin + 1, len(lines)) if FORWARD_END.fullmatch(lines[i].strip())]
    return found[-1] if found else None


def header_block(lines: Sequence[str], index: int) -> bool:
    """``From: someone`` with ``Sent:``, ``Date:``, ``To:`` or ``Subject:`` on one of the
    next lines: the head of a mail pasted below the reply."""
    if not HEADER_FROM.match(lines[index].strip()):
        return False
    following = [ln.strip() for ln in lines[index + 1 : index + 4]]
    return any(HEADER_NEXT.match(ln) for ln in following)


_LABELLED = re.compile(r"(?=\S)[^:\d@<>=#()\[\]]{1,30}?\s*:\s*\S")
"""A line of a header block in any language: a label of no digits (``差出人:``,
``보낸 사람:``, ``Od:``), a colon, a value. An order line's label has its digits
(``A1:``)."""


def header_shaped(lines: Sequence[str], index: int) -> bool:
    """A header block whose labels are in a language ``header_block`` does not know (an
    Outlook in Japanese, Korean, Greek, Hebrew, Ukrainian, Romanian ...): the line and two
    of the three under it labelled lines (``_LABELLED``), an address among them (the
    sender's or the addressee's, ``@``). Only the AOF reader asks, above a form left
    unquoted: the lobby reads commands such lines may be."""
    block = [line.strip() for line in lines[index : index + 4]]
    if not block or not _LABELLED.match(block[0]):
        return False
    labelled = sum(1 for line in block[1:] if _LABELLED.match(line))
    return labelled >= 2 and any("@" in line for line in block)
