"""`wtg run-turn GAME` given twice (the shell's arrow key, a tired GM) on a host that mails:
the second run resolved the next turn at once, before the first's reports had gone out,
so every player lost a turn (a missed turn each, three make a WoK player QUIT) and the
next `wtg send` mailed two reports together. It is refused now while the latest turn is
not mailed and players owe orders with none on file (``wtg.cli.unmailed``); `wtg send`
first, or `--unmailed` to run it all the same."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.engine import open_game
from wtg.host.config import load_config
from wtg.host.due import run_due
from wtg.mail.spool.journal import mailed_turns, note_game

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


Host = tuple[str, Path]

BACK = "; the wrong game? `wtg --config {} rollback test1 --to {}` takes it back"
"""How the line of a turn of test1 run with --now ends (the host's config given, the turn
before it)."""
"""``--config FILE`` of a host `wtg init` made."""


@pytest.fixture
def host(tmp_path: Path) -> Host:
    assert wtg("init", tmp_path / "host").exit_code == 0
    return ("--config", tmp_path / "host" / "wtg.yaml")


def turns(host: Host, name: str) -> list[str]:
    return sorted(p.name for p in (host[1].parent / "games" / name / "turns").iterdir())


def test_run_turn_given_again_before_send_is_refused(host: Host) -> None:
    made = wtg(*host, "new-game", "test1", "--ruleset", "wok4", *PLAYERS, "--every", 2)
    assert made.exit_code == 0, made.output
    assert wtg(*host, "send").exit_code == 0
    assert (
        wtg(*host, "run-turn", "test1", "--now").stdout
        == f"turn 1 of game test1 resolved{BACK.format(host[1], 0)}\n"
    )
    again = wtg(*host, "run-turn", "test1", "--now")
    assert again.exit_code == 1
    assert again.stderr == (
        "wtg: turn 1 of game test1 has not been mailed to its players yet, so turn 2 would run "
        f"without their orders (none from 1 Me, 2 Also): not run; `wtg --config {host[1]} send` "
        f"mails turn 1 first, `wtg --config {host[1]} run-turn test1 --now --unmailed` runs it "
        "all the same\n"
    )
    assert turns(host, "test1") == ["0000", "0001"]
    sent = wtg(*host, "send")
    assert sent.stdout.startswith("2 reports queued; 2 mails sent")  # turn 1's, once
    # mailed a moment ago, nobody's orders yet: refused too (tests/test_run_turn_just_mailed.py)
    meant = wtg(*host, "run-turn", "test1", "--now", "--just-mailed")
    assert meant.stdout == f"turn 2 of game test1 resolved{BACK.format(host[1], 1)}\n"


def test_a_game_without_deadlines_given_twice(host: Host) -> None:
    """No deadline, no --now: the second plain `run-turn` was the turn lost."""
    assert wtg(*host, "new-game", "w1", "--ruleset", "wisk", *PLAYERS, "--seed", 3).exit_code == 0
    refused = wtg(*host, "run-turn", "w1")  # turn 0 was never sent either
    assert refused.exit_code == 1
    assert refused.stderr.startswith("wtg: turn 0 of game w1 has not been mailed to its players")
    assert wtg(*host, "send").exit_code == 0
    assert wtg(*host, "run-turn", "w1").exit_code == 0
    assert wtg(*host, "run-turn", "w1").exit_code == 1
    assert turns(host, "w1") == ["0000", "0001"]
    meant = wtg(*host, "run-turn", "w1", "--unmailed")
    assert meant.stdout.startswith(
        "turn 2 of game w1 resolved without orders from 2 Also (a game without deadlines runs "
        "when told, whoever has sent orders); the wrong game? `wtg --config "
    )  # newgm48: it said "resolved" alone, the player's turn run without a word


def test_a_game_of_robots_only_runs_turn_after_turn(host: Host) -> None:
    """Nobody owes orders: nothing to lose, nothing refused."""
    assert wtg(*host, "new-game", "bots", "--ruleset", "wisk", "--robots", 3).exit_code == 0
    for turn in (1, 2, 3):
        assert wtg(*host, "run-turn", "bots").stdout == f"turn {turn} of game bots resolved\n"


def test_a_game_folder_without_a_config_runs_as_before(tmp_path: Path) -> None:
    """No config: no mail this host keeps, so no journal to ask."""
    game = tmp_path / "g"
    assert wtg("new-game", game, "--ruleset", "wok4", "--map", "small", *PLAYERS).exit_code == 0
    assert wtg("run-turn", game).exit_code == 0
    assert wtg("run-turn", game).stdout == (
        "turn 2 of game g resolved without orders from 1 Me, 2 Also (a game without deadlines "
        f"runs when told, whoever has sent orders); the wrong game? `wtg --config FILE rollback "
        f"{game} --to 1` takes it back (FILE: the host's config, whose address tells the "
        "players)\n"
    )


def given(refusal: str, host: Host) -> list[str]:
    """The `wtg run-turn ...` a refusal says runs the turn all the same, as words: it
    carries the ``--config`` given (copied as it is, it runs against this host)."""
    command = refusal.split("`")[-2]
    assert command.startswith(f"wtg --config {host[1]} run-turn ")
    return command.split()[1:]


def test_the_command_a_refusal_gives_runs_the_turn(host: Host) -> None:
    """docs/gm.md, "wtg run-turn GAME, --now": the command a refusal names runs the turn.
    It left out what the GM had given already: after `--now`, `--unmailed` alone was
    refused as early; a held game's `--force` dropped, `--now` alone was refused as held."""
    made = wtg(*host, "new-game", "test1", "--ruleset", "wok4", *PLAYERS, "--every", 2)
    assert made.exit_code == 0, made.output
    first = wtg(*host, "run-turn", "test1")  # early, and turn 0 never mailed
    assert first.exit_code == 1  # it named `--now`, which was refused as unmailed
    assert first.stderr.endswith(
        f"`wtg --config {host[1]} send` mails turn 0 first, `wtg --config {host[1]} run-turn "
        "test1 --now --unmailed` runs it all the same\n"
    )
    unsent = wtg(*host, "run-turn", "test1", "--now")
    assert unsent.exit_code == 1
    assert unsent.stderr.endswith(
        f"`wtg --config {host[1]} send` mails turn 0 first, `wtg --config {host[1]} run-turn "
        "test1 --now --unmailed` runs it all the same\n"
    )
    ran = wtg(*given(unsent.stderr, host))
    assert (ran.exit_code, ran.stdout) == (
        0,
        f"turn 1 of game test1 resolved{BACK.format(host[1], 0)}\n",
    )
    assert wtg(*host, "send").exit_code == 0
    assert wtg(*host, "hold", "test1").exit_code == 0
    early = wtg(*host, "run-turn", "test1", "--force")  # and turn 1 mailed a moment ago
    assert early.exit_code == 1  # it named `--force --now`, refused as just mailed
    assert early.stderr.endswith(
        f"`wtg --config {host[1]} run-turn test1 --force --just-mailed --now` runs it now all "
        "the same\n"
    )
    twice = wtg(*host, "run-turn", "test1", "--force", "--now")
    assert twice.exit_code == 1
    assert twice.stderr.endswith(
        f"`wtg --config {host[1]} run-turn test1 --force --now --just-mailed` runs it all the "
        "same\n"
    )
    ran = wtg(*given(early.stderr, host))
    assert (ran.exit_code, ran.stdout) == (
        0,
        f"turn 2 of game test1 resolved{BACK.format(host[1], 1)}\n",
    )


