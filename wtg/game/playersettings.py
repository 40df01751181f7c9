"""What each player chose with a setting line (``MAP: off``), kept for the turns after.

    GAME_DIR/settings.json    {"players": {"3": {"map": {"value": "off", "key": "..."}}}}

Per GM seat (a Duel player's three colours share one report mail, so one setting), each
setting with the arrival key of the mail that chose it (``wtg.game.arrivalkey``): a mail the server
received earlier never undoes what a later one chose, whatever order they are filed in.
The file sits beside game.yaml and is private (0600) like everything in a game folder. A
file the GM edited badly is read as far as it makes sense: a seat or a value it cannot
read has the setting's default, and nothing stops a poll or a send.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from wtg.core.settings import SettingSpec, setting_keyed
from wtg.files.store import write_atomic
from wtg.game.arrivalkey import is_newer

SETTINGS_FILE = "settings.json"

Chosen = dict[str, tuple[str, str]]
"""A seat's settings: key -> (value, arrival key of the mail that chose it)."""


class PlayerSettings:
    """The settings file of one game folder."""

    def __init__(self, game_dir: Path) -> None:
        self.path = Path(game_dir) / SETTINGS_FILE

    def read(self) -> dict[int, Chosen]:
        """Every seat's settings as far as the file can be read ({} without a file)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # none yet, or a GM's edit that is no JSON
            return {}
        players = data.get("players") if isinstance(data, dict) else None
        if not isinstance(players, dict):
            return {}
        found: dict[int, Chosen] = {}
        for seat, chosen in players.items():
            if isinstance(chosen, dict) and str(seat).isdigit():
                found[int(seat)] = _chosen(chosen)
        return found

    def value(self, seat: int, setting: SettingSpec) -> str:
        """What a seat chose for a setting, or its default."""
        return self.read().get(seat, {}).get(setting.key, (setting.default, ""))[0]

    def choose(
        self, seat: int, chosen: Mapping[str, str], key: str, durable: bool = True
    ) -> dict[str, str]:
        """Keep what a mail that arrived as ``key`` chose for a seat, except where a mail
        that arrived later chose already; returns what was kept."""
        every = self.read()
        mine = every.setdefault(seat, {})
        kept = {
            name: value
            for name, value in chosen.items()
            if not is_newer(mine.get(name, ("", ""))[1], key)
        }
        if not kept:
            return kept
        mine.update({name: (value, key) for name, value in kept.items()})
        self._write(every, durable)
        return kept

    def forget(self, seat: int) -> None:
        """Drop what the seat's player chose: a new player takes the seat over and starts
        from the defaults (the quitter's ``MAP: off`` is not his)."""
        every = self.read()
        if every.pop(seat, None) is not None:
            self._write(every, durable=True)

    def _write(self, every: Mapping[int, Chosen], durable: bool) -> None:
        data = {
            "players": {
                str(number): {name: {"value": v, "key": k} for name, (v, k) in sorted(s.items())}
                for number, s in sorted(every.items())
            }
        }
        write_atomic(self.path, json.dumps(data, indent=1) + "\n", sync=durable)


def _chosen(data: Mapping[object, object]) -> Chosen:
    """A seat's settings as written: ``{"value": ..., "key": ...}`` or the bare value (a
    GM's hand), each a value its setting takes."""
    found: Chosen = {}
    for name, entry in data.items():
        setting = setting_keyed(str(name))
        if setting is None:
            continue
        if isinstance(entry, dict):
            value, key = entry.get("value"), entry.get("key", "")
        else:
            value, key = entry, ""
        if isinstance(value, str) and value in setting.values:
            found[setting.key] = (value, key if isinstance(key, str) else "")
    return found
