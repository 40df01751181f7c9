"""A game's own config, ``GAME_DIR/game.yaml``: ruleset, map, seed and the players."""

from __future__ import annotations

import email.utils
import re
import secrets
import unicodedata
from collections.abc import Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import Any

from wtg.core import errors
from wtg.core.jsondata import JsonObject
from wtg.core.printable import as_typed, quoted
from wtg.core.record import Record
from wtg.core.ruleset import OptionValue
from wtg.core.textwidth import text_width
from wtg.files.store import FormatRefused
from wtg.game.gameyaml import game_yaml_problems, with_yes_no
from wtg.game.schedule import Schedule
from wtg.text.shellcommand import shell_command
from wtg.text.yamlio import dump_yaml
from wtg.text.yamllines import YamlLinesError, plain_scalar, read_lined_yaml

_EMPTY: Mapping[str, OptionValue] = MappingProxyType({})

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 10
"""A made code: 10 characters of 32 (5 bits each), 50 bits."""
CODE_MIN_LENGTH = 8
"""A code the GM gives must be at least this long (games made before keep theirs)."""
CODE_MAX_LENGTH = 64
NAME_MAX_LENGTH = 40
GAME_NAME_MAX_LENGTH = 64
SHOWN_LENGTH = 80
"""The most of a line given by hand an error quotes back."""
COUNTED_MOST = 1000
"""The longest a text too long is said to be by its count of characters; a longer one is
"over" it. A line read from a mail is cut where the host stops reading (the first 64,000
characters of a command's text): a name of 100,000 characters was said to be "63987
characters long", a count of what was read, not of what the player typed."""
GAME_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
GAME_NAME_RULE = (
    f"a game's name is a word players type in their mail (JOIN NAME, GAME: NAME) and the "
    f"name of its folder in games_dir: 1 to {GAME_NAME_MAX_LENGTH} lower-case letters a-z, "
    "digits, '-' and '_', beginning with a letter or a digit"
)
"""The one rule for the name of a game made now (``check_game_name``); a game made before
keeps its name."""
_CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
_CONTROL_RUN = re.compile(r" *\0+ *")
"""A run of control characters marked ``\\0`` (``plain_name``), with the spaces around it."""
_CONTROL_NAMES = {"\r": "CR", "\n": "LF", "\t": "TAB", "\x00": "NUL", "\x7f": "DEL"}


ConfigError = errors.ConfigError
"""A game's ``game.yaml`` (or a player given for it) that cannot be used."""

MENDED = "(the mail waits in the inbox until it is mended)"
"""What a mail of a game whose game.yaml is to be mended (``GameYamlRefused``) waits for."""


class GameYamlRefused(FormatRefused):
    """A game whose game.yaml the GM has to mend (a key misspelt, a value of the wrong kind,
    a YAML slip: ``wtg.game.gameyaml``; a player's entry deleted, which its turns give a
    seat): its folder is there, so its mail is no mail of a game this host does not know.
    As for a format this wtg may not use, the mail waits in the inbox and the first poll
    after the GM's mend files it, with no `wtg quarantine --release` to give; ``poll -v``
    says why it waits. ``game``: the game's folder, by whose name the mails waiting for it
    are bounded (``wtg.mail.poll.waiting``)."""

    def __init__(self, problem: str, game: str | None = None) -> None:
        super().__init__(f"{problem} {MENDED}")
        self.game = game


class PlayerEntry(Record):
    id: int
    name: str
    email: str
    code: str
    share_address: bool = False
    """The player agreed that the other players' reports show his address."""

    def to_dict(self) -> JsonObject:
        data: JsonObject = {
            "id": self.id,
            "name": self.name,
            "email": self.email,
            "code": self.code,
        }
        if self.share_address:
            data["share_address"] = True
        return data

    def sharing(self) -> PlayerEntry:
        """The same player, agreeing to share his address."""
        return PlayerEntry(self.id, self.name, self.email, self.code, share_address=True)