def test_run_turn_due_holds_a_turn_never_mailed_until_send(host: Host) -> None:
    """A new GM ran a turn by hand and forgot `wtg send`: `run-turn --due` went on running
    the game at each deadline, turn after turn nobody was mailed, every player losing each
    (three missed turns make a WoK player QUIT). A game this host has mailed is held now
    while its latest turn is not (a line, and the run fails: cron mails the GM); after the
    send it runs by its deadline."""
    made = wtg(*host, "new-game", "test1", "--ruleset", "wok4", *PLAYERS, "--every", 2)
    assert made.exit_code == 0, made.output
    assert wtg(*host, "send").exit_code == 0  # turn 0 mailed
    assert wtg(*host, "run-turn", "test1", "--now").exit_code == 0  # turn 1, never sent
    gm = load_config(host[1])
    later = datetime.now(timezone.utc) + timedelta(days=30)  # turn 2's deadline long past
    run = run_due(gm, later, mailed=mailed_turns(gm.spool))
    assert list(run) == [
        (
            "test1: NOT run: turn 1 of game test1 has not been mailed to its players yet, so "
            "turn 2 would run without their orders (none from 1 Me, 2 Also); `wtg send` mails "
            "it first",
            False,
        )
    ]
    assert run.failed and run.line().endswith("; held: test1")
    assert turns(host, "test1") == ["0000", "0001"]
    assert wtg(*host, "send").stdout.startswith("2 reports queued")
    again = run_due(gm, later, mailed=mailed_turns(gm.spool))
    assert list(again) == [("test1: turn 2 resolved (the deadline has passed)", True)]


