"""The `wtg` command line: wiring only; the work is done in the rooms below it
(docs/architecture.md).

wtg.cli.games  new-game, aof, orders, run-turn, state, report, topten, demo
wtg.cli.status status (one game, or every game)
wtg.cli.quarantine quarantine
wtg.cli.mail   poll, send, remind, outbox
wtg.cli.maps   map
wtg.cli.lobby  open-list, lists, offer-seat
wtg.cli.ratings ratings
wtg.cli.gm     hold, release, extend, rollback, announce, digest, bounces, new-code
wtg.cli.endgame end
wtg.cli.site   site
wtg.cli.checkconfig check-config
wtg.cli.dkim   dkim-keygen
wtg.cli.host   init
wtg.cli.upkeep backup, restore
wtg.cli.upgrade upgrade
wtg.cli.serve  serve
"""

from __future__ import annotations

try:  # Ctrl-C while the commands are imported: one line, as in a command (common.INTERRUPTED)
    import click

    from wtg.cli.checkconfig import register as _register_checkconfig
    from wtg.cli.common import main
    from wtg.cli.dkim import register as _register_dkim
    from wtg.cli.endgame import register as _register_endgame
    from wtg.cli.games import register as _register_games
    from wtg.cli.gm import register as _register_gm
    from wtg.cli.host import register as _register_host
    from wtg.cli.lobby import register as _register_lobby
    from wtg.cli.mail import register as _register_mail
    from wtg.cli.maps import register as _register_maps
    from wtg.cli.oauth2login import register as _register_oauth2login
    from wtg.cli.quarantine import register as _register_quarantine
    from wtg.cli.ratings import register as _register_ratings
    from wtg.cli.serve import register as _register_serve
    from wtg.cli.site import register as _register_site
    from wtg.cli.status import register as _register_status
    from wtg.cli.upgrade import register as _register_upgrade
    from wtg.cli.upkeep import register as _register_upkeep

    _register_games(main)
    _register_lobby(main)
    _register_mail(main)
    _register_maps(main)
    _register_ratings(main)
    _register_site(main)
    _register_status(main)
    _register_quarantine(main)
    _register_checkconfig(main)
    _register_dkim(main)
    _register_gm(main)
    _register_endgame(main)
    _register_host(main)
    _register_upkeep(main)
    _register_upgrade(main)
    _register_serve(main)
    _register_oauth2login(main)
except KeyboardInterrupt:
    raise SystemExit("wtg: interrupted (Ctrl-C) while starting: nothing was done") from None

__all__ = ["click", "main"]
