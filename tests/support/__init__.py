"""Helpers shared by the test modules (servers on free ports, metrics scraping)."""
