"""game.yaml's players changed where they are written (a seat taken over), the rest of the
GM's text kept as he wrote it: his comments, the order of the keys, the spacing.

Only the values of the player entries that changed are written over, each in the place
of the value it replaces (wtg writes an entry on one line, ``{id: 1, name: ...}``; a GM may
write it as a block), quoted as a value inside ``{}`` must be, which a block takes too.
The text made is read back and must be the old one with those players and nothing else
changed. Where that cannot be done (a value written over several lines, a key the file
lacks), the whole file is written from the config, as when the game was made
(``GameConfig.to_yaml``).
"""

from __future__ import annotations

from collections.abc import Sequence

import yaml

from wtg.core.errors import ConfigError
from wtg.game.gameconfig import GameConfig, PlayerEntry
from wtg.text.yamlio import load_yaml

_EDITED = ("name", "email", "code")
"""The keys of a player's entry a takeover changes (``share_address``: only from true to
false, where the key is then written over)."""


def with_players(text: str, config: GameConfig, players: Sequence[PlayerEntry]) -> str:
    """game.yaml's ``text`` with ``players`` in place of the entries of the same seats,
    changed where they are written when it can be done (what else the text says stands,
    a GM's edit since ``config`` was read from it too); otherwise ``config`` with them,
    written whole."""
    now = _read(text)
    if now is not None:
        edited = _edited(text, {p.id: p for p in players if p not in now.players})
        if edited is not None and _read(edited) == now.with_players(players):
            return edited
    return config.with_players(players).to_yaml()


def _edited(text: str, players: dict[int, PlayerEntry]) -> str | None:
    """``text`` with the values of ``players``' entries written over, or None when one of
    them is not written as a one-line value under its key."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    entries = _mapping(root).get("players")
    if not isinstance(entries, yaml.SequenceNode):
        return None
    spans: list[tuple[int, int, str]] = []
    for node in entries.value:
        fields = _mapping(node)
        seat = fields.get("id")
        if not isinstance(seat, yaml.ScalarNode) or not seat.value.isdigit():
            return None
        player = players.pop(int(seat.value), None)
        if player is None:
            continue
        values = player.to_dict()
        values.setdefault("share_address", False)
        for key in (*_EDITED, "share_address"):
            where = fields.get(key)
            if where is None:
                if key in _EDITED or values[key]:
                    return None
                continue
            value = values[key]
            if not _one_line(text, where) or not isinstance(value, str | bool):
                return None
            spans.append((where.start_mark.index, where.end_mark.index, _scalar(value)))
    if players:
        return None
    for start, end, value in sorted(spans, reverse=True):
        text = text[:start] + value + text[end:]
    return text


def _mapping(node: yaml.Node | None) -> dict[str, yaml.Node]:
    """A mapping's values by key (empty for any other node)."""
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}


def _one_line(text: str, node: yaml.Node) -> bool:
    """Whether ``node`` is a plain or quoted scalar on one line of ``text``."""
    if not isinstance(node, yaml.ScalarNode) or node.style not in (None, "'", '"'):
        return False
    return "\n" not in text[node.start_mark.index : node.end_mark.index]


def _scalar(value: str | bool) -> str:
    """``value`` as a YAML scalar on one line (quoted where a plain one would not read back
    as the same text)."""
    flow = yaml.dump([value], default_flow_style=True, allow_unicode=True, width=1_000_000)
    return str(flow).strip()[1:-1]


def _read(text: str) -> GameConfig | None:
    """The config ``text`` gives, or None when it gives none."""
    try:
        return GameConfig.from_data(load_yaml(text), text=text)
    except (ValueError, ConfigError):
        return None
