"""Each ruleset's `wtg new-game` options, as data: one module a ruleset, light to import."""
