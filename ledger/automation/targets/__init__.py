"""Where `ledger hooks install` puts its entries: one module per kind of target."""
