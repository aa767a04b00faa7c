# Stella sur Discord : commandes, messages de la manche, ardoise secrète et menu pour désigner.

cmd-stella = stella
    .name = stella
    .description = Jouer à Stella
cmd-stella-new = nouvelle
    .name = nouvelle
    .description = Ouvre une table de Stella dans ce salon
    .preset = Points quand deux joueurs ou plus marquent une image ; images changées par manche
    .preset-name = règles
    .preset-seed = 2 points si deux marquent une image, 3 au-delà · 15 nouvelles images par manche
    .preset-published = 3 points si deux marquent une image, 2 au-delà · 5 nouvelles images par manche
    .language = Langue des mots (par défaut : celle de la table)
    .language-name = langue
    .language-en = Anglais
    .language-de = Allemand
    .language-fr = Français
    .deck = Cartes illustrées : les cartes peintes du bot ou les images de ce serveur
    .deck-name = cartes
    .deck-generated = Cartes peintes
    .deck-custom = Images de ce serveur
    .timer = Minutes pour marquer et pour chaque désignation (0 : pas de minuteur)

st-option-deck = Cartes illustrées
st-option-deck-generated = les cartes peintes du bot
st-option-deck-custom = les images de ce serveur
st-option-host_starts-true = oui
st-option-host_starts-false = non, tiré au sort

## Dans le salon : un message pendant que chacun marque, puis un par carte désignée

st-round-header = 🌟 **Manche { $round } sur { $rounds }** — le mot est **« { $word } »**
st-first-scout = Premier éclaireur : { $player }
st-marking-prompt = Chacun marque en secret 1 à 10 cartes qui évoquent le mot : chacun reçoit son ardoise en message privé.
st-marking-status = Ardoises validées : { $locked } · Marquent encore : { $waiting }
st-nobody = personne
st-dm-closed = Je ne peux pas envoyer de message privé à { $players }. { $count ->
    [one] Appuie sur **Mon ardoise** sous le message de la manche pour marquer tes cartes ici ; toi seul les verras.
   *[other] Appuyez sur **Mon ardoise** sous le message de la manche pour marquer vos cartes ici ; chacun ne verra que les siennes.
}
st-darkness-now = Dans l'Obscurité cette manche : { $player }
st-exploration-prompt = { $player }, désigne une de tes cartes marquées : appuie sur **Désigner**.
st-button-my-slate = Mon ardoise
st-button-designate = Désigner

## En privé : l'ardoise (message privé ou visible de toi seul) et le menu pour désigner

st-slate-header = 🌟 **Stella** dans { $channel } — manche { $round } sur { $rounds }, le mot est **« { $word } »**
st-slate-prompt = Marque de { $min } à { $max } cartes qui évoquent le mot, puis appuie sur **Valider**. Toi seul vois cette ardoise, et tu peux la modifier jusqu'à la validation.
st-slate-too-many = Cela fait plus de { $max } marques : retires-en avant de valider.
st-slate-waiting = Tes marques sont définitives. Le nombre de marques de chacun sera annoncé quand tout le monde aura validé.
st-slate-sitting-out = Tu ne participes pas à cette manche.
st-slate-marks = Tes marques de cette manche : { $labels }
st-slate-to-designate = Pas encore révélées : { $labels }
st-slate-all-revealed = Toutes tes cartes marquées ont été révélées.
st-slate-fallen = Tu as chuté cette manche : tu ne désignes plus de carte.
st-slate-over = Cette manche est terminée.
st-button-lock-in = Valider ({ $count })
st-designate-prompt = Quelle carte marquée désignes-tu ? Tout le monde verra qui d'autre l'a marquée.
st-designated = Tu as désigné { $label }.
st-no-marks = aucune

## Erreurs que peuvent rencontrer les joueurs ou l'hôte

st-error-no-cards-folder = Ce bot n'a pas de dossier d'images personnalisées : joue avec les cartes peintes.
st-error-cards-folder = Le dossier d'images { $folder } contient { $count } images utilisables (PNG, JPEG ou WebP d'au moins { $width }×{ $height } pixels), mais Stella en demande au moins { $need }.
st-error-cards-folder-missing = Le dossier d'images { $folder } est illisible : demande au propriétaire du bot de vérifier le réglage stella.cards_folder.
st-player-left = { $player } a quitté la table et ne joue plus ; ses marques comptent encore pour les autres dans cette manche.
st-player-removed = L'hôte a retiré { $player } ; ses marques comptent encore pour les autres dans cette manche.
