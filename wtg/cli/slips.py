"""The slips of a command line that click's own words miss, each answered with what was
meant: a long option given one dash, an option of another command or of the group given
after the command, a word too many (a hold's reason without --reason, a rollback's turn
without --to, a second game), a command run into its option (`wtg run-turn-due`).

``WtgGroup`` (``wtg.cli.common``) hands each usage error here; a slip these do not know
keeps click's message. Each command a slip's message gives to run is in backquotes
(`` `wtg hold g1 --reason ...` ``), begun as the command line was (``--config FILE``, as
``wtg.cli.givenhead.tell`` begins every command a line names) by ``WtgGroup``."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import click

from wtg.game.registry import ruleset_names
from wtg.text.shellcommand import shell_command
from wtg.upkeep.restore import holds_a_host, refused_folder, set_aside

ARGS = "wtg.args"
"""The key of the command line's words (after `wtg`) in click's ``Context.meta``."""
COMMAND_WORDS = "wtg.command_words"
"""The key of the command's own words in click's ``Context.meta``: those after its name,
without the group's options before it (``--config FILE``), which a command a slip's
message gives carries as ``wtg.cli.givenhead`` begins it."""


def option_slip(group: click.Group, exc: click.NoSuchOption, args: list[str]) -> click.UsageError:
    """What an option no command takes was meant as (``args``: the words as typed): the
    group's option given after the command (`wtg status --config F`), a long option given
    one dash, an option meant for what another of the command's does, or another
    command's; ``exc`` itself for any other."""
    sub = exc.ctx.info_name if exc.ctx is not None else "COMMAND"
    takes = {n: p.metavar for p in group.params if p.metavar for n in p.opts}
    if exc.option_name not in takes:
        return (
            _one_dash(exc, args)
            or _option_meant(exc)
            or seat_meant(exc)
            or _others_option(group, exc)
            or exc
        )
    moved = _moved_first(exc.option_name, args)
    line = f"`{moved}`" if moved else f"wtg {exc.option_name} {takes[exc.option_name]} {sub} ..."
    return click.UsageError(f"{exc.option_name} goes before the command: {line}", exc.ctx)


def _moved_first(option: str, args: list[str]) -> str | None:
    """The command line ``args`` (the words after `wtg`) with the group's ``option`` and its
    value, given after the command, put first: the line to give, whole (a cron line's
    `wtg run-turn --due --config /srv/wtg/wtg.yaml` is told `wtg --config /srv/wtg/wtg.yaml
    run-turn --due`, where it was told `wtg --config FILE run-turn ...`). None when the
    option has no value after it (or an option's name for one)."""
    found = _taken_out(option, args)
    if found is None or not found[0] or found[0].startswith("-"):
        return None
    value, rest = found
    return shell_command("wtg", option, value, *rest)


def _taken_out(option: str, words: list[str]) -> tuple[str, list[str]] | None:
    """The value ``words`` give ``option`` (`--config FILE` or `--config=FILE`) and the
    words without them; None when ``option`` is not given with a word after it."""
    for at, word in enumerate(words):
        if word.startswith(f"{option}="):
            value, taken = word.partition("=")[2], 1
        elif word == option and at + 1 < len(words):
            value, taken = words[at + 1], 2
        else:
            continue
        return value, words[:at] + words[at + taken :]
    return None


def words_slip(
    exc: click.UsageError, games_folder: Callable[[], Path | None]
) -> click.UsageError | None:
    """What words too many were meant as: a hold's reason, a rollback's turn, what the
    command takes instead (``games_folder``: the games folder given, read only when the
    words may be games of it); None for any other usage error."""
    return (
        _ruleset_split(exc)
        or _reason_meant(exc)
        or _turn_meant(exc)
        or _player_meant(exc)
        or _extra_words(exc, games_folder)
    )


def command_slip(group: click.Group, ctx: click.Context, word: str) -> click.UsageError | None:
    """`wtg run-turn-due` (a cron line's space lost before an option, its dashes with it):
    click offered `run-turn`, and the line run as told ran no game. The command and option
    meant; None when ``word`` is no command run into one of its options."""
    for name, command in group.commands.items():
        rest = word.removeprefix(f"{name}-")
        if rest == word or not rest:
            continue
        if any(f"--{rest}" in param.opts for param in command.params):
            return click.UsageError(
                f"No such command {word!r}: did you mean `wtg {name} --{rest}`?", ctx
            )
    return _first_word(group, ctx, word)


