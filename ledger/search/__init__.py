"""Reading the ledger: grep, context, stats, log and check."""
