"""The rules of each ruleset, pure: a package ``wtg.rules.<name>`` is one ruleset, its
registration (``REGISTRATION`` in its ``__init__``: its class, its ``new-game`` options and
seating) and its rules; ``wtg.registry`` finds the packages that register one. A package of
shared code (``wtg.rules.wok``) registers none. docs/architecture.md says what goes where."""
