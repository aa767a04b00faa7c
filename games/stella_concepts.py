"""What Stella's pictures show and what its words call up: the computer seats' associations.

A **concept** is a lower-case English name: a motif of the painted deck (``"owl"``, ``"old
key"``) or a theme that gathers motifs (``"night"``, ``"journey"``, ``"treasure"``). Three kinds
of data, all written by hand:

- ``_THEMES``: each theme and the motifs a person would link to it, literal or figurative;
- ``_SCENES``: the themes the scene of a painted card adds (its palette, its ground, its disc);
- ``_WORDS``: for each word of ``games.stella_words`` (by its English form, since card ``k``
  carries the same pair of ideas in every language), the concepts it calls up, the literal
  ones first: *Guardian* calls up a dog, a lock, a castle, an owl at night.

A card's :func:`description` weighs its concepts: the focal motif counts most, a companion motif
less, the scene least; a motif's themes count a little less than the motif itself. A server's own
pictures are described by their tags instead (:func:`describe_tags`). :func:`fit` scores a card
for a word. Pure data and arithmetic: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from games.stella_scenes import MOTIFS, CardPlan, plan_card
from games.stella_words import WORD_CARDS

Description = Mapping[str, float]  # concept -> how strongly the card shows it

FOCAL_WEIGHT = 1.0
COMPANION_WEIGHT = 0.5
SCENE_WEIGHT = 0.35
THEME_SHARE = 0.7  # a motif shows its themes a little less than itself
FIRST_TAG_WEIGHT, TAG_WEIGHT = 1.0, 0.6  # a tagged picture: its first tag is its subject

# fmt: off
_THEMES = """
moon: crescent moon, full moon, full moon with face, first quarter moon face, moon cake
sun: sun, sun with face, sun behind cloud, sunflower
star: star, glowing star, shooting star, comet, dizzy star, sparkles
night: crescent moon, full moon, full moon with face, first quarter moon face, star, glowing star,
    shooting star, owl, bat, candle, red lantern, diya lamp, ghost, bed, comet, telescope, dizzy
    star, moon cake
day: sun, sun with face, sun behind cloud, sunflower, rooster, parasol, butterfly
sky: cloud, rainbow, sun behind cloud, kite, balloon, airplane, small airplane, helicopter,
    parachute, eagle, bird, dove, shooting star, comet, rocket
space: ringed planet, globe, rocket, satellite, flying saucer, alien, comet, shooting star,
    telescope, glowing star
weather: cloud, rain cloud, lightning cloud, snow cloud, tornado, rainbow, sun behind cloud,
    snowflake, lightning, droplet, cyclone, umbrella, umbrella with rain
storm: rain cloud, lightning cloud, tornado, lightning, cyclone, umbrella with rain, long drum
rain: rain cloud, droplet, umbrella with rain, umbrella, closed umbrella, frog, snail, rainbow
winter: snow cloud, snowflake, snowman, snowy mountain, penguin, ice cube, christmas tree, evergreen
    tree, seal, mammoth, mount fuji, leafless tree
fire: fire, volcano, candle, diya lamp, torch, dragon, dragon face, jack-o-lantern, red lantern,
    rocket
light: candle, diya lamp, red lantern, light bulb, torch, sun, full moon, glowing star, sparkles,
    mirror ball, crystal ball, jack-o-lantern
water: droplet, fountain, lotus, duck, swan, ring buoy, bathtub, frog, bucket, otter, canoe, beaver,
    hippopotamus, crocodile
sea: whale, spouting whale, orca, dolphin, shark, fish, tropical fish, blowfish, octopus, squid,
    jellyfish, crab, lobster, shrimp, turtle, spiral shell, oyster, seal, coral, sailboat, ship,
    ferry, anchor, ring buoy, desert island
deep: whale, spouting whale, orca, octopus, squid, jellyfish, anchor, shark, coral, oyster, blowfish
mountain: snowy mountain, mountain, mount fuji, volcano, goat, ram, llama, cableway, aerial tramway,
    eagle
height: tokyo tower, ladder, giraffe, eagle, cableway, aerial tramway, rocket, roller coaster,
    ferris wheel, snowy mountain, parachute, kite, balloon
desert: desert, cactus, camel, bactrian camel, palm tree, lizard, snake, amphora
island: desert island, palm tree, coconut, parrot, turtle, crab
forest: deciduous tree, evergreen tree, leafless tree, wood, mushroom, deer, owl, fox, wolf, bear,
    moose, boar, hedgehog, chipmunk, badger
plant: seedling, herb, four leaf clover, potted plant, deciduous tree, lotus, cactus, evergreen
    tree, palm tree
flower: tulip, rose, hibiscus, sunflower, blossom, cherry blossom, wilted flower, lotus, hyacinth,
    bouquet, honeybee
spring: blossom, cherry blossom, tulip, seedling, hatching chick, baby chick, honeybee, butterfly,
    lady beetle, nest with eggs, rabbit, hyacinth
summer: sun, parasol, watermelon, soft ice cream, ice cream, palm tree, sunflower, desert island,
    tropical fish, sailboat, lemon
autumn: maple leaf, fallen leaves, leaf in wind, chestnut, mushroom, jack-o-lantern, leafless tree,
    hedgehog, chipmunk, grapes, red apple
