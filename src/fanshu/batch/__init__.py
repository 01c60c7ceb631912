"""Batch jobs: running score/analyze batches and simulations, and their output formats."""
