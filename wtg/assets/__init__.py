"""Reading game assets from disk: the I/O the pure rules code is handed the results of."""
