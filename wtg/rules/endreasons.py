"""How a game ended, in a player's words: the one place the code words a state keeps for
its end ("last standing", "vote", "rips", WISK's "domination"...) are said, for the
reports, the forms' mails, the pictures and the site alike."""

from __future__ import annotations

__all__ = ["BY_GM", "end_words"]

BY_GM = "gm"
"""The code word of a game the GM ended by hand (`wtg end`): no one won it."""

_WORDS: dict[str, str] = {
    "last standing": "one player left standing",
    "no one left": "no player left standing",
    "alliance": "the last two players standing were allies",
    "vote": "every player still standing voted to end the game",
    "bitter end": "one player left standing, the game fought to the bitter end",
    "domination": "every territory held by one player",
    "mission": "a player's secret mission done",
    BY_GM: "ended by the GM",
    # Tactics keeps its reasons in words; this one read as a noun phrase of its own
    # ("GAME OVER (loss of all armies but one)"), the original's "all armies dead but one"
    "loss of all armies but one": "one army left standing",
}


_HUMANS_WORDS: dict[str, str] = {
    "last standing": "every other human player lost or quit all his colours",
    "no one left": "every human player lost or quit all his colours",
}
"""The ends of a game won by RIPs (Duel, Trinity) that are not RIPs: its robots play on,
so "one player left standing" was said of a board of robots and one human's colours."""


def end_words(reason: str, rip_target: int = 0) -> str:
    """``reason``, the code word a state keeps for its end, said in words; ``rip_target``:
    the RIPs that won a game ended by them (Duel, Trinity), 0 where it is not known. A
    reason already in words (Tactics') is said as it is."""
    if reason == "rips":
        count = str(rip_target) if rip_target > 0 else "enough"
        return f"{count} RIPs of colours not the winner's own"
    if rip_target > 0 and reason in _HUMANS_WORDS:
        return _HUMANS_WORDS[reason]
    return _WORDS.get(reason, reason)
