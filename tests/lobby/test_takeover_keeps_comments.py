"""A takeover writes the newcomer's name, address and code into game.yaml. It wrote the
whole file again from the config it had read: a GM's comments in it were lost, his keys
put back in wtg's order, and an edit he made after the poll read the file (a later
deadline hour) undone. It now writes over the three values where they are written
(``wtg.game.configedit``), and the whole file only where that cannot be done."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters, newcomer_takes, offer
from wtg.game.configedit import with_players
from wtg.game.engine import open_game
from wtg.game.gameconfig import GameConfig, PlayerEntry
from wtg.text.yamlio import load_yaml


def test_a_takeover_keeps_the_gms_comments_and_order(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    path = game.store.root / "game.yaml"
    text = path.read_text(encoding="utf-8")
    quitter = game.config.player(4)
    commented = "# Lord4's seat: offered on the forum too\n" + text.replace(
        f"code: {quitter.code}}}", f"code: {quitter.code}}}  # left for work"
    )
    assert "left for work" in commented
    path.write_text(commented, encoding="utf-8")
    offer(hall, 4)
    newcomer_takes(hall, 4)
    after = path.read_text(encoding="utf-8")
    entry = open_game(game.store.root).config.player(4)
    assert (entry.name, entry.email) == ("Newcomer", address(9))
    assert after.startswith("# Lord4's seat: offered on the forum too\n")
    assert f"email: {address(9)}, code: {entry.code}}}  # left for work" in after
    assert quitter.code not in after and entry.code in after
    # nothing else changed: the text read with the seat put back is the text as it was
    assert after.count("\n") == commented.count("\n")


def config_of(text: str) -> GameConfig:
    return GameConfig.from_data(load_yaml(text))


TEXT = """\
# the Tuesday game
game: tue1   # short name
ruleset: wok4
map: small
seed: 7
players:
- id: 1
  name: Anna   # founder
  email: anna@example.org
  code: AAAA1111
- id: 2
  code: 'BBBB2222'
  email: "bert@example.org"
  name: Bert
  share_address: true
schedule: {every_days: 2, at: '18:00', timezone: Europe/Vienna, first: 2026-12-05}
"""


def test_values_are_written_where_they_stand_quoted_where_they_must_be() -> None:
    config = config_of(TEXT)
    newcomer = PlayerEntry(2, "O'Hara #2", "o@example.org", "CCCC3333")
    players = (config.player(1), newcomer)
    edited = with_players(TEXT, config, players)
    assert config_of(edited) == config.with_players(players)
    assert edited.splitlines()[:10] == TEXT.splitlines()[:10]
    assert "  code: CCCC3333\n  email: o@example.org\n" in edited
    assert "  name: 'O''Hara #2'\n  share_address: false\n" in edited
    assert "schedule: {every_days: 2, at: '18:00'" in edited


def test_an_edit_made_since_the_config_was_read_stands() -> None:
    config = config_of(TEXT)
    later = TEXT.replace("at: '18:00'", "at: '20:00'")
    players = (PlayerEntry(1, "Newcomer", "n@example.org", "DDDD4444"), config.player(2))
    edited = with_players(later, config, players)
    assert "at: '20:00'" in edited and "# founder" in edited
    assert config_of(edited).player(1) == players[0]


def test_a_name_written_over_two_lines_is_written_whole() -> None:
    folded = TEXT.replace("  name: Bert\n", "  name: Bert\n    the Bold\n")
    config = config_of(folded)
    assert config.player(2).name == "Bert the Bold"
    players = (config.player(1), PlayerEntry(2, "Newcomer", "n@example.org", "DDDD4444"))
    edited = with_players(folded, config, players)
    assert edited == config.with_players(players).to_yaml()
    assert config_of(edited).player(2) == players[1]


def test_entries_on_one_line_are_written_over_in_place() -> None:
    flow = TEXT.split("players:\n")[0] + (
        "players:\n- {id: 1, name: Anna, email: anna@example.org, code: AAAA1111}  # 1st\n"
        "- {id: 2, name: Bert, email: bert@example.org, code: BBBB2222}\n"
    )
    config = config_of(flow)
    players = (config.player(1), PlayerEntry(2, "Smith, J.", "n@example.org", "DDDD4444"))
    edited = with_players(flow, config, players)
    assert "- {id: 2, name: 'Smith, J.', email: n@example.org, code: DDDD4444}\n" in edited
    assert "code: AAAA1111}  # 1st\n" in edited and edited.startswith("# the Tuesday game")
    assert config_of(edited) == config.with_players(players)
