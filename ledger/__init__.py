"""ledger: a git-native, plain-text ledger of what people and their AI coding agents learn."""

__version__ = "0.1.0"
