"""Benchmarks: `make bench` runs every `bench_*.py` here and reports ratios to baselines."""
