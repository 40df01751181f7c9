"""What `wtg new-game` checks before it creates anything: the variant, the map (one of the
ruleset's, or a GM's map file, read and checked whole), the number of players (each
ruleset's ``SEATING`` data, with the map's seats and start provinces) and that no player is
there twice. A refused game leaves nothing behind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wtg.core.errors import UsageError
from wtg.core.provmap import MapError
from wtg.core.ruleset import OptionValue, Ruleset, S, Seating
from wtg.data.maps import map_layout
from wtg.game.gameconfig import PlayerEntry
from wtg.game.registry import GAME_SEATING, variant_meant
from wtg.game.textcolumn import figures_problem
from wtg.rules.base import RulesetFiles
from wtg.text.closename import close_names, either

MAP_PROBLEMS_SHOWN = 3
"""Problems of a GM's map file named in the one line that refuses it."""


class NewGameRefused(UsageError, ValueError):
    """A game that cannot be made as asked; the message says what would do."""


def check_new_game(
    ruleset: str,
    variant: str | None,
    map_name: str,
    players: Sequence[PlayerEntry],
    options: Mapping[str, OptionValue],
    maps: Sequence[str] | None,
    seats: Mapping[str, int],
) -> None:
    """Raises NewGameRefused. ``maps``: the ruleset's maps (None: the rules check the map
    themselves, as Tactics does for a world of the GM's); ``seats``: the seats of each map
    that has a number of them."""
    seating = seating_of(ruleset, variant, GAME_SEATING[ruleset])
    refuse_duplicates(players)
    for player in players:
        figures = figures_problem(player.name)
        if figures is not None:
            raise NewGameRefused(f"player {player.id}: {figures}")
    if maps is not None and map_name not in maps:
        raise NewGameRefused(no_map(map_name, ruleset, maps))
    check_count(ruleset, seating, map_name, len(players), options, seats)


def no_map(name: str, ruleset: str, maps: Sequence[str]) -> str:
    """That ``ruleset`` has no map ``name``, its maps, and the ones meant when they are
    close to it (``Small``, ``smal``: did you mean small?; ``wtg.text.closename``)."""
    line = f"no map {name!r} for {ruleset} (maps: {', '.join(maps) or 'none'})"
    meant = close_names(name, maps)
    return f"{line}: did you mean {either(meant)}?" if meant else line


def seating_of(ruleset: str, variant: str | None, declared: Sequence[Seating]) -> Seating:
    for seating in declared:
        if seating.variant == variant:
            return seating
    variants = [s.variant for s in declared if s.variant]
    known = f"variants: {', '.join(variants)}" if variants else "it has no variants"
    line = f"no variant {variant!r} of {ruleset} ({known})"
    meant = close_names(variant or "", variants)  # as ``no_map`` names the map meant
    if meant:
        raise NewGameRefused(f"{line}: did you mean {either(meant)}?")
    elsewhere = [name for name, _ in variant_meant(variant or "") if name != ruleset]
    if elsewhere:  # `--ruleset wok4 --variant duel`
        raise NewGameRefused(f"{line}: {variant} is a variant of {' and '.join(elsewhere)}")
    raise NewGameRefused(line)


def _same(text: str) -> str:
    """Names and addresses compare without case and extra spaces."""
    return " ".join(text.split()).casefold()


def refuse_duplicates(players: Sequence[PlayerEntry]) -> None:
    names: dict[str, PlayerEntry] = {}
    emails: dict[str, PlayerEntry] = {}
    codes: dict[str, PlayerEntry] = {}
    for player in players:
        earlier = names.get(_same(player.name))
        if earlier is not None:
            raise NewGameRefused(
                f"player {player.id}: the name {player.name!r} is player {earlier.id}'s "
                "already; each player needs a name of their own"
            )
        earlier = emails.get(_same(player.email))
        if earlier is not None:
            raise NewGameRefused(
                f"player {player.id}: the address {player.email} is player {earlier.id}'s "
                "already; each player needs an address of their own"
            )
        earlier = codes.get(player.code.strip().upper())  # as the intake compares codes
        if earlier is not None:  # never shown: the code is a secret even from the terminal
            raise NewGameRefused(
                f"player {player.id}: the code given is player {earlier.id}'s already (either "
                "could send orders for the other's seat); give each a code of his own, or "
                "leave it out for a new one"
            )
        names[_same(player.name)] = emails[_same(player.email)] = player
        codes[player.code.strip().upper()] = player


