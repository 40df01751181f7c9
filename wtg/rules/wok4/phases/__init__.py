"""The phases of a WoK IV turn, each a function over the Turn."""
