"""Issue 25, item 19: "LIST answers give each list's deadline rule and players waiting"."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address, joined
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.schedule import local_text, make_schedule
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat


def test_list_gives_each_lists_deadlines_and_who_waits(tmp_path: Path) -> None:
    """Issue 25, item 19: for each list, when its game's turns fall due (or that it has no
    deadlines, and when it starts with robots) and the players waiting, by their names in
    the games (never their addresses)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3, every=2, at="18:00")
    hall.open_list("wisk", players=3, robots_after=48)
    for number, name in ((1, "Ann"), (2, "Bob")):
        joined(hall, number, f"JOIN wok4 AS {name}")
    hall.new_mails()
    listed = hall.answer("newcomer@else.example", "LIST")
    wok4 = listed.body.split("  wok4: ", 1)[1].split("\n\n", 1)[0]
    said = " ".join(wok4.split())
    assert "deadlines: a turn every 2 days at 18:00 UTC (or sooner, once all are READY)" in said
    assert "2 of 3 players waiting: Ann, Bob" in said
    wisk = listed.body.split("  wisk: ", 1)[1].split("\n\n", 1)[0]
    assert (
        "deadlines: none: each turn is one player's, in turn, and runs once he is READY (a "
        "robot's at once); it starts when full, or 48 hours after its first player with the "
        "players there are"
    ) in " ".join(wisk.split())
    assert "0 of 3 players waiting\n" in wisk + "\n"
    assert "deadlines: no deadlines" not in listed.body  # said twice over
    assert "@" not in listed.body


def test_a_lists_title_line_keeps_to_a_phone_s_columns(tmp_path: Path) -> None:
    """A Standard skirmish list's line was ``  standard-skirmish: standard skirmish on
    star-islands, 3 players, for every player``, 83 wide: it is broken at its words to a
    phone's 72 columns, the list's name whole at its start (a list of one group: ``open to
    all`` fits now)."""
    hall = Hall(tmp_path)
    hall.open_list("standard", players=3, variant="skirmish", map="star-islands", group="beginner")
    listed = hall.answer("newcomer@else.example", "LIST")
    lines = listed.body.splitlines()
    at = lines.index("  standard-skirmish-beginner: World of Kaomaris - Standard WoK")
    following = [
        "    (Skirmish), 3 players on the map star-islands (30 provinces), for",
        "    beginner players",
    ]
    assert lines[at + 1 : at + 3] == following, lines
    assert max(len(line) for line in lines) <= 72, listed.body


