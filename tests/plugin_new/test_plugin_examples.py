"""The worked examples under examples/plugins: each installs offline into a private target
folder and its own tests pass; each is what ``redactor plugin new`` generates, adapted."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from plugin_kit_helpers import EXAMPLES, copy_project, install, run_project_tests

KINDS = {"acme-case-numbers": "detector", "repeated-mention": "indicator",
         "initials": "strategy"}


def test_the_examples_are_there() -> None:
    assert sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir()) == sorted(KINDS)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_example_installs_and_its_tests_pass(name: str, tmp_path: Path) -> None:
    project = copy_project(EXAMPLES / name, tmp_path / name)
    config = tomllib.loads((project / "pyproject.toml").read_text())
    package = "redactor_" + name.replace("-", "_")
    assert config["project"]["entry-points"]["redactor"] == {name: f"{package}.plugin"}
    site = tmp_path / "site"
    install(project, site)
    res = run_project_tests(project, site)
    assert " passed" in res.stdout and "failed" not in res.stdout
    assert (EXAMPLES / name / "README.md").read_text().count(f"--kind {KINDS[name]}") == 1
