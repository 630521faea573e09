"""Mutation check of the tiles' seed and wrong-key naming checks (issue 37): each entry switches one check off,
runs the tests that cover them, and says which test killed the mutant (or that it SURVIVED); the source is
restored after each. `python tools/mutate_fair_checks.py [prefix ...]` (from the repository root)."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
M = [
 ("a: guest refuses a new seat whose host picks the tiles", "py_engine/net/guest.py",
  'if fresh and (m.get("joint") is not True or m.get("tiles") is not None):', 'if False:'),
 ("b1: tiles share matches the host's commitment", "py_engine/net/guest.py",
  'if self.deal is None or share_commitment(m["share"], m["salt"]) != self.deal:', 'if self.deal is None:'),
 ("b2: own share in the seed", "py_engine/net/guest.py",
  'or shares[self.seat] != self.share:', ':'),
 ("b3: shares are exactly the committed seats'", "py_engine/net/guest.py",
  'if not self._made_by_committed(shares) or sum(x is None for x in c) != 1:', 'if False:'),
 ("b4: seed is the one the shares give", "py_engine/net/guest.py",
  'if joint_seed(m["share"], shares) != m["seed"]:', 'if False:'),
 ("c: commits list without own -> bad_tiles", "py_engine/net/guest.py",
  'self._bad_tiles("its list of the seats\' commitments leaves out this seat\'s or changed")', 'pass'),
 ("d1: nobody moves before the tiles", "py_engine/games/lost_cities_board/fair.py",
  'return self.seed is not None and super().ready()', 'return super().ready()'),
 ("e: tiles message seed bound", "py_engine/net/messages.py",
  '_need(is_int(m["seed"], 0, 2 ** 128 - 1), t, "seed"', '_need(True, t, "seed"'),
 ("f: a seat with joint tiles refuses a seat message that changes them", "py_engine/net/guest.py",
  'tiles_changed = m.get("tiles") is not None or m.get("joint") is not True or m.get("deal") != self.deal',
  'tiles_changed = False'),
 ("g: host takes a share only if it matches the commitment", "py_engine/net/host.py",
  '''        if seat_commitment(share) != self.commits[seat]:
            raise ProtocolError("malformed", "this share is not the one this seat committed to", "share")
        t["shares"][seat] = share''', '''        t["shares"][seat] = share'''),
 ("h: host resume checks the saved shares give the seed", "py_engine/net/host.py",
  'ok = self.fair.seed == joint_seed(saved["share"], saved["shares"])', 'ok = True'),
 ("i1: check_seat lock", "py_engine/core/mental_poker.py",
  'if len(source) < self.n or lock(g, source, keys.perm, keys.lock) != self.locks[s]:', 'if len(source) < self.n:'),
 ("i2: check_seat keys", "py_engine/core/mental_poker.py",
  'if s in have and have[s] != keys.unlock(g, j):', 'if False:'),
 ("i3: check_seat rekey", "py_engine/core/mental_poker.py",
  'if pow(before, keys.rekey_exponent(g, j), g.p) != self.rekeys[s][i]:', 'if False:'),
 ("j: name the one seat that shows no secret", "py_engine/core/fair_seat.py",
  'if len(missing) == 1:', 'if False:'),
 ("k: a seat told of a wrong key shows its secret", "py_engine/core/fair_seat.py",
  '''            self._log.append(["show"])
            self._show_secret()''', '''            pass'''),
 ("d2: a move before the tiles is refused", "py_engine/games/lost_cities_board/fair.py",
  """        if self.seed is None:
            raise mp.Cheat(mp.MALFORMED, sender, "a move before the tiles were laid")""", """        pass"""),
 ("m: host takes a share only after the list", "py_engine/net/host.py",
  """        if not self.shown or self.commits[seat] is None:
            raise ProtocolError("malformed", "a share is revealed once every seat has committed to its own", "share")
        if seat_commitment(share)""", """        if seat_commitment(share)"""),
 ("n1: a rekey chunk must follow its lane", "py_engine/core/mental_poker.py",
  "any(self.before(sender, j) is None for j in todo):", "False:"),
 ("n2: the audit recomputes each seat's rekey along its lane", "py_engine/core/mental_poker.py",
  "source = [self.before(s, j) for j in self.seq[s]]", "source = [self.locks[-1][j] for j in self.seq[s]]"),
]
TESTS = ["tests/test_fair_tiles.py", "tests/test_fair_naming.py", "tests/test_mental_poker_seats.py"]
only = sys.argv[1:]
for name, path, old, new in M:
    if only and not any(name.startswith(o) for o in only):
        continue
    p = ROOT / path
    src = p.read_text()
    assert src.count(old) == 1, (name, src.count(old))
    p.write_text(src.replace(old, new))
    try:
        r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *TESTS],
                           cwd=ROOT, capture_output=True, text=True, timeout=900)
        fails = [x for x in r.stdout.splitlines() if x.startswith("FAILED")]
        print(f"{name}: {'KILLED ' + fails[0][7:] if r.returncode else 'SURVIVED'}", flush=True)
    finally:
        p.write_text(src)
