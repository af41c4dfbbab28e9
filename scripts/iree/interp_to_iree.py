#!/usr/bin/env python3
"""interp kernels in IREE programs: an interp module -> an IREE input module
whose functions call interp's own compiled kernels (IREE custom dispatches).

Route (docs/IREE.md): IREE's "custom dispatch" of
samples/custom_dispatch/cpu/embedded. For every public function of the
input module (static shapes, tensors in, one tensor out):

  1. the function becomes a kernel: a wrapper writing its result into a
     memref destination, `interp-opt --inline --symbol-dce
     --interp-to-llvm=target-features=host`, then the LLVM dialect is
     rewritten so that the kernel is self-contained: `aligned_alloc`/`free`
     become a bump allocator over a scratch buffer IREE allocates (passed
     down as an extra argument, no globals, no TLS), interp's run-time check
     functions are defined in the shim and record a failure in the arena's
     header;
  2. `mlir-translate` + `clang -O3 -march=native -fno-slp-vectorize`
     (the flags of interp-bench's AOT kernels) compile it together with a
     small C shim (the bare-pointer entry point IREE calls, the per-
     workgroup slicing, memcpy/memset) into one relocatable object
     (`ld.lld -r`) that must have no undefined symbols;
  3. the IREE module: a `stream.executable` with
     `hal.executable.objects` naming that object for every llvm-cpu
     embedded-elf-x86_64 target, an export whose workgroup count is the
     number of slices, a dispatch function that calls the shim with each
     binding's base pointer and offset (`iree_codegen.extract_strided_metadata`,
     `llvm.bareptr`), and the original function, now a `flow.dispatch`
     that also writes a status word (a failed check ORs in
     IREE_STATUS_RESOURCE_EXHAUSTED), loaded and passed to
     `util.status.check_ok`.

Parallelism: the leading dimensions the function does not interpolate
(N, C of NCHW) are split into slices; the kernel is compiled for one slice
and every IREE workgroup runs a contiguous range of slices (local-task
spreads the workgroups over its workers). A function whose leading
dimension is interpolated runs as one workgroup.

Usage:
  interp_to_iree.py IN.mlir -o OUT.iree.mlir [--work DIR] [--bin-dir BUILD/bin]
                    [--max-workgroups N] [--embed] [--arena-capacity BYTES]

OUT.iree.mlir is then compiled by iree-compile (llvm-cpu, x86-64) as usual:
  iree-compile --iree-hal-target-device=local \\
    --iree-hal-local-target-device-backends=llvm-cpu \\
    --iree-llvmcpu-target-cpu=host OUT.iree.mlir -o OUT.vmfb

Standard library only.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLVM_BIN = "/usr/lib/llvm-22/bin"
CLANG_FLAGS = ["-O3", "-march=native", "-fno-slp-vectorize", "-fPIC", "-ffreestanding",
               "-fvisibility=hidden", "-fno-plt", "-fno-exceptions", "-ffunction-sections",
               "-fdata-sections", "-Wno-override-module", "--target=x86_64-unknown-none-elf"]
# Bytes per scratch allocation kept for alignment (aligned_alloc's alignment
# is at most this; interp asks for 64).
ALIGN = 64
HEADER = 64  # the bump allocator's state at the start of each scratch slice

ELEM_BYTES = {"f32": 4, "f16": 2, "bf16": 2, "f64": 8, "i8": 1, "ui8": 1, "si8": 1,
              "i16": 2, "ui16": 2, "i32": 4, "ui32": 4, "i64": 8, "ui64": 8}
# Element types as the dispatch's memrefs spell them (signless).
SIGNLESS = {"ui8": "i8", "si8": "i8", "ui16": "i16", "ui32": "i32", "ui64": "i64"}


class Error(Exception):
    pass


def run(cmd, what):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise Error("%s failed (%s): %s" % (what, " ".join(cmd[:2]), r.stderr.strip()[-3000:]))
    return r.stdout


def parse_tensor(ty):
    """'tensor<1x3x4xf32>' -> ([1, 3, 4], 'f32'); None if not a static ranked tensor."""
    m = re.fullmatch(r"tensor<((?:\d+x)*)([a-z]+\d*)>", ty.strip())
    if not m:
        return None
    dims = [int(d) for d in m.group(1).split("x") if d]
    return dims, m.group(2)


def tensor_type(dims, elem):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in dims), elem)


def memref_type(dims, elem):
    return "memref<%s%s>" % ("".join("%dx" % d for d in dims), SIGNLESS.get(elem, elem))


FUNC = re.compile(r"^  func\.func (?:private )?@([\w$.]+)\(([^\n]*)\) -> ([^\n]+?) (?:attributes \{[^\n]*\} )?\{\n(.*?)^  \}\n",
                  re.M | re.S)


def split_args(params):
    """'%arg0: tensor<..>, %arg1: tensor<..>' -> [(name, type)]."""
    out = []
    for p in re.split(r", (?=%)", params) if params.strip() else []:
        name, ty = p.split(": ", 1)
        ty = re.sub(r" \{.*\}$", "", ty)
        out.append((name, ty))
    return out


def interp_axes(body):
    """The interpolated axes of every interp op in body (a set), or None when
    some op's axes are not a visible constant."""
    consts = {}
    for m in re.finditer(r"(%\w+) = arith\.constant dense<(\[[^\]]*\]|-?\d+)> : tensor<(\d+)xi(?:32|64)>", body):
        value = m.group(2)
        n = int(m.group(3))
        consts[m.group(1)] = (json_list(value) if value.startswith("[") else [int(value)] * n)
    axes = set()
    for m in re.finditer(r"interp\.interpolate_v(\d+) ([^{:]*?)(\{[^}]*\})? : \(([^)]*)\)", body):
        version, operands, attrs, types = m.group(1), m.group(2), m.group(3) or "", m.group(4)
        ops = [o.strip() for o in operands.split(",")]
        rank = len(parse_tensor(types.split(",")[0])[0]) if parse_tensor(types.split(",")[0]) else None
        if version == "1":
            a = re.search(r"axes = \[([^\]]*)\]", attrs)
            if not a:
                return None
            axes |= {int(x) for x in a.group(1).split(",") if x.strip()}
            continue
        expected = 4 if version == "4" else 3
        if len(ops) < expected:  # no axes operand: every axis
            if rank is None:
                return None
            axes |= set(range(rank))
            continue
        if ops[expected - 1] not in consts:
            return None
        axes |= {a % rank if rank else a for a in consts[ops[expected - 1]]}
    if "interp." in body and not re.search(r"interp\.interpolate_v", body):
        return None
    return axes


