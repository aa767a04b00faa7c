## La langue de la table et les fiches de règles (« Comment jouer », /aide jeu:). Une fiche se
## lit sur un téléphone : une douzaine de lignes ; l'image de légende nomme chaque symbole.

table-language = Langue de la table
language-with-words = { $name } · cartes mots en { $words ->
    [de] allemand
    [fr] français
   *[en] anglais
}
rules-button = Comment jouer
rules-legend-title = { $game } : ce que montrent les images
rules-unknown-game = Je ne connais pas ce jeu ; choisis-en un dans la liste.

rules-dice_stars = **🎲 Dice Stars – comment jouer**
    🎯 **But :** le plus gros total sur ta feuille à la fin.
    🔁 **Un tour :** si le sac s'est vidé ou si des étoiles ont été prises, on le remplit d'abord. Tire 1 à 3 dés dans la réserve (3 si elle est vide ou ne montre que des étoiles), puis prends **tous** ses dés d'une sorte :
    • une **couleur** : ils remplissent les cases blanches vides de sa colonne depuis le haut ; la dernière reçoit leur somme, les autres une croix ;
    • une **valeur** : ils remplissent les cases vides de sa ligne depuis la gauche, blanches puis vertes ; la dernière reçoit la somme ;
    • les **étoiles** : chacune coche une case multiplicateur ★ de ton choix.
    Les dés laissés restent dans la réserve pour le joueur suivant.
    🧮 **Points :** une ligne rapporte la somme de ses nombres, **doublée** si toutes ses ★ sont cochées, mais **0 si seulement certaines** le sont : ne commence une ligne d'étoiles que si tu peux la finir.
    ⚠️ **Pénalité :** si aucun choix n'est possible, tu dois défausser une couleur ou une valeur et inscrire sa somme en points négatifs, et une pénalité **met fin à la partie**.
    🏁 **Fin :** dès qu'un joueur remplit sa 20e case blanche ou inscrit une pénalité, on termine le tour de table ; le plus gros total gagne.
    👤 **Solo :** après chacun de tes tours, le sac coche des cases de sa grille selon la réserve laissée (une par tranche de 5 entamée, doublée par une étoile) ; il marque 5 points par case et gagne si sa grille est pleine.

rules-dizzle = **🧩 Dizzle – comment jouer**
    🎯 **But :** le plus de points sur la feuille du niveau à la fin.
    🔁 **Un tour de table :** le premier joueur lance tous les dés au centre. À tour de rôle, chacun pose **un** dé sur une case vide de **même valeur** :
    • ton **premier dé** d'un tour de table va à côté d'une de tes **croix** (les croix imprimées comptent), **chaque dé suivant** à côté d'**un de tes dés de ce tour de table** (si aucune case voisine n'est libre, de nouveau à côté d'une croix) ;
    • aucun dé ne convient : **relance** le centre (toujours rien : rends un de tes dés) ou **passe**. Quand tous les autres ont passé, le dernier joue encore une fois. Puis tes dés deviennent des croix.
    🔣 **Symboles :** 💎 les gemmes rapportent leurs points ; 🧩 une couleur de puzzle rapporte quand **toutes** ses pièces sont cochées ; une ligne ou une colonne complète rapporte son +N.
    💣 Une **bombe** nuit aux **autres** : qui ne l'a pas cochée pendant ce tour de table la gribouille et perd ses points.
    🔑 Une **clé** ouvre les 🔒 **cadenas** de sa couleur dès le **tour de table suivant**. 🚀 Une **fusée** coche une 🪐 **planète** de ton choix : un nouveau point de départ.
    🚩 **Drapeau** : les premiers à le cocher gagnent sa plus haute valeur, les suivants la suivante. 💩 coûte des points.
    🏁 **Fin :** après la dernière manche, le plus de points gagne ; en cas d'égalité, le moins de croix.
    👤 **Solo :** 10 manches d'un tour de table ; après chaque dé que tu poses, deux dés adverses rouges retirent du centre des dés de leurs valeurs. Les bombes rapportent +2, les drapeaux leur plus haute valeur : bats ton record.

