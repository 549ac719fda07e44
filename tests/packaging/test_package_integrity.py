"""The checksum list: written like sha256sum, read back, and a changed or missing file is named."""

import hashlib
import shutil
import subprocess
import sys

import pytest

from gui.package_integrity import (IntegrityError, read_sums, sha256_file, verify, verify_frozen_package,
                                   write_sums)


def _package(tmp_path):
    dist = tmp_path / "dist"
    (dist / "riskreview" / "_internal" / "sub").mkdir(parents=True)
    (dist / "riskreview" / "riskreview").write_bytes(b"exe")
    (dist / "riskreview" / "_internal" / "sub" / "lib.so").write_bytes(b"\x00" * 3_000_000)
    (dist / "riskreview" / "_internal" / "a b.txt").write_text("space in the name")
    return dist


def test_sha256_of_a_known_string(tmp_path):
    path = tmp_path / "abc"
    path.write_bytes(b"abc")  # FIPS 180-2 example
    assert sha256_file(path) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_list_is_sorted_sha256sum_format_and_checks_with_sha256sum(tmp_path):
    dist = _package(tmp_path)
    sums = write_sums(dist)
    lines = sums.read_text().splitlines()
    assert [l.split("  ", 1)[1] for l in lines] == [
        "riskreview/_internal/a b.txt", "riskreview/_internal/sub/lib.so", "riskreview/riskreview"]
    assert lines[2].split()[0] == hashlib.sha256(b"exe").hexdigest()
    assert lines[1].split()[0] == hashlib.sha256(b"\x00" * 3_000_000).hexdigest()
    if shutil.which("sha256sum"):
        done = subprocess.run(["sha256sum", "-c", sums.name], cwd=dist, capture_output=True, text=True)
        assert done.returncode == 0 and done.stdout.count(": OK") == 3


def test_onefile_executable_is_listed_when_present(tmp_path):
    dist = _package(tmp_path)
    (dist / "riskreview-onefile").write_bytes(b"one")
    sums = read_sums(write_sums(dist))
    assert sums["riskreview-onefile"] == hashlib.sha256(b"one").hexdigest() and len(sums) == 4
    assert verify(sums, {"riskreview-onefile": dist / "riskreview-onefile"}) == 1


def test_verify_names_the_changed_and_the_missing_file(tmp_path):
    dist = _package(tmp_path)
    sums = read_sums(write_sums(dist))
    folder = dist / "riskreview"
    assert verify(sums, {"riskreview": folder}) == 3
    renamed = dist / "opt-riskreview"  # the folder may be renamed after download
    folder.rename(renamed)
    assert verify(sums, {"riskreview": renamed}) == 3
    (renamed / "_internal" / "sub" / "lib.so").write_bytes(b"\x00" * 2_999_999 + b"\x01")
    with pytest.raises(IntegrityError, match=r"^riskreview/_internal/sub/lib.so: SHA-256 differs"):
        verify(sums, {"riskreview": renamed})
    (renamed / "_internal" / "sub" / "lib.so").unlink()
    with pytest.raises(IntegrityError, match=r"^riskreview/_internal/sub/lib.so: listed .* but missing"):
        verify(sums, {"riskreview": renamed})


def test_malformed_list_names_the_line(tmp_path):
    path = tmp_path / "riskreview-SHA256SUMS"
    path.write_text(f"{'0' * 64}  riskreview/x\nnot a checksum line\n")
    with pytest.raises(IntegrityError, match="line 2"):
        read_sums(path)


def test_frozen_one_folder_package_finds_the_list_next_to_it(tmp_path, monkeypatch):
    dist = _package(tmp_path)
    write_sums(dist)
    exe = dist / "riskreview" / "riskreview"
    monkeypatch.setattr(sys, "_MEIPASS", str(dist / "riskreview" / "_internal"), raising=False)
    (dist / "riskreview" / "_internal" / "sub").mkdir(exist_ok=True)
    assert verify_frozen_package(exe).startswith("3 files match ")
    (dist / "riskreview-SHA256SUMS").unlink()
    with pytest.raises(IntegrityError, match="riskreview-SHA256SUMS not found"):
        verify_frozen_package(exe)