class GameConfig(Record):
    game: str
    ruleset: str
    map: str
    seed: int
    players: tuple[PlayerEntry, ...]
    variant: str | None = None
    options: Mapping[str, OptionValue] = _EMPTY
    schedule: Schedule | None = None
    map_pictures: bool = True
    """Each report mail carries the player's map as a picture (``map_pictures: false`` in
    game.yaml, ``new-game --no-map-pictures``: none for anyone)."""

    def player(self, pid: int) -> PlayerEntry:
        for p in self.players:
            if p.id == pid:
                return p
        raise ConfigError(f"game {self.game} has no player {pid} ({self.players_said()})")

    def players_said(self) -> str:
        """The game's players' numbers, as a refusal of another names them (``its players:
        1 to 10``)."""
        return f"its players: {numbers_said(sorted(p.id for p in self.players))}"

    def with_players(self, players: Sequence[PlayerEntry]) -> GameConfig:
        """The same config, every key kept, with ``players`` (a seat taken over)."""
        return GameConfig(**{**self.field_values(), "players": tuple(players)})

    def to_yaml(self) -> str:
        data = {
            "game": self.game,
            "ruleset": self.ruleset,
            "variant": self.variant,
            "map": self.map,
            "seed": self.seed,
            "options": dict(self.options),
            "players": [p.to_dict() for p in self.players],
            "schedule": self.schedule.to_dict() if self.schedule else None,
            "map_pictures": self.map_pictures,
        }
        return "# wtg game config: keep the player codes secret\n" + dump_yaml(data)

    @classmethod
    def from_data(cls, data: Any, source: str = "game.yaml", text: str | None = None) -> GameConfig:
        """The config from game.yaml's data, read already (``wtg.files.yamlcopy``): every key
        checked (``wtg.game.gameyaml``), a problem named with its key and, given the file's
        ``text``, its line (ConfigError, a line a problem)."""
        written = None if text is None else partial(plain_scalar, text)
        data = with_yes_no(data, written)  # map_pictures: no, as wtg.yaml takes a yes/no
        problems = game_yaml_problems(data, written)
        if problems:
            raise ConfigError(*placed_problems(problems, source, text))
        players = tuple(
            PlayerEntry(
                id=int(p["id"]),
                name=plain_name(str(p["name"]), int(p["id"])),
                email=str(p["email"]),
                code=str(p["code"]),
                share_address=bool(p.get("share_address", False)),
            )
            for p in data["players"]
        )
        return cls(
            game=str(data["game"]),
            ruleset=str(data["ruleset"]),
            map=str(data["map"]),
            seed=int(data["seed"]),
            players=players,
            variant=None if data.get("variant") is None else str(data["variant"]),
            options=option_values(data.get("options")),
            schedule=Schedule.from_dict(data["schedule"]) if data.get("schedule") else None,
            map_pictures=bool(data.get("map_pictures", True)),
        )


def option_values(options: object) -> dict[str, OptionValue]:
    """The ``options:`` of game.yaml, checked already (``wtg.game.gameyaml``: names words,
    values whole numbers, words or true/false), as the rules take them: an option given as
    null is not given."""
    if not isinstance(options, Mapping):
        return {}
    return {
        key: value
        for key, value in options.items()
        if isinstance(key, str) and isinstance(value, bool | int | str)
    }


def placed_problems(
    problems: Sequence[tuple[tuple[str, ...], str]], source: str, text: str | None
) -> list[str]:
    """Each problem as ``SOURCE, line N: KEY: what``; the lines from ``text`` (read again,
    with the line of each key), none when it has none to give."""
    lined = None
    if text is not None:
        try:
            lined = read_lined_yaml(text)
        except YamlLinesError:
            lined = None
    lines = []
    for key, message in sorted(problems, key=lambda p: lined.line_of(p[0]) if lined else 0):
        at = f"{source}, line {lined.line_of(key)}" if lined is not None else source
        if key[:1] == ("players",) and len(key) >= 2:  # the n-th "- {...}" under players:
            key = (f"players (entry {int(key[1]) + 1})", *key[2:])
        lines.append(f"{at}: {': '.join(key)}: {message}" if key else f"{at}: {message}")
    return lines


