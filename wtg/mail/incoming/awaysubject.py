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
    r"|fuera de la oficina|absent(?:e|ee)? du bureau|away from (?:the )?office)",
    re.IGNORECASE,
)


def away_subject(subject: str) -> bool:
    """Whether a mail's subject begins as an auto-reply's does (out of office, vacation,
    automatic reply, in the languages mail programs write them)."""
    return _AWAY.match(subject.strip()) is not None
