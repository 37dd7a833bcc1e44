#!/usr/bin/env python3
# Derives facts/data/zulip-events/zulip-10.2-events.json from Zulip 10.2's own event models (event_types.py):
#
#   python3 scripts/derive-zulip-events.py <path>/zulip-10.2/event_types.py [out.json]
#
# Python, not Node: the models are Python classes, and python3's own `ast` module reads them exactly, where a Node
# script would need a Python parser of its own. Only we run it, to regenerate the data; the product, its build and
# its tests read the JSON it writes, never event_types.py (nor need python3).
#
# Kept: every model class (a subclass of pydantic's BaseModel, directly or through another model), with its fields
# in declaration order, inherited ones first, each with its type and whether it is required (no default) or
# optional (a default, `| None = None` included; `default` says which value). Every event model (a model under
# BaseEvent whose `type` is a Literal) is listed under `events` by "type" or "type/op". No code, comment or
# validator is kept: only names, types and literal values.
#
# Types, as JSON:
#   "int" | "str" | "bool" | "float" | "object" | "None"   Python's scalars (`object`: any value)
#   {"literal": [v, ...]}                               typing.Literal
#   {"list": T}                                         list[T]
#   {"dict": {"key": K, "value": V}}                    dict[K, V]
#   {"anyOf": [T, ...]}                                 T | U (and Optional/Union)
#   {"model": "Name"}                                   another model of the file, under `models`
#   {"external": "Name"}                                a type the file imports (UserGroupMembersDict)
# Annotated[T, ...] is T; a module-level alias (Url = Annotated[str, ...]) is what it names.
import ast
import json
import os
import sys

SCRIPT = "scripts/derive-zulip-events.py"
SCALARS = {"int", "str", "bool", "float", "object"}


def main():
    if len(sys.argv) < 2:
        print(f"usage: python3 {SCRIPT} <event_types.py> [out.json]", file=sys.stderr)
        sys.exit(2)
    source = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "facts", "data", "zulip-events", "zulip-10.2-events.json")
    tree = ast.parse(open(source, encoding="utf8").read())

    imported = set()
    aliases = {}
    classes = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            imported.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            aliases[node.targets[0].id] = node.value
        elif isinstance(node, ast.ClassDef):
            classes[node.name] = node

    def bases(name):
        return [b.id for b in classes[name].bases if isinstance(b, ast.Name)]

    def is_model(name):
        return name in classes and any(b == "BaseModel" or is_model(b) for b in bases(name))

    def under_base_event(name):
        return name == "BaseEvent" or any(b in classes and under_base_event(b) for b in bases(name))

    def type_of(node):
        if isinstance(node, ast.Constant) and node.value is None:
            return "None"
        if isinstance(node, ast.Name):
            n = node.id
            if n in SCALARS:
                return n
            if n in aliases:
                return type_of(aliases[n])
            if is_model(n):
                return {"model": n}
            if n in imported:
                return {"external": n}
            raise SystemExit(f"{source}: unknown type name {n}")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            parts = []
            for side in (node.left, node.right):
                t = type_of(side)
                parts.extend(t["anyOf"] if isinstance(t, dict) and "anyOf" in t else [t])
            return {"anyOf": parts}
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            head = node.value.id
            args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if head == "Literal":
                return {"literal": [literal(a) for a in args]}
            if head == "list":
                return {"list": type_of(args[0])}
            if head == "dict":
                return {"dict": {"key": type_of(args[0]), "value": type_of(args[1])}}
            if head == "Annotated":
                return type_of(args[0])
            if head == "Optional":
                return {"anyOf": [type_of(args[0]), "None"]}
            if head == "Union":
                return {"anyOf": [type_of(a) for a in args]}
        raise SystemExit(f"{source}:{node.lineno}: type expression not understood: {ast.unparse(node)}")

    def literal(node):
        if isinstance(node, ast.Constant):
            return node.value
        raise SystemExit(f"{source}:{node.lineno}: Literal value not a constant: {ast.unparse(node)}")

    def own_fields(name):
        fields = []
        for stmt in classes[name].body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                f = {"name": stmt.target.id, "type": type_of(stmt.annotation), "required": stmt.value is None}
                if stmt.value is not None:
                    f["default"] = literal(stmt.value) if isinstance(stmt.value, ast.Constant) else ast.unparse(stmt.value)
                fields.append(f)
        return fields

    def fields_of(name):
        inherited = []
        for b in bases(name):
            if b in classes:
                inherited.extend(fields_of(b))
        mine = own_fields(name)
        names = {f["name"] for f in mine}
        return [f for f in inherited if f["name"] not in names] + mine

    models = {name: {"fields": fields_of(name)} for name in classes if is_model(name)}
    events = {}
    for name, model in models.items():
        if not under_base_event(name) or name == "BaseEvent":
            continue
        by_name = {f["name"]: f for f in model["fields"]}
        t = by_name.get("type", {}).get("type")
        if not (isinstance(t, dict) and "literal" in t):
            continue  # a shared base of several events, not an event itself
        op = by_name.get("op", {}).get("type")
        ops = op["literal"] if isinstance(op, dict) and "literal" in op else [None]
        for type_value in t["literal"]:
            for op_value in ops:
                key = type_value if op_value is None else f"{type_value}/{op_value}"
                events.setdefault(key, []).append(name)

    # A "Core" model and the subclass that adds its optional fields are one event: the most derived stands for it.
    def inherits(a, b):
        return any(x == b or (x in classes and inherits(x, b)) for x in bases(a))

    events = {k: [n for n in v if not any(inherits(m, n) for m in v if m != n)] for k, v in events.items()}

    # Models used by events (directly or nested) are all kept: a nested model is what an event's field names.
    data = {
        "source": {"file": os.path.basename(source), "release": "10.2", "featureLevel": 372, "derivedBy": SCRIPT},
        "events": dict(sorted(events.items())),
        "models": dict(sorted(models.items())),
    }
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf8") as fh:
        # One model a line: compact, and a re-derivation's diff shows what changed where.
        fh.write("{\n")
        fh.write(f'"source":{json.dumps(data["source"])},\n')
        fh.write('"events":{\n' + ",\n".join(f"{json.dumps(k)}:{json.dumps(v)}" for k, v in data["events"].items()) + "\n},\n")
        fh.write('"models":{\n' + ",\n".join(f"{json.dumps(k)}:{json.dumps(v)}" for k, v in data["models"].items()) + "\n}\n")
        fh.write("}\n")
    print(f"wrote {out}: {len(events)} event keys, {len(models)} models", file=sys.stderr)


main()
