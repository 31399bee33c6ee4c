"""Pure rule engines (no I/O); every game module follows the contract in shared.games.base."""
