"""The commands a mail to the host may carry, read from the lines its sender typed.

A reply holds more than its sender typed: the mail it answers, quoted (``> `` or ``| `` on
every line, above or below the reply, or around lines typed into it), or as Outlook and the
forwarding clients leave it, unquoted under a line that says so (``-----Original
Message-----``, ``From: ... Sent: ...``, ``Begin forwarded message:``, an attribution ``On
... wrote:`` with unquoted text under it), or pasted in without either (its lines as in the
mail answered, when the host knows it). None of that is read: the host's own mail (a
request with its ``CONFIRM`` line, a report with other players' press) is never taken for
the sender's commands. Of the lines he typed (above, below or inside the quote), a line is
a command when it starts with a command word (``JOIN``, ``LIST``, ...): written in capitals,
always; in any other case, when the line is the command alone, its words as the command
takes them (``join wok4``, not ``Join us in the fight!``). The first line typed may also be
a word in capitals that looks like a command (``SUBSCRIBE wok4``), answered with the HELP.
A ``CODE <code>`` line among them gives the player's secret code. The lines under a PRESS
and its ``CODE`` line are the free text of the PRESS (up to a signature ``-- `` or the
quote), never commands. Pure: text in, records out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain, pairwise

from wtg.aof.mailtext import BEGIN_MARKER, END_MARKER
from wtg.aof.original import ATTRIBUTION, ORIGINAL, forward_end, header_block
from wtg.core.formatchars import without_joiners
from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.core.typednumber import typed_number
from wtg.lobby import wordruns
from wtg.text.commandwords import ARGUMENT, ARGUMENTS
from wtg.text.commandwords import CODE_WORD as CODE_WORD
from wtg.text.commandwords import VERBS as VERBS

WITHDRAW_ONLY = "ONLY"
"""The word after a WITHDRAW's list that takes the sender off the list of that name alone,
where the name is a ruleset's too (``WITHDRAW wok4 ONLY``: he stays on wok4-beginner)."""
EXAMPLE_CODE = "ABCD2345EF"
"""The code of the HELP's example (``CODE ABCD2345EF``): no player's, never the mail's code
(a player who pasted the HELP above his own CODE line meant his)."""
MAX_COMMANDS = 10
"""Command lines read from one mail; the rest are not read (the answer says so). The lines
of the HELP pasted (its placeholders, its example: ``placeholders``) are not counted in
them, up to ``PASTED_MOST``: the HELP's table pasted whole took the ten, and the commands
the player typed under it were not read."""
PASTED_MOST = 20
"""Lines of the HELP pasted (``placeholders``) read from one mail apart from
``MAX_COMMANDS`` (the HELP has 14); past them they count as the others do."""
UNREAD_NAMED = 6
"""Command lines not read that the answer names by line; the rest it counts."""
PRESS_MAX = 4000
"""Characters of press one mail may carry."""
PRESS_LINES = 100
"""Lines of press one mail may carry, once each run of blank lines is one: a piece of
thousands of short or empty lines, within ``PRESS_MAX``, pushed every other piece pages
down in each player's mail."""
MAX_LINES = 5000
"""Lines of a text looked at: a reply quoting a report has a few hundred."""
_LOOKS_LIKE_A_COMMAND = re.compile(r"^[A-Z]{3,12}(?:\s|$)")
_WORD = re.compile(r"\S+")

REPLY_LINE = 0
"""The line of the command a plain reply to a code is read as (``wtg.lobby.yesno``): no
typed line has it (they count from 1), so the book remembers it apart from the commands the
mail typed, with what it was read as (``Answering.remember``)."""


class Command(Record):
    """One command line: its word (upper case), its arguments as written, its line."""

    verb: str
    args: tuple[str, ...]
    line: int
    example: bool = False
    """Whether it is the line right above the HELP's example code (``REPORT kaomaris 4``
    over ``CODE ABCD2345EF``): the HELP's example pasted, not the sender's command."""

    def text(self) -> str:
        return " ".join((self.verb, *self.args))


class Unclear(Record):
    """A line the sender typed that starts with a command's word but is no command as the
    host reads them (``resign g1 please``, ``JOIN: wok4``): nothing of it is done, and the
    answer names it (never dropped without a word)."""

    line: int
    typed: str
    """The line as typed, its words one space apart (a CODE line's code not shown)."""
    meant: str
    """The command it looks like (``RESIGN g1``)."""