def test_run_turn_due_runs_a_game_this_host_never_mailed_by_its_deadline(host: Host) -> None:
    """A game the mail journal does not name (never mailed from this host: the GM tries wtg
    out without mail, or its mail is kept elsewhere) runs by its deadline, as before."""
    made = wtg(*host, "new-game", "test1", "--ruleset", "wok4", *PLAYERS, "--every", 2)
    assert made.exit_code == 0, made.output
    gm = load_config(host[1])
    later = datetime.now(timezone.utc) + timedelta(days=30)
    assert mailed_turns(gm.spool) == {}
    run = run_due(gm, later, mailed=mailed_turns(gm.spool))
    assert list(run) == [("test1: turn 1 resolved (the deadline has passed)", True)]


def test_a_host_whose_runs_noted_games_but_mailed_none_runs_a_new_game(host: Host) -> None:
    """A GM who tries wtg out without mail runs a game's turns (each run notes the game in
    the mail journal, at no turn mailed) and makes a second game: it runs by its deadline,
    as the first did; newgm49's hold is for a host that has mailed a turn (review49: no
    test had a journal that names a game and mails none, which ``mails_games`` tells
    apart from one that mails)."""
    made = wtg(*host, "new-game", "test0", "--ruleset", "wok4", *PLAYERS, "--every", 2)
    assert made.exit_code == 0, made.output
    assert wtg(*host, "run-turn", "test0", "--now", "--unmailed").exit_code == 0  # noted
    made = wtg(*host, "new-game", "test1", "--ruleset", "wok4", *PLAYERS, "--every", 2)
    assert made.exit_code == 0, made.output
    gm = load_config(host[1])
    assert mailed_turns(gm.spool) == {"test0": -1}
    later = datetime.now(timezone.utc) + timedelta(days=30)  # both deadlines long past
    run = run_due(gm, later, mailed=mailed_turns(gm.spool))
    assert sorted(run) == [
        ("test0: turn 2 resolved (the deadline has passed)", True),
        ("test1: turn 1 resolved (the deadline has passed)", True),
    ]
    assert "NOT MAILED" not in wtg(*host, "status").stdout


def test_run_turn_due_holds_a_new_game_whose_send_was_forgotten(host: Host) -> None:
    """newgm49 made a second game on a host that mails its first and forgot `wtg send`: at
    its deadline `run-turn --due` ran turn 1 without a word (exit 0), both players had a
    missed turn for a turn 0 report they were never mailed, and the next send mailed turns 0
    and 1 together. A game at its turn 0 that the journal does not name, on a host whose
    journal names a game, is held now as a turn not mailed is; after the send it runs."""
    for name in ("test0", "test1"):
        made = wtg(*host, "new-game", name, "--ruleset", "wok4", *PLAYERS, "--every", 2)
        assert made.exit_code == 0, made.output
        if name == "test0":
            assert wtg(*host, "send").exit_code == 0  # test0's turn 0 mailed, test1's never
    gm = load_config(host[1])
    later = datetime.now(timezone.utc) + timedelta(days=30)  # turn 1's deadline long past
    run = run_due(gm, later, mailed=mailed_turns(gm.spool))
    assert sorted(run) == [
        ("test0: turn 1 resolved (the deadline has passed)", True),
        (
            "test1: NOT run: turn 0 of game test1 has not been mailed to its players yet, so "
            "turn 1 would run without their orders (none from 1 Me, 2 Also); `wtg send` mails "
            "it first",
            False,
        ),
    ]
    assert run.failed and run.line().endswith("; held: test1")
    assert turns(host, "test1") == ["0000"]
    given = f"wtg --config {host[1]}"  # how the commands `wtg status` names begin
    one = wtg(*host, "status", "test1").stdout.splitlines()
    assert one[1] == f"NOT MAILED: turn 0 not mailed to its players yet: `{given} send` mails it"
    assert "NOT MAILED: game test1: turn 0 " in wtg(*host, "status").stdout
    assert wtg(*host, "send").stdout.startswith("4 reports queued")  # test1's 0, test0's 1
    assert "NOT MAILED" not in wtg(*host, "status").stdout
    again = run_due(gm, later, mailed=mailed_turns(gm.spool))
    # test0's turn 2 is due two days after its turn 1 ran, at ``later``
    assert list(again) == [("test1: turn 1 resolved (the deadline has passed)", True)]


