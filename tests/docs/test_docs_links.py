"""The documentation holds together: every relative link and image of docs/ (and the README)
points at a file that exists, every #anchor at a heading or an explicit anchor of its page,
every repository path a document names in backquotes exists, every section of docs/methods.md
that a document or the code cites exists, every section of a document that code, scripts, the
CI files or another document cite (``docs/packaging.md, "Package size"``, ``README, "Installing"``)
exists, and the two user guides have the same pages and glossary anchors."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from ..conftest import ROOT

DOCS = ROOT / "docs"
GUIDE = DOCS / "user-guide"
METHODS = DOCS / "methods.md"
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
REPO_PATH = re.compile(r"`((?:engine|gui|tests|benchmarks|packaging|resources|docs)/[A-Za-z0-9_./-]+"
                       r"\.(?:py|md|csv|toml|spec|json|in|lock))`")
CITED = re.compile(r'docs/methods\.md,?\s*(?:sections?\s*)?((?:"[^"]+"(?:\s*,\s*|\s+and\s+)?)+)')


#: a citation of a section of a document: ``docs/NAME.md, "Section"`` or ``README, "Section"``
#: (several sections: ``"A", "B" and "C"``)
CITED_ANY = re.compile(r'(README|docs/[A-Za-z0-9_/.-]+\.md),?\s*(?:sections?\s*)?((?:"[^"]+"(?:\s*,\s*|\s+and\s+)?)+)')
#: where citations live besides the documents: the code, the tests, the scripts and the CI files
CITING = ("engine", "gui", "tests", "packaging", "benchmarks", "docs")
CITING_FILES = (".importlinter", ".ci/run", ".github/workflows/ci.yml", "dev.sh", "pyproject.toml")


def documents() -> list[Path]:
    """Every Markdown document: docs/**/*.md and the README."""
    return sorted(DOCS.rglob("*.md")) + [ROOT / "README.md"]


def without_code(text: str) -> str:
    """``text`` with fenced code blocks and inline code removed (a link there is an example)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def slug(heading: str) -> str:
    """The anchor GitHub (and most Markdown renderers) give a heading: lower case, punctuation
    dropped, spaces to hyphens; letters with accents kept."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    text = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    found: set[str] = set(HTML_ANCHOR.findall(text))
    seen: dict[str, int] = {}
    for line in re.sub(r"```.*?```", "", text, flags=re.S).splitlines():
        if line.startswith("#"):
            base = slug(line.lstrip("#"))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(path: Path) -> list[str]:
    return [target for target in LINK.findall(without_code(path.read_text(encoding="utf-8")))
            if not re.match(r"[a-z][a-z0-9+.-]*:", target)]


def test_slug_follows_the_usual_rule():
    assert slug("Run the attacks") == "run-the-attacks"
    assert slug("riskreview dp-threshold") == "riskreview-dp-threshold"
    assert slug("Amostras: pesos, domicílios e SUDA") == "amostras-pesos-domicílios-e-suda"
    assert slug("Probability (CAS), in %") == "probability-cas-in-"


def test_every_relative_link_and_anchor_resolves():
    broken = []
    for document in documents():
        for target in links(document):
            file_part, _, anchor = target.partition("#")
            linked = (document.parent / file_part).resolve() if file_part else document
            if not linked.exists():
                broken.append(f"{document.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{document.relative_to(ROOT)}: {target} (no such anchor)")
    assert not broken, "\n".join(broken)


def test_every_image_of_the_guides_exists_and_is_used():
    images = {p.resolve() for p in (GUIDE / "images").rglob("*.png")}
    used = set()
    for document in GUIDE.rglob("*.md"):
        for target in links(document):
            if target.endswith(".png"):
                used.add((document.parent / target).resolve())
    assert used, "the user guide shows no screenshot"
    assert used <= images
    assert not images - used, f"screenshots no page shows: {sorted(str(p) for p in images - used)}"


def test_repository_paths_named_in_the_docs_exist():
    missing = []
    for document in documents():
        for name in REPO_PATH.findall(document.read_text(encoding="utf-8")):
            if not (ROOT / name).exists():
                missing.append(f"{document.relative_to(ROOT)}: {name}")
    assert not missing, "\n".join(missing)


def cited_sections(text: str) -> set[str]:
    text = " ".join(text.split())
    return {name for group in CITED.findall(text) for name in re.findall(r'"([^"]+)"', group)}


def test_citations_with_several_sections_are_read():
    text = 'see docs/methods.md, sections "Individual risk", "Household risk" and\n "Special uniques (SUDA)").'
    assert cited_sections(text) == {"Individual risk", "Household risk", "Special uniques (SUDA)"}
    assert cited_sections('(docs/methods.md, "Scenarios")') == {"Scenarios"}


def test_every_methods_section_cited_by_code_or_docs_exists():
    headings = {line.lstrip("#").strip() for line in METHODS.read_text(encoding="utf-8").splitlines()
                if line.startswith("#")}
    sources = [*ROOT.joinpath("engine").rglob("*.py"), *ROOT.joinpath("gui").rglob("*.py"), *documents()]

    def text(path: Path) -> str:  # a citation in a document's code span is an example of the form
        raw = path.read_text(encoding="utf-8")
        return without_code(raw) if path.suffix == ".md" else raw

    missing = {}
    for path in sources:
        for name in cited_sections(text(path)) - headings:
            missing.setdefault(name, str(path.relative_to(ROOT)))
    cited_anywhere = set().union(*(cited_sections(text(p)) for p in sources))
    assert len(cited_anywhere) >= 10, "the citation pattern no longer finds the code's citations"
    assert not missing, f"cited sections absent from docs/methods.md: {missing}"


def headings(path: Path) -> set[str]:
    """The text of every heading of a Markdown document (outside code blocks)."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")}


