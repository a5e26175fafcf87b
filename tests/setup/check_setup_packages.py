#!/usr/bin/python3
"""Fails when the tree uses something scripts/setup.sh does not install.

Reads the one package list (the PACKAGES array of scripts/setup.sh) and scans the tree for what it needs from the
system:
  * Python modules: every `import` of the .py files under tools/, tests/ and scripts/ and of the
    Python embedded in their shell scripts (`python3 - <<'PY'` here-documents, `python3 -c`),
    outside the standard library and the tree's own modules;
  * programs: the commands of the shell scripts (tools/, tests/, scripts/, .ci/), the COMMANDs and
    find_program() names of the CMake files, the programs Python scripts start with subprocess,
    and the ones accsim itself starts (execvp/popen argument lists in apps/ and models/);
  * headers: every `#include <...>` of the tree's C and C++ sources, resolved through the host
    compiler's search path (the firmware's through the cross compiler's), and everything the
    Verilator runtime headers the build compiles include in turn (zlib.h for FST waveforms).
Each must resolve, through `dpkg -S`, to a package of the list, of what the list's packages
depend on (what apt installs with them), or of Debian's essential/required set. A module that is
not installed for Debian's /usr/bin/python3, or a program found nowhere, fails too.

Usage: check_setup_packages.py [--root DIR] [--list FILE] [--python PY]
Exit 0 when everything is covered, 1 with one line per problem otherwise, 2 on usage errors.
"""

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys

SCANNED_DIRS = ("tools", "tests", "scripts", ".ci", "apps", "models", "cmake", "examples",
                "jsonconfig", "run", "tlm", "soc", "rtl", "firmware_stub",
                "CMakeLists.txt", "CMakePresets.json")
SKIPPED_DIRS = {"build", ".git", "__pycache__", "node_modules"}

# Words that stand where a command stands in shell but are not programs: builtins, keywords, and
# the shell's own helpers.
SHELL_WORDS = set("""
    if then else elif fi for while until do done case esac in function select time coproc
    break continue return exit export readonly local declare typeset unset shift set source
    eval exec trap wait read mapfile readarray echo printf cd pwd pushd popd dirs true false
    test [ [[ ]] ]] let alias unalias type command builtin hash getopts umask ulimit kill jobs
    bg fg disown suspend shopt complete compgen enable help logout times caller : . { } ( ) !
""".split())

# Wrappers whose first non-option argument is the command they run.
WRAPPERS = {"env", "exec", "timeout", "nice", "nohup", "sudo", "xargs", "setsid", "stdbuf",
            "command", "time"}


def read_list(path):
    """The packages of the PACKAGES=( ... ) array of a setup script (one per line, # comments)."""
    with open(path, encoding="utf-8") as f:
        m = re.search(r"^PACKAGES=\((.*?)^\)", f.read(), re.M | re.S)
    if not m:
        return None
    packages = []
    for line in m.group(1).splitlines():
        packages.extend(line.split("#", 1)[0].split())
    return packages


def walk_files(root):
    for top in SCANNED_DIRS:
        base = os.path.join(root, top)
        if os.path.isfile(base):
            yield base
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
            for name in sorted(filenames):
                yield os.path.join(dirpath, name)


def is_shell_script(path, text):
    if path.endswith(".sh"):
        return True
    first = text.split("\n", 1)[0]
    return first.startswith("#!") and ("bash" in first or first.endswith("/sh"))


def is_python_script(path, text):
    return path.endswith(".py") or (text.startswith("#!") and "python" in text.split("\n", 1)[0])


# ----------------------------------------------------------------------------------- Python


