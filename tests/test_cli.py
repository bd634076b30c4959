"""The ``importexport`` command answers every bad argument with one line on stderr and status 2.

One test per kind of bad input (docs/cli.md lists the ranges); each also checks that the edges of
its range are still accepted.  The command runs in-process (``cli.main``): a refusal either raises
``SystemExit(2)`` (argparse's error path) or returns 2 (``replay``); the last test runs the real
process to show that no traceback reaches the terminal.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import identities, kill_all, process_tree, still_running

import importexport.simulate as simulate
from importexport import Game
from importexport.cli import MAX_SAVE_BYTES, main

ROOT = Path(__file__).resolve().parent.parent
FAST = ["--games", "1", "--players", "2", "--bots", "random", "--quiet"]  # a simulate run of a second or less


def refused(argv: list[str], capsys: pytest.CaptureFixture[str], prog: str | None = None) -> str:
    """Run the command; it must stop with status 2 and exactly one line on stderr; that line."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2, (argv, code, out, err)
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1, (argv, err)
    prefix = f"{prog or 'importexport ' + argv[0]}: error: "
    assert lines[0].startswith(prefix), (argv, lines[0])
    return lines[0]


def accepted(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command; it must succeed; its standard output."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, (argv, out, err)
    return out


def test_bench_and_simulate_refuse_player_counts_outside_2_to_6(capsys: pytest.CaptureFixture[str]) -> None:
    for command, extra in (("bench", ["--games", "1"]), ("simulate", ["--games", "1", "--bots", "random", "--quiet"])):
        for players in ("1", "7", "0", "-2"):
            line = refused([command, "--players", players, *extra], capsys)
            assert "--players" in line and "2 to 6" in line and f"not {players}" in line
        line = refused([command, "--players", "three", *extra], capsys)
        assert "--players" in line and "'three' is not a whole number" in line
        for players in ("2", "6"):
            accepted([command, "--players", players, *extra], capsys)


def test_games_and_jobs_must_be_at_least_1(capsys: pytest.CaptureFixture[str]) -> None:
    for games in ("0", "-1", "1000001"):
        line = refused(["bench", "--games", games, "--players", "2"], capsys)
        assert "--games" in line and "1 to 1000000" in line
        line = refused(["simulate", *FAST, "--games", games], capsys)
        assert "--games" in line and "1 to 1000000" in line
    for jobs in ("0", "-2", "65"):
        line = refused(["simulate", *FAST, "--jobs", jobs], capsys)
        assert "--jobs" in line and "1 to 64" in line
    assert accepted(["simulate", *FAST, "--jobs", "1"], capsys).startswith("1 games, 2 players")


def test_seeds_are_whole_numbers_from_0_to_2_to_the_64_minus_1(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in ("-1", str(2**64), "1.5"):
        line = refused(["bench", "--games", "1", "--players", "2", "--seed", seed], capsys)
        assert "--seed" in line and "0 to 2**64-1" in line
        line = refused(["simulate", *FAST, "--seed", seed], capsys)
        assert "--seed" in line
    for seed in ("0", str(2**64 - 1)):
        assert json.loads(accepted(["bench", "--games", "1", "--players", "2", "--seed", seed], capsys))["games"] == 1


def test_bots_must_be_known_and_one_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    for bots, problem in (("random,nobody", "unknown bot 'nobody'"), ("Random", "unknown bot 'Random'"),
                          ("random,random,random", "names 3 bots for 2 players"), ("", "names 0 bots"),
                          (",,", "names 0 bots")):
        line = refused(["simulate", "--games", "1", "--players", "2", "--quiet", "--bots", bots], capsys)
        assert "--bots" in line and problem in line, line
    out = accepted(["simulate", "--games", "1", "--players", "3", "--quiet", "--bots", "random"], capsys)
    assert "bots random,random,random" in out  # one name: that bot in every seat


def test_unknown_modules_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["bench", "--games", "1", "--modules", "nope"], ["bench", "--games", "1", "--modules", "capital,nope"],
                 ["simulate", *FAST, "--modules", "nope"], ["simulate", *FAST, "--modules", "capital", "nope"]):
        line = refused(argv, capsys)
        assert "--modules" in line and "unknown module 'nope'" in line and "capital" in line and "all" in line
    assert json.loads(accepted(["bench", "--games", "1", "--players", "2", "--modules", "all"], capsys))["modules"]
    assert "modules capital,tokyo" in accepted(["simulate", *FAST, "--modules", "capital,tokyo"], capsys)


def test_cards_refuses_an_unknown_set(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("nope", "", "BASE"):
        line = refused(["cards", "--set", name], capsys)
        assert f"unknown set {name!r}" in line and "base" in line and "tokyo" in line
    assert len(accepted(["cards", "--set", "base"], capsys).splitlines()) > 10


def test_cards_and_rules_offer_every_game_of_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    """The games come from ``protocol.GAMES``, each kind with its card sets and card lines."""
    every = accepted(["cards", "--game", "portroyal"], capsys).splitlines()
    added = accepted(["cards", "--game", "portroyal", "--set", "expansion"], capsys).splitlines()
    assert len(every) == 137 and len(added) == 17 and added == every[120:]
    assert every[0].split()[:2] == ["0", "Pinnace"] and "expansion" in added[0]
    assert accepted(["cards"], capsys) == accepted(["cards", "--game", "importexport"], capsys)
    line = refused(["cards", "--game", "portroyal", "--set", "tokyo"], capsys)
    assert "unknown set 'tokyo'" in line and "base, expansion" in line
    for command in (["cards"], ["rules", "Gebot"]):
        line = refused([*command, "--game", "chess"], capsys)
        assert "--game" in line and "'importexport', 'portroyal'" in line


def test_app_and_tutor_refuse_ports_outside_1_to_65535(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import importexport.cli as cli

    calls: list[list[str]] = []
    monkeypatch.setattr(cli, "serve", lambda cmd, cwd=None: calls.append(cmd) or 0)
    for command in ("app", "tutor"):
        for port in ("0", "65536", "-1", "99999999999"):
            line = refused([command, "--no-browser", "--port", port], capsys)
            assert "--port" in line and "1 to 65535" in line
        line = refused([command, "--port", "http"], capsys)
        assert "'http' is not a whole number" in line
        assert calls == []  # nothing was started
        for port in ("1", "65535"):
            accepted([command, "--no-browser", "--port", port], capsys)
            assert f"--port={port}" in calls.pop()


def test_app_keeps_as_many_kernels_started_ahead_as_pool_asks(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """``--pool N``: Voila's preheated pool for a class opening the app at once (one kernel by default),
    filled again at once for one kernel, two minutes later for a class's (benchmarks/bench_class.py)."""
    import importexport.cli as cli

    calls: list[list[str]] = []
    monkeypatch.setattr(cli, "serve", lambda cmd, cwd=None: calls.append(cmd) or 0)
    accepted(["app", "--no-browser"], capsys)
    single = calls.pop()
    assert "--pool_size=1" in single and "--VoilaKernelManager.fill_delay=1" in single  # (a reload: a kernel at once)
    accepted(["app", "--no-browser", "--pool", "30"], capsys)
    pooled = calls.pop()  # a class's pool is started again only after its pages have come up
    assert "--pool_size=30" in pooled and f"--VoilaKernelManager.fill_delay={cli.FILL_DELAY}" in pooled
    assert cli.FILL_DELAY >= 60
    for pool in ("-1", "101", "many"):
        assert "--pool" in refused(["app", "--no-browser", "--pool", pool], capsys)
    assert calls == []


def _unwritable_place(tmp_path: Path) -> Path | None:
    """A directory this process cannot create files in (a read-only one; /sys when running as root)."""
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    for place in (locked, Path("/sys")):
        try:
            (place / "probe").open("a").close()
        except OSError:
            return place
        (place / "probe").unlink()
    return None


def test_simulate_refuses_an_unwritable_plot_before_the_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    class Started(Exception):
        pass

    def run(*args: object, **kwargs: object) -> None:
        raise Started

    monkeypatch.setattr(simulate, "run", run)  # any game played would raise
    a_file = tmp_path / "a.txt"
    a_file.write_text("x")
    cases = [(tmp_path / "missing" / "rates.svg", "No such file or directory"), (tmp_path, "is a directory"),
             (a_file / "rates.svg", "Not a directory")]
    place = _unwritable_place(tmp_path)
    if place is not None:
        cases.append((place / "rates.svg", "cannot write"))
    for path, problem in cases:
        line = refused(["simulate", *FAST, "--plot", str(path)], capsys)
        assert "--plot" in line and problem in line, line
    good = tmp_path / "rates.svg"
    with pytest.raises(Started):  # a writable path lets the games start; the check leaves no file behind
        main(["simulate", *FAST, "--plot", str(good)])
    assert not good.exists()


def test_simulate_plays_port_royal_in_every_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = accepted(["simulate", "--game", "portroyal", "--games", "3", "--players", "3", "--bots",
                    "heuristic,random,random", "--quiet"], capsys)
    lines = out.strip().splitlines()
    assert lines[0] == "3 games, 3 players, bots heuristic,random,random, seed 0, Port Royal, mode competitive, contracts drawn"
    assert lines[1].split()[:5] == ["bot", "seats", "games", "wins", "win"]
    chart = tmp_path / "team.svg"
    out = accepted(["simulate", "--game", "portroyal", "--mode", "cooperative", "--games", "2", "--players", "2",
                    "--plot", str(chart)], capsys)
    lines = out.strip().splitlines()
    assert "bots heuristic,heuristic" in lines[0] and "mode cooperative" in lines[0]
    assert "won share" in lines[1] and "mean rank" in lines[1]
    row = lines[2].split()
    assert row[:3] == ["heuristic", "2", "2"]  # a team's seats count one game each game
    assert chart.read_text().startswith("<svg")
    out = accepted(["simulate", "--game", "portroyal", "--mode", "solo", "--games", "1", "--quiet",
                    "--contracts", "harbour_watch"], capsys)
    assert "1 players, bots heuristic" in out and "contracts harbour_watch" in out
    assert "mode base" in accepted(["simulate", "--game", "portroyal", "--mode", "base", *FAST], capsys)


def test_simulate_refuses_what_the_game_or_mode_does_not_offer(capsys: pytest.CaptureFixture[str]) -> None:
    pr = ["simulate", "--game", "portroyal", "--games", "1", "--quiet"]
    for argv, option, problem in (
        (["simulate", "--game", "chess", "--games", "1"], "--game", "invalid choice: 'chess'"),
        ([*pr, "--mode", "tournament"], "--mode", "unknown value 'tournament'; choose one of competitive,"),
        ([*pr, "--mode", "solo", "--players", "2"], "--players", "solo Port Royal is played by 1"),
        ([*pr, "--players", "6"], "--players", "competitive Port Royal is played by 2 to 5"),
        ([*pr, "--players", "1"], "--players", "not 1"),
        ([*pr, "--contracts", "nope"], "--contracts", "unknown contract 'nope'"),
        ([*pr, "--mode", "base", "--contracts", "harbour_watch"], "--contracts", "no contracts with these options"),
        ([*pr, "--abilities"], "--abilities", "Import/Export only"),
        ([*pr, "--modules", "capital"], "--modules", "Import/Export only"),
        (["simulate", *FAST, "--mode", "solo"], "--mode", "Port Royal only"),
        (["simulate", *FAST, "--contracts", "harbour_watch"], "--contracts", "Port Royal only"),
        ([*pr, "--players", "3", "--bots", "random,random"], "--bots", "names 2 bots for 3 players"),
    ):
        line = refused(argv, capsys)
        assert option in line and problem in line, line


def _saved_game() -> str:
    g = Game(players=3, seed=5)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    return g.save()


def test_replay_refuses_what_is_not_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _saved_game()
    data = json.loads(text)
    files: dict[str, tuple[Path, str]] = {}

    def make(name: str, content: str | bytes | None, problem: str) -> None:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif content is not None:
            path.write_text(content, encoding="utf-8")
        files[name] = (path, problem)

    make("missing.json", None, "no such file")
    (tmp_path / "folder").mkdir()
    files["folder"] = (tmp_path / "folder", "is a directory")
    make("picture.png", b"\x89PNG\r\n\x1a\n\x00\xff\xfe" * 10, "not a text file")
    with open(tmp_path / "huge.json", "wb") as fh:
        fh.truncate(MAX_SAVE_BYTES + 1)
    files["huge.json"] = (tmp_path / "huge.json", "too large")
    make("cut.json", text[: len(text) // 2], "not valid JSON")
    make("other.json", json.dumps({"hello": 1}), "not a saved game")
    make("deep.json", "[" * 100_000, "nested too deeply")
    edited = json.loads(text)
    edited["digest"] = "0" * 16
    make("edited.json", json.dumps(edited), "does not match")
    no_kind = json.loads(text)
    del no_kind["initial"]["stack"][0]["kind"]  # a pending step without its kind
    make("nokind.json", json.dumps(no_kind), "damaged")
    data["initial"]["players"] = "everyone"
    make("shape.json", json.dumps(data), "damaged")
    for name, (path, problem) in files.items():
        line = refused(["replay", str(path)], capsys)
        assert problem in line, (name, line)
    good = tmp_path / "good.json"
    good.write_text(text, encoding="utf-8")
    assert len(accepted(["replay", str(good)], capsys).splitlines()) >= 6


def test_rules_refuses_a_query_without_words(capsys: pytest.CaptureFixture[str]) -> None:
    for query in ([""], ["   "], ["?!"], ["", ""]):
        line = refused(["rules", *query], capsys)
        assert "no word to look up" in line
    assert "chapter" in accepted(["rules", "bid"], capsys)


def test_argparse_own_errors_are_one_line_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert "required: command" in refused([], capsys, prog="importexport")
    assert "invalid choice: 'nope'" in refused(["nope"], capsys, prog="importexport")
    assert "--bogus" in refused(["simulate", "--bogus"], capsys)
    assert "--bogus" in refused(["bench", "--bogus"], capsys)
    assert "unrecognised arguments: extra" in refused(["cards", "extra"], capsys)
    assert "invalid choice: 'fr'" in refused(["rules", "bid", "--lang", "fr"], capsys)
    assert "expected one argument" in refused(["app", "--port"], capsys)


@pytest.mark.parametrize("argv", [
    ["bench", "--players", "7", "--games", "1"],
    ["bench", "--modules", "nope", "--games", "1"],
    ["simulate", "--games", "1", "--players", "2", "--bots", "random", "--quiet", "--plot", "/no/such/dir/x.svg"],
    ["replay", "BINARY"],
])
def test_no_traceback_reaches_the_terminal(argv: list[str], tmp_path: Path) -> None:
    binary = tmp_path / "save.bin"
    binary.write_bytes(bytes(range(256)))
    argv = [str(binary) if a == "BINARY" else a for a in argv]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-m", "importexport.cli", *argv], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"importexport {argv[0]}: error: ")
    assert done.stdout == ""


def as_from_a_terminal() -> None:
    """In the child, before it starts: Ctrl+C does what it does in a terminal.  (A shell script that
    runs the suite in the background, ``pytest &``, starts it with SIGINT ignored, and a child would
    inherit that: the Ctrl+C tests would then wait for an interrupt that can never arrive.)"""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cli(*argv: str, **popen: object) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.Popen([sys.executable, "-m", "importexport.cli", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, preexec_fn=as_from_a_terminal,
                            **popen)  # type: ignore[call-overload]


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """``importexport replay game.json | head -1``: the pipe closes after one line."""
    import random

    g = Game(players=3, seed=2)
    rng = random.Random(1)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    (tmp_path / "g.json").write_text(g.save(), encoding="utf-8")
    p = cli("replay", str(tmp_path / "g.json"))
    assert p.stdout is not None and p.stdout.readline()
    p.stdout.close()  # like head: read one line, then go away
    _out, err = p.communicate(timeout=60)
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used so far (0 once it has gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # (utime, stime: fields 14, 15)


def playing(pid: int, workers: int) -> bool:
    """``workers`` worker processes below ``pid`` have each played for a tenth of a second: they are past
    their start (where they learn to leave Ctrl+C to the main process), and the main process, which
    started them, is inside the command (where Ctrl+C is answered with one line)."""
    return sum(cpu_seconds(child) >= 0.1 for child in process_tree(pid)) >= workers


def test_ctrl_c_ends_a_tournament_with_one_line(tmp_path: Path) -> None:
    import signal
    import time

    p = cli("simulate", "--games", "5000", "--players", "3", "--bots", "random", "--jobs", "2", "--quiet",
            cwd=tmp_path, start_new_session=True)
    deadline = time.monotonic() + 60
    while not playing(p.pid, 2):  # (not a fixed pause: on a busy machine 4 s once ended before the imports)
        assert p.poll() is None and time.monotonic() < deadline, "the two workers never started playing"
        time.sleep(0.1)
    os.killpg(p.pid, signal.SIGINT)  # Ctrl+C reaches the whole process group, the workers too
    _out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and "Traceback" not in err and "Process" not in err, err
    assert err.strip().splitlines() == ["importexport: interrupted"]


def test_sigterm_stops_the_app_with_its_server_and_kernels(tmp_path: Path) -> None:
    """SIGTERM to ``importexport app`` stops Voila and its preheated kernel too: nothing is left running."""
    import signal

    _stops_everything("app", signal.SIGTERM, group=False, tmp_path=tmp_path)


def _descendants(pid: int) -> dict[int, int]:
    """Every process below ``pid`` (its children, theirs, and so on), each with its start time: a pid
    alone may name a later process once this one has ended."""
    return identities(process_tree(pid))


def _kernels(pids: set[int]) -> set[int]:
    """The kernels among ``pids``."""
    return {pid for pid in pids if "ipykernel" in _args(pid)}


def _args(pid: int) -> str:
    return subprocess.run(["ps", "-o", "args=", "-p", str(pid)], capture_output=True, text=True).stdout


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stops_everything(command: str, signum: int, group: bool, tmp_path: Path) -> None:
    """Start ``importexport COMMAND --no-browser`` in its own session, make sure its server runs a
    kernel (the app preheats one; for the tutor one is started through the REST API, as opening a
    notebook would), send ``signum`` (to the whole process group, as a terminal sends Ctrl+C, if
    ``group``), and check that the command, the server and the kernels have all stopped.  Whatever
    is still running at the end is killed, even when the test fails."""
    import signal
    import time
    import urllib.request

    port, token = _free_port(), "iex-signal-test"
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "JUPYTER_TOKEN": token, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    log = tmp_path / "server.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "importexport.cli", command, "--no-browser", f"--port={port}"],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True, preexec_fn=as_from_a_terminal)
    seen: dict[int, int] = {}  # every process seen below the command: pid, start time
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not _kernels(set(seen)):
            time.sleep(0.5)
            seen |= _descendants(proc.pid)
            if command == "tutor" and seen and not _kernels(set(seen)):
                request = urllib.request.Request(f"http://127.0.0.1:{port}/api/kernels", data=b'{"name": "python3"}',
                                                 headers={"Authorization": f"token {token}"}, method="POST")
                try:
                    with urllib.request.urlopen(request, timeout=10) as answer:
                        assert answer.status == 201
                except OSError:  # the server is not listening yet
                    pass
        assert _kernels(set(seen)), f"no kernel started below importexport {command}:\n{log.read_text()[-3000:]}"
        assert proc.poll() is None
        seen |= _descendants(proc.pid)
        if group:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 10  # (the last kernels may take a moment to be reaped)
        while still_running(seen) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = {pid: _args(pid).strip() for pid in still_running(seen)}
        assert left == {}, f"still running after {signal.Signals(signum).name}: {left}"
    finally:
        kill_all({**seen, **_descendants(proc.pid)})
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_ctrl_c_stops_the_app_with_its_server_and_kernels(tmp_path: Path) -> None:
    import signal

    _stops_everything("app", signal.SIGINT, group=True, tmp_path=tmp_path)


def test_sigterm_stops_the_tutor_with_its_server_and_kernels(tmp_path: Path) -> None:
    import signal

    _stops_everything("tutor", signal.SIGTERM, group=False, tmp_path=tmp_path)


def test_ctrl_c_stops_the_tutor_with_its_server_and_kernels(tmp_path: Path) -> None:
    import signal

    _stops_everything("tutor", signal.SIGINT, group=True, tmp_path=tmp_path)


@pytest.mark.parametrize(("value", "timeout", "interval"), [
    (None, 600, 60), ("5", 5, 2), ("1", 1, 1), ("90", 90, 45), ("7200", 7200, 60),
    ("0", 600, 60), ("-5", 600, 60), ("2.5", 600, 60), ("ten", 600, 60), ("", 600, 60), ("10" * 20, 600, 60),
])
def test_the_app_culls_idle_unconnected_kernels_after_a_valid_timeout(monkeypatch: pytest.MonkeyPatch, value: str | None,
                                                                     timeout: int, interval: int) -> None:
    """``IMPORTEXPORT_CULL_SECONDS`` shortens the cull timeout if it is a positive whole number (else
    10 minutes); the culler looks every minute, or every half timeout if that is shorter."""
    from importexport.cli import KERNEL_MANAGER, app_command

    if value is None:
        monkeypatch.delenv("IMPORTEXPORT_CULL_SECONDS", raising=False)
    else:
        monkeypatch.setenv("IMPORTEXPORT_CULL_SECONDS", value)
    cmd = app_command(8866, no_browser=True)
    assert f"--MappingKernelManager.cull_idle_timeout={timeout}" in cmd
    assert f"--MappingKernelManager.cull_interval={interval}" in cmd
    assert "--MappingKernelManager.cull_connected=False" in cmd
    assert f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}" in cmd
    module, name = KERNEL_MANAGER.rsplit(".", 1)
    assert hasattr(__import__(module, fromlist=[name]), name)


def test_the_apps_kernels_talk_over_unix_sockets_on_linux(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thirty kernels starting at once over tcp once lost a race for a port (benchmarks/bench_kernel_start.py):
    on Linux the app's kernels use ipc, whose sockets are files of their own; elsewhere, and where the
    temporary folder is too long for a socket's path, tcp."""
    import tempfile

    from importexport.cli import IPC_PATH_MAX, app_command

    monkeypatch.setattr(tempfile, "tempdir", "/tmp")  # (only its name is read)
    monkeypatch.setattr(sys, "platform", "linux")
    assert "--KernelManager.transport=ipc" in app_command(8866, no_browser=True)
    monkeypatch.setattr(tempfile, "tempdir", "/" + "t" * (IPC_PATH_MAX - 60))
    assert "--KernelManager.transport=tcp" in app_command(8866, no_browser=True)
    monkeypatch.setattr(tempfile, "tempdir", "/tmp")
    for other in ("win32", "darwin"):
        monkeypatch.setattr(sys, "platform", other)
        assert "--KernelManager.transport=tcp" in app_command(8866, no_browser=True)


def test_open_pages_are_culled_only_after_hours_untouched(monkeypatch: pytest.MonkeyPatch) -> None:
    """``IMPORTEXPORT_CULL_OPEN_SECONDS`` sets how long an open, untouched page keeps its kernel (3 hours)."""
    from importexport.cli import app_command

    monkeypatch.delenv("IMPORTEXPORT_CULL_OPEN_SECONDS", raising=False)
    assert "--PoolSparingKernelManager.open_idle_seconds=10800" in app_command(8866, no_browser=True)
    monkeypatch.setenv("IMPORTEXPORT_CULL_OPEN_SECONDS", "120")
    assert "--PoolSparingKernelManager.open_idle_seconds=120" in app_command(8866, no_browser=True)
    monkeypatch.setenv("IMPORTEXPORT_CULL_OPEN_SECONDS", "soon")
    assert "--PoolSparingKernelManager.open_idle_seconds=10800" in app_command(8866, no_browser=True)


def test_the_dashboard_waits_for_late_output_of_its_cells() -> None:
    """Voila's cell runner gets the app's own wait for a cell's last output messages (nbclient's
    default, 4 s, lost the app's widget on a busy machine and left the page empty)."""
    import nbformat
    from voila.app import Voila
    from voila.execute import VoilaExecutor

    from importexport.cli import IOPUB_SECONDS, app_command

    cmd = app_command(8866, no_browser=True)
    assert cmd[1:3] == ["-m", "voila"] and IOPUB_SECONDS >= 30
    voila = Voila()
    voila.parse_command_line([a for a in cmd[3:] if a.startswith("--VoilaExecutor.")])
    runner = VoilaExecutor(nbformat.v4.new_notebook(), km=None, config=voila.config)
    assert runner.iopub_timeout == IOPUB_SECONDS


def test_the_tutors_voila_waits_for_late_output_too() -> None:
    """JupyterLab (the tutor) serves Voila as its extension, whose cell runner takes the server's
    configuration: the tutor's command gives it the app's wait."""
    import nbformat
    from jupyter_server.serverapp import ServerApp
    from voila.execute import VoilaExecutor

    from importexport.cli import IOPUB_SECONDS, tutor_command

    cmd = tutor_command(Path("notebooks"), 8888, no_browser=True)
    server = ServerApp()
    server.parse_command_line([a for a in cmd[3:] if a.startswith("--VoilaExecutor.")])
    assert VoilaExecutor(nbformat.v4.new_notebook(), km=None, config=server.config).iopub_timeout == IOPUB_SECONDS


def test_binders_post_build_gives_voila_the_wait_and_keeps_the_users_settings(tmp_path: Path) -> None:
    """binder/postBuild writes the wait into the Jupyter server configuration Binder's server reads,
    keeping what the file held; a file that is no configuration is refused with its name, unchanged."""
    from traitlets.config.loader import JSONFileConfigLoader

    from importexport.cli import IOPUB_SECONDS, SAVE_HOOK, TEMPLATE

    config = tmp_path / "jupyter_server_config.json"
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp_path), "JUPYTER_DATA_DIR": str(tmp_path / "data"),
           "PYTHONPATH": str(ROOT)}

    def post_build() -> subprocess.CompletedProcess[str]:
        return subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], env=env, capture_output=True, text=True,
                              timeout=60)

    config.write_text(json.dumps({"ServerApp": {"port": 9999}, "VoilaExecutor": {"timeout": 30}}))
    done = post_build()
    assert done.returncode == 0, done.stderr
    loaded = JSONFileConfigLoader(config.name, path=str(tmp_path)).load_config()
    assert loaded.VoilaExecutor.iopub_timeout == IOPUB_SECONDS and loaded.VoilaExecutor.timeout == 30
    assert loaded.ServerApp.port == 9999
    assert loaded.ContentsManager.pre_save_hook == SAVE_HOOK  # the chapters are saved without their widgets
    assert loaded.VoilaConfiguration.template == TEMPLATE  # (the app's page, found in the user's data folder)
    assert (tmp_path / "data" / "nbconvert" / "templates" / TEMPLATE / "index.html.j2").is_file()
    config.write_text("[1, 2]")
    done = post_build()
    assert done.returncode != 0 and str(config) in done.stderr and config.read_text() == "[1, 2]"


def test_app_takes_a_rooms_store_and_refuses_one_it_cannot_use(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    import importexport.cli as cli

    calls: list[list[str]] = []
    monkeypatch.setattr(cli, "serve", lambda cmd, cwd=None: calls.append(cmd) or 0)
    monkeypatch.setenv("IMPORTEXPORT_ROOMS", "")  # (so that the test's end puts back what was there)
    monkeypatch.delenv("IMPORTEXPORT_ROOMS")
    (tmp_path / "file").write_text("")
    for url, words in (("mysql://host/rooms", "no address of a room store"),
                       (str(tmp_path / "file" / "rooms.sqlite3"), "cannot be reached")):
        line = refused(["app", "--no-browser", "--rooms", url], capsys)
        assert "--rooms" in line and words in line
    assert calls == [] and "IMPORTEXPORT_ROOMS" not in os.environ
    store = tmp_path / "class" / "rooms.sqlite3"
    accepted(["app", "--no-browser", "--rooms", str(store)], capsys)
    assert calls and store.exists() and os.environ["IMPORTEXPORT_ROOMS"] == str(store)


def test_simulate_plays_a_plugged_in_game_with_the_flags_of_its_schema(example_games: list[str],
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """High card (``examples/highcard``) brings its options ``hand`` (a number) and ``lowest`` (on or off):
    ``simulate`` offers them as flags, checks them against the schema, and its bots play it, the search too."""
    out = accepted(["simulate", "--game", "highcard", "--games", "3", "--players", "3", "--hand", "4", "--lowest",
                    "--bots", "search,heuristic,random", "--quiet"], capsys)
    lines = out.strip().splitlines()
    assert lines[0] == "3 games, 3 players, bots search,heuristic,random, seed 0, High card, hand 4, lowest on"
    assert {line.split()[0] for line in lines[2:5]} == {"search", "heuristic", "random"}
    default = accepted(["simulate", "--game", "highcard", "--games", "1", "--bots", "random", "--quiet"], capsys)
    assert default.startswith("1 games, 4 players, bots random,random,random,random, seed 0, High card, hand 3, lowest off")
    for argv, option, problem in (
        (["--hand", "9"], "--hand", "unknown value 9; choose one of 2, 3, 4, 5"),
        (["--hand", "many"], "--hand", "'many' is not a whole number"),
        (["--players", "5"], "--players", "High card is played by 2 to 4 players, not 5"),
        (["--mode", "solo"], "--mode", "Port Royal only"),
    ):
        line = refused(["simulate", "--game", "highcard", "--games", "1", "--quiet", *argv], capsys)
        assert option in line and problem in line, line
    line = refused(["simulate", "--games", "1", "--quiet", "--lowest"], capsys)
    assert "--lowest" in line and "High card only" in line


def test_cards_and_rules_take_their_games_from_the_registry(example_games: list[str], capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugged-in game is a choice of ``cards`` and ``rules``: High card has no card list, but its kind
    gives a tutor adapter whose chapter ``rules`` searches; a kind that gives none has no chapters, which
    ``rules`` and the chapter check say, naming the games that have them."""
    from dataclasses import replace

    from importexport.protocol import GAMES
    from importexport.tutor.check import main as check

    assert "High card has no card list" in refused(["cards", "--game", "highcard"], capsys)
    found = accepted(["rules", "--game", "highcard", "Stich"], capsys)
    assert found.startswith("chapter 1 (de/highcard/01-tricks.ipynb) > Ein Stich\n") and "den Stich" in found
    assert check(["--game", "highcard"]) == 0 and "ok (1 chapter(s): High card 1)" in capsys.readouterr().out
    monkeypatch.setitem(GAMES._kinds, "highcard", replace(GAMES["highcard"], tutor=None))
    line = refused(["rules", "--game", "highcard", "Gebot"], capsys)
    assert "--game" in line and "High card has no chapters" in line and "importexport, portroyal" in line
    assert check(["--game", "highcard"]) == 2
    assert capsys.readouterr().out == "High card has no chapters; the games with chapters are importexport, portroyal\n"
    line = refused(["rules", "--game", "chess", "Gebot"], capsys)
    assert "invalid choice: 'chess'" in line


def test_voila_serves_the_widgets_code_files_as_never_changing() -> None:
    """The app's folder (where ``importexport app`` starts Voila) holds a Voila configuration that marks
    the widgets' code files, and only those, as immutable: a device that opened the app keeps them."""
    from voila.app import Voila

    from importexport.cli import APP_NOTEBOOK

    app = Voila()
    app.load_config_file("voila", path=[str(APP_NOTEBOOK.parent)])
    assert app.tornado_settings == {"static_immutable_cache": ["/voila/labextensions/"]}


def test_the_apps_page_template_is_found_and_leaves_voilas_own_data_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's Voila command names the app's page template; the server's environment puts it first on
    Jupyter's data path, where Voila finds it, while Voila's themes are still taken from its own folder."""
    from voila.paths import collect_template_paths
    from voila.utils import get_data_dir

    from importexport.cli import TEMPLATE, TEMPLATES, app_command, server_env

    assert f"--template={TEMPLATE}" in app_command(8866, no_browser=True)
    own = get_data_dir()
    monkeypatch.setenv("JUPYTER_PATH", server_env()["JUPYTER_PATH"])
    found = collect_template_paths(["voila", "nbconvert"], TEMPLATE, prune=True)
    assert Path(found[0]) == TEMPLATES / "nbconvert" / "templates" / TEMPLATE
    assert any(Path(p).name == "lab" for p in found)  # (what it extends)
    assert get_data_dir() == own and Path(own, "themes").is_dir()
