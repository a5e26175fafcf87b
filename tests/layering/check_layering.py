#!/usr/bin/python3
"""Fails when a folder includes a header of a folder above it in accsim's layering.

The layers, each standing only on those before it (docs/architecture.md):
  jsonconfig/ < run/ < tlm/ < models/contract/ < models/ < rtl/ < soc/ < apps/
An `#include "x.h"` in a file of one layer that names a header found only in a higher layer is
an upward include: for example a model reaching into soc/ for the component contract.

Usage: check_layering.py [--root DIR]; exit 0 when clean, 1 with one line per upward include.
"""

import argparse
import os
import re
import sys

LAYERS = ["jsonconfig", "run", "tlm", "models/contract", "models", "rtl", "soc", "apps"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = (".h", ".hpp", ".cpp", ".cc", ".h.in")


def layer_of(rel):
    """The index of the most specific layer `rel` (a path from the root) is in, or None."""
    best = None
    for index, layer in enumerate(LAYERS):
        if rel == layer or rel.startswith(layer + "/"):
            if best is None or len(layer) > len(LAYERS[best]):
                best = index
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--root", default=os.path.normpath(os.path.join(here, "..", "..")))
    root = os.path.abspath(parser.parse_args().root)

    files = []
    for top in sorted({layer.split("/")[0] for layer in LAYERS}):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(SOURCES):
                    files.append(os.path.relpath(os.path.join(dirpath, name), root))

    # Where each header name lives (by the path an include would end with).
    layers_having = {}
    for rel in files:
        layer = layer_of(rel)
        name = rel[:-3] if rel.endswith(".in") else rel
        parts = name.split("/")
        for i in range(len(parts)):
            layers_having.setdefault("/".join(parts[i:]), set()).add(layer)

    problems = []
    for rel in files:
        layer = layer_of(rel)
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for included in INCLUDE.findall(text):
            # A header beside the includer is its own.
            if os.path.exists(os.path.join(root, os.path.dirname(rel), included)):
                continue
            homes = layers_having.get(os.path.normpath(included))
            if homes and min(homes) > layer:
                above = LAYERS[min(homes)]
                problems.append(f"{rel}: includes \"{included}\", which lives in {above}/, "
                                f"above {LAYERS[layer]}/")
    for line in problems:
        print(line)
    print(f"check_layering: {len(files)} files, {len(problems)} upward includes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
