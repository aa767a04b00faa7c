# The header line of a table message, beside the game's name: the round or phase of now.
# Short: it shares one phone line with the game's name.

hd-round = Round { $round }
hd-round-of = Round { $round } of { $rounds }
hd-last-round = last round
hd-pass = pass { $pass } of { $passes }
hd-planets = planets
hd-word = “{ $word }”
hd-marking = Marking
hd-exploration = Exploration
hd-round-results = Results
hd-final = Final scores
hd-solo-final = Solo game · final score
