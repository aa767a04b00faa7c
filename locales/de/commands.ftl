cmd-status = status
    .name = status
    .description = Zeigt den Tisch in diesem Kanal
cmd-cancel = abbrechen
    .name = abbrechen
    .description = Löst den Tisch in diesem Kanal auf (Gastgeber oder Serververwaltung)
cmd-leave = verlassen
    .name = verlassen
    .description = Verlässt den Tisch in diesem Kanal
cmd-help = hilfe
    .name = hilfe
    .description = So spielst du mit diesem Bot
cmd-about = info
    .name = info
    .description = Version und Mitwirkende

help-text = **Dice Stars, Dizzle und Stella – an eurem Discord-Tisch**
    Eröffne einen Tisch in einem Kanal oder Thread, deine Freunde drücken **Beitreten**, der Gastgeber drückt **Starten**. Jede Wahl ist ein Button oder ein Menü; geheime Entscheidungen kommen per Direktnachricht.
    • `/dicestars neu` – Dice Stars, 1–4 Spieler (allein: Solo gegen den Beutel)
    • `/dizzle neu` – Dizzle, 1–4 Spieler, wähle ein Level
    • `/stella neu` – Stella, 3–6 Spieler, geheime Markierungen per DM
    • `/status` zeigt den Tisch hier, `/verlassen` gibt deinen Platz auf, `/abbrechen` löst den Tisch auf.
    • `/zuschauen` verfolgt einen Tisch aus einem anderen Kanal, `/verlauf` zeigt beendete Spiele, Rekorde und Aufzeichnungen (`spieler:` für Spiele und Siege eines Spielers).
    • Nach einem Spiel eröffnet **Revanche** denselben Tisch noch einmal und lädt alle ein, die mitgespielt haben.
    • `/hilfe spiel:` — wie ein Spiel geht, mit einer Legende seiner Bilder (auch der Button **So wird gespielt** am Tisch).
    Ein Tisch pro Kanal: Öffne einen Thread, um mehrere Spiele nebeneinander zu spielen.
about-text = **Tisch-Bot** { $version }
    Spielt Dice Stars (Bruno Cathala, Ludovic Maublanc), Dizzle (Ralf zur Linde) und Stella (Libellud, aus der Dixit-Welt) mit deinen Freunden auf Discord. Es sind Fan-Umsetzungen zum gemeinsamen Spielen; kauf die Spiele im Laden, um ihre Autoren zu unterstützen.
    Kartenbilder: OpenMoji – das Open-Source-Emoji- und Icon-Projekt, CC BY-SA 4.0. Schrift: DejaVu Sans.
cmd-timer = zugzeit
    .name = zugzeit
    .description = Minuten pro Zug (0: keine Begrenzung)
