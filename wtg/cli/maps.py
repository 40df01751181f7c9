"""`wtg map`: a game's board drawn as SVG or PNG (the work is in wtg.maps)."""

from __future__ import annotations

import click

from wtg.cli.common import fail, note_cut_short, open_or_fail
from wtg.cli.completion import game_names
from wtg.cli.givenhead import tell
from wtg.files.userfile import write_whole
from wtg.maps import draw_png, draw_svg


def register(group: click.Group) -> None:
    group.add_command(map_command)


def default_png_name(turn: int, player: int | None) -> str:
    """Where a PNG goes without ``-o``: ``map-turn4.png``, ``map-turn4-p3.png``."""
    return f"map-turn{turn}" + (f"-p{player}" if player is not None else "") + ".png"


@click.command("map")
@click.argument("game_dir", shell_complete=game_names)
@click.option("--player", type=int, default=None, help="Whose view (default: the GM's).")
@click.option("--turn", type=int, default=None, help="After which turn (default: the latest).")
@click.option(
    "--format",
    "form",
    type=click.Choice(["svg", "png"]),
    default="svg",
    show_default=True,
    help="SVG (text) or PNG (a picture).",
)
@click.option(
    "-o",
    "--output",
    default=None,
    help="The file to write ('-': standard output). Default: an SVG on standard output, "
    "a PNG in map-turnT.png (map-turnT-pN.png for a player) in the current folder.",
)
@click.pass_context
def map_command(
    ctx: click.Context,
    game_dir: str,
    player: int | None,
    turn: int | None,
    form: str,
    output: str | None,
) -> None:
    """Draw the board after a turn as a player may see it (fog where the rules hide
    things), or as the GM sees it without --player."""
    game = open_or_fail(ctx, game_dir)
    note_cut_short(game)
    number = game.latest_turn() if turn is None else turn
    picture: str | bytes
    picture = draw_svg(game, number, player) if form == "svg" else draw_png(game, number, player)
    if output is None and form == "png":
        output = default_png_name(number, player)
    data = picture.encode("utf-8") if isinstance(picture, str) else picture
    if output is None or output == "-":
        click.echo(data, nl=False)  # bytes go to the binary stream as they are
        return
    try:
        write_whole(output, data)  # an earlier map of that name is never cut short
    except OSError as exc:
        fail(f"cannot write {output}: {exc.strerror or exc}")
    tell(f"map of turn {number} written to {output}")