def _first_word(group: click.Group, ctx: click.Context, word: str) -> click.UsageError | None:
    """`wtg new g1` (`new-game` meant, its second word left out): click found no command
    close enough and said only "No such command 'new'". The commands whose name begins
    with that word; None when none does."""
    names = [
        name
        for name, command in sorted(group.commands.items())
        if word and name.startswith(f"{word.lower()}-") and not command.hidden
    ]
    if not names:
        return None
    meant = " or ".join(f"`wtg {name}`" for name in names)
    return click.UsageError(f"No such command {word!r}: did you mean {meant}?", ctx)


def option_after(exc: click.UsageError, args: list[str]) -> click.UsageError | None:
    """`wtg --games-dir /srv/new restore host.tar.gz`: the command's own option given
    before it, where the group's of that name is (the games folder of the host's commands),
    and click said only "Missing option '--games-dir'", which the GM had typed. The line to
    give, the option put after the command; None for any other usage error."""
    if not isinstance(exc, click.MissingParameter) or exc.param is None or exc.ctx is None:
        return None
    sub = exc.ctx.info_name or ""
    if sub not in args:
        return None
    at = args.index(sub)
    for option in (o for o in exc.param.opts if o.startswith("--")):
        moved = _moved_after(option, args[:at], [*args[at:]])
        if moved is not None:
            return click.UsageError(
                f"Missing option {option!r}: the {option} given before `{sub}` is the "
                f"group's, which {sub} does not read; its own goes after the command: "
                f"`{moved}`",
                exc.ctx,
            )
    return None


FOLDER_MEANT = {"restore": "the folder to restore into, new or empty,"}
"""A command whose own --games-dir is required: what the folder is to it."""


def folder_missing(
    exc: click.UsageError, args: list[str], games_folder: Callable[[], Path | None]
) -> click.UsageError | None:
    """`wtg restore host.tar.gz` without its --games-dir: click said only "Missing option
    '--games-dir'", and a GM who had never restored did not know what to give it. What the
    folder is and the line to give: with the host's games folder (``games_folder``: the
    config's, read only then) when one is given, else with DIR said; None for any other
    usage error."""
    if not isinstance(exc, click.MissingParameter) or exc.param is None or exc.ctx is None:
        return None
    sub = exc.ctx.info_name or ""
    meant = FOLDER_MEANT.get(sub)
    if meant is None or "--games-dir" not in exc.param.opts:
        return None
    words = args[args.index(sub) :] if sub in args else [sub]
    folder = games_folder()
    if folder is None:
        line = shell_command("wtg", *words, "--games-dir") + " DIR"
        where = "DIR the games_dir of the config you will run the host with"
    elif refused_folder(folder):
        line, where = _beside_a_host(words, folder)
    else:
        line = shell_command("wtg", *words, "--games-dir", str(folder))
        where = "the games folder your config names, or another for it to name"
    return click.UsageError(
        f"Missing option '--games-dir': {meant} goes after the command: `{line}`, {where}",
        exc.ctx,
    )


def _beside_a_host(words: list[str], folder: Path) -> tuple[str, str]:
    """`wtg restore FILE` whose config's games folder is not empty (a host's, most often):
    the line to give names a new folder beside it, and how the backup goes in its place
    instead. Told that folder, the GM gave it, and the restore refused it."""
    new = folder.parent / f"{folder.name}-restored"
    line = shell_command("wtg", *words, "--games-dir", str(new))
    if not holds_a_host(folder):
        return line, (
            f"a new folder (the games folder your config names, {folder}, is not empty, and a "
            "restore writes only into an empty or new one)"
        )
    aside = shell_command("mv", str(folder), str(set_aside(folder)))
    again = shell_command("wtg", *words, "--games-dir", str(folder))
    return line, (
        f"a new folder (the games folder your config names, {folder}, holds a host, which a "
        "restore never replaces: to put the backup in its place, stop what runs the host "
        f"(cron's wtg lines, wtg serve), move that folder aside and keep it (`{aside}`: what "
        f"was filed and run since the backup is only there), then `{again}`)"
    )