def share_addresses(players: Sequence[PlayerEntry], seats: Sequence[int]) -> list[PlayerEntry]:
    """``players`` with the address of each seat in ``seats`` shared (``--share-address``);
    ConfigError for a seat no player has."""
    known = {p.id for p in players}
    for seat in seats:
        if seat not in known:
            raise ConfigError(
                f"--share-address {seat}: there is no player {seat} (players are numbered 1 to "
                f"{len(players)}, in the order of --player)"
            )
    return [p.sharing() if p.id in seats else p for p in players]


SEED_BITS = 64
"""Bits of chance in a new game's seed. Every turn's dice are drawn from the seed and the
turn's number (``wtg.core.rng``), and a lobby's seats and every start from the seed alone:
a player who found the seed would know the dice of every turn to come and the starts his
report hides. A seed of 31 bits, tried one by one against the seats and the start his turn
0 shows, was found in hours of a computer's time; one of 64 is not."""


def new_seed() -> int:
    """A new game's seed, drawn from the OS's source of secrets."""
    return secrets.randbits(SEED_BITS)


def new_code() -> str:
    """A secret order code: 10 characters from an alphabet without look-alikes (0/O, 1/I)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def parse_player_spec(spec: str, pid: int) -> PlayerEntry:
    """``NAME:EMAIL`` or ``NAME:EMAIL:CODE`` from the command line, checked: a name without
    control characters, an address a mail can go to, a code of 8 characters or more."""
    parts = spec.split(":")
    several = _several_players(spec)
    if several:  # `Ann:a@x,Bob:b@y`: read as Ann at the address `a@x,Bob`
        given = " ".join(shell_command("--player", one) for one in several)
        raise ConfigError(
            f"--player {_cut(spec)}: one player a --player; give --player "
            f"{'twice' if len(several) == 2 else 'once for each'} ({given})"
        )
    if len(parts) > 2 and parts[1].strip().casefold() == "mailto":  # a link's address
        unlinked = f"{parts[0].strip()}:{':'.join(parts[2:]).strip()}"
        raise ConfigError(
            f"--player {_cut(spec)}: 'mailto:' is a link's, no part of the address "
            f"(did you mean {shell_command('--player', unlinked)}?)"
        )
    if len(parts) > 2 and "@" not in parts[1] and any("@" in part for part in parts[2:]):
        raise ConfigError(
            f"--player {_cut(spec)}: a name cannot hold ':' (a ':' ends the name, the next the "
            "address): give the name without it"
        )
    if len(parts) not in (2, 3) or not parts[0].strip():
        meant = _spec_meant(spec) if len(parts) == 1 else None
        hint = f" (did you mean {shell_command('--player', meant)}?)" if meant else ""
        if len(parts) == 1 and not meant and _an_address(spec.strip()):  # `ann@example.org`
            hint = f" (the player's name goes first: --player NAME:{spec.strip()})"
        raise ConfigError(f"--player {_cut(spec)}: expected NAME:EMAIL (or NAME:EMAIL:CODE){hint}")
    name = parts[0].strip()
    try:
        check_text("the name", name, NAME_MAX_LENGTH)
        if text_width(name) > NAME_MAX_LENGTH:  # as a newcomer's by mail (wtg.lobby.people)
            raise ConfigError(
                f"the name fills {text_width(name)} columns of a report (a Chinese, Japanese "
                f"or Korean letter fills two): at most {NAME_MAX_LENGTH}"
            )
        email = checked_address(parts[1].strip())
        code = parts[2].strip().upper() if len(parts) == 3 else new_code()
        check_code(code)
    except ConfigError as exc:
        raise ConfigError(f"--player {_cut(spec)}: {exc}") from None
    return PlayerEntry(id=pid, name=name, email=email, code=code)


def _several_players(spec: str) -> list[str]:
    """The players of a ``--player`` that names several, parted by commas, semicolons or
    blanks (``Ann:a@x.org,Bob:b@y.org``), each ``NAME:EMAIL[:CODE]``; none when ``spec``
    names one."""
    if not re.fullmatch(rf"\s*{_ONE}(?:(?:\s*[,;]\s*|\s+){_ONE})+\s*", spec):
        return []
    return [found.group().strip() for found in re.finditer(_ONE, spec)]


_ONE = r"[^,;:@]+:\s*[^\s,;:@]+@[^\s,;:@]+(?::[^\s,;:@]*)?"
"""One player's ``NAME:EMAIL[:CODE]`` among several given as one --player."""


