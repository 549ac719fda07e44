"""Packaging for Windows and macOS, checked on Linux: the version resource, the windowed
executable's arguments, the Qt names of each platform in the SBOM and its check, the macOS
bundle in the checksum list, the three locks, the icons and the CI workflow's references."""

import ast
import hashlib
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from gui.__main__ import windowed_arguments
from gui.package_integrity import (APP_NAME, IntegrityError, package_files, package_roots, read_sums,
                                   verify_frozen_package, write_sums)

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)  # dataclasses look their module up there
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    return module


version_info = _load("version_info")
lock = _load("lock")
sbom = _load("sbom")


@pytest.mark.parametrize("version, numbers", [
    ("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)), ("2.0.1rc1", (2, 0, 1, 0)),
    ("1.2.3.4.5", (1, 2, 3, 4)), ("3.10.0.dev7", (3, 10, 0, 0)), ("65535.0", (65535, 0, 0, 0)),
])
def test_file_version_from_the_release_numbers(version, numbers):
    assert version_info.file_version(version) == numbers


@pytest.mark.parametrize("version", ["dev", "", "65536.1"])
def test_file_version_rejects_what_windows_cannot_hold(version):
    with pytest.raises(ValueError, match=repr(version)):
        version_info.file_version(version)


def _call_fields(text: str) -> dict:
    """The keyword arguments and StringStruct pairs of a version file, parsed (not evaluated)."""
    tree = ast.parse(text, mode="eval").body
    assert isinstance(tree, ast.Call) and tree.func.id == "VSVersionInfo"
    ffi = {k.arg: ast.literal_eval(k.value) for k in tree.keywords[0].value.keywords}
    strings = {ast.literal_eval(n.args[0]): ast.literal_eval(n.args[1]) for n in ast.walk(tree)
               if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "StringStruct"}
    return {"ffi": ffi, "strings": strings}


def test_version_file_names_the_executable_and_version():
    fields = _call_fields(version_info.version_text("1.4.2", "riskreview-cli.exe", "RiskReview command line"))
    assert fields["ffi"]["filevers"] == (1, 4, 2, 0) == fields["ffi"]["prodvers"]
    assert fields["strings"] == {
        "CompanyName": "RiskReview", "FileDescription": "RiskReview command line", "FileVersion": "1.4.2",
        "InternalName": "riskreview-cli", "LegalCopyright": "Apache License 2.0",
        "OriginalFilename": "riskreview-cli.exe", "ProductName": "RiskReview", "ProductVersion": "1.4.2"}


def test_version_file_loads_in_pyinstaller(tmp_path, monkeypatch):
    """PyInstaller's own reader and binary form (they need pefile, installed with PyInstaller on
    Windows only; win32api, which only writes the resource into an executable, is not used)."""
    pytest.importorskip("pefile")
    from PyInstaller import compat

    if not hasattr(compat, "win32api"):
        monkeypatch.setattr(compat, "win32api", None, raising=False)
    from PyInstaller.utils.win32.versioninfo import load_version_info_from_text_file

    path = version_info.write(tmp_path / "v.txt", "2.7.1", "RiskReview.exe", "RiskReview")
    info = load_version_info_from_text_file(str(path))
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == (0x00020007, 0x00010000)
    raw = info.toRaw()
    assert "RiskReview.exe".encode("utf-16-le") in raw and "2.7.1".encode("utf-16-le") in raw


@pytest.mark.parametrize("argv, expected", [
    ([], ["gui"]),
    (["gui"], ["gui"]),
    (["C:\\data\\survey.csv"], ["gui", "C:\\data\\survey.csv"]),
    (["gui", "a.parquet"], ["gui", "a.parquet"]),
    (["--self-test"], ["gui"]),  # no console to print to: the window, not the command line
    (["assess", "--config", "x.toml"], ["gui", "assess"]),
])
def test_windowed_executable_always_opens_the_window(argv, expected):
    assert windowed_arguments(argv) == expected


def test_sbom_names_windows_and_macos_qt_files():
    manifest = {"distributions": [], "qt_libraries": ["Qt6Core.dll", "QtWidgets", "libQt6Gui.so.6"],
                "qt_plugins": ["PySide6/plugins/platforms/qwindows.dll", "PySide6/Qt/plugins/platforms/libqcocoa.dylib"]}
    bom = sbom.narrow({"metadata": {}, "components": []}, manifest)
    qt = [c for c in bom["components"] if c.get("group") == "Qt"]
    assert [c["name"] for c in qt] == ["Qt6Core", "QtWidgets", "Qt6Gui", "qwindows", "qcocoa"]
    assert qt[0]["properties"][0]["value"] == "Qt6Core.dll"


def test_sbom_check_finds_each_platforms_qt_libraries_and_executables(tmp_path):
    check_sbom = _load("check_sbom")
    windows = tmp_path / "win" / "riskreview"
    (windows / "_internal" / "PySide6").mkdir(parents=True)
    for name in ("Qt6Core.dll", "Qt6Widgets.dll", "pyside6.abi3.dll"):
        (windows / "_internal" / "PySide6" / name).write_bytes(b"")
    for name in ("RiskReview.exe", "riskreview-cli.exe"):
        (windows / name).write_bytes(b"")
    assert check_sbom.qt_libraries(windows) == ["Qt6Core.dll", "Qt6Widgets.dll"]
    assert [p.name for p in check_sbom.executables(windows)] == ["RiskReview.exe", "riskreview-cli.exe"]
    mac = tmp_path / "mac" / "riskreview"
    (mac / "_internal" / "PySide6" / "Qt" / "lib" / "QtGui.framework" / "Versions" / "A").mkdir(parents=True)
    assert check_sbom.qt_libraries(mac) == ["QtGui"]
    with pytest.raises(SystemExit, match="no executable"):
        check_sbom.executables(mac)


def _bundle(dist: Path) -> Path:
    """A macOS bundle as PyInstaller lays it out: executables in Contents/MacOS, libraries in
    Contents/Frameworks, data in Contents/Resources linked from Frameworks; and the folder it
    was made from."""
    contents = dist / APP_NAME / "Contents"
    for folder in ("MacOS", "Frameworks", "Resources/resources"):
        (contents / folder).mkdir(parents=True)
    (contents / "MacOS" / "RiskReview").write_bytes(b"window")
    (contents / "MacOS" / "riskreview-cli").write_bytes(b"cli")
    (contents / "Resources" / "resources" / "app.svg").write_text("<svg/>")
    (contents / "Frameworks" / "resources").symlink_to("../Resources/resources")  # a folder link: not followed
    (contents / "Info.plist").write_text("<plist/>")
    (dist / "riskreview" / "_internal").mkdir(parents=True)
    (dist / "riskreview" / "riskreview-cli").write_bytes(b"cli")
    return contents


def test_macos_list_holds_the_bundle_not_the_folder_it_was_made_from(tmp_path):
    dist = tmp_path / "dist"
    _bundle(dist)
    assert list(package_roots(dist)) == [APP_NAME]
    assert [p.as_posix() for p in package_files(dist)] == [
        "RiskReview.app/Contents/Info.plist", "RiskReview.app/Contents/MacOS/RiskReview",
        "RiskReview.app/Contents/MacOS/riskreview-cli", "RiskReview.app/Contents/Resources/resources/app.svg"]
    sums = read_sums(write_sums(dist))
    assert sums["RiskReview.app/Contents/MacOS/riskreview-cli"] == hashlib.sha256(b"cli").hexdigest()


def test_self_test_in_a_macos_bundle_checks_the_bundle(tmp_path, monkeypatch):
    dist = tmp_path / "dist"
    contents = _bundle(dist)
    write_sums(dist)
    monkeypatch.setattr(sys, "_MEIPASS", str(contents / "Frameworks"), raising=False)
    exe = contents / "MacOS" / "riskreview-cli"
    assert verify_frozen_package(exe).startswith("4 files match ")
    renamed = dist / "RiskReview 2.app"  # a copy Finder renamed
    (dist / APP_NAME).rename(renamed)
    assert verify_frozen_package(renamed / "Contents" / "MacOS" / "riskreview-cli").startswith("4 files match ")
    (renamed / "Contents" / "Resources" / "resources" / "app.svg").write_text("<svg></svg>")
    with pytest.raises(IntegrityError, match=r"^RiskReview.app/Contents/Resources/resources/app.svg: SHA-256"):
        verify_frozen_package(renamed / "Contents" / "MacOS" / "RiskReview")


def test_windows_one_file_executable_is_listed_and_checked(tmp_path, monkeypatch):
    dist = tmp_path / "dist"
    (dist / "riskreview" / "_internal").mkdir(parents=True)
    (dist / "riskreview" / "riskreview-cli.exe").write_bytes(b"cli")
    (dist / "riskreview-onefile.exe").write_bytes(b"one")
    write_sums(dist)
    assert sorted(read_sums(dist / "riskreview-SHA256SUMS")) == ["riskreview-onefile.exe",
                                                                 "riskreview/riskreview-cli.exe"]
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "unpacked"), raising=False)
    assert verify_frozen_package(dist / "riskreview-onefile.exe").startswith("1 files match ")


