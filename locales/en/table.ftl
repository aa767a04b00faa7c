# Shared by every table: lobby, seats, errors.

game-dice_stars = Dice Stars
game-dizzle = Dizzle
game-stella = Stella

lobby-host-tag = (host)
lobby-seats = Seats ({ $count }/{ $max }): { $names }
lobby-setting = { $name }: **{ $value }**
lobby-help = Press **Join** to take a seat. The host starts with { $min } to { $max } players and can change the settings below.
lobby-started = The game is on! Players in seat order: { $names }
lobby-closed = This table is closed.
lobby-join = Join
lobby-leave = Leave
lobby-start = Start
lobby-cancel = Cancel table
lobby-add-computer = Add computer

option-host_starts = Start player
option-host_starts-true = the host starts
option-host_starts-false = drawn at random

table-computer-name = Robo { $n }
table-none-here = There is no table in this channel. Open one with `/dicestars new`, `/dizzle new` or `/stella new`.
table-cancelled = The table was cancelled by { $user }.
table-you-left = You left the table.
table-player-left = { $player } left the table; the autopilot plays their seat from now on.

table-error-guild-only = Tables are opened in a server channel or thread, not in direct messages.
table-error-channel-busy = This channel already has a table. Finish or cancel it first, or open a thread for a second game.
table-error-unknown-game = This button belongs to no table here.
table-error-closed = That game is over; this button does nothing any more.
table-error-unknown-control = This button is not understood; nothing was changed.
table-error-stale = That message is out of date — use the newest one.
table-error-not-seated = You are not playing at this table.
table-error-not-started = The game has not started yet.
table-error-not-in-lobby = The game has already started; seats can no longer change.
table-error-already-seated = You already have a seat at this table.
table-error-full = The table is full ({ $max } players at most).
table-error-host-only = Only the host can do that.
table-error-bad-option = That is not a valid choice for { $option }.
table-error-player-count = This game needs { $min } to { $max } players.
table-error-cancel-forbidden = Only the host or a member with “Manage Server” can cancel the table.
table-error-internal = Something went wrong on our side; your click changed nothing. Please try again.
table-error-bad-value = “{ $value }” is not a value this option takes; nothing was changed.
table-error-not-allowed = You may not use this command here.
table-restarting = The bot is restarting for a moment; nothing was changed. Please try again in a few seconds.
table-error-not-your-turn = It is not your turn.
table-left-tag = (left)
table-timer = Turn timer
table-timer-off = no timer
table-timer-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
table-timer-hours = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
table-timer-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
table-timer-reminder = ⏳ { $player }, it is still your turn: { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} left.
table-timer-reminder-dm = ⏳ It is your turn at the table, { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} left: { $url }
table-timed-out = ⏰ { $player } ran out of time; the autopilot made their move.
table-remove-player = Remove { $player }
table-player-removed = { $player } was removed by the host; the autopilot plays their seat from now on.
table-error-remove-too-early = A player can be removed only after their timer ran out twice in a row.
lobby-watching = Watched from: { $channels }
cmd-spectate = spectate
    .name = spectate
    .description = Follow a table from this channel
    .table = The channel or thread where the game is played
    .table-name = table
    .stop = Stop following it
    .stop-name = stop
spectate-started = 👀 This channel now follows the table in { $channel }: every public move appears here.
spectate-stopped = This channel no longer follows the table in { $channel }.
spectate-error-same-channel = This is the table's own channel; pick another channel to watch from.
spectate-error-no-table = There is no open table in that channel.
table-error-not-watching = This channel does not follow that table.
table-error-already-watching = This channel already follows that table.
table-error-too-many-watchers = A table can be followed from { $max } channels at most.
table-error-timer-range = A turn timer goes from 0 (none) to { $max } minutes.
