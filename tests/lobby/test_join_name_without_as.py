"""``JOIN <ruleset> <name>``: press49's Eve mailed `JOIN intermediate Evelyn`, to wait under
the name Evelyn, and was told 'no waiting list of intermediate Evelyn is open; open now:
intermediate': nothing said that a name goes after AS, and the list she named was open. The
refusal now says how to write it; a variant mistyped is not taken for a name."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address

EVE = address(5)


def test_a_name_after_the_ruleset_is_answered_with_as(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("intermediate", players=2)
    refused = hall.answer(EVE, "JOIN intermediate Evelyn")
    assert refused.subject == "JOIN intermediate Evelyn: not done", refused.subject
    assert (
        "no waiting list of intermediate Evelyn is open (to wait under the name Evelyn:"
        " JOIN intermediate AS Evelyn); open now: intermediate"
    ) in refused.words, refused.body
    ask = hall.answer(EVE, "JOIN intermediate AS Evelyn")
    assert ask.subject == f"JOIN intermediate: confirm with CONFIRM {ask.code()}", ask.body
    assert "as Evelyn" in ask.words, ask.body


def test_a_variant_mistyped_is_not_taken_for_a_name(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("standard", players=3, variant="skirmish", map="star-islands")
    for line in ("JOIN standard skirmsh", "JOIN standard duel"):  # duel: no list open
        refused = hall.answer(EVE, line)
        assert refused.subject == f"{line}: not done", refused.subject
        assert " AS " not in refused.words, refused.body


def test_a_name_after_the_ruleset_that_would_be_refused_is_not_offered(tmp_path: Path) -> None:
    """review49: `JOIN intermediate gm` was told 'to wait under the name gm: JOIN
    intermediate AS gm', and that JOIN was refused ('the name gm would pass for the host's
    own'); so was the one offered for a name that reads as a web address. The refusal says
    where a name goes and why the word given cannot be it."""
    hall = Hall(tmp_path)
    hall.open_list("intermediate", players=2)
    for word, why in (
        ("gm", "the name gm would pass for the host's own"),
        ("www.evil.example", "the name www[.]evil[.]example holds www., which reads as a web"),
    ):
        refused = hall.answer(EVE, f"JOIN intermediate {word}")
        shown = word.replace(".", "[.]")
        assert f"JOIN intermediate AS {shown})" not in refused.words, refused.body
        assert f"(a name goes after AS, JOIN intermediate AS <name>, but {why}" in refused.words, (
            refused.body
        )
        offered = hall.answer(EVE, f"JOIN intermediate AS {word}")  # refused, as the hint says
        assert offered.subject == f"JOIN intermediate AS {shown}: not done", offered.subject
        assert why in offered.words, offered.body