def _spec_meant(spec: str) -> str | None:
    """``NAME:EMAIL`` of a name and address written as a mail client shows them (``Ann
    <ann@example.org>``, copied from a From; ``Ann ann@example.org``); None when ``spec``
    is not one."""
    name, address = email.utils.parseaddr(spec)
    glued = re.fullmatch(r"([^;,=@]+)[;,=]\s*([^;,=\s]+@[^;,=\s]+)", spec.strip())
    if glued is not None:  # `Ann;ann@example.org`: the ':' typed as the key beside it
        name, address = glued.groups()
    elif not name.strip() and " " in spec.strip():
        name, _, address = spec.strip().rpartition(" ")
    if not name.strip() or "@" not in address or " " in address:
        return None
    return f"{name.strip()}:{address}"


def _an_address(text: str) -> bool:
    """Whether ``text`` is an address alone (``ann@example.org``), as a slip for
    ``NAME:EMAIL`` that left out the name."""
    return re.fullmatch(r"[^\s@:<>]+@[^\s@:<>]+\.[^\s@:<>]+", text) is not None


def check_game_name(name: str) -> None:
    """ConfigError, stating the rule (``GAME_NAME_RULE``), unless ``name`` may be a new
    game's name: a word a player can type, and a folder of its own directly in games_dir
    (no ``/``, no ``..``, not hidden, a few bytes on any file system)."""
    if len(name) > GAME_NAME_MAX_LENGTH or not GAME_NAME.fullmatch(name):
        shown = name if len(name) <= 80 else name[:80] + "..."
        meant = game_name_meant(name)
        hint = f" (did you mean {meant}?)" if meant else ""
        raise ConfigError(f"{as_typed(shown)} cannot be a game's name: {GAME_NAME_RULE}{hint}")


def name_quoted(name: str | None) -> str:
    """A game name a mail gave (a stranger's form, held or quarantined), as wtg says it to
    the GM: one no game may have (``GAME_NAME``: a stranger's words, ``x); nothing else is
    held (y``) quoted and escaped (``printable.quoted``: ``repr``, and a character that
    shows nothing escaped too), so that they never read as the host's; '?'
    for none read, and a name a game may have, as they are."""
    if not name:
        return "?"
    return name if name == "?" or GAME_NAME.fullmatch(name) else quoted(name)


def game_name_meant(name: str) -> str | None:
    """A name by the rule made of ``name`` (``My Game``: my-game): lower case, a letter
    with an accent as the letter without it (``Zürich``: zurich), each run of other
    characters a ``-``; None when nothing of it is left."""
    plain = "".join(
        ch for ch in unicodedata.normalize("NFKD", name.casefold()) if not unicodedata.combining(ch)
    )
    meant = re.sub(r"[^a-z0-9_-]+", "-", plain).strip("-_")
    meant = meant[:GAME_NAME_MAX_LENGTH].rstrip("-_")
    return meant if GAME_NAME.fullmatch(meant) else None


