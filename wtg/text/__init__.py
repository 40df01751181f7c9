"""YAML text in and out, pure: the loaders (a player's file bounded, booleans the YAML 1.2
way) and the dumper, and a GM's config read with the line of each key."""
