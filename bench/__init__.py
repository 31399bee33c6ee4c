"""Benchmarks of the Cardroom engines and services, apart from the tests."""
