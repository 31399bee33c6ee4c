"""Library code used by several Cardroom services: engines, solver, protocol, helpers."""