def check_new_game(game: str, players: Sequence[PlayerEntry]) -> None:
    """Refuse a game name or a player's name or address that would break a folder, a
    report or a mail header (ConfigError with the reason)."""
    try:
        check_text("the game's name (its folder's name)", game, GAME_NAME_MAX_LENGTH)
    except ConfigError as exc:
        raise ConfigError(f"game {game!r}: {exc}") from None
    for entry in players:
        try:
            check_player(entry.name, entry.email)
        except ConfigError as exc:
            raise ConfigError(f"player {entry.id} ({entry.name!r}): {exc}") from None


def check_player(name: str, address: str) -> None:
    """ConfigError when a player's name or address cannot be a game's: the one check of a
    game's players, for `new-game` and for a JOIN by mail alike (``wtg.lobby``), so that a
    player the lobby took never stops the game made of its list."""
    check_text("the name", name, NAME_MAX_LENGTH)
    checked_address(address)


def plain_name(name: str, seat: int) -> str:
    """A player's name as game.yaml gives it, as the game takes it: each run of control
    characters (a line break, a terminal's escape, a bidi override: what ``check_text``
    refuses of a name given to new-game or by a JOIN), with the spaces around it, one
    space. A name a GM pasted or typed into game.yaml by hand is said in the reports, the
    Top Ten, the site, the maps and ``wtg status``: its line break made a line of its own
    in a report (an order line among the report's, in a reply that pastes it), its escape
    coloured a player's terminal. A name of nothing else is the seat's (``Player 2``)."""
    if name.isprintable():  # none of them (the many names of a poll read at once)
        return name
    marked = "".join("\0" if unicodedata.category(c) in _CONTROL_CATEGORIES else c for c in name)
    plain = _CONTROL_RUN.sub(" ", marked).strip()
    return plain or f"Player {seat}"


def check_text(what: str, text: str, longest: int) -> None:
    """ConfigError when ``text`` is empty, longer than ``longest`` characters, or holds a
    control character (CR, LF, TAB, NUL, DEL, any Unicode Cc or Cf, a line or paragraph
    separator) or a lone surrogate (a byte of a command line that was no UTF-8; an escape
    in a From's encoded word, ``=?unicode-escape?q?=5Cud800?=``), which no file can hold."""
    if not text.strip():
        raise ConfigError(f"{what} is empty")
    if len(text) > longest:
        count = f"{len(text)}" if len(text) <= COUNTED_MOST else f"over {COUNTED_MOST:,}"
        raise ConfigError(f"{what} is {count} characters long; at most {longest} are allowed")
    for char in text:
        if unicodedata.category(char) in _CONTROL_CATEGORIES:
            shown = _CONTROL_NAMES.get(char, f"U+{ord(char):04X}")
            raise ConfigError(f"{what} holds a control character ({shown})")
        if "\ud800" <= char <= "\udfff":
            raise ConfigError(
                f"{what} holds U+{ord(char):04X}, a byte that is no UTF-8 text: write it in UTF-8"
            )


def checked_address(address: str) -> str:
    """The address as email-validator normalises it (no DNS look-up), or ConfigError with
    email-validator's reason."""
    # deferred: email_validator (and its DNS library): only an address given by hand is checked
    from email_validator import EmailNotValidError, validate_email

    try:
        return validate_email(address, check_deliverability=False).normalized
    except EmailNotValidError as exc:
        meant = address_meant(address)
        hint = f" (did you mean {meant}?)" if meant else ""
        raise ConfigError(f"{_cut(address)} is not an e-mail address: {exc}{hint}") from None


