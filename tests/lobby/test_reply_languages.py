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

from tests.lobby.asked import Asked, a_reply, confirms_by_reply, unconfirmed_by_reply
from tests.mail.replies import quoted
from wtg.lobby.yesno import NO, NOTHING, OTHER, YES, said

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
        ("Tak", f"pon., 7 gru 2026 o 15:00 {GM} napisał(a):"),  # the same, his own word
        ("Sim, obrigado.", f"Em seg., 7 de dez. de 2026 às 15:00, {GM} escreveu:"),
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
        ("Sim", "Enviado do meu iPhone"),
    ],
)
def test_a_yes_over_a_phone_s_line_in_another_language_confirms(
    typed: str, signed: str, asked: Asked, tmp_path: Path
) -> None:
    attribution = f"On 7 Dec 2026, at 15:00, {GM} wrote:"
    body = f"{typed}\n\n{signed}\n\n{attribution}\n\n{quoted(asked.text)}"
    confirms_by_reply(asked, tmp_path / "hall", a_reply(asked, body))


@pytest.mark.parametrize(
    ("typed", "verdict"),
    [
        ("Sim", YES),  # Portuguese (escreveu)
        ("Tak", YES),  # Polish (napisał)
        ("Tak, dziękuję", YES),
        ("Ja tak", YES),  # Danish: yes please (skrev)
        ("Nej tak", NO),  # Danish: no thanks
        ("Ano", YES),  # Czech (napsal)
        ("Kyllä, kiitos", YES),  # Finnish (kirjoitti)
        ("Igen", YES),  # Hungarian (írta)
        ("Evet", YES),  # Turkish (yazdı)
        ("Да", YES),  # Russian (написал)
        ("Sì, grazie", YES),  # Italian (ha scritto)
        ("Nie", NO),
        ("Não, obrigado", NO),
        ("Нет", NO),
        ("Nee, bedankt", NO),
        ("Obrigado", NOTHING),  # a thanks alone confirms nothing (the ruling of round 47)
        ("Dziękuję", NOTHING),
    ],
)
def test_a_short_yes_or_no_in_each_language_of_the_attributions(typed: str, verdict: str) -> None:
    """Each language whose clients' line over a quote the host knows
    (``wtg.aof.original.ATTRIBUTION``) has its yes: a Portuguese ``Sim`` and a Polish
    ``Tak`` were more than a plain yes, and confirmed nothing."""
    assert said([typed]) == verdict


@pytest.mark.parametrize("typed", ["Jo", "Jo.", "Ne", "Ne, děkuji"])
def test_a_word_that_is_a_yes_in_one_language_and_a_no_in_another_is_neither(
    typed: str,
) -> None:
    """The Swedish ``jo`` is the Albanian no, the Czech ``ne`` the Greek yes (review48b):
    read as a yes, an Albanian's ``Jo`` confirmed a JOIN a stranger forged in his name;
    read as a no, a Greek's ``Ne`` cancelled his own."""
    assert said([typed]) == OTHER


def test_an_albanian_no_confirms_nobody(asked: Asked, tmp_path: Path) -> None:
    """Alice's ``Jo`` (Albanian: no) to the code of a JOIN in her name: nobody joins, the
    request waits with its code, and she is told how to confirm it."""
    over_the_quote = f"On 7 Dec 2026, at 15:00, {GM} wrote:"
    body = f"Jo\n\n{over_the_quote}\n\n{quoted(asked.text)}"
    told = unconfirmed_by_reply(asked, tmp_path / "hall", a_reply(asked, body))
    assert asked.code in told.body


@pytest.mark.parametrize(
    ("typed", "verdict"),
    [
        ("是", YES),  # Chinese
        ("是的", YES),
        ("好", YES),
        ("好的，谢谢。", YES),  # full-width signs between the words
        ("对", YES),
        ("確認", YES),
        ("はい", YES),  # Japanese
        ("はい、お願いします", YES),
        ("不", NO),
        ("不是", NO),
        ("不要，谢谢", NO),
        ("いいえ", NO),
        ("谢谢", NOTHING),
        ("是？", OTHER),  # a full-width question mark asks
        ("好的谢谢", OTHER),  # no blank nor sign between: one word the host does not know
    ],
)
def test_a_chinese_or_japanese_yes_or_no(typed: str, verdict: str) -> None:
    """A Chinese or Japanese reader's ``是`` or ``はい`` was more than a yes, and his ``不``
    or ``いいえ`` was no no (leftovers49): each was told to type a yes."""
    assert said([typed]) == verdict


@pytest.mark.parametrize("typed", ["いいです", "結構です", "大丈夫です"])
def test_a_japanese_word_that_is_a_yes_or_a_no_thanks_is_neither(typed: str) -> None:
    """Ruling (leftovers49): ``いいです`` and ``結構です`` are a yes or a ``no, thanks`` as the
    question before them is put: neither confirms nor cancels."""
    assert said([typed]) == OTHER


@pytest.mark.parametrize(
    ("typed", "over_the_quote"),
    [
        ("是的", f"On 7 Dec 2026, at 15:00, {GM} wrote:"),
        ("是的", f"{GM} 于2026年12月7日周一 15:00写道："),  # Gmail, Chinese
        ("好的，谢谢", f"在 2026年12月7日 15:00，{GM} 写道："),
        ("是", f"{GM} 於 2026年12月7日 週一 下午3:00寫道："),  # Gmail, Chinese (Taiwan)
        ("はい", f"2026/12/07 15:00、{GM}のメール:"),  # Apple Mail, Japanese
        ("はい", f"2026年12月7日(月) 15:00 {GM}:"),  # Gmail, Japanese (review49)
    ],
)
def test_a_chinese_or_japanese_yes_over_the_quote_confirms(
    typed: str, over_the_quote: str, asked: Asked, tmp_path: Path
) -> None:
    """``是的`` typed over the quote confirms the JOIN as ``Yes`` does, under a line a
    Chinese or Japanese client writes over the quote too (leftovers49: that line was read
    as typed, and the yes over it was more than a yes)."""
    body = f"{typed}\n\n{over_the_quote}\n\n{quoted(asked.text)}"
    confirms_by_reply(asked, tmp_path / "hall", a_reply(asked, body))