def _moved_after(option: str, before: list[str], command: list[str]) -> str | None:
    """The command line of ``before`` (the group's words) and ``command`` (the command's)
    with ``option`` and its value taken from ``before`` and put at the end; None when
    ``before`` does not give it with a value."""
    found = _taken_out(option, before)
    if found is None or not found[0]:
        return None
    value, rest = found
    return shell_command("wtg", *rest, *command, option, value)


OPTION_MEANT = {("run-turn", "--all"): ("every game that is due is run by", "--due")}
"""An option a GM gives a command for what another of its options does: what that one
does, and it."""


def _option_meant(exc: click.NoSuchOption) -> click.UsageError | None:
    """`wtg run-turn --all` (every game's turn meant): click said the option was another
    command's (`wtg announce`'s), and the GM went looking there. The option meant."""
    if exc.ctx is None:
        return None
    meant = OPTION_MEANT.get((exc.ctx.info_name or "", exc.option_name))
    if meant is None:
        return None
    does, option = meant
    return click.UsageError(
        f"No such option {exc.option_name!r}: {does} {option} (`wtg {exc.ctx.info_name} {option}`)",
        exc.ctx,
    )


def _one_dash(exc: click.NoSuchOption, args: list[str]) -> click.UsageError | None:
    """`wtg run-turn -due` (a long option given one dash): click read it as -d -u -e and
    said only "No such option '-d'". The option meant; None for any other slip."""
    if exc.ctx is None or exc.option_name.startswith("--"):
        return None
    opts = {opt for param in exc.ctx.command.params for opt in param.opts}
    for word in args:
        name = word.split("=", 1)[0]
        if name.startswith(exc.option_name) and len(name) > 2 and f"-{name}" in opts:
            return click.UsageError(
                f"No such option {name!r}: a long option takes two dashes, -{name}", exc.ctx
            )
    return None


def _others_option(group: click.Group, exc: click.NoSuchOption) -> click.UsageError | None:
    """`wtg remind --due`, `wtg run-turn --quiet` (a cron line's options put on the wrong
    command): click offered the option of its own closest in letters (`--quiet` for
    `--due`, and the other way round). The commands that take it; None when none does."""
    if exc.ctx is None:
        return None
    sub, name = exc.ctx.info_name, exc.option_name
    others = sorted(
        command
        for command, each in group.commands.items()
        if command != sub and any(name in param.opts for param in each.params)
    )
    if not others:
        return None
    shown = [f"wtg {command}" for command in others[:3]]
    more = f" and {len(others) - 3} more" if len(others) > 3 else ""
    return click.UsageError(
        f"No such option {name!r}: it is an option of {', '.join(shown)}{more}, not of wtg {sub}",
        exc.ctx,
    )


_EXTRA = re.compile(r"Got unexpected extra arguments? \((?P<words>.*)\)", re.DOTALL)


def _reason_meant(exc: click.UsageError) -> click.UsageError | None:
    """The words typed after a hold's GAME_DIR, as a reason without ``--reason``: the
    command that gives them as one (click said only 'Got unexpected extra argument');
    None for any other slip, and for the game named again (``_extra_words`` says so)."""
    ctx = exc.ctx
    found = _EXTRA.fullmatch(exc.message)
    if ctx is None or found is None or ctx.info_name != "hold" or ctx.params.get("reason"):
        return None
    game = ctx.params.get("game_dir") or "GAME"
    if found["words"] == game:
        return None
    command = shell_command("wtg", "hold", str(game), "--reason", found["words"])
    return click.UsageError(
        f"a hold's reason goes with --reason: `{command}` (the players' notice says it); "
        "nothing was held",
        ctx,
    )


def _ruleset_split(exc: click.UsageError) -> click.UsageError | None:
    """A ruleset's name split by a space (`wtg new-game g1 --ruleset wok 4`, `wtg open-list
    wok 4`): click said only 'Got unexpected extra argument (4)'. The ruleset meant, its two
    words run together, and the command that gives it; None when they make no ruleset."""
    ctx = exc.ctx
    found = _EXTRA.fullmatch(exc.message)
    given = ctx.params.get("ruleset") if ctx is not None else None
    if ctx is None or found is None or not isinstance(given, str) or not given:
        return None
    extra = found["words"].split()
    names = {name.lower(): name for name in ruleset_names()}
    meant = names.get(f"{given}{extra[0]}".lower() if extra else "")
    if meant is None:
        return None
    words = [str(word) for word in ctx.meta.get(COMMAND_WORDS, [])]
    for at, word in enumerate(words[:-1]):
        if words[at + 1] == extra[0] and word in (given, f"--ruleset={given}"):
            said = meant if word == given else f"--ruleset={meant}"
            joined = [*words[:at], said, *words[at + 2 :]]
            break
    else:
        return None
    option = "--ruleset " if "--ruleset" in words or f"--ruleset={given}" in words else ""
    line = shell_command("wtg", ctx.info_name or "", *joined)
    return click.UsageError(
        f"{exc.message}: did you mean {option}{meant}? `{line}`; nothing was done", ctx
    )


