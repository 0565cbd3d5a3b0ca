"""Templates of the files ledger writes (read with importlib.resources)."""
