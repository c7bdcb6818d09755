#!/usr/bin/env python3
"""Writes deterministic CR LF text for bench/realwork.sh (SORT's and FIND's inputs): lines of
3 to 12 made-up words of 1 to 4 syllables, some capitalised; about one line in six holds "ab".

    gen_text.py --bytes N [--seed S] > FILE     (stops at the last whole line within N bytes)

The same arguments give the same bytes on every host (its own generator, no `random`)."""
import argparse
import sys

SYLLABLES = ["ra", "ca", "de", "ex", "fo", "gu", "hi", "jo", "ki", "lu", "mo", "ne", "pi",
             "qu", "ro", "st", "ta", "ve", "wy", "zo", "an", "el", "in", "or", "us"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bytes", type=int, required=True)
    ap.add_argument("--seed", type=int, default=19)
    a = ap.parse_args()
    s = a.seed & 0xFFFFFFFF

    def below(n):
        nonlocal s
        s = (s * 1103515245 + 12345) & 0xFFFFFFFF
        return (s >> 8) % n

    out = bytearray()
    while True:
        words = []
        for _ in range(3 + below(10)):
            w = "".join("ab" if below(100) == 0 else SYLLABLES[below(len(SYLLABLES))]
                        for _ in range(1 + below(4)))
            words.append(w.capitalize() if below(5) == 0 else w)
        text = (" ".join(words) + "\r\n").encode("ascii")
        if len(out) + len(text) > a.bytes:
            break
        out += text
    sys.stdout.buffer.write(out)


if __name__ == "__main__":
    main()
