"""Today's robots, frozen: the yardstick the live strategies are measured against."""
