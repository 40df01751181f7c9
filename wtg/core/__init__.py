"""Types shared by every ruleset: events, results, the RNG, the ruleset protocol."""