rules-stella = **🌟 Stella – comment jouer**
    🎯 **But :** le plus de points après 4 manches.
    🔁 **Une manche :** 15 images et un mot. En message privé, **marque en secret 1 à 10 images** de ton ardoise qui vont avec le mot, puis valide.
    🌑 **Obscurité :** les nombres de marques sont révélés ; qui en a **seul** le plus est dans l'**Obscurité** pour la manche.
    🔦 **Exploration :** à partir du premier éclaireur, chacun révèle à son tour une de ses images marquées. Qui d'autre l'a marquée ?
    • personne : une **chute** : rien pour elle, et plus rien cette manche (les points déjà gagnés restent) ;
    • d'autres aussi : une **étincelle** pour chacun de ceux qui l'ont marquée : { $preset ->
        [published] **3 points** si deux l'ont marquée, **2** à trois ou plus.
       *[seed] **2 points** si deux l'ont marquée, **3** à trois ou plus.
    }
    Qui chute dans l'Obscurité perd 1 point par étincelle de la manche.
    🔄 **Manche suivante :** { $preset ->
        [published] une ligne de 5 images est remplacée.
       *[seed] les 15 images sont remplacées.
    }
    🏁 **Fin :** après 4 manches, le plus gros total gagne ; { $preset ->
        [published] une égalité est partagée.
       *[seed] en cas d'égalité, le plus de points de la dernière manche.
    }
    Peu de marques : peu de risques, peu de points ; beaucoup de marques : plus de points, mais gare aux chutes et à l'Obscurité.

## Les images de légende : une ligne par symbole.

legend-dice_stars-dice = Dés : colonnes noire, violette, bleue et jaune
legend-dice_stars-star-face = ★ sur un dé : une étoile, elle vaut 0
legend-dice_stars-white-field = Case blanche : remplie par une couleur ou une valeur
legend-dice_stars-green-field = Case verte : remplie par une valeur seulement
legend-dice_stars-cross = Croix : une case remplie, qui vaut 0
legend-dice_stars-multiplier = Case multiplicateur : cochée par une étoile
legend-dice_stars-multiplier-crossed = Case multiplicateur cochée
legend-dice_stars-doubled = ×2 : toutes les ★ de la ligne cochées
legend-dice_stars-lost = 0 : seulement certaines ★ cochées, la ligne est perdue
legend-dice_stars-penalty = Pénalité : des points en moins, fin de la partie
legend-dice_stars-solo-box = Grille solo : une case cochée par le sac
legend-dice_stars-refill = Le sac est rempli avant le prochain tirage
legend-dice_stars-nothing-fits = Aucun choix possible : une pénalité s'impose
legend-dice_stars-last-round = Le dernier tour de table est en cours

legend-dizzle-field = Case : reçoit un dé de cette valeur
legend-dizzle-start-cross = Croix imprimée : tes premiers dés vont à côté
legend-dizzle-pen-cross = Ta croix : un dé d'un tour de table précédent
legend-dizzle-lying-die = Bord orange : ton dé de ce tour de table
legend-dizzle-scribble = Gribouillée : une case morte (une bombe)
legend-dizzle-gem = Gemme : ses points une fois cochée
legend-dizzle-puzzle = Pièce de puzzle : toutes celles d'une couleur rapportent son bonus
legend-dizzle-key = Clé : ouvre les cadenas de sa couleur au tour de table suivant
legend-dizzle-lock = Cadenas : demande la clé de sa couleur
legend-dizzle-bomb = Bombe : les autres perdent ses points
legend-dizzle-rocket = Fusée : coche une planète de ton choix
legend-dizzle-planet = Planète : accessible par une fusée seulement
legend-dizzle-choice = Cadre jaune : une case pour ton dé maintenant (ou une planète à choisir)
legend-dizzle-flag = Drapeau : les premiers à le cocher ont la plus haute valeur
legend-dizzle-poop = Crotte : des points en moins une fois cochée
legend-dizzle-printed-value = Nombre sur une croix : les points de cette case
legend-dizzle-line-bonus = +N : une ligne ou une colonne complète ; vert une fois fait
legend-dizzle-opponent-die = Dé rouge : l'adversaire solo
legend-dizzle-taken = Dé gris : retiré du centre

legend-stella-label = A1 à E3 : lettre de la colonne, numéro de la ligne
legend-stella-mark = Cadre vert : ta marque (toi seul la vois)
legend-stella-veil = Assombrie : ta marque déjà révélée
legend-stella-revealed = Cadre doré : une image révélée
legend-stella-spark = Étincelle : les points de chacun de ceux qui l'ont marquée
legend-stella-fall = Rouge : une chute, un seul joueur l'a marquée
legend-stella-marker = Jetons : qui l'a marquée ; barré : ne marque rien
legend-stella-active = Bord doré : qui révèle maintenant
legend-stella-darkness = Lune : dans l'Obscurité cette manche
legend-stella-fallen = Étoile filante : a chuté cette manche
legend-stella-penalty = Moins rouge : la pénalité d'Obscurité à venir

## /aide jeu:

cmd-help-game = jeu
    .name = jeu
    .description = Les règles d'un jeu et ce que montrent ses images
    .dice_stars = Dice Stars
    .dizzle = Dizzle
    .stella = Stella
