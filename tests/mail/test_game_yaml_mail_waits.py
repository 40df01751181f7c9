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
