"""scripts/install-system-packages waits for another apt holding its locks (a fresh
machine's unattended-upgrades, a second `make run`) instead of failing at once.

apt-get and dpkg-query are stand-ins on PATH: the stand-in apt-get refuses `update` twice
as apt 2.6 does when another apt holds the package lists' lock, then works; every
package reads as missing."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts" / "install-system-packages"

APT_GET = """#!/bin/sh
echo "$*" >> "$CALLS"
case " $* " in
  *" update "*)
    tries=$(cat "$TRIES" 2>/dev/null || echo 0)
    echo $((tries + 1)) > "$TRIES"
    if [ "$tries" -lt 2 ]; then
      echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2
      exit 100
    fi
    echo "Reading package lists..." ;;
esac
"""


def stand_ins(tmp_path: Path, apt_get: str) -> dict[str, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "apt-get").write_text(apt_get)
    (bin_dir / "dpkg-query").write_text("#!/bin/sh\nexit 1\n")  # nothing is installed
    (bin_dir / "sudo").write_text('#!/bin/sh\nexec "$@"\n')  # for a run as another user
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    return {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "CALLS": str(tmp_path / "calls"),
        "TRIES": str(tmp_path / "tries"),
        "APT_LOCK_RETRY_SECONDS": "0",
    }


def test_it_waits_for_another_apt_holding_the_lock_then_installs(tmp_path):
    env = stand_ins(tmp_path, APT_GET)
    run = subprocess.run(
        [str(SCRIPT), "runtime"], env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("Waiting for another apt to let go of its lock") == 2
    calls = (tmp_path / "calls").read_text().splitlines()
    assert [call.split()[-2:] for call in calls[:3]] == [["update", "-q"]] * 3
    assert "install" in calls[3] and "fonts-noto-core" in calls[3]
    assert all(call.startswith("-o DPkg::Lock::Timeout=600 ") for call in calls)


def test_any_other_failure_of_the_update_stops_it_at_once(tmp_path):
    broken = APT_GET.replace("Could not get lock", "Failed to fetch").replace("-lt 2", "-lt 99")
    env = stand_ins(tmp_path, broken)
    run = subprocess.run(
        [str(SCRIPT), "runtime"], env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 1
    assert "Failed to fetch" in run.stderr and "Waiting" not in run.stderr
    assert len((tmp_path / "calls").read_text().splitlines()) == 1
