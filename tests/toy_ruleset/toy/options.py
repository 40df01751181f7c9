"""The `wtg new-game` options of Highest Unique Bid, and the players it seats."""

from __future__ import annotations

from wtg.core.ruleset import GameOption, Seating

OPTIONS = (GameOption("goal", "goal", "Points that win a game of bids (default 10)."),)
SEATING = (Seating(least=2, most=6, rule="Two to six players bid."),)
