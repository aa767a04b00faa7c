# A table's thread gone, Discord or the database away for a while.

outage-thread-deleted = The { $game } table has ended: its thread was deleted.
outage-thread-locked = The { $game } table in { $thread } has ended: its thread was locked, so nobody can play there any more.
outage-discord-pending = Discord is not answering right now. Your click counts: it is saved, and the table shows it as soon as Discord is back.
outage-discord-retry = Discord is not answering right now; your click changed nothing. Try again in a moment.
outage-storage-retry = The bot cannot reach its game storage right now; your click changed nothing. Try again in a moment.
