"""Drawing screens off the event loop: a worker process, its pipe, and how both processes use
the allocator. Depends on ``screens/``, never on ``cogs/`` or discord.py."""
