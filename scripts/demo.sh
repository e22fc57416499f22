#!/usr/bin/env bash
# A short demo campaign, played from the command line exactly as a club would (see README).
set -euo pipefail
cd "$(dirname "$0")/.."
C=.venv/bin/campagne
rm -rf demo && mkdir -p demo
export CAMPAGNE_CAMPAIGN=demo/campaign.jsonl

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "Exact odds before deciding: conquering an Atlantean mountain territory with strength 16 and 100 loot of bribes"
$C odds atlantis conquest --force 16 --bribe 100 --terrain mountain
say "The seed's Mycenaean example army: combat strength 10, initiative 120"
$C atlantis strength mycenaean-1000

say "A new campaign: two people (alice, bob) and two computer players"
$C new atlantis --seed 2026 -p alice:human:mycenaean -p bob:human:egyptian \
   -p carthage:greedy:assyrian -p hespera:random:amazon
say "The computers choose when it is their turn; people choose with 'order'"
$C --json status | python3 -c 'import json,sys; print("waiting for:", json.load(sys.stdin)["awaiting"])'
# Let a computer stand in for the people during setup and the first two turns, the referee automated.
$C play --stand-in alice --stand-in bob --referee --until-turn 2 > demo/turns-1-2.txt
tail -n 8 demo/turns-1-2.txt

say "Where the campaign stands"
$C status
say "The map, the campaign sheets and the journal"
$C map --out demo/map.svg
$C sheet --format html --out demo/sheets.html
$C sheet --format md --out demo/sheets.md
$C journal > demo/journal.txt && tail -n 1 demo/journal.txt
say "A whole campaign with four computer players, 12 turns"
$C simulate atlantis --players 4 --turns 12 --seed 7 --journal demo/simulated.jsonl
$C --campaign demo/simulated.jsonl journal | tail -n 1
say "A WAB 2 battle fought automatically between the two mercenary lists of the annex"
$C battle auto --a mercenaires-atlantes --b mercenaires-sauvages --seed 3 | tail -n 4
say "Exact odds of one WAB round: 20 spearmen charging 16 guards"
$C odds wab combat --a-profile 4,3,3,3,3,1,3,1,7 --a-models 20 --a-save 5 --a-standard \
   --b-profile 4,4,3,3,3,1,4,1,8 --b-models 16 --b-files 4 --b-save 4 --charge a | tail -n 3
say "Gorges Tranchées: a year on the island; computers stand in for alice and bob, the referee automated"
G="--campaign demo/gorges.jsonl"
$C $G new gorges --seed 9 -p alice:human:empire -p bob:human:skaven -p carl:greedy:high-elves \
   -p dora:random:dwarfs --hero "alice:G=Karl Franz"
$C $G play --stand-in alice --stand-in bob --referee --until-turn 12 > demo/gorges-year.txt
$C $G next > /dev/null   # the referee closes winter's last battles: the year ends
$C $G status | tail -n 5
$C $G map --out demo/gorges-map.svg
$C $G sheet --format html --out demo/gorges-sheets.html
$C $G journal | tail -n 1
say "Exact odds of a Gorges save roll: next to an Empire fortress, attacked by Warriors of Chaos"
$C odds gorges save --fortress-adjacent --defender-race empire --attacker-race "warriors of chaos"
say "Done: open demo/map.svg, demo/sheets.html, demo/gorges-map.svg and demo/gorges-sheets.html; scripts/wab_demo.sh tracks a whole WAB battle"
