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
    """Every markdown file a reader follows links through (not a hidden folder's, e.g. benchmarks/.venv-peer)."""
    found = [*sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "benchmarks").rglob("*.md"))]
    return [ROOT / "README.md", *(p for p in found if not any(part[0] == "." for part in p.relative_to(ROOT).parts))]


def _lines(path: Path) -> int:
    """Lines as an editor counts them, the unit of the limits."""
    return len(path.read_text(encoding="utf-8").splitlines())


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip().lower()).replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    """The #anchors a page's headings give, so a link may name a section."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", text, re.M)}


def _without_indented_code(text: str) -> str:
    """Drop indented code blocks (4 spaces after a blank line), keeping a list item's indented continuation."""
    kept, code, blank = [], False, True
    for line in text.splitlines():
        code = line.startswith(("    ", "\t")) and (blank or code)
        blank = not line.strip()
        kept.append("" if code else line)
    return "\n".join(kept)


def _links(path: Path) -> list[str]:
    """The targets of a page's markdown links, leaving out code, where brackets are not links."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    text = _without_indented_code(text)
    text = re.sub(r"`[^`\n]*`", "", text)                          # inline code
    return [m.group(1) for m in LINK.finditer(text)]


def test_readme_is_short():
    assert _lines(ROOT / "README.md") <= README_MAX_LINES, "move the detail to docs/ (README.md at most 250 lines)"


@pytest.mark.parametrize("adr", sorted((ROOT / "docs" / "adr").glob("*.md")), ids=lambda p: p.name)
def test_each_adr_is_at_most_300_lines(adr: Path):
    assert _lines(adr) <= ADR_MAX_LINES, \
        f"{adr.name}: {_lines(adr)} lines; keep the decision, reasons and figures, move logs to benchmarks/results/"


def _broken_links(pages: list[Path], root: Path) -> list[str]:
    """Each relative link, in the pages given, whose file or #heading does not exist."""
    broken = []
    for page in pages:
        for link in _links(page):
            if re.match(r"[a-z][a-z0-9+.-]*:", link):                # http:, https:, mailto:
                continue
            target, _, anchor = link.partition("#")
            path = (page.parent / target).resolve() if target else page
            if not path.exists():
                broken.append(f"{page.relative_to(root)}: {link} (no such file)")
            elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
                broken.append(f"{page.relative_to(root)}: {link} (no such heading)")
    return broken


def test_relative_links_lead_to_files_and_headings_that_exist():
    broken = _broken_links(_markdown_files(), ROOT)
    assert not broken, "\n".join(broken)


def test_ci_runs_exactly_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(line.strip() for line in readme.splitlines() if '-e ".[test]"' in line)
    assert command.endswith("-m pytest")
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert command in ci_lines


def test_link_checker_sees_a_broken_link_and_a_broken_anchor(tmp_path: Path):
    (tmp_path / "b.md").write_text("# A heading, with `code` and profile_stages.py\n", encoding="utf-8")
    page = tmp_path / "a.md"
    page.write_text("[ok](b.md#a-heading-with-code-and-profile_stagespy) [gone](c.md) [lost](b.md#nowhere)\n"
                    "`[inline](x.md)`\n\n    [code](y.md)\n\n- item\n    [continued](z.md)\n", encoding="utf-8")
    assert _broken_links([page], tmp_path) == ["a.md: c.md (no such file)", "a.md: b.md#nowhere (no such heading)",
                                               "a.md: z.md (no such file)"]