def _locked(name: str) -> dict[str, str]:
    return lock.pins((ROOT / "packaging" / lock.PLATFORMS[name].lock).read_text(encoding="utf-8"))


def test_every_lock_pins_the_dependencies_with_hashes_for_its_platform():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {re.sub(r"[-_.]+", "-", re.split(r"[<>=!~ ;\[]", d)[0]).lower()
              for d in project["dependencies"] + project["optional-dependencies"]["package"]}
    for name in lock.PLATFORMS:
        text = (ROOT / "packaging" / lock.PLATFORMS[name].lock).read_text(encoding="utf-8")
        assert text.startswith(f"# Generated by: python packaging/lock.py {name} ")
        pinned = lock.pins(text)
        assert wanted <= set(pinned), (name, wanted - set(pinned))
        entries = re.split(r"\n(?=[a-z0-9])", text.split("\n", 2)[2])
        assert len(entries) == len(pinned) and all("--hash=sha256:" in e for e in entries)
    windows, macos, linux = _locked("windows"), _locked("macos"), _locked("linux")
    assert {"pefile", "pywin32-ctypes"} <= set(windows) and "macholib" in macos
    assert "pefile" not in linux and "macholib" not in linux and "macholib" not in windows
    # the Windows lock prefers the Linux versions, and Windows has wheels for all of them
    assert {n: windows[n] for n in linux} == linux


