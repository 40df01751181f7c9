"""Every `wtg` command line the docs show runs as written: the command is one of wtg's, each
option one it has, the arguments as many as it takes. A GM at 2 a.m. copies them. The lines
the docs show as slips, to say what wtg answers them, are refused, and where the docs quote
the answer, in the words wtg prints."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from wtg.cli import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = [
    ROOT / "README.md",
    *(ROOT / "docs" / name for name in ("gm.md", "mail.md", "architecture.md")),
    *sorted((ROOT / "docs" / "rules").glob("*.md")),
]

SLIPS: dict[str, str | None] = {
    "status --config FILE": "--config goes before the command",
    "run-turn --due --config /srv/wtg/wtg.yaml": (
        "--config goes before the command: `wtg --config /srv/wtg/wtg.yaml run-turn --due`"
    ),
    "open-list wok 4": (
        "Got unexpected extra argument (4): did you mean wok4? `wtg open-list wok4`;"
        " nothing was done"
    ),
    "new test2": "No such command 'new': did you mean `wtg new-code` or `wtg new-game`?",
    "run": None,
    "check": None,
    "run-turn -due": "No such option '-due': a long option takes two dashes, --due",
    "remind --due": "No such option '--due': it is an option of wtg run-turn, not of wtg remind",
    "run-turn --all": "every game that is due is run by --due",
    "run-turn-due": "No such command 'run-turn-due': did you mean `wtg run-turn --due`?",
    "send g1": (
        "wtg send takes options only: it mails what every game has waiting at once, g1 too:"
        " `wtg send`"
    ),
    "new-code g1 3": "the player's number goes with --player: `wtg new-code g1 --player 3`",
    "offer-seat g1 --player 3": (
        "wtg offer-seat takes the seat as a word of its own, after the game: `wtg offer-seat g1 3`"
    ),
    "--config /srv/wtg/wtg.yaml hold g1 moving": (
        "Error: a hold's reason goes with --reason:"
        " `wtg --config /srv/wtg/wtg.yaml hold g1 --reason moving`"
    ),
    "hold g1 'the server moves'": (
        "Error: a hold's reason goes with --reason: `wtg hold g1 --reason 'the server moves'`"
    ),
    "run-turn test1 test2 --now": None,
    "run-turn test1 test1 --now": "test1 is named twice; give it once, `wtg run-turn test1 --now`",
    "rollback g1 5": "the turn to go back to goes with --to: `wtg rollback g1 --to 5`",
}
"""The slips the docs show (the line after `wtg`, as a shell reads it), each with what they
quote wtg answering it (None where they say it in words of their own)."""

PROSE = {
    "send holds its mails back",
    "send holds them back",
    "send holds the game's reports back",
    "send sets it aside as failed",
    "send would set his mail aside",
    "serve (pid 4711, since ...) polls /srv/wtg/games/.mail already: this one leaves the work"
    " to it",
}
"""Backquoted words the docs quote from a line of wtg's that begin with a program's name
(after `wtg`): no command line."""

PLACEHOLDERS = {"N": "3", "M": "3", "HOURS": "3", "svg|png": "svg"}


def flat(text: str) -> str:
    """``text`` with its lines joined by spaces, for a quote wrapped over lines."""
    return re.sub(r"\s+", " ", text)


def shown(doc: Path) -> list[tuple[int, str]]:
    """Every command line ``doc`` shows, with its line: the `wtg` lines of its sh blocks
    (continued lines joined; in a block of `$ ` prompts, the lines after a prompt, the others
    being what the command printed) and every backquoted `wtg ...` or `COMMAND --option`."""
    text = doc.read_text(encoding="utf-8")
    found: list[tuple[int, str]] = []
    fences = list(re.finditer(r"^```(\w*)\n(.*?)^```", text, flags=re.S | re.M))
    for fence in fences:
        if fence.group(1) != "sh":
            continue
        first = text[: fence.start(2)].count("\n") + 1
        prompts = "\n$ " in "\n" + fence.group(2)
        for number, line in enumerate(fence.group(2).replace("\\\n", " ").splitlines()):
            if prompts and not line.startswith("$ "):
                continue
            line = line.removeprefix("$ ")
            if line.startswith("wtg "):
                found.append((first + number, line))
    prose = text
    for fence in reversed(fences):
        blank = re.sub(r"[^\n]", " ", fence.group(0))
        prose = prose[: fence.start()] + blank + prose[fence.end() :]
    commands = "|".join(re.escape(name) for name in main.commands)
    for span in re.finditer(rf"(?<!`)`((wtg|{commands})\s[^`]+)`", prose.replace("\n", " ")):
        line = flat(span.group(1))
        if line.split()[1][-1] in ":,":
            continue  # `wtg upgrade: nothing upgraded; ...`, a line wtg printed
        if span.group(2) != "wtg":
            if not line.split()[1].startswith("-"):
                continue  # `status` said in words: no line of options
            line = "wtg " + line
        found.append((prose[: span.start()].count("\n") + 1, line))
    return found


def words(line: str) -> list[str]:
    """The words after `wtg` of a command line as a shell would give them, cut at a comment,
    a pipe, a redirection or the next command, the docs' [optional] brackets and `...` left
    out and a placeholder given a value."""
    line = re.sub(r"\$\([^)]*\)", "x", line.split(" #")[0]).replace("[", "").replace("]", "")
    lexer = shlex.shlex(line.rstrip("\\ "), posix=True, punctuation_chars=";|&<>")
    lexer.whitespace_split = True
    found: list[str] = []
    for word in lexer:
        if not word.strip(";|&<>"):
            break
        if word != "...":
            found.append(PLACEHOLDERS.get(word, word))
    return found[1:]


def parse_problem(args: list[str]) -> str | None:
    """What click says of ``args`` given to wtg, None when it takes them: a missing
    argument or a file not here is no problem of the line (the docs leave them out or name
    a GM's own)."""
    while args[:1] in (["--config"], ["--games-dir"]):
        args = args[2:]
    if not args or args[0].startswith("-"):
        return None
    command = main.commands.get(args[0])
    if command is None:
        return f"no command {args[0]!r}"
    try:
        command.make_context(args[0], args[1:])
    except click.exceptions.Exit:
        return None
    except click.UsageError as exc:
        message = exc.format_message()
        if isinstance(exc, click.MissingParameter) or "No such file" in message:
            return None
        if "requires an argument" in message:
            return None
        return message
    return None


def test_every_command_line_of_the_docs_runs_as_written() -> None:
    slips = [shlex.split(slip) for slip in SLIPS]
    problems = []
    for doc in DOCS:
        for number, line in shown(doc):
            if line.removeprefix("wtg ") in PROSE:
                continue
            args = words(line)
            if args in slips:
                continue
            problem = parse_problem(list(args))
            if problem is not None:
                problems.append(f"{doc.relative_to(ROOT)}:{number}: `{line}`: {problem}")
    assert problems == []


def answer(slip: str, tmp_path: Path) -> tuple[int, str]:
    """wtg's exit code and output given ``slip``, on a games folder of the games the docs'
    slips name (a game is a folder with a game.yaml, to the slips' checks) and no config."""
    games = tmp_path / "games"
    for game in ("g1", "test1", "test2"):
        (games / game).mkdir(parents=True, exist_ok=True)
        (games / game / "game.yaml").write_text("", encoding="utf-8")
    env = {"WTG_CONFIG": None, "WTG_GAMES_DIR": str(games)}
    result = CliRunner().invoke(main, shlex.split(slip), prog_name="wtg", env=env)
    return result.exit_code, flat(result.output)


def test_every_slip_the_docs_show_is_one_they_show_and_wtg_refuses(tmp_path: Path) -> None:
    lines = {
        tuple(words(line))
        for doc in DOCS
        for _, line in shown(doc)
        if line.removeprefix("wtg ") not in PROSE
    }
    text = flat("\n".join(doc.read_text(encoding="utf-8") for doc in DOCS))
    quoted = [slip for slip in SLIPS if f"`{slip}`" in text or f"`wtg {slip}`" in text]
    assert [s for s in SLIPS if tuple(shlex.split(s)) not in lines and s not in quoted] == []
    assert [slip for slip in SLIPS if answer(slip, tmp_path)[0] != 2] == []


@pytest.mark.parametrize("slip", [slip for slip, quote in SLIPS.items() if quote])
def test_wtg_answers_a_slip_in_the_words_the_docs_quote(slip: str, tmp_path: Path) -> None:
    quote = SLIPS[slip]
    assert quote is not None
    assert quote in flat("\n".join(doc.read_text(encoding="utf-8") for doc in DOCS))
    code, output = answer(slip, tmp_path)
    assert code == 2
    assert quote in output


def test_the_check_finds_an_option_a_command_lacks_and_a_command_wtg_lacks() -> None:
    """The check itself: a line with an option of another command, a word too many or a
    command renamed is a problem; the docs' placeholders and brackets are not."""
    assert "No such option" in (parse_problem(words("wtg remind --due")) or "")
    assert "unexpected extra argument" in (parse_problem(words("wtg send g1")) or "")
    assert parse_problem(words("wtg run-turns --due")) == "no command 'run-turns'"
    line = "wtg --config wtg.yaml map g1 [--player N] [--format svg|png] ...  # the board"
    assert words(line) == ["--config", "wtg.yaml", "map", "g1", "--player", "3", "--format", "svg"]
    assert parse_problem(words(line)) is None


def unsaid(commands: dict[str, click.Command], text: str) -> list[str]:
    """Each command of ``commands`` and each option of theirs that ``text`` names nowhere,
    as ``wtg COMMAND`` or ``wtg COMMAND --option``: an option is named by any of its
    spellings (`-o` for `--output`, `--no-map-pictures` for `--map-pictures`)."""
    missing = []
    for name, command in sorted(commands.items()):
        if f"`wtg {name}" not in text and not re.search(rf"`{re.escape(name)}\b", text):
            missing.append(f"wtg {name}")
        for param in command.params:
            spellings = [*param.opts, *param.secondary_opts]
            if not isinstance(param, click.Option) or param.hidden or "--help" in spellings:
                continue
            if not any(re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text) for s in spellings):
                missing.append(f"wtg {name} {param.opts[-1]}")
    return missing


def test_every_command_and_option_of_wtg_is_in_the_docs() -> None:
    """oauth2-login's --auth-url was in its help alone: a GM reading docs/mail.md's Gmail
    steps could not know the endpoint may be given. What `wtg --help` lists, the docs say."""
    text = flat("\n".join(doc.read_text(encoding="utf-8") for doc in DOCS))
    assert unsaid(dict(main.commands), text) == []


def test_the_check_finds_an_option_and_a_command_the_docs_leave_out() -> None:
    """An option said by its short or its negative spelling is said; one said nowhere,
    or only inside another option's name, is not, nor is a command never given."""
    draw = click.Command(
        "draw",
        params=[
            click.Option(["-o", "--output"]),
            click.Option(["--pictures/--no-pictures"]),
            click.Option(["--turn"]),
            click.Option(["--player"]),
        ],
    )
    quiet = click.Command("quiet", params=[click.Option(["--auth-url"])])
    text = "`wtg draw g1 -o FILE --no-pictures`, `--turn-count`, `--player`"
    assert unsaid({"draw": draw, "quiet": quiet}, text) == [
        "wtg draw --turn",
        "wtg quiet",
        "wtg quiet --auth-url",
    ]
