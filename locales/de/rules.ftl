## Die Sprache des Tisches und die Regelkarten („So wird gespielt“, /help spiel:). Eine
## Regelkarte wird am Handy gelesen: etwa 12 Zeilen; das Legendenbild nennt jedes Symbol.

table-language = Sprache des Tisches
language-with-words = { $name } · Wortkarten auf { $words ->
    [de] Deutsch
    [fr] Französisch
   *[en] Englisch
}
rules-button = So wird gespielt
rules-legend-title = { $game }: was die Bilder zeigen
rules-unknown-game = Dieses Spiel kenne ich nicht; wähle eines aus der Liste.

rules-dice_stars = **🎲 Dice Stars – so wird gespielt**
    🎯 **Ziel:** am Ende die höchste Summe auf deinem Blatt.
    🔁 **Ein Zug:** Ist der Beutel leer oder wurden Sterne genommen, wird er zuerst aufgefüllt. Zieh 1 bis 3 Würfel in die Reserve (3, wenn sie leer ist oder nur Sterne zeigt), dann nimm **alle** ihre Würfel einer Art:
    • eine **Farbe**: Sie füllen die leeren weißen Felder ihrer Spalte von oben; das letzte Feld bekommt ihre Summe, die anderen ein Kreuz;
    • eine **Zahl**: Sie füllen die leeren Felder ihrer Zeile von links, erst weiß, dann grün; das letzte bekommt die Summe;
    • die **Sterne**: Jeder kreuzt ein Multiplikatorfeld ★ deiner Wahl an.
    Die übrigen Würfel bleiben für den Nächsten in der Reserve.
    🧮 **Wertung:** Eine Zeile zählt die Summe ihrer Zahlen, **doppelt**, wenn alle ihre ★ angekreuzt sind, aber **0, wenn nur einige** angekreuzt sind: Fang eine Sternreihe nur an, wenn du sie füllen kannst.
    ⚠️ **Strafe:** Passt nichts, musst du eine Farbe oder Zahl abwerfen und ihre Summe als Minuspunkte eintragen, und eine Strafe **beendet das Spiel**.
    🏁 **Ende:** Sobald jemand sein 20. weißes Feld füllt oder eine Strafe einträgt, wird die Runde zu Ende gespielt; die höchste Summe gewinnt.
    👤 **Solo:** Nach jedem deiner Züge kreuzt der Beutel Kästchen seines Rasters für die übrige Reserve an (eines je angefangene 5, mit einem Stern doppelt); er bekommt 5 Punkte je Kästchen und gewinnt, wenn sein Raster voll ist.

rules-dizzle = **🧩 Dizzle – so wird gespielt**
    🎯 **Ziel:** am Ende die meisten Punkte auf dem Blatt des Levels.
    🔁 **Ein Durchgang:** Der Startspieler würfelt alle Würfel in die Mitte. Reihum legt jeder **einen** Würfel auf ein leeres Feld mit **derselben Augenzahl**:
    • dein **erster Würfel** eines Durchgangs kommt neben eines deiner **Kreuze** (auch gedruckte), **jeder weitere** neben **einen deiner Würfel dieses Durchgangs** (ist dort kein Nachbarfeld frei, wieder neben ein Kreuz);
    • passt nichts: die Mitte **neu würfeln** (passt dann noch nichts, gibst du einen deiner Würfel zurück) oder **passen**. Haben alle anderen gepasst, ist der Letzte noch einmal dran. Dann werden deine Würfel zu Kreuzen.
    🔣 **Symbole:** 💎 Edelsteine zählen ihre Punkte; 🧩 eine Puzzlefarbe zählt, wenn **alle** ihre Teile angekreuzt sind; eine volle Zeile oder Spalte zählt ihr +N.
    💣 Eine **Bombe** schadet den **anderen**: Wer sie in dem Durchgang nicht ankreuzt, streicht sie durch und verliert ihre Punkte.
    🔑 Ein **Schlüssel** öffnet die 🔒 **Schlösser** seiner Farbe ab dem **nächsten Durchgang**. 🚀 Eine **Rakete** kreuzt einen 🪐 **Planeten** deiner Wahl an: ein neuer Ausgangspunkt.
    🚩 **Fahnen**: Wer sie zuerst ankreuzt, bekommt den höchsten Wert, Spätere den nächsten. 💩 kostet Punkte.
    🏁 **Ende:** Nach der letzten Runde gewinnen die meisten Punkte; bei Gleichstand gewinnt, wer weniger Kreuze hat.
    👤 **Solo:** 10 Runden mit einem Durchgang; nach jedem Würfel, den du legst, nehmen zwei rote Gegnerwürfel Würfel ihrer Werte aus der Mitte. Bomben zählen +2, Fahnen ihren höchsten Wert: Schlag deinen Rekord.