wind: leaf in wind, kite, tornado, cyclone, sailboat, feather, balloon, fallen leaves, parachute,
    cloud, maple leaf
flight: feather, eagle, dove, bird, bat, butterfly, owl, parrot, airplane, small airplane,
    helicopter, kite, parachute, balloon, rocket, goose, swan, honeybee, flying saucer, flying disc
bird: owl, eagle, dove, bird, parrot, peacock, flamingo, goose, duck, swan, penguin, rooster,
    chicken, turkey, dodo, hatching chick, baby chick, empty nest, nest with eggs, feather
insect: butterfly, honeybee, lady beetle, bug, spider, cricket, ant, beetle
wild: wolf, bear, zebra, panda, skunk, tiger, leopard, lion, gorilla, boar, bison, rhinoceros,
    crocodile, shark, eagle, fox, moose, t-rex, elephant, horse, snake
farm: cow, ox, sheep, goat, ram, pig, horse, rooster, chicken, hatching chick, turkey, duck, goose,
    corn, egg, carrot
pet: cat, dog, poodle, rabbit, rabbit face, mouse, parrot, tropical fish, turtle, ball of yarn
ancient: sauropod, t-rex, mammoth, dodo, moai, classical building, amphora, scroll, rock, crocodile,
    turtle
legend: dragon, dragon face, unicorn, genie, troll, castle, japanese castle, moai, crystal ball,
    magic wand, sauropod
magic: magic wand, top hat, crystal ball, genie, unicorn, sparkles, dragon, rabbit, performing arts,
    dizzy star, alembic, broom, four leaf clover
secret: key, old key, lock, door, eye, crystal ball, performing arts, envelope, scroll, puzzle
    piece, package, gift, oyster, nesting dolls, owl
fear: ghost, bat, spider, spider web, jack-o-lantern, derelict house, wolf, snake, troll, alien
    monster, crocodile, shark, lightning, leafless tree, eye
home: house, house with garden, hut, door, window, chair, bed, bathtub, teapot, hot beverage, cat,
    dog, potted plant, mantelpiece clock, pot of food, broom, mailbox
building: castle, japanese castle, classical building, house, house with garden, derelict house,
    hut, tent, circus tent, tokyo tower, statue of liberty, factory, school, fountain
journey: luggage, compass, globe, airplane, steam locomotive, car, bicycle, sailboat, ship, ferry,
    canoe, camel, tent, camping, rocket, cableway, horse, postal horn, bactrian camel
vehicle: airplane, small airplane, helicopter, steam locomotive, tram car, car, bicycle, ship,
    ferry, canoe, sailboat, rocket, cableway, aerial tramway, flying saucer
time: hourglass, alarm clock, mantelpiece clock, snail, turtle, scroll, candle, egg, sauropod, sun,
    crescent moon
machine: gear, alarm clock, mantelpiece clock, robot, magnet, factory, telescope, microscope, steam
    locomotive, satellite
music: violin, harp, trumpet, saxophone, guitar, banjo, accordion, drum, long drum, musical note,
    musical notes, postal horn, bell, cricket, bird
art: artist palette, paintbrush, fountain pen, pencil, performing arts, harp, violin, peacock
writing: books, open book, scroll, envelope, love letter, fountain pen, pencil
knowledge: books, open book, scroll, owl, brain, telescope, microscope, globe, fountain pen,
    classical building, school, elephant, alembic
message: envelope, love letter, mailbox, scroll, postal horn, package, dove, fountain pen, bell
love: love letter, rose, ring, bouquet, dove, swan, gift, ribbon, cherries, strawberry, teddy bear
celebration: gift, ribbon, balloon, birthday cake, cupcake, shortcake, bouquet, sparkles, wine
    glass, cocktail glass, bell, mirror ball, red lantern, christmas tree, trumpet
play: teddy bear, nesting dolls, yo-yo, puzzle piece, ball of yarn, game die, kite, balloon,
    carousel horse, boomerang, flying disc, robot, roller coaster, ferris wheel
childhood: rabbit face, teddy bear, kite, balloon, yo-yo, carousel horse, baby chick, lollipop,
    candy, cupcake, school, nesting dolls, birthday cake, soft ice cream, hatching chick, sheep
fair: circus tent, ferris wheel, roller coaster, carousel horse, performing arts, balloon, top hat,
    lollipop, candy
treasure: gem stone, crown, ring, old key, key, lock, package, gift, jar, amphora, honey pot, four
    leaf clover, oyster
gold: sun, sunflower, honey pot, cheese, corn, lemon, crown, bell, star, lion, pineapple, trumpet,
    honeybee, baby chick, gem stone
power: crown, castle, japanese castle, lion, eagle, tiger, gem stone, dragon, elephant, peacock,
    classical building, statue of liberty, lightning
luck: four leaf clover, game die, bullseye, shooting star, lady beetle, rabbit, star
sweet: birthday cake, shortcake, cupcake, soft ice cream, ice cream, doughnut, cookie, croissant,
    lollipop, candy, honey pot, pancakes, waffle, moon cake
