"""The benchmarks, one module a script: ``python -m bench.NAME`` from the repository writes its
table under ``bench/results/``; ``--quick`` runs a small capped version (seconds) that only
prints its table, as ``tests/test_bench.py`` does for every script."""
