#!/bin/sh
# Issue 39's acceptance matches for the built-in engine, to run on a quiet
# machine from the repository's root (each game needs a core per engine):
#
#   sh game/bot/internal/train/acceptance.sh [gps1|gps10|fsf|threads|all]
#
#   gps1     strong vs gpsusi (BookDepth 0, one thread), 1 s byoyomi, every
#            held-out human opening both ways (212 games); target >= 60%
#   gps10    the same at 10 s byoyomi, the first 20 openings both ways
#            (40 games); target >= 55%
#   fsf      strong vs Fairy-Stockfish at full strength, 1 s, 212 games;
#            target >= 85%
#   threads  strong with Threads=2 vs Threads=1 at equal time (1 s), 212
#            games: the Elo the second thread is worth
#
# Environment: OUT (folder for the binary, records and logs; default
# acceptance-DATE), J (games at once, default 1: give each engine a core),
# GAMES (play only this many of each run, for a smoke test), SEED
# (default 39). Every run writes OUT/NAME.csa and resumes from it when
# started again, so a run cut short goes on where it stopped. No game may
# be lost on time: grep the .csa for %TIME_UP.
set -eu

root=$(pwd)
out=${OUT:-acceptance-$(date +%Y%m%d-%H%M)}
j=${J:-1}
seed=${SEED:-39}
openings=$root/game/bot/testdata/openings/heldout.txt
mkdir -p "$out"
out=$(cd "$out" && pwd)
go build -o "$out/shogi" .
printf '#!/bin/sh\nexec "%s/shogi" usi "$@"\n' "$out" >"$out/shogi-usi"
chmod +x "$out/shogi-usi"

# The first 20 held-out openings, for the long-time run.
awk '/^startpos/ { if (++n > 20) exit } { print }' "$openings" >"$out/heldout20.txt"

gps='usi:/usr/games/gpsusi,BookDepth=0,Thread=1'
fsf='usi:/usr/games/fairy-stockfish,Threads=1,Hash=64,Skill Level=20'

match() { # NAME OPENINGS BYOYOMI GAMES PLAYER PLAYER
	name=$1 file=$2 byo=$3 games=${GAMES:-$4}
	shift 4
	echo "== $name: $games games at $byo byoyomi from $file"
	"$out/shogi" match --games "$games" --byoyomi "$byo" --margin 2s --openings "$file" \
		--concurrency "$j" --seed "$seed" --out "$out/$name.csa" --resume \
		--log "$out/$name.log" "$@" | tee "$out/$name.txt"
}

what=${1:-all}
case $what in gps1 | all) match gps1 "$openings" 1s 212 strong "$gps" ;; esac
case $what in fsf | all) match fsf "$openings" 1s 212 strong "$fsf" ;; esac
case $what in threads | all)
	match threads "$openings" 1s 212 "usi:$out/shogi-usi,Threads=2" "usi:$out/shogi-usi,Threads=1" ;;
esac
case $what in gps10 | all) match gps10 "$out/heldout20.txt" 10s 40 strong "$gps" ;; esac
case $what in gps1 | gps10 | fsf | threads | all) ;; *)
	echo "usage: $0 [gps1|gps10|fsf|threads|all]" >&2
	exit 2
	;;
esac
echo "records, logs and results in $out; losses on time:"
grep -c '%TIME_UP' "$out"/*.csa || true
