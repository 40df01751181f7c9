"""A game folder on disk: the store of a game's turns and pending orders, files written whole
or not at all and made durable, exclusive locks, private files and folders, and the JSON
copy kept beside a GM's YAML file. Knows no ruleset."""
