"""The GM's config as a backup keeps it: the file's own text, its passwords left out.

A password written in the config (``imap.password``, ``smtp.password``) is replaced by
``LEFT-OUT-OF-BACKUP`` where it stands, found through the YAML parser's own record of where
each value begins and ends (quoted, plain or a block, in a flow mapping or not), so the GM's
comments and layout stay. The copy is read back to check that each such value is the
marker now; if it is not, the copy is the config's data written out afresh (comments lost)
with the markers in place. A password the config read from elsewhere (``password_file``,
``password_env``) is not in the file and is not copied: its file stays where it is, the
variable's value unread. Any password the config resolved that still stands in the copy
after that (quoted in a comment, say) is replaced by the marker there too, when it is long
enough to be told from ordinary words.

``left_out`` says, one line each, what the GM must bring back after a restore.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from wtg.core.record import Record
from wtg.host.oauth2config import login_command
from wtg.upkeep.archive import PASSWORD_MARKER

if TYPE_CHECKING:  # the config's schema (pydantic): the caller has read the config with it
    from wtg.host.config import GmConfig

SERVERS = ("imap", "smtp")
SHORTEST_QUOTED = 6
"""A resolved password at least this long is also looked for in the rest of the copy."""


class ConfigCopy(Record):
    text: str
    left_out: tuple[str, ...]
    """For the GM, one line each: a password to write back, a file or variable to set again."""
    files: tuple[dict[str, str], ...] = ()
    """For each line of ``left_out`` that names a file (a password file, a key, a
    certificate), the line, what the config calls the file (``smtp.password_file``) and
    its path: a restore finds it still in place on the machine or not (``in_place``)."""


def config_copy(path: Path, gm: GmConfig, made: str) -> ConfigCopy:
    """The config at ``path`` (the one ``gm`` was read from) without its passwords."""
    text = path.read_text(encoding="utf-8").removeprefix("\ufeff")  # below the header, no BOM
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    spans: list[tuple[int, int]] = []
    left_out: list[str] = []
    written: list[str] = []
    for name in SERVERS:
        section = _child(node, name)
        if section is None:
            continue
        value = _child(section, "password")
        if value is not None:
            spans.append((value.start_mark.index, value.end_mark.index))
            written.append(name)
            left_out.append(
                f"{name}.password: it was written in the config; the copy has "
                f"{PASSWORD_MARKER} in its place: write it back (better: in a password_file, "
                "mode 0600)"
            )
        _note_elsewhere(name, section, gm, left_out)
    left_out.extend(_oauth2_files(gm))
    left_out.extend(_dkim_key(gm))
    left_out.extend(_ca_files(gm))
    copy = _replaced(text, spans)
    if not _markers_in_place(copy, written):
        copy = _written_afresh(text, written)
    for name, secret in _secrets(gm):
        if len(secret) >= SHORTEST_QUOTED and secret in copy:
            copy = copy.replace(secret, PASSWORD_MARKER)
            left_out.append(
                f"{name}'s password also stood elsewhere in the config (a comment?): "
                f"{PASSWORD_MARKER} there too"
            )
    header = (
        f"# The host's config as `wtg backup` found it ({path}, {made}), without its\n"
        f"# passwords: each written here is {PASSWORD_MARKER}; a password_file is not in\n"
        f"# the backup. {RESTORE_NOTE}\n"
    )
    return ConfigCopy(header + copy, tuple(left_out), _files_of(left_out, gm))


def _files_of(left_out: list[str], gm: GmConfig) -> tuple[dict[str, str], ...]:
    """The lines of ``left_out`` that name a file, each with what the config calls it and
    its path (``ConfigCopy.files``)."""
    named: list[tuple[str, object]] = []
    for name in SERVERS:
        server = getattr(gm, name)
        for key in ("password_file", "ca_file"):
            named.append((f"{name}.{key}", getattr(server, key, None)))
    if gm.oauth2 is not None:
        named.append(("oauth2.refresh_token_file", gm.oauth2.refresh_token_file))
        named.append(("oauth2.client_secret_file", gm.oauth2.client_secret_file))
    if gm.dkim is not None:
        named.append(("dkim.key_file", gm.dkim.key_file))
    return tuple(
        {"line": line, "what": what, "path": str(path)}
        for line in left_out
        for what, path in named
        if path is not None and line.startswith(f"{what} {path}: ")
    )


def in_place(files: object) -> dict[str, str]:
    """Of a manifest's ``left_out_files`` (``ConfigCopy.files``), each line whose file is
    still in place on this machine (a host restored where it ran, its password files left
    where they were), with the line said for it instead: told to put back a file that is
    there, a GM looked for a copy of it he did not need. Anything else in ``files`` (a
    manifest of an older wtg has none) is passed over."""
    found: dict[str, str] = {}
    for entry in files if isinstance(files, list) else []:
        if not isinstance(entry, dict):
            continue
        line, what, path = (entry.get(key) for key in ("line", "what", "path"))
        words = (line, what, path)
        if all(isinstance(word, str) for word in words) and Path(str(path)).is_file():
            found[str(line)] = (
                f"{what} {path}: not in the backup, and still in place on this machine: "
                "nothing to put back (`check-config` reads it)"
            )
    return found


def with_files_in_place(text: str, files: object) -> str:
    """The config copy ``text`` with each file of a manifest's ``left_out_files`` that is
    still in place on this machine, and that the config names by a relative path (read in
    the config's own folder), named by its full path instead: the restore says "nothing to
    put back" of it, which held only while the config stayed in the old host's folder; put
    where the GM keeps it now (the restored folder's parent, /etc/wtg), it named a file
    that is not there, and `check-config` said to write the password anew (newgm48).
    ``text`` as it was where a value cannot be replaced so."""
    for entry in files if isinstance(files, list) else []:
        if not isinstance(entry, dict):
            continue
        what, path = entry.get("what"), entry.get("path")
        if not isinstance(what, str) or not isinstance(path, str) or not Path(path).is_file():
            continue
        section, _, key = what.partition(".")
        try:
            value = _child(_child(yaml.compose(text, Loader=yaml.SafeLoader), section), key)
        except yaml.YAMLError:
            return text
        if not isinstance(value, yaml.ScalarNode) or value.value.startswith(("/", "~")):
            continue
        written = json.dumps(path, ensure_ascii=False)  # a YAML double-quoted scalar
        copy = _spliced(text, value.start_mark.index, value.end_mark.index, written)
        try:
            data = yaml.safe_load(copy)
        except yaml.YAMLError:
            continue
        if isinstance(data, dict) and (data.get(section) or {}).get(key) == path:
            text = copy
    return text


RESTORE_NOTE = "Put them back, and set games_dir to the folder restored."
"""The header's words a restore makes true itself (``with_games_dir``)."""
RESTORED_NOTE = "Put them back; games_dir: the folder restored."


def with_games_dir(text: str, games_dir: Path) -> str | None:
    """The config copy ``text`` with its games_dir the folder it was restored into (its
    value replaced where it stands, comments and layout kept), and the header's note said
    done; None when it has no games_dir of its own to replace (the default) or does not
    read so afterwards."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    value = _child(node, "games_dir")
    if not isinstance(value, yaml.ScalarNode):
        return None
    wanted = str(games_dir)
    written = json.dumps(wanted, ensure_ascii=False)  # a YAML double-quoted scalar
    copy = _spliced(text, value.start_mark.index, value.end_mark.index, written)
    try:
        data = yaml.safe_load(copy)
    except yaml.YAMLError:
        return None
    if not isinstance(data, dict) or data.get("games_dir") != wanted:
        return None
    return copy.replace(RESTORE_NOTE, RESTORED_NOTE, 1)


def _spliced(text: str, start: int, end: int, written: str) -> str:
    ending = "\n" if text[start:end].endswith("\n") else ""  # a block scalar's last line
    return text[:start] + written + ending + text[end:]


def _child(node: Any, key: str) -> Any:
    """The value node of ``key`` in a mapping node; None when there is none."""
    if not isinstance(node, yaml.MappingNode):
        return None
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
            return value_node
    return None


def _note_elsewhere(name: str, section: Any, gm: GmConfig, left_out: list[str]) -> None:
    """The lines for a password the config reads from a file or a variable."""
    server = getattr(gm, name)
    file_node = _child(section, "password_file")
    if file_node is not None:
        where = server.password_file if server is not None else file_node.value
        left_out.append(
            f"{name}.password_file {where}: the file is not in the backup; put it back (mode "
            f"0600){_beside(str(file_node.value))}"
        )
    env_node = _child(section, "password_env")
    if env_node is not None:
        left_out.append(
            f"{name}.password_env {env_node.value}: the password is in that environment "
            "variable, not in the backup; set it again where wtg runs"
        )


def _beside(written: str) -> str:
    """For a password_file the config names by a relative path: where it goes back (the
    config's own folder, wherever the config is put now: a host moved to another folder
    reads it there, not at the old host's path the line names first); else nothing."""
    if written.startswith(("/", "~")):
        return ""
    return (
        f" beside the config, wherever it is put now: the config names it {written}, read "
        "from the config's own folder"
    )


def _oauth2_files(gm: GmConfig) -> list[str]:
    """The lines for the oauth2 section's secrets: files and a variable outside the copy."""
    config = gm.oauth2
    if config is None:
        return []
    lines = [
        f"oauth2.refresh_token_file {config.refresh_token_file}: not in the backup; put it "
        f"back (mode 0600), or run `{login_command(config)}` again"
    ]
    if config.client_secret_file is not None:
        lines.append(
            f"oauth2.client_secret_file {config.client_secret_file}: the file is not in the "
            "backup; put it back (mode 0600)"
        )
    elif config.client_secret is not None:
        lines.append(
            "oauth2.client_secret_env: the client's secret is in that environment variable, "
            "not in the backup; set it again where wtg runs"
        )
    return lines


def _dkim_key(gm: GmConfig) -> list[str]:
    """The line for the DKIM key, unless it lies in the games folder (copied with it)."""
    if gm.dkim is None:
        return []
    key = Path(os.path.realpath(gm.dkim.key_file))
    if key.is_relative_to(os.path.realpath(gm.games_dir)):
        return []
    return [
        f"dkim.key_file {gm.dkim.key_file}: the key is not in the backup; put it back (mode "
        "0600), or make a new one with `wtg dkim-keygen` and publish its DNS record"
    ]


def _ca_files(gm: GmConfig) -> list[str]:
    """The lines for a server's certificate the config trusts (``ca_file``), unless it lies
    in the games folder: a host restored without it is refused its first read of the config
    (gmtrial43: the backup did not name it)."""
    lines = []
    for name in SERVERS:
        server = getattr(gm, name)
        found = getattr(server, "ca_file", None) if server is not None else None
        if found is None or Path(os.path.realpath(found)).is_relative_to(
            os.path.realpath(gm.games_dir)
        ):
            continue
        lines.append(
            f"{name}.ca_file {found}: the server's certificate is not in the backup; put it "
            "back (a copy of it: it is no secret)"
        )
    return lines


def _replaced(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in sorted(spans, reverse=True):
        ending = "\n" if text[start:end].endswith("\n") else ""  # a block scalar's last line
        text = text[:start] + PASSWORD_MARKER + ending + text[end:]
    return text


def _markers_in_place(text: str, written: list[str]) -> bool:
    """Whether ``text`` reads as YAML whose passwords (of ``written``) are the marker."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    if not written:
        return True
    return isinstance(data, dict) and all(
        isinstance(data.get(name), dict) and data[name].get("password") == PASSWORD_MARKER
        for name in written
    )


def _written_afresh(text: str, written: list[str]) -> str:
    """The config's data written out again with the markers in place (its comments lost)."""
    data = yaml.safe_load(text)
    for name in written:
        data[name]["password"] = PASSWORD_MARKER
    dumped: str = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return "# (written out afresh by the backup: the original's comments are not here)\n" + dumped


def _secrets(gm: GmConfig) -> list[tuple[str, str]]:
    found = []
    for name in SERVERS:
        server = getattr(gm, name)
        if server is not None and server.password:
            found.append((name, str(server.password)))
    if gm.oauth2 is not None and gm.oauth2.client_secret:
        found.append(("oauth2", gm.oauth2.client_secret))
    return found