food: pretzel, bagel, cheese, pot of food, bowl with spoon, pancakes, croissant, egg, corn, carrot,
    broccoli, onion, garlic, peanuts
fruit: red apple, green apple, pear, peach, cherries, strawberry, lemon, tangerine, watermelon,
    pineapple, grapes, coconut, avocado
harvest: carrot, corn, broccoli, onion, garlic, chestnut, peanuts, basket, jack-o-lantern, grapes,
    red apple, bucket, ox, pear
vessel: hot beverage, teacup, teapot, wine glass, cocktail glass, tumbler glass, glass of milk,
    bottle with cork, bowl with spoon, pot of food, jar, amphora, honey pot, bucket, basket, bathtub
glass: wine glass, cocktail glass, tumbler glass, mirror, window, light bulb, crystal ball, ice
    cube, bottle with cork, glass of milk, mirror ball
fragile: egg, teacup, teapot, wine glass, light bulb, snowflake, butterfly, feather, wilted flower,
    nesting dolls, ice cube, crystal ball, baby chick, spider web
birth: egg, hatching chick, baby chick, nest with eggs, seedling, empty nest, blossom, turtle
sleep: bed, crescent moon, full moon with face, teddy bear, sheep, sloth, koala, cat, first quarter
    moon face
slow: snail, turtle, sloth, koala, hourglass, lotus, swan, cloud, hippopotamus, sauropod
fast: rocket, airplane, leopard, horse, car, shooting star, comet, lightning, steam locomotive,
    rabbit, roller coaster, bicycle, boomerang, kangaroo, dolphin
otherworld: ghost, alien, alien monster, flying saucer, genie, robot, crystal ball, moai, eye,
    unicorn
hidden: gift, package, oyster, jar, luggage, nesting dolls, egg, door, lock, basket, mailbox, top
    hat, spiral shell, performing arts
round: ball of yarn, ring, full moon, doughnut, bagel, ferris wheel, yo-yo, globe, ringed planet,
    gear, compass, bullseye, flying disc, ring buoy, mirror ball, watermelon
spiral: cyclone, spiral shell, snail, tornado, lollipop, ball of yarn, dizzy star, ram, croissant
thread: ball of yarn, spool of thread, spider web, spider, ribbon, kite, yo-yo
balance: ladder, yo-yo, flamingo, seal, performing arts, bicycle, giraffe, parachute, cableway, rock
reflection: mirror, mirror ball, window, swan, crystal ball, lotus, duck, flamingo
vision: eye, telescope, microscope, crystal ball, owl, light bulb, eagle
idea: light bulb, brain, owl, fox, puzzle piece, gear, books
trick: fox, monkey, cat, genie, performing arts, jack-o-lantern, magic wand, top hat, parrot, mouse,
    orangutan
danger: snake, spider, mushroom, shark, crocodile, lightning, fire, volcano, blowfish, jellyfish,
    wolf, t-rex, bullseye
strength: lion, tiger, bear, gorilla, rhinoceros, bison, ox, elephant, eagle, dragon, anchor, rock,
    mountain, moose
warmth: fire, candle, hot beverage, teacup, teapot, ball of yarn, cat, bed, teddy bear, hut, pot of
    food, diya lamp, sun
peace: dove, lotus, swan, sheep, rainbow, cloud, herb, potted plant
old: rock, moai, classical building, amphora, scroll, old key, derelict house, mammoth, wood,
    mantelpiece clock, hourglass, turtle
ruin: derelict house, wilted flower, leafless tree, fallen leaves, rock, castle, classical building,
    empty nest, volcano
solitude: desert island, empty nest, tent, chair, wolf, cactus, snowman, leafless tree, penguin,
    derelict house, moai, camping
aim: bullseye, boomerang, flying disc, game die, compass, magnet
tool: hook, magnet, gear, broom, bucket, pencil, paintbrush, key, ladder
small: ant, mouse, snail, lady beetle, seedling, honeybee, baby chick, droplet, cricket, four leaf
    clover
big: whale, spouting whale, elephant, mammoth, sauropod, t-rex, mountain, moose, bison,
    hippopotamus, giraffe, rhinoceros
dream: cloud, crescent moon, unicorn, rainbow, balloon, bed, shooting star, sparkles, carousel
    horse, genie
calm: panda, lotus, swan, cloud, potted plant, herb, teacup, sloth, cat, seal
dawn: rooster, sun, sunflower, sun behind cloud, seedling, bird
evening: crescent moon, candle, red lantern, bat, owl, cricket
cold: snowflake, snowman, ice cube, penguin, snow cloud, snowy mountain, seal
hot: fire, volcano, sun, cactus, desert, hot beverage, camel
red: rose, fire, red apple, strawberry, cherries, lady beetle, red lantern, lobster, crab
green: four leaf clover, herb, seedling, frog, green apple, broccoli, avocado, cactus, evergreen
    tree, lizard
blue: whale, dolphin, droplet, globe, snowflake
pink: flamingo, cherry blossom, peach, pig, hibiscus
white: dove, swan, sheep, cloud, snowman, ghost
dark: bat, ghost, spider web, derelict house, owl, first quarter moon face, alien monster, crescent
    moon
