#!/bin/bash
# Queue the shards, then the merge after all of them succeed.
set -euo pipefail
cd "$(dirname "$0")/../.."
make build
mkdir -p logs parts
jobid=$(sbatch --parsable deploy/slurm/run.sbatch)
sbatch --dependency=afterok:"$jobid" deploy/slurm/merge.sbatch
echo "queued shards $jobid and their merge"
