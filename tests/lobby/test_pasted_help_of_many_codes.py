"""attack40: a HELP that lists more requests waiting than the host makes again one by one,
pasted back by an auto-responder.

A stranger writes Ann's address in his From and asks five things of the host (her WITHDRAW
from the list she waits on, and JOINs of four other lists): each waits for a CONFIRM that
only Ann's mailbox gets. Then he mails, still as Ann, a line of no command: the host
answers her with the HELP, which names every request waiting at her address, each with its
``CONFIRM`` line. Her mailbox answers every mail by itself and pastes it back, unquoted.
The host made again the mails of the first three codes of a mail alone
(``CODE_MAILS_LOOKED``): the fourth and fifth ``CONFIRM`` lines of the pasted HELP were
read as Ann's, and the forger took her off her list and put her on another. Now each code
found brings the lists of every request waiting at its address, as the HELP and a late
code's mail list them."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, joined
from tests.lobby.test_pasted_code_mail import ANN, auto_responded, waiting_names
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

FORGED = ["WITHDRAW wok4", "JOIN standard", "JOIN wisk", "JOIN tactics", "JOIN intermediate"]


def lists_of_ann(hall: Hall) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [
            name
            for name in ("wok4", "standard", "wisk", "tactics", "intermediate")
            if any(entry.name == "Ann" for entry in waiting(book, name))
        ]


def test_a_pasted_help_of_five_codes_confirms_none(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    for ruleset in ("wok4", "standard", "wisk", "tactics", "intermediate"):
        hall.open_list(ruleset)
    joined(hall, 1, "JOIN wok4 AS Ann")
    hall.new_mails()
    for command in FORGED:  # the forger, as Ann
        hall.mail(ANN, command)
    hall.poll(hours=1)
    asked = hall.new_mails(ANN)
    assert [m.subject.partition(":")[0] for m in asked] == FORGED
    hall.mail(ANN, "hello there")
    hall.poll(hours=1)
    (helped,) = hall.new_mails(ANN)
    codes = [m.code() for m in asked]
    assert all(f"\n  CONFIRM {code}\n" in helped.body for code in codes), helped.body
    auto_responded(hall, "Automatic notice", helped.body)
    assert [m.subject for m in hall.new_mails(ANN)] == ["the commands of the host"]
    assert lists_of_ann(hall) == ["wok4"]
    assert waiting_names(hall) == ["Ann"]
    with LobbyDatabase(hall.gm.games_dir) as book:
        rows = book.rows("SELECT code FROM pending WHERE address = ?", ANN)
    assert sorted(str(row["code"]) for row in rows) == sorted(codes)
    # the second code typed by Ann alone still confirms its request
    done = hall.answer(ANN, f"Yes, that one.\nCONFIRM {codes[1]}\nAnn")
    assert done.subject.startswith("you are on the waiting list standard"), done.subject
    assert lists_of_ann(hall) == ["wok4", "standard"]
