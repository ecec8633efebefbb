"""The documentation site (mkdocs.yml) builds strictly and documents the whole public API.

``mkdocs build --strict`` fails on a broken link, a page left out of the
navigation or a cross-reference that names nothing; the tests below also hold
the API reference to every name of ``lookup.__all__`` and every public module
of each layer, so a new module or name cannot go undocumented.
"""

from __future__ import annotations

import html
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import lookup

ROOT = Path(__file__).resolve().parent.parent
API = ROOT / "docs" / "api"

# The docs extra, by the module each package installs.
_NEEDED = {
    "mkdocs": "mkdocs",
    "material": "mkdocs-material",
    "mkdocstrings_handlers.python": "mkdocstrings[python]",
}


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # the parent package is missing
        return False


_MISSING = [package for module, package in _NEEDED.items() if not _installed(module)]
pytestmark = pytest.mark.skipif(
    bool(_MISSING),
    reason=f"the documentation site needs {', '.join(_MISSING)} (the docs or test extra): "
    "python -m pip install -e '.[docs]'",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # Material's banner is not a build result
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
         "--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert built.returncode == 0, f"mkdocs build --strict failed:\n{built.stdout}\n{built.stderr}"
    return out


def _public_modules(package: str) -> set[str]:
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if any(part.startswith("_") for part in parts if part != "__init__"):
            continue
        found.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def _documented() -> dict[str, Path]:
    """Each object an API page renders (a ``::: name`` line), and the page's built file."""
    documented = {}
    for page in API.glob("*.md"):
        built = Path("api") / ("index.html" if page.stem == "index" else f"{page.stem}/index.html")
        for name in re.findall(r"^::: ([\w.]+)$", page.read_text(encoding="utf-8"), re.MULTILINE):
            documented[name] = built
    return documented


def test_the_site_builds_strictly(site: Path) -> None:
    pages = {p.relative_to(site).as_posix() for p in site.rglob("index.html")}
    for guide in ("games", "rankings", "wildcards", "equity", "preflop", "cli", "architecture"):
        assert f"{guide}/index.html" in pages
    for page in ("index.html", "performance/index.html", "api/index.html", "api/odds/index.html"):
        assert page in pages


def test_every_name_of_lookup_all_has_an_entry_in_the_api_reference(site: Path) -> None:
    anchors = set(re.findall(r'id="([^"]+)"', (site / "api/index.html").read_text("utf-8")))
    missing = [name for name in lookup.__all__ if f"lookup.{name}" not in anchors]
    assert missing == []


def test_every_public_module_of_each_layer_has_a_section(site: Path) -> None:
    documented = _documented()
    modules = _public_modules("lookup") | _public_modules("tablegen")
    assert sorted(modules - set(documented)) == []
    for module in modules:
        text = (site / documented[module]).read_text("utf-8")
        assert f'id="{module}"' in text or module in ("lookup", "tablegen"), module


def test_the_api_pages_read_as_markdown_not_restructuredtext(site: Path) -> None:
    # The docstrings are written for help() and doctest; docs_ext/griffe_rst.py rewrites
    # them. A role left as text or an example left unfenced means it stopped doing so.
    for page in (site / "api").rglob("index.html"):
        text = page.read_text("utf-8")
        prose = html.unescape(re.sub(r"<pre.*?</pre>|<code.*?</code>", "", text, flags=re.S))
        assert not re.search(r":(func|meth|class|mod|data|attr):`", prose), page
        assert ">>>" not in prose, page
    assert 'class="gp"' in (site / "api/index.html").read_text("utf-8")  # a fenced prompt


def test_the_performance_page_gives_the_readme_figures() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    page = (ROOT / "docs/performance.md").read_text("utf-8")

    def rows(text: str, section: str) -> list[str]:
        body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
        return [line for line in body.splitlines() if line.startswith("|")]

    for section in ("Speed", "What each operation costs"):
        linked = [r.replace("](docs/", "](") for r in rows(readme, section)]
        shown = [re.sub(r"\[[^]]*\]\(", "[](", r) for r in rows(page, section)]
        assert shown == [re.sub(r"\[[^]]*\]\(", "[](", r) for r in linked]
        assert shown


def test_the_readme_says_how_to_build_and_serve_the_site() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "mkdocs serve" in readme
    assert "mkdocs build --strict" in readme
    assert "(docs/index.md)" in readme


def test_every_fenced_block_of_the_guide_renders_as_a_code_block(site: Path) -> None:
    # cli.md's fences carry a file name (```text file=players.txt); a fence the Markdown
    # reader refuses turns the rest of the page into prose and its comments into headings.
    for source in (ROOT / "docs").glob("*.md"):
        fences = len(re.findall(r"^```", source.read_text("utf-8"), re.MULTILINE)) // 2
        built = site / ("index.html" if source.stem == "index" else f"{source.stem}/index.html")
        assert built.read_text("utf-8").count("<pre") == fences, source.name
