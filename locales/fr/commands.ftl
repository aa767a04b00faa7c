cmd-status = statut
    .name = statut
    .description = Affiche la table de ce salon
cmd-cancel = annuler
    .name = annuler
    .description = Annule la table de ce salon (hôte ou gestionnaires du serveur)
cmd-leave = quitter
    .name = quitter
    .description = Quitte la table de ce salon
cmd-help = aide
    .name = aide
    .description = Comment jouer avec ce bot
cmd-about = apropos
    .name = apropos
    .description = Version et crédits

help-text = **Dice Stars, Dizzle et Stella — à ta table Discord**
    Ouvre une table dans un salon ou un fil, tes amis appuient sur **Rejoindre**, l'hôte appuie sur **Lancer**. Chaque choix est un bouton ou un menu ; les choix secrets se font en message privé.
    • `/dicestars nouvelle` — Dice Stars, 1 à 4 joueurs (seul : en solo contre le sac)
    • `/dizzle nouvelle` — Dizzle, 1 à 4 joueurs, choisis un niveau
    • `/stella nouvelle` — Stella, 3 à 6 joueurs, marques secrètes en MP
    • `/statut` montre la table ici, `/quitter` libère ta place, `/annuler` ferme la table.
    • `/regarder` suit une table depuis un autre salon, `/historique` montre les parties terminées, les records et les rediffusions (`joueur:` pour les parties et victoires d'un joueur).
    • À la fin d'une partie, **Revanche** rouvre la même table et invite tous ceux qui ont joué.
    • `/aide jeu:` — comment se joue un jeu, avec la légende de ses images (aussi le bouton **Comment jouer** de la table).
    Une table par salon : ouvre un fil pour jouer plusieurs parties côte à côte.
about-text = **Bot de table** { $version }
    Joue à Dice Stars (Bruno Cathala, Ludovic Maublanc), Dizzle (Ralf zur Linde) et Stella (Libellud, dans l'univers de Dixit) avec tes amis sur Discord. Ce sont des adaptations de fans pour jouer ensemble ; achète les jeux en boîte pour soutenir leurs auteurs.
    Images des cartes : OpenMoji – le projet open source d'emoji et d'icônes, CC BY-SA 4.0. Police : DejaVu Sans.
cmd-timer = minuteur
    .name = minuteur
    .description = Minutes par tour (0 : pas de minuteur)
