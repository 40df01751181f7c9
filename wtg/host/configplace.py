"""Where the host's config is, given a path that may be its folder: ``--config /srv/wtg``
(the folder `wtg init` made) means the config in it, ``/srv/wtg/wtg.yaml``; a folder with
none in it (the games folder, given for the config) is said plainly, with the file looked
for. Pure paths: nothing here reads a config."""

from __future__ import annotations

from pathlib import Path

CONFIG_NAME = "wtg.yaml"
"""The host's config's name in its folder, as `wtg init` makes it."""


def config_in(path: Path) -> Path:
    """The config file ``path`` names: itself, or, for a folder, the ``CONFIG_NAME`` in it
    when there is one (else the folder, which the reader refuses: ``folder_given``)."""
    inside = path / CONFIG_NAME
    if path.is_dir() and inside.is_file():
        return inside
    return path


def folder_given(path: Path) -> str:
    """What is wrong with the config ``path``, a folder with no ``CONFIG_NAME`` in it, and
    what to give instead: the config beside it when the folder is a host's games folder."""
    line = (
        f"{path} is a folder, not a config file: the config was looked for in it as "
        f"{path / CONFIG_NAME}, which is not there"
    )
    beside = path.absolute().parent / CONFIG_NAME
    if beside.is_file():
        return f"{line}; that folder's host config may be {beside}: give --config {beside}"
    return f"{line}; give the config file (`wtg init DIR` makes DIR/{CONFIG_NAME})"
