//===- interp-bench.cpp - interp kernels vs peers (Google Benchmark) ------===//
//
// Benchmarks the ahead-of-time compiled kernels of the workloads defined in
// benchmarks/workloads.json (generated into workloads.mlir and called
// through their C interface, _mlir_ciface_<name>), next to peers:
//
//   interp/<W>     the kernels compiled by the default interp-to-llvm
//                  pipeline (sequential code), at threads:1 only.
//   interp-omp/<W> the same kernels compiled with "num-threads=0" (OpenMP;
//                  functions renamed omp_<w>), run at each --threads count
//                  through omp_set_num_threads (LLVM's libomp).
//   copy/<W>       a STREAM-like floor: reads every input byte once and
//                  writes every output byte once (memcpy of the overlapping
//                  part, then a read-only sweep of the rest of the input or
//                  a memset of the rest of the output), split over N
//                  std::threads. Its time is the bandwidth floor of a resize
//                  that touches each byte once.
//   touched/<W>    the same with only the input bytes the op must read
//                  (Workload::touchedInBytes: the samples with non-zero
//                  weight, whole cache lines along the innermost axis) in
//                  place of the whole input: the floor of a downsample that
//                  skips rows.
//   opencv/<W>     cv::resize per NCHW plane with cv::setNumThreads(N) (only
//                  when OpenCV was found at configure time; see runOpenCV for
//                  the semantic differences).
// A serving workload (W10) is a cycle of calls on different input sizes:
// one iteration makes every call, each on its own input and output, and
// its floors move the bytes of all of them.
//
//   reference/<W>  the project's reference implementation
//                  (interp/Reference/Reference.h) on the full workload, one
//                  iteration, one repetition, 1 thread: it is a slow,
//                  per-element oracle, there for scale only.
//
// Every benchmark takes the thread count as its argument ("threads:N") and
// reports bytes_per_second and a "GB/s" counter computed from input + output
// bytes, so kernels can be compared with the copy floor directly.
//
// Before any timing, every selected workload's kernel output (both kernel
// sets) is checked against an independent computation (see verifyWorkload)
// and the program exits with status 1 on a mismatch.
//
// Own flags (before Google Benchmark's --benchmark_* flags):
//   --threads=1,2            thread counts to register (default 1,2)
//   --workloads=w1,w3,...    workloads to verify and register (default all)
//   --verify=1|0             check kernel outputs first (default 1)
//   --malloc=retain|fresh|glibc
//                            how the heap treats the kernels' per-call
//                            temporaries (default retain):
//                            retain: never mmap, never trim: after the first
//                              call, temporaries reuse warm heap pages (the
//                              steady state of a long-running process);
//                            fresh: every allocation >= 64 KiB is a new mmap:
//                              each call page-faults its temporaries in (a
//                              cold one-shot call);
//                            glibc: untouched; the dynamic mmap threshold
//                              makes the result depend on what ran before.
//   --list                   print the workloads and exit
//
//===----------------------------------------------------------------------===//

#include "Bench.h"

#ifdef INTERP_BENCH_HAVE_OMP_KERNELS
// LLVM's libomp, which the OpenMP kernels call (__kmpc_*); declared here
// rather than through <omp.h>, which with gcc would be libgomp's.
extern "C" void omp_set_num_threads(int threads);
#endif

#include <malloc.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace interp_bench;

std::vector<Workload> interp_bench::gAllWorkloads;
std::vector<Workload> interp_bench::gWorkloads;
std::vector<Data> interp_bench::gData;

namespace {

void setThreads(int threads) {
#ifdef INTERP_BENCH_HAVE_OMP_KERNELS
  omp_set_num_threads(threads);
#else
  (void)threads;
#endif
}

//===----------------------------------------------------------------------===//
// Benchmarks
//===----------------------------------------------------------------------===//

} // namespace

void interp_bench::addCounters(benchmark::State &state, const Workload &w) {
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(w.bytes()));
  state.counters["GB/s"] = benchmark::Counter(
      double(w.bytes()) / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["threads"] = double(state.range(0));
}

