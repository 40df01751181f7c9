"""game.yaml edited by hand by a tired GM: a misspelt key is named, not left out; a value
of the wrong kind is refused, not turned into another; each problem is one line with the
file, its line and the key (``wtg.game.gameyaml``), never Python's words or a traceback.
A game refused so runs no turn and queues no mail until the GM puts it right."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.engine import finish_game, open_game
from wtg.game.schedule import parse_iso

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")
SCHEDULE = ("--every", 2, "--at", "18:00", "--timezone", "Europe/Vienna")


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def game_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "test1"
    made = wtg("new-game", folder, "--ruleset", "wok4", "--map", "small", *PLAYERS, *SCHEDULE)
    assert made.exit_code == 0, made.output
    return folder


def edit(game_dir: Path, old: str, new: str) -> None:
    path = game_dir / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text, text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# (what the GM wrote instead, the line wtg says it on, and what it says there)
NO_SUCH = "no such key; did you mean"
DAYS = "schedule: every_days: expected a whole number of days from 1, found"
EDITS = [
    ("map_pictures: true", "map_picture: false", 12, f"map_picture: {NO_SUCH} 'map_pictures'?"),
    ("schedule: {", "shedule: {", 11, f"shedule: {NO_SUCH} 'schedule'?"),
    (  # in capitals: the key meant, as its case aside it is the key
        "map_pictures: true",
        "MAP_PICTURES: true",
        12,
        f"MAP_PICTURES: {NO_SUCH} 'map_pictures'?",
    ),
    (
        "code: ",
        "share_adress: true, code: ",
        9,
        f"players (entry 1): share_adress: {NO_SUCH} 'share_address'?",
    ),
    ("seed: ", "seed: true\n#", 6, "seed: expected a whole number, found true (a yes/no)"),
    ("every_days: 2", "every_days: 2.5", 11, f"{DAYS} the number 2.5"),
    ("every_days: 2", "every_days: two", 11, f"{DAYS} the text 'two'"),
    # a number or a yes/no in quotes: "found the text '2'" read as nonsense to a GM who
    # wrote a 2, and did not say that the quotes made it text
    (
        "every_days: 2",
        "every_days: '2'",
        11,
        f"{DAYS} the text '2' (in quotes, YAML reads it as text: write it without them, "
        "every_days: 2)",
    ),
    (
        "map_pictures: true",
        "map_pictures: 'false'",
        12,
        "map_pictures: expected true or false, found the text 'false' (in quotes, YAML reads "
        "it as text: write it without them, map_pictures: false)",
    ),
    # a yes/no of YAML 1.1 is taken without quotes, as wtg.yaml takes it (below); in
    # quotes it is text, as in wtg.yaml, and so is a word YAML never read as a yes/no
    (
        "map_pictures: true",
        "map_pictures: 'Yes'",
        12,
        "map_pictures: expected true or false, found the text 'Yes' (in quotes, YAML reads "
        "it as text: write it without them, map_pictures: true)",
    ),
    (
        "map_pictures: true",
        "map_pictures: n",
        12,
        "map_pictures: expected true or false, found the text 'n' (a yes/no is true or "
        "false, no other word: write map_pictures: false)",
    ),
    (
        "at: '18:00'",
        "at: 18:00",
        11,
        "schedule: at: expected the hour as 'HH:MM' in quotes (at: '18:00'), found the number "
        "1080 (YAML reads an unquoted 18:00 as a number: write at: '18:00')",
    ),
    # an hour of one digit: it was said as 18:00, the hour of the example, not the GM's
    (
        "at: '18:00'",
        "at: 9:00",
        11,
        "schedule: at: expected the hour as 'HH:MM' in quotes (at: '18:00'), found the number "
        "540 (YAML reads an unquoted 9:00 as a number: write at: '09:00')",
    ),
    ("first: '", "frist: '", 11, f"schedule: frist: {NO_SUCH} 'first'?"),
    (
        "{id: 2,",
        "{id: 1,",
        10,
        # it said that and no more: the GM who changed an id (or copied a line) was not
        # told that an id is a seat, nor where each seat's id can be read again
        "players (entry 2): id: player 1 is given twice (entries 1 and 2 of players): a "
        "player's id is his seat and never changes: give each entry the id it had (the "
        "AOFs in the game's turns/NNNN/aofs/ are named by seat, pNN.txt, each with its "
        "player's code)",
    ),
    (
        "players:\n",
        "players: 2\nplayerz:\n",
        8,
        "players: expected a list of players (- {id: 1, name: ..., email: ..., code: ...}), "
        "found the number 2",
    ),
    # the players' key deleted, or given a value on its line: PyYAML's words alone, which
    # named neither the list nor what to do
    (
        "players:\n",
        "",
        8,
        "not valid YAML: expected <block end>, but found '-' (line 8 is a list's item, "
        "'- ...', where a key belongs: a list's items follow their key alone on its line, as "
        "players: with nothing after its ':', and the line above it is options: {})",
    ),
    (
        "players:\n",
        "players: []\n",
        9,
        "not valid YAML: expected <block end>, but found '-' (line 9 is a list's item, "
        "'- ...', where a key belongs: a list's items follow their key alone on its line, as "
        "players: with nothing after its ':', and the line above it is players: [])",
    ),
    # a comma left out in a {...} line: PyYAML's words alone (gmtrial39)
    (
        "{id: 2, name: Also,",
        "{id: 2 name: Also,",
        10,
        "not valid YAML: expected ',' or '}', but got ':' (in the {...} of line 10: a ',' "
        "missing between two keys, or a ': ' in a value not in quotes: put the value in "
        "quotes)",
    ),
    # gmtrial39: a {...} line's '}' deleted: `line 11: expected ',' or '}', but got ':'`,
    # the line after it named
    (
        "}\nschedule:",
        "\nschedule:",
        10,
        "not valid YAML: the { of line 10 is not closed: end its line with }",
    ),
    # gmtrial39: a quote left open: PyYAML named the line the next quote closed it on, in
    # its words (`line 11: expected ',' or '}', but got '<scalar>'`), or a line past the
    # end of the file (`line 13: found unexpected end of stream`)
    (
        "name: Also,",
        "name: 'Also,",
        10,
        "not valid YAML: the value in quotes that begins on line 10 has no closing ' on its "
        "line: YAML read on to the ' of line 11 for it; end it with ' on line 10",
    ),
    (
        "name: Also,",
        'name: "Also,',
        10,
        'not valid YAML: the value in quotes that begins on line 10 has no closing ": YAML '
        'read on to the end of the file for it; end it with " on its line',
    ),
    (
        "map: small",
        "map: 'small",
        5,
        "not valid YAML: the value in quotes that begins on line 5 has no closing ' on its "
        "line: YAML read on to the ' of line 11 for it; end it with ' on line 5",
    ),
    # gmtrial39: a list's item with no space after its '-': `a ': ' in a value not in
    # quotes: put the value in quotes`, which mends nothing
    (
        "- {id: 2",
        "-{id: 2",
        10,
        "not valid YAML: mapping values are not allowed here (line 10 begins -{ with no space "
        "after its '-': YAML reads the line as text, not as an item of a list: put a space "
        "after the '-')",
    ),
    (
        "seed: ",
        "\tseed: ",
        6,
        "not valid YAML: found character '\\t' that cannot start any token (a tab: YAML indents "
        "with spaces only: put spaces in its place)",
    ),
    # a line indented wrongly: PyYAML's words alone, which named neither the indent nor
    # what to do
    (
        "map_pictures: true",
        "  map_pictures: true",
        12,
        "not valid YAML: expected <block end>, but found '<block mapping start>' (line 12 "
        "begins 2 spaces in, the keys above it 0: indent it as far as the others of its "
        "section)",
    ),
    (
        "- {id: 2",
        "  - {id: 2",
        10,
        "not valid YAML: expected <block end>, but found '<block sequence start>' (line 10 "
        "begins 2 spaces in, the keys above it 0: indent it as far as the others of its "
        "section)",
    ),
    (
        "variant: null",
        "variant: null\n  map: small",
        5,
        "not valid YAML: mapping values are not allowed here (line 5 begins 2 spaces in, the "
        "keys above it 0: indent it as far as the others of its section)",
    ),
    # a key given twice: the second won in silence (a seed pasted under the old one)
    ("seed: ", "seed: 5\nseed: ", 7, "seed is given twice (lines 6 and 7)"),
    (
        "map_pictures: true",
        "map_pictures: true\nmap_pictures: false",
        13,
        "map_pictures is given twice (lines 12 and 13)",
    ),
    # a second address pasted into a player's line: it said `players.1.email`, the first
    # player's to a GM (the index counts from 0), `lines 10 and 10`
    (
        "email: also@example.org,",
        "email: also@example.org, email: also@example.net,",
        10,
        "players (entry 2): email is given twice (on line 10)",
    ),
    # a comment at the end of a player's {...} line: it hid the closing brace, and YAML's
    # words named the next line alone
    (
        "}\n- {id: 2",
        " # a new address}\n- {id: 2",
        10,
        "not valid YAML: expected ',' or '}', but got '-' (line 9: a '#' starts a comment, "
        "which hides the rest of its line, the closing '}' too: write the comment on a line "
        "of its own)",
    ),
    # a comma in a value of a {...} line: the words after it were named as a key, with the
    # keys there are, and nothing said of the comma (`Also: no such key; the keys here: ...`)
    (
        "name: Also,",
        "name: Smith, Also,",
        10,
        "players (entry 2): Also: no such key; the keys here: id, name, email, code, "
        "share_address; in a {...} line a comma ends a value, and the words after it are read "
        "as a key of no value: put a value that holds a comma in quotes (name: 'Smith, John'), "
        "and give one address a player",
    ),
    (
        "email: also@example.org,",
        "email: also@example.org, also@example.net,",
        10,
        "players (entry 2): also@example.net: no such key; the keys here: id, name, email, "
        "code, share_address; in a {...} line a comma ends a value, and the words after it are "
        "read as a key of no value: put a value that holds a comma in quotes (name: 'Smith, "
        "John'), and give one address a player",
    ),
]


@pytest.mark.parametrize(("old", "new", "line", "said"), EDITS)
def test_a_slip_in_game_yaml_is_named_with_its_line(
    game_dir: Path, old: str, new: str, line: int, said: str
) -> None:
    edit(game_dir, old, new)
    result = wtg("status", game_dir)
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert first == f"wtg: {game_dir / 'game.yaml'}, line {line}: {said}"
    assert "Traceback" not in result.output
    assert "int()" not in result.output and "<unicode string>" not in result.output


def test_a_code_deleted_says_where_it_can_be_read(game_dir: Path) -> None:
    """A player's code deleted: it said to put back what wtg wrote, and not where the code
    can be read again."""
    path = game_dir / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"(email: also@example.org), code: \w+", r"\1", text), "utf-8")
    result = wtg("status", game_dir)
    assert result.output.splitlines() == [
        f"wtg: {path}, line 10: players (entry 2): code: missing: wtg wrote it when it made the "
        "game; put it back (his code is on his AOF, turns/NNNN/aofs/p02.txt)"
    ]


def test_every_slip_is_named_at_once(game_dir: Path) -> None:
    """Two slips, two lines: the GM mends the file once, not once a run."""
    edit(game_dir, "map_pictures: true", "map_picture: false")
    edit(game_dir, "seed: ", "seed: abc\n#")
    result = wtg("status", game_dir)
    assert result.output.splitlines() == [
        f"wtg: {game_dir / 'game.yaml'}, line 6: seed: expected a whole number, found the "
        "text 'abc'",
        f"wtg: {game_dir / 'game.yaml'}, line 13: map_picture: no such key; did you mean "
        "'map_pictures'?",
    ]


def test_every_slip_is_told_apart_in_the_line_of_a_games_run(game_dir: Path) -> None:
    """`wtg status` of every game and `run-turn --due` say a game in one line: its two slips
    were joined by a space, `... seed: missing: wtg wrote it when it made the game; put it
    back /srv/.../game.yaml, line 6: sed: no such key ...`, which reads as a path to put it
    back to. Now a `; ` parts them, as the problems of one line are parted."""
    edit(game_dir, "seed: ", "sed: ")
    edit(game_dir, "map_pictures: true", "map_picture: false")
    config = game_dir / "game.yaml"
    problems = (
        f"{config}, line 1: seed: missing: wtg wrote it when it made the game; put it back; "
        f"{config}, line 6: sed: no such key; did you mean 'seed'?; "
        f"{config}, line 12: map_picture: no such key; did you mean 'map_pictures'?"
    )
    listed = wtg("--games-dir", game_dir.parent, "status")
    assert listed.stdout == f"{game_dir}: cannot be read, skipped: {problems}\n"


def test_a_first_deadline_that_is_no_date_stops_run_turn_with_a_line_and_runs_nothing(
    game_dir: Path,
) -> None:
    """A first deadline's day edited to no date (month 13) was read without a word and
    then broke `run-turn` with a traceback, when the next deadline was worked out."""
    path = game_dir / "game.yaml"
    path.write_text(re.sub(r"first: '[^']*'", "first: '2026-13-04'", path.read_text()))
    result = CliRunner().invoke(main, ["run-turn", str(game_dir), "--now"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"wtg: {game_dir / 'game.yaml'}, line 11: schedule: first: the first deadline's day "
        "must be a date as YYYY-MM-DD, not '2026-13-04'"
    ]
    assert sorted(p.name for p in (game_dir / "turns").iterdir()) == ["0000"]


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("first: 2026-12-32", "first: the value 2026-12-32 cannot be read: day is out of range"),
        ("first: 2026-02-30", "first: the value 2026-02-30 cannot be read: day is out of range"),
    ],
)
def test_an_unquoted_date_that_is_no_day_is_named_with_its_line_not_a_traceback(
    game_dir: Path, written: str, said: str
) -> None:
    """YAML reads an unquoted 2026-12-32 as a date and Python's date refuses it: `wtg
    status GAME` printed a traceback (`ValueError: day is out of range for month`), and the
    line of every game (`wtg status`, `run-turn --due`) said only Python's words."""
    path = game_dir / "game.yaml"
    path.write_text(re.sub(r"first: '[^']*'", written, path.read_text()))
    result = CliRunner().invoke(main, ["status", str(game_dir)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"wtg: {path}, line 11: schedule.{said} for month (YAML reads it as a date)"
    ]
    listed = CliRunner().invoke(main, ["--games-dir", str(game_dir.parent), "status"])
    assert listed.exit_code == 1, listed.exception
    assert listed.stdout.startswith(f"{game_dir}: cannot be read, skipped: {path}, line 11: ")
    assert sorted(p.name for p in (game_dir / "turns").iterdir()) == ["0000"]


def test_a_code_or_name_yaml_reads_as_another_number_is_refused_not_changed(
    game_dir: Path,
) -> None:
    """A code of digits typed unquoted with a leading zero (`code: 0012345670`) is an octal
    number to YAML: the game took the code 2739128, with only a warning of a short code,
    and the player's forms, which say 0012345670, were refused as a wrong code. So was a
    name (`name: 007` read as 7). Now each is refused with its line and the quotes to put;
    a code of digits YAML reads as written (`code: 12345678`) is taken as before."""
    path = game_dir / "game.yaml"
    text = path.read_text()
    path.write_text(re.sub(r"code: \w+\}", "code: 0012345670}", text, count=1))
    result = wtg_caught("status", game_dir)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"wtg: {path}, line 9: players (entry 1): code: YAML reads the unquoted 0012345670 as "
        "the number 2739128: put it in quotes (code: '0012345670')"
    ]
    path.write_text(text.replace("name: Also", "name: 007"))
    result = wtg_caught("status", game_dir)
    assert result.output.splitlines() == [
        f"wtg: {path}, line 10: players (entry 2): name: YAML reads the unquoted 007 as the "
        "number 7: put it in quotes (name: '007')"
    ]
    path.write_text(re.sub(r"code: \w+\}", "code: 12345678}", text, count=1))
    assert open_game(game_dir).config.players[0].code == "12345678"


def wtg_caught(*args: object) -> Result:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_a_key_left_out_is_named(game_dir: Path) -> None:
    edit(game_dir, "seed: ", "#seed: ")
    result = wtg("status", game_dir)
    assert result.output.splitlines()[0] == (
        f"wtg: {game_dir / 'game.yaml'}, line 1: seed: missing: wtg wrote it when it made the "
        "game; put it back"
    )


def test_a_key_a_schedule_written_by_hand_lacks_says_what_it_is(tmp_path: Path) -> None:
    """A schedule the GM wrote into a game made without one, `first:` left out: it said
    `missing: wtg wrote it when it made the game; put it back`, of a line wtg never wrote,
    and the GM did not learn what `first` is."""
    folder = tmp_path / "test1"
    made = wtg("new-game", folder, "--ruleset", "wok4", "--map", "small", *PLAYERS)
    assert made.exit_code == 0, made.output
    edit(folder, "schedule: null", "schedule: {every_days: 2, at: '18:00', timezone: UTC}")
    result = wtg("status", folder)
    assert result.output.splitlines()[0] == (
        f"wtg: {folder / 'game.yaml'}, line 11: schedule: first: missing: a schedule gives "
        "every_days, at, timezone and first, the day of its first deadline (first: "
        "'2026-12-08', as YYYY-MM-DD in quotes)"
    )


def test_a_hand_edit_wtg_takes_is_taken(game_dir: Path) -> None:
    """What the GM may change by hand still opens: a new address, a later hour, an unquoted
    date, a name of digits, no pictures."""
    edit(game_dir, "also@example.org", "also@example.net")
    edit(game_dir, "at: '18:00'", "at: '19:30'")
    path = game_dir / "game.yaml"
    path.write_text(re.sub(r"first: '([^']*)'", r"first: \1", path.read_text()))
    edit(game_dir, "map_pictures: true", "map_pictures: false")
    edit(game_dir, "name: Also", "name: 2024")
    config = open_game(game_dir).config
    assert config.players[1].email == "also@example.net"
    assert config.players[1].name == "2024"
    assert config.schedule is not None and config.schedule.at == "19:30"
    assert config.map_pictures is False
    assert wtg("status", game_dir).exit_code == 0  # the game's seats, as its turns have them
    ran = wtg("run-turn", game_dir, "--now")
    back = f"`wtg --config FILE rollback {game_dir.absolute()} --to 0`"  # no config given
    assert (ran.exit_code, ran.output.split("; the wrong game? ")) == (
        0,
        [
            "turn 1 of game test1 resolved",
            f"{back} takes it back (FILE: the host's config, whose address tells the players)\n",
        ],
    )


def test_a_copy_made_a_game_of_its_own_by_game_is_taken(game_dir: Path) -> None:
    """A folder copied and given its folder's name in `game:` is a game of its own (tests
    and GMs make games so); only a rename in the game's own folder is refused."""
    copy = game_dir.parent / "test2"
    shutil.copytree(game_dir, copy)
    edit(copy, "game: test1", "game: test2")
    result = wtg("status", copy)
    due = open_game(game_dir).deadline_stamp()  # the clock's: new-game made it now
    assert due is not None
    there = parse_iso(due).astimezone(ZoneInfo("Europe/Vienna"))  # the game's zone beside
    assert (result.exit_code, result.output.splitlines()[0]) == (
        0,
        f"game test2, orders for turn 1, deadline {parse_iso(due):%Y-%m-%d %H:%M} UTC "
        f"({there:%H:%M} Europe/Vienna)",
    )


def test_a_game_yaml_saved_in_latin1_is_named_with_its_line_not_a_traceback(
    game_dir: Path,
) -> None:
    """A GM's editor that saved game.yaml in Latin-1 (a name with an umlaut) broke every
    command on the game with a UnicodeDecodeError's traceback; `run-turn --due` and `status`
    said Python's words."""
    path = game_dir / "game.yaml"
    path.write_bytes(path.read_bytes().replace(b"name: Me,", "name: Jürgen,".encode("latin-1")))
    result = CliRunner().invoke(main, ["status", str(game_dir)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"wtg: {path}, line 9: not UTF-8 text (the byte 0xfc): save the file as UTF-8 (an "
        "editor's encoding setting, or `iconv -f latin1 -t utf-8`)"
    ]


@pytest.mark.parametrize("other", ["standard", "wisk", "intermediate", "tactics"])
def test_a_ruleset_edited_away_from_the_games_is_refused(game_dir: Path, other: str) -> None:
    """A new GM's trial: `ruleset: standard` written over a WoK IV game's `ruleset: wok4`
    ran its turn under Standard's rules (`ruleset: wisk`: a KeyError's traceback). It is
    refused with its line, and runs nothing."""
    old, new = "ruleset: wok4", f"ruleset: {other}"
    edit(game_dir, old, new)
    said = (
        f"wtg: {game_dir / 'game.yaml'}, line 3: ruleset: the game was made as wok4 (its turns "
        "say so) and cannot be changed (a game keeps its rules): put back `ruleset: wok4`, or "
        "make a new game"
    )
    for command in (["status", str(game_dir)], ["run-turn", str(game_dir), "--now"]):
        result = CliRunner().invoke(main, command)
        assert result.exception is None or isinstance(result.exception, SystemExit), command
        assert (result.exit_code, result.output.splitlines()) == (1, [said]), command
    assert sorted(p.name for p in (game_dir / "turns").iterdir()) == ["0000"]
    edit(game_dir, new, old)
    assert wtg("status", game_dir).exit_code == 0


def refused_everywhere(game_dir: Path, said: str) -> None:
    """``said`` is what `status` and `run-turn` say, one line each, exit 1; no turn ran."""
    for command in (["status", str(game_dir)], ["run-turn", str(game_dir), "--now"]):
        result = CliRunner().invoke(main, command)
        assert result.exception is None or isinstance(result.exception, SystemExit), command
        assert (result.exit_code, result.output.splitlines()) == (1, [said]), command
    assert sorted(p.name for p in (game_dir / "turns").iterdir()) == ["0000"]


def test_a_players_entry_deleted_is_refused_naming_what_puts_it_right(game_dir: Path) -> None:
    """A new GM's trial: player 2's entry deleted from `players:` was taken without a word:
    his provinces stayed, his report and AOF stopped, his orders were refused unanswered as
    a robot's, and after three turns he was out. It is refused with its line, what to put
    back (and where his code is) and the commands that take a player out."""
    path = game_dir / "game.yaml"
    text = path.read_text(encoding="utf-8")
    entry = next(line for line in text.splitlines() if line.startswith("- {id: 2,"))
    edit(game_dir, entry + "\n", "")
    aof = game_dir / "turns" / "0000" / "aofs" / "p02.txt"
    refused_everywhere(
        game_dir,
        f"wtg: {path}, line 8: players: player 2 (Also) is missing: the game's turns give him "
        "a seat (his provinces, his orders, his reports): put back his entry (`- {id: 2, name: "
        f"..., email: ..., code: ...}}`; his code is on his AOF, {aof}); to take him out of the "
        "game, file his QUIT with `wtg orders` (or he mails RESIGN), and `wtg offer-seat` gives "
        "a seat that quit to a new player",
    )
    path.write_text(text, encoding="utf-8")
    assert wtg("status", game_dir).exit_code == 0