def address_meant(address: str) -> str | None:
    """The address a GM meant by one pasted with what stood around it: ``<ann@example.org>``
    or ``Ann <ann@example.org>`` (a From copied), ``mailto:ann@example.org`` (a link),
    ``ann@example.org.`` or ``ann@example.org,`` (the end of a sentence, a list),
    ``"ann@example.org"``; None when ``address`` is one already, or no address is in it.
    Refused without it, the GM was told only email-validator's reason (``A display name and
    angle brackets around the email address are not permitted here.``), not what to type."""
    # deferred: email_validator (and its DNS library), as in checked_address
    from email_validator import EmailNotValidError, validate_email

    text = address.strip()
    if text.casefold().startswith("mailto:"):
        text = text[len("mailto:") :]
    found = email.utils.parseaddr(text)[1] or text
    plain = found.strip().strip("<>\"'").rstrip(".,;:").strip()
    if not plain or plain == address:
        return None
    try:
        return validate_email(plain, check_deliverability=False).normalized
    except EmailNotValidError:
        return None


def _cut(text: str) -> str:
    """``text`` quoted for an error (control characters escaped), cut after
    ``SHOWN_LENGTH`` characters: a line pasted whole by mistake is not echoed whole."""
    if len(text) <= SHOWN_LENGTH:
        return repr(text)
    return f"{text[:SHOWN_LENGTH]!r}... ({len(text)} characters)"


def check_code(code: str) -> None:
    """ConfigError unless ``code`` is 8 to 64 ASCII letters and digits."""
    if not code:  # NAME:EMAIL: with a colon at its end
        raise ConfigError(
            "the code after the second ':' is empty: leave out that ':' and a code is made, "
            "or give one"
        )
    if not (code.isascii() and code.isalnum()):
        raise ConfigError("a code is letters and digits only")
    if not CODE_MIN_LENGTH <= len(code) <= CODE_MAX_LENGTH:
        raise ConfigError(
            f"the code is {len(code)} characters long; a code needs {CODE_MIN_LENGTH} to "
            f"{CODE_MAX_LENGTH} (leave it out and one of {CODE_LENGTH} is made)"
        )


def code_warnings(config: GameConfig) -> list[str]:
    """What is weak in a game's secret codes, a line each naming the game, the players and
    the rule, never a code: a code shorter than ``check_code`` lets a new game have (a game
    made before the rule, or a code edited into game.yaml by hand), and two players with one
    code (the intake takes a form whose code is that of the player it names: either could
    send orders for the other's seat). Read, never refused: a game under way stays playable;
    ``wtg status`` says them."""
    lines = []
    for entry in config.players:
        length = len(entry.code.strip())
        if length < CODE_MIN_LENGTH:
            characters = "character" if length == 1 else "characters"
            lines.append(
                f"game {config.game}, player {entry.id}: a code of {length} {characters}: a "
                f"stranger can guess it; new codes have {CODE_MIN_LENGTH} or more"
            )
    seats: dict[str, list[int]] = {}
    for entry in config.players:  # the same code as the intake compares them: case aside
        seats.setdefault(entry.code.strip().upper(), []).append(entry.id)
    for ids in seats.values():
        if len(ids) > 1:
            named = ", ".join(map(str, ids[:-1])) + f" and {ids[-1]}"
            lines.append(
                f"game {config.game}, players {named}: the same code: each can send orders "
                "for the other's seat; give each a code of his own"
            )
    return lines


def yaml_problem(source: str, text: str, exc: Exception) -> str:
    """What is wrong with the YAML of ``text``, the game.yaml at ``source`` that did not
    parse (``exc``): ``SOURCE, line N: not valid YAML: what``, else the parser's words."""
    try:
        read_lined_yaml(text)
    except YamlLinesError as lined:
        if lined.line:
            return f"{source}, line {lined.line}: {lined.message}"
    return f"{source}: {exc}"


def numbers_said(numbers: list[int]) -> str:
    """Players' numbers in a few words: ``1 to 10`` for a run of more than two, else each
    (``1 and 2``, ``1, 3 and 4``)."""
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    words = [str(number) for number in numbers]
    return " and ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else "".join(words)