UNCLEAR_NAMED = 6
"""Lines not understood that the answer names; the rest it counts."""


class CommandMail(Record):
    """What a command mail says: its commands, the CODE given (if any), the free text after
    the commands (a PRESS's message) and the lines not read."""

    commands: tuple[Command, ...]
    code: str | None
    text: str
    skipped: int = 0
    """The command lines past ``MAX_COMMANDS``, not read."""
    unread: tuple[Command, ...] = ()
    """The first ``UNREAD_NAMED`` of them, which the answer names (an order mail's too)."""
    press_end: str = ""
    """The line the PRESS's text ends above, as typed, when that is a line the sender typed
    that reads as the head of a mail quoted or forwarded (``--- end of press ---``, ``From:
    ...`` with ``Subject: ...`` under it, ``... wrote:``): nothing under it is the press,
    and the answer says so; empty when the text ends at the mail's end, a quote, a blank or
    a signature."""
    unclear: tuple[Unclear, ...] = ()
    """The first ``UNCLEAR_NAMED`` lines typed that look like commands but are none."""
    more_unclear: int = 0
    """How many more such lines the mail typed."""
    cut_at: str = ""
    """The line, as typed, that reads as a reply's attribution (``Bob wrote:``, ``Am 3. Dez
    schrieb mir Bob:``) and ended what the sender typed, when he typed on under it, unquoted,
    lines that are commands or look like them (``under_cut``); else empty."""
    under_cut: tuple[Command, ...] = ()
    """The first ``UNCLEAR_NAMED`` lines under ``cut_at`` that are commands or look like
    them, each as typed: none was read, and the answer names them."""
    more_under_cut: int = 0
    """How many more such lines stand under ``cut_at``."""


def read_commands(text: str, answered: str = "") -> CommandMail | None:
    """The commands of a mail's text, or None when the lines its sender typed hold none
    (nor a CODE line, nor a line that looks like one: ``Unclear``). ``answered``: the text
    of the host's mail it answers, when known: its lines pasted into the reply without quote
    marks or separator are not the sender's either."""
    lines, typed, cut = typed_of(text, answered)
    commands: list[Command] = []
    unread: list[Command] = []
    unclear: list[Unclear] = []
    more_unclear = 0
    code: str | None = None
    skipped = 0
    counting = 0  # the commands read that count in MAX_COMMANDS
    first = next((i for i in typed if lines[i].strip()), None)
    pressing = False
    for position, index in enumerate(typed):
        words = _WORD.findall(without_joiners(lines[index]))  # a press's text keeps them
        if pressing and (index != typed[position - 1] + 1 or not words or not _is_command(words)):
            # the lines right under a PRESS that are commands (its CODE) end at the first
            # that is none: its text begins there
            press, end = _press_text(lines, typed, position)
            return CommandMail(
                tuple(commands),
                code,
                press,
                skipped,
                tuple(unread),
                end,
                tuple(unclear),
                more_unclear,
            )
        if not words:
            continue
        verb = words[0].upper()
        if verb == CODE_WORD and _is_command(words):
            code = code or (words[1] if words[1].upper() != EXAMPLE_CODE else None)
            if words[1].upper() == EXAMPLE_CODE and commands and position:
                above = commands[-1]  # the HELP's example over its code: no command of his
                if above.line == typed[position - 1] + 1 and placeholders(above) is None:
                    commands[-1] = above.replaced(example=True)
                    # out of the ten while the HELP's lines read are fewer than PASTED_MOST
                    counting -= len(commands) - counting < PASTED_MOST
            continue
        if _colon_command(words):  # ``CONFIRM: <code>``, as people write ``Subject:``
            words = [verb.removesuffix(":"), *words[1:]]
            verb = words[0]
        shouted = index == first and _LOOKS_LIKE_A_COMMAND.match(lines[index].strip())
        if not (_is_command(words) or shouted):
            meant = _meant(words)
            if meant is not None and len(unclear) < UNCLEAR_NAMED:
                unclear.append(Unclear(index + 1, _shown(words), meant))
            elif meant is not None:
                more_unclear += 1
            continue
        command = Command(verb, tuple(words[1:]), index + 1)
        pasted = placeholders(command) is not None and len(commands) - counting < PASTED_MOST
        if (
            not pasted and counting >= MAX_COMMANDS
        ):  # not read: the lines under a PRESS not read are
            skipped += 1  # no text of a PRESS, and the commands among them are named too
            if len(unread) < UNREAD_NAMED:
                unread.append(command)
            continue
        commands.append(command)
        counting += not pasted
        pressing = pressing or (verb == "PRESS" and not pasted)  # the HELP's own PRESS row
    under, more_under = _commands_under(lines, cut)
    if not commands and code is None and not unclear and not under:
        return None
    return CommandMail(
        tuple(commands),
        code,
        "",
        skipped,
        tuple(unread),
        "",
        tuple(unclear),
        more_unclear,
        lines[cut[0]].strip() if under else "",
        under,
        more_under,
    )