def test_an_entry_for_a_seat_the_game_has_not_is_refused(game_dir: Path) -> None:
    edit(
        game_dir,
        "schedule:",
        "- {id: 3, name: New, email: new@example.org, code: NEWCODE12}\nschedule:",
    )
    refused_everywhere(
        game_dir,
        f"wtg: {game_dir / 'game.yaml'}, line 11: players (entry 3): id: the game has no "
        "player 3 (its turns say so; its players are 1, 2): remove the entry; a new player "
        "takes the seat of one who quit with `wtg offer-seat`",
    )


MADE_WITH = [
    # the game renamed in its folder: the players' forms say GAME: test1 (held as no game's
    # mail), and `wtg send` mailed turn 0 again under the new name
    (
        "game: test1",
        "game: kaomaris",
        "line 2: game: the game was made as test1 (its turns say so, and its players' forms "
        "say GAME: test1) and cannot be renamed: put back `game: test1`",
    ),
    # the name's case alone: taken in silence, and the next `wtg send` mailed every turn's
    # reports again under the new name (the host's mail records go by the name as written)
    (
        "game: test1",
        "game: Test1",
        "line 2: game: the game was made as test1 (its turns say so, and its players' forms "
        "say GAME: test1) and cannot be renamed: put back `game: test1`",
    ),
    # the rules play the state's map; the pictures were drawn from the other
    (
        "map: small",
        "map: classic60",
        "line 5: map: the game was made on the map small (its turns say so) and cannot be "
        "changed (its rules play that map; only the pictures would show another): put back "
        "`map: small`, or make a new game",
    ),
    (
        "map: small",
        "map: map.yaml",
        "line 5: map: the game was made on the map small (its turns say so) and cannot be "
        "changed (its rules play that map; only the pictures would show another): put back "
        "`map: small`, or make a new game",
    ),
    # the rules play the state's variant: the site showed the other
    (
        "variant: null",
        "variant: duel",
        "line 4: variant: the game was made as no variant (its turns say so) and cannot be "
        "changed (a game keeps its rules): put back `variant: null`, or make a new game",
    ),
]


