"""``simulate --cluster`` where Ray is not installed: one line saying how to install it."""

from __future__ import annotations

import sys

import pytest

from roundhouse.core.cli.main import main
from roundhouse.core.tournament import cluster
from roundhouse.core.tournament.simulate import simulate


@pytest.fixture
def without_ray(monkeypatch):
    """Ray cannot be imported, whether or not it is installed."""
    for name in [name for name in sys.modules if name == "ray" or name.startswith("ray.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "ray", None)


def test_the_cluster_flag_without_ray_says_how_to_install_it_in_one_line(without_ray, capsys):
    argv = ["simulate", "--variant", "mexican-train", "--players", "2", "--bots", "random", "--cluster"]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert (
        err == "roundhouse simulate: error: --cluster needs Ray, an optional extra: pip install 'roundhouse[cluster]'\n"
    )


def test_the_library_without_ray_raises_the_same_line(without_ray):
    from roundhouse.core.plugins.manager import get_plugin_manager

    registry = get_plugin_manager(load_entry_points=False).registry
    with pytest.raises(cluster.ClusterUnavailable, match=r"pip install 'roundhouse\[cluster\]'"):
        simulate(registry, "mexican-train", ["random", "random"], 2, 1, cluster="")


def test_the_local_path_never_imports_ray(without_ray):
    from roundhouse.core.plugins.manager import get_plugin_manager

    registry = get_plugin_manager(load_entry_points=False).registry
    result = simulate(registry, "mexican-train", ["random", "random"], 2, 1, jobs=2)
    assert result.matches == 2
