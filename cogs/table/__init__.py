"""The table runtime shared by the three games: the table cog and its routing of clicks, the
changes and their saves, the channel step, the repair, and the one delivery to Discord."""