@pytest.mark.parametrize(("old", "new", "said"), MADE_WITH)
def test_what_the_game_was_made_with_is_refused_when_edited(
    game_dir: Path, old: str, new: str, said: str
) -> None:
    """A new GM's trial: `game:`, `map:` and `variant:` edited by hand were taken in
    silence and used by halves (docs/gm.md said to leave them alone). Each is refused with
    its line and what to put back."""
    edit(game_dir, old, new)
    refused_everywhere(game_dir, f"wtg: {game_dir / 'game.yaml'}, {said}")
    edit(game_dir, new, old)
    assert wtg("status", game_dir).exit_code == 0


def test_a_map_of_the_gms_own_stays_map_yaml(tmp_path: Path) -> None:
    """A game on the GM's own map keeps it as map.yaml: `map:` edited to a shipped map is
    refused as well, naming map.yaml."""
    own = tmp_path / "isle.yaml"
    shipped = Path(__file__).parent.parent / "games" / "wok4" / "small.yaml"
    own.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    folder = tmp_path / "g2"
    assert wtg("new-game", folder, "--ruleset", "wok4", "--map", own, *PLAYERS).exit_code == 0
    edit(folder, "map: map.yaml", "map: small")
    refused_everywhere(
        folder,
        f"wtg: {folder / 'game.yaml'}, line 5: map: the game was made on the map map.yaml (its "
        "turns say so) and cannot be changed (its rules play that map; only the pictures "
        "would show another): put back `map: map.yaml`, or make a new game",
    )


