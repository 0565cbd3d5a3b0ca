"""Turn a Session into findings: the deterministic structural pass, later the LLM pass."""
