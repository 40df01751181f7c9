"""The mail loop's commands: poll, send, remind."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    commands: tuple[click.Command, ...] = ()
    for command in commands:
        group.add_command(command)
