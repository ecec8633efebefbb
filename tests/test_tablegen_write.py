"""tablegen writes a folder all or nothing, and Ctrl-C is one line (issue 19, class 10).

Files used to be renamed into place one at a time, so a failure on a later file
left new ``classes``/``hash5``/``flush`` beside old ones; Ctrl-C during
``--rules`` printed a 19-28 line traceback.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import tablegen.__main__ as tablegen_main
from lookup.core.tablefile import source_table_dir
from lookup.ranking.ranking import load_rules
from tablegen.write import write_folder


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def old_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    for name in ("classes.msgpack", "hash5.msgpack", "flush.msgpack", "rules.toml"):
        (folder / name).write_bytes(b"old " + name.encode())
    (folder / "NOTES.txt").write_text("the user's own file")
    return folder


def test_a_failure_on_a_later_file_leaves_the_old_folder_intact(
    old_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _snapshot(old_folder)
    written: list[str] = []
    real_write = Path.write_bytes

    def failing_write(self: Path, data: bytes) -> int:
        if len(written) == 2:
            raise OSError(28, "No space left on device")
        written.append(self.name)
        return real_write(self, data)

    monkeypatch.setattr(Path, "write_bytes", failing_write)
    files = {name: b"new " + name.encode() for name in before if name != "NOTES.txt"}
    with pytest.raises(OSError, match="No space left"):
        write_folder(old_folder, files)
    monkeypatch.undo()
    assert _snapshot(old_folder) == before
    assert sorted(p.name for p in old_folder.parent.iterdir()) == ["mine"], "no temporary left"


def test_interrupted_swap_leaves_the_old_folder_intact(
    old_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _snapshot(old_folder)
    real_replace = os.replace
    calls: list[object] = []

    def interrupted(source: object, destination: object) -> None:
        calls.append(source)
        if len(calls) == 2:  # the new folder taking the old one's place
            raise KeyboardInterrupt
        real_replace(source, destination)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_folder(old_folder, {"classes.msgpack": b"new"})
    monkeypatch.undo()
    assert _snapshot(old_folder) == before
    assert sorted(p.name for p in old_folder.parent.iterdir()) == ["mine"]


def test_a_written_folder_has_exactly_the_new_files_and_keeps_the_users(old_folder: Path) -> None:
    mode = old_folder.stat().st_mode
    write_folder(old_folder, {"classes.msgpack": b"new", "rules.toml": b"r"})
    assert _snapshot(old_folder) == {
        "NOTES.txt": b"the user's own file",
        "classes.msgpack": b"new",
        "rules.toml": b"r",
    }
    assert old_folder.stat().st_mode == mode
    assert sorted(p.name for p in old_folder.parent.iterdir()) == ["mine"]


def test_ctrl_c_in_main_is_one_line_and_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupt(*args: object, **kwargs: object) -> dict[str, bytes]:
        raise KeyboardInterrupt

    monkeypatch.setattr(tablegen_main, "generate", interrupt)
    status = tablegen_main.main(["--quiet", "--rules", "short-deck", "--out", str(tmp_path / "o")])
    assert status == 130
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "interrupted" in captured.err
    assert not (tmp_path / "o").exists()


def test_ctrl_c_during_generation_is_one_line_and_130(tmp_path: Path) -> None:
    out = tmp_path / "standard"
    process = subprocess.Popen(
        [sys.executable, "-m", "tablegen", "--rules", "standard", "--out", str(out)],
        cwd=source_table_dir().parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        # Interrupt once it has started: generating the standard ranking takes seconds.
        assert process.stdout is not None
        first = process.stdout.readline()
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert first.startswith("tablegen: generating"), first
    assert process.returncode == 130, stderr
    assert stderr.count("\n") == 1 and "interrupted" in stderr, stderr
    assert "Traceback" not in stderr
    assert not out.exists()


def test_a_rewritten_builtin_copy_still_loads(tmp_path: Path) -> None:
    out = tmp_path / "short-deck"
    status = tablegen_main.main(["--quiet", "--rules", "short-deck", "--out", str(out)])
    assert status == 0
    status = tablegen_main.main(["--quiet", "--rules", "short-deck", "--out", str(out)])
    assert status == 0
    assert load_rules(out).name == "short-deck"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["short-deck"]
