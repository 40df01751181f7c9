"""A player's `name:` edited in game.yaml (a spelling put right): the mail, the roster and
the results took the new name at once, while the game's state kept the old one, so the
reports, the Top Ten and the site went on with it: the next turn's report to the others
said ``- Alsoo, playing Also (#2)`` as after a takeover, its standings ``2. Also``. The next
turn now takes the new name into the state, and every place says it from then on."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main


def wtg(*args: object) -> Result:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def edit(game_dir: Path, old: str, new: str) -> None:
    path = game_dir / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text, text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def names(game_dir: Path, turn: int) -> list[tuple[int, str, str]]:
    """Each side's id, name and label (WoK's; "" elsewhere) in turn ``turn``'s state."""
    state = json.loads((game_dir / "turns" / f"{turn:04d}" / "state.json").read_text())
    return [(p["id"], p["name"], p.get("label", "")) for p in state["players"]]


def turn_text(game_dir: Path, turn: int, path: str) -> str:
    return (game_dir / "turns" / f"{turn:04d}" / path).read_text(encoding="utf-8")


def test_a_name_edited_is_said_everywhere_from_the_next_turn(tmp_path: Path) -> None:
    game = tmp_path / "g1"
    wtg("new-game", game, "--ruleset", "wok4", "--map", "small", "--seed", 3,
        "--player", "Me:me@example.org", "--player", "Also:also@example.org")  # fmt: skip
    edit(game, "name: Also,", "name: Alsoo,")
    wtg("run-turn", game, "--now")
    assert names(game, 1) == [(1, "Me", ""), (2, "Alsoo", "")]
    assert "   1 #2   Alsoo " in turn_text(game, 1, "topten.txt")  # tied with Me
    report = turn_text(game, 1, "reports/p01.txt")
    assert "   1. Alsoo " in report  # as many points as Me: the same rank
    assert "- Alsoo (#2): address not shared" in report
    assert "Also " not in report and "playing" not in report
    assert names(game, 0)[1] == (2, "Also", "")  # the turn before keeps what it said
    wtg("run-turn", game, "--now")
    assert names(game, 2) == [(1, "Me", ""), (2, "Alsoo", "")]


def test_a_duel_players_colours_keep_their_letters(tmp_path: Path) -> None:
    game = tmp_path / "d1"
    wtg("new-game", game, "--ruleset", "standard", "--variant", "duel", "--seed", 3,
        "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")  # fmt: skip
    wtg("run-turn", game, "--now")
    humans = [(1, "AnnA", "AnnA"), (2, "BobA", "BobA"), (3, "AnnB", "AnnB")]
    assert names(game, 1)[:3] == humans  # no edit: the colours as they were made
    edit(game, "name: Ann,", "name: Anna,")
    wtg("run-turn", game, "--now")
    assert names(game, 2)[:6] == [
        (1, "AnnaA", "AnnaA"),
        (2, "BobA", "BobA"),
        (3, "AnnaB", "AnnaB"),
        (4, "BobB", "BobB"),
        (5, "AnnaC", "AnnaC"),
        (6, "BobC", "BobC"),
    ]
    assert names(game, 2)[6] == (7, "Robo1", "Robo1")
    wtg("run-turn", game, "--now")
    assert names(game, 3)[:3] == [(1, "AnnaA", "AnnaA"), (2, "BobA", "BobA"), (3, "AnnaB", "AnnaB")]


def test_a_wisk_and_a_tactics_players_name_edited_is_taken(tmp_path: Path) -> None:
    for ruleset in ("wisk", "tactics"):
        game = tmp_path / ruleset
        wtg("new-game", game, "--ruleset", ruleset, "--seed", 3,
            "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")  # fmt: skip
        edit(game, "name: Bob,", "name: Robert,")
        wtg("run-turn", game, "--now")
        assert [name for _, name, _ in names(game, 1)] == ["Ann", "Robert"], ruleset


def test_a_name_edited_with_a_line_break_or_escapes_writes_none_into_the_files(
    tmp_path: Path,
) -> None:
    """A name pasted into game.yaml with a line break, a terminal's escape and a bidi
    override (new-game and a JOIN refuse each): the reports said it as it was, the line
    after its break a line of its own (``A1: 07 06 020`` among the report's lines, read as
    an order line in a reply that pastes it), the escape coloured a player's terminal."""
    game = tmp_path / "g1"
    wtg("new-game", game, "--ruleset", "wok4", "--map", "small", "--seed", 3,
        "--player", "Me:me@example.org", "--player", "Also:also@example.org")  # fmt: skip
    edit(game, "name: Also,", 'name: "Alsoo\\nA1: 07 06 020 \\e[31m\\u202eX\\r\\n",')
    wtg("run-turn", game, "--now")
    assert names(game, 1)[1] == (2, "Alsoo A1: 07 06 020 [31m X", "")
    for path in ("reports/p01.txt", "reports/p02.txt", "topten.txt", "aofs/p02.txt"):
        text = turn_text(game, 1, path)
        assert not [line for line in text.splitlines() if line.startswith("A1: 07")], path
        assert "\x1b" not in text and "\u202e" not in text and "\r" not in text, path
    assert "- Alsoo A1: 07 06 020 [31m X (#2): address not shared" in turn_text(
        game, 1, "reports/p01.txt"
    )
    status = wtg("status", game).output
    assert "Alsoo A1: 07 06 020 [31m X" in status