tree: deciduous tree, evergreen tree, palm tree, leafless tree, christmas tree, wood, maple leaf
cave: bat, rock, bear, troll, gem stone, torch
bubble: droplet, balloon, jellyfish, crystal ball, blowfish
wish: shooting star, four leaf clover, genie, birthday cake, fountain, star, magic wand
waiting: chair, hourglass, alarm clock, mantelpiece clock, mailbox, luggage, tram car, steam
    locomotive
circus: circus tent, performing arts, top hat, seal, elephant, monkey, carousel horse
"""

_SCENES = """
palette midnight: night, dark, blue, star, moon
palette rose dusk: evening, pink, warmth, love, dream
palette lagoon: sea, water, summer, blue, island, day
palette ember: fire, red, hot, evening
palette pine: forest, green, plant, cold
palette lavender dawn: dawn, pink, dream, calm
palette abyss: deep, sea, water, blue, dark
palette desert noon: desert, sun, hot, summer, day
palette aurora: night, cold, winter, star, magic
palette moss: green, forest, calm, plant
palette desert night: desert, night, star, solitude
palette cloud kingdom: sky, dream, flight, day, cloud
palette crimson: red, fire, danger, evening
palette golden hour: evening, gold, warmth, harvest
palette violet storm: storm, dark, weather, rain
palette snowfield: winter, cold, white
ground hills: green, journey
ground sea: sea, water
ground mountains: mountain, height
ground forest: forest, tree
ground dunes: desert, hot
ground snow: winter, cold, white
ground clouds: sky, cloud, dream, height
ground seabed: sea, deep
disc moon: moon, night
disc sun: sun, day
"""

_WORDS = """
Echo: bell, mountain, music, spiral shell, cave, drum, solitude, long drum, postal horn
Lantern: red lantern, diya lamp, candle, light bulb, torch, light, night, jack-o-lantern
Silence: night, solitude, snow cloud, owl, lotus, calm, snowflake, moon, secret
Feather: feather, bird, flight, dove, peacock, wind, fountain pen, fragile, swan
Memory: old, scroll, books, elephant, love letter, time, brain, old key, hourglass
Key: key, old key, lock, door, secret, treasure, hidden
Journey: journey, luggage, compass, vehicle, camel, steam locomotive, ship, globe
Compass: compass, globe, journey, sailboat, ship, star, aim
Shadow: night, dark, bat, ghost, cat, eye, secret, fear
Mirror: mirror, mirror ball, reflection, glass, swan, crystal ball, window
Dream: dream, sleep, bed, cloud, unicorn, rainbow, moon, star, balloon
Ladder: ladder, height, tokyo tower, star, rocket, cableway, tool
Secret: secret, key, lock, envelope, hidden, performing arts, owl, old key
Door: door, house, key, lock, home, window, hidden
Storm: storm, lightning, tornado, cyclone, rain, weather, sailboat, ship
Cradle: birth, sleep, baby chick, bed, nest with eggs, teddy bear, childhood, crescent moon
Hope: rainbow, star, seedling, dove, light, shooting star, sun, birth
Bridge: journey, cableway, aerial tramway, water, steam locomotive, ferry, balance
Solitude: solitude, desert island, moon, wolf, cactus, penguin, night
Island: island, desert island, palm tree, coconut, sea, parrot, turtle
Childhood: childhood, play, teddy bear, kite, balloon, lollipop, school, yo-yo
Kite: kite, wind, flight, sky, childhood, thread, balloon
Time: time, hourglass, alarm clock, mantelpiece clock, snail, old, moon, sun
Sand: desert, hourglass, camel, spiral shell, desert island, summer, crab, cactus
Wish: shooting star, star, four leaf clover, genie, magic, birthday cake, luck, dream
Comet: comet, shooting star, star, space, fast, sky, night
Fear: fear, ghost, spider, bat, snake, wolf, night, dark, danger
Forest: forest, deciduous tree, evergreen tree, mushroom, deer, owl, fox, wolf, green
Freedom: flight, bird, eagle, dove, horse, sky, sailboat, balloon, statue of liberty
Wing: flight, bird, feather, butterfly, bat, eagle, airplane, dragon
Longing: journey, star, moon, love letter, solitude, ship, sailboat, telescope
Horizon: sailboat, ship, sea, sun, desert, journey, telescope, mountain
Wonder: magic, star, sparkles, rainbow, unicorn, eye, telescope, otherworld
Bubble: round, water, fragile, glass, jellyfish, fish, droplet
Patience: slow, snail, turtle, seedling, hourglass, time, sloth, spider web, fish
Seed: seedling, plant, chestnut, peanuts, birth, spring, herb, corn
Fate: star, crystal ball, thread, game die, spider web, luck, moon
Thread: thread, spool of thread, ball of yarn, spider web, ribbon, kite
Melancholy: rain, wilted flower, fallen leaves, leafless tree, moon, solitude, violin, cloud
Rain: rain, rain cloud, umbrella, umbrella with rain, droplet, frog, snail, weather
Joy: celebration, balloon, sun, rainbow, sparkles, birthday cake, music, dog
Fireworks: celebration, sparkles, star, fire, rocket, red lantern, night, light
Balance: balance, flamingo, seal, performing arts, ladder, bicycle, rock
Rope: thread, ladder, anchor, hook, sailboat, spool of thread, balance
Escape: door, window, flight, balloon, rocket, key, bird, parachute
Window: window, house, home, glass, cat, light, reflection
Promise: ring, love, love letter, gift, dove, envelope
Ring: ring, round, gem stone, love, treasure, crown
Lullaby: sleep, moon, music, bed, teddy bear, star, night, sheep, harp
Moon: moon, night, star, owl, wolf, space, sleep
Labyrinth: spiral, puzzle piece, snail, cyclone, secret, spider web, ancient
Riddle: puzzle piece, secret, brain, idea, owl, crystal ball, genie
Harvest: harvest, corn, basket, fruit, autumn, red apple, grapes, farm
Gold: gold, crown, gem stone, treasure, honey pot, sun, ring, bell
Truth: eye, light, mirror, owl, books, scroll, vision, knowledge
Well: bucket, water, droplet, fountain, deep, wish
Illusion: magic, mirror, performing arts, top hat, genie, crystal ball, trick, cloud
Smoke: fire, volcano, steam locomotive, cloud, factory, genie, candle, ghost
Home: home, house, house with garden, hut, door, chair, warmth, dog, cat
Chimney: house, fire, winter, warmth, steam locomotive, factory, home
Courage: strength, lion, tiger, eagle, bear, dragon, torch, wild, fire
Lion: lion, wild, power, crown, tiger, leopard, strength
Whisper: secret, feather, wind, envelope, owl, spiral shell, cloud
Seashell: spiral shell, oyster, sea, crab, desert island, coral, spiral
Abyss: deep, sea, whale, octopus, squid, anchor, dark, jellyfish
Anchor: anchor, ship, sailboat, sea, ring buoy, ferry, hook
Dawn: dawn, sun, rooster, bird, sunflower, sun behind cloud, light, spring
Rooster: rooster, chicken, farm, dawn, sun, bird, egg
Twilight: evening, moon, bat, owl, star, dream, night
Owl: owl, night, bird, moon, knowledge, forest, vision
Eternity: spiral, round, star, time, hourglass, ring, ancient, space
Spiral: spiral, spiral shell, snail, cyclone, tornado, lollipop, dizzy star
Curiosity: eye, telescope, microscope, cat, fox, monkey, lock, idea, secret, hidden
Keyhole: lock, key, old key, door, eye, secret, hidden
Nostalgia: old, love letter, scroll, teddy bear, carousel horse, childhood, mantelpiece clock,
    autumn
