"""A newcomer who replies "Yes" to the answer that asks him to CONFIRM, with his business's
signature under it and no ``-- `` above it (Apple Mail, Outlook, mutt's sig_dashes=no), was
not confirmed: the signature's lines (his company, his telephone numbers) made the reply
more than a short yes, and he was told how to confirm instead. A signature begins at a line
that is his name (his display name, a surname after it), and says nothing."""

from __future__ import annotations

from wtg.lobby.replied import NO, OTHER, YES, said

SIGNATURE = ["Alice Liddell", "Liddell Inc.", "T 1-800-555-0199", "M 1.212.555.0147"]


def test_a_yes_over_a_business_signature_is_a_yes() -> None:
    assert said(["Yes", "", *SIGNATURE], "Alice") == YES
    assert said(["Yes, count me in.", "", "Best regards,", *SIGNATURE], "Alice") == YES
    assert said(SIGNATURE, "Alice") == YES  # nothing typed but the signature
    assert said(["Yes", "", *SIGNATURE], "Alice Liddell") == YES
    assert said(["No, not me", "", *SIGNATURE], "Alice") == NO


def test_what_is_no_signature_is_still_read() -> None:
    assert said(["Yes", "", *SIGNATURE], "") == OTHER  # no name to know it by
    assert said(["Alice here, please cancel"], "Alice") == OTHER  # not taken for a name
    assert said(["Yes", "", "Alice Liddell", "What is the game about?"], "Alice") == OTHER
    assert said(["Yes", "", "Bob Smith", "Smith Inc.", "T 1-800-555-0199"], "Alice") == OTHER
    assert said(["Yes", "", "Alice wants to know more"], "Alice") == OTHER
    assert said(["Yes", "", "Alice Liddell", "JOIN wok4 too"], "Alice") == OTHER
