# Für alle Tische: Lobby, Plätze, Fehler.

game-dice_stars = Dice Stars
game-dizzle = Dizzle
game-stella = Stella

lobby-host-tag = (Gastgeber)
lobby-seats = Plätze ({ $count }/{ $max }): { $names }
lobby-setting = { $name }: **{ $value }**
lobby-help = Mit **Beitreten** nimmst du Platz. Der Gastgeber startet mit { $min } bis { $max } Spielern und kann unten die Einstellungen ändern.
lobby-started = Das Spiel läuft! Spieler in Sitzreihenfolge: { $names }
lobby-closed = Dieser Tisch ist geschlossen.
lobby-join = Beitreten
lobby-leave = Verlassen
lobby-start = Starten
lobby-cancel = Tisch auflösen
lobby-add-computer = Computer hinzufügen

option-host_starts = Startspieler
option-host_starts-true = der Gastgeber beginnt
option-host_starts-false = wird ausgelost

table-computer-name = Robo { $n }
table-none-here = In diesem Kanal gibt es keinen Tisch. Eröffne einen mit `/dicestars neu`, `/dizzle neu` oder `/stella neu`.
table-cancelled = { $user } hat den Tisch aufgelöst.
table-you-left = Du hast den Tisch verlassen.
table-player-left = { $player } hat den Tisch verlassen; ab jetzt spielt der Autopilot für diesen Platz.

table-error-guild-only = Tische werden in einem Serverkanal oder Thread eröffnet, nicht in Direktnachrichten.
table-error-channel-busy = In diesem Kanal gibt es schon einen Tisch. Beende oder löse ihn zuerst auf – oder öffne einen Thread für ein zweites Spiel.
table-error-unknown-game = Dieser Button gehört zu keinem Tisch hier.
table-error-closed = Dieses Spiel ist vorbei; der Button bewirkt nichts mehr.
table-error-unknown-control = Diesen Button kenne ich nicht; es wurde nichts geändert.
table-error-stale = Diese Ansicht ist veraltet – nimm die neueste Nachricht.
table-error-not-seated = Du spielst an diesem Tisch nicht mit.
table-error-not-started = Das Spiel hat noch nicht begonnen.
table-error-not-in-lobby = Das Spiel hat schon begonnen; die Plätze stehen fest.
table-error-already-seated = Du hast an diesem Tisch schon einen Platz.
table-error-full = Der Tisch ist voll (höchstens { $max } Spieler).
table-error-host-only = Das darf nur der Gastgeber.
table-error-bad-option = Das ist keine gültige Wahl für { $option }.
table-error-player-count = Dieses Spiel braucht { $min } bis { $max } Spieler.
table-error-cancel-forbidden = Nur der Gastgeber oder ein Mitglied mit „Server verwalten“ kann den Tisch auflösen.
table-error-internal = Bei uns ist etwas schiefgegangen; dein Klick hat nichts verändert. Bitte versuch es noch einmal.
table-error-bad-value = „{ $value }“ ist für diese Option kein gültiger Wert; es wurde nichts geändert.
table-error-not-allowed = Diesen Befehl kannst du hier nicht verwenden.
table-restarting = Der Bot startet gerade neu; es wurde nichts geändert. Bitte versuch es in ein paar Sekunden noch einmal.
table-error-not-your-turn = Du bist nicht am Zug.
table-left-tag = (ausgestiegen)
table-timer = Zugzeit
table-timer-off = keine Begrenzung
table-timer-minutes = { $n ->
    [one] { $n } Minute
   *[other] { $n } Minuten
}
table-timer-hours = { $n ->
    [one] { $n } Stunde
   *[other] { $n } Stunden
}
table-timer-days = { $n ->
    [one] { $n } Tag
   *[other] { $n } Tage
}
table-timer-reminder = ⏳ { $player }, du bist noch am Zug: noch { $minutes ->
    [one] { $minutes } Minute
   *[other] { $minutes } Minuten
}.
table-timer-reminder-dm = ⏳ Du bist am Tisch am Zug, noch { $minutes ->
    [one] { $minutes } Minute
   *[other] { $minutes } Minuten
}: { $url }
table-timed-out = ⏰ Die Zugzeit von { $player } ist abgelaufen; der Autopilot hat den Zug gemacht.
table-remove-player = { $player } entfernen
table-player-removed = Der Gastgeber hat { $player } entfernt; ab jetzt spielt der Autopilot diesen Platz.
table-error-remove-too-early = Ein Spieler kann erst entfernt werden, wenn seine Zeit zweimal hintereinander abgelaufen ist.
lobby-watching = Zuschauer in: { $channels }
cmd-spectate = zuschauen
    .name = zuschauen
    .description = Einen Tisch von diesem Kanal aus verfolgen
    .table = Der Kanal oder Thread, in dem gespielt wird
    .table-name = tisch
    .stop = Nicht mehr verfolgen
    .stop-name = beenden
spectate-started = 👀 Dieser Kanal verfolgt jetzt den Tisch in { $channel }: jeder öffentliche Zug erscheint hier.
spectate-stopped = Dieser Kanal verfolgt den Tisch in { $channel } nicht mehr.
spectate-error-same-channel = Das ist der Kanal des Tisches selbst; wähle einen anderen Kanal zum Zuschauen.
spectate-error-no-table = In diesem Kanal gibt es keinen offenen Tisch.
table-error-not-watching = Dieser Kanal verfolgt diesen Tisch nicht.
table-error-already-watching = Dieser Kanal verfolgt diesen Tisch schon.
table-error-too-many-watchers = Ein Tisch kann von höchstens { $max } Kanälen aus verfolgt werden.
table-error-timer-range = Eine Zugzeit liegt zwischen 0 (keine) und { $max } Minuten.
