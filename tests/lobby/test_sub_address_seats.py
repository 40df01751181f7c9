"""One seat a person in a game, and no way back into a game he left (attack46): a seated
player took the seat offered in his own game from a sub-address of his mailbox
(``p1+war@players.example``, which his server delivers to ``p1@``), and played two seats
with two codes; a quitter came back into the game he left the same way. The bounds of mail
to strangers counted such addresses as the one mailbox they land in
(``wtg.text.addresses.mailbox_of``); a takeover compared them as written. Both are now
refused, at the JOIN and again at the CONFIRM."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters, offer


def _tagged(written: str, tag: str) -> str:
    local, _, domain = written.partition("@")
    return f"{local}+{tag}@{domain}"


def test_a_seated_player_takes_no_second_seat_from_a_sub_address(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    offer(hall, 4)
    seated = game.config.player(1)
    tagged = _tagged(seated.email, "war")
    answer = hall.answer(tagged, "JOIN wok4-1 AS Stranger")
    assert answer.subject == "JOIN wok4-1 AS Stranger: not done"
    assert "you play seat 1 of game wok4-1 already" in answer.words
    assert hall.game("wok4-1").config.player(4).email == game.config.player(4).email


def test_a_quitter_comes_back_from_no_sub_address(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    offer(hall, 4)
    quitter = game.config.player(4)
    answer = hall.answer(_tagged(quitter.email, "back"), "JOIN wok4-1 AS Comeback")
    assert answer.subject == "JOIN wok4-1 AS Comeback: not done"
    assert "you left game wok4-1" in answer.words


def test_the_confirm_of_a_takeover_asked_before_the_seat_was_his_is_refused(
    tmp_path: Path,
) -> None:
    """The JOIN asked from a sub-address before its mailbox held a seat of the game: its
    CONFIRM, after that mailbox took another seat, is refused (the checks at the CONFIRM
    fold the address too)."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (3, 4))
    offer(hall, 4)
    tagged = _tagged(address(9), "two")
    second = hall.answer(tagged, "JOIN wok4-1 AS Another")  # seat 4, the one offered
    offer(hall, 3)
    first = hall.answer(address(9), "JOIN wok4-1 AS Newcomer")
    assert "seat 3" in first.words, first.words
    hall.mail(address(9), f"CONFIRM {first.code()}")
    hall.poll(hours=1)
    hall.new_mails()
    taken = hall.answer(tagged, f"CONFIRM {second.code()}")
    assert "you play seat 3 of game wok4-1 already" in taken.words, taken.words
    players = {p.id: p.email for p in hall.game("wok4-1").config.players}
    assert players[3] == address(9)
    assert players[4] == game.config.player(4).email


def test_one_mailbox_waits_on_a_list_once(tmp_path: Path) -> None:
    """A player waiting on a list, JOINing it again from a sub-address under another name,
    would be seated twice in the game the list makes: refused at the JOIN."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.confirmed(address(1), "JOIN wok4 AS Ann")
    answer = hall.answer(_tagged(address(1), "two"), "JOIN wok4 AS Annabel")
    assert answer.subject == "JOIN wok4 AS Annabel: not done"
    assert "you are on the waiting list wok4 already, from another address" in answer.words


def test_two_joins_of_one_mailbox_confirmed_seat_it_once(tmp_path: Path) -> None:
    """Both JOINs asked before either was confirmed: the second CONFIRM is refused."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    tagged = _tagged(address(1), "two")
    first = hall.answer(address(1), "JOIN wok4 AS Ann")
    second = hall.answer(tagged, "JOIN wok4 AS Annabel")
    hall.answer(address(1), f"CONFIRM {first.code()}")
    refused = hall.answer(tagged, f"CONFIRM {second.code()}")
    assert "you are on the waiting list wok4 already, from another address" in refused.words
    hall.confirmed(address(2), "JOIN wok4 AS Bob")
    hall.confirmed(address(3), "JOIN wok4 AS Cid")
    players = [p.email for p in hall.game("wok4-1").config.players]
    assert sorted(players) == [address(1), address(2), address(3)]


def test_a_refusal_by_mailbox_says_what_to_do(tmp_path: Path) -> None:
    """review47: two people who read one mailbox and write from its sub-addresses (a
    family's ``smith+ann@`` and ``smith+bob@``), or a player who moved to a tag of his, were
    told they waited or played already "from another address of your mailbox" and no
    more: nothing said how to wait from this one instead, or that a second player needs a
    mailbox of his own."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.confirmed(address(1), "JOIN wok4 AS Ann")
    answer = hall.answer(_tagged(address(1), "bob"), "JOIN wok4 AS Bob")
    said = " ".join(answer.words.split())
    assert "mail from the one you joined from (WITHDRAW wok4 takes you off the list; then" in said
    assert address(1) not in said  # another's, were the mailbox folded wrongly
    assert "then JOIN again from this one" in said, said
    assert "another player who reads this mailbox joins from a mailbox of his own" in said
    seated = Hall(tmp_path / "seat")
    game = game_with_quitters(seated, (4,))
    offer(seated, 4)
    refused = seated.answer(_tagged(game.config.player(1).email, "war"), "JOIN wok4-1 AS Sam")
    said = " ".join(refused.words.split())
    assert "you play seat 1 of game wok4-1 already (from this address or another of" in said
    assert "another player who reads this mailbox joins from a mailbox of his own" in said


def test_gmail_and_googlemail_are_one_mailbox(tmp_path: Path) -> None:
    """Gmail delivers ``ann@googlemail.com`` to ``ann@gmail.com``'s mailbox (one account,
    two domains): a player waiting on a list from one, JOINing it again from the other
    under another name, would be seated twice in the game the list makes (attack47)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.confirmed("ann.lee@gmail.com", "JOIN wok4 AS Ann")
    answer = hall.answer("annlee@googlemail.com", "JOIN wok4 AS Annabel")
    assert answer.subject == "JOIN wok4 AS Annabel: not done"
    assert "you are on the waiting list wok4 already, from another address" in answer.words


def test_a_dash_sub_address_of_a_listed_domain_takes_no_second_seat(tmp_path: Path) -> None:
    """At a domain of ``mail.dash_subaddress_domains`` ``p1-war@`` is ``p1@``'s mailbox, as
    the bounds of mail to strangers count it: the seats compared it as another person's
    (attack47), and a seated player took the seat offered in his own game."""
    hall = Hall(tmp_path, dash_subaddress_domains="players.example")
    game = game_with_quitters(hall, (4,))
    offer(hall, 4)
    local, _, domain = game.config.player(1).email.partition("@")
    answer = hall.answer(f"{local}-war@{domain}", "JOIN wok4-1 AS Stranger")
    assert answer.subject == "JOIN wok4-1 AS Stranger: not done"
    assert "you play seat 1 of game wok4-1 already" in answer.words
    quitter = game.config.player(4).email.partition("@")[0]
    back = hall.answer(f"{quitter}-back@{domain}", "JOIN wok4-1 AS Comeback")
    assert "you left game wok4-1" in back.words


def test_a_dash_sub_address_of_a_listed_domain_waits_on_a_list_once(tmp_path: Path) -> None:
    hall = Hall(tmp_path, dash_subaddress_domains="players.example")
    hall.open_list("wok4", players=3)
    hall.confirmed(address(1), "JOIN wok4 AS Ann")
    local, _, domain = address(1).partition("@")
    answer = hall.answer(f"{local}-two@{domain}", "JOIN wok4 AS Annabel")
    assert "you are on the waiting list wok4 already, from another address" in answer.words