def imports_of_source(source):
    """Top-level module names a piece of Python imports (absolute imports only)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        # Embedded snippets with shell substitutions: fall back to the import lines.
        names = set()
        for m in re.finditer(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", source, re.M):
            names.add(m.group(1))
        for m in re.finditer(r"(?:^|;)\s*import\s+([\w, ]+)", source, re.M):
            names.update(n.strip().split(".")[0] for n in m.group(1).split(",") if n.strip())
        return names
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


HEREDOC = re.compile(r"python3?\b[^\n]*<<-?\s*'?(\w+)'?[^\n]*\n(.*?)\n\s*\1\s*$", re.S | re.M)
PYTHON_C = re.compile(r"python3?\s+-c\s+(['\"])(.*?)(?<!\\)\1", re.S)


def embedded_python(text):
    for m in HEREDOC.finditer(text):
        yield m.group(2)
    for m in PYTHON_C.finditer(text):
        yield m.group(2)


def local_module_names(root):
    """Modules the tree itself provides (imported through sys.path tweaks)."""
    names = set()
    for path in walk_files(root):
        if path.endswith(".py"):
            names.add(os.path.splitext(os.path.basename(path))[0])
        elif os.path.basename(path) == "__init__.py":
            names.add(os.path.basename(os.path.dirname(path)))
    return names


# ----------------------------------------------------------------------------------- programs


def sanitize_shell(text):
    """The script with comments, quoted strings, here-documents and arithmetic blanked out, so
    that what is left in command position is a command."""
    out, i, n = [], 0, len(text)
    pending = []  # here-document terminators whose bodies start at the next line
    at_word_start = True
    while i < n:
        ch = text[i]
        if ch == "\n" and pending:
            out.append("\n")
            i += 1
            while pending and i < n:
                end = text.find("\n", i)
                end = n if end < 0 else end
                if text[i:end].strip() == pending[0]:
                    pending.pop(0)
                i = end + 1
                out.append("\n")
            at_word_start = True
            continue
        if ch == "\\" and i + 1 < n:
            out.append(" " if text[i + 1] == "\n" else "x")
            i += 2
            continue
        if ch == "#" and at_word_start:
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch == "'" or (ch == "$" and text.startswith("$'", i)):
            start = i + (2 if ch == "$" else 1)
            end = text.find("'", start)
            i = n if end < 0 else end + 1
            out.append("''")
            at_word_start = False
            continue
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append('""')
            at_word_start = False
            continue
        if text.startswith("((", i):
            end = text.find("))", i)
            i = n if end < 0 else end + 2
            out.append(":")
            continue
        m = re.match(r"<<-?\s*(['\"]?)([A-Za-z_]\w*)\1", text[i:])
        if m and not text.startswith("<<<", i):
            pending.append(m.group(2))
            i += m.end()
            out.append(" ")
            continue
        out.append(ch)
        at_word_start = ch in " \t\n;|&()`"
        i += 1
    return "".join(out)


COMMAND_SPLIT = re.compile(r"\|\||&&|[|;&`{}]|\$\(|\(|\)|\bthen\b|\bdo\b|\belse\b|\bif\b|"
                           r"\bwhile\b|\buntil\b|!\s")
PROGRAM_NAME = re.compile(r"^[a-z][a-z0-9_.+-]*$")
CASE_LABEL = re.compile(r"^\s*\(?[^()\s]+(\s*\|\s*[^()\s]+)*\)")


def shell_functions(text):
    return set(re.findall(r"^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)", text, re.M))


def shell_commands(text):
    """The program names a shell script runs."""
    commands = set()
    body = re.sub(r"\$\{[^}]*\}", "x", sanitize_shell(text))  # ${parameter expansions}
    body = re.sub(r"([A-Za-z_]\w*\+?)=\([^)]*\)", r"\1=x", body)  # array assignments
    for line in body.split("\n"):
        line = CASE_LABEL.sub("", line)
        for segment in COMMAND_SPLIT.split(line):
            words = segment.split()
            # Leading assignments and redirections are not the command.
            while words and (re.match(r"^[A-Za-z_]\w*(\[[^]]*\])?\+?=", words[0])
                             or re.match(r"^\d*[<>]", words[0])):
                words.pop(0)
            while words and words[0] in WRAPPERS:
                words.pop(0)
                while words and (words[0].startswith("-") or re.match(r"^[\d.]+[smh]?$",
                                                                     words[0])
                                 or re.match(r"^[A-Za-z_]\w*=", words[0])):
                    words.pop(0)
            if words and PROGRAM_NAME.match(words[0]):
                commands.add(words[0])
    return commands


def cmake_commands(text):
    commands = set()
    for m in re.finditer(r"\bCOMMAND\s+([^\s)]+)", text):
        commands.add(m.group(1))
    for m in re.finditer(r"find_program\s*\(\s*\w+\s+([^)]*)\)", text, re.S):
        words = m.group(1).split()
        if words and words[0] == "NAMES":
            words = words[1:]
        for word in words:
            if word.isupper():
                break
            commands.add(word)
    return {c for c in commands if PROGRAM_NAME.match(c)}


def python_commands(source):
    commands = set()
    for m in re.finditer(r"subprocess\.\w+\(\s*\[\s*['\"]([^'\"]+)['\"]", source):
        commands.add(m.group(1))
    for m in re.finditer(r"shutil\.which\(\s*['\"]([^'\"]+)['\"]", source):
        commands.add(m.group(1))
    return {c for c in commands if PROGRAM_NAME.match(c)}


def cpp_commands(source):
    commands = set()
    for pattern in (r"execvp\(\s*\"([^\"]+)\"", r"in_path\(\s*\"([^\"]+)\"\)",
                    r"command -v ([a-z][\w.+-]*)", r"(?:args|capture\()\s*=?\s*\{\s*\"([^\"]+)\"",
                    r"popen\(\s*\"([a-z][\w.+-]*)", r"std::string\(\"([a-z][\w.+-]*) [^\"]*\"\)\s*\+"):
        for m in re.finditer(pattern, source):
            commands.add(m.group(1))
    return {c for c in commands if PROGRAM_NAME.match(c)}


# ----------------------------------------------------------------------------------- headers

SYSTEM_INCLUDE = re.compile(r'^\s*#\s*include\s*<([^>]+)>', re.M)
QUOTED_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
VERILATOR_INCLUDE = "/usr/share/verilator/include"


def compiler_search_path(compiler, language, extra=()):
    """The directories `compiler` searches for <...> headers (empty if it is not installed)."""
    if not shutil.which(compiler, path=SYSTEM_PATH):
        return []
    out = subprocess.run([compiler, "-x", language, "-E", "-v", *extra, "/dev/null"],
                         capture_output=True, text=True).stderr
    m = re.search(r"#include <\.\.\.> search starts here:\n(.*?)End of search list", out, re.S)
    return [line.strip() for line in m.group(1).splitlines()] if m else []


def resolve_header(name, search):
    for directory in search:
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate):
            return os.path.normpath(candidate)
    return None


def verilator_runtime_headers(search):
    """Headers that the Verilator runtime headers accsim compiles include, transitively, outside
    Verilator's own folder: {header name: the Verilator header that includes it}."""
    found, seen = {}, set()
    todo = [os.path.join(VERILATOR_INCLUDE, n) for n in ("verilated.h", "verilated_fst_c.h")]
    while todo:
        path = todo.pop()
        if path in seen or not os.path.isfile(path):
            continue
        seen.add(path)
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        here = os.path.dirname(path)
        for name in QUOTED_INCLUDE.findall(text) + SYSTEM_INCLUDE.findall(text):
            local = os.path.join(here, name)
            if os.path.isfile(local):
                todo.append(os.path.normpath(local))
            elif resolve_header(name, [VERILATOR_INCLUDE]):
                todo.append(resolve_header(name, [VERILATOR_INCLUDE]))
            elif "/" not in name or SYSTEM_INCLUDE.search(f"#include <{name}>"):
                found.setdefault(name, os.path.relpath(path, "/usr/share/verilator"))
    return found


