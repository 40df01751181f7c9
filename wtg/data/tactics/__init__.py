"""WoS Tactics worlds: tactics_ini.txt, palette-image maps and elevation; our own maps
drawn as text."""
