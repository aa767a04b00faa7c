# Die Datenbank ist kurz nicht erreichbar (Neustart, volle Platte, eine Sicherung sperrt die Datei).
table-error-try-again = Ich kann gerade nichts speichern (die Datenbank ist kurz nicht erreichbar); nichts hat sich geändert. Versuch es in einer Minute noch einmal.
