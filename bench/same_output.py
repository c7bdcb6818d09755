#!/usr/bin/env python3
"""Compares two runs of a workload for bench/realwork.sh. A run folder holds out, err (the
guest's standard output and error, emu86's --stats lines removed), rc (exit status) and
drive/ (the drive after the run). --no-err leaves stderr out (emu86 --profil's own warnings,
about wrapped counters, are compared between its rounds instead).

    same_output.py [--peer] [--no-err] A B

Prints "identical" (exit 0) or what differs (exit 1). With --peer (A from emu86, B from
another emulator) it allows differences that say nothing about the work done, and prints
"same but for: ..." (exit 0) naming those it needed:
  names:   file names compared without case (emu2 makes new files in lower case);
  console: in stdout and stderr, TABs expanded to 8 columns (DOS's console device expands them,
           emu2 passes them on), blank lines and COMMAND.COM's echoed "C>ECHO OFF" dropped
           (emu2 shows them at another place in the output);
  dates:   dates and times masked, blank lines dropped (listings are dated by the host's clock
           in emu2; MASM 5.10's page header takes one more line after a date like 1/5/27);
  memfree: the free memory MASM 5.10 reports ("N + M Bytes symbol space free": the DOSes leave
           the program different amounts);
  screen:  stderr and exit status not compared (DOSBox shows stderr on its screen and gives
           no exit status: its rc file holds "-");
  exehdr:  the .EXE header's checksum (12h) and its word at 1Ch masked (LINK 2.0 stores there
           a value that follows where DOS loaded it: 09C2h run directly and 0A7Ah under
           COMMAND.COM in emu86, 0649h and 064Bh in emu2)."""
import os
import re
import sys

DATE = re.compile(rb"\b[0-9<]{1,2}[-/][0-9<]{1,2}[-/][0-9<]{2,4}\b")
TIME = re.compile(rb"\b[0-9]{1,2}:[0-9]{2}(:[0-9]{1,2})?\b")
FREE = re.compile(rb"[0-9]+ \+ [0-9]+ Bytes symbol space free")


def console(name, data):
    if name not in ("out", "err"):
        return data
    lines = data.replace(b"\r\n", b"\n").split(b"\n")
    return b"\n".join(ln.expandtabs(8) for ln in lines if ln.strip() and ln.strip() != b"C>ECHO OFF")


def dates(name, data):
    if name.upper().endswith((".EXE", ".OBJ", ".COM")):
        return data
    data = TIME.sub(b"T", DATE.sub(b"D", data))
    return b"\n".join(ln for ln in data.replace(b"\r\n", b"\n").split(b"\n") if ln.strip())


def memfree(name, data):
    return FREE.sub(b"F", data)


def exehdr(name, data):
    if not name.upper().endswith(".EXE") or data[:2] != b"MZ" or len(data) < 0x1E:
        return data
    return data[:0x12] + b"\0\0" + data[0x14:0x1C] + b"\0\0" + data[0x1E:]


NORMALIZERS = [("console", console), ("dates", dates), ("memfree", memfree), ("exehdr", exehdr)]


def contents(run, fold):
    """{name: bytes}: "out", "err", "rc" and the drive's files (by relative path)"""
    got = {}
    for n in ("out", "err", "rc"):
        with open(os.path.join(run, n), "rb") as f:
            got[n] = f.read()
    root = os.path.join(run, "drive")
    for d, _, names in os.walk(root):
        for n in names:
            p = os.path.join(d, n)
            with open(p, "rb") as f:
                rel = "drive/" + os.path.relpath(p, root)
                got[rel.upper() if fold else rel] = f.read()
    return got


def same(name, x, y, using):
    for _, f in using:
        x, y = f(name, x), f(name, y)
    return x == y


def compare(a, b, peer):
    needed = set()
    fa, fb = contents(a, False), contents(b, False)
    if peer and fb["rc"].strip() == b"-":
        needed.add("screen")
        for n in ("rc", "err"):
            del fa[n], fb[n]
    if peer and set(fa) != set(fb):
        ua, ub = contents(a, True), contents(b, True)
        if set(ua) == set(ub):
            needed.add("names")
            fa, fb = ua, ub
    differs = ["%s only in %s" % (n, a if n in fa else b) for n in sorted(set(fa) ^ set(fb))]
    for name in sorted(set(fa) & set(fb)):
        x, y = fa[name], fb[name]
        if x == y:
            continue
        if not peer or not same(name, x, y, NORMALIZERS):
            differs.append(name)
            continue
        for i, (label, _) in enumerate(NORMALIZERS):
            if not same(name, x, y, NORMALIZERS[:i] + NORMALIZERS[i + 1:]):
                needed.add(label)
    return sorted(needed), differs


def main():
    args = sys.argv[1:]
    peer = "--peer" in args
    no_err = "--no-err" in args
    args = [x for x in args if x not in ("--peer", "--no-err")]
    if len(args) != 2:
        sys.exit("usage: same_output.py [--peer] [--no-err] A B")
    needed, differs = compare(args[0], args[1], peer)
    if no_err:
        differs = [d for d in differs if d != "err"]
    if differs:
        print("DIFFERS: " + ", ".join(differs))
        sys.exit(1)
    print("same but for: " + " ".join(needed) if needed else "identical")


if __name__ == "__main__":
    main()
