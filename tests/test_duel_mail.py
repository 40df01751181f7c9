"""A Duel by mail: a human plays three colours and sends their three forms in one mail (as
`wtg aof` prints them); each form is filed for its colour and confirmed on its own."""

from __future__ import annotations

from email import message_from_bytes, policy
from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import NOW, World
from tests.mail.test_poll_maildir import body_of
from tests.shipped import STANDARD
from wtg.cli import main
from wtg.core.ruleset import OptionValue, SeatId
from wtg.gm.gamestatus import game_status
from wtg.text.prose import PHONE

DUEL: tuple[str, str, dict[str, OptionValue]] = ("standard", "classic60", {})


def test_one_mail_carries_the_three_forms_of_a_duel_player(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=DUEL, variant="duel")
    forms = world.game.aof(1)
    assert forms.count("=== BEGIN AOF ===") == 3
    colours = world.game.ruleset.sides_of(world.game.state(), SeatId(1))
    assert len(colours) == 3
    filled = forms.replace("R1: _", "R1: 1")
    first = filled.index("T1: __   _    __")
    filled = filled[:first] + "T1: 99   1    10" + filled[first + len("T1: __   _    __") :]
    home = next(p.id for p in world.game.typed(STANDARD).state().provinces if p.owner == colours[0])
    aim = filled.index("G1: __   _")
    filled = filled[:aim] + f"G1: {home:02d}   3" + filled[aim + len("G1: __   _") :]
    world.mail("All three of mine:\n\n" + filled)
    summary = world.poll()
    assert (summary.seen, summary.filed) == (1, 1)  # one mail, filed
    answers = world.outbox()
    first_id = min(answers, key=len)  # conf-<mail>, then conf-<mail>-1 and -2
    assert first_id.startswith("conf-maildir")
    assert sorted(answers) == [first_id, f"{first_id}-1", f"{first_id}-2"]
    bodies = [body_of(answers[ident]) for ident in sorted(answers)]
    for colour, body in zip(colours, bodies, strict=True):
        assert f"Orders received: game g1, turn 1, player {colour} " in body
    assert "REJECTED T1: 99   1    10" in bodies[0]
    assert f"ok G1: {home:02d}   3" in bodies[0]
    assert "READY was not kept: 1 other line was rejected." in bodies[0]
    assert "(you are)" not in bodies[0]
    assert "REJECTED" not in bodies[1] + bodies[2]
    # in a sentence wrapped whole; his first colour's READY was not kept: not his READY
    ready = "sooner once every player is READY (you are for this colour; not yet for Player1A"
    assert all(ready in " ".join(b.split()) for b in bodies[1:])
    status = {p["id"]: p for p in game_status(world.game)["players"]}
    assert all(status[c]["orders"] for c in colours)
    assert [status[c]["ready"] for c in colours] == [False, True, True]
    assert all(status[c]["seat"] == 1 for c in colours)


def test_help_for_a_duel_player_sends_the_forms_his_colours_still_owe(tmp_path: Path) -> None:
    """A mail without a form gets the forms of the player's colours that owe orders: the
    seat's colours (sides) are looked up, not the side that has the seat's number. Here
    Ann's first colour (side 1, her seat's number) has quit; her colours 3 and 5 play on."""
    world = World(tmp_path, count=2, ruleset=DUEL, variant="duel")
    assert world.game.ruleset.sides_of(world.game.state(), SeatId(1)) == [1, 3, 5]
    world.game.submit_all(world.game.aof(1).replace("Q1: _", "Q1: 1", 1), player=1)
    world.game.run_turn(now=NOW)
    assert sorted(world.game.ruleset.owing(world.game.state())) == [2, 3, 4, 5, 6]
    world.mail("Which forms are mine now?", sender="p1@players.example")
    summary = world.poll()
    assert [outcome for _key, outcome in summary.outcomes] == [
        'answered: help sent; asked "Which forms are mine now?"'
    ]
    (body,) = [body_of(raw) for ident, raw in world.outbox().items() if ident.startswith("help-")]
    headers = [line for line in body.splitlines() if line.startswith("GAME:")]
    assert [line.split("PLAYER:")[1].split()[0] for line in headers] == ["3", "5"]


def test_a_ready_colour_s_confirmation_names_the_colours_not_ready(tmp_path: Path) -> None:
    """A Duel player who mails one colour's form marked READY read `sooner once every
    player is READY (you are)`: his two other colours had sent nothing, the turn waited
    for them, and he thought himself READY. The confirmation names those not READY."""
    world = World(tmp_path, count=2, ruleset=DUEL, variant="duel")
    first = world.game.aof(1).split("=== BEGIN AOF ===")[1]
    world.mail("=== BEGIN AOF ===" + first.replace("R1: _", "R1: 1"))
    world.poll()
    (answer,) = world.outbox().values()
    words = " ".join(body_of(answer).split())
    assert "(you are)" not in words
    assert (
        "sooner once every player is READY (you are for this colour; not yet for "
        "Player1B (#3) and Player1C (#5))." in words
    )


