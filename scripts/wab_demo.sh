#!/usr/bin/env bash
# A WAB 2 battle tracked from the command line, from deployment to the campaign's battle result
# (issue 4: the battle tracker and the auto-battle). The two armies are the mercenary lists of seed 000
# ("Mercenaires": Atlantes against Sauvages des montagnes, 274 points each); the referee reports what
# happens on the table, the tracker says which tests are due (with their exact odds), rolls them, fights
# the combats and keeps the journal. What happens depends on the dice: the script reads the battle's
# status (--json) to report only facts that can happen.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf demo/wab && mkdir -p demo/wab
B=demo/wab/battle.jsonl
PY=.venv/bin/python

C=(.venv/bin/campagne)

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
b() { echo "\$ campagne battle $*"; "${C[@]}" battle "$@" -c "$B"; }
# ask EXPR: evaluate a Python expression on the battle's view `v` (campagne battle status --json)
ask() { "${C[@]}" battle status -c "$B" --json | $PY -c "import json, sys; v = json.load(sys.stdin); print($1)"; }
ready() { [ "$(ask "' '.join(u['status'] for u in v['units'] if u['key'] in '$*'.split())")" = "$(printf 'ready %.0s' $* | xargs)" ]; }
# tests: roll the pending tests; a test that asks for a distance fact nobody reported this turn (general
# within 12", enemy within 8"...) is answered "no" here (a table would say what it sees)
tests() {
  while [ "$(ask "sum(p['kind'] == 'test' for p in v['pending'])")" != 0 ]; do
    # shellcheck disable=SC2046
    b roll --all $(ask "' '.join('--set ' + n + '=false' for n in next(p for p in v['pending'] if p['kind'] == 'test')['asks'])")
  done
}
# reach TURN SIDE PHASE: close phases until there (or past it: a phase with nothing to do passes by itself),
# taking the tests and fighting the combats on the way
reach() {
  local want
  want=$(( $1 * 10 + $( [ "$2" = b ] && echo 5 || echo 0 ) + $(ask "['start_of_turn', 'movement', 'shooting', 'close_combat'].index('$3')") ))
  while true; do
    local at
    at=$(ask "f\"{v['turn'] * 10 + 5 * (v['side'] == 'b') + ['deployment', 'start_of_turn', 'movement', 'shooting', 'close_combat', 'ended'].index(v['phase']) - 1} {sum(p['kind'] == 'test' for p in v['pending'])} {sum(not e['fought'] for e in v['engagements'])} {v['phase']}\"")
    read -r rank tests combats ph <<<"$at"
    if [ "$tests" = 0 ] && [ "$rank" -ge "$want" ]; then break; fi
    if [ "$tests" != 0 ]; then tests
    elif [ "$ph" = close_combat ] && [ "$combats" != 0 ]; then combat
    else b next >/dev/null; fi
  done
  echo "-- turn $1, side $2: $3 (now: $(ask "v['phase']"))"
}
# combat: fight; friends of a broken unit (all reported within 12") test for panic; victors pursue
combat() {
  b fight
  for pair in $(ask "' '.join(f\"{u['key']}:{k}\" for k in v['broken'] for u in v['units'] if u['side'] == k[0] and u['status'] == 'ready' and not u['attached_to'])"); do
    b fact friends_broke "${pair%%:*}:$(echo "$pair" | cut -d: -f2)" "$(echo "$pair" | cut -d: -f3-)"
  done
  tests
  for pair in $(ask "' '.join(p['unit'] + '>' + p['target'] for p in v['pursuits'])"); do
    b fact pursue "${pair%%>*}" "${pair##*>}"
  done
}

say "Deployment: Atlantean mercenaries (alice, side a) against the mountain savages (bob, side b) at Mestoria"
b new --a mercenaires-atlantes --b mercenaires-sauvages --player-a alice --player-b bob \
  --territory mestoria --scenario "Pitched Battle" --max-turns 3 --seed 2026
b fact join a:general a:spearmen
b fact join b:general b:warriors
b fact near a:archers --set general=true

say "Turn 1: the Atlanteans advance (a march is refused: an enemy within 8\") and shoot"
reach 1 a movement
b fact move a:spearmen --set distance=4
b fact move a:spearmen --set how=march --set 'enemies_within_8=["infantry"]' || echo "(refused, as the sheet says)"
reach 1 a shooting
b fact shoot a:archers b:warriors --set distance=18
b fact shoot a:slaves b:slingers --set distance=7

say "Turn 1, the savages: the slingers shoot back (two shots each at short range)"
reach 1 b shooting
if ready b:slingers; then b fact shoot b:slingers a:spearmen --set distance=8; fi

say "Turn 2: the spearmen charge the warriors, who stand and shoot (6\" is more than half of 8\")"
reach 2 a movement
tests
if ready a:spearmen b:warriors; then
  b fact charge a:spearmen b:warriors --set distance=6
  b status --as b --lang fr
  b fact react b:warriors stand_and_shoot
  if ready a:spearmen b:warriors; then b fact contact a:spearmen b:warriors; fi
fi
reach 2 a close_combat
combat

say "Turn 2, the savages: the slingers charge the archers' flank if both still stand (a panic test)"
reach 2 b movement
tests
if ready b:slingers a:archers; then
  b fact charge b:slingers a:archers --set facing=flank --set distance=7
  b status
  tests
  if ready b:slingers a:archers; then b fact react a:archers hold && b fact contact b:slingers a:archers; fi
fi
reach 2 b close_combat
if [ "$(ask "sum(not e['fought'] for e in v['engagements'])")" != 0 ]; then combat; fi

say "Turn 3, the last of the scenario: units that fled more than 12\" reach the table edge"
reach 3 a movement
tests
for u in $(ask "' '.join(u['key'] for u in v['units'] if u['status'] == 'fleeing' and not u['attached_to'] and u['fled_inches'] > 12)"); do
  b fact left_table "$u"
done
reach 3 b close_combat
if [ "$(ask "sum(not e['fought'] for e in v['engagements'])")" != 0 ]; then combat; fi

say "The end: table quarters held, victory points (seed 000), the result for the campaign"
b fact quarters --set a=1 --set b=2
if [ "$(ask "v['vp']['a'] == v['vp']['b']")" = True ]; then b end --winner b; else b end; fi
"${C[@]}" battle result -c "$B" --json > demo/wab/atlantis-battle-result.json
echo "(written to demo/wab/atlantis-battle-result.json: the Atlantis battle-result command for the campaign)"

say "The journal replays identically (every die recorded)"
$PY - "$B" <<'EOF'
import sys
from pathlib import Path
import campagne.session as s
c = s.load(Path(sys.argv[1]))
print(f"{len(c.entries)} commands, {sum(len(e.rolls) for e in c.entries)} dice: verified")
EOF

say "The same armies in the abstract auto-battle (the resolver offered for Atlantis battles)"
"${C[@]}" battle auto --a mercenaires-atlantes --b mercenaires-sauvages --seed 2026 --lang fr | tail -n 14
