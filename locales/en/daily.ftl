# The daily challenge: the same dice for everyone, every day (UTC).

cmd-daily = daily
    .name = daily
    .description = Today's daily challenge: leaderboard and streaks
    .share = Show the answer to the channel
    .share-name = share
cmd-dicestars-daily = daily
    .name = daily
    .description = Today's Dice Stars challenge: the same dice for everyone
cmd-dizzle-daily = daily
    .name = daily
    .description = Today's Dizzle challenge: the same dice for everyone

daily-unavailable = The daily challenge is not available right now.
daily-no-level = Today's sheet ({ $level }) is missing on this bot: no daily today, sorry.
daily-no-dm = I cannot send you direct messages: allow DMs from this server's members, then try again. The daily is played in your DMs so that nobody sees your dice.
daily-dm-busy = Your DMs with me hold another daily right now: finish it first ({ $link }).
daily-started = 📅 Today's challenge is waiting in your DMs: { $link }
    The same dice for everyone today. One attempt: it counts from now until midnight UTC.
daily-resume = ⏯️ Your daily of today is still running: { $link }
    Finish it before midnight UTC, or it counts with the score it has then.
daily-result-title = 📅 **{ $game }** — daily of { $day }: **{ $score }** { $score ->
        [one] point
       *[other] points
    }
daily-rank-here = 🏠 Rank { $place } of { $players } on this server today
daily-rank-all = 🌍 Rank { $place } of { $players } among all players today
daily-streak = 🔥 Streak: { $streak } { $streak ->
        [one] day
       *[other] days
    } (best: { $best })
daily-share-hint = Share it anywhere, it shows no dice:
daily-share = { $game } daily { $day }: { $score }
daily-public = 📅 **{ $player }** played the { $game } daily of { $day }: **{ $score }** { $score ->
        [one] point
       *[other] points
    } — { $place } of { $players } here, { $place_all } of { $players_all } everywhere.
daily-board-title = 📅 **Daily challenge of { $day }** — this server
daily-board-title-all = 📅 **Daily challenge of { $day }** — all players
daily-board-game = **{ $game }**
daily-board-game-level = **{ $game }** ({ $level })
daily-board-line = { $place } { $player } — { $score } pts
daily-board-empty = Nobody has finished it yet.
daily-yesterday = Yesterday's winner: { $player } ({ $score })
daily-your-streak = Your streak: { $streak } (best: { $best })
daily-history-tag = daily of { $day }
daily-dm-intro = 📅 **{ $game }** — the daily challenge of { $day }. The same dice for everyone today; your score counts once you finish, or at midnight UTC.
daily-day-over = This daily's day is over: it counts with the score it had at midnight UTC.