# ----------------------------------------------------------------------------------- Debian


# The PATH a fresh machine's root has: not this session's (pyenv, cargo, ...).
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
MERGED_USR = (("/usr/bin/", "/bin/"), ("/bin/", "/usr/bin/"), ("/usr/sbin/", "/sbin/"),
              ("/sbin/", "/usr/sbin/"), ("/usr/lib/", "/lib/"), ("/lib/", "/usr/lib/"))
_owners = {}


def path_variants(path):
    """`path` and its other name on a merged-/usr system (dpkg knows a file by one of them)."""
    variants = [path]
    for a, b in MERGED_USR:
        if path.startswith(a):
            variants.append(b + path[len(a):])
    return variants


def learn_owners(paths):
    """Asks dpkg, in one call, which packages installed `paths` (and their variants)."""
    todo = sorted({v for p in paths for v in path_variants(p)} - set(_owners))
    if not todo:
        return
    out = subprocess.run(["dpkg", "-S"] + todo, capture_output=True, text=True).stdout
    for line in out.splitlines():
        owners, _, owned = line.rpartition(": ")
        if owned in todo and not owners.startswith("diversion by"):
            _owners.setdefault(owned, owners.split(",")[0].split(":")[0].strip())
    for path in todo:
        _owners.setdefault(path, None)


