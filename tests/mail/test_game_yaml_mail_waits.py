"""Orders for a game whose game.yaml the GM broke by hand (a key misspelt, now refused:
``wtg.game.gameyaml``). The poll held them as the mail of "no game of this host", which it
is not, and the GM had to `wtg quarantine --release` each one after mending the file. The
mail waits in the inbox now, saying why, as for a folder of a format this wtg may not use,
and the first poll after the mend files it: nothing lost, nothing to release."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import players
from tests.lobby.hall import Hall
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game

SLIPS = [
    # a key misspelt (taken without a word before, now refused)
    (
        "map_pictures: true",
        "map_picture: true",
        "line 12: map_picture: no such key; did you mean 'map_pictures'?",
    ),
    # a YAML slip (refused before too, and its mail held as no game's)
    ("{id: 2, name: Bob,", "{id: 2 name: Bob,", "line 10: not valid YAML: expected ',' or '}'"),
    # the rules changed by hand under a game made with others (quarantined before, or
    # filed under the other rules)
    (
        "ruleset: wok4",
        "ruleset: standard",
        "line 3: ruleset: the game was made as wok4 (its turns say so) and cannot be changed",
    ),
    # a player's entry deleted (taken in silence before: his seat went without reports)
    (
        "- {id: 2, name: Bob, email: bob@example.org, code: CODE0002}\n",
        "",
        "line 8: players: player 2 (Bob) is missing: the game's turns give him a seat",
    ),
    # the game renamed in its folder (held before as the mail of no game of this host)
    ("game: g1", "game: kaomaris", "line 2: game: the game was made as g1 (its turns say so"),
    # the map or the variant (taken in silence before, the rules playing the state's)
    ("map: small", "map: classic60", "line 5: map: the game was made on the map small"),
    ("variant: null", "variant: duel", "line 4: variant: the game was made as no variant"),
]


@pytest.mark.parametrize(("good", "bad", "said"), SLIPS)
def test_orders_for_a_game_with_a_broken_game_yaml_wait_and_are_filed_once_it_is_mended(
    tmp_path: Path, good: str, bad: str, said: str
) -> None:
    hall = Hall(tmp_path)
    game = create_game(hall.gm.games_dir / "g1", "wok4", "small", players(2), 7)
    hall.mail("ann@example.org", filled_aof(game.typed(WOK4), 1))
    config = game.store.root / "game.yaml"
    text = config.read_text(encoding="utf-8")
    assert good in text, text
    config.write_text(text.replace(good, bad), encoding="utf-8")

    waited = hall.poll()

    assert (waited.seen, waited.skipped, waited.held, waited.filed) == (1, 1, 0, 0), waited
    ((_, outcome),) = waited.outcomes
    assert outcome.startswith(f"later: {config}, {said}"), outcome
    assert outcome.endswith(" (the mail waits in the inbox until it is mended)"), outcome
    assert len(list((hall.gm.maildir_in / "new").iterdir())) == 1
    assert hall.new_mails() == []  # nobody told "your mail waits for the GM": it just waits

    config.write_text(text, encoding="utf-8")
    done = hall.poll(hours=1)

    assert (done.seen, done.skipped, done.held, done.filed) == (1, 0, 0, 1), done
    assert [o for _, o in done.outcomes] == ["stored: g1 turn 1 player 1"]
    assert list((hall.gm.maildir_in / "new").iterdir()) == []


def broken_by(hall: Hall, game_dir: Path, deleted: str) -> str:
    """``deleted`` taken out of the game's game.yaml; the text it had."""
    config = game_dir / "game.yaml"
    text = config.read_text(encoding="utf-8")
    assert deleted in text, text
    config.write_text(text.replace(deleted, ""), encoding="utf-8")
    return text


BOB = "- {id: 2, name: Bob, email: bob@example.org, code: CODE0002}\n"