SEED_REFUSED = (
    "line 6: seed: the game was made with seed 7 (its turns say so) and cannot be changed "
    "(every turn's chance is drawn from it and the turn's number: a rerun or a rollback "
    "would play an earlier turn otherwise): put back `seed: 7`"
)


@pytest.mark.parametrize("turns", [0, 1])
def test_a_seed_edited_is_refused(tmp_path: Path, turns: int) -> None:
    """`seed:` edited by hand was taken in silence: the next turn's dice were another
    game's, and a rerun or a rollback of a turn played before gave another outcome than the
    one the players were mailed. It is refused from turn 0 on (its start was drawn from
    it), with its line and what to put back."""
    folder = tmp_path / "test1"
    made = wtg("new-game", folder, "--ruleset", "wok4", "--map", "small", *PLAYERS, "--seed", 7)
    assert made.exit_code == 0, made.output
    for _ in range(turns):
        assert wtg("run-turn", folder, "--now").exit_code == 0
    edit(folder, "seed: 7", "seed: 8")
    said = f"wtg: {folder / 'game.yaml'}, {SEED_REFUSED}"
    for command in (["status", str(folder)], ["run-turn", str(folder), "--now"]):
        result = CliRunner().invoke(main, command)
        assert result.exception is None or isinstance(result.exception, SystemExit), command
        assert (result.exit_code, result.output.splitlines()) == (1, [said]), command
    assert len(list((folder / "turns").iterdir())) == turns + 1
    edit(folder, "seed: 8", "seed: 7")
    assert wtg("run-turn", folder, "--now").exit_code == 0