def test_a_name_of_control_characters_alone_is_the_seats(tmp_path: Path) -> None:
    game = tmp_path / "g1"
    wtg("new-game", game, "--ruleset", "wok4", "--map", "small", "--seed", 3,
        "--player", "Me:me@example.org", "--player", "Also:also@example.org")  # fmt: skip
    edit(game, "name: Also,", 'name: "\\t\\u200f \\n",')
    wtg("run-turn", game, "--now")
    assert names(game, 1)[1] == (2, "Player 2", "")


def test_a_name_edited_is_said_at_once_by_the_top_ten_and_the_site(tmp_path: Path) -> None:
    """The GM put a name right after a turn ran: the mail and the roster said the new name
    at once, while `wtg topten` and the site said the old one until the next turn ran.
    Now the latest turn's Top Ten and the site's game (its players, board and latest Top
    Ten) read the names as game.yaml has them; the reports mailed, and the turns before,
    keep the name they were written with."""
    for ruleset, extra in (
        ("wok4", ("--map", "small")),
        ("standard", ("--variant", "skirmish", "--map", "trial")),
        ("wisk", ()),
        ("tactics", ()),
    ):
        game = tmp_path / "games" / ruleset
        wtg("new-game", game, "--ruleset", ruleset, *extra, "--seed", 3,
            "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")  # fmt: skip
        wtg("run-turn", game, "--now")
        report = turn_text(game, 1, "reports/p01.txt")
        site = tmp_path / "site"
        wtg("site", site, "--games-dir", tmp_path / "games")  # built before the edit
        edit(game, "name: Bob,", "name: Robert,")
        topten = wtg("topten", game).output
        assert "Robert" in topten and "Bob" not in topten, (ruleset, topten)
        assert wtg("topten", game, "--turn", 0).output == turn_text(game, 0, "topten.txt")
        assert turn_text(game, 1, "reports/p01.txt") == report  # as it was mailed
        wtg("site", site, "--games-dir", tmp_path / "games")
        for page in ("index.html", f"games/{ruleset}/turn-1.html"):
            html = (site / page).read_text(encoding="utf-8")
            assert "Robert" in html and "Bob" not in html, (ruleset, page)
        # the game's page: its players and the latest Top Ten (the earlier turns' are on
        # their own pages since hostile25), so no Bob; turn 0's Top Ten keeps him
        html = (site / f"games/{ruleset}/index.html").read_text(encoding="utf-8")
        assert html.count("Robert") >= 2 and html.count("Bob") == 0, ruleset
        assert "Bob" in (site / f"games/{ruleset}/turn-0.html").read_text(encoding="utf-8")
        wtg("run-turn", game, "--now")
        assert wtg("topten", game).output == turn_text(game, 2, "topten.txt")


def test_a_name_edited_is_said_at_once_by_status(tmp_path: Path) -> None:
    """`wtg status GAME` said the old name until the next turn ran (the game's state keeps
    it till then), while the mail, the roster, the Top Ten and the site said the new."""
    for ruleset, extra in (("wok4", ("--map", "small")), ("wisk", ()), ("tactics", ())):
        game = tmp_path / ruleset
        wtg("new-game", game, "--ruleset", ruleset, *extra, "--seed", 3,
            "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")  # fmt: skip
        edit(game, "name: Bob,", "name: Robert,")
        status = wtg("status", game).output
        assert "Robert" in status and "Bob" not in status, (ruleset, status)
        seats = json.loads(wtg("status", game, "--json").output)["players"]
        assert [(p["seat"], p["name"]) for p in seats] == [(1, "Ann"), (2, "Robert")], ruleset
        assert names(game, 0)[1][1] == "Bob"  # the turn's own files keep what they said


def test_a_name_edited_is_said_at_once_by_state(tmp_path: Path) -> None:
    """`wtg state GAME` said the old name until the next turn ran, while `wtg status`,
    the mail, the Top Ten and the site said the new. The latest turn's state is shown with
    the names game.yaml gives now; an earlier turn's (--turn) as it was."""
    for ruleset, extra in (("wok4", ("--map", "small")), ("wisk", ()), ("tactics", ())):
        game = tmp_path / ruleset
        wtg("new-game", game, "--ruleset", ruleset, *extra, "--seed", 3,
            "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")  # fmt: skip
        wtg("run-turn", game, "--now")
        edit(game, "name: Bob,", "name: Robert,")
        text = wtg("state", game).output
        assert "Robert" in text and "Bob" not in text, (ruleset, text)
        players = json.loads(wtg("state", game, "--json").output)["players"]
        assert [p["name"] for p in players][:2] == ["Ann", "Robert"], ruleset
        assert "Bob" in wtg("state", game, "--turn", 0).output  # as turn 0 left it
        assert names(game, 1)[1][1] == "Bob"  # the turn's own files keep what they said
