"""Errors charged to the plugin, early (issue 15): bad files and taken ids are caught at registration.

Each test installs a copy of the double-six block example with one file
broken, then runs ``roundhouse`` in a subprocess: the plugin is listed as
broken with file, key and reason, and every command that would use its
variant says so in one line with exit status 2 (never a traceback).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from plugin_helpers import (
    BLOCK_DIR,
    add_plugin,
    bot_plugin_source,
    environment,
    install_example,
    plugin_rows,
    roundhouse,
)

PACKAGE = "roundhouse_double_six_block"
SIMULATE = ("simulate", "--variant", "double-six-block", "--players", "2", "--bots", "random")
PLAY = ("play", "--ui", "console", "--variant", "double-six-block", "--players", "2")
RULES = ("rules", "--variant", "double-six-block", "--lang", "fr")


def install_block_copy(tmp_path: Path, breakage: Callable[[Path], None]) -> dict[str, str]:
    """A copy of the block example with ``breakage`` applied to its package directory, installed."""
    source = tmp_path / "src"
    shutil.copytree(BLOCK_DIR, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    breakage(source / PACKAGE)
    site = tmp_path / "site"
    site.mkdir()
    install_example(site, source)
    data = tmp_path / "data"
    data.mkdir()
    return environment(site, data, sources=(source,))


def broken_line(env: dict[str, str]) -> str:
    """The one ``broken`` row of ``roundhouse plugins``; the variant is not listed as working."""
    result = roundhouse(env, "plugins")
    assert result.returncode == 0, result.stderr
    assert ("variant", "double-six-block") not in plugin_rows(result.stdout)
    [line] = [row for row in result.stdout.splitlines() if row.startswith("broken")]
    assert "plugin 'double-six-block' (roundhouse-double-six-block) skipped: variant 'double-six-block'" in line
    return line


def assert_commands_refuse_in_one_line(env: dict[str, str], reason: str) -> None:
    """simulate, play, rules and replay each exit 2 with one error line naming the broken plugin and ``reason``."""
    record = Path(env["ROUNDHOUSE_DATA_DIR"]) / "block.jsonl"
    header = {
        "type": "match",
        "format": 1,
        "variant": "double-six-block",
        "players": 2,
        "seed": 1,
        "seats": [{"seat": 1, "name": "A", "player": "human"}, {"seat": 2, "name": "B", "player": "human"}],
    }
    record.write_text(json.dumps(header) + "\n", encoding="utf-8")
    for args in (SIMULATE, PLAY, RULES, ("replay", str(record))):
        result = roundhouse(env, *args, stdin="")
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        errors = [line for line in result.stderr.splitlines() if not line.startswith("warning: ")]
        assert len(errors) == 1, result.stderr
        assert "'double-six-block' is unavailable: plugin 'double-six-block' is broken" in errors[0]
        assert reason in errors[0]
        assert "Traceback" not in result.stderr + result.stdout


def rewrite(relative: str, old: str, new: str) -> Callable[[Path], None]:
    """A breakage replacing ``old`` by ``new`` in one file of the package."""

    def apply(package: Path) -> None:
        path = package / relative
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")

    return apply


def remove(relative: str) -> Callable[[Path], None]:
    """A breakage deleting one file of the package."""
    return lambda package: (package / relative).unlink()


@pytest.mark.parametrize(
    ("breakage", "reason"),
    [
        (
            rewrite("params.yaml", "hand_size: 7", "hand_size: 9"),
            f"{PACKAGE}/params.yaml: key 'hand_size' has value 9; allowed: a whole number from 1 to 7",
        ),
        (rewrite("params.yaml", "target: 100", "target: [100"), f"{PACKAGE}/params.yaml: not valid YAML"),
        (rewrite("params.yaml", "target: 100", "goal: 100"), f"{PACKAGE}/params.yaml: unknown key 'goal'"),
        (remove("params.yaml"), f"{PACKAGE}/params.yaml: cannot be read"),
    ],
    ids=["value-out-of-range", "bad-yaml", "unknown-key", "missing-file"],
)
def test_a_bad_params_yaml_marks_the_plugin_broken_with_file_key_and_reason(
    tmp_path: Path, breakage: Callable[[Path], None], reason: str
) -> None:
    env = install_block_copy(tmp_path, breakage)
    assert reason in broken_line(env)
    assert_commands_refuse_in_one_line(env, reason)


def test_a_broken_fr_yaml_is_reported_not_replaced_by_english(tmp_path: Path) -> None:
    env = install_block_copy(tmp_path, rewrite("rules_text/fr.yaml", "title: Bloc double-six", "title: [Bloc"))
    reason = f"{PACKAGE}/rules_text/fr.yaml: not valid YAML"
    assert reason in broken_line(env)
    assert_commands_refuse_in_one_line(env, reason)


def test_a_missing_en_yaml_is_named_as_such(tmp_path: Path) -> None:
    env = install_block_copy(tmp_path, remove("rules_text/en.yaml"))
    reason = f"{PACKAGE}/rules_text/en.yaml: missing (the English rule text is required)"
    assert reason in broken_line(env)
    assert_commands_refuse_in_one_line(env, reason)


def test_a_rule_text_section_without_a_body_names_file_and_section(tmp_path: Path) -> None:
    env = install_block_copy(tmp_path, rewrite("rules_text/pl.yaml", "    body: |", "    bod: |"))
    assert f"{PACKAGE}/rules_text/pl.yaml: section 'players' needs a 'heading' and a text 'body'" in broken_line(env)


def test_a_broken_plugin_leaves_the_other_games_playable(tmp_path: Path) -> None:
    env = install_block_copy(tmp_path, remove("rules_text/en.yaml"))
    result = roundhouse(env, "simulate", "--variant", "mexican-train", "--players", "2", "--bots", "random")
    assert result.returncode == 0, result.stderr
    assert "1 matches" in result.stdout
    [warning] = result.stderr.strip().splitlines()
    assert warning.startswith("warning: plugin 'double-six-block'") and "en.yaml: missing" in warning


TWIN_BOT = bot_plugin_source("twin", "a bot whose id another plugin takes too")


def test_two_third_party_plugins_with_one_id_keep_the_first_and_suggest_renaming(tmp_path: Path) -> None:
    site = tmp_path / "site"
    add_plugin(site, "rh_twin_a", TWIN_BOT)
    add_plugin(site, "rh_twin_b", TWIN_BOT)
    env = environment(site, tmp_path)
    result = roundhouse(env, "plugins")
    assert result.returncode == 0, result.stderr
    owner = plugin_rows(result.stdout)[("bot", "twin")][2]
    later = ({"rh-twin-a", "rh-twin-b"} - {owner}).pop()
    [warning] = result.stderr.strip().splitlines()
    assert warning == (
        f"warning: bot id 'twin' of plugin '{later}' skipped: plugin '{owner}' registered it first; "
        f"rename the bot in plugin '{later}' or in plugin '{owner}'"
    )
    played = roundhouse(env, "simulate", "--variant", "mexican-train", "--players", "2", "--bots", "twin")
    assert played.returncode == 0, played.stderr


@pytest.mark.parametrize(
    "stop, named", [("raise SystemExit(3)", "SystemExit: 3"), ("raise KeyboardInterrupt", "KeyboardInterrupt")]
)
def test_a_plugin_that_exits_at_import_is_named_in_one_line_and_skipped(tmp_path: Path, stop: str, named: str) -> None:
    site = tmp_path / "site"
    add_plugin(site, "rh_quits", f"{stop}\n")
    env = environment(site, tmp_path)
    result = roundhouse(env, "plugins")
    assert result.returncode == 0, result.stderr
    [line] = [row for row in result.stdout.splitlines() if row.startswith("broken")]
    assert "plugin 'rh-quits'" in line and line.endswith(named), line
    played = roundhouse(env, "simulate", "--variant", "mexican-train", "--players", "2", "--bots", "random")
    assert played.returncode == 0, played.stderr
