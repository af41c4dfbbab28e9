/* A host program calling an ahead-of-time compiled interp kernel
 * (examples/host/resize.mlir), with an error handler: invalid run-time
 * operands are reported to the host, which goes on. Build and run:
 *
 *   interp-opt resize.mlir --interp-to-llvm | mlir-translate --mlir-to-llvmir \
 *     | clang -O2 -fno-slp-vectorize -c -x ir - -o resize.o
 *   clang -O2 host.c resize.o -I include -L build/lib -linterp_runtime -o host
 *   ./host
 */
#include "interp/Runtime/InterpRuntime.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The memref calling convention of MLIR's C interface. */
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[4], strides[4];
} MemRef4F32;
typedef struct {
  int64_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} MemRef1I64;

void _mlir_ciface_resize(MemRef4F32 *result, MemRef4F32 *x, MemRef1I64 *sizes);
void _mlir_ciface_resize_dynamic(MemRef4F32 *result, MemRef4F32 *x,
                                 MemRef1I64 *sizes);

struct Errors {
  int count;
  char last[256];
};

static void onError(const char *message, void *userData) {
  struct Errors *errors = (struct Errors *)userData;
  errors->count++;
  snprintf(errors->last, sizeof(errors->last), "%s", message);
}

static MemRef4F32 view4(float *data, int64_t h, int64_t w) {
  MemRef4F32 m = {data, data, 0, {1, 1, h, w}, {h * w, h * w, w, 1}};
  return m;
}

static MemRef1I64 view1(int64_t *data) {
  MemRef1I64 m = {data, data, 0, {2}, {1}};
  return m;
}

static int isNull(const MemRef4F32 *m) {
  for (int d = 0; d < 4; ++d)
    if (m->sizes[d] != 0)
      return 0;
  return m->allocated == NULL && m->aligned == NULL;
}

/* The resize of the ramp x[h][w] = 4h + w, by hand: asymmetric x2 reads
 * input coordinate o / 2, clamped to the last sample. */
static int checkRamp(const MemRef4F32 *r, int64_t h, int64_t w) {
  for (int64_t i = 0; i < h; ++i)
    for (int64_t j = 0; j < w; ++j) {
      double ch = fmin(i / 2.0, 3.0), cw = fmin(j / 2.0, 3.0);
      float got = r->aligned[r->offset + i * r->strides[2] + j * r->strides[3]];
      if (fabs(got - (4 * ch + cw)) > 1e-5) {
        printf("value [%lld, %lld]: got %g, expected %g\n", (long long)i,
               (long long)j, got, 4 * ch + cw);
        return 0;
      }
    }
  return 1;
}

int main(void) {
  struct Errors errors = {0, ""};
  interp_set_error_handler(onError, &errors);

  float x[16];
  for (int i = 0; i < 16; ++i)
    x[i] = (float)i;
  MemRef4F32 input = view4(x, 4, 4);
  int failures = 0;

  /* 1. Sizes that contradict the result type: reported once, nothing
   *    computed, null results. */
  int64_t wrong[2] = {16, 16};
  MemRef1I64 wrongSizes = view1(wrong);
  MemRef4F32 result;
  memset(&result, 0xAB, sizeof(result));
  _mlir_ciface_resize(&result, &input, &wrongSizes);
  printf("wrong sizes: %d error(s): %s\n", errors.count, errors.last);
  failures += errors.count != 1 || !isNull(&result);

  /* 2. A result larger than the process may allocate. */
  int64_t huge[2] = {INT64_C(1) << 30, INT64_C(1) << 30};
  MemRef1I64 hugeSizes = view1(huge);
  memset(&result, 0xAB, sizeof(result));
  _mlir_ciface_resize_dynamic(&result, &input, &hugeSizes);
  printf("huge sizes: %d error(s): %s\n", errors.count, errors.last);
  failures += errors.count != 2 || !isNull(&result);

  /* 3. Good operands: computed, and no new error. */
  int64_t good[2] = {8, 8};
  MemRef1I64 goodSizes = view1(good);
  _mlir_ciface_resize(&result, &input, &goodSizes);
  int ok = !isNull(&result) && checkRamp(&result, 8, 8);
  printf("good sizes: %s, %d error(s)\n", ok ? "values ok" : "WRONG",
         errors.count);
  failures += !ok || errors.count != 2;
  free(result.allocated);

  _mlir_ciface_resize_dynamic(&result, &input, &goodSizes);
  ok = result.sizes[2] == 8 && result.sizes[3] == 8 && checkRamp(&result, 8, 8);
  printf("good dynamic sizes: %s\n", ok ? "values ok" : "WRONG");
  failures += !ok;
  free(result.allocated);

  printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