def test_icons_hold_the_sizes_windows_and_macos_show():
    from PIL import Image

    with Image.open(ROOT / "packaging" / "windows" / "riskreview.ico") as ico:
        assert {(16, 16), (32, 32), (48, 48), (256, 256)} <= ico.info["sizes"]
    with Image.open(ROOT / "packaging" / "macos" / "riskreview.icns") as icns:
        assert (512, 512, 2) in icns.info["sizes"]  # 1024 px for Retina displays
        icns.size = (512, 512)
        icns.load()
        corner, centre = icns.getpixel((1, 1)), icns.getpixel((256, 256))
        assert corner[3] == 0 and centre[3] == 255  # transparent outside the rounded square


def test_workflow_has_the_three_platforms_and_refers_to_files_that_exist():
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8"))
    jobs = workflow["jobs"]
    assert set(jobs) == {"linux", "windows", "macos"}
    runners = ["ubuntu", "windows"] + [m["runner"] for m in jobs["macos"]["strategy"]["matrix"]["include"]]
    assert runners[2:] == ["macos-14", "macos-15-intel"]
    for name, job in jobs.items():
        steps = job["steps"]
        python = next(s for s in steps if s.get("uses", "").startswith("actions/setup-python"))
        assert python["with"]["python-version"] == "3.11"
        commands = "\n".join(s.get("run", "") for s in steps)
        assert f"packaging/pins.py {name}" in commands and "python packaging/build.py\n" in commands + "\n"
        native = {"linux": "xcb", "windows": "windows", "macos": "cocoa"}[name]
        check = next(s for s in steps if "--only-check" in s.get("run", ""))
        assert check["env"]["QT_QPA_PLATFORM"] == native and f"on Qt platform '{native}'" in check["run"]
        assert check["shell"] == "bash"  # GitHub runs bash with pipefail only when asked: `| tee` hides failures
        assert any(s.get("uses", "").startswith("actions/upload-artifact") for s in steps)
        for path in re.findall(r"(?:packaging|tests)[/\\][\w/\\.-]+", commands):
            assert (ROOT / path.replace("\\", "/")).exists(), (name, path)


@pytest.mark.parametrize("platform, lock_name, executable", [
    ("linux", "requirements.lock", "dist/riskreview/riskreview"),
    ("win32", "requirements-windows.lock", "dist/riskreview/riskreview-cli.exe"),
    ("darwin", "requirements-macos.lock", "dist/RiskReview.app/Contents/MacOS/riskreview-cli"),
])
def test_build_uses_the_platforms_lock_and_console_executable(monkeypatch, platform, lock_name, executable):
    build = _load("build")
    monkeypatch.setattr(sys, "platform", platform)
    assert build.lock_file() == ROOT / "packaging" / lock_name and build.lock_file().is_file()
    assert build.self_test_executable() == ROOT / executable


def test_build_refuses_unknown_options(capsys):
    assert _load("build").main(["--onefiel"]) == 2
    assert "not --onefiel" in capsys.readouterr().err
