"""Shared pieces of the menud benchmarks (bench/run.py, bench/scale.py)."""
