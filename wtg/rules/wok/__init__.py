"""What the World of Kaomaris rulesets share: the province state, the turn, and the phases
whose text is the same in each (transformations, growth, movement, aims, entropy, the end
of a turn), with their numbers in ``limits``. Each ruleset's own phases live in its folder."""
