"""Reusable gRPC server pieces: settings, logging, error mapping, metrics, server bootstrap."""