def dpkg_owner(path):
    """The package that installed `path`, or None."""
    learn_owners([path])
    for variant in path_variants(path):
        if _owners.get(variant):
            return _owners[variant]
    return None


def program_owner(name):
    found = shutil.which(name, path=SYSTEM_PATH)
    if not found:
        return None, None
    owner = dpkg_owner(found)
    if owner is None:
        owner = dpkg_owner(os.path.realpath(found))
    return found, owner


def installed_closure(packages):
    """The listed packages and every installed package they depend on, transitively."""
    status = subprocess.run(["dpkg-query", "-W", "-f=${Package}\t${Provides}\t${Depends},"
                             "${Pre-Depends}\n"], capture_output=True, text=True).stdout
    depends, providers = {}, {}
    for line in status.splitlines():
        name, provides, deps = (line.split("\t") + ["", ""])[:3]
        names = re.findall(r"(?:^|[,|])\s*([a-z0-9][a-z0-9+.-]*)", deps)
        depends[name] = names
        for p in re.findall(r"([a-z0-9][a-z0-9+.-]*)", re.sub(r"\([^)]*\)", "", provides)):
            providers.setdefault(p, []).append(name)
    seen, todo = set(), list(packages)
    while todo:
        pkg = todo.pop()
        for real in [pkg] + providers.get(pkg, []):
            if real in depends and real not in seen:
                seen.add(real)
                todo.extend(depends[real])
    return seen


def essential_packages():
    out = subprocess.run(["dpkg-query", "-W", "-f=${Package}\t${Essential}\t${Priority}\n"],
                         capture_output=True, text=True).stdout
    base = set()
    for line in out.splitlines():
        name, essential, priority = (line.split("\t") + ["", ""])[:3]
        if essential == "yes" or priority == "required":
            base.add(name)
    return base


def module_origin(python, module):
    code = ("import importlib.util, sys\n"
            "s = importlib.util.find_spec(sys.argv[1])\n"
            "print(s.origin if s and s.origin else (list(s.submodule_search_locations)[0]"
            " if s and s.submodule_search_locations else ''))\n")
    out = subprocess.run([python, "-c", code, module], capture_output=True, text=True)
    return out.stdout.strip() if out.returncode == 0 else ""


