# Les places d'ordinateur de Stella.
st-lobby-computers-need-tags = 🤖 Pas de places d'ordinateur avec les images de ce serveur : le propriétaire du bot ne les a pas décrites dans un fichier de mots-clés (stella-tags.txt), un ordinateur ne saurait donc pas ce qu'elles montrent.
st-error-computers-need-tags = Un ordinateur ne peut pas jouer avec les images de ce serveur : elles ne sont décrites dans aucun fichier de mots-clés ({ $file }). Demande ce fichier au propriétaire du bot, ou ouvre une table avec les cartes peintes.
