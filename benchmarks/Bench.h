//===- Bench.h - interp-bench's shared state --------------------*- C++ -*-===//

#ifndef INTERP_BENCHMARKS_BENCH_H
#define INTERP_BENCHMARKS_BENCH_H

#include "Workloads.h"

#include <benchmark/benchmark.h>

namespace interp_bench {

/// Input and output of one workload, shared by all of its benchmarks.
struct Data {
  Buffer in, out;
};

/// Every workload (for cross-checks), the selected ones and their data
/// (gData[i] belongs to gWorkloads[i]).
extern std::vector<Workload> gAllWorkloads;
extern std::vector<Workload> gWorkloads;
extern std::vector<Data> gData;

/// Checks the output of workload `i` that its sequential (or OpenMP) kernel
/// wrote into gData[i].out; exits with status 1 on a mismatch.
void verifyWorkload(size_t i, bool omp);

/// bytes_per_second and the "GB/s" and "threads" counters of a benchmark of
/// `w`.
void addCounters(benchmark::State &state, const Workload &w);

/// opencv/<W>: cv::resize per plane at cv::setNumThreads(threads).
void benchOpenCV(benchmark::State &state, size_t i);

} // namespace interp_bench

#endif // INTERP_BENCHMARKS_BENCH_H
