"""The trickling lock-out of issue 39, at full length: N clients on 127.0.0.1 send `POST /check` headers, then a
body byte every 4 s, and reopen at once when closed; /health is probed meanwhile.

Run: .venv/bin/python benchmarks/bench_trickle.py [--clients 16] [--seconds 40] [--probes 4]

Starts a server in this process on a free loopback port (no model warm-up: /health needs none), runs the
attack (tests/server/trickle.py) and prints each probe's status and time, how many attacking connections
were opened and cut and with which answer, and the machine's load. Done when every probe answers 200.
"""
from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

from trickle import run_attack  # noqa: E402

from idphoto_gui.server.app import make_server  # noqa: E402
from idphoto_gui.server.config import ServerConfig  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--probes", type=int, default=4)
    args = parser.parse_args()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = make_server(ServerConfig(port=port, warm_up=False), log_level="error")
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        attack, probes = run_attack(port, clients=args.clients, seconds=args.seconds, probes=args.probes)
    finally:
        server.should_exit = True
        thread.join(timeout=15)
    ok = sum(status == 200 for status, _ in probes)
    for i, (status, took) in enumerate(probes, 1):
        print(f"probe {i}: /health {status} in {took * 1000:.0f} ms")
    lives = sorted(attack.lifetimes)
    median = lives[len(lives) // 2] if lives else float("nan")
    print(f"{args.clients} trickling clients for {args.seconds:g} s: {attack.opened} connections opened, "
          f"{attack.cut} cut by the server (answers {attack.answers}), median life {median:.1f} s")
    print(f"/health: {ok} of {len(probes)} answered 200; load average {os.getloadavg()[0]:.1f}")
    return 0 if ok == len(probes) else 1


if __name__ == "__main__":
    sys.exit(main())
