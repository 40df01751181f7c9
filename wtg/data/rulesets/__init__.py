"""The shipped rulesets, each made with the shipped data it reads: ``RULESET`` of
``wtg.data.rulesets.<name>`` (``wtg.game.registry`` finds them by name, importing one only when
it is used)."""
