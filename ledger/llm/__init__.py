"""The LLM pass: the Messages API client, prompt and windows, plan and budget, merge, cache,
batches."""
