"""The reminder's words as a player reads them, line by line.

The sentence on what a missed turn does (templates/<ruleset>/missing.txt.j2) ended with the
file's newline, so every reminder broke its paragraph there: ' Your form is below.' stood
on a line of its own, one space in. A Duel player who had sent one colour's orders was
reminded that the game had 'no orders from you'. The reminder ended 'Your form is below.'
and left the player to guess what to do with it: the report says 'fill out the AOF below and
reply to this mail with it', and so does the reminder now."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of
from wtg.core.ruleset import OptionValue
from wtg.mail.outgoing.sender import remind
from wtg.text.prose import PHONE, wrapped


def reminders(world: World) -> dict[str, str]:
    deadline = world.game.deadline()
    assert deadline is not None
    assert remind(world.gm, now=deadline - timedelta(hours=5)).queued >= 1
    queue = world.gm.spool / "outbox" / "queue"
    return {path.stem: body_of(path.read_bytes()) for path in sorted(queue.glob("remind-*.eml"))}


def prose(body: str) -> str:
    """The reminder's paragraph: between its greeting and the form."""
    before = body.split("=== BEGIN AOF ===")[0]
    return before.split("\n\n", 1)[1].strip("\n")


@pytest.mark.parametrize(
    ("ruleset", "options", "variant"),
    [
        (("wok4", "small"), {}, None),
        (("standard", "classic60"), {}, "duel"),
        (("intermediate", "marchlands"), {}, None),
        (("wisk", "classic"), {}, None),
        (("tactics", "meadow"), {}, None),
    ],
)
def test_the_reminder_is_one_paragraph_wrapped_at_its_words(
    tmp_path: Path,
    ruleset: tuple[str, str],
    options: dict[str, OptionValue],
    variant: str | None,
) -> None:
    world = World(tmp_path, count=2, ruleset=(*ruleset, options), variant=variant)
    for body in reminders(world).values():
        paragraph = prose(body)
        assert paragraph == wrapped(" ".join(paragraph.split()), "", PHONE), paragraph
        below = (
            "Your 3 forms are below, one for each colour: fill them out and reply to this "
            "mail with them."
            if variant
            else "Your form is below: fill it out and reply to this mail with it."
        )
        assert " ".join(paragraph.split()).endswith(f". {below}")
        assert all(not line.startswith(" ") for line in paragraph.splitlines())


def test_a_duel_player_who_sent_one_colour_s_orders_is_reminded_of_the_others(
    tmp_path: Path,
) -> None:
    """Player 1 plays colours 1, 3 and 5 and has sent colour 1's orders: his reminder said
    the game had 'no orders from you'; it names the colours still without."""
    world = World(tmp_path, count=2, ruleset=("standard", "classic60", {}), variant="duel")
    world.game.submit("player: 1\nturn: 1\n")
    sent = reminders(world)
    mine = " ".join(prose(sent["remind-g1-t0001-p01"]).split())
    assert mine.startswith(
        "a reminder: game g1 has no orders for Player1B (#3) and Player1C (#5) for turn 1 "
        "yet (those of Player1A (#1) are on file), and the deadline is "
    )
    theirs = " ".join(prose(sent["remind-g1-t0001-p02"]).split())
    assert theirs.startswith("a reminder: game g1 has no orders from you for turn 1 yet, ")


def test_a_wisk_reminder_says_the_missing_rule_the_game_plays(tmp_path: Path) -> None:
    """The game plays the `missing` stored at turn 0; a GM who edits game.yaml's
    `missing:` afterwards changes nothing the game does, but the reminder read the file and
    told the players a rule the game does not play. It says the stored one."""
    world = World(tmp_path, count=2, ruleset=("wisk", "classic", {"missing": "pass"}))
    yaml_file = world.game.store.root / "game.yaml"
    text = yaml_file.read_text("utf-8")
    assert "missing: pass" in text
    yaml_file.write_text(text.replace("missing: pass", "missing: robot"), "utf-8")
    for body in reminders(world).values():
        paragraph = " ".join(prose(body).split())
        assert "Without orders you pass: no trades, no new armies" in paragraph
        assert "a robot plays" not in paragraph


def test_a_reminder_says_when_this_turn_missed_would_make_the_player_quit(
    tmp_path: Path,
) -> None:
    """ "If you miss orders for 3 Turns in a row, you will be considered as to have QUIT the
    game": a player who had missed two turns was reminded as any other ('three missed
    turns in a row and you are out of the game'), and nothing told him this was his last
    turn. His reminder says so; the one of a player who missed none does not."""
    world = World(tmp_path, count=2, ruleset=("wok4", "small", {}))
    for turn in (1, 2):
        world.game.submit(f"player: 1\nturn: {turn}\n")
        deadline = world.game.deadline()
        assert deadline is not None
        assert world.game.run_turn(now=deadline) == turn
    sent = reminders(world)
    missing = " ".join(prose(sent["remind-g1-t0003-p02"]).split())
    assert (
        "You missed the last 2 turns: without orders for this one you are out of the game."
        in missing
    )
    assert "You missed" not in prose(sent["remind-g1-t0003-p01"])


def test_a_duel_player_s_reminder_counts_the_forms_below(tmp_path: Path) -> None:
    """A Duel player's reminder carries a form for each of his colours that owe orders,
    and said 'Your form is below.' above three of them."""
    world = World(tmp_path, count=2, ruleset=("standard", "classic60", {}), variant="duel")
    sent = reminders(world)
    for body in sent.values():
        assert body.count("=== BEGIN AOF ===") == 3
        paragraph = " ".join(prose(body).split())
        assert paragraph.endswith(
            ". Your 3 forms are below, one for each colour: fill them out and reply to this "
            "mail with them."
        )
        assert "Your form is below" not in paragraph


def test_a_duel_reminder_carries_the_forms_of_the_colours_without_orders_alone(
    tmp_path: Path,
) -> None:
    """Player 1 had filed colour 1's orders; his reminder still carried colour 1's blank
    form beside those of 3 and 5, and a player filling in what he was sent would mail it
    back over the orders on file. It carries the forms of 3 and 5 and says whose they are."""
    world = World(tmp_path, count=2, ruleset=("standard", "classic60", {}), variant="duel")
    world.game.submit("player: 1\nturn: 1\n")
    sent = reminders(world)
    mine = sent["remind-g1-t0001-p01"]
    assert mine.count("=== BEGIN AOF ===") == 2
    paragraph = " ".join(prose(mine).split())
    assert paragraph.endswith(
        ". The forms of Player1B (#3) and Player1C (#5) are below: fill them out and reply to "
        "this mail with them."
    )
    assert world.game.aof(1, only={1}) not in mine
    assert world.game.aof(1, only={3, 5}) in mine
    assert sent["remind-g1-t0001-p02"].count("=== BEGIN AOF ===") == 3
