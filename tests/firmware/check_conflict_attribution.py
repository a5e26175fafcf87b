#!/usr/bin/env python3
"""Conflict attribution against an independent recount from the miss trace.

check_conflict_attribution.py ACCSIM OUT_DIR: runs seed 000's reference depthwise firmware
(whose filter, input, stack and multipliers collide in the 4 KiB direct-mapped D$) with
--classify-misses and --trace cache-misses, then recounts from cache_misses.csv alone, with the
ELF's own symbol table read here (not accsim's loader): which buffer each D$ miss's line
belongs to, which buffer's miss evicted each line, and the (victim, evictor) pair of every
conflict miss. conflicts.json must agree: the same total, every listed pair no more than the
recount and the largest pairs exactly; the per-region D$ conflict counts add up to the trace's;
and the firmware without a model names its buffers by symbol ("filter", "input", "stack").
"""
import bisect
import collections
import csv
import json
import os
import struct
import subprocess
import sys


def elf_buffers(path):
    """(start, size, name): allocated data sections ("(.bss)", the stack as "stack") and sized
    data objects, as the ELF32 headers and symbol table say."""
    data = open(path, "rb").read()
    shoff, = struct.unpack_from("<I", data, 32)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 46)
    sections = []
    for i in range(shnum):
        sections.append(struct.unpack_from("<IIIIIIIIII", data, shoff + i * shentsize))
    names_off = sections[shstrndx][4]

    def name_at(table_off, offset):
        end = data.index(b"\0", table_off + offset)
        return data[table_off + offset:end].decode()

    buffers = []
    for name, sh_type, flags, addr, off, size, link, *_ in sections:
        if flags & 0x2 and not flags & 0x4 and size:
            n = name_at(names_off, name)
            buffers.append((addr, size, "stack" if n == ".stack" else "(" + n + ")"))
        if sh_type == 2:  # SHT_SYMTAB
            str_off = sections[link][4]
            for s in range(off, off + size, 16):
                st_name, value, st_size, info = struct.unpack_from("<IIIB", data, s)
                if info & 0xF == 1 and st_size and st_name:  # STT_OBJECT
                    buffers.append((value, st_size, name_at(str_off, st_name)))
    return buffers


def namer(buffers):
    """address -> name of the smallest buffer holding it ("(unnamed)" for none)."""
    cuts = sorted({b[0] for b in buffers} | {b[0] + b[1] for b in buffers})
    pieces = []
    for lo, hi in zip(cuts, cuts[1:]):
        holding = [b for b in buffers if b[0] <= lo and hi <= b[0] + b[1]]
        pieces.append(min(holding, key=lambda b: b[1])[2] if holding else "(unnamed)")

    def name(address):
        i = bisect.bisect_right(cuts, address) - 1
        return pieces[i] if 0 <= i < len(pieces) else "(unnamed)"
    return name


def main():
    accsim, out = sys.argv[1], sys.argv[2]
    subprocess.run([accsim, "run", "-q", "--firmware", "person_dw_reference", "--classify-misses",
                    "--trace", "cache-misses", "--out", out], check=True,
                   stdout=subprocess.DEVNULL)
    config = json.load(open(os.path.join(out, "config.json")))
    stats = json.load(open(os.path.join(out, "stats.json")))
    conflicts = json.load(open(os.path.join(out, "conflicts.json")))["dcache"]
    line = conflicts["line_bytes"]
    elf = os.path.join(os.path.dirname(accsim), "..", "..", "firmware_stub",
                       "person_dw_reference.elf")
    name = namer(elf_buffers(elf))
    allocate_writes = config["caches"]["dcache"]["write_allocate"]
    evicted_by = {}
    recount = collections.Counter()
    total = 0
    for row in csv.DictReader(open(os.path.join(out, "cache_misses.csv"))):
        if row["cache"] != "D":
            continue
        address = int(row["address"], 16)
        if row["class"] == "conflict":
            total += 1
            recount[(name(address), evicted_by.get(address // line, "(invalidated)"))] += 1
        # A miss that fills the line ends the record of who evicted it (a write miss of a
        # cache without write-allocate fills nothing).
        if row["kind"] != "write" or allocate_writes:
            evicted_by.pop(address // line, None)
        if row["evicted"]:
            evicted_by[int(row["evicted"], 16) // line] = name(address)
    assert config["caches"]["dcache"]["classify_misses"] is True
    assert total == stats["cache.dcache.misses.conflict"], (total,
                                                            stats["cache.dcache.misses.conflict"])
    listed = collections.Counter()
    other = 0
    for scope in conflicts["scopes"].values():
        other += scope.get("other_pairs_misses", 0)
        for p in scope["pairs"]:
            listed[(p["victim"], p["evictor"])] += p["misses"]
    assert sum(listed.values()) + other == total, (sum(listed.values()), other, total)
    for pair, misses in listed.items():
        assert misses <= recount[pair], (pair, misses, recount[pair])
    largest = recount.most_common(4)
    for pair, misses in largest:
        assert listed[pair] == misses, (pair, listed[pair], misses)
    names = {n for pair, _ in largest for n in pair}
    assert {"filter", "input"} <= names, names
    regions = sum(v for k, v in stats.items()
                  if k.startswith("region.") and k.endswith(".dcache_conflict_misses"))
    outside = conflicts["scopes"].get("(no region)", {}).get("conflict_misses", 0)
    assert regions + outside == total, (regions, outside, total)
    print(f"{total} D$ conflict misses; recount from the trace agrees; largest pairs: " +
          ", ".join(f"{v} <- {e}: {m}" for (v, e), m in largest))


if __name__ == "__main__":
    main()