# ----------------------------------------------------------------------------------- check


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--root", default=os.path.normpath(os.path.join(here, "..", "..")))
    parser.add_argument("--list", help="a setup script holding the list (default: "
                        "ROOT/scripts/setup.sh)")
    parser.add_argument("--python", default="/usr/bin/python3",
                        help="the Python the tests run (Debian's)")
    parser.add_argument("--verbose", action="store_true",
                        help="print each module and program with the package it comes from")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    list_path = args.list or os.path.join(root, "scripts", "setup.sh")
    listed = read_list(list_path) if os.path.isfile(list_path) else None
    if not listed:
        print(f"check_setup_packages: no PACKAGES=( ... ) list in {list_path}", file=sys.stderr)
        return 2
    allowed = installed_closure(listed) | essential_packages()
    own_modules = local_module_names(root)
    stdlib = set(sys.stdlib_module_names)
    # Programs this tree builds (reached through paths or variables) and shell functions it
    # defines (in a script or in one it sources) are not the system's.
    tree_programs = {"accsim"}
    for path in walk_files(root):
        if path.endswith((".sh", "CMakeLists.txt", ".cmake")) or os.path.basename(path) == "run":
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except (UnicodeDecodeError, OSError):
                continue
            tree_programs |= shell_functions(text)
            tree_programs |= set(re.findall(r"add_executable\(\s*([\w.+-]+)", text))

    modules, programs, headers = {}, {}, {}
    for path in walk_files(root):
        rel = os.path.relpath(path, root)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        found_modules, found_programs = set(), set()
        if is_python_script(path, text):
            found_modules |= imports_of_source(text)
            found_programs |= python_commands(text)
        elif is_shell_script(path, text):
            for snippet in embedded_python(text):
                found_modules |= imports_of_source(snippet)
            found_programs |= shell_commands(text)
        elif os.path.basename(path) == "CMakeLists.txt" or path.endswith(".cmake"):
            for snippet in embedded_python(text):
                found_modules |= imports_of_source(snippet)
            found_programs |= cmake_commands(text)
        elif os.path.basename(path) == "CMakePresets.json":
            found_programs |= set(re.findall(r'"CMAKE_(?:C|CXX)_COMPILER"\s*:\s*"([\w.+-]+)"', text))
        elif (path.endswith((".cpp", ".h")) and rel.split(os.sep)[0] in ("apps", "models")
              and re.search(r"\b(execvp|popen|std::system)\(", text)):
            found_programs |= cpp_commands(text)
        if path.endswith((".c", ".cpp", ".cc", ".h", ".hpp", ".S")):
            kind = "firmware" if rel.startswith("firmware_stub" + os.sep) else "host"
            for name in SYSTEM_INCLUDE.findall(text):
                headers.setdefault((kind, name), rel)
        for m in found_modules - stdlib - own_modules - {"__future__"}:
            modules.setdefault(m, []).append(rel)
        for p in found_programs - SHELL_WORDS - tree_programs:
            programs.setdefault(p, []).append(rel)

    origins = {m: module_origin(args.python, m) for m in modules}
    found_programs = {p: shutil.which(p, path=SYSTEM_PATH) for p in programs}
    learn_owners([o for o in origins.values() if o] +
                 [q for f in found_programs.values() if f for q in (f, os.path.realpath(f))])

    # Headers: the host's through the host compiler's search path plus the libraries' folders
    # (SystemC's and Verilator's), the firmware's through the cross compiler's.
    host_search = (compiler_search_path("c++", "c++") +
                   [VERILATOR_INCLUDE, os.path.join(VERILATOR_INCLUDE, "vltstd")])
    firmware_search = compiler_search_path("riscv64-unknown-elf-gcc", "c",
                                           ["--specs=picolibc.specs"])
    for name, includer in verilator_runtime_headers(host_search).items():
        # Those not found are other platforms' (windows.h, io.h behind #ifdef _WIN32).
        if resolve_header(name, host_search):
            headers.setdefault(("host", name), "/usr/share/verilator/" + includer)
    header_paths = {}
    for (kind, name), where in headers.items():
        search = firmware_search if kind == "firmware" else host_search
        if search:
            header_paths[(kind, name)] = resolve_header(name, search)
    learn_owners([p for p in header_paths.values() if p])

    def coverage(where, what, found, owner):
        """The problem with a module, program or header `what` used at `where`, or None."""
        if found is None:
            return (f"{where}: {what}, which is not installed (add the Debian package "
                    "providing it to PACKAGES in scripts/setup.sh)")
        if owner is None:
            return (f"{where}: {what} ({found}), which no Debian package installed (pip? a "
                    "hand-built copy?); use a Debian package and list it")
        if owner not in allowed:
            return (f"{where}: {what}, from Debian package {owner}, which "
                    "scripts/setup.sh does not install")
        return None

    used = []  # (where, what, found path, owning package)
    for (kind, name), where in sorted(headers.items()):
        if (kind, name) not in header_paths:
            continue  # that compiler is not installed: its own package is reported
        found = header_paths[(kind, name)]
        # A header of the tree itself, included with <> from an include directory of ours.
        if found is None and any(os.path.isfile(os.path.join(d, name)) for d, _, _ in
                                 os.walk(root) if "build" not in d.split(os.sep)):
            continue
        used.append((where, f"includes <{name}>", found, dpkg_owner(found) if found else None))
    for module in sorted(modules):
        origin = origins[module] or None
        used.append((modules[module][0], f"imports {module}", origin,
                     dpkg_owner(origin) if origin else None))
    for program in sorted(programs):
        found, owner = program_owner(program)
        used.append((programs[program][0], f"runs {program}", found, owner))

    problems = []
    for where, what, found, owner in used:
        if args.verbose:
            print(f"{where}: {what}: {found}, package {owner}")
        problem = coverage(where, what, found, owner)
        if problem:
            problems.append(problem)

    for line in problems:
        print(line)
    print(f"check_setup_packages: {len(listed)} listed packages ({len(allowed)} with their "
          f"dependencies and the essential set); {len(modules)} third-party modules and "
          f"{len(programs)} programs and {len(headers)} headers used; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
