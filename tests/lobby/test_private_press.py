"""Private press (`PRESS <game> TO <n>`) as a hostile player uses it: from forged From
addresses, to mail his text to strangers through the host; and in a flood, to use up the
hourly room of another player's answers."""

from __future__ import annotations

import re
from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters

SPAM = "Cheap watches at http://spam.example"


def test_a_private_press_from_a_forged_from_mails_no_stranger(tmp_path: Path) -> None:
    """Issue 25, item 5 (forged From, backscatter): a player with his code sent `PRESS
    wok4-1 TO 2` from 40 forged From addresses, and the host mailed each of them "your press
    went to player 2" with his text: an open relay of any text to any address, outside the
    hourly budget of mail to strangers. The copy goes to the address the game knows; a
    STATUS asked with a code from strangers' addresses counts against that budget (half
    of `mail.unconfirmed_per_hour` for answers without a code to CONFIRM)."""
    hall = Hall(tmp_path, unconfirmed_per_hour=10)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    for number in range(40):
        hall.mail(
            f"victim{number}@elsewhere.example",
            f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\n{SPAM}\n",
        )
    hall.poll(hours=1)
    mails = hall.new_mails()
    assert [m for m in mails if "elsewhere.example" in m.to] == []
    went = f"went to {game.config.player(2).name} (#2) alone"
    copies = [m for m in mails if m.to == writer.email and went in m.body]
    shown = "Cheap watches at http[:]//spam[.]example"  # a web address mailed defanged
    assert len(copies) == 3 and all(shown in m.body for m in copies)  # replies_per_hour

    for number in range(40):
        hall.mail(f"asker{number}@elsewhere.example", f"STATUS wok4-1\nCODE {writer.code}\n")
    hall.poll(hours=1)
    answered = [m for m in hall.new_mails() if "elsewhere.example" in m.to]
    assert len(answered) == 5


def test_another_players_private_press_never_holds_back_a_players_answers(
    tmp_path: Path,
) -> None:
    """Issue 25, item 6 (a press flood; a player's answers starved): private press counted
    against the hourly limit of answers to its reader's address: 20 `PRESS wok4-1 TO 2` in
    an hour used up player 2's `confirmations_per_hour`, and his own orders' confirmation
    and his JOIN's code were held back. Private press to a reader is counted apart, at most
    `replies_per_hour` an hour, and its writer is told of those not relayed; the reader's
    own answers all go."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader = game.config.player(1), game.config.player(2)
    for number in range(20):
        hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nword {number}\n")
    hall.poll(hours=1)  # an hour after the players' last answers
    relayed = [m for m in hall.new_mails(reader.email) if "private press" in m.subject]
    assert len(relayed) == 3  # replies_per_hour, by default
    told = hall.new_mails(writer.email)
    went = f"went to {reader.name} (#2) alone"
    assert len([m for m in told if went in m.body]) == 3
    refused = [m for m in told if m.subject == "PRESS wok4-1 TO 2: not done"]
    assert len(refused) == 17
    assert "nothing went to him: send it again later" in refused[0].body

    form = re.sub(r"(?m)^(R1:).*$", r"\1 1", game.aof(2))
    hall.mail(reader.email, form)
    hall.mail(reader.email, "JOIN wok4")
    summary = hall.poll(hours=0.1)
    assert [text for _key, text in summary.outcomes] == [
        "stored: wok4-1 turn 2 player 2",
        "answered: commands: JOIN wok4",
    ]
    subjects = sorted(m.subject for m in hall.new_mails(reader.email))
    assert subjects[0].startswith("JOIN wok4: confirm with CONFIRM ")
    assert subjects[1] == "[wok4-1] orders for turn 2 received"


def test_a_private_press_to_the_writer_himself_is_refused(tmp_path: Path) -> None:
    """`PRESS wok4-1 TO 1` from player 1 was relayed to player 1: a "private press from
    Lord1" in his box and a copy saying it went to player 1, as though someone had written
    to him. It is refused with the reason, and no press goes out."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    hall.mail(writer.email, f"PRESS wok4-1 TO 1\nCODE {writer.code}\n\nNote to self\n")
    summary = hall.poll(hours=1)
    assert summary.quarantined == 0, summary.events
    (answer,) = hall.new_mails()
    assert answer.to == writer.email
    assert answer.subject == "PRESS wok4-1 TO 1: not done"
    assert "player 1 is you: private press goes to another player" in answer.words
    assert "Note to self" not in answer.body


def test_a_player_who_has_quit_writes_and_reads_no_press(tmp_path: Path) -> None:
    """A seat that has quit kept its code, and with it press: a quitter wrote to every
    player and to each alone, and press was relayed to him, though he plays no more. Both
    are refused with the reason; the players still in write each other as before."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    quitter, player = game.config.player(4), game.config.player(1)
    hall.mail(quitter.email, f"PRESS wok4-1\nCODE {quitter.code}\n\nI am back, sort of\n")
    hall.mail(quitter.email, f"PRESS wok4-1 TO 1\nCODE {quitter.code}\n\npsst\n")
    hall.mail(player.email, f"PRESS wok4-1 TO 4\nCODE {player.code}\n\nare you there?\n")
    hall.mail(player.email, f"PRESS wok4-1 TO 2\nCODE {player.code}\n\nhello 2\n")
    summary = hall.poll(hours=1)
    assert summary.quarantined == 0, summary.events
    mails = hall.new_mails()
    by_subject = {m.subject: m for m in mails}
    for subject in ("PRESS wok4-1: not done", "PRESS wok4-1 TO 1: not done"):
        assert by_subject[subject].to == quitter.email
        assert "you have quit game wok4-1: press is for its players" in by_subject[subject].words
    refused = by_subject["PRESS wok4-1 TO 4: not done"]
    assert "player 4 has quit game wok4-1: he reads no press of it" in refused.words
    assert [m.to for m in mails if "private press" in m.subject] == [game.config.player(2).email]
    assert not [m for m in mails if m.to == quitter.email and "private press" in m.subject]