def test_a_new_game_run_on_its_players_orders_before_any_send_is_held_next(host: Host) -> None:
    """review49: on a host that mails, a new game whose `wtg send` was forgotten ran turn 1
    all the same when every player had orders on file for it (sent from the site's form):
    nobody was waiting, so newgm49's hold let it run, and the run noted the game in the
    mail journal at no turn mailed. From then on the journal named it and it was no turn
    0: turn 2 ran at its deadline without their orders, turn 1's report never mailed, and
    `wtg status` said nothing. It is held now as any turn not mailed is."""
    for name in ("test0", "test1"):
        made = wtg(*host, "new-game", name, "--ruleset", "wok4", *PLAYERS, "--every", 2)
        assert made.exit_code == 0, made.output
        if name == "test0":
            assert wtg(*host, "send").exit_code == 0  # test0's turn 0 mailed, test1's never
    gm = load_config(host[1])
    game = open_game(gm.games_dir / "test1")
    for entry in game.config.players:
        form = f"game: test1\nplayer: {entry.id}\nturn: 1\ncode: {entry.code}\n"
        game.submit_all(form)
    later = datetime.now(timezone.utc) + timedelta(days=30)
    noting = partial(note_game, gm.spool)  # as run-turn --due and wtg serve give it
    first = run_due(gm, later, mailed=mailed_turns(gm.spool), first_ran=noting)
    assert ("test1: turn 1 resolved (the deadline has passed)", True) in list(first)
    assert mailed_turns(gm.spool)["test1"] == -1  # noted by the run, never mailed
    again = run_due(gm, later + timedelta(days=30), mailed=mailed_turns(gm.spool))
    assert (
        "test1: NOT run: turn 1 of game test1 has not been mailed to its players yet, so "
        "turn 2 would run without their orders (none from 1 Me, 2 Also); `wtg send` mails "
        "it first",
        False,
    ) in list(again)
    assert turns(host, "test1") == ["0000", "0001"]
    given = f"wtg --config {host[1]}"
    one = wtg(*host, "status", "test1").stdout.splitlines()
    assert f"NOT MAILED: turns 0 to 1 not mailed to its players yet: `{given} send` mails it" in one


def test_status_names_a_turn_not_mailed(host: Host) -> None:
    """`wtg status`, the GM's morning look, said nothing of a turn run and never sent."""
    made = wtg(*host, "new-game", "test1", "--ruleset", "wok4", *PLAYERS, "--every", 2)
    assert made.exit_code == 0, made.output
    assert "NOT MAILED" not in wtg(*host, "status").stdout  # never mailed: no mail kept
    assert wtg(*host, "send").exit_code == 0
    assert wtg(*host, "run-turn", "test1", "--now").exit_code == 0
    assert wtg(*host, "run-turn", "test1", "--now", "--unmailed").exit_code == 0
    overview = wtg(*host, "status").stdout.splitlines()
    assert overview[0].endswith(", NOT MAILED, deadline " + overview[0].split("deadline ")[1])
    given = f"wtg --config {host[1]}"  # how the commands it names begin
    assert overview[1] == (
        f"NOT MAILED: game test1: turns 1 to 2 not mailed to its players yet: `{given} send` "
        "mails it"
    )
    one = wtg(*host, "status", "test1").stdout.splitlines()
    assert one[1] == (
        f"NOT MAILED: turns 1 to 2 not mailed to its players yet: `{given} send` mails it"
    )
    assert json.loads(wtg(*host, "status", "test1", "--json").stdout)["mailed_turn"] == 0
    (listed,) = json.loads(wtg(*host, "status", "--json").stdout)["games"]
    assert listed["mailed_turn"] == 0
    assert wtg(*host, "send").exit_code == 0
    assert "NOT MAILED" not in wtg(*host, "status").stdout
    assert json.loads(wtg(*host, "status", "test1", "--json").stdout)["mailed_turn"] == 2
