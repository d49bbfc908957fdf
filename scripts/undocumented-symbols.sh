#!/usr/bin/env bash
# Prints the number of public symbols of the library products (LineFit, LineFitRender, LineFitC) that
# have no doc comment; with -v, also lists them as file:line kind name. CI requires 0.
# Symbols the compiler synthesizes (Equatable's ==, Codable's init(from:)) are skipped;
# protocol requirements implemented here count like any other declaration.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
out=".build/symbolgraph-undocumented"
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$out.log" 2>&1 \
  || { cat "$out.log" >&2; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$out.log" | tail -1)
python3 - "$graphs" "${1:-}" <<'PY'
import json, os, sys
folder, verbose = sys.argv[1], sys.argv[2] == "-v"
missing = []
for module in ("LineFit", "LineFitRender", "LineFitC"):
    path = os.path.join(folder, module + ".symbols.json")
    if module != "LineFit" and not os.path.exists(path):
        continue
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") != "public" or symbol.get("docComment"):
            continue
        location = symbol.get("location") or {}
        uri = location.get("uri", "")
        if "/Sources/" not in uri:
            continue  # declared outside the package's sources (synthesized, inherited)
        line = location.get("position", {}).get("line", -1) + 1
        path = "Sources/" + uri.split("/Sources/", 1)[1]
        missing.append(f"{path}:{line} {symbol['kind']['identifier']} {'.'.join(symbol['pathComponents'])}")
if verbose:
    print("\n".join(sorted(missing)), file=sys.stderr)
print(len(missing))
PY
