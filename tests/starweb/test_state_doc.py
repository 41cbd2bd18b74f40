"""docs/state-starweb.md: the commands of its console blocks, run in an empty directory
as a reader types them into a shell, print exactly what the document shows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "state-starweb.md"
BLOCK = re.compile(r"^```console\n(.*?)^```", re.DOTALL | re.MULTILINE)


def transcript() -> list[tuple[str, str]]:
    """(command, the output shown below it) for every ``$`` line of the console blocks,
    in the order of the document."""
    steps: list[tuple[str, list[str]]] = []
    for block in BLOCK.findall(DOC.read_text("utf-8")):
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
    return [(command, "".join(f"{line}\n" for line in shown)) for command, shown in steps]


@pytest.mark.slow  # a dozen processes, each starting pbem: half a minute on two cores
def test_the_documented_commands_print_what_the_document_shows(tmp_path: Path) -> None:
    steps = transcript()
    assert steps[0][0] == "pbem starweb new --players 6 --seed 1 -o s0.json"
    assert any(command.startswith("pbem starweb turn s0.json") for command, _ in steps)
    # pbem and python3 of this environment first on the path, as after ". .venv/bin/activate";
    # this checkout's code, no configuration of the machine's.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = str(ROOT)
    for command, shown in steps:
        result = subprocess.run(
            ["bash", "-c", f"set -o pipefail; {command}"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert (result.returncode, result.stderr) == (0, ""), command
        assert result.stdout == shown, command
