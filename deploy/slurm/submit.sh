#!/bin/bash
# Queue a sharded cardsim run on Slurm: a job array of shards (run.sbatch),
# then their merge (merge.sbatch) once every shard has succeeded.
#
#   deploy/slurm/submit.sh --dir DIR [--shards N] [--cpus C] [--max-running M]
#                          [--bin FILE] [--parsable] -- <cardsim run arguments>
#
#   deploy/slurm/submit.sh --dir /shared/nora-1e9 --shards 64 -- \
#       nora --strategy rescuer --games 1000000000 --seed 42
#
# DIR must be on a file system every node sees. It receives
#   cardsim                    the binary every task runs (a copy: a rebuild
#                              cannot change a run under way)
#   parts/part-K-of-N.json     one part a shard
#   checkpoints/shard-K.ckpt   each shard's progress; a requeued or resubmitted
#                              task resumes from it
#   logs/                      one log a task, appended to on a requeue
#   out/                       the merged summary, charts and CSV files
#
# --shards N    tasks of the array, one shard each (default 64)
# --cpus C      CPUs a shard asks for, and its workers (default 2)
# --max-running M  at most M shards at once (the array's %M)
# --bin FILE    the cardsim binary to copy (default: make build, bin/cardsim)
# --parsable    print only "SHARDJOB MERGEJOB"
#
# Everything else Slurm takes from its own input variables, read by both
# sbatch calls: SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_QOS, SBATCH_TIMELIMIT,
# SBATCH_MEM_PER_NODE, … (see man sbatch). The #SBATCH lines of run.sbatch and
# merge.sbatch are the defaults they override.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage() { sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }

dir='' shards=64 cpus=2 max='' bin='' parsable=''
while [ $# -gt 0 ]; do
	case $1 in
	--dir) dir=${2:?--dir needs a directory}; shift 2 ;;
	--shards) shards=${2:?--shards needs a number}; shift 2 ;;
	--cpus) cpus=${2:?--cpus needs a number}; shift 2 ;;
	--max-running) max=${2:?--max-running needs a number}; shift 2 ;;
	--bin) bin=${2:?--bin needs a file}; shift 2 ;;
	--parsable) parsable=1; shift ;;
	--) shift; break ;;
	-h | --help) usage ;;
	*) echo "submit.sh: unknown option '$1' (the cardsim run arguments go after --)" >&2; exit 2 ;;
	esac
done
[ -n "$dir" ] || { echo "submit.sh: --dir is required" >&2; exit 2; }
[ $# -gt 0 ] || { echo "submit.sh: give the cardsim run arguments after --, as in -- nora --games 1000000" >&2; exit 2; }
for v in "$shards" "$cpus" ${max:+"$max"}; do
	case $v in '' | *[!0-9]* | 0*) echo "submit.sh: '$v' is not a positive whole number" >&2; exit 2 ;; esac
done
for a in "$@"; do
	case $a in --shard | --shard=* | --out | --out=* | -o | --checkpoint | --checkpoint=* | --resume | --records | --records=*)
		echo "submit.sh: '$a' is set by the job itself; leave it out of the run arguments" >&2; exit 2 ;;
	esac
done

if [ -z "$bin" ]; then
	make -C "$here/../.." --no-print-directory build >&2
	bin=$here/../../bin/cardsim
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
for d in parts checkpoints out; do
	if [ -n "$(ls -A "$dir/$d" 2>/dev/null)" ]; then
		echo "submit.sh: $dir/$d is not empty: give each run a directory of its own" >&2
		exit 1
	fi
done
mkdir -p "$dir/parts" "$dir/checkpoints" "$dir/logs"
install -m 0755 "$bin" "$dir/cardsim"

shardjob=$(sbatch --parsable --array="0-$((shards - 1))${max:+%$max}" --cpus-per-task="$cpus" \
	--output="$dir/logs/shard-%a.out" "$here/run.sbatch" "$dir" "$shards" "$@")
shardjob=${shardjob%%;*}
if ! mergejob=$(sbatch --parsable --dependency=afterok:"$shardjob" --kill-on-invalid-dep=yes \
	--output="$dir/logs/merge.out" "$here/merge.sbatch" "$dir"); then
	scancel "$shardjob" || true
	echo "submit.sh: the merge could not be queued, so the shards (job $shardjob) were cancelled" >&2
	exit 1
fi
mergejob=${mergejob%%;*}
if [ -n "$parsable" ]; then
	echo "$shardjob $mergejob"
else
	echo "queued $shards shards as job array $shardjob and their merge as job $mergejob; the result will be in $dir/out"
fi
