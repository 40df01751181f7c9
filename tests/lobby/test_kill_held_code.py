"""A stranger's request whose answer a limit held back (``mail.unconfirmed_per_address``:
one address's codes an hour, ``wtg.mail.incoming.strangers``) has its code forgotten, so that no
CONFIRM can come for a code never mailed. A poll killed after that and before its batch was
journalled read the mail again an hour on, when the limit had room: the answer was made
again as it was, with the code forgotten, and mailed: a code that no longer worked (his
CONFIRM of it was refused as a code never mailed). An answer whose code no longer waits is
not mailed: the mail's outcome says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import CODE_LINE, Hall, address
from tests.lobby.test_lobby_replay import Killed, _dies, pending_codes
from wtg.mail.poll.poller import Poller

STRANGER = address(5)


def test_a_held_answer_read_again_an_hour_on_mails_no_forgotten_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = Hall(tmp_path, unconfirmed_per_address=1)
    hall.open_list("wok4", players=3)
    ann = hall.answer(STRANGER, "JOIN wok4 AS Ann", hours=0)
    hall.mail(STRANGER, "JOIN wok4 AS Bea")  # another name: a code of its own, held back
    with monkeypatch.context() as patched:
        patched.setattr(Poller, "_commit", _dies)
        with pytest.raises(Killed):
            hall.poll(hours=0.5)
    assert hall.new_mails() == []
    assert pending_codes(hall) == {ann.code(): STRANGER}  # Bea's forgotten
    summary = hall.poll(hours=0.75)  # the mail read again; the hour of Ann's code is over
    (outcome,) = [text for _k, text in summary.outcomes]
    assert outcome == (
        "not answered: reply limit: 1 of 1 answer held back: 'JOIN wok4: confirm with "
        "CONFIRM <code>' (its code no longer waits); commands: JOIN wok4 AS Bea"
    )
    mailed = [CODE_LINE.search(mail.body) for mail in hall.new_mails(STRANGER)]
    assert [found.group(1) for found in mailed if found] == []
    assert pending_codes(hall) == {ann.code(): STRANGER}
