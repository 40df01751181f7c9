"""The key of an answer to a mail (``wtg.mail.incoming.sameanswer``): what makes two answers the
same."""

from __future__ import annotations

from wtg.mail.incoming.sameanswer import TALLY, Asked

HOSTS = "The host reads the commands you type in a mail, one a line.\n\n  HELP   this list\n"


def key(text: str, answered: str = "", to: str = "a@x.example", body: str = HOSTS) -> str | None:
    return Asked(lambda: (text, answered)).key(to, "the commands of the host", body)


def reply(typed: str, when: str = "Sun, Nov 22, 2026 at 12:00") -> str:
    quote = "\n".join(f"> {line}" for line in HOSTS.splitlines())
    return f"{typed}\n\nOn {when}, Game Master wrote:\n{quote}\n"


def test_a_mail_written_afresh_has_no_key() -> None:
    assert key("HELP") is None
    assert key("HELP\n\n-- \nAnn, sent from home\n") is None


def test_a_reply_has_a_key_whatever_its_quote_date_numbers_and_case() -> None:
    first = key(reply("I am away until Monday 23 November."))
    assert first is not None and first.startswith(TALLY)
    assert key(reply("I AM AWAY until Monday, 30 November!", when="Mon, Nov 23, 2026")) == first
    assert "away" not in first and "x.example" not in first  # a digest: nothing readable


def test_other_words_another_address_or_another_answer_make_another_key() -> None:
    first = key(reply("I am away until Monday."))
    assert key(reply("I am back: where is my form?")) != first
    assert key(reply("I am away until Monday."), to="b@x.example") != first
    assert key(reply("I am away until Monday."), body=HOSTS + "\nLIST  the lists\n") != first


def test_a_mail_that_names_the_hosts_mail_has_a_key_though_it_quotes_nothing() -> None:
    """The host's text pasted without a quote mark is not his words either."""
    pasted = f"Away until Monday.\n\n{HOSTS}"
    assert key(pasted, answered=HOSTS) == key(reply("Away until Monday."))
