"""Offline by construction: importing and running Redactor opens no network socket, and
telemetry of the ML runtimes is switched off before they can be imported."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from network_guard import BLOCK_NETWORK

PROBE = BLOCK_NETWORK + textwrap.dedent('''
    import os
    import redactor
    assert os.environ["ORT_DISABLE_TELEMETRY"] == "1"
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    from pathlib import Path
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.pluginhost.manager import PluginHost
    host = PluginHost(load_entrypoints=False, load_user_folder=False)
    pipe = Pipeline(host, load_policy("default"))
    ctx = RunContext()
    src = Path(sys.argv[1])
    analysis = pipe.analyze(pipe.read(src, ctx), ctx)
    pipe.export(analysis, src.with_name("out.txt"), ctx)
    print("findings", len(analysis.findings), "failures", len(analysis.failures))
    print("attempts", len(attempts))
''')


def test_no_socket_while_loading_and_running_all_builtins(tmp_path: Path) -> None:
    src = tmp_path / "note.txt"
    src.write_text("Mr Galip Yalman, born 6 January 1970 in Ankara, e-mail galip@example.com, "
                   "lodged application no. 36110/97 on 3 May 1997.\n", encoding="utf-8")
    res = subprocess.run([sys.executable, "-c", PROBE, str(src)], capture_output=True,
                         text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    assert "attempts 0" in res.stdout
    assert (tmp_path / "out.txt").exists()
