"""Issue 25, items 11-19 (a GM's slips): what `wtg COMMAND --help` says is what a new GM reads
at 2 a.m.; every option of every command says what it is for, and the digest's help names
every part the digest holds (docs/gm.md, "wtg digest")."""

from __future__ import annotations

import click
from click.testing import CliRunner

from wtg.cli import main
from wtg.mail.outgoing.digest import Digest


def test_every_option_of_every_command_says_what_it_is_for() -> None:
    """Issue 25, items 11-19: `open-list --every`, `aof --player`, `report --turn` (and more)
    had no word in their help."""
    bare = [
        f"{name} {param.opts[0]}"
        for name, command in sorted(main.commands.items())
        for param in command.params
        if isinstance(param, click.Option) and not param.help
    ]
    assert bare == []


def test_the_digest_help_names_every_part_of_the_digest() -> None:
    """Issue 25, items 11-19: the help left out the mail held and the mail not answered."""
    shown = " ".join(CliRunner().invoke(main, ["digest", "--help"]).stdout.split())
    parts = {
        "runs": "turns run",
        "missing": "orders missing",
        "not_mailed": "turns not mailed",
        "overdue": "turns overdue",
        "quarantine": "mail quarantined",
        "quarantine_not_listed": "mail quarantined and not listed",
        "held": "held",
        "held_not_listed": "mail held and not listed",
        "unanswered": "mail not answered",
        "unanswered_not_listed": "mail not answered and not listed",
        "set_aside": "orders set aside",
        "flood_not_kept": "mail of a flood not kept",
        "bounces": "addresses failing",
        "refused": "mail `wtg send` set aside for good",
        "troubles": "game folders that cannot be read",
        "one_domain": "games made of a waiting list most of whose players write from one",
        "taken_one_domain": "games whose seats taken over give one mail domain most",
        "other_program": "another program on the mailbox",
        "owed": "notices owed",
        "disk_low": "the disk low",
        "wrong_codes": "wrong codes",
        "codes_elsewhere": "codes used from another address",
        "book": "the lobby's book that cannot be read",
        "read_late": "orders read after their turn ran",
        "turns_held": "the turns due held",
    }
    # the period (its lists of the journal's too, the runs of its first second the last
    # digest listed) and the host's folders (the paths its lines keep whole) are no part
    period = {"since", "until", "rows_since", "rows", "told_before", "folders"}
    assert sorted(parts) == sorted(set(Digest._fields) - period)
    for part, words in parts.items():
        assert words in shown, part


def test_demo_refuses_a_negative_number_of_turns() -> None:
    result = CliRunner().invoke(main, ["demo", "--turns", "-1", "nowhere"])
    assert result.exit_code == 2
    assert "-1 is not in the range x>=0" in result.stderr


def test_the_restore_help_names_the_folder_as_its_option_takes_it() -> None:
    """The help says "into the empty games folder DIR" and "outside DIR": the option that
    gives DIR reads `--games-dir DIR` (it read `--games-dir PATH`, no DIR anywhere)."""
    shown = CliRunner().invoke(main, ["restore", "--help"]).stdout
    assert "into the empty games folder DIR" in " ".join(shown.split())
    assert "--games-dir DIR " in shown


def test_the_options_whose_default_a_newcomer_must_guess_say_it() -> None:
    """`--log-level` said nothing of what is logged without it (nothing, but for `serve`),
    and `open-list --at` said "With --every (UTC)" and not its hour."""
    for command in ("poll", "send", "run-turn", "serve"):
        shown = " ".join(CliRunner().invoke(main, [command, "--help"]).stdout.split())
        assert (
            "The least an event must weigh to be logged (default: no log, info with --log-file; "
            "`wtg serve`: info)." in shown
        ), command
    shown = " ".join(CliRunner().invoke(main, ["open-list", "--help"]).stdout.split())
    assert (
        "--at HH:MM With --every: the hour of the deadlines, on the clock of --timezone "
        "(default: 18:00)." in shown
    )
    assert (
        "--timezone TEXT With --every: the GM's time zone for deadlines, e.g. Europe/Vienna "
        "(default: UTC)." in shown
    )


def test_the_new_game_help_says_what_its_game_dir_is() -> None:
    """`wtg new-game --help` said "Usage: wtg new-game [OPTIONS] GAME_DIR" and not that it
    takes the game's name (a folder path is refused when a games folder is given)."""
    shown = " ".join(CliRunner().invoke(main, ["new-game", "--help"]).stdout.split())
    assert "GAME_DIR is the game's name, the word players write in their mail" in shown
    assert "`wtg send` then mails the players their turn 0." in shown


def test_every_help_calls_the_games_folder_by_one_name() -> None:
    """Round 42: `wtg status --help` said "the games directory" where `wtg --help`, `init`,
    `serve`, `site` and `upgrade` say "the games folder": a new GM reading both wondered
    whether they were two places. One name, the top help's."""
    runner = CliRunner()
    top = " ".join(runner.invoke(main, ["--help"]).stdout.split())
    assert "the games folder" in top
    said = {
        name: " ".join(runner.invoke(main, [name, "--help"]).stdout.split())
        for name in sorted(main.commands)
    }
    assert [name for name, text in said.items() if "games directory" in text] == []
    assert "a line for every game of the games folder" in said["status"]


def test_a_ruleset_option_of_new_game_says_its_default() -> None:
    """Round 42: `new-game --ties`, `--cards`, `--assignment`, `--missing` (WISK) said
    their choices but not which a game without them plays by, where every other option
    with a default says it."""
    shown = " ".join(CliRunner().invoke(main, ["new-game", "--help"]).stdout.split())
    for said in (
        "or the defender. [default: attacker]",
        "or fixed by kind. [default: escalating]",
        "whole turn (robot). [default: place]",
    ):
        assert said in shown
    assert "(semi), claimed one a turn" in shown and "[default: automatic]" in shown


def _option_help(command: str, option: str) -> str:
    """What `wtg COMMAND --help` says of ``option`` (its text, with click's ``[default:
    ...]``), on one line."""
    found = main.commands[command]
    (param,) = [p for p in found.params if isinstance(p, click.Option) and option in p.opts]
    record = param.get_help_record(click.Context(found, info_name=command))
    assert record is not None
    return " ".join(record[1].split())


def test_an_option_says_what_happens_without_it() -> None:
    """gmlines43: `report --player` said "Whose report." and `open-list --robots-after` not
    what a list does without it; a GM at 2 a.m. guessed. Each of these options says what
    its absence means (or its default, or the unit of a number)."""
    said = {
        ("report", "--player"): "(give it or --gm)",
        ("open-list", "--robots-after"): (
            "Start after HOURS of waiting (36, 36h, 1.5d) with the players there are (robots "
            "fill the rest where the ruleset has robots; WoK: empty seats count as QUIT). "
            "Without it, a game starts only once the list holds its --players."
        ),
        ("open-list", "--variant"): "(default: none, the ruleset's own game)",
        ("new-game", "--variant"): "(default: none, the ruleset's own game)",
        ("bounces", "--clear"): "without it, the addresses marked are listed.",
        ("hold", "--reason"): "(default: none, the notice gives no reason)",
        ("end", "--reason"): "every player's last report says it (default: none)",
        ("orders", "--player"): "default: the player the file names",
        ("ratings", "--ruleset"): "(default: every ruleset's)",
        ("new-code", "--player"): "The seat: the player's number, as `wtg status GAME` lists them",
        ("site", "--port"): "(default: 0, a free one, which it prints)",
    }
    for (command, option), words in said.items():
        assert words in _option_help(command, option), (command, option)