def _commands_under(lines: Sequence[str], cut: Sequence[int]) -> tuple[tuple[Command, ...], int]:
    """The first ``UNCLEAR_NAMED`` lines of ``cut`` (an attribution's line, then the lines
    typed on under it: ``typed_of``) that are commands or look like them, each as typed (a
    CODE line without its code), and how many more there are."""
    found: list[Command] = []
    more = 0
    for index in cut[1:]:
        words = _WORD.findall(without_joiners(lines[index]))
        if not words or not (_is_command(words) or _meant(words) is not None):
            continue
        if len(found) < UNCLEAR_NAMED:
            shown = _shown(words).split()
            found.append(Command(shown[0], tuple(shown[1:]), index + 1))
        else:
            more += 1
    return tuple(found), more


class Beside(Record):
    """The commands a player typed beside an order form, each as typed, and how many more
    were typed past those (past ``UNREAD_NAMED`` of a text's lines not read): an answer
    names the first and counts the rest."""

    commands: tuple[str, ...] = ()
    more: int = 0

    def __bool__(self) -> bool:
        return bool(self.commands)


NONE_BESIDE = Beside()
"""No command typed beside a form."""


def typed_beside_a_form(texts: Sequence[str], answered: str = "") -> Beside:
    """The commands a player typed in a mail that carries an order form (above it, below
    it, in another part): an order mail is read for its orders alone, so its answer names
    these as not carried out, never leaving them unsaid. The lines of each form (from its
    begin marker to its end marker) are no command of his. A line that looks like a command
    but is none (``Unclear``) is named too, as typed. ``answered``: the text of the host's
    mail the reply answers or forwards, when known: its lines pasted without quote marks (a
    press mail's head, ``PRESS of game g1, turn 3: ...``) are none of his, as for
    ``read_commands``."""
    found: list[str] = []
    more = 0
    for text in texts:
        read = read_commands(outside_forms(text), answered)
        if read is not None:  # past MAX_COMMANDS too: not carried out either
            commands = (*read.commands, *read.unread)
            found.extend(c.text() for c in commands if c.verb in VERBS)
            found.extend(line.typed for line in read.unclear)  # no command, never unsaid
            more += read.skipped - len(read.unread) + read.more_unclear
    return Beside(tuple(found), more)


@lru_cache(maxsize=8)
def outside_forms(text: str) -> str:
    """``text`` with each line of an order form in it, from its begin marker to its end
    marker, made a quoted line (``>``): the lines a player typed beside his forms are
    read as his (commands, a question), a form's never. Asked twice of an order mail's
    text (the commands beside its forms, its question): made once, the last few kept."""
    lines = text.splitlines()[:MAX_LINES]
    inside = False
    for index, line in enumerate(lines):
        begins = BEGIN_MARKER in line
        if inside or begins:
            lines[index] = ">"  # as a quoted line: not typed
        inside = (inside or begins) and END_MARKER not in line
    return "\n".join(lines)


PLACEHOLDERS = ("game", "ruleset", "variant", "list", "name", "turn", "code", "from", "to", "n")
"""The words of the HELP's placeholders (``ABSENCE <game> <from> <to>``)."""
_PLACEHOLDER = re.compile(f"<(?:{'|'.join(PLACEHOLDERS)})>", re.I)


