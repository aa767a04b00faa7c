# Der Thread eines Tisches ist weg, Discord oder die Datenbank antworten eine Weile nicht.

outage-thread-deleted = Der Tisch { $game } ist beendet: sein Thread wurde gelöscht.
outage-thread-locked = Der Tisch { $game } in { $thread } ist beendet: sein Thread wurde gesperrt, dort kann niemand mehr spielen.
outage-discord-pending = Discord antwortet gerade nicht. Dein Klick zählt: er ist gespeichert, und der Tisch zeigt ihn, sobald Discord wieder da ist.
outage-discord-retry = Discord antwortet gerade nicht; dein Klick hat nichts verändert. Versuch es gleich noch einmal.
outage-storage-retry = Der Bot erreicht seinen Spielspeicher gerade nicht; dein Klick hat nichts verändert. Versuch es gleich noch einmal.
