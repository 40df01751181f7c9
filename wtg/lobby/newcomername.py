"""The name a JOIN without ``AS`` asks under for a newcomer: the name in his From, else his
address's local part (``default_name``). Read where a JOIN is carried out
(``wtg.lobby.waitlist``) and where a mail's JOINs are counted by the names they give
(``wtg.lobby.answering.joins_past_names``)."""

from __future__ import annotations

import email.utils

from wtg.core.textwidth import cut_to_columns
from wtg.game.gameconfig import NAME_MAX_LENGTH, ConfigError, check_text
from wtg.lobby import people
from wtg.lobby.authority import claiming
from wtg.lobby.lookalikes import posing
from wtg.lobby.sentencenames import sentence_word

DEFAULT_NAME_MAX = 40
"""Columns of a From's display name a JOIN without ``AS`` takes as the newcomer's name (a
letter of Chinese, Japanese or Korean fills two: ``people.name_problem``)."""


def default_name(display: str, address: str, host: str = "") -> str:
    """A newcomer's name when JOIN gives none: the name in his From (decoded:
    ``wtg.mail.message.fromname``), else his address's local part. A display name that could be
    no player's name (a control character, a bidi override, a zero-width space, letters of
    two alphabets that look alike, an address, the host's name: ``lookalikes``; a name of
    the host's staff, ``Admin``: ``authority``; a word of the host's sentences, ``You``:
    ``sentencenames``) gives way to the local part: the newcomer
    typed no name to be refused for."""
    shown = cut_to_columns(" ".join(display.split()), DEFAULT_NAME_MAX)[0].rstrip(" ")
    try:
        check_text("the name", shown, NAME_MAX_LENGTH)
    except ConfigError:
        shown = ""
    refused = posing(shown, host) or claiming(shown) or sentence_word(shown)
    if not shown or people.look_alike_alphabets(shown) or refused:
        local = email.utils.parseaddr(address)[1].partition("@")[0]
        return cut_to_columns(local, DEFAULT_NAME_MAX)[0]
    return shown
