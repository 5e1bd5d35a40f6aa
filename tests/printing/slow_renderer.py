"""A file kind for the test of a worker killed mid-job: 15 steps, waiting at step 3 until the
test creates the gate file named in the job's options (a job without one, as the page's "try
again" sends it, does not wait). A test worker loads it with
`--include`; the test imports it too, so that the kind is known on both sides."""

import time
from pathlib import Path

from printing import kinds
from printing.kinds import FileJob

KIND = "slow_test_file"
STEPS = 15
WAITS_AT = 3


def render_slowly(job: FileJob) -> bytes:
    gate = Path(job.options["gate"]) if "gate" in job.options else None
    for done in range(STEPS + 1):
        job.progress(done, STEPS)
        if done == WAITS_AT and gate is not None:
            deadline = time.monotonic() + 120
            while not gate.exists() and time.monotonic() < deadline:
                time.sleep(0.05)
    return b"%PDF-1.4 slow test file\n"


kinds.register(kinds.Kind(KIND, render_slowly, label="Slow test file"))
