"""A Duel player mails one form a colour, three in a mail, and got three confirmations,
each counted against mail.confirmations_per_hour (20): his seventh mail of an hour was
answered, his eighth not ("not answered: reply limit"), though he had sent eight mails. A
mail's answers count once against the limit, however many forms it held."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

from tests.mail.loop import World
from tests.shipped import STANDARD


def duel(tmp_path: Path, **limits: int) -> World:
    """A Duel of Standard WoK on the 60-province map, its mail ``limits`` as given."""
    return World(tmp_path, count=2, ruleset=("standard", "classic60", {}), variant="duel", **limits)


def forms(world: World, units: int) -> str:
    """Player 1's three forms, each colour turning ``units`` POP of its home to WOK."""
    state = world.game.typed(STANDARD).state()
    homes = {p.owner: p.id for p in state.provinces if p.owner in (1, 3, 5)}
    text = world.game.aof(1)
    parts = text.split("=== BEGIN AOF ===")[1:]
    filled = []
    for part in parts:
        colour = int(part.split("PLAYER: ", 1)[1].split()[0])
        filled.append(part.replace("T1: __   _    __", f"T1: {homes[colour]:<4} 1    {units}", 1))
    return "".join("=== BEGIN AOF ===" + part for part in filled)


def test_a_duel_player_s_mails_each_count_once_against_the_hourly_limit(tmp_path: Path) -> None:
    world = duel(tmp_path)
    for units in range(1, 11):
        world.mail(forms(world, units))
        summary = world.poll()
        assert (summary.filed, summary.unanswered) == (1, 0), (units, summary)
    assert len(to_player_1(world)) == 30  # ten mails, three forms each: every one confirmed


def to_player_1(world: World) -> list[bytes]:
    """The mails in the outbox (queued or sent) to player 1."""
    return [body for body in world.outbox().values() if b"p1@players.example" in body]


def answers_of_a_mail(world: World, text: str) -> int:
    """Player 1 mails ``text`` and a poll takes it: how many mails he is sent."""
    world.mail(text)
    world.poll()
    return len(to_player_1(world))


def test_a_mail_of_forms_with_wrong_codes_is_answered_within_the_hourly_limit(
    tmp_path: Path,
) -> None:
    """Forms with no right code (a player number the game has not, a wrong code) prove no
    seat: their rejections go to the From, which may be forged, and each counts against
    mail.replies_per_hour (3). One mail of forty such forms, each naming another player,
    made the host mail forty rejections to one address, counted as one."""
    world = World(tmp_path, count=2)
    header = next(line for line in world.game.aof(1).splitlines() if "CODE:" in line)
    forms = [
        world.game.aof(1).replace(header, f"GAME: {world.name}  TURN: 1  PLAYER: {n}  CODE: X")
        for n in range(3, 43)
    ]
    assert answers_of_a_mail(world, "\n\n".join(forms)) == 3


def test_a_mail_of_many_commands_without_a_code_is_answered_within_the_hourly_limit(
    tmp_path: Path,
) -> None:
    """STATUS, HELP and LIST need no code: anyone may send them under a player's From (one
    no DMARC checks). A mail of each five times made the host mail the player many answers
    for one count against mail.replies_per_hour (3), and three such mails an hour ten
    times as many; each answer counts."""
    world = World(tmp_path)
    assert answers_of_a_mail(world, "\n".join(["STATUS g1", "HELP", "LIST"] * 5)) == 3


def test_a_duel_player_who_mails_each_colour_apart_has_each_colour_s_limit(
    tmp_path: Path,
) -> None:
    """A Duel player owes three forms a turn; mailed apart, one a colour, each mail counted
    against the one limit of his address: with mail.confirmations_per_hour 3 his second
    round of three mails went unanswered ("not answered: reply limit"), where a player of
    one colour is answered three rounds. Ruling (docs/mail.md): the confirmations of each
    colour of a seat are counted apart, so he has as many rounds as any player; a mail of
    all three forms counts once for each. The limit still holds each colour."""
    world = duel(tmp_path, confirmations_per_hour=3)
    colours = forms(world, 1).split("=== BEGIN AOF ===")[1:]
    assert len(colours) == 3
    for round_ in range(2):
        for colour in colours:
            world.mail("=== BEGIN AOF ===" + colour)
            summary = world.poll()
            assert (summary.filed, summary.unanswered) == (1, 0), (round_, summary)
    world.mail("".join("=== BEGIN AOF ===" + colour for colour in colours))
    summary = world.poll()
    assert (summary.filed, summary.unanswered) == (1, 0), summary  # each colour's third
    world.mail("=== BEGIN AOF ===" + colours[0])
    summary = world.poll()
    assert (summary.filed, summary.unanswered) == (1, 1), summary  # the first's fourth


def _words(raw: bytes) -> str:
    """A queued mail's plain text, its words one space apart (the note is wrapped)."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",))
    assert isinstance(part, EmailMessage)
    return " ".join(str(part.get_content()).split())


def test_each_colour_s_last_confirmation_of_the_hour_says_so(tmp_path: Path) -> None:
    """The last answer ``confirmations_per_hour`` lets go to a seat of one side says so
    below its text; a Duel seat's, counted a colour apart, said nothing: its player mailed
    again and waited for a confirmation that never came. Ruling (docs/mail.md): each
    colour's last confirmation of the hour carries the note, naming the colour."""
    world = duel(tmp_path, confirmations_per_hour=2)
    names = {
        side.id: side.name
        for side in world.game.ruleset.public_sides_of(world.game.state_view())
        if side.id in (1, 3, 5)
    }
    for units in (1, 2):
        known = set(world.outbox())
        world.mail(forms(world, units))
        summary = world.poll()
        assert (summary.filed, summary.unanswered) == (1, 0), (units, summary)
        answers = [_words(raw) for key, raw in world.outbox().items() if key not in known]
        assert len(answers) == 3, answers
        noted = [w for w in answers if "This is the last answer to your orders" in w]
        if units == 1:
            assert noted == [], noted
            continue
        assert len(noted) == 3, answers
        for side, name in names.items():
            (said,) = [w for w in noted if f"turn 1, player {side} ({name})." in w]
            assert (
                f"This is the last answer to your orders for {name} the host mails to your "
                "address this hour: it sends 2 such answers an hour at most. A mail you send "
                f"before 2026-"
            ) in said, (side, said)
            assert (
                f"gets no answer to the orders of {name} (they are still filed, unconfirmed; "
                "the answers to your other colours are counted apart); mail again after that "
                "if you need one."
            ) in said, (side, said)
    world.mail(forms(world, 3))
    summary = world.poll()
    assert (summary.filed, summary.unanswered) == (1, 1), summary  # as the notes said
