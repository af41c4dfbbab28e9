#!/usr/bin/env python3
"""Every validation rule lives once and is documented and tested: the ids the
code reports (lib/Semantics/Validation.cpp, plus element-type, which only the
verifier can check) are exactly the ids of docs/Semantics.md's Validation
table, and each has a negative test marked "// rule: <id>" in
test/Dialect/Interp/invalid.mlir. Prints what is missing and exits 1."""

import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                    pathlib.Path(__file__).resolve().parents[1])
code = set(re.findall(r'violation\(\s*"([a-z0-9-]+)"',
                      (root / "lib/Semantics/Validation.cpp").read_text()))
code.add("element-type")
semantics = (root / "docs/Semantics.md").read_text()
table = semantics[semantics.index("## Validation"):]
table = table[:table.index("\n## ", 1)]
docs = set(re.findall(r"^\| `([a-z0-9-]+)` \|", table, re.M))
tests = set(re.findall(r"// rule: ([a-z0-9-]+)",
                       (root / "test/Dialect/Interp/invalid.mlir").read_text()))
tests.discard("ods")

problems = []
for rule in sorted(code - docs):
    problems.append(f"rule '{rule}' is reported by the code but not in docs/Semantics.md")
for rule in sorted(docs - code):
    problems.append(f"rule '{rule}' is in docs/Semantics.md but no code reports it")
for rule in sorted(code - tests):
    problems.append(f"rule '{rule}' has no '// rule: {rule}' test in invalid.mlir")
for rule in sorted(tests - code):
    problems.append(f"invalid.mlir tests rule '{rule}', which the code does not know")
for p in problems:
    print("validation-ids:", p)
print(f"validation-ids: {len(code)} rules, {len(problems)} problems")
sys.exit(1 if problems else 0)