def test_a_seed_kept_through_a_rollback_to_turn_0_is_still_checked(tmp_path: Path) -> None:
    """A rollback to turn 0 writes its ``turn.json`` again: the seed it says stays."""
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    (tmp_path / "games").mkdir()
    folder = tmp_path / "games" / "test1"
    made = wtg("new-game", folder, "--ruleset", "wok4", "--map", "small", *PLAYERS, "--seed", 7)
    assert made.exit_code == 0, made.output
    assert wtg("run-turn", folder, "--now").exit_code == 0
    rolled = wtg("--config", config, "rollback", "test1", "--to", 0)
    assert rolled.exit_code == 0, rolled.output
    edit(folder, "seed: 7", "seed: 8")
    result = wtg("status", folder)
    assert (result.exit_code, result.output.splitlines()) == (
        1,
        [f"wtg: {folder / 'game.yaml'}, {SEED_REFUSED}"],
    )


def test_a_game_whose_turns_do_not_say_its_seed_keeps_working(game_dir: Path) -> None:
    """A game made before the turns said the seed: its seed cannot be checked, and it is
    played with what game.yaml says, as before."""
    meta = game_dir / "turns" / "0000" / "turn.json"
    data = json.loads(meta.read_text(encoding="utf-8"))
    assert isinstance(data.pop("seed"), int)
    meta.write_text(json.dumps(data), encoding="utf-8")
    path = game_dir / "game.yaml"
    path.write_text(re.sub(r"seed: \d+", "seed: 12345", path.read_text()), encoding="utf-8")
    assert wtg("status", game_dir).exit_code == 0
    assert wtg("run-turn", game_dir, "--now").exit_code == 0