def _turn_meant(exc: click.UsageError) -> click.UsageError | None:
    """The turn typed after a rollback's GAME_DIR without ``--to`` (`wtg rollback g1 5`, as
    `wtg extend g1 24` takes its hours): the command that gives it (click said only 'Got
    unexpected extra argument'); None for any other slip."""
    ctx = exc.ctx
    found = _EXTRA.fullmatch(exc.message)
    if ctx is None or found is None or ctx.info_name != "rollback":
        return None
    if ctx.params.get("to_turn") is not None or ctx.params.get("undo"):
        return None
    turn = found["words"].strip()
    if not turn.isdigit():
        return None
    game = str(ctx.params.get("game_dir") or "GAME")
    command = shell_command("wtg", "rollback", game, "--to", str(int(turn)))
    return click.UsageError(
        f"the turn to go back to goes with --to: `{command}` "
        f"(turn {int(turn)} is the latest again); nothing was rolled back",
        ctx,
    )


def _player_option(command: click.Command) -> click.Option | None:
    """The command's ``--player N`` (a seat's number), None when it has none (`new-game`'s
    ``--player NAME:EMAIL`` is no number)."""
    for param in command.params:
        if isinstance(param, click.Option) and "--player" in param.opts:
            return param if isinstance(param.type, click.types.IntParamType) else None
    return None


def _player_meant(exc: click.UsageError) -> click.UsageError | None:
    """A seat's number typed alone after the game (`wtg new-code g1 2`, `wtg aof g1 2`,
    `wtg report g1 2`), as `wtg offer-seat g1 2` takes it: click said `Missing option
    '--player'` or `Got unexpected extra argument (2)`. The command that gives it with
    --player; None for any other slip."""
    ctx = exc.ctx
    option = _player_option(ctx.command) if ctx is not None else None
    if ctx is None or option is None:
        return None
    extra = _EXTRA.fullmatch(exc.message)
    missing = isinstance(exc, click.MissingParameter) and exc.param is option
    if not (missing or extra) or ctx.params.get(option.name or "") is not None:
        return None
    words = [str(word) for word in ctx.meta.get(COMMAND_WORDS, [])]
    seats = [
        at
        for at, word in enumerate(words)
        if at > 0 and word.isdigit() and (extra is None or word == extra["words"].strip())
    ]
    if len(seats) != 1 or words[seats[0] - 1].startswith("-"):  # a number another option's
        return None
    at = seats[0]
    line = shell_command("wtg", ctx.info_name or "", *words[:at], "--player", *words[at:])
    return click.UsageError(
        f"the player's number goes with --player: `{line}`; nothing was done", ctx
    )


def seat_meant(exc: click.NoSuchOption) -> click.UsageError | None:
    """`wtg offer-seat g1 --player 2` (or `--player=2`), as `wtg new-code g1 --player 2`
    takes a seat: the seat is a word of its own there. The command that gives it so; None
    for any other slip."""
    ctx = exc.ctx
    if ctx is None or exc.option_name != "--player":
        return None
    seat = [p for p in ctx.command.params if isinstance(p, click.Argument) and p.name == "seat"]
    words = [str(word) for word in ctx.meta.get(COMMAND_WORDS, [])]
    # `--player 2` and `--player=2` alike: the seat is the option's value either way
    given = [at for at, word in enumerate(words) if word.split("=", 1)[0] == "--player"]
    if not seat or len(given) != 1:
        return None
    at = given[0]
    value = words[at].partition("=")[2]
    line = shell_command(
        "wtg", ctx.info_name or "", *words[:at], *([value] if value else []), *words[at + 1 :]
    )
    return click.UsageError(
        f"No such option '--player': wtg {ctx.info_name} takes the seat as a word of its own, "
        f"after the game: `{line}`",
        ctx,
    )


