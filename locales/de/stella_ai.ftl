# Stellas Computerplätze.
st-lobby-computers-need-tags = 🤖 Keine Computerplätze mit den eigenen Bildern dieses Servers: Der Betreiber des Bots hat sie in keiner Schlagwortdatei (stella-tags.txt) beschrieben, also wüsste ein Computer nicht, was sie zeigen.
st-error-computers-need-tags = Ein Computer kann mit den eigenen Bildern dieses Servers nicht spielen: Sie sind in keiner Schlagwortdatei ({ $file }) beschrieben. Bittet den Betreiber des Bots um die Datei oder eröffnet einen Tisch mit den gemalten Karten.