rules-stella = **🌟 Stella – so wird gespielt**
    🎯 **Ziel:** die meisten Punkte nach 4 Runden.
    🔁 **Eine Runde:** 15 Bilder und ein Wort. Markiere per Direktnachricht **geheim 1 bis 10 Bilder** auf deiner Tafel, die zum Wort passen, und bestätige.
    🌑 **Dunkelheit:** Die Zahl der Markierungen wird aufgedeckt; wer **allein** die meisten hat, ist diese Runde in der **Dunkelheit**.
    🔦 **Erkundung:** Vom ersten Späher an deckt reihum jeder eines seiner markierten Bilder auf. Wer hat es noch markiert?
    • niemand: ein **Sturz**: nichts dafür und nichts mehr in dieser Runde (schon gewonnene Punkte bleiben);
    • andere auch: ein **Funke** für jeden, der es markiert hat: { $preset ->
        [published] **3 Punkte**, wenn es zwei markiert haben, **2** bei drei oder mehr.
       *[seed] **2 Punkte**, wenn es zwei markiert haben, **3** bei drei oder mehr.
    }
    Wer in der Dunkelheit stürzt, verliert 1 Punkt je Funke der Runde.
    🔄 **Nächste Runde:** { $preset ->
        [published] Eine Zeile mit 5 Bildern wird ersetzt.
       *[seed] Alle 15 Bilder werden ersetzt.
    }
    🏁 **Ende:** Nach 4 Runden gewinnt die höchste Summe; { $preset ->
        [published] Gleichstand wird geteilt.
       *[seed] bei Gleichstand die meisten Punkte der letzten Runde.
    }
    Wer wenig markiert, riskiert wenig und gewinnt wenig; wer viel markiert, riskiert Stürze und die Dunkelheit.

## Die Legendenbilder: eine Zeile je Symbol.

legend-dice_stars-dice = Würfel: Spalten Schwarz, Lila, Blau und Gelb
legend-dice_stars-star-face = ★ auf einem Würfel: ein Stern, zählt 0
legend-dice_stars-white-field = Weißes Feld: gefüllt über Farbe oder Zahl
legend-dice_stars-green-field = Grünes Feld: nur über eine Zahl gefüllt
legend-dice_stars-cross = Kreuz: ein gefülltes Feld, zählt 0
legend-dice_stars-multiplier = Multiplikatorfeld: wird mit einem Stern angekreuzt
legend-dice_stars-multiplier-crossed = Angekreuztes Multiplikatorfeld
legend-dice_stars-doubled = ×2: alle ★ der Zeile angekreuzt
legend-dice_stars-lost = 0: nur einige ★ angekreuzt, die Zeile zählt nichts
legend-dice_stars-penalty = Strafe: Minuspunkte, beendet das Spiel
legend-dice_stars-solo-box = Solo-Raster: ein Kästchen, das der Beutel ankreuzte
legend-dice_stars-refill = Der Beutel wird vor dem nächsten Ziehen aufgefüllt
legend-dice_stars-nothing-fits = Nichts passt: eine Strafe ist fällig
legend-dice_stars-last-round = Die letzte Runde läuft

legend-dizzle-field = Feld: nimmt einen Würfel mit dieser Augenzahl
legend-dizzle-start-cross = Gedrucktes Kreuz: deine ersten Würfel kommen daneben
legend-dizzle-pen-cross = Dein Kreuz: ein Würfel aus einem früheren Durchgang
legend-dizzle-lying-die = Orangefarbener Rand: dein Würfel dieses Durchgangs
legend-dizzle-scribble = Durchgestrichen: ein totes Feld (eine Bombe)
legend-dizzle-gem = Edelstein: seine Punkte, wenn angekreuzt
legend-dizzle-puzzle = Puzzleteil: alle einer Farbe bringen ihren Bonus
legend-dizzle-key = Schlüssel: öffnet ab dem nächsten Durchgang die Schlösser seiner Farbe
legend-dizzle-lock = Schloss: braucht den Schlüssel seiner Farbe
legend-dizzle-bomb = Bombe: die anderen verlieren ihre Punkte
legend-dizzle-rocket = Rakete: kreuze einen Planeten deiner Wahl an
legend-dizzle-planet = Planet: nur über eine Rakete erreichbar
legend-dizzle-choice = Gelber Rahmen: ein Feld für deinen Würfel jetzt (oder ein Planet zur Wahl)
legend-dizzle-flag = Fahne: wer sie zuerst ankreuzt, bekommt den höchsten Wert
legend-dizzle-poop = Kackhaufen: Minuspunkte, wenn angekreuzt
legend-dizzle-printed-value = Zahl auf einem Kreuz: die Punkte dieses Feldes
legend-dizzle-line-bonus = +N: eine volle Zeile oder Spalte; grün, wenn geschafft
legend-dizzle-opponent-die = Roter Würfel: der Solo-Gegner
legend-dizzle-taken = Grauer Würfel: aus der Mitte genommen

legend-stella-label = A1 bis E3: Buchstabe der Spalte, Nummer der Zeile
legend-stella-mark = Grüner Rahmen: deine Markierung (nur du siehst sie)
legend-stella-veil = Abgedunkelt: deine Markierung ist schon aufgedeckt
legend-stella-revealed = Goldener Rahmen: ein aufgedecktes Bild
legend-stella-spark = Funke: die Punkte für jeden, der es markiert hat
legend-stella-fall = Rot: ein Sturz, nur einer hat es markiert
legend-stella-marker = Chips: wer es markiert hat; durchgestrichen: bekommt nichts
legend-stella-active = Goldener Rand: wer gerade aufdeckt
legend-stella-darkness = Mond: in dieser Runde in der Dunkelheit
legend-stella-fallen = Sternschnuppe: in dieser Runde gestürzt
legend-stella-penalty = Rotes Minus: die kommende Strafe der Dunkelheit

## /help spiel:

cmd-help-game = spiel
    .name = spiel
    .description = Die Regeln eines Spiels und was seine Bilder zeigen
    .dice_stars = Dice Stars
    .dizzle = Dizzle
    .stella = Stella