namespace {

/// interp/<W>: the sequential kernels (registered at threads:1 only).
void benchInterp(benchmark::State &state, size_t i) {
  const Workload &w = gWorkloads[i];
  Data &d = gData[i];
  for (auto _ : state) {
    w.run(d.in.get(), d.out.get());
    benchmark::ClobberMemory();
  }
  addCounters(state, w);
}

/// interp-omp/<W>: the OpenMP kernels at omp_set_num_threads(threads).
void benchInterpOmp(benchmark::State &state, size_t i) {
  const Workload &w = gWorkloads[i];
  Data &d = gData[i];
  setThreads(int(state.range(0)));
  for (auto _ : state) {
    w.run(d.in.get(), d.out.get(), /*omp=*/true);
    benchmark::ClobberMemory();
  }
  addCounters(state, w);
}

/// Reads `n` bytes (8 at a time, 4 accumulators) so the read cannot be
/// optimized away.
uint64_t readSweep(const uint8_t *p, size_t n) {
  uint64_t a = 0, b = 0, c = 0, e = 0;
  size_t words = n / 8, k = 0;
  const uint64_t *q = reinterpret_cast<const uint64_t *>(p);
  for (; k + 4 <= words; k += 4) {
    a += q[k];
    b += q[k + 1];
    c += q[k + 2];
    e += q[k + 3];
  }
  for (; k < words; ++k)
    a += q[k];
  for (size_t t = words * 8; t < n; ++t)
    a += p[t];
  return a + b + c + e;
}

/// One thread's part [lo, hi) of the copy floor: bytes of the output below
/// min(in, out) are copied from the input, the rest of the output is
/// written (memset), the rest of the input is read.
uint64_t copyPart(const uint8_t *in, uint8_t *out, size_t inBytes,
                  size_t outBytes, int part, int parts) {
  size_t common = std::min(inBytes, outBytes);
  auto range = [&](size_t n, size_t &lo, size_t &hi) {
    lo = n * part / parts / 64 * 64;
    hi = part + 1 == parts ? n : n * (part + 1) / parts / 64 * 64;
  };
  size_t lo, hi;
  range(common, lo, hi);
  std::memcpy(out + lo, in + lo, hi - lo);
  uint64_t sum = 0;
  if (outBytes > common) {
    range(outBytes - common, lo, hi);
    std::memset(out + common + lo, part, hi - lo);
  } else if (inBytes > common) {
    range(inBytes - common, lo, hi);
    sum = readSweep(in + common + lo, hi - lo);
  }
  return sum;
}

void runCopyFloor(benchmark::State &state, size_t i, size_t inBytes) {
  const Workload &w = gWorkloads[i];
  Data &d = gData[i];
  int threads = int(state.range(0));
  uint64_t sink = 0;
  for (auto _ : state) {
    std::vector<std::thread> pool;
    std::vector<uint64_t> sums(threads, 0);
    for (int t = 1; t < threads; ++t)
      pool.emplace_back([&, t] {
        sums[t] = copyPart(d.in.get(), d.out.get(), inBytes, w.outBytes(), t,
                           threads);
      });
    sums[0] =
        copyPart(d.in.get(), d.out.get(), inBytes, w.outBytes(), 0, threads);
    for (auto &th : pool)
      th.join();
    for (uint64_t s : sums)
      sink += s;
    benchmark::DoNotOptimize(sink);
    benchmark::ClobberMemory();
  }
  addCounters(state, w);
}

void benchCopy(benchmark::State &state, size_t i) {
  runCopyFloor(state, i, gWorkloads[i].inBytes());
}

void benchTouched(benchmark::State &state, size_t i) {
  runCopyFloor(state, i, gWorkloads[i].touchedInBytes());
  state.counters["touched_in_bytes"] =
      static_cast<double>(gWorkloads[i].touchedInBytes());
}

void benchReference(benchmark::State &state, size_t i) {
  const Workload &w = gWorkloads[i];
  Data &d = gData[i];
  // Each call's input as a tensor, and the workload with its sizes.
  std::vector<std::pair<ref::Tensor, Workload>> calls;
  for (const Call &c : w.calls) {
    ref::Tensor x = ref::Tensor::zeros(w.type, c.inShape);
    std::memcpy(x.data.data(), d.in.get() + c.inOffset, x.data.size());
    Workload one = w;
    one.sizes = c.sizes;
    calls.emplace_back(std::move(x), std::move(one));
  }
  for (auto _ : state) {
    for (auto &[x, one] : calls) {
      auto r = one.evaluateReference(x);
      if (!r) {
        state.SkipWithError(llvm::toString(r.takeError()).c_str());
        return;
      }
      benchmark::DoNotOptimize(r->data.data());
    }
  }
  addCounters(state, w);
}

std::vector<std::string> splitList(const std::string &s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty())
      out.push_back(item);
  return out;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<int> threads = {1, 2};
  std::vector<std::string> selected;
  bool verify = true, list = false;
  std::string mallocMode = "retain";
  // Take our own flags out of argv; pass the rest to Google Benchmark.
  std::vector<char *> rest = {argv[0]};
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a];
    auto value = [&](const char *flag) -> const char * {
      size_t n = std::strlen(flag);
      return arg.compare(0, n, flag) == 0 ? argv[a] + n : nullptr;
    };
    if (const char *v = value("--threads=")) {
      threads.clear();
      for (const std::string &t : splitList(v))
        threads.push_back(std::max(1, std::atoi(t.c_str())));
    } else if (const char *v = value("--workloads=")) {
      selected = splitList(v);
    } else if (const char *v = value("--verify=")) {
      verify = std::string(v) != "0";
    } else if (const char *v = value("--malloc=")) {
      mallocMode = v;
      if (mallocMode != "retain" && mallocMode != "fresh" &&
          mallocMode != "glibc") {
        std::fprintf(stderr,
                     "interp-bench: --malloc must be retain, fresh or glibc\n");
        return 1;
      }
    } else if (arg == "--list") {
      list = true;
    } else {
      rest.push_back(argv[a]);
    }
  }
  if (mallocMode == "retain") {
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
  } else if (mallocMode == "fresh") {
    mallopt(M_MMAP_THRESHOLD, 64 * 1024);
  }
  benchmark::AddCustomContext("malloc", mallocMode);
  int restArgc = int(rest.size());
  benchmark::Initialize(&restArgc, rest.data());
  if (benchmark::ReportUnrecognizedArguments(restArgc, rest.data()))
    return 1;

  std::vector<Workload> all = loadWorkloads();
  if (list) {
    for (const Workload &w : all)
      std::printf("%-7s %-40s in %zu B, out %zu B\n", w.name.c_str(),
                  w.label.c_str(), w.inBytes(), w.outBytes());
    return 0;
  }
  gAllWorkloads = all;
  for (Workload &w : all)
    if (selected.empty() ||
        std::find(selected.begin(), selected.end(), w.name) != selected.end())
      gWorkloads.push_back(std::move(w));
  for (const std::string &s : selected)
    if (std::none_of(gWorkloads.begin(), gWorkloads.end(),
                     [&](const Workload &w) { return w.name == s; })) {
      std::fprintf(stderr, "interp-bench: unknown workload '%s' (see --list)\n",
                   s.c_str());
      return 1;
    }

  // Buffers: random input (fixed seed per workload), output touched once so
  // that no benchmark pays for first-touch page faults.
  for (size_t i = 0; i < gWorkloads.size(); ++i) {
    const Workload &w = gWorkloads[i];
    Data d{allocate(w.inBytes()), allocate(w.outBytes())};
    fillRandom(d.in.get(), w.type, w.inElems(), 1234u + uint32_t(i));
    std::memset(d.out.get(), 0, w.outBytes());
    gData.push_back(std::move(d));
  }

  if (verify) {
    setThreads(threads.empty()
                   ? 1
                   : *std::max_element(threads.begin(), threads.end()));
    for (size_t i = 0; i < gWorkloads.size(); ++i) {
      for (bool omp : {false, true}) {
        if (omp && !gWorkloads[i].ompKernel)
          continue;
        std::memset(gData[i].out.get(), 0xff,
                    gWorkloads[i].outBytes()); // NaN / 255 poison
        gWorkloads[i].run(gData[i].in.get(), gData[i].out.get(), omp);
        verifyWorkload(i, omp);
      }
    }
  }

  for (size_t i = 0; i < gWorkloads.size(); ++i) {
    const Workload &w = gWorkloads[i];
    auto reg = [&](const std::string &kind,
                   void (*fn)(benchmark::State &, size_t)) {
      auto *b =
          benchmark::RegisterBenchmark((kind + "/" + w.name).c_str(), fn, i);
      b->ArgName("threads")->Unit(benchmark::kMillisecond)->UseRealTime();
      return b;
    };
    // Sequential kernels: one thread whatever --threads says.
    reg("interp", benchInterp)->Arg(1);
    if (w.ompKernel) {
      auto *b = reg("interp-omp", benchInterpOmp);
      for (int t : threads)
        b->Arg(t);
    }
    using Floor = void (*)(benchmark::State &, size_t);
    for (auto [kind, fn] :
         {std::pair<const char *, Floor>("copy", benchCopy),
          std::pair<const char *, Floor>("touched", benchTouched)}) {
      auto *b = reg(kind, fn);
      for (int t : threads)
        b->Arg(t);
    }
#ifdef INTERP_BENCH_HAVE_OPENCV
    if (w.cvInterpolation >= 0) {
      auto *b = reg("opencv", benchOpenCV);
      for (int t : threads)
        b->Arg(t);
    }
#endif
    // The reference is single-threaded and slow: one run of the full
    // workload, whatever --benchmark_repetitions/min_time say (and none for
    // a variant of another workload).
    if (w.check != Workload::Check::SameAsW1)
      reg("reference", benchReference)->Arg(1)->Iterations(1)->Repetitions(1);
  }

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
