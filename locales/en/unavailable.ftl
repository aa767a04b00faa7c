# The database is away for a moment (a restart, a full disk, a backup holding the file).
table-error-try-again = I can't save anything right now (the database is away for a moment); nothing changed. Try again in a minute.