Photograph: eye, old, love letter, journey, art, mirror, window
Chaos: tornado, cyclone, lightning, storm, volcano, game die, monkey, broom
Whirlwind: tornado, cyclone, wind, leaf in wind, fallen leaves, storm, spiral
Harmony: music, musical notes, harp, violin, peace, lotus, balance, bird
Choir: music, musical notes, bell, bird, trumpet, harp, celebration
Legend: legend, dragon, unicorn, castle, crown, genie, troll, sauropod, ancient, magic
Dragon: dragon, dragon face, fire, legend, castle, treasure, lizard, snake
Innocence: sheep, baby chick, dove, sheep, childhood, teddy bear, rabbit, white
Lamb: sheep, farm, spring, white, ram, peace
Warmth: warmth, fire, sun, hot beverage, candle, cat, teapot, bed
Hearth: fire, home, warmth, pot of food, teapot, candle, house, cat
Frost: cold, winter, snowflake, ice cube, snowman, snowy mountain, penguin, glass
Glass: glass, wine glass, tumbler glass, window, mirror, fragile, ice cube, crystal ball
Adventure: journey, compass, globe, rocket, luggage, dragon, tent, treasure
Atlas: globe, compass, journey, books, open book, scroll, mountain
Destiny: star, crystal ball, shooting star, game die, thread, luck
Star: star, night, sky, space, crown, moon
Mystery: secret, crystal ball, eye, owl, alien, ghost, hidden, performing arts
Mask: performing arts, trick, secret, ghost, jack-o-lantern, celebration
Peace: peace, dove, lotus, swan, sheep, rainbow, calm
Dove: dove, bird, peace, flight, white, love letter
Rebirth: birth, hatching chick, seedling, spring, fire, eagle, butterfly, egg
Phoenix: fire, bird, eagle, flight, legend, dragon, rooster, red
Waiting: time, hourglass, alarm clock, chair, steam locomotive, mailbox, slow
Station: steam locomotive, tram car, journey, luggage, alarm clock, vehicle, building
Farewell: journey, ship, luggage, dove, love letter, sailboat, airplane, envelope
Boat: sailboat, ship, ferry, canoe, anchor, sea, water
Return: journey, boomerang, home, house, dove, envelope
Footprint: journey, bear, wolf, dog, bird, sauropod, t-rex, desert
Magic: magic, magic wand, top hat, crystal ball, sparkles, genie, unicorn, rabbit
Top hat: top hat, magic, rabbit, performing arts, circus, celebration
Gravity: red apple, green apple, rock, anchor, parachute, ringed planet, space, balloon
Apple: red apple, green apple, fruit, pear, harvest, autumn
Stillness: calm, lotus, swan, night, snow cloud, water, moon, sloth
Lake: water, swan, duck, lotus, reflection, frog, canoe, fish
Exile: solitude, desert, desert island, journey, luggage, camel, moon
Desert: desert, cactus, camel, bactrian camel, hot, sun, lizard, snake
Play: play, game die, yo-yo, puzzle piece, kite, teddy bear, dog, cat
Puppet: performing arts, thread, nesting dolls, teddy bear, robot, play, circus
Vertigo: height, tokyo tower, roller coaster, spiral, cyclone, mountain, ladder, parachute
Tower: tokyo tower, castle, japanese castle, height, building, ladder, statue of liberty
Hunger: food, pot of food, bowl with spoon, wolf, fruit, sweet, bear, fox
Wolf: wolf, moon, night, forest, wild, fox, dog
Tenderness: love, pet, teddy bear, cat, baby chick, rabbit, blossom, dove, warmth
Blanket: bed, sleep, warmth, teddy bear, ball of yarn, cat, winter
Pride: peacock, lion, crown, eagle, power, rooster, swan
Peacock: peacock, bird, feather, power, art, eye
Sorrow: rain, wilted flower, leafless tree, fallen leaves, droplet, solitude, cloud, dark
Willow: deciduous tree, leafless tree, water, swan, rain, forest, wind
Laughter: celebration, monkey, performing arts, balloon, sun with face, full moon with face, play,
    circus
