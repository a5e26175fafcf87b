#!/usr/bin/env bash
# check_installed_doc_links.sh BUILD_DIR: every relative link in every Markdown file an install
# puts anywhere under its prefix resolves to a file or folder inside that prefix. It knows
# nothing of where the source tree keeps things: it walks what was installed, so it keeps
# holding when files move in the source (cmake/InstallDocLinks.cmake rewrites the links).
set -euo pipefail
build=$(realpath "$1")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accsim_doc_links.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
python3 - "$tmp/prefix" <<'PY'
import os, re, sys

prefix = os.path.realpath(sys.argv[1])
# [text](target) and ![alt](target); the text may span lines, the target may not.
link = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
docs = links = 0
dangling = []
for root, _, files in os.walk(prefix):
    for name in sorted(files):
        if not name.endswith(".md"):
            continue
        doc = os.path.join(root, name)
        docs += 1
        text = open(doc, encoding="utf-8").read()
        # Code blocks and spans are not links (blanked, so line numbers stay).
        text = re.sub(r"```.*?```", lambda m: re.sub(r"[^\n]", "x", m.group(0)), text, flags=re.S)
        text = re.sub(r"`[^`\n]*`", lambda m: "x" * len(m.group(0)), text)
        for match in link.finditer(text):
            target = match.group(1)
            if re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*:|#)", target):
                continue
            links += 1
            path = target.split("#", 1)[0]
            resolved = os.path.realpath(os.path.join(root, path))
            line = text.count("\n", 0, match.start()) + 1
            where = f"{os.path.relpath(doc, prefix)}:{line}: {target}"
            if not (resolved == prefix or resolved.startswith(prefix + os.sep)):
                dangling.append(where + " (outside the install prefix)")
            elif not os.path.exists(resolved):
                dangling.append(where + " (no such file in the install)")
for d in dangling:
    print("FAIL: dangling link in " + d)
if docs == 0:
    print("FAIL: the install has no Markdown docs")
    sys.exit(1)
if dangling:
    sys.exit(1)
print(f"{links} relative links in {docs} installed docs all resolve inside the prefix")
PY
