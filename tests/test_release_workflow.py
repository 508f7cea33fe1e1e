"""The release workflow builds every zip the README promises (issue 27 item 8): the Intel Mac zip
was built on ``macos-13``, a runner GitHub retired in December 2025, so it was never built."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RETIRED = {"macos-10.15", "macos-11", "macos-12", "macos-13", "ubuntu-18.04", "ubuntu-20.04",
           "windows-2019"}
INTEL_MAC = {"macos-15-intel"}   # GitHub's Intel label, offered until August 2027
APPLE_SILICON = {"macos-14", "macos-15", "macos-latest"}


def runners() -> set[str]:
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text()
    (listed,) = re.findall(r"^\s*os:\s*\[([^\]]*)\]", text, flags=re.M)
    return {label.strip() for label in listed.split(",")}


def test_every_zip_is_built_on_a_runner_github_still_offers():
    found = runners()
    assert not found & RETIRED, found & RETIRED
    assert found & INTEL_MAC and found & APPLE_SILICON
    assert any(r.startswith("windows") for r in found) and any(r.startswith("ubuntu") for r in found)


def test_the_readme_says_which_macos_each_mac_zip_runs_on():
    text = " ".join((ROOT / "README.md").read_text().split())
    for zip_name in ("macos-arm64", "macos-x86_64"):
        after = text[text.index(f"`{zip_name}`"):][:200]
        assert re.search(r"runs on macOS \d+ or later", after), after