def test_orders_given_a_seat_s_number_file_the_forms_of_all_its_colours(
    tmp_path: Path,
) -> None:
    """`wtg orders --player 1 GAME FILE` with a Duel player's three forms (as `wtg aof`
    prints them) filed his first colour's alone, said nothing of the two others and exited
    0: those colours missed the turn, and three turns of it quit them. The seat's number
    takes the forms of all its colours; a colour's own number its form alone."""
    world = World(tmp_path, count=2, ruleset=DUEL, variant="duel")
    forms = tmp_path / "forms.txt"
    forms.write_text(world.game.aof(1).replace("R1: _", "R1: 1"))
    game_dir = str(world.game.store.root)
    result = CliRunner().invoke(main, ["orders", "--player", "1", game_dir, str(forms)])
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if line.startswith("Orders of")]
    assert said == [f"Orders of player {side} for turn 1:" for side in (1, 3, 5)]
    status = {p["id"]: p for p in game_status(world.game)["players"]}
    assert [status[side]["ready"] for side in (1, 3, 5)] == [True, True, True]
    result = CliRunner().invoke(main, ["orders", "--player", "3", game_dir, str(forms)])
    said = [line for line in result.output.splitlines() if line.startswith("Orders of")]
    assert said == ["Orders of player 3 for turn 1:"], result.output


def test_each_of_a_duel_player_s_forms_names_its_colour(tmp_path: Path) -> None:
    """A Duel player's three forms differed in their header's PLAYER number alone
    (`PLAYER: 3`): filling them in one after another, he had to count which colour's
    provinces a form was for. Each names its colour under the header."""
    world = World(tmp_path, count=2, ruleset=DUEL, variant="duel")
    forms = world.game.aof(1).split("=== BEGIN AOF ===")[1:]
    names = {p.id: p.name for p in world.game.typed(STANDARD).state().players}
    for side, form in zip((1, 3, 5), forms, strict=True):
        lines = form.splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("GAME: "))
        assert f"PLAYER: {side} " in lines[at]
        assert lines[at + 1] == f"This form is for {names[side]} (#{side}), one of your 3 colours."
    (alone,) = World(tmp_path / "std", count=2, ruleset=DUEL).game.aof(1).split("=== BEGIN")[1:]
    assert "This form is for" not in alone


def test_the_help_to_a_duel_player_counts_the_forms_below(tmp_path: Path) -> None:
    """The help to a mail without a form said 'copy the form below into a mail' and 'Keep
    its GAME/TURN/PLAYER/CODE header' above a Duel player's three forms."""
    world = World(tmp_path, count=2, ruleset=DUEL, variant="duel")
    world.mail("What do I do now?", sender="p1@players.example")
    world.poll()
    (body,) = [body_of(raw) for ident, raw in world.outbox().items() if ident.startswith("help-")]
    assert body.count("=== BEGIN AOF ===") == 3
    assert "copy the 3 forms below\ninto a mail" in body and "Keep each form's" in body
    assert "the form below" not in body


def test_the_help_to_a_duel_player_wraps_at_the_width_of_every_mail(tmp_path: Path) -> None:
    """The paragraph above a Duel player's forms was wrapped by hand at 68 characters, a
    line short of every other mail's ``WIDTH`` (78): it now fills the lines as the rest,
    to a phone's ``PHONE`` (72) as every mail a player gets."""
    world = World(tmp_path, count=2, ruleset=DUEL, variant="duel")
    world.mail("What do I do now?", sender="p1@players.example")
    world.poll()
    (body,) = [body_of(raw) for ident, raw in world.outbox().items() if ident.startswith("help-")]
    assert PHONE == 72
    assert (
        "To send orders, reply to your last report, or copy the 3 forms below\n"
        "into a mail, fill in the blanks and send it. Keep each form's\n"
        "GAME/TURN/PLAYER/CODE header as is.\n"
    ) in body


def test_a_colour_s_form_none_of_whose_lines_was_accepted_is_answered_with_its_name(
    tmp_path: Path,
) -> None:
    """The answer to a colour's form of which no line could be accepted said 'Your mail for
    game g1, turn 1, player 3 reached the turn generator: ...': the player's colours go by
    name (Player1B), and the confirmation beside it said 'player 1 (Player1A)'."""
    world = World(tmp_path, count=2, ruleset=DUEL, variant="duel")
    first, second, third = world.game.aof(1).split("=== BEGIN AOF ===")[1:]
    second = second.replace("T1: __   _    __", "T1: 99   1    10", 1)
    world.mail("".join("=== BEGIN AOF ===" + form for form in (first, second, third)))
    world.poll()
    answers = {ident: body_of(raw) for ident, raw in world.outbox().items()}
    (unchanged,) = [body for ident, body in answers.items() if ident.startswith("unchanged-")]
    assert (
        "Your mail for game g1, turn 1, player 3 (Player1B) reached the turn generator: none "
        "of the order lines in your mail could be accepted." in " ".join(unchanged.split())
    )


def test_the_answers_to_a_duel_player_s_forms_name_the_colour_in_their_subjects(
    tmp_path: Path,
) -> None:
    """Three answers to one mail of three forms came under one subject each ('[g1] orders for
    turn 1 received' twice, '[g1] your orders were not accepted'): the inbox did not say
    which colour's orders were refused."""
    world = World(tmp_path, count=2, ruleset=DUEL, variant="duel")
    first, second, third = world.game.aof(1).replace("R1: _", "R1: 1").split("=== BEGIN AOF")[1:]
    second = second.replace("T1: __   _    __", "T1: 99   1    10", 1)
    world.mail("".join("=== BEGIN AOF" + form for form in (first, second, third)))
    world.poll()
    subjects = sorted(
        message_from_bytes(raw, policy=policy.default)["Subject"] for raw in world.outbox().values()
    )
    assert subjects == [
        "[g1] orders for turn 1 received (Player1A)",
        "[g1] orders for turn 1 received (Player1C)",
        "[g1] your orders were not accepted (Player1B)",
    ]
