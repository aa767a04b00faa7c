# Stella on Discord: commands, the round's messages, the private slate and the designation menu.

cmd-stella = stella
    .name = stella
    .description = Play Stella
cmd-stella-new = new
    .name = new
    .description = Open a Stella table in this channel
    .preset = Points when two or more marked a card, and how many cards are new each round
    .preset-name = rules
    .preset-seed = 2 points if two marked a card, 3 if more · 15 new cards each round
    .preset-published = 3 points if two marked a card, 2 if more · 5 new cards each round
    .language = Language of the words (default: the table's)
    .language-name = language
    .language-en = English
    .language-de = German
    .language-fr = French
    .deck = Picture cards: the bot's painted deck or this server's own pictures
    .deck-name = deck
    .deck-generated = Painted deck
    .deck-custom = This server's pictures
    .timer = Minutes for the marking and for each designation (0: no timer)

st-option-deck = Picture cards
st-option-deck-generated = the bot's painted deck
st-option-deck-custom = this server's own pictures
st-option-host_starts-true = yes
st-option-host_starts-false = no, drawn at random

## The channel: one message while everyone marks, then one per designation

st-round-header = 🌟 **Round { $round } of { $rounds }** — the word is **“{ $word }”**
st-first-scout = First scout: { $player }
st-marking-prompt = Everyone marks 1 to 10 cards that fit the word, in secret: your slate comes by direct message.
st-marking-status = Locked in: { $locked } · Still marking: { $waiting }
st-nobody = nobody
st-dm-closed = I cannot send { $players } a direct message. { $count ->
    [one] Press **My slate** on the round's message to mark your cards right here; only you will see them.
   *[other] Press **My slate** on the round's message to mark your cards right here; only you will see them.
}
st-darkness-now = In Darkness this round: { $player }
st-exploration-prompt = { $player }, designate one of your marked cards: press **Designate**.
st-button-my-slate = My slate
st-button-designate = Designate

## Private: the slate (a DM, or an ephemeral message) and the designation menu

st-slate-header = 🌟 **Stella** in { $channel } — round { $round } of { $rounds }, the word is **“{ $word }”**
st-slate-prompt = Mark { $min } to { $max } cards that fit the word, then press **Lock in**. Only you see this slate, and you can change it until you lock in.
st-slate-too-many = That is more than { $max } marks: take some away before you lock in.
st-slate-waiting = Your marks are final. The counts are announced when everyone has locked in.
st-slate-sitting-out = You take no part in this round.
st-slate-marks = Your marks this round: { $labels }
st-slate-to-designate = Not revealed yet: { $labels }
st-slate-all-revealed = All your marked cards have been revealed.
st-slate-fallen = You have fallen this round: you designate no more cards.
st-slate-over = This round is over.
st-button-lock-in = Lock in ({ $count })
st-designate-prompt = Which of your marked cards do you designate? Everyone will see who else marked it.
st-designated = You designated { $label }.
st-no-marks = none

## Errors a player or the host can meet here

st-error-no-cards-folder = This bot has no folder of its own pictures: play with the painted deck.
st-error-cards-folder = The picture folder { $folder } holds { $count } usable pictures (PNG, JPEG or WebP of at least { $width }×{ $height } pixels), but Stella needs at least { $need }.
st-error-cards-folder-missing = The picture folder { $folder } cannot be read: ask the bot's owner to check the setting stella.cards_folder.
st-player-left = { $player } left the table and takes no further part; their marks still count for the others this round.
st-player-removed = { $player } was removed by the host and takes no further part; their marks still count for the others this round.
