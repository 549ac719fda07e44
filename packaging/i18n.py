"""Update and compile the translation catalogues (docs/development.md, "Languages").

    python packaging/i18n.py update    # new/changed source strings into the .ts and .po catalogues
    python packaging/i18n.py compile   # .ts -> .qm (Qt lrelease), .po -> .mo (Babel)
    python packaging/i18n.py check     # exit 1 when the committed .qm/.mo are older than the catalogues

The window's strings (``translate("context", "...")``, ``QT_TRANSLATE_NOOP``) are in
resources/i18n/riskreview_<lang>.ts (Qt Linguist); the reports' (``_("...")``, ``N_("...")``,
``ngettext("...", "...", n)``) in
resources/i18n/locale/<lang>/LC_MESSAGES/riskreview.po (GNU gettext). Compiled files are committed
so that the program runs from a checkout and the package builds without the Qt tools.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"
LANGUAGES = ("pt_BR",)
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    local = BIN / name
    return str(local) if local.exists() else (shutil.which(name) or name)


def ts_file(language: str) -> Path:
    return I18N / f"riskreview_{language}.ts"


def po_file(language: str) -> Path:
    return I18N / "locale" / language / "LC_MESSAGES" / "riskreview.po"


def _template() -> Catalog:
    """The report's source strings: every _("..."), N_("...") and ngettext("...", "...", n) under
    engine/."""
    template = Catalog(project="RiskReview")
    for _file, line, text, _comments, _context in extract_from_dir(
            str(ROOT / "engine"), method_map=[("**.py", "python")],
            keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
        template.add(text, locations=[])
    return template


def _plain(catalogue: Catalog) -> None:
    """The strings use str.format, not %: drop Babel's guessed python-format flag (a 95% in a
    sentence is not a placeholder)."""
    for message in catalogue:
        message.flags.discard("python-format")


def update() -> None:
    sources = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "gui").rglob("*.py"))]
    for language in LANGUAGES:
        subprocess.run([_tool("pyside6-lupdate"), *sources, "-no-obsolete", "-locations", "none",
                        "-target-language", language, "-ts", str(ts_file(language))], check=True, cwd=ROOT)
        path = po_file(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as handle:
                catalogue = read_po(handle, locale=language)
            created = catalogue.creation_date
            catalogue.update(_template(), no_fuzzy_matching=True)
            catalogue.obsolete.clear()
            catalogue.creation_date = created  # no header change when no string changed
        else:
            catalogue = Catalog(locale=language, project="RiskReview")
            catalogue.update(_template())
        _plain(catalogue)
        with path.open("wb") as handle:
            write_po(handle, catalogue, width=100, no_location=True, sort_output=True, omit_header=False)


def compile_all(out: Path = I18N) -> list[Path]:
    """Write the .qm and .mo files under ``out`` (the same layout as resources/i18n)."""
    written = []
    for language in LANGUAGES:
        qm = out / f"riskreview_{language}.qm"
        qm.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([_tool("pyside6-lrelease"), "-silent", str(ts_file(language)), "-qm", str(qm)], check=True)
        mo = out / "locale" / language / "LC_MESSAGES" / "riskreview.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po_file(language).open("rb") as handle:
            catalogue = read_po(handle, locale=language)
        with mo.open("wb") as handle:
            write_mo(handle, catalogue, use_fuzzy=False)
        written += [qm, mo]
    return written


def check() -> list[str]:
    """Compiled files that differ from a fresh compile of the catalogues."""
    stale = []
    with tempfile.TemporaryDirectory() as folder:
        for fresh in compile_all(Path(folder)):
            committed = I18N / fresh.relative_to(folder)
            if not committed.exists() or committed.read_bytes() != fresh.read_bytes():
                stale.append(str(committed.relative_to(ROOT)))
    return stale


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        update()
    elif command == "compile":
        for path in compile_all():
            print(path.relative_to(ROOT))
    elif command == "check":
        stale = check()
        for path in stale:
            print(f"error: {path} is out of date; run python packaging/i18n.py compile", file=sys.stderr)
        return 1 if stale else 0
    else:
        print("usage: python packaging/i18n.py update|compile|check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