Bell: bell, music, celebration, christmas tree, cow, message, gold
Oblivion: cloud, night, ghost, derelict house, leafless tree, moon, hourglass, dark
Fog: cloud, ghost, sailboat, ship, forest, weather, mountain, calm
Treasure: treasure, gem stone, crown, ring, old key, package, anchor, gold
Chest: treasure, package, luggage, lock, old key, gift, hidden
Birth: birth, egg, hatching chick, baby chick, nest with eggs, seedling, spring
Egg: egg, nest with eggs, hatching chick, chicken, birth, round
Wisdom: knowledge, owl, books, open book, scroll, elephant, brain, turtle, old, ancient
Book: books, open book, writing, scroll, knowledge, fountain pen, knowledge, secret, magic
Absence: chair, empty nest, derelict house, solitude, ghost, envelope, door, waiting, empty nest
Chair: chair, home, house, solitude, bed, waiting
Thunder: lightning, lightning cloud, storm, drum, long drum, rain cloud, power
Drum: drum, long drum, music, celebration, trumpet, circus
Rhythm: music, drum, long drum, musical notes, guitar, banjo, accordion, cricket
Heart: love, love letter, rose, bouquet, red, strength, ring
Mischief: trick, fox, monkey, cat, mouse, parrot, genie, jack-o-lantern
Fox: fox, forest, wild, trick, wolf, autumn, chipmunk
Rumour: message, parrot, envelope, bell, wind, secret, postal horn
Wind: wind, kite, leaf in wind, sailboat, cloud, tornado, feather, balloon
Shelter: umbrella, house, hut, tent, home, rain, nest with eggs
Umbrella: umbrella, umbrella with rain, closed umbrella, parasol, rain, weather
Metamorphosis: butterfly, bug, hatching chick, frog, egg, seedling, magic
Butterfly: butterfly, insect, flower, flight, spring, honeybee, lady beetle
Distance: telescope, globe, journey, airplane, mountain, star, space, sea
Telescope: telescope, star, space, moon, vision, ringed planet, eye
Depth: deep, sea, whale, octopus, squid, anchor, jellyfish, coral
Whale: whale, spouting whale, orca, dolphin, sea, big, deep
Lightness: feather, balloon, cloud, butterfly, bubble, kite, parachute, dove
Balloon: balloon, celebration, sky, flight, childhood, fair, height
Power: power, crown, lightning, lion, dragon, castle, strength, magnet
Crown: crown, power, gem stone, castle, lion, gold, treasure
Trap: spider web, spider, lock, hook, danger, mouse, cheese, bullseye
Web: spider web, spider, thread, insect, danger, trick
Vision: vision, eye, telescope, crystal ball, light bulb, owl, eagle, dream, star
Eye: eye, vision, owl, telescope, peacock, microscope, mirror, round, crystal ball, globe
Origin: birth, egg, seedling, deciduous tree, ancient, globe, sauropod, nest with eggs
Root: deciduous tree, seedling, plant, carrot, onion, garlic, forest, mushroom
Wandering: journey, compass, camel, tent, luggage, bicycle, solitude
Path: journey, compass, forest, mountain, bicycle, horse, snail
Celebration: celebration, gift, birthday cake, balloon, ribbon, sparkles, cocktail glass, bell
Confetti: celebration, sparkles, balloon, ribbon, gift, fair, dizzy star
Temptation: cherries, red apple, strawberry, sweet, candy, snake, cocktail glass, honey pot
Cherry: cherries, fruit, red, cherry blossom, sweet, strawberry
Wildness: wild, wolf, tiger, horse, bear, boar, forest, storm
Horse: horse, carousel horse, unicorn, farm, journey, fast, zebra
Fragility: fragile, glass, egg, butterfly, teacup, snowflake, wilted flower, feather
Porcelain: teacup, teapot, vessel, fragile, nesting dolls, amphora, white
Miracle: rainbow, star, magic, shooting star, sparkles, unicorn, birth, genie
Rainbow: rainbow, rain, sky, sun behind cloud, unicorn, weather, luck
Night: night, moon, star, owl, bat, dark, candle, sleep
Candle: candle, diya lamp, light, fire, night, birthday cake, warmth
Noon: sun, day, summer, hot, sunflower, parasol, alarm clock
Sunflower: sunflower, flower, sun, gold, summer, honeybee
Winter: winter, cold, snowflake, snowman, christmas tree, snowy mountain, penguin
Sledge: winter, snowman, snowy mountain, childhood, cold, fast
Summer: summer, sun, parasol, watermelon, ice cream, sea, desert island, sunflower
Wave: sea, water, dolphin, sailboat, whale, storm, droplet
Calm: calm, lotus, swan, cloud, teacup, cat, sloth, peace
Moss: green, forest, rock, wood, plant, snail, frog, herb
Rage: fire, volcano, lightning, storm, tiger, bear, danger, red
Volcano: volcano, fire, mountain, hot, danger, red, island
Orbit: ringed planet, globe, satellite, space, round, moon, star
Planet: ringed planet, globe, space, moon, round, alien, rocket
Song: music, bird, musical note, musical notes, guitar, harp, violin
Nightingale: bird, music, night, moon, rose, forest
Ghost: ghost, fear, night, derelict house, otherworld, white, bat
Attic: derelict house, old, spider web, ghost, luggage, books, house, teddy bear
Reflection: reflection, mirror, window, swan, lotus, water, crystal ball
Puddle: rain, droplet, water, umbrella, frog, duck, reflection
Beginning: birth, seedling, egg, dawn, sun, spring, open book
Sprout: seedling, plant, herb, spring, four leaf clover, birth, green
End: ruin, wilted flower, leafless tree, fallen leaves, hourglass, evening, performing arts
Curtain: performing arts, circus tent, window, secret, hidden, art
Music: music, musical notes, violin, guitar, harp, trumpet, saxophone, drum
Violin: violin, music, musical note, harp, art, evening
Flight: flight, bird, airplane, eagle, dove, kite, balloon, rocket
Swallow: bird, flight, spring, sky, fast, dove
Guardian: dog, lock, key, castle, owl, lion, strength, power, dragon, night
Gate: door, castle, lock, key, japanese castle, classical building, old key, building, secret, home
Desire: love, fire, rose, red, gem stone, cherries, ring, candle
Flame: fire, candle, diya lamp, torch, volcano, red, warmth, light
Slowness: slow, snail, turtle, sloth, koala, hourglass, time, cloud
Snail: snail, spiral, slow, spiral shell, rain, house with garden
Speed: fast, rocket, car, horse, leopard, lightning, comet, airplane
Arrow: bullseye, aim, fast, boomerang, compass, eagle
Doubt: puzzle piece, compass, game die, cloud, compass, brain, idea, cloud
Crossroads: journey, compass, bicycle, car, tram car, globe
Friendship: dog, pet, teddy bear, hot beverage, teacup, gift, love letter, play, bird
Bench: chair, house with garden, fountain, bird, solitude, deciduous tree, waiting
Fortune: luck, game die, four leaf clover, treasure, gem stone, crystal ball, gold
Dice: game die, luck, play, aim
Ruin: ruin, derelict house, castle, classical building, rock, moai, leafless tree, old
Castle: castle, japanese castle, building, crown, dragon, legend, power
Sleep: sleep, bed, moon, star, teddy bear, cat, sloth, night
Pillow: bed, sleep, feather, cloud, teddy bear, dream
Awakening: dawn, sun, rooster, alarm clock, blossom, seedling, light bulb, spring
Bud: blossom, cherry blossom, tulip, flower, seedling, spring, rose
Refuge: hut, tent, house, home, umbrella, empty nest, castle
Cave: bat, rock, mountain, dark, bear, troll, secret, treasure
Glory: crown, trumpet, bullseye, eagle, lion, sparkles, gold, power
Trophy: gold, crown, bullseye, star, celebration, treasure, amphora
Nomad: camel, bactrian camel, tent, desert, journey, horse, luggage
Caravan: camel, bactrian camel, desert, journey, luggage, tent, horse
Tide: sea, moon, crab, spiral shell, anchor, sailboat, water
Lighthouse: light, sea, ship, night, anchor, sailboat, tokyo tower, star
Abundance: harvest, fruit, basket, corn, grapes, sweet, gold, honey pot
Basket: basket, fruit, harvest, egg, vessel, food
Poison: danger, mushroom, snake, spider, bottle with cork, alembic, red apple, blowfish
Mushroom: mushroom, forest, autumn, danger, magic, snail
Precision: gear, alarm clock, mantelpiece clock, microscope, bullseye, compass, machine, aim, tool
Clockwork: gear, machine, alarm clock, mantelpiece clock, robot, time, tool, robot
Haze: cloud, weather, sun behind cloud, dream, calm, ghost, evening
Marsh: frog, duck, water, lotus, crocodile, mushroom, rain
Sky: sky, cloud, bird, kite, balloon, airplane, sun, rainbow
Cloud: cloud, rain cloud, snow cloud, sky, sun behind cloud, weather, dream
Wilderness: wild, forest, mountain, bear, wolf, moose, camping, tent
Bear: bear, panda, koala, teddy bear, forest, wild, honey pot
Mirage: desert, camel, palm tree, hot, magic, dream, water
Oasis: palm tree, desert, water, camel, fountain, coconut
Vigil: candle, night, owl, diya lamp, moon, eye, torch
Lamp: diya lamp, light bulb, candle, red lantern, light, genie, night
Grace: swan, dove, flamingo, deer, butterfly, cherry blossom, peacock, lotus, feather, art, dolphin
Swan: swan, white, water, bird, duck, goose
Stubbornness: goat, ram, ox, rock, bison, snail, turtle, rhinoceros, strength, mountain
Rock: rock, mountain, moai, strength, old, crab, lizard
Hide-and-seek: hidden, secret, door, cat, chipmunk, mouse, package, childhood
Wardrobe: door, hidden, home, old, mirror, secret
Sacrifice: fire, candle, sheep, amphora, classical building, ruin
Altar: candle, classical building, diya lamp, amphora, moai, bouquet, ancient
Crossing: ferry, ship, canoe, journey, cableway, water, duck
Ferry: ferry, ship, sailboat, sea, journey, anchor, canoe
"""
# fmt: on


def _names(text: str) -> tuple[str, ...]:
    return tuple(name.strip().lower() for name in text.split(",") if name.strip())


def _table(text: str) -> dict[str, tuple[str, ...]]:
    """``key: name, name, ...`` per entry; an indented line goes on with the entry above."""
    entries: list[str] = []
    for line in text.strip().splitlines():
        if line.startswith(" ") and entries:
            entries[-1] += " " + line.strip()
        else:
            entries.append(line)
    table = {}
    for entry in entries:
        key, _, values = entry.partition(":")
        table[key.strip()] = _names(values)
    return table


MOTIF_NAMES = frozenset(motif.name for motif in MOTIFS)
#: Theme -> the motifs that show it.
THEMES: dict[str, tuple[str, ...]] = _table(_THEMES)
#: ``"palette midnight"``, ``"ground sea"``, ``"disc moon"`` -> the themes that scene adds.
SCENES: dict[str, tuple[str, ...]] = _table(_SCENES)
#: English word -> the concepts it calls up, the literal ones first (the word itself included).
WORDS: dict[str, tuple[str, ...]] = {
    word: tuple(dict.fromkeys((word.lower(), *concepts)))  # each concept once
    for word, concepts in _table(_WORDS).items()
}
#: Every concept the data knows: motif names and themes.
VOCABULARY = MOTIF_NAMES | frozenset(THEMES)


def _themes_of() -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for theme, motifs in THEMES.items():
        for motif in motifs:
            found.setdefault(motif, []).append(theme)
    return {motif: tuple(themes) for motif, themes in found.items()}


#: Motif (or any concept named in a theme) -> its themes.
THEMES_OF: dict[str, tuple[str, ...]] = _themes_of()


def word_concepts(word_card: int, side: int) -> tuple[str, ...]:
    """The concepts of one word of a word card (the same in every table language)."""
    return WORDS[WORD_CARDS["en"][word_card][side]]


def _add(found: dict[str, float], concept: str, weight: float) -> None:
    """A concept counts once per card, as strongly as its strongest showing."""
    if weight > found.get(concept, 0.0):
        found[concept] = weight


def _add_motif(found: dict[str, float], name: str, weight: float) -> None:
    _add(found, name, weight)
    for theme in THEMES_OF.get(name, ()):
        _add(found, theme, weight * THEME_SHARE)


def describe_plan(plan: CardPlan) -> dict[str, float]:
    """A painted card's concepts: the focal motif, its companions, then the scene."""
    found: dict[str, float] = {}
    for placement in plan.placements:
        weight = FOCAL_WEIGHT if placement.motif == plan.focal else COMPANION_WEIGHT
        _add_motif(found, placement.motif.name, weight)
    scene = [f"palette {plan.palette.name}", f"ground {plan.ground}"]
    if plan.disc:
        scene.append(f"disc {plan.disc}")
    for part in scene:
        for theme in SCENES.get(part, ()):
            _add(found, theme, SCENE_WEIGHT)
    return found


@cache
def description(card_id: int) -> Description:
    """The concepts of card ``card_id`` of the painted deck (decided by its id alone)."""
    return describe_plan(plan_card(card_id))


def describe_tags(tags: Iterable[str]) -> dict[str, float]:
    """A server's own picture, described by its tags (the first one is what it shows most).

    A tag that names a motif brings that motif's themes; any other word counts as itself, so
    a tag such as ``lighthouse`` still meets the word *Lighthouse*.
    """
    found: dict[str, float] = {}
    for index, tag in enumerate(t.strip().lower() for t in tags):
        if tag:
            _add_motif(found, tag, FIRST_TAG_WEIGHT if index == 0 else TAG_WEIGHT)
    return found


def fit(concepts: Iterable[str], card: Description) -> float:
    """How well a card fits a word: the weights of the word's concepts the card shows."""
    return sum(card.get(concept, 0.0) for concept in concepts)
