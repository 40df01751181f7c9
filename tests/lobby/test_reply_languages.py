"""A yes typed in a mail client set to another language than English (review47b): since
round 47 a reply confirms a JOIN only with a yes typed in it, and the lines around the yes
that the client wrote are no words of the sender's. Gmail, Apple Mail and Thunderbird in
German, Dutch and the Scandinavian languages put the verb before the name in the line over
the quote (``Am 07.12.26 um 15:00 schrieb Game Master <gm@...>:``), which was not known as
that line, and a phone in German, Dutch or Portuguese signs ``Von meinem iPhone
gesendet``: the ``Ja`` above them was read as more than a plain yes, and the player was
told he wrote more than a yes, and to type one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.asked import Asked, a_reply, confirms_by_reply
from tests.mail.replies import quoted

GM = "Game Master <gm@wtg.example>"


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


@pytest.mark.parametrize(
    ("typed", "over_the_quote"),
    [
        ("Ja", f"Am Mo., 7. Dez. 2026 um 15:00 Uhr schrieb {GM}:"),  # Gmail, German
        ("Ja, bitte.", "Am 07.12.26 um 15:00 schrieb Game Master:"),  # Thunderbird, German
        ("Ja", f"Op ma 7 dec. 2026 om 15:00 schreef {GM}:"),  # Gmail, Dutch
        ("Ja", f"Den mån 7 dec. 2026 kl 15:00 skrev {GM}:"),  # Gmail, Swedish
        ("OK", f"pon., 7 gru 2026 o 15:00 {GM} napisał(a):"),  # Gmail, Polish
    ],
)
def test_a_yes_over_an_attribution_in_another_language_confirms(
    typed: str, over_the_quote: str, asked: Asked, tmp_path: Path
) -> None:
    body = f"{typed}\n\n{over_the_quote}\n\n{quoted(asked.text)}"
    confirms_by_reply(asked, tmp_path / "hall", a_reply(asked, body))


@pytest.mark.parametrize(
    ("typed", "signed"),
    [
        ("Ja", "Von meinem iPhone gesendet"),
        ("Ja", "Von meinem Samsung Galaxy Smartphone gesendet"),
        ("Ja", "Verstuurd vanaf mijn iPhone"),
        ("OK", "Enviado do meu iPhone"),
    ],
)
def test_a_yes_over_a_phone_s_line_in_another_language_confirms(
    typed: str, signed: str, asked: Asked, tmp_path: Path
) -> None:
    attribution = f"On 7 Dec 2026, at 15:00, {GM} wrote:"
    body = f"{typed}\n\n{signed}\n\n{attribution}\n\n{quoted(asked.text)}"
    confirms_by_reply(asked, tmp_path / "hall", a_reply(asked, body))
