"""The subjects of auto-replies that carry none of the standard headers (no Auto-Submitted,
X-Autoreply, Precedence: ``wtg.mail.incoming.noreply`` answers them as any mail): an
out-of-office or vacation notice, named by its first words (``Out of Office: ...``,
``Automatic reply: ...``, ``Auto: ...``, ``Abwesenheitsnotiz: ...``). Such a mail is still
answered as usual (its subject may be a person's own), but its lines that look like
commands (``Status: away``) are never named as lines not understood: no one typed them to
the host. A reply (``Re: Out of office``) is a person's, and is not one."""

from __future__ import annotations

import re

_AWAY = re.compile(
    r"(?:out[ -]of[ -](?:the[ -])?office|ooo\b|on vacation|vacation (?:reply|notice)"
    r"|auto(?:matic)?[ -]?(?:reply|response|answer)|autoreply|auto:|autosvar"
    r"|automatisk svar|automatisch antwoord|automatische antwort|abwesenheit|afwezig"
    r"|r[ée]ponse automatique|respuesta autom[aá]tica|risposta automatica"
    r"|fuera de la oficina|absent(?:e|ee)? du bureau|away from (?:the )?office"
    # Outlook's (Exchange's) "Automatic reply:" in the other languages it is sold in
    r"|resposta autom[aá]tica|resposta autom[àa]tica|odpowied[źz] automatyczna"
    r"|automatyczna odpowied[źz]|automatiskt svar|automaattinen vastaus"
    r"|automatick[áa] odpov[ěe][ďd]|automatikus v[áa]lasz|r[ăa]spuns automat"
    r"|otomatik (?:yan[ıi]t|cevap)|automatski odgovor|samodejni odgovor"
    r"|automatinis atsakymas|autom[āa]tisk[āa] atbilde|automaatne vastus"
    r"|автоматический ответ|автоматична відповідь|αυτόματη απάντηση"
    r"|自動応答|自動返信|自动答复|自动回复|自動回覆|자동 회신|자동 응답"
    r"|תשובה אוטומטית|رد تلقائي"
    # "out of office" in those languages: the words a person may begin a subject with
    # too ("Fuori ufficio domani?"), so only as a prefix, with its colon
    r"|(?:fuori (?:ufficio|sede)|assente dall'ufficio|fora do escrit[óo]rio"
    r"|ausente (?:da|de la) oficina|fuera de oficina|mensaje de ausencia"
    r"|message d'absence|absence du bureau|poza biurem|nieobecno[śs][ćc]"
    r"|fr[åa]nvaro(?:meddelande)?|frav[æa]r(?:ende)?|ikke p[åa] kontoret"
    r"|poissa(?:oloilmoitus| toimistolta)|mimo kancel[áa][řr]|h[áa]zon k[íi]v[üu]l"
    r"|buiten kantoor|niet aanwezig|afwezigheidsmelding|abwesend|nicht im b[üu]ro"
    r"|не в офисе|нет на месте|不在)\s*:)",
    re.IGNORECASE,
)
"""The first words of an auto-reply's subject, in the languages mail programs write them:
Outlook's (Exchange's) ``Automatic reply:`` as each of its languages words it (``Resposta
automática:``, ``Odpowiedź automatyczna:``, ``Automatiskt svar:``, ``自動応答:``), the
``Out of Office:`` of older Outlooks and of a person's own vacation rule (``Fuori ufficio:``,
``Fora do escritório:``, ``Poza biurem:``, ``Frånvaro:``), the German ``Abwesenheitsnotiz``.
Gmail's vacation reply writes the subject its user chose (its default: the mail's own,
after ``Re:``) and carries ``Auto-Submitted``, as a Sieve vacation rule's does (RFC 5230;
Thunderbird has none of its own): the poll sets those aside by their headers. The words
a person may begin a subject with as well (``Fuera de oficina``, ``Abwesend``) count only
with the colon an auto-reply's prefix ends with."""


def away_subject(subject: str) -> bool:
    """Whether a mail's subject begins as an auto-reply's does (out of office, vacation,
    automatic reply, in the languages mail programs write them)."""
    return _AWAY.match(subject.strip()) is not None
