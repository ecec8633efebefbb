"""Run a command with its output on a pseudo-terminal, as an interactive shell would."""

from __future__ import annotations

import os
import pty
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path


def run_on_terminal(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    stderr_too: bool = False,
) -> tuple[int, str, str]:
    """Exit status, what reached the terminal, and stderr (empty if ``stderr_too``).

    ``stderr_too`` sends stderr to the terminal as well, interleaved as a reader sees it.
    """
    leader, follower = pty.openpty()
    try:
        process = subprocess.Popen(
            list(argv),
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=follower,
            stderr=follower if stderr_too else subprocess.PIPE,
        )
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # Linux: EIO once every writer has closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        stderr = b"" if stderr_too or process.stderr is None else process.stderr.read()
        process.wait(timeout=60)
    finally:
        os.close(leader)
    # The terminal turns each "\n" into "\r\n"; callers compare plain lines.
    output = b"".join(chunks).decode("utf-8").replace("\r\n", "\n")
    return process.returncode, output, stderr.decode("utf-8", "replace")