def placeholders(command: Command) -> str | None:
    """Why a command that holds the HELP's placeholders is not understood (a player who
    pasted the HELP into his mail, unmarked, never meant its lines), or None. HELP and LIST
    take no words: what follows them is not read."""
    if command.example:
        return (
            f"{command.text()} is the example of the HELP, over its example code "
            f"{EXAMPLE_CODE}: nothing was done (write the command with your game, and your "
            "code on the CODE line)"
        )
    if command.verb in ("HELP", "LIST"):
        return None
    found = next((m.group(0) for a in command.args if (m := _PLACEHOLDER.search(a))), None)
    if found is None:
        return None
    return (
        f"{found} is a placeholder of the HELP, not a value: nothing was done (write the "
        f"command with a value in its place, as in REPORT kaomaris 4)"
    )


def stray_words(command: Command) -> str | None:
    """Why a command holds words it does not take (a command in capitals is read whatever
    follows its word), or None. Such a command is refused, never carried out in part:
    ``PRESS g 2`` (meant for player 2 alone) would have gone to every player, ``RESIGN g1
    g2`` resigned g1 alone, ``CONFIRM CODE1 CODE2`` confirmed the first, each without a
    word of what was left. HELP and LIST change nothing and answer in full: what follows
    them is the sender's own words."""
    verb, args = command.verb, list(command.args)
    if verb in ("HELP", "LIST") or verb not in ARGUMENTS:
        return None
    if verb == "JOIN":
        upper = [a.upper() for a in args]
        args = args[: upper.index("AS")] if "AS" in upper else args
    if verb == "PRESS" and len(args) > 1:
        if len(args) == 3 and args[1].upper() == "TO":
            return None
        return (
            f"PRESS takes a game, then TO <n> for one player alone (PRESS {args[0]} TO 3); "
            f'"{" ".join(args[1:])}" is neither: nothing was sent, to anyone (its text goes '
            "on the lines below the PRESS and CODE lines)"
        )
    if verb == "WITHDRAW" and len(args) == 2 and args[1].upper() != WITHDRAW_ONLY:
        return (
            f"WITHDRAW takes a ruleset or a list, then {WITHDRAW_ONLY} for the list named as "
            f'its ruleset alone (WITHDRAW {args[0]} {WITHDRAW_ONLY}); "{args[1]}" is neither: '
            "nothing was done"
        )
    most = ARGUMENTS[verb][1]
    if len(args) <= most:
        return None
    takes = {
        "JOIN": "a ruleset and its variant (or a game), then AS <name>",
        "CONFIRM": "one code",
        "WITHDRAW": "a ruleset or a list, then ONLY for the list named as its ruleset alone",
        "REPORT": "a game and a turn",
        "AOF": "one game",
        "STATUS": "one game",
        "RESIGN": "one game",
        "ABSENCE": "a game, the first turn or day and the last",
    }.get(verb, counted(most, "word"))
    return (
        f'{verb} takes {takes}; "{" ".join(args[most:])}" after that is not read: nothing '
        "was done (write each command on a line of its own)"
    )


def _is_command(words: Sequence[str]) -> bool:
    """Whether a line's words are a command: its word in capitals, or the command alone
    with the arguments it takes."""
    verb = words[0].upper()
    if verb not in ARGUMENTS:
        return False
    if words[0] == verb:
        return verb != CODE_WORD or len(words) >= 2
    return _takes(verb, words[1:])


COLON_READ = ("CONFIRM", "JOIN", "RESIGN", "WITHDRAW")
"""The commands read with a colon after their word (``CONFIRM: 7KQ2M9XWRT``, ``Resign: g1``),
then exactly the words they take: each only asks for a code to CONFIRM, or is the CONFIRM of
a code the host mailed, so a line misread does nothing. The others stay lines not
understood, named in the answer: ``Status: away``, ``Report: ...`` or ``Code: ...`` read as
the header lines of an auto-reply or a report as often as a command (``STATUS: g1`` would
answer ``Status: away`` with "there is no game 'away'"), and PRESS and ABSENCE act at once."""


def _colon_command(words: Sequence[str]) -> bool:
    """Whether a line is a command of ``COLON_READ`` written with a colon after its word,
    then exactly the words it takes (no sign after the last)."""
    head = words[0]
    verb = head.removesuffix(":").upper()
    if head == verb or not head.endswith(":") or verb not in COLON_READ:
        return False
    return _takes(verb, words[1:]) and words[-1][-1] not in _TRAILING


