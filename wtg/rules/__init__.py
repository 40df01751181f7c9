"""The rules of each ruleset, pure: a package ``wtg.rules.<name>`` holds its ruleset class,
made with the data it reads (``wtg.data.rulesets.<name>``); ``wtg.game.registry`` finds the
rulesets by name. docs/architecture.md says what goes where."""
