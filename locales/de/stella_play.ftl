# Stella auf Discord: Befehle, die Nachrichten der Runde, die geheime Tafel und das Zeigen-Menü.

cmd-stella = stella
    .name = stella
    .description = Stella spielen
cmd-stella-new = neu
    .name = neu
    .description = Eröffnet einen Stella-Tisch in diesem Kanal
    .preset = Punkte, wenn zwei oder mehr ein Bild markieren, und wie viele Bilder jede Runde neu sind
    .preset-name = regeln
    .preset-seed = 2 Punkte, wenn zwei ein Bild markieren, 3 bei mehr · jede Runde 15 neue Bilder
    .preset-published = 3 Punkte, wenn zwei ein Bild markieren, 2 bei mehr · jede Runde 5 neue Bilder
    .language = Sprache der Wörter (ohne Angabe: die des Tisches)
    .language-name = sprache
    .language-en = Englisch
    .language-de = Deutsch
    .language-fr = Französisch
    .deck = Bildkarten: die gemalten Karten des Bots oder die eigenen Bilder dieses Servers
    .deck-name = karten
    .deck-generated = Gemalte Karten
    .deck-custom = Bilder dieses Servers
    .timer = Minuten für das Markieren und für jede Wahl (0: keine Begrenzung)

st-option-deck = Bildkarten
st-option-deck-generated = die gemalten Karten des Bots
st-option-deck-custom = die eigenen Bilder dieses Servers
st-option-host_starts-true = ja
st-option-host_starts-false = nein, wird ausgelost

## Im Kanal: eine Nachricht, solange alle markieren, dann eine pro gezeigter Karte

st-round-header = 🌟 **Runde { $round } von { $rounds }** — das Wort lautet **„{ $word }“**
st-first-scout = Erster Späher: { $player }
st-marking-prompt = Alle markieren geheim 1 bis 10 Karten, die zum Wort passen: Deine Tafel kommt per Direktnachricht.
st-marking-status = Festgelegt: { $locked } · Markieren noch: { $waiting }
st-nobody = niemand
st-dm-closed = Ich kann { $players } keine Direktnachricht schicken. { $count ->
    [one] Drück bei der Nachricht der Runde auf **Meine Tafel**, um deine Karten hier zu markieren; nur du siehst sie.
   *[other] Drückt bei der Nachricht der Runde auf **Meine Tafel**, um eure Karten hier zu markieren; jeder sieht nur seine eigenen.
}
st-darkness-now = In dieser Runde in der Dunkelheit: { $player }
st-exploration-prompt = { $player }, zeige eine deiner markierten Karten: Drück auf **Zeigen**.
st-button-my-slate = Meine Tafel
st-button-designate = Zeigen

## Privat: die Tafel (Direktnachricht oder nur für dich sichtbar) und das Zeigen-Menü

st-slate-header = 🌟 **Stella** in { $channel } — Runde { $round } von { $rounds }, das Wort lautet **„{ $word }“**
st-slate-prompt = Markiere { $min } bis { $max } Karten, die zum Wort passen, und drück dann auf **Festlegen**. Nur du siehst diese Tafel, und bis zum Festlegen kannst du sie ändern.
st-slate-too-many = Das sind mehr als { $max } Markierungen: Nimm welche weg, bevor du dich festlegst.
st-slate-waiting = Deine Markierungen stehen fest. Wie viele jeder markiert hat, wird verkündet, sobald sich alle festgelegt haben.
st-slate-sitting-out = Du setzt diese Runde aus.
st-slate-marks = Deine Markierungen in dieser Runde: { $labels }
st-slate-to-designate = Noch nicht aufgedeckt: { $labels }
st-slate-all-revealed = Alle deine markierten Karten sind aufgedeckt.
st-slate-fallen = Du bist in dieser Runde gestürzt und zeigst keine Karte mehr.
st-slate-over = Diese Runde ist vorbei.
st-button-lock-in = Festlegen ({ $count })
st-designate-prompt = Welche deiner markierten Karten zeigst du? Alle sehen dann, wer sie noch markiert hat.
st-designated = Du hast { $label } gezeigt.
st-no-marks = keine

## Fehler, auf die Spieler oder Gastgeber hier stoßen können

st-error-no-cards-folder = Dieser Bot hat keinen Ordner mit eigenen Bildern: Spielt mit den gemalten Karten.
st-error-cards-folder = Der Bilderordner { $folder } enthält { $count } brauchbare Bilder (PNG, JPEG oder WebP mit mindestens { $width }×{ $height } Pixeln), Stella braucht aber mindestens { $need }.
st-error-cards-folder-missing = Der Bilderordner { $folder } lässt sich nicht lesen: Bitte den Betreiber des Bots, die Einstellung stella.cards_folder zu prüfen.
st-player-left = { $player } hat den Tisch verlassen und spielt nicht mehr mit; die Markierungen zählen in dieser Runde weiter für die anderen.
st-player-removed = Der Gastgeber hat { $player } entfernt; die Markierungen zählen in dieser Runde weiter für die anderen.
