"""Commands on one game beyond running its turns: the GM's (hold, release, preview, rollback,
extend, status) and a player's that change its seats and plans (a takeover, an absence).
Each takes a ``Game`` (``wtg.game.engine``); the game never calls back up here."""
