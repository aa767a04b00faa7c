# Stella sur Discord : commandes, messages de la manche, ardoise secrète et menu pour désigner.

cmd-stella = stella
    .name = stella
    .description = Jouer à Stella
cmd-stella-new = nouvelle
    .name = nouvelle
    .description = Ouvre une table de Stella dans ce salon
    .preset = Quelles règles : les règles classiques de la table ou celles de la boîte
    .preset-name = règles
    .preset-seed = Règles classiques de la table
    .preset-published = Règles de la boîte (super étincelles)
    .language = Langue des mots (par défaut : celle du serveur)
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
st-marking-prompt = Chacun marque en secret 1 à 10 cartes qui évoquent le mot : votre ardoise arrive en message privé.
st-marking-status = Ardoise validée : { $locked } · Marquent encore : { $waiting }
st-nobody = personne
st-dm-closed = Je ne peux pas envoyer de message privé à { $players }. Appuyez sur **Mon ardoise** sous le message de la manche pour marquer vos cartes ici ; vous seul les verrez.
st-darkness-now = Dans les Ténèbres cette manche : { $player }
st-exploration-prompt = { $player }, désignez une de vos cartes marquées : appuyez sur **Désigner**.
st-button-my-slate = Mon ardoise
st-button-designate = Désigner
st-final-title = 🏁 **Stella — classement final**

## En privé : l'ardoise (message privé ou visible de vous seul) et le menu pour désigner

st-slate-header = 🌟 **Stella** dans { $channel } — manche { $round } sur { $rounds }, le mot est **« { $word } »**
st-slate-prompt = Marquez de { $min } à { $max } cartes qui évoquent le mot, puis appuyez sur **Valider**. Vous seul voyez cette ardoise, et vous pouvez la modifier jusqu'à la validation.
st-slate-too-many = Cela fait plus de { $max } marques : retirez-en avant de valider.
st-slate-waiting = Vos marques sont définitives. Le nombre de marques de chacun sera annoncé quand tout le monde aura validé.
st-slate-sitting-out = Vous ne participez pas à cette manche.
st-slate-marks = Vos marques de cette manche : { $labels }
st-slate-to-designate = Pas encore révélées : { $labels }
st-slate-all-revealed = Toutes vos cartes marquées ont été révélées.
st-slate-fallen = Vous avez chuté cette manche : vous ne désignez plus de carte.
st-slate-over = Cette manche est terminée.
st-button-lock-in = Valider ({ $count })
st-designate-prompt = Quelle carte marquée désignez-vous ? Tout le monde verra qui d'autre l'a marquée.
st-designated = Vous avez désigné { $label }.
st-no-marks = aucune

## Erreurs que peuvent rencontrer les joueurs ou l'hôte

st-error-no-cards-folder = Ce bot n'a pas de dossier d'images à lui : jouez avec les cartes peintes.
st-error-cards-folder = Le dossier d'images { $folder } contient { $count } images utilisables (PNG, JPEG ou WebP d'au moins { $width }×{ $height } pixels), mais Stella en demande au moins { $need }.
st-error-cards-folder-missing = Le dossier d'images { $folder } est illisible : demandez au propriétaire du bot de vérifier le réglage stella.cards_folder.
st-player-left = { $player } a quitté la table et ne joue plus ; ses marques comptent encore pour les autres dans cette manche.
st-player-removed = L'hôte a retiré { $player } ; ses marques comptent encore pour les autres dans cette manche.
