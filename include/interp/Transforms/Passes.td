//===- Passes.td - interp's code generation passes ---------*- tablegen -*-===//

#ifndef INTERP_TRANSFORMS_PASSES_TD
#define INTERP_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def InterpSerializeNestedParallelLoops
    : Pass<"interp-serialize-nested-parallel-loops"> {
  let summary = "Keep only the outer dimensions of outermost scf.parallel "
                "loops parallel";
  let description = [{
    `convert-linalg-to-parallel-loops` makes every parallel dimension of a
    linalg op an `scf.parallel`. Handed to `convert-scf-to-openmp` as is, an
    `scf.parallel` nested in another one becomes a nested OpenMP region
    entered once per outer iteration, and the innermost dimension becomes
    part of a collapsed work-sharing loop whose flattened index defeats
    vectorization of the contiguous inner loop.

    This pass rewrites every `scf.parallel` nested in another one, and the
    innermost dimension of every outermost multi-dimensional one, into
    sequential `scf.for` loops (loops with reductions are left alone). When
    the innermost dimensions have short constant trip counts (at most 8, like
    the phase loop of an affine tap run), they and the next dimension out
    become sequential: LLVM unrolls the short loops and vectorizes the long
    one around them. At least one dimension stays parallel. The outer
    dimensions are distributed over threads; the inner loops stay simple,
    vectorizable loops.

    Of the parallel dimensions, at most one has a run-time trip count, and
    it comes first; the other run-time dimensions become the outermost
    sequential loops. convert-scf-to-openmp collapses the parallel
    dimensions into one OpenMP loop whose index is divided by the trip
    counts of the inner ones, and LLVM's loop strength reduction recomputes
    those divisions inside the vectorized inner loop unless the divisors are
    constants (one `div` per vector iteration). The run-time dimension kept
    parallel is the innermost one (a spatial one, where the batch is small).

    A function whose loops all have constant trip counts and run fewer
    innermost iterations in all than `min-parallel-iterations` becomes
    sequential as a whole: each OpenMP region forks and joins the threads,
    which costs more than such a function's work (a 64x64 resize:
    benchmarks/LOG.md, 2026-12-02, "OpenMP").
  }];
  let options = [
    Option<"minParallelIterations", "min-parallel-iterations", "uint64_t",
           "::mlir::interp::kMinParallelIterations",
           "Functions of constant trip counts that run fewer innermost loop "
           "iterations than this stay sequential; 0 keeps every parallel "
           "loop">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def InterpEliminateDestinationEmptyTensors
    : Pass<"interp-eliminate-destination-empty-tensors"> {
  let summary = "Compute a result materialized into a memref in that memref, "
                "through scf.if branches";
  let description = [{
    A result computed into a `tensor.empty` and then written to a buffer by
    `bufferization.materialize_in_destination ... restrict writable` costs
    an allocation and a full copy unless the `tensor.empty` is replaced by
    the destination. Upstream `eliminate-empty-tensors` does that for a
    single chain of destination-passing ops, but replaces only the uses on
    one path: when the result comes out of an `scf.if` (a run-time guard, a
    specialized and a general variant) whose branches all compute into the
    same `tensor.empty`, the other branches keep it, and the copy stays.

    For each such materialization into a memref, this pass follows the
    source back through ops that bufferize to the same buffer (One-Shot
    analysis: `scf.if` yields, destination operands, `tensor.insert_slice`
    destinations, casts). If that reaches exactly one `tensor.empty` and
    every use of it lies on those paths or takes a `tensor.extract_slice` of
    it (a part computed in place), all its uses are replaced by a
    `bufferization.to_tensor` of the destination (`restrict writable`, as
    the materialization promises). A `tensor.empty` has no defined contents,
    so the replacement never changes what is computed; One-Shot Bufferize
    still resolves any conflict with a copy. Only a `tensor.empty` in the
    materialization's block is replaced, so that this pass does not make a
    branch that does not materialize write the destination (upstream
    `eliminate-empty-tensors` may still do so). Run it before
    `eliminate-empty-tensors` and One-Shot Bufferize.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::tensor::TensorDialect"];
}

def InterpLowerTensorBitcasts : Pass<"interp-lower-tensor-bitcasts"> {
  let summary = "Replace tensor.bitcast by element-wise casts that "
                "bufferize";
  let description = [{
    `tensor.bitcast` (the importers' unsigned-to-signless reinterpretation
    before `arith` ops on tensors, the portable lowering's reinterpretation
    of unsigned data) has no bufferization model upstream (MLIR 22), and
    there is no memref op that changes the element type, so One-Shot
    Bufferize fails with "op was not bufferized". This pass moves the
    reinterpretation to the scalars, where the LLVM lowering removes it
    (`builtin.unrealized_conversion_cast` between integer types of one
    width, `arith.bitcast` between integers and floats):

    - `tensor.extract` of a bitcast extracts from the source and casts the
      scalar; a bitcast of `tensor.from_elements` casts the elements;
    - a `linalg.generic` input that is a bitcast takes the source and casts
      its block argument;
    - a bitcast of the only use of a `linalg.generic` result computed into
      a `tensor.empty` casts the yielded value and makes that result of the
      bitcast's type;
    - any other bitcast becomes an element-wise `linalg.generic` copy.

    Run it after `convert-elementwise-to-linalg` (which makes the `arith`
    ops on tensors generics) and before bufferization.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def InterpHoistInvariantLoads : Pass<"interp-hoist-invariant-loads"> {
  let summary = "Hoist loads of memory a loop does not write out of scf.for";
  let description = [{
    A `memref.load` in an `scf.for` whose indices are defined outside the
    loop and whose memory no op of the loop may write (local alias
    analysis: distinct allocations, function arguments against local
    allocations, constant globals) reads the same value in every iteration.
    This pass computes it once before the loop, guarded by an `scf.if` on
    the loop running at least once, so a loop that does not run still reads
    nothing. Pure operations that become invariant move along (upstream
    loop-invariant code motion).

    Why here and not in LLVM: the per-row entries of a resize's index and
    weight tables are such loads. LLVM hoists them itself when it can see
    that the tables and the output are distinct allocations, but in the
    functions OpenMP outlines the buffers arrive through a captured struct,
    LLVM cannot tell them apart, the loads stay in the innermost loop and
    the loop is not vectorized ("cannot identify array bounds").
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def InterpReturnOnFailedChecks
    : Pass<"interp-return-on-failed-checks", "::mlir::ModuleOp"> {
  let summary = "Return from a function at once when a run-time check fails";
  let description = [{
    Compiled interp code checks at run time what the compiler could not
    (calls of the `interp_check_*` functions of
    `interp/Runtime/RuntimeFunctions.def`, which return `i1` "valid" and
    report failures to the host's error handler, `InterpRuntime.h`). This
    pass makes each check return from its function when it fails, before
    anything below it runs, and adds the check of every allocation's result
    (`interp_check_allocation`: a null pointer when the process's memory
    limits refuse a buffer).

    - Every `memref.alloc` outside loops gets its check.
    - Every check is made to lie in the function's body: `scf.if` and
      `scf.execute_region` ops around it become `cf` branches. A check
      inside a loop cannot return and is an error.
    - After each check the block is split: `cf.cond_br %ok, ^next, ^failed`,
      where `^failed` returns the results of a call to
      `@__interp_failed_results.<function>`, a declaration that
      `interp-lower-failed-results` replaces with null results (memref
      descriptors with null pointers and zero sizes) once in the LLVM
      dialect.

    Run it on bufferized code, before the buffer deallocation pipeline:
    ownership-based deallocation then frees, on each failure path, exactly
    the buffers allocated before the failed check.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect"];
}

def InterpLowerFailedResults
    : Pass<"interp-lower-failed-results", "::mlir::ModuleOp"> {
  let summary = "Null results for the failure returns of run-time checks";
  let description = [{
    Replaces every call of a `@__interp_failed_results.*` declaration
    (`interp-return-on-failed-checks`) with an all-zero value of its type:
    a memref descriptor with null pointers and zero sizes, strides and
    offset; zero for scalars. Runs on the LLVM dialect, after
    `convert-func-to-llvm`, and erases the declarations.
  }];
}

def InterpSpecializeContiguousArguments
    : Pass<"interp-specialize-contiguous-arguments", "::mlir::ModuleOp"> {
  let summary = "Version public functions on contiguous memref arguments";
  let description = [{
    Bufferized interp functions take their tensor arguments as memrefs with
    fully dynamic strides, so that callers may pass views. Unknown strides
    cost the kernels their vector loads: with an unknown innermost stride,
    LLVM reads a nearest /2 downsample with gathers where a contiguous input
    gives two loads and a permute per vector.

    For every public function with a body and memref arguments whose
    layout leaves strides dynamic that the argument's static sizes fix for a
    row-major buffer (all of them for a static shape, the innermost ones up
    to the first dynamic size otherwise, at least the innermost stride 1),
    this pass makes two private copies: `<name>__contiguous`, whose
    arguments have those strides static (the offset stays dynamic), and
    `<name>__strided`, the original body. The public function compares each
    such argument's strides (`memref.extract_strided_metadata`) with the
    row-major ones and calls the contiguous copy when every argument
    matches, the strided copy otherwise. In the contiguous copy a
    `memref.cast` back to the dynamic type at the entry lets canonicalization
    fold the static strides into the subviews, loads and linalg ops.

    The strided copy takes the general path of every fast path
    (`interp.fast_path_condition`, which the lowering puts on the condition
    of the direct passes of run-time tap runs): the condition becomes
    `false` there, and canonicalization removes the specialized branch. Fast
    paths are there to vectorize, which strided reads do not; in the copy
    for views they were half of the compile time of a kernel with run-time
    sizes.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def InterpInternalizePrivateFunctions
    : Pass<"interp-internalize-private-functions", "::mlir::ModuleOp"> {
  let summary = "Give private LLVM function definitions internal linkage";
  let description = [{
    `convert-func-to-llvm` keeps external linkage for `private` functions, so
    helpers a pipeline generates into every module (upstream's
    `@dealloc_helper` from `lower-deallocations`) clash when two separately
    compiled modules are linked into one binary. This pass gives every
    `llvm.func` definition whose symbol visibility is private internal
    linkage; declarations are left alone.
  }];
}

def InterpMarkUserAllocations
    : Pass<"interp-mark-user-allocations", "::mlir::ModuleOp"> {
  let summary = "Mark the input's own memref.alloc ops";
  let description = [{
    The first step of keeping a module's own memory management (see
    `interp-hide-user-deallocations`): every `memref.alloc` of the input,
    before bufferization adds its own, gets the unit attribute
    `interp.user_allocation`.
  }];
}

def InterpKeepOuterLoopsRolled : Pass<"interp-keep-outer-loops-rolled"> {
  let summary = "Tell LLVM not to unroll loops around lasting inner loops";
  let description = [{
    LLVM's -O3 fully unrolls an outer loop with a small constant trip count
    (the 3 channels around the spatial loops of an NCHW resize), copying
    every loop inside it, each vectorized with its epilogue, once per
    iteration. The kernel runs no faster, since the work is in the inner
    loops, but compile time grows with the copies; with run-time sizes it
    was most of a first call (benchmarks/LOG.md, 2026-12-02: `clang -O3` of
    `w1_dyn`'s LLVM IR took 0.92-1.10 s and made 32 KB of code for its entry
    before this pass, 0.31-0.34 s and 14 KB after).

    This pass adds `unroll = <disable = true>` to the `loop_annotation` of
    every `scf.for` that holds, at any depth, a loop that LLVM will not
    unroll away: one whose trip count is not a constant or is more than 8
    (the bound `interp-serialize-nested-parallel-loops` takes for short
    loops too). The existing hints of the loop are kept.
    `convert-scf-to-cf` and `convert-cf-to-llvm` carry the annotation to the
    loop's latch as `llvm.loop.unroll.disable`. A loop around only short
    constant loops (the phases of an upsample, a few channels) is left to
    LLVM: once those are unrolled it is the innermost loop, and its
    unrolling was measured to matter. Run it on structured loops, before
    `convert-scf-to-cf`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def InterpKeepShortLoopsVectorizable
    : Pass<"interp-keep-short-loops-vectorizable"> {
  let summary = "Tell LLVM not to unroll short innermost loops it can "
                "vectorize";
  let description = [{
    LLVM's -O3 fully unrolls a loop with a small constant trip count and a
    small body before its loop vectorizer runs, and the straight-line code
    it leaves would be the SLP vectorizer's to pack, which interp's JIT and
    ahead-of-time builds turn off (it miscompiles interp kernels on znver4).
    The 32 inputs of a row of a nearest x2 upsample of 32x32 feature maps
    (fmap_nearest) became 32 scalar loads and 64 scalar stores instead of
    two vector iterations.

    This pass adds `unroll = <disable = true>` to the `loop_annotation` of
    every `scf.for` that LLVM would unroll fully as a short innermost loop:
    a constant trip count above 8, nothing inside but constant loops of at
    most 8 iterations (the phases of an upsample, which LLVM unrolls,
    leaving this loop innermost), trip count times size (operations per
    iteration, constants aside, inner loops unrolled) at most 300, LLVM's
    -O3 full-unroll threshold, and no value carried from one iteration to
    the next (an in-order float sum does not vectorize; unrolled is its
    best form). Loops already marked not to vectorize
    (`interp-keep-gathering-loops-scalar`) are left alone. LLVM's loop
    vectorizer then takes the loop. An unroll-disabled loop is vectorized
    without interleaving, which is why loops above the threshold are left
    to LLVM: those it vectorizes itself, interleaved, and marking the
    30-iteration interior of sweep_64x64 (2 phases of 4 taps) made it 1.25x
    slower (benchmarks/LOG.md, 2026-12-02, "short loops"). Run it on
    structured loops, after `interp-keep-gathering-loops-scalar` and before
    `convert-scf-to-cf`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def InterpHideUserDeallocations
    : Pass<"interp-hide-user-deallocations", "::mlir::ModuleOp"> {
  let summary = "Keep the input's own memory management out of sight of "
                "ownership-based deallocation";
  let description = [{
    Upstream's ownership-based buffer deallocation refuses input that
    already deallocates ("memory free side-effect on MemRef value not
    supported!"), which modules with their own `memref.alloc` ...
    `memref.dealloc` next to interp ops are (upstream's integration tests,
    many compilers' output), and it would free their buffers on its own
    terms (after the last use in the function, even when a callee frees
    them). The input's memory management is kept as written instead; the
    deallocation pass manages only the buffers bufferization allocated:

    - every `memref.dealloc` becomes a call of `@__interp_user_dealloc.*`
      on the buffer's base;
    - every `memref.alloc` marked by `interp-mark-user-allocations` that no
      function returns becomes a `builtin.unrealized_conversion_cast` of its
      sizes (which the deallocation pass does not own). A returned one stays
      an allocation: returning passes its ownership to the caller, in the
      deallocation pass's terms too.

    `interp-restore-user-deallocations` undoes both after the deallocation
    pipeline.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect"];
}

def InterpRestoreUserDeallocations
    : Pass<"interp-restore-user-deallocations", "::mlir::ModuleOp"> {
  let summary = "Turn what interp-hide-user-deallocations hid back into "
                "memref.alloc and memref.dealloc";
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def InterpScopeLoopAllocas : Pass<"interp-scope-loop-allocas"> {
  let summary = "Free the stack allocations of loop bodies at the end of "
                "each iteration";
  let description = [{
    A `memref.alloca` in a loop body becomes a dynamic LLVM alloca: without
    a scope the stack grows with every iteration until the function
    returns. This pass brackets every such body with
    `llvm.intr.stacksave` / `llvm.intr.stackrestore`, and lowers every
    `memref.alloca_scope` (which `convert-scf-to-openmp` puts around its
    loop bodies) the same way, inline. Run it on structured loops, before
    `convert-scf-to-cf`: a scope's region must stay one block, which the
    loops inside it would no longer be. interp's fused outer axis keeps its
    per-task scratch slab on the stack.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def InterpKeepGatheringLoopsScalar
    : Pass<"interp-keep-gathering-loops-scalar"> {
  let summary = "Tell LLVM not to vectorize loops that would need many "
                "hardware gathers per iteration";
  let description = [{
    A load in an `scf.for` whose address depends on the loop's induction
    variable through another load (an index table entry: the taps of a
    resize along an axis without an affine run) can only be vectorized with
    a hardware gather. LLVM's cost model takes gathers as cheap, and
    vectorizes a pass with many taps (18 for a 1920 -> 224 antialiased
    pass) with as many `vpgatherdd` per iteration, the registers they need
    spilled. On the machine interp is measured on (AMD Zen 4) such loops ran
    twice as fast with scalar loads (W8: 11.1 -> 5.2 ms; img_aa: 2.0 -> 1.3
    ms; benchmarks/LOG.md, 2026-12-02), while loops with a few gathers per
    iteration (2-tap linear: W1, img_lin) ran as fast or faster with them.

    This pass gives every loop whose iteration would gather at least
    `min-gathers` times `loop_annotation = #llvm.loop_annotation<vectorize
    = <disable = true>>`, which `convert-scf-to-cf` and `convert-cf-to-llvm`
    carry to the loop's latch as `llvm.loop.vectorize.enable = false`. An
    outer loop whose gathered rows the inner loop reads contiguously is
    annotated too: LLVM vectorizes only innermost loops, and when the inner
    loops are unrolled away, vectorizing it would gather. Run it on
    structured loops, before `convert-scf-to-cf`.
  }];
  let options = [
    Option<"minGathers", "min-gathers", "unsigned", "8",
           "Fewest gathers per iteration that keep a loop scalar; 0 "
           "annotates nothing">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def InterpUnrollJamTapLoops : Pass<"interp-unroll-jam-tap-loops"> {
  let summary = "Compute several outputs of a tap loop at once";
  let description = [{
    A separable pass whose tap count the lowering does not unroll (35 taps
    of a bicubic 1920 -> 224 pass; more than 16 along the last dimension)
    sums each output's taps in an inner
    `scf.for` with one float accumulator: every tap's add waits for the
    previous one, and the loop runs at the add's latency, not its
    throughput. This pass unrolls the loop over outputs around such a tap
    loop by `factor` and jams the copies (the SCF utility `loopUnrollJamByFactor`):
    one tap loop carries `factor` independent accumulators. Each output
    still adds its taps in the same order, so results are bit-identical.
    The upstream utility needs a trip count the factor divides, so the
    last `trips % factor` outputs go to a copy of the loop after it; loops
    with a run-time trip count or fewer trips than the factor are left
    alone. Run it on structured loops, before `convert-scf-to-cf`.
  }];
  let options = [
    Option<"factor", "factor", "unsigned", "4",
           "Outputs computed together; 1 leaves the loops alone">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def InterpCheckLoweredToLLVM : Pass<"interp-check-lowered-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Fail when anything but LLVM dialect ops is left";
  let description = [{
    The last pass of `--interp-to-llvm`: upstream conversion passes leave
    ops they cannot convert in place without failing, so this pass reports
    every op that is not in the `llvm` dialect, the `omp` dialect (which
    translates to LLVM IR directly) or `builtin.module`, and fails the
    pipeline.
  }];
}

def InterpSelectX86MultiplyAdd : Pass<"interp-select-x86-multiply-add"> {
  let summary = "Pairwise 16-bit multiply-adds as x86's pmaddwd where the "
                "target has it";
  let description = [{
    The fixed-point channel-vector passes of the lowering
    (`convert-interp-to-linalg`, docs/Design.md, "8-bit passes") sum
    16-bit lanes pairwise into 32-bit ones, written in the vector dialect
    as what x86's `pmaddwd` computes:

    ```mlir
    %r = arith.addi (arith.muli (extsi (even lanes of %a)), (extsi (even lanes of %w))),
                    (arith.muli (extsi (odd lanes of %a)), (extsi (odd lanes of %w)))
    ```

    with `%a`, `%w` of `vector<2Nxi16>` and `%r` of `vector<Nxi32>`. LLVM's
    X86 back end selects `pmaddwd` from this form only while its
    instruction combining leaves it intact, which it does not (the even
    lanes of a loaded vector become a wider load and shifts). On a target
    with the instruction, this pass replaces the form by the intrinsic:
    `llvm.x86.sse2.pmadd.wd` (N = 4), `llvm.x86.avx2.pmadd.wd` (N = 8, with
    `+avx2`), `llvm.x86.avx512.pmaddw.d.512` (N = 16, with `+avx512bw`).
    Elsewhere the form stays, and computes the same numbers.

    Run it after bufferization (the intrinsic's call has no declared memory
    effects, which buffer deallocation refuses) and before
    `convert-vector-to-llvm`.
  }];
  let options = [
    Option<"targetFeatures", "target-features", "std::string", /*default=*/"\"\"",
           "The target's features: an LLVM feature list (\"+sse2,+avx2\"), "
           "'host' for this machine's, or empty: no target-specific code">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // INTERP_TRANSFORMS_PASSES_TD
