# La ligne d'en-tête d'un message de table, à côté du nom du jeu : la manche ou la phase du moment.
# Courte : elle partage une ligne de téléphone avec le nom du jeu.

hd-round = Manche { $round }
hd-round-of = Manche { $round } sur { $rounds }
hd-last-round = dernière manche
hd-pass = tour de table { $pass } sur { $passes }
hd-planets = planètes
hd-word = « { $word } »
hd-marking = Marquage
hd-exploration = Exploration
hd-round-results = Résultats
hd-final = Scores finaux
hd-solo-final = Partie solo · score final
