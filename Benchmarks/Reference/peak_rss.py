"""og-bench's launcher for workload S3: runs a command as its child and writes the child's peak
resident size to a file.

Usage: python3 peak_rss.py OUT COMMAND [ARGUMENT...]

og-bench cannot read a child's peak itself: Linux counts the peak of a process it spawns from
the peak of og-bench's own memory at the spawn. This small process forks the command, so the
peak `wait4` reports is the command's own. OUT receives it in KiB (`ru_maxrss`); the launcher
exits with the command's status.
"""

import os
import sys

out, command = sys.argv[1], sys.argv[2:]
pid = os.fork()
if pid == 0:
    os.execv(command[0], command)
_, status, usage = os.wait4(pid, 0)
with open(out, "w") as file:
    file.write(str(usage.ru_maxrss))
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
