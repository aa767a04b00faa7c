"""The benchmark suite: ``python -m bench`` measures rendering, engines, storage and the bot.

Each area is a module with ``run(quick) -> list[Figure]``; ``__main__`` prints one table of
figures against their targets and writes the same figures as JSON. Benchmarks measure; the
tests stay fast and untimed.
"""