def json_list(text):
    return [int(x) for x in text.strip("[]").split(",") if x.strip()]


def split_depth(args, result, body):
    """How many leading dimensions are sliced: shared by every tensor argument
    of the result's rank and the result, and not interpolated."""
    axes = interp_axes(body)
    if axes is None or result is None:
        return 0
    rdims = result[0]
    same_rank = [a for a in args if a is not None and len(a[0]) == len(rdims)]
    if not same_rank:
        return 0
    k = 0
    while k < len(rdims) - 1 and k not in axes and all(a[0][k] == rdims[k] for a in same_rank):
        k += 1
    return k


class Kernel:
    """One public function, compiled to an object with the shim."""

    def __init__(self, name, args, result, body, module_text, max_workgroups):
        self.name = name
        self.args = args  # [(ssa name, type text)]
        self.result = result
        self.body = body
        self.module_text = module_text
        self.arg_tensors = [parse_tensor(t) for _, t in args]
        if any(a is None for a in self.arg_tensors):
            raise Error("@%s: only static tensor arguments are supported (got %s)" % (
                name, ", ".join(t for _, t in args)))
        self.res = parse_tensor(result)
        if self.res is None:
            raise Error("@%s: the result must be one static tensor (got %s)" % (name, result))
        # A result without elements needs no kernel: the IREE function
        # returns an empty tensor.
        self.empty = math.prod(self.res[0]) == 0
        self.depth = split_depth(self.arg_tensors, self.res, body)
        self.slices = math.prod(self.res[0][:self.depth]) if self.depth else 1
        self.workgroups = max(1, min(self.slices, max_workgroups))
        self.per_wg = max(1, -(-self.slices // self.workgroups))
        self.workgroups = -(-self.slices // self.per_wg)
        self.sym = "interp_iree_" + re.sub(r"\W", "_", name)

    def sliced(self, t):
        dims, elem = t
        if self.depth and len(dims) == len(self.res[0]):
            return [1] * self.depth + dims[self.depth:], elem
        return dims, elem

    def slice_split(self, t):
        return self.depth and len(t[0]) == len(self.res[0])

    def kernel_module(self):
        """The input module with @name rewritten into the kernel entry: its
        tensors sliced, its result materialized into a memref destination
        (interp's dialect has no inliner interface: the function itself is
        rewritten rather than called)."""
        text = self.module_text
        fn = FUNC.search(text, pos=text.find("  func.func @%s(" % self.name))
        src = fn.group(0)
        new = src
        if self.depth:
            for t in set(re.findall(r"tensor<[^>]*>", src)):
                pt = parse_tensor(t)
                if pt and len(pt[0]) == len(self.res[0]) and pt[0][:self.depth] == self.res[0][:self.depth]:
                    new = new.replace(t, tensor_type(*self.sliced(pt)))
        out = self.sliced(self.res)
        out_tensor = tensor_type(*out)
        out_memref = "memref<%s%s>" % ("".join("%dx" % d for d in out[0]), out[1])
        header, rest = new.split("\n", 1)
        params = ", ".join("%s: %s" % (n, tensor_type(*self.sliced(t)))
                           for (n, _), t in zip(self.args, self.arg_tensors))
        header = "  func.func @%s_kernel(%s%s%%interp_out: %s) attributes {llvm.emit_c_interface} {" % (
            self.sym, params, ", " if params else "", out_memref)
        rest, count = re.subn(
            r"^    return (%[\w#]+) : [^\n]*$",
            lambda m: "    bufferization.materialize_in_destination %s in restrict writable %%interp_out : "
                      "(%s, %s) -> ()\n    return" % (m.group(1), out_tensor, out_memref),
            rest, flags=re.M)
        if count != 1:
            raise Error("@%s: expected one return in the function body" % self.name)
        text = text[:fn.start()] + header + "\n" + rest + text[fn.end():]
        # Every other function private: the entry is the only public one.
        text = re.sub(r"^  func\.func @(?!%s_kernel\()" % self.sym, "  func.func private @", text, flags=re.M)
        return text


SCRATCH_ARG = "%interp_iree_scratch"


def self_contained(llvm_text):
    """Rewrites the lowered module: every defined function takes the scratch
    pointer last; aligned_alloc/free become the shim's arena functions.
    Returns (text, scratch bytes per slice)."""
    defined = set(re.findall(r"^  llvm\.func (?:internal |private |linkonce_odr )?@([\w$.]+)\(.*\{$",
                             llvm_text, re.M))
    lines = llvm_text.split("\n")
    sizes = []
    per_function = [sizes]
    out = []
    consts = {}
    for line in lines:
        m = re.match(r"^  llvm\.func (?:internal |private )?@([\w$.]+)\((.*?)\)( -> [^{]*?)?( attributes \{.*\})? \{$", line)
        if m and m.group(1) in defined:
            params = m.group(2)
            sep = ", " if params else ""
            i = line.index("(" + params + ")") + 1 + len(params)
            line = line[:i] + sep + SCRATCH_ARG + ": !llvm.ptr" + line[i:]
            consts = {}
            sizes = []
            per_function.append(sizes)
        c = re.match(r"^\s*(%\w+) = llvm\.mlir\.constant\((-?\d+) : (?:i64|index)\) : i64$", line)
        if c:
            consts[c.group(1)] = int(c.group(2))
        call = re.match(r"^(\s*(?:%\w+ = )?)llvm\.call @([\w$.]+)\((.*?)\) : \((.*?)\) -> (.*)$", line)
        if call:
            prefix, callee, operands, types, ret = call.groups()
            if callee in defined:
                sep = ", " if operands else ""
                line = "%sllvm.call @%s(%s%s%s) : (%s%s!llvm.ptr) -> %s" % (
                    prefix, callee, operands, sep, SCRATCH_ARG, types, sep, ret)
            elif callee in ("aligned_alloc", "free"):
                line = "%sllvm.call @interp_iree_%s(%s, %s) : (!llvm.ptr, %s) -> %s" % (
                    prefix, callee, SCRATCH_ARG, operands, types, ret)
            elif callee in ("interp_check_buffer_size", "interp_check_allocation"):
                if callee == "interp_check_buffer_size":
                    size = operands.split(",")[0].strip()
                    if size not in consts:
                        raise Error("a scratch buffer of run-time size (dynamic shapes are not supported yet)")
                    sizes.append(consts[size])
                # The shim's checks record a failure in the arena's header.
                line = "%sllvm.call @interp_iree_%s(%s, %s) : (!llvm.ptr, %s) -> %s" % (
                    prefix, callee[len("interp_"):], SCRATCH_ARG, operands, types, ret)
        out.append(line)
    text = "\n".join(out)
    text = text.replace("llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr",
                        "llvm.func @interp_iree_aligned_alloc(!llvm.ptr, i64, i64) -> !llvm.ptr")
    text = text.replace("llvm.func @free(!llvm.ptr)", "llvm.func @interp_iree_free(!llvm.ptr, !llvm.ptr)")
    text = text.replace("llvm.func @interp_check_buffer_size(i64, i1) -> i1",
                        "llvm.func @interp_iree_check_buffer_size(!llvm.ptr, i64, i1) -> i1")
    text = text.replace("llvm.func @interp_check_allocation(i64, i64) -> i1",
                        "llvm.func @interp_iree_check_allocation(!llvm.ptr, i64, i64) -> i1")
    if re.search(r"llvm\.call @(aligned_alloc|free)\(", text):
        raise Error("an allocation the rewrite missed")
    # The functions that allocate are alternatives (contiguous and strided
    # variants) or nested calls, each with its own allocations: the largest
    # function's total, plus every other's, bounds what one call uses when
    # they nest; the variants do not nest, so the largest one suffices.
    return text, HEADER + max(sum(s + ALIGN for s in f) for f in per_function)


SHIM = r"""// Generated by scripts/iree/interp_to_iree.py: the entry point IREE calls.
#include <stddef.h>
#include <stdint.h>

#define HIDDEN __attribute__((visibility("hidden")))

// memcpy/memset/memmove: LLVM may call them from the kernel; the embedded
// ELF links nothing else.
HIDDEN __attribute__((no_builtin)) void *memcpy(void *d, const void *s, size_t n) {
  unsigned char *dd = d; const unsigned char *ss = s;
  for (size_t i = 0; i < n; ++i) dd[i] = ss[i];
  return d;
}
HIDDEN __attribute__((no_builtin)) void *memmove(void *d, const void *s, size_t n) {
  unsigned char *dd = d; const unsigned char *ss = s;
  if (dd < ss) { for (size_t i = 0; i < n; ++i) dd[i] = ss[i]; }
  else { for (size_t i = n; i > 0; --i) dd[i - 1] = ss[i - 1]; }
  return d;
}
HIDDEN __attribute__((no_builtin)) void *memset(void *d, int c, size_t n) {
  unsigned char *dd = d;
  for (size_t i = 0; i < n; ++i) dd[i] = (unsigned char)c;
  return d;
}

// memref.copy of non-contiguous memrefs (MLIR's runner utils' memrefCopy):
// src and dst are unranked descriptors {rank, ranked descriptor}.
typedef struct { int64_t rank; char *descriptor; } unranked_t;
HIDDEN void memrefCopy(int64_t elem, unranked_t *src, unranked_t *dst) {
  int64_t rank = src->rank;
  char *s_base = ((char **)src->descriptor)[1], *d_base = ((char **)dst->descriptor)[1];
  int64_t *s_meta = (int64_t *)(src->descriptor + 2 * sizeof(char *));
  int64_t *d_meta = (int64_t *)(dst->descriptor + 2 * sizeof(char *));
  int64_t *sizes = s_meta + 1, *s_strides = s_meta + 1 + rank, *d_strides = d_meta + 1 + rank;
  int64_t index[32] = {0};
  if (rank > 32) return;
  for (int64_t r = 0; r < rank; ++r) if (sizes[r] == 0) return;
  char *s = s_base + s_meta[0] * elem, *d = d_base + d_meta[0] * elem;
  for (;;) {
    int64_t so = 0, doff = 0;
    for (int64_t r = 0; r < rank; ++r) { so += index[r] * s_strides[r]; doff += index[r] * d_strides[r]; }
    memcpy(d + doff * elem, s + so * elem, (size_t)elem);
    int64_t r = rank - 1;
    for (; r >= 0; --r) { if (++index[r] < sizes[r]) break; index[r] = 0; }
    if (r < 0) return;
  }
}

// The scratch slice of one workgroup: a header (bytes used, the failure
// flag) and a bump arena; free() of the last allocation rewinds it.
typedef struct { int64_t used, capacity, last, failed; } arena_t;

HIDDEN void *interp_iree_aligned_alloc(void *scratch, int64_t align, int64_t size) {
  arena_t *a = (arena_t *)scratch;
  int64_t start = (a->used + align - 1) / align * align;
  if (size < 0 || start + size > a->capacity) { a->failed = 1; return 0; }
  a->last = a->used;
  a->used = start + size;
  return (char *)scratch + %(header)d + start;
}
HIDDEN void interp_iree_free(void *scratch, void *p) { (void)scratch; (void)p; }
// The kernel returns at once when a check fails; the failure flag tells the
// host (through the status binding).
HIDDEN _Bool interp_iree_check_buffer_size(void *scratch, int64_t bytes, _Bool overflowed) {
  _Bool ok = !overflowed && bytes >= 0;
  if (!ok) ((arena_t *)scratch)->failed = 1;
  return ok;
}
HIDDEN _Bool interp_iree_check_allocation(void *scratch, int64_t pointer, int64_t bytes) {
  (void)bytes;
  if (!pointer) ((arena_t *)scratch)->failed = 1;
  return pointer != 0;
}

%(descriptors)s
void _mlir_ciface_%(sym)s_kernel(%(kernel_params)s);

// One workgroup: slices [wg * %(per_wg)d, min(+%(per_wg)d, %(slices)d)).
// Each binding is (base pointer, element offset), as llvm.bareptr passes
// iree_codegen.extract_strided_metadata's results.
// A failed slice stops the workgroup and ORs IREE_STATUS_RESOURCE_EXHAUSTED
// (8) into the status word, which the host function checks.
void %(sym)s_wg(%(params)s, char *scratch, size_t scratch_offset, size_t wg) {
  char *arena = scratch + scratch_offset + wg * (size_t)%(scratch_bytes)d;
  size_t first = wg * %(per_wg)d, last = first + %(per_wg)d;
  if (last > %(slices)d) last = %(slices)d;
  for (size_t s = first; s < last; ++s) {
    arena_t *a = (arena_t *)arena;
    a->used = 0; a->capacity = %(capacity)d; a->last = 0; a->failed = 0;
%(setup)s
    _mlir_ciface_%(sym)s_kernel(%(call)s);
    if (a->failed) {
      __atomic_fetch_or(status + status_offset, 8, __ATOMIC_RELAXED);
      return;
    }
  }
}
"""


def c_elem(elem):
    return "char"


def make_shim(k, scratch_bytes, capacity=None):
    """The entry point's C source. `capacity`: the arena's usable bytes
    (default: the scratch slice after the header; smaller only to test the
    failure path)."""
    descriptors = set()
    params, setup, call, kparams = [], [], [], []
    tensors = list(enumerate(k.arg_tensors)) + [("out", k.res)]
    for i, t in tensors:
        dims, elem = k.sliced(t)
        rank = len(dims)
        dname = "desc%d_t" % rank
        if rank:
            descriptors.add("typedef struct { char *allocated, *aligned; int64_t offset; int64_t sizes[%d]; "
                            "int64_t strides[%d]; } %s;" % (rank, rank, dname))
        else:
            descriptors.add("typedef struct { char *allocated, *aligned; int64_t offset; } %s;" % dname)
        b = "b%s" % i
        if i == "out":
            # The status word is the last operand: its binding comes
            # before the results'.
            params.append("int32_t *status, size_t status_offset")
        params.append("char *%s, size_t %s_offset" % (b, b))
        slice_elems = math.prod(dims)
        split = k.slice_split(t)
        setup.append("    %s d_%s;" % (dname, b))
        # The destination is an identity-layout memref (its offset is
        # statically 0): every pointer is moved to the slice instead.
        setup.append("    d_%s.allocated = d_%s.aligned = %s + ((size_t)%s_offset%s) * %d;" % (
            b, b, b, b, " + s * %d" % slice_elems if split else "", ELEM_BYTES[elem]))
        setup.append("    d_%s.offset = 0;" % b)
        stride = 1
        strides = []
        for d in reversed(dims):
            strides.append(stride)
            stride *= d
        strides.reverse()
        for j, (d, st) in enumerate(zip(dims, strides)):
            setup.append("    d_%s.sizes[%d] = %d; d_%s.strides[%d] = %d;" % (b, j, d, b, j, st))
        call.append("&d_%s" % b)
        kparams.append("%s *" % dname)
    call.append("arena")
    kparams.append("void *")
    text = SHIM % dict(header=HEADER, descriptors="\n".join(sorted(descriptors)), sym=k.sym,
                       kernel_params=", ".join(kparams), per_wg=k.per_wg, slices=k.slices,
                       params=", ".join(params), scratch_bytes=scratch_bytes,
                       capacity=scratch_bytes - HEADER if capacity is None else capacity,
                       setup="\n".join(setup),
                       call=", ".join(call))
    return text


def build_object(k, work, bin_dir, arena_capacity=None):
    base = os.path.join(work, k.sym)
    with open(base + ".kernel.mlir", "w") as f:
        f.write(k.kernel_module())
    run([os.path.join(bin_dir, "interp-opt"), base + ".kernel.mlir", "--symbol-dce",
         "--interp-to-llvm=target-features=host", "-o", base + ".llvm.mlir"], "interp-opt")
    text, scratch = self_contained(open(base + ".llvm.mlir").read())
    scratch = (scratch + ALIGN - 1) // ALIGN * ALIGN
    with open(base + ".iree.llvm.mlir", "w") as f:
        f.write(text)
    run([os.path.join(LLVM_BIN, "mlir-translate"), "--mlir-to-llvmir", base + ".iree.llvm.mlir",
         "-o", base + ".ll"], "mlir-translate")
    with open(base + ".shim.c", "w") as f:
        f.write(make_shim(k, scratch, arena_capacity))
    clang = os.path.join(LLVM_BIN, "clang")
    run([clang] + CLANG_FLAGS + ["-c", base + ".ll", "-o", base + ".kernel.o"], "clang (kernel)")
    run([clang] + CLANG_FLAGS + ["-std=c17", "-fno-builtin", "-c", base + ".shim.c", "-o", base + ".shim.o"],
        "clang (shim)")
    obj = base + ".o"
    run([os.path.join(LLVM_BIN, "ld.lld"), "-r", base + ".kernel.o", base + ".shim.o", "-o", obj], "ld.lld -r")
    undefined = run([os.path.join(LLVM_BIN, "llvm-nm"), "-u", obj], "llvm-nm").split()
    undefined = [u for u in undefined if u != "U"]
    if undefined:
        raise Error("@%s: the kernel object needs %s, which IREE does not link" % (k.name, ", ".join(undefined)))
    return obj, scratch


def iree_module(kernels, embed, bf16_bits=False):
    def host(t):
        ty = tensor_type(*t)
        return ty.replace("xbf16>", "xi16>").replace("<bf16>", "<i16>") if bf16_bits else ty

    lines = ["// Generated by scripts/iree/interp_to_iree.py: interp's kernels as IREE custom dispatches.",
             "#interp_x86_64 = #hal.executable.target<\"llvm-cpu\", \"embedded-elf-x86_64\">",
             "module {"]
    for k in kernels:
        if k.empty:
            args = ", ".join("%%a%d: %s" % (i, host(t)) for i, t in enumerate(k.arg_tensors))
            lines += ["  func.func @%s(%s) -> %s {" % (k.name, args, host(k.res)),
                      "    %%r = tensor.empty() : %s" % host(k.res),
                      "    return %%r : %s" % host(k.res), "  }"]
            continue
        obj, scratch = k.object
        if embed:
            data = open(obj, "rb").read()
            ref = "data = dense<[%s]> : vector<%dxi8>" % (", ".join(str(b if b < 128 else b - 256) for b in data), len(data))
        else:
            ref = "path = \"%s\"" % os.path.abspath(obj)
        # Bindings: the operands (the status word is one, tied to its
        # result), then the other results.
        tensors = list(enumerate(k.arg_tensors)) + [("status", ([1], "i32")), ("out", k.res)]
        bindings = ["%%b%s: !stream.binding" % i for i, _ in tensors] + ["%bscratch: !stream.binding"]
        decl, body, callargs = [], [], []
        for i, t in tensors + [("scratch", ([k.workgroups * scratch], "i8"))]:
            dims, elem = t
            mt = memref_type(dims, elem)
            rank = len(dims)
            sig = SIGNLESS.get(elem, elem)
            body.append("        %%m%s = stream.binding.subspan %%b%s[%%c0] : !stream.binding -> %s" % (i, i, mt))
            body.append("        %%base%s, %%off%s%s = iree_codegen.extract_strided_metadata %%m%s : %s -> memref<%s>, index%s" % (
                i, i, "".join(", %%sz%s_%d" % (i, j) for j in range(rank)) + "".join(", %%st%s_%d" % (i, j) for j in range(rank)),
                i, mt, sig, ", index" * (2 * rank)))
            decl.append("memref<%s>, index" % sig)
            callargs.append("%%base%s, %%off%s" % (i, i))
        lines += [
            "  stream.executable private @%s_executable attributes {" % k.sym,
            "    hal.executable.objects = #hal.executable.objects<{",
            "      #interp_x86_64 = [#hal.executable.object<{%s}>]" % ref,
            "    }>",
            "  } {",
            "    stream.executable.export public @%s workgroups() -> (index, index, index) {" % k.sym,
            "      %%x = arith.constant %d : index" % k.workgroups,
            "      %c1 = arith.constant 1 : index",
            "      stream.return %x, %c1, %c1 : index, index, index",
            "    }",
            "    builtin.module {",
            "      func.func private @%s_wg(%s, index) attributes {hal.import.static, llvm.bareptr = true}" % (
                k.sym, ", ".join(decl)),
            "      func.func @%s(%s) {" % (k.sym, ", ".join(bindings)),
            "        %c0 = arith.constant 0 : index",
            "        %wg = stream.dispatch.workgroup.id[0] : index",
        ] + body + [
            "        func.call @%s_wg(%s, %%wg) : (%s, index) -> ()" % (k.sym, ", ".join(callargs), ", ".join(decl)),
            "        return",
            "      }",
            "    }",
            "  }",
        ]
        args = ", ".join("%%a%d: %s" % (i, host(t)) for i, t in enumerate(k.arg_tensors))
        operands = ", ".join(["%%a%d" % i for i in range(len(k.arg_tensors))] + ["%status0"])
        operand_types = ", ".join([host(t) for t in k.arg_tensors] + ["tensor<1xi32>"])
        lines += [
            "  func.func @%s(%s) -> %s {" % (k.name, args, host(k.res)),
            "    %status0 = arith.constant dense<0> : tensor<1xi32>",
            "    %%r, %%status, %%scratch = flow.dispatch @%s_executable::@%s(%s) : (%s) -> (%s, %%status0, tensor<%dxi8>)" % (
                k.sym, k.sym, operands, operand_types, host(k.res), k.workgroups * scratch),
            "    %c0 = arith.constant 0 : index",
            "    %code = flow.tensor.load %status[%c0] : tensor<1xi32>",
            "    util.status.check_ok %%code, \"interp kernel @%s: a run-time check failed (its scratch "
            "arena is too small, or a buffer size overflowed)\"" % k.name,
            "    return %%r : %s" % host(k.res),
            "  }",
        ]
    lines.append("}")
    return "\n".join(lines) + "\n"


def convert(source, output, work, bin_dir, max_workgroups=64, embed=False, only=None,
            keep_going=False, bf16_bits=False, arena_capacity=None):
    os.makedirs(work, exist_ok=True)
    module = run([os.path.join(bin_dir, "interp-opt"), source], "interp-opt (parse)")
    kernels, failures = [], []
    for m in FUNC.finditer(module):
        name, params, result, body = m.group(1), m.group(2), m.group(3), m.group(4)
        if m.group(0).startswith("  func.func private") or (only and name not in only):
            continue
        try:
            k = Kernel(name, split_args(params), result, body, module, max_workgroups)
            if not k.empty:
                k.object = build_object(k, work, bin_dir, arena_capacity)
            kernels.append(k)
        except Error as e:
            if not keep_going:
                raise
            failures.append((name, str(e)))
    if not kernels and not failures:
        raise Error("no public function in %s" % source)
    with open(output, "w") as f:
        f.write(iree_module(kernels, embed, bf16_bits))
    return kernels, failures


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--work", help="directory for the kernel objects (default: OUTPUT's name + .d)")
    p.add_argument("--bin-dir", default=os.path.join(ROOT, "build", "bin"))
    p.add_argument("--max-workgroups", type=int, default=64)
    p.add_argument("--embed", action="store_true", help="embed the objects in the module (hermetic)")
    p.add_argument("--function", action="append", help="only these functions")
    p.add_argument("--keep-going", action="store_true",
                   help="leave out the functions that cannot be converted (reported) instead of failing")
    p.add_argument("--bf16-as-i16", action="store_true",
                   help="spell bf16 tensors i16 in the IREE functions' signatures (.npy has no bfloat16)")
    p.add_argument("--arena-capacity", type=int,
                   help="usable scratch bytes per slice (testing: smaller than the kernel needs "
                        "makes its calls fail with IREE's RESOURCE_EXHAUSTED)")
    args = p.parse_args()
    try:
        kernels, failures = convert(args.input, args.output, args.work or args.output + ".d", args.bin_dir,
                                    args.max_workgroups, args.embed, args.function, args.keep_going,
                                    args.bf16_as_i16, args.arena_capacity)
    except Error as e:
        print("interp_to_iree: error: %s" % e, file=sys.stderr)
        return 1
    for name, error in failures:
        print("interp_to_iree: @%s left out: %s" % (name, error), file=sys.stderr)
    for k in kernels:
        print("interp_to_iree: @%s: %d slice(s) of the leading %d dim(s), %d workgroup(s)" % (
            k.name, k.slices, k.depth, k.workgroups))
    return 0


if __name__ == "__main__":
    sys.exit(main())
