#!/usr/bin/env python3
"""The include depth of a folder: the longest chain of project includes from any of its files.

For: seeing how much of the project one file of server/ (or any folder) drags into its
compile, and whether a change made that chain shorter. A chain is a file, a project header
it includes ("path/from/the/root.hpp"), a project header that one includes, and so on; its
depth is the number of files in it. System and third-party headers (<...>) do not count.

Use: scripts/include-depth.py [FOLDER ...]   (default: server)
     scripts/include-depth.py --chains 5 server   (the five longest chains, one per start)
Prints the deepest chain and, per FOLDER, the depth and how many files reach it.
"""
import argparse
import functools
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
SOURCE_ENDINGS = (".hpp", ".cpp", ".h", ".cc")


def project_includes(path):
    with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
        text = f.read()
    found = []
    for name in INCLUDE.findall(text):
        if os.path.isfile(os.path.join(ROOT, name)):
            found.append(name)
    return found


@functools.lru_cache(maxsize=None)
def longest_chain(path, visiting=frozenset()):
    """The longest include chain from `path` (a tuple of paths), cycles cut."""
    best = ()
    for name in project_includes(path):
        if name in visiting or name == path:
            continue
        chain = longest_chain(name, visiting | {path})
        if len(chain) > len(best):
            best = chain
    return (path,) + best


def sources_under(folder):
    for directory, _, names in os.walk(os.path.join(ROOT, folder)):
        for name in sorted(names):
            if name.endswith(SOURCE_ENDINGS):
                yield os.path.relpath(os.path.join(directory, name), ROOT)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=["server"])
    parser.add_argument("--chains", type=int, default=1, help="how many chains to print")
    args = parser.parse_args()
    sys.setrecursionlimit(10000)
    for folder in args.folders:
        chains = sorted((longest_chain(path) for path in sources_under(folder)),
                        key=lambda chain: (-len(chain), chain))
        if not chains:
            print(f"{folder}: no sources")
            continue
        depth = len(chains[0])
        reaching = sum(1 for chain in chains if len(chain) == depth)
        print(f"{folder}: include depth {depth} ({reaching} of {len(chains)} files reach it)")
        for chain in chains[: args.chains]:
            print(f"  {len(chain)}: " + " -> ".join(chain))


if __name__ == "__main__":
    main()