def _players(number: int, noun: str = "player") -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def check_count(
    ruleset: str,
    seating: Seating,
    map_name: str,
    humans: int,
    options: Mapping[str, OptionValue],
    seats: Mapping[str, int],
) -> None:
    """The humans (and robots, where they count) against the ruleset's range and the map."""
    game = f"{ruleset} {seating.variant}" if seating.variant else ruleset
    on_map = seats.get(map_name)
    if on_map is not None:
        needed = seating.least * seating.colours + seating.robots
        if needed > on_map:
            roomy = sorted(m for m, n in seats.items() if n >= needed)
            raise NewGameRefused(
                f"a game of {game} needs a map of {needed} seats; map {map_name} seats "
                f"{on_map} (maps with room: {', '.join(roomy) or 'none'})"
            )
    most = seating.most if seating.most is not None else on_map
    if most is not None and on_map is not None and seating.robots == 0:
        most = min(most, on_map // seating.colours)
    if seating.together is None:
        if humans < seating.least or (most is not None and humans > most):
            where = f" on map {map_name}" if on_map is not None else ""
            colours = (
                f" (each plays {seating.colours} colours, {seating.robots} robots the rest)"
                if seating.colours > 1
                else ""
            )
            raise NewGameRefused(
                f"a game of {game}{where} takes {_range(seating.least, most)} players"
                f"{colours}, not {humans}"
            )
        return
    option = seating.robots_option or "robots"
    robots = int(options.get(option) or 0)
    if robots < 0:
        raise NewGameRefused(f"--{option} must be 0 or more, not {robots}")
    low, high = seating.together
    if not low <= humans + robots <= high:
        raise NewGameRefused(
            f"a game of {game} takes {low} to {high} players, humans and {option} together; "
            f"{_players(humans)} and {_players(robots, option.rstrip('s'))} make "
            f"{humans + robots}"
        )


def _range(least: int, most: int | None) -> str:
    if most is None:
        return f"at least {least}"
    return str(least) if least == most else f"{least} to {most}"


def maps_and_seats(
    rules: Ruleset[S], options: Mapping[str, OptionValue]
) -> tuple[list[str] | None, dict[str, int]]:
    """The ruleset's maps and the seats of each (as its file says), for check_new_game. A
    Tactics world of the GM's own (``--assets``) is left to the rules, which read it."""
    if options.get("assets"):
        return None, {}
    maps = rules.map_names()
    if not isinstance(rules, RulesetFiles):
        return maps, {}
    seats = {}
    for name in maps:
        try:
            data = rules.read_map(name).data
        except (MapError, FileNotFoundError):
            continue  # no map file (a Tactics map), or the rules name what is wrong with it
        if isinstance(data, Mapping) and isinstance(data.get("seats"), int):
            seats[name] = data["seats"]
    return maps, seats


def check_map_file(
    rules: Ruleset[S],
    path: str,
    variant: str | None,
    humans: int,
    options: Mapping[str, OptionValue],
) -> tuple[list[str], dict[str, int]]:
    """A GM's map file (``--map PATH.yaml``) read and checked as the ruleset's own maps are
    (ids unique and in order, neighbours existing and symmetric, every province reachable,
    start provinces apart and at least as many as the seats, a ``layout:`` giving every
    province a place of its own), then its start provinces
    against the players. Returns the maps and seats for check_new_game; NewGameRefused
    names the problem in one line."""
    if not isinstance(rules, RulesetFiles):
        raise NewGameRefused(f"{rules.name} takes no map file")
    try:
        game_map = rules.map_of_file(path)
        map_layout(rules.read_map(path).data, path)  # its drawing data, when it has any
    except FileNotFoundError as exc:
        raise NewGameRefused(str(exc).strip("'\"")) from None
    except MapError as exc:
        raise NewGameRefused(one_line(exc)) from None
    seating = seating_of(rules.name, variant, GAME_SEATING[rules.name])
    robots = seating.robots + int(options.get(seating.robots_option or "", 0) or 0)
    needed = humans * seating.colours + robots
    if needed > len(game_map.starts):
        raise NewGameRefused(
            f"map {path} has {len(game_map.starts)} start provinces, not enough for "
            f"{_players(needed)}"
        )
    return [path], {path: game_map.seats}


def one_line(error: MapError) -> str:
    """A map's problems in one line: the first few, and how many more there are."""
    shown = error.problems[:MAP_PROBLEMS_SHOWN]
    more = len(error.problems) - len(shown)
    tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    return f"map {error.source} is not valid: {'; '.join(shown)}{tail}"