def test_a_wisk_games_map_edited_is_refused(tmp_path: Path) -> None:
    """A WISK game's state carries its board (its name inside it, not as `map:`), so `map:`
    edited away from it was taken in silence, and its pictures were drawn from a layout
    made up for the board. It is refused as a WoK game's is."""
    folder = tmp_path / "w1"
    made = wtg("new-game", folder, "--ruleset", "wisk", *PLAYERS)
    assert made.exit_code == 0, made.output
    edit(folder, "map: classic", "map: small")
    refused_everywhere(
        folder,
        f"wtg: {folder / 'game.yaml'}, line 5: map: the game was made on the map classic (its "
        "turns say so) and cannot be changed (its rules play that map; only the pictures "
        "would show another): put back `map: classic`, or make a new game",
    )
    edit(folder, "map: small", "map: Classic")  # its name but for case: the same map
    assert wtg("status", folder).exit_code == 0


@pytest.mark.parametrize(
    ("written", "meant"), [("no", False), ("off", False), ("Yes", True), ("ON", True)]
)
def test_a_yes_no_of_wtg_yaml_is_taken_in_game_yaml_too(
    game_dir: Path, written: str, meant: bool
) -> None:
    """wtg.yaml takes `ssl: no` (YAML 1.1's yes/no words, PyYAML's loader) and game.yaml
    refused `map_pictures: no`: every command refused the game, its turns stopped and its
    players' mail waited, for a word the GM's other file takes. Written without quotes, it
    is taken as there, map_pictures and a player's share_address alike."""
    edit(game_dir, "map_pictures: true", f"map_pictures: {written}")
    edit(game_dir, "code: ", f"share_address: {written}, code: ")
    game = open_game(game_dir)
    assert game.config.map_pictures is meant
    assert game.config.players[0].share_address is meant
    assert wtg("status", game_dir).exit_code == 0


