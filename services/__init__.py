"""Cardroom processes: one package per served thing (`python -m services.<name>`)."""
