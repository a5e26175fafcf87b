#!/usr/bin/env python3
"""Replays a Dinero IV din trace (label address per line; 0 read, 1 write, 2 fetch) through
a simple set-associative LRU cache model, independent of accsim's C++ one, and prints the
miss counts as JSON. Used by tests/firmware to cross-check accsim's cache statistics; useful
on its own to try other geometries on a recorded trace.

  dinero_replay.py TRACE --isize 4096 --iline 32 --iways 1 --dsize 4096 --dline 32 --dways 1
                   [--write-allocate] [--uncached 0x80000000:0x80000000]...
ways = 0 means fully associative. Writes never allocate unless --write-allocate.
"""
import argparse
import json
import sys


class LruCache:
    def __init__(self, size, line, ways):
        lines = size // line
        self.ways = lines if ways == 0 else ways
        self.sets = lines // self.ways
        self.line = line
        self.content = [[] for _ in range(self.sets)]  # per set: line numbers, MRU last
        self.misses = {0: 0, 1: 0, 2: 0}
        self.accesses = {0: 0, 1: 0, 2: 0}

    def access(self, address, label, allocate):
        number = address // self.line
        ways = self.content[number % self.sets]
        self.accesses[label] += 1
        if number in ways:
            ways.remove(number)
            ways.append(number)
            return True
        self.misses[label] += 1
        if allocate:
            if len(ways) == self.ways:
                ways.pop(0)
            ways.append(number)
        return False


def parse_range(text):
    base, size = text.split(":")
    return int(base, 0), int(size, 0)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("trace")
    for side in ("i", "d"):
        p.add_argument(f"--{side}size", type=int, required=True)
        p.add_argument(f"--{side}line", type=int, required=True)
        p.add_argument(f"--{side}ways", type=int, required=True)
    p.add_argument("--write-allocate", action="store_true")
    p.add_argument("--uncached", type=parse_range, action="append", default=[])
    args = p.parse_args()

    icache = LruCache(args.isize, args.iline, args.iways)
    dcache = LruCache(args.dsize, args.dline, args.dways)
    uncached = args.uncached
    skipped = 0
    with open(args.trace) as trace:
        for row in trace:
            label_text, address_text = row.split()
            label, address = int(label_text), int(address_text, 16)
            if any(base <= address < base + size for base, size in uncached):
                skipped += 1
                continue
            if label == 2:
                icache.access(address, 2, True)
            else:
                dcache.access(address, label, label == 0 or args.write_allocate)
    json.dump({"icache.misses": icache.misses[2], "icache.accesses": icache.accesses[2],
               "dcache.misses.read": dcache.misses[0], "dcache.misses.write": dcache.misses[1],
               "dcache.accesses.read": dcache.accesses[0],
               "dcache.accesses.write": dcache.accesses[1], "uncached": skipped},
              sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
