"""Discord-free screens: what a table message shows, as plain data, and how each game's
messages look. Drawn in the drawing worker, which never imports discord.py."""