_BULLET = re.compile(r"[-*•·–]|\d{1,2}[.)]")
"""What an item of a list typed starts with: a bullet, a number."""
_TRAILING = ",.;:!?"
"""What a word typed in a sentence ends with (``wok4,``), which no argument does."""


def _meant(words: Sequence[str]) -> str | None:
    """The command a line that is none looks like (``resign g1 please``: ``RESIGN g1``;
    ``JOIN: wok4``: ``JOIN wok4``), or None when it looks like none: its word, then the
    words the command takes, with more after them or a sign ending one (``wok4,``); or its
    word with a colon, then exactly the words it takes (``Status: ACTIVE  EFF: 99% ...``, a
    report's line pasted, is none). Prose that starts with a command's word takes none of
    its words (``Help me``, ``List of things``: HELP and LIST take none, and are never meant
    so; ``Join us in the fight!``, ``report of turn 3``: no game is named ``us`` or ``of``).
    A command typed as an item of a list (``- JOIN wok4``, ``1. status g1``) is meant as
    the command."""
    if _BULLET.fullmatch(words[0]) and len(words) > 1:
        if words[1].removesuffix(":").upper() == CODE_WORD:
            return _meant(words[1:])
        if _is_command(words[1:]):
            return " ".join((words[1].upper(), *words[2:]))
        return _meant(words[1:])
    head = words[0].removesuffix(":")
    verb = head.upper()
    if verb not in ARGUMENTS:
        return None
    args: list[str] = []
    for word in words[1:]:  # a sign after a word ends the command there (``wok4, please``)
        args.append(word.rstrip(_TRAILING))
        if args[-1] != word:
            break
    if args and args[0].casefold() in _NO_ARGUMENT:
        return None
    colon = head != words[0]
    if colon and len(args) < len(words) - 1:
        return None
    least = len(args) if colon else max(ARGUMENTS[verb][0], 1)
    for count in range(len(args), least - 1, -1):
        if all(args[:count]) and _takes(verb, args[:count]):
            shown = ["[your code]"] if verb == CODE_WORD else args[:count]
            return " ".join((verb, *shown))
    return None


_SENTENCE_WORDS = (
    "a an the of to for in on at by as is are be me us you him her it them my your our"
    " this that these those and or but with from up out off all so"
)
_NO_ARGUMENT = frozenset(_SENTENCE_WORDS.split())
"""Words of a sentence that name no game, ruleset or code: a line whose command's word is
followed by one is prose (``Join us in the fight!``), not a command mistyped."""


def _shown(words: Sequence[str]) -> str:
    """A line not understood as its answer quotes it: a CODE line without its code."""
    for at, word in enumerate(words[:2]):
        if word.removesuffix(":").upper() == CODE_WORD:
            return " ".join((*words[: at + 1], "[your code]"))
    return " ".join(words)


def _takes(verb: str, words: Sequence[str]) -> bool:
    """Whether ``words`` are the arguments ``verb`` takes, as a line in lower or mixed case
    must give them."""
    args = list(words)
    if verb == "JOIN":
        upper = [a.upper() for a in args]
        args = args[: upper.index("AS")] if "AS" in upper else args
    least, most = ARGUMENTS[verb]
    if not least <= len(args) <= most or not all(ARGUMENT.fullmatch(a) for a in args):
        return False
    if verb == "REPORT" and len(args) == 2:
        return typed_number(args[1]) is not None
    if verb == "PRESS" and len(args) > 1:
        return len(args) == 3 and args[1].upper() == "TO" and typed_number(args[2]) is not None
    if verb == "WITHDRAW" and len(args) > 1:
        return args[1].upper() == WITHDRAW_ONLY
    return True


SIGNATURE_LINES = 8
"""Lines of text a signature holds at the most (a firm's, with its address and phones):
more under the ``-- `` line of a PRESS is press the sender wrote on, and his copy says it
was not taken; a reply's last lines that far up may be a signature without the dashes
(``wtg.lobby.yesno``)."""


