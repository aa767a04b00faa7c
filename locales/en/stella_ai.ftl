# Stella's computer seats.
st-lobby-computers-need-tags = 🤖 No computer seats with this server's pictures: the bot's owner has not described them in a tags file (stella-tags.txt), so a computer could not tell what they show.
st-error-computers-need-tags = A computer cannot play with this server's pictures: they are not described in a tags file ({ $file }). Ask the bot's owner for the file, or open a table with the painted deck.
