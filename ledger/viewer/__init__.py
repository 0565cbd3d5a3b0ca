"""The viewer: `ledger serve` and `ledger site` over the ledger."""