def citations(text: str) -> set[tuple[str, str]]:
    """{(document, section)} cited in ``text``; README stands for README.md."""
    text = " ".join(text.split())
    found = set()
    for document, group in CITED_ANY.findall(text):
        for name in re.findall(r'"([^"]+)"', group):
            found.add(("README.md" if document == "README" else document, name))
    return found


def citing_files() -> list[Path]:
    files = [p for folder in CITING for p in ROOT.joinpath(folder).rglob("*")
             if p.is_file() and p.suffix in {".py", ".md", ".spec", ".toml", ".lock", ".sh", ".yml"}
             and "fixtures" not in p.parts and p.parent != ROOT / "tests" / "docs"]   # (examples here)
    files += [p for p in (ROOT / "packaging").glob("*.lock")]
    return sorted(set(files) | {ROOT / name for name in CITING_FILES if (ROOT / name).exists()}
                  | set(documents()))


def test_citations_of_any_document_are_read():
    text = 'its owner only (docs/command-line.md, "File modes"); see README, "Installing", and\n' \
           'docs/packaging.md, sections "Package size" and "Verifying a download".'
    assert citations(text) == {("docs/command-line.md", "File modes"), ("README.md", "Installing"),
                               ("docs/packaging.md", "Package size"), ("docs/packaging.md", "Verifying a download")}


def test_every_cited_section_of_every_document_exists():
    missing, count = [], 0
    for path in citing_files():
        raw = path.read_text(encoding="utf-8", errors="replace")
        text = without_code(raw) if path.suffix == ".md" else raw
        for document, name in citations(text):
            count += 1
            target = ROOT / document
            if not target.is_file():
                missing.append(f"{path.relative_to(ROOT)}: {document} (no such document)")
            elif name not in headings(target):
                missing.append(f"{path.relative_to(ROOT)}: {document}, \"{name}\" (no such section)")
    assert count >= 30, "the citation pattern no longer finds the code's citations"
    assert not missing, "\n".join(missing)


def test_every_document_is_checked():
    """The checks above read every document: each docs/*.md and docs/user-guide/**/*.md, and
    the README."""
    names = {p.relative_to(ROOT).as_posix() for p in documents()}
    on_disk = {p.relative_to(ROOT).as_posix() for p in ROOT.joinpath("docs").rglob("*.md")}
    assert on_disk <= names and "README.md" in names
    assert {"docs/user-guide/en/index.md", "docs/user-guide/pt_BR/glossary.md", "docs/development.md",
            "docs/performance.md", "docs/methods.md", "docs/cli.md"} <= names


@pytest.mark.parametrize("language", ["pt_BR"])
def test_the_translated_guide_has_every_page_and_anchor(language):
    english = {p.relative_to(GUIDE / "en") for p in (GUIDE / "en").rglob("*.md")}
    other = {p.relative_to(GUIDE / language) for p in (GUIDE / language).rglob("*.md")}
    assert english and english == other
    english_shots = {p.name for p in (GUIDE / "images" / "en").glob("*.png")}
    assert english_shots == {p.name for p in (GUIDE / "images" / language).glob("*.png")}
    glossary_en = set(HTML_ANCHOR.findall((GUIDE / "en" / "glossary.md").read_text(encoding="utf-8")))
    glossary = set(HTML_ANCHOR.findall((GUIDE / language / "glossary.md").read_text(encoding="utf-8")))
    assert len(glossary_en) >= 20 and glossary == glossary_en
