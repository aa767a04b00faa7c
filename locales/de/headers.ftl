# Die Kopfzeile einer Tischnachricht neben dem Namen des Spiels: die Runde oder Phase von jetzt.
# Kurz: sie teilt sich eine Handyzeile mit dem Namen des Spiels.

hd-round = Runde { $round }
hd-round-of = Runde { $round } von { $rounds }
hd-last-round = letzte Runde
hd-pass = Durchgang { $pass } von { $passes }
hd-planets = Planeten
hd-word = „{ $word }“
hd-marking = Markieren
hd-exploration = Erkundung
hd-round-results = Ergebnis
hd-final = Endstand
hd-solo-final = Solospiel · Endstand