TAKEN_INSTEAD = {"run-turn": "--due"}
"""What a command takes in place of its arguments (`wtg run-turn --due`: every due game),
said with them when a word too many was given."""


def _extra_words(
    exc: click.UsageError, games_folder: Callable[[], Path | None]
) -> click.UsageError | None:
    """A word too many (`wtg run-turn test1 t7782`: a code, a second game): click said only
    'Got unexpected extra argument (t7782)'. What the command takes, and, when a word is
    another game of the host's (``games_folder``: the games folder given, read only then),
    that the command takes one game a time, given once for each; when it is the same game
    (pasted twice, or as its name and its folder), the command given once. None for any
    other slip."""
    ctx = exc.ctx
    found = _EXTRA.fullmatch(exc.message)
    if ctx is None or found is None:
        return None
    arguments = [p for p in ctx.command.params if isinstance(p, click.Argument)]
    names = [p.human_readable_name.strip("[]") for p in arguments]
    takes = (
        f"one {names[0]}" if len(names) == 1 else " and ".join(names) if names else "options only"
    )
    instead = TAKEN_INSTEAD.get(ctx.info_name or "")
    said = (
        f"{exc.message}: wtg {ctx.info_name} takes {takes}{f' (or {instead})' if instead else ''}"
    )
    game = ctx.params.get("game_dir")
    if not isinstance(game, str):
        return _every_game(exc, said, games_folder) or click.UsageError(said, ctx)
    games = games_folder()
    named = _host_games(games, found["words"].split())
    if not named:
        return click.UsageError(said, ctx)
    typed = [ctx.info_name or "", *ctx.meta.get(COMMAND_WORDS, [])]
    for word in named:
        if word in typed:
            typed.reverse()
            typed.remove(word)
            typed.reverse()
    here = _game_folder(games, game)
    others = [word for word in named if _game_folder(games, word) != here]
    each = [
        shell_command("wtg", *[name if w == game else w for w in typed]) for name in [game, *others]
    ]
    if len(each) == 1:  # the game itself again: a second run of it is no game meant
        return click.UsageError(f"{said}: {game} is named twice; give it once, `{each[0]}`", ctx)
    times = "twice" if len(each) == 2 else "once for each"
    return click.UsageError(
        f"{said}: one game a time, so give it {times}, `{'`, then `'.join(each)}`", ctx
    )


EVERY_GAME = {
    "send": "mails what every game has waiting",
    "remind": "reminds the players of every game",
    "poll": "files the mail of every game",
    "digest": "tells of every game",
}
"""The commands that take no game, for they work on every game of the host at once."""


def _every_game(
    exc: click.UsageError, said: str, games_folder: Callable[[], Path | None]
) -> click.UsageError | None:
    """A game given to a command of every game (`wtg send g1`, to mail g1's turn): that
    the command works on them all, and the command to give, the game left out; None when
    no word given too many names a game of the host."""
    ctx = exc.ctx
    found = _EXTRA.fullmatch(exc.message)
    what = EVERY_GAME.get(ctx.info_name or "") if ctx is not None else None
    if ctx is None or found is None or what is None:
        return None
    named = _host_games(games_folder(), found["words"].split())
    if not named:
        return None
    typed = [w for w in [ctx.info_name or "", *ctx.meta.get(COMMAND_WORDS, [])] if w not in named]
    return click.UsageError(
        f"{said}: it {what} at once, {named[0]} too: `{shell_command('wtg', *typed)}`", ctx
    )


def _game_folder(games: Path | None, word: str) -> str:
    """The folder of the game ``word`` names (its folder, or its name in ``games``), as
    the file system has it, to tell one game given twice."""
    path = Path(word)
    if not (path / "game.yaml").is_file() and games is not None and os.sep not in word:
        path = games / word
    return os.path.realpath(path)


def _host_games(games: Path | None, words: list[str]) -> list[str]:
    """Those of ``words`` that name a game: a game's folder, or a game of the games folder
    ``games``."""
    return [
        word
        for word in words
        if (Path(word) / "game.yaml").is_file()
        or (games is not None and os.sep not in word and (games / word / "game.yaml").is_file())
    ]
