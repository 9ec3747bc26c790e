"""The docs a newcomer reads stay readable and whole: README.md <= 250 lines, each ADR <= 300, every relative
link (and its #anchor) in README.md, docs/ and benchmarks/ leads somewhere, and CI runs the README's test command."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README_MAX_LINES = 250
ADR_MAX_LINES = 300
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)


def _markdown_files() -> list[Path]:
    """Every markdown file a reader follows links through."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "benchmarks").rglob("*.md"))]


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip().lower()).replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", text, re.M)}


def _links(path: Path) -> list[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    text = re.sub(r"^(    |\t).*$", "", text, flags=re.M)        # indented code blocks
    text = re.sub(r"`[^`\n]*`", "", text)                          # inline code
    return [m.group(1) for m in LINK.finditer(text)]


def test_readme_is_short():
    assert _lines(ROOT / "README.md") <= README_MAX_LINES, "move the detail to docs/ (README.md at most 250 lines)"


@pytest.mark.parametrize("adr", sorted((ROOT / "docs" / "adr").glob("*.md")), ids=lambda p: p.name)
def test_each_adr_is_at_most_300_lines(adr: Path):
    assert _lines(adr) <= ADR_MAX_LINES, \
        f"{adr.name}: {_lines(adr)} lines; keep the decision, reasons and figures, move logs to benchmarks/results/"


def test_relative_links_lead_to_files_and_headings_that_exist():
    broken = []
    for page in _markdown_files():
        for link in _links(page):
            if re.match(r"[a-z][a-z0-9+.-]*:", link):                # http:, https:, mailto:
                continue
            target, _, anchor = link.partition("#")
            path = (page.parent / target).resolve() if target else page
            if not path.exists():
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such file)")
            elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such heading)")
    assert not broken, "\n".join(broken)


def test_ci_runs_exactly_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(line.strip() for line in readme.splitlines() if '-e ".[test]"' in line)
    assert command.endswith("-m pytest")
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert command in ci_lines


def test_link_checker_sees_a_broken_link_and_a_broken_anchor(tmp_path: Path):
    (tmp_path / "b.md").write_text("# A heading, with `code`\n", encoding="utf-8")
    page = tmp_path / "a.md"
    page.write_text("[ok](b.md#a-heading-with-code) [gone](c.md) `[no](x.md)`\n\n    [code](y.md)\n", encoding="utf-8")
    assert _links(page) == ["b.md#a-heading-with-code", "c.md"]
    assert "a-heading-with-code" in _anchors(tmp_path / "b.md")
