"""A newcomer who replies "Yes" to the answer that asks him to CONFIRM, with his business's
signature under it and no ``-- `` above it (Apple Mail, Outlook, mutt's sig_dashes=no), was
not confirmed: the signature's lines (his company, his telephone numbers) made the reply
more than a short yes, and he was told how to confirm instead. A signature begins at a line
that is his name (his display name, a surname after it), and says nothing."""

from __future__ import annotations

from wtg.lobby.yesno import NO, NOTHING, OTHER, YES, said

SIGNATURE = ["Alice Liddell", "Liddell Inc.", "T 1-800-555-0199", "M 1.212.555.0147"]


def test_a_yes_over_a_business_signature_is_a_yes() -> None:
    assert said(["Yes", "", *SIGNATURE], "Alice") == YES
    assert said(["Yes, count me in.", "", "Best regards,", *SIGNATURE], "Alice") == YES
    assert said(SIGNATURE, "Alice") == NOTHING  # nothing typed but the signature: no yes
    assert said(["Yes", "", *SIGNATURE], "Alice Liddell") == YES
    assert said(["No, not me", "", *SIGNATURE], "Alice") == NO


def test_what_is_no_signature_is_still_read() -> None:
    assert said(["Yes", "", *SIGNATURE], "") == OTHER  # no name to know it by
    assert said(["Alice here, please cancel"], "Alice") == OTHER  # not taken for a name
    assert said(["Yes", "", "Alice Liddell", "What is the game about?"], "Alice") == OTHER
    assert said(["Yes", "", "Bob Smith", "Smith Inc.", "T 1-800-555-0199"], "Alice") == OTHER
    assert said(["Yes", "", "Alice wants to know more"], "Alice") == OTHER
    assert said(["Yes", "", "Alice Liddell", "JOIN wok4 too"], "Alice") == OTHER


def test_a_no_under_the_name_is_no_signature() -> None:
    """A reply's lines under a line that is his name are a signature only when they say no
    no: 'Yes', his name, then 'wait, no, cancel that, wrong game' was read as a yes over
    a signature, and confirmed a JOIN its sender took back in the same mail."""
    assert said(["Yes", "Alice", "wait, no, cancel that, wrong game"], "Alice") == OTHER
    assert said(["Alice Liddell", "not me, I never asked to join"], "Alice") == OTHER
    assert said(["Yes", "Alice Liddell", "Liddell Inc.", "Reg. No. 0815"], "Alice") == YES


def test_a_sentence_under_the_name_is_no_signature() -> None:
    """A sentence under his name is what he wrote, not his company's line: 'Alice Liddell',
    then 'Please take me off this list, my son used my address' was read as a signature
    with nothing above it, a yes, and confirmed the JOIN."""
    taken_off = ["Alice Liddell", "Please take me off this list, my son used my address"]
    assert said(taken_off, "Alice") == OTHER
    assert said(["Yes", "Alice", "please wait until my exams are over"], "Alice") == OTHER
    titled = ["Yes", "Alice Liddell", "Head of Sales and Marketing", "Liddell Inc."]
    assert said(titled, "Alice") == YES
    assert said(["Yes", "Alice Liddell", "Sent from my iPhone"], "Alice") == YES


def test_a_surname_that_is_a_no_somewhere_is_a_signature_s() -> None:
    """Nie, a Chinese surname, is the Polish no (leftovers48): 'Ok' over 'Alice Nie', her
    display name 'Alice', was read as more than a yes (review48b). A no on a line of its
    own under the name still takes the yes back."""
    assert said(["Ok", "", "Alice Nie", "T 1-800-555-0199"], "Alice") == YES
    assert said(["Tak", "", "Alice Nie"], "Alice") == YES
    assert said(["Ok", "", "Alice Nie", "nie, wait"], "Alice") == OTHER
    assert said(["Ok", "", "Alice", "Nie"], "Alice") == OTHER