@pytest.mark.parametrize(("written", "meant"), [("no", False), ("Off", False), ("yes", True)])
def test_a_rulesets_yes_no_option_takes_the_words_map_pictures_takes(
    tmp_path: Path, written: str, meant: bool
) -> None:
    """A WISK game's `options: {missions: no}` was kept as the text 'no', which the rules
    read as a yes (any text is): a game finished from its game.yaml (its turn 0 cut short)
    was dealt missions the GM had said no to, while `map_pictures: no` beside it was a
    no. A ruleset's on/off option takes the yes/no words as map_pictures does."""
    game_dir = tmp_path / "w1"
    made = wtg("new-game", game_dir, "--ruleset", "wisk", "--seed", 3, *PLAYERS, "--missions")
    assert made.exit_code == 0, made.output
    shutil.rmtree(game_dir / "turns")  # as a new-game killed before its turn 0 left it
    edit(game_dir, "missions: true", f"missions: {written}")
    assert open_game(game_dir).config.options["missions"] is meant
    finish_game(game_dir)
    state = json.loads((game_dir / "turns" / "0000" / "state.json").read_text())
    assert state["options"]["missions"] is meant
    assert wtg("status", game_dir).exit_code == 0


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "'no'",
            "found the text 'no' (in quotes, YAML reads it as text: write it without them, "
            "missions: false)",
        ),
        ("n", "found the text 'n' (a yes/no is true or false, no other word: write missions: "),
        ("2", "found the number 2"),
    ],
)
def test_a_rulesets_yes_no_option_of_another_word_says_what_to_write(
    tmp_path: Path, written: str, said: str
) -> None:
    """As map_pictures: a word in quotes, or no yes/no at all, is named with the line to
    write (it was kept, and read as a yes)."""
    game_dir = tmp_path / "w1"
    made = wtg("new-game", game_dir, "--ruleset", "wisk", "--seed", 3, *PLAYERS, "--missions")
    assert made.exit_code == 0, made.output
    edit(game_dir, "missions: true", f"missions: {written}")
    refused = wtg("status", game_dir)
    assert refused.exit_code == 1
    assert f"line 7: options: missions: expected true or false, {said}" in refused.output


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("[automatic]", "found a list"),
        ("{by: hand}", "found a mapping (key: value)"),
        ("2.5", "found the number 2.5"),
    ],
)
def test_an_option_that_is_no_number_word_or_yes_no_is_refused_with_its_line(
    tmp_path: Path, written: str, said: str
) -> None:
    """A ruleset's options are whole numbers, words and yes/no (``OptionValue``, as `wtg
    new-game` writes them): a list, a mapping or a fraction written into game.yaml's
    ``options:`` went to the rules as it was (which read it with int() or str()). It is
    named with its line as any other slip."""
    game_dir = tmp_path / "w1"
    made = wtg("new-game", game_dir, "--ruleset", "wisk", "--seed", 3, *PLAYERS)
    assert made.exit_code == 0, made.output
    edit(game_dir, "assignment: automatic", f"assignment: {written}")
    refused = wtg("status", game_dir)
    assert refused.exit_code == 1
    assert refused.output.splitlines()[0] == (
        f"wtg: {game_dir / 'game.yaml'}, line 7: options: assignment: expected a whole "
        f"number, a word or true/false, {said}"
    )


def test_an_option_given_as_null_is_an_option_not_given(tmp_path: Path) -> None:
    """``robots:`` left empty (null) is no option given: the rules take their default, as
    for an option left out."""
    game_dir = tmp_path / "w1"
    made = wtg("new-game", game_dir, "--ruleset", "wisk", "--seed", 3, *PLAYERS)
    assert made.exit_code == 0, made.output
    edit(game_dir, "assignment: automatic", "assignment: null, robots: null")
    options = open_game(game_dir).config.options
    assert "assignment" not in options and "robots" not in options
    assert options["cards"] == "escalating"
    assert wtg("status", game_dir).exit_code == 0