def test_orders_of_a_player_whose_entry_was_deleted_wait_and_are_filed_once_it_is_back(
    tmp_path: Path,
) -> None:
    """A new GM's trial: Bob's entry deleted from `players:`, Bob's orders were rejected
    as a robot's ("player 2 of game g1 takes no orders"), unanswered and gone from the
    inbox. They wait now, and the first poll after the entry is back files them."""
    hall = Hall(tmp_path)
    game = create_game(hall.gm.games_dir / "g1", "wok4", "small", players(2), 7)
    hall.mail("bob@example.org", filled_aof(game.typed(WOK4), 2))
    text = broken_by(hall, game.store.root, BOB)

    waited = hall.poll()

    assert (waited.seen, waited.skipped, waited.rejected, waited.filed) == (1, 1, 0, 0), waited
    ((_, outcome),) = waited.outcomes
    assert outcome.startswith("later: ") and "player 2 (Bob) is missing" in outcome, outcome
    assert len(list((hall.gm.maildir_in / "new").iterdir())) == 1
    (game.store.root / "game.yaml").write_text(text, encoding="utf-8")
    done = hall.poll(hours=1)
    assert [o for _, o in done.outcomes] == ["stored: g1 turn 1 player 2"]


def test_send_mails_no_report_of_a_game_whose_player_was_deleted_until_he_is_back(
    tmp_path: Path,
) -> None:
    """`wtg send` queued the reports of the players game.yaml still listed and marked the
    turn mailed: a deleted player's report was never sent, even after his entry came back.
    The game is skipped, named, until it is mended; another game's reports go."""
    hall = Hall(tmp_path)
    made = [
        create_game(hall.gm.games_dir / name, "wok4", "small", players(2), 7)
        for name in ("g1", "g2")
    ]
    assert hall.send().queued == 4  # turn 0 of each, two players
    hall.new_mails()
    for game in made:
        game.run_turn(force=True)
    text = broken_by(hall, made[0].store.root, BOB)

    sent = hall.send()

    assert sent.queued == 2  # g2's turn 1, two players
    (skipped,) = sent.unreadable
    assert skipped.startswith(f"{made[0].store.root}: cannot be read, skipped: "), skipped
    assert "player 2 (Bob) is missing" in skipped
    assert {m.subject for m in hall.new_mails()} == {
        f"[g2] turn 1 report for {name}" for name in ("Ann", "Bob")
    }
    (made[0].store.root / "game.yaml").write_text(text, encoding="utf-8")
    assert hall.send().queued == 2
    assert {(m.subject, m.to) for m in hall.new_mails()} == {
        (f"[g1] turn 1 report for {name}", f"{name.lower()}@example.org") for name in ("Ann", "Bob")
    }


def test_a_command_of_a_player_whose_entry_was_deleted_waits_and_is_answered_once_he_is_back(
    tmp_path: Path,
) -> None:
    """Bob's `STATUS g1` with his code, his entry deleted: he was answered that his code is
    not a player's of g1; then the mail was quarantined, each copy kept, for `wtg quarantine
    --release` once the entry is back (a stranger's thousand of them, a thousand to release).
    It waits in the inbox as his orders do, bounded as they are
    (tests/mail/test_waiting_flood.py), and the first poll after the mend answers it."""
    hall = Hall(tmp_path)
    game = create_game(hall.gm.games_dir / "g1", "wok4", "small", players(2), 7)
    text = broken_by(hall, game.store.root, BOB)
    hall.mail("bob@example.org", "STATUS g1\nCODE CODE0002\n")

    polled = hall.poll()

    assert (polled.seen, polled.skipped, polled.quarantined) == (1, 1, 0), polled
    ((_, outcome),) = polled.outcomes
    assert outcome.startswith("later: ") and "player 2 (Bob) is missing" in outcome, outcome
    assert outcome.endswith(" (the mail waits in the inbox until it is mended)"), outcome
    assert hall.new_mails() == []
    (game.store.root / "game.yaml").write_text(text, encoding="utf-8")
    done = hall.poll(hours=1)
    assert (done.seen, done.skipped, done.quarantined) == (1, 0, 0), done
    (answer,) = hall.new_mails()
    assert (answer.to, answer.subject) == ("bob@example.org", "[g1] status of turn 1")
