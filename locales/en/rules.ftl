## The table's language, and the rules cards ("How to play", /help game:). A rules card is
## read on a phone: about 12 lines, and the legend picture names every symbol of the pictures.

table-language = Table language
language-with-words = { $name } · word cards in { $words ->
    [de] German
    [fr] French
   *[en] English
}
rules-button = How to play
rules-legend-title = { $game }: what the pictures show
rules-unknown-game = I do not know that game; pick one from the list.

rules-dice_stars = **🎲 Dice Stars — how to play**
    🎯 **Goal:** the highest total on your sheet at the end.
    🔁 **A turn:** refill the bag first when it ran empty or stars were taken. Draw 1 to 3 dice into the reserve (3 when it is empty or shows only stars), then take **all** its dice of one kind:
    • a **colour**: they fill the empty white fields of that column from the top; the last field gets their sum, the others a cross;
    • a **number**: they fill the empty fields of that row from the left, white then green; the last gets the sum;
    • the **stars**: each crosses a multiplier field ★ of your choice.
    The dice you leave stay in the reserve for the next player.
    🧮 **Scoring:** a row scores the sum of its numbers, **doubled** when all its ★ are crossed, but **0 when only some are**: start a star row only if you can finish it.
    ⚠️ **Penalty:** when nothing fits, you must throw away a colour or a number and write its sum as minus points, and a penalty **ends the game**.
    🏁 **The end:** once a player fills their 20th white field or writes a penalty, the round is played out; the highest total wins.
    👤 **Solo:** after each of your turns the bag crosses boxes of its grid for the reserve left behind (one per started 5, doubled by a star); it scores 5 per box and wins when its grid is full.

rules-dizzle = **🧩 Dizzle — how to play**
    🎯 **Goal:** the most points on the level sheet at the end.
    🔁 **A pass:** the start player rolls all dice into the middle. In turn, each player places **one** die on an empty field with the **same pips**:
    • your **first die** of a pass goes next to one of your **crosses** (printed ones count), **each later die** next to **one of your dice of this pass** (if none of their neighbours is free, next to a cross again);
    • nothing fits: **reroll** the middle (still nothing: give one of your dice back) or **pass**. When all others passed, the last player gets one more turn. Then your dice become crosses.
    🔣 **Symbols:** 💎 gems score their points; 🧩 a puzzle colour scores when **all** its pieces are crossed; a full row or column scores its +N.
    💣 A **bomb** hurts the **others**: whoever did not cross it in that pass scribbles it out and loses its points.
    🔑 A **key** opens the 🔒 **locks** of its colour from the **next pass** on. 🚀 A **rocket** crosses a 🪐 **planet** of your choice: a new place to start from.
    🚩 **Flags**: the first to cross one get its top value, later players the next. 💩 costs points.
    🏁 **The end:** after the last round the most points win; on a tie, fewer crosses.
    👤 **Solo:** 10 rounds of one pass; after each die you place, two red opponent dice take dice of their values out of the middle. Bombs score +2, flags their top value: beat your record.

rules-stella = **🌟 Stella — how to play**
    🎯 **Goal:** the most points after 4 rounds.
    🔁 **A round:** 15 pictures and a word. By direct message, **secretly mark 1 to 10 pictures** that go with the word, then lock in.
    🌑 **Darkness:** the numbers of marks are revealed; whoever **alone** marked the most is in **Darkness** this round.
    🔦 **Exploration:** from the first scout round the table, each player reveals one of their marked pictures. Who else marked it?
    • nobody: a **fall**: nothing for it, and nothing more this round (points already won stay);
    • others did: a **spark** for everyone who marked it: { $preset ->
        [published] **3 points** when two marked it, **2** when three or more did.
       *[seed] **2 points** when two marked it, **3** when three or more did.
    }
    A player in Darkness who falls loses 1 point per spark of the round.
    🔄 **Next round:** { $preset ->
        [published] one row of 5 pictures is replaced.
       *[seed] all 15 pictures are replaced.
    }
    🏁 **The end:** after 4 rounds the highest total wins; { $preset ->
        [published] a tie is shared.
       *[seed] on a tie, the most points in the last round.
    }
    Mark little and you risk nothing but win little; mark a lot and you risk falls and Darkness.

## The legend pictures: one line per symbol.

legend-dice_stars-dice = Dice: black, purple, blue and yellow columns
legend-dice_stars-star-face = ★ on a die: a star, it counts 0
legend-dice_stars-white-field = White field: filled by a colour or a number
legend-dice_stars-green-field = Green field: filled by a number only
legend-dice_stars-cross = Cross: a field filled, worth 0
legend-dice_stars-multiplier = Multiplier field: crossed by a star
legend-dice_stars-multiplier-crossed = Crossed multiplier field
legend-dice_stars-doubled = ×2: every ★ of the row crossed
legend-dice_stars-lost = 0: only some ★ crossed, the row is lost
legend-dice_stars-penalty = Penalty box: minus points, ends the game
legend-dice_stars-solo-box = Solo grid: a box the bag crossed
legend-dice_stars-refill = The bag is refilled before the next draw
legend-dice_stars-nothing-fits = Nothing fits: a penalty is due
legend-dice_stars-last-round = The last round is being played

legend-dizzle-field = Field: takes a die with these pips
legend-dizzle-start-cross = Printed cross: your first dice go next to it
legend-dizzle-pen-cross = Your cross: a die crossed in an earlier pass
legend-dizzle-lying-die = Orange edge: your die of this pass
legend-dizzle-scribble = Scribbled out: a dead field (a bomb)
legend-dizzle-gem = Gem: its points when crossed
legend-dizzle-puzzle = Puzzle piece: all of one colour score its bonus
legend-dizzle-key = Key: opens the locks of its colour next pass
legend-dizzle-lock = Lock: needs the key of its colour
legend-dizzle-bomb = Bomb: the others lose its points
legend-dizzle-rocket = Rocket: cross a planet of your choice
legend-dizzle-planet = Planet: reached by a rocket only
legend-dizzle-choice = Yellow ring: a field your die may go on now (or a planet to pick)
legend-dizzle-flag = Flag: the first to cross it get the top value
legend-dizzle-poop = Poop: minus points when crossed
legend-dizzle-printed-value = Number on a cross: the points that field scored
legend-dizzle-line-bonus = +N: a full row or column; green when done
legend-dizzle-opponent-die = Red die: the solo opponent
legend-dizzle-taken = Grey die: taken out of the middle

legend-stella-label = A1 to E3: column letter, row number
legend-stella-mark = Green frame: your mark (only you see it)
legend-stella-revealed = Gold frame: a revealed picture
legend-stella-spark = Spark: the points each marker gets
legend-stella-fall = Red: a fall, only one player marked it
legend-stella-marker = Chips: who marked it; struck: scores nothing
legend-stella-darkness = Moon: in Darkness this round
legend-stella-fallen = Falling star: fallen this round
legend-stella-penalty = Red minus: the Darkness penalty to come
legend-stella-active = Gold edge: whose turn it is to reveal
legend-stella-veil = Veiled: your mark already revealed

## /help game:

cmd-help-game = game
    .name = game
    .description = A game's rules and what its pictures show
    .dice_stars = Dice Stars
    .dizzle = Dizzle
    .stella = Stella