def test_a_list_open_to_all_says_so_and_not_for_every_player(tmp_path: Path) -> None:
    """A list of any group was written ``for every player``: in LIST it read as a game
    for each player, and the JOIN's answer said ``..., for every player, as amy.``."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail("amy@x.example", "LIST\nJOIN wok4 AS Amy")
    hall.poll(hours=1)
    said = " ".join(" ".join(mail.body for mail in hall.new_mails("amy@x.example")).split())
    assert "for every player" not in said, said
    told = (
        "World of Kaomaris IV - The Final Conflict, 3 players on the map classic60 (60 "
        "provinces), open to all"
    )
    assert f"wok4: {told}" in said, said
    assert f"You asked to be put on the waiting list wok4 ({told}) as Amy." in said, said


def answered_beside_skirmish(tmp_path: Path, ruleset: str, body: str) -> str:
    """What the host answers yan's mail ``body`` with, lists of ``ruleset`` and of Standard's
    Skirmish open: its words, each run of blanks one space."""
    hall = Hall(tmp_path)
    hall.open_list(ruleset, players=3)
    hall.open_list("standard", players=3, variant="skirmish", map="star-islands")
    hall.mail("yan@x.example", body)
    hall.poll(hours=1)
    return " ".join(" ".join(mail.body for mail in hall.new_mails("yan@x.example")).split())


def test_a_join_of_a_mistyped_ruleset_names_the_one_meant(tmp_path: Path) -> None:
    """JOIN wsik was told only that no list of wsik is open and which lists are: the
    player had to spot his own typo. The ruleset of an open list close to it is named, as
    JOIN takes it."""
    said = answered_beside_skirmish(
        tmp_path, "wisk", "JOIN wsik AS Yan\nJOIN standrad skirmish AS Yan"
    )
    assert "no waiting list of wsik is open (did you mean JOIN wisk?); open now: " in said, said
    assert (
        "no waiting list of standrad skirmish is open (did you mean JOIN standard skirmish?)"
        in said
    ), said


def test_a_join_of_a_ruleset_split_by_a_space_names_the_one_meant(tmp_path: Path) -> None:
    """JOIN wok 4 (the ruleset's name with a space in it, as it is said) was told "did you
    mean JOIN wok4 4?": the 4 kept as a variant, and the JOIN so written refused again
    (newgm48). The name joined is meant, alone; a list's name split so is too."""
    said = answered_beside_skirmish(
        tmp_path, "wok4", "JOIN wok 4 AS Yan\nJOIN wok4 skirmish AS Yan"
    )
    assert "no waiting list of wok 4 is open (did you mean JOIN wok4?); open now: " in said, said
    assert "JOIN wok4 4" not in said, said
    assert "no waiting list of wok4 skirmish is open" in said, said  # no variant of wok4


def test_a_list_is_told_by_its_game_s_name_and_its_map_s_size(tmp_path: Path) -> None:
    """A list read ``wisk on classic, 3 players, open to all`` in LIST and in the JOIN's
    answer: the ruleset's id, which a player new to the host does not know, and the map's
    name with nothing of its size. They say the game's name as its reports head it and
    how many places its map has; a board drawn from pictures (a Tactics world's) is named
    alone."""
    hall = Hall(tmp_path)
    hall.open_list("wisk", players=3)
    hall.open_list("tactics", players=2)
    hall.mail("amy@x.example", "LIST\nJOIN wisk AS Amy")
    hall.poll(hours=1)
    said = " ".join(" ".join(mail.body for mail in hall.new_mails("amy@x.example")).split())
    wisk = "WISK - the world domination game, 3 players on the map classic (42 territories)"
    assert f"wisk: {wisk}, open to all deadlines: " in said, said
    assert "tactics: WoS Tactics, 2 players on the map meadow, open to all deadlines: " in said
    assert f"You asked to be put on the waiting list wisk ({wisk}, open to all) as Amy." in said
    assert "wisk on classic" not in said


def test_a_seat_offered_says_its_next_turn_and_deadline(tmp_path: Path) -> None:
    """A seat offered in LIST read ``g (wok4): seat 2``: nothing of the turn the newcomer
    would play first nor when its orders are due, which every mail of the game says. It
    says the turn and the deadline as the reports do, in the game's time zone."""
    hall = Hall(tmp_path)
    seats = [PlayerEntry(n, f"P{n}", address(n), f"CODE{n:04d}X") for n in (1, 2, 3)]
    schedule = make_schedule(2, "18:00", "Europe/Vienna", now=hall.now)
    create_game(
        hall.gm.games_dir / "g", "wok4", "small", seats, seed=3, schedule=schedule, now=hall.now
    )
    game = hall.game("g")
    game.submit_all("game: g\nplayer: 2\nturn: 1\ncode: CODE0002X\nquit: true\n")
    game.run_turn(now=hall.now)
    deadline = game.deadline()
    assert deadline is not None
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game("g"), 2, hall.now)
    listed = hall.answer("newcomer@else.example", "LIST")
    due = local_text(deadline, "Europe/Vienna")
    assert "(17:00 UTC)" in due or "(16:00 UTC)" in due
    assert (
        f"g (World of Kaomaris IV - The Final Conflict): seat 2: turn 2 is next, deadline {due}"
    ) in " ".join(listed.body.split()), listed.body
    assert f"DEADLINE FOR YOUR TURN 2 ORDERS: {due}" in " ".join(game.report(1).split())
    assert max(len(line) for line in listed.body.splitlines()) <= 78, listed.body
    # the mail that asks him to confirm says it too: the list may be days old in his box
    ask = hall.answer("newcomer@else.example", "JOIN g AS Newcomer")
    assert (
        "as Newcomer: its player has quit, and you would play on with his empire as it "
        f"stands. Turn 2 is next, deadline {due}."
    ) in " ".join(ask.body.split()), ask.body


def test_the_players_waiting_keep_each_name_whole_on_a_line(tmp_path: Path) -> None:
    """Round 46: LIST broke the line of the players waiting at any blank, a name of two
    words split at the end of a line ('Ann Marie' above, 'Delacroix-Whitfield' under it):
    on a phone the player read two names. Each name stays whole on one line."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=6)
    names = ("Bart Quincy", "Cora Fairweather", "Ann Marie Delacroix-Whitfield")
    for number, name in enumerate(names, start=1):
        joined(hall, number, f"JOIN wok4 AS {name}")
    hall.new_mails()
    listed = hall.answer("newcomer@else.example", "LIST")
    lines = listed.body.splitlines()
    at = next(i for i, line in enumerate(lines) if "players waiting" in line)
    assert lines[at : at + 3] == [
        "    3 of 6 players waiting: Bart Quincy, Cora Fairweather,",
        "      Ann Marie Delacroix-Whitfield",
        "    0 games made from it so far",
    ]


def test_the_answers_keep_the_player_s_name_whole(tmp_path: Path) -> None:
    """Round 47's reading: the answer to a CONFIRM of a JOIN ended a line on 'as Alice' and
    began the next with 'Wonder: 1 of 3 players.', a name of two words read as two. The
    answers of the lobby keep the player's name whole on a line."""
    hall = Hall(tmp_path)
    hall.open_list("standard", players=3, map="star-islands")
    ask = hall.answer(address(1), "JOIN standard AS Alice Wonder")
    done = hall.answer(address(1), f"CONFIRM {ask.code()}")
    assert done.body.splitlines()[:3] == [
        "You are on the waiting list standard (World of Kaomaris - Standard WoK,",
        "3 players on the map star-islands (30 provinces), open to all) as",
        "Alice Wonder: 1 of 3 players.",
    ]
    place = hall.answer(address(1), "STATUS standard")
    assert "as Alice Wonder:" in place.body or "\nAlice Wonder:" in place.body
    assert "Alice\n" not in place.body + ask.body + done.body
