"""Pure rule engines (no I/O); every game module follows the contract in
cardroom.shared.games.base."""
