"""Benchmarks: ``python -m bench`` prints every figure; each module can run alone too."""