def _press_text(lines: Sequence[str], typed: Sequence[int], position: int) -> tuple[str, str]:
    """The text of a PRESS: the typed lines from ``position`` on, as long as they follow
    one another (a quoted line or the original ends it), up to a signature; and the line it
    ends above when the sender typed it and it reads as an original's head
    (``CommandMail.press_end``), else empty."""
    kept: list[str] = []
    previous = typed[position - 1] if position else -1
    for index in typed[position:]:
        if index != previous + 1:
            break
        previous = index
        line = lines[index]
        if line.rstrip() == "--":
            return "\n".join(kept).strip("\n"), ""  # a signature: the sender's own end
        kept.append(line.rstrip())
    after = previous + 1
    shown = lines[after].strip() if after < len(lines) else ""
    if shown == "--":  # a signature: the sender's own end, unless he wrote on under it
        return "\n".join(kept).strip("\n"), "--" if _signed(lines, after) > SIGNATURE_LINES else ""
    attribution = ATTRIBUTION.fullmatch(shown) and _over_a_quote(lines, after)
    ordinary = shown == "" or _quoted(lines[after]) or attribution
    end = "" if ordinary else shown  # a reply's "On ... wrote:" over its quote is no news
    return "\n".join(kept).strip("\n"), end


def _over_a_quote(lines: Sequence[str], attribution: int) -> bool:
    """Whether the line ``attribution`` stands over a quote: the next line of text under it
    is quoted, or there is none. review47c: a line the sender typed in his press that reads
    as an attribution (``Am 3. Dezember schrieb mir Lord3:``, ``On turn 3 Lord3 wrote:``)
    over the lines he typed on ended his press, the lines under it not taken, and his copy
    said nothing of them."""
    following = next((line for line in lines[attribution + 1 :] if line.strip()), None)
    return following is None or _quoted(following)


def _signed(lines: Sequence[str], dashes: int) -> int:
    """The lines of text under the ``-- `` line ``dashes``, up to a quote or the original."""
    found = 0
    for index in range(dashes + 1, len(lines)):
        line, stripped = lines[index], lines[index].strip()
        if _quoted(line) or ORIGINAL.fullmatch(stripped) or ATTRIBUTION.fullmatch(stripped):
            break
        if header_block(lines, index):  # the mail answered, unquoted under the signature
            break
        found += bool(stripped)
    return found


def copied(lines: Sequence[str], answered: str) -> frozenset[int]:
    """The indexes of the unquoted lines of a reply that are a copy of the mail it answers:
    each two lines next to each other (blank lines aside) whose words follow one another in
    that mail, as its lines are or as a client that joined or broke them again made them. A
    line the sender typed alone (``CONFIRM 7KQ2M9XWRT`` between "Hi," and "thanks") is no
    copy, though the mail answered holds it too. attack40: an auto-responder that pastes the
    mail it answers as HTML, or as paragraphs of one line each, joins each paragraph's lines;
    read line by line, the ``CONFIRM`` line of a code mail so pasted stood between lines of
    no mail's and confirmed a request forged in its owner's name."""
    theirs = [_same(line) for line in answered.splitlines()[:MAX_LINES] if line.strip()]
    if not theirs:
        return frozenset()
    runs = wordruns.runs_of(" ".join(theirs))  # each two lines cost their words, not the
    # whole mail's (review40: a reply of 5000 lines made for it searched it 5000 times)
    mine = [(i, _same(ln).split()) for i, ln in enumerate(lines) if ln.strip() and not _quoted(ln)]
    found: set[int] = set()
    for (first, one), (second, other) in pairwise(mine):
        if runs.holds(chain(one, other)):
            found.update((first, second))
    return frozenset(found)


def _same(line: str) -> str:
    return " ".join(line.split()).casefold()


def original_end(lines: Sequence[str], answered: str, copies: frozenset[int]) -> int | None:
    """The index of the line where a copy of ``answered`` (the host's own mail, forwarded
    or answered under a separator) ends in ``lines``: the last line copied (``copies``) that
    is the last line of text of that mail; None when no copy runs to its end (a client that
    rewrapped its last lines, another's mail forwarded). s-nail's ``forward`` puts what its
    sender types under the whole original, without a line that ends it: what he typed
    begins under the end of the host's mail."""
    theirs = [line for line in answered.splitlines()[:MAX_LINES] if line.strip()]
    if not theirs or not copies:
        return None
    last = _same(theirs[-1])
    ends = [index for index in copies if _same(lines[index]) == last]
    return max(ends) if ends else None


def typed_text(text: str, answered: str = "") -> list[str]:
    """The lines of a mail's text its sender typed (``typed_lines``), as typed."""
    lines, typed, _cut = typed_of(text, answered)
    return [lines[i] for i in typed]


@lru_cache(maxsize=8)
def typed_of(text: str, answered: str) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """The first ``MAX_LINES`` lines of a mail's text, the indexes of those its sender
    typed (``typed_lines``; ``answered`` as for ``read_commands``), and those of the lines
    he typed on under an attribution that ended them, that line first (``typed_on``), or
    none. One mail's text is asked this more than once (an order mail's text outside its
    forms for the commands beside them, then for its question; a mail's words for the
    answer it had): read once, the last few texts kept."""
    lines = text.splitlines()[:MAX_LINES]
    copies = copied(lines, answered)
    typed, cut = _typed_and_cut(lines, copies, original_end(lines, answered, copies))
    return tuple(lines), tuple(typed), typed_on(lines, cut, copies)


def typed_on(lines: Sequence[str], cut: int | None, copies: frozenset[int]) -> tuple[int, ...]:
    """The line ``cut`` (an attribution over unquoted lines, under what the sender typed,
    which ends what he typed: ``typed_lines``) and the lines of text under it up to a
    quote, a signature or another original's head; none when there is no such line, or
    when a line under it is a copy of the host's own mail (``copies``: the mail answered,
    or the code mail a ``CONFIRM`` line names), which some webmail puts there unquoted.
    dropped47: ``JOIN wok4`` over ``Am 3. Dez schrieb mir Bob:`` over ``STATUS`` carried
    out the JOIN, and nothing said the STATUS was not read."""
    if cut is None:
        return ()
    found = [cut]
    for index in range(cut + 1, len(lines)):
        line, stripped = lines[index], lines[index].strip()
        if index in copies:
            return ()  # the host's mail, unquoted: none of the sender's
        if _quoted(line) or line.rstrip() == "--" or ORIGINAL.fullmatch(stripped):
            break
        if ATTRIBUTION.fullmatch(stripped) or header_block(lines, index):
            break
        if stripped:
            found.append(index)
    return tuple(found)


def holds_more(text: str, answered: str = "") -> bool:
    """Whether a mail's text holds more than its sender typed: a quote, an attribution, the
    mail he answers under its separator or header block, or pasted (a copy of ``answered``,
    the text of the host's mail it answers). His signature is his own."""
    lines = text.splitlines()[:MAX_LINES]
    for index, line in enumerate(lines):
        stripped = line.strip()
        if _quoted(line) or ORIGINAL.fullmatch(stripped) or ATTRIBUTION.fullmatch(stripped):
            return True
        if header_block(lines, index):
            return True
    return bool(copied(lines, answered))


def typed_lines(
    lines: Sequence[str], copies: frozenset[int] = frozenset(), resume: int | None = None
) -> list[int]:
    """The indexes of the lines the sender typed: not quoted, not the mail he answers left
    unquoted under its separator or attribution (or pasted: ``copies``), not his
    signature. ``resume``: the line where a copy of the host's own mail under a separator
    ends (``original_end``): the lines under it are his again (s-nail's forward); so are
    those under a forward's end line (mutt's, ``forward_end``)."""
    return _typed_and_cut(lines, copies, resume)[0]


def _typed_and_cut(
    lines: Sequence[str], copies: frozenset[int], resume: int | None
) -> tuple[list[int], int | None]:
    """The lines the sender typed (``typed_lines``) and the attribution over unquoted lines
    that ended them, or None."""
    typed: list[int] = []
    signature = False
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if _quoted(line) or index in copies:
            signature = False  # a signature ends where the quote begins
        elif ORIGINAL.fullmatch(stripped) or header_block(lines, index):
            ends = [i for i in (resume, forward_end(lines, index)) if i is not None and i > index]
            if not ends:
                break  # the original, unquoted, to the end of the text
            index, signature = max(ends) + 1, False  # the original, to its known end
            continue
        elif ATTRIBUTION.fullmatch(stripped):
            following = next((ln for ln in lines[index + 1 :] if ln.strip()), None)
            above = any(lines[i].strip() for i in typed)
            if above and following is not None and not _quoted(following):
                return typed, index  # an attribution over an unquoted original, or not
        elif line.rstrip() == "--":
            signature = True
        elif not signature:
            typed.append(index)
        index += 1
    return typed, None


def _quoted(line: str) -> bool:
    return line.lstrip(" ")[:1] in (">", "|")
