/* Calls the AOT kernel of strided-copy.mlir on a transposed view (strides
 * 32, 1, 4, 8... of a 1x2x4x4 buffer): the result must be that view,
 * row-major. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[4], strides[4];
} F4;

void _mlir_ciface_copy(F4 *result, F4 *input);

int main(void) {
  float data[32];
  for (int i = 0; i < 32; ++i)
    data[i] = (float)i;
  /* x[0][c][h][w] = data[c * 16 + w * 4 + h]: H and W swapped. */
  F4 x = {data, data, 0, {1, 2, 4, 4}, {32, 16, 1, 4}};
  F4 r;
  _mlir_ciface_copy(&r, &x);
  int wrong = 0;
  for (int c = 0; c < 2; ++c)
    for (int h = 0; h < 4; ++h)
      for (int w = 0; w < 4; ++w) {
        float got = r.aligned[r.offset + c * r.strides[1] + h * r.strides[2] +
                              w * r.strides[3]];
        if (got != data[c * 16 + w * 4 + h])
          ++wrong;
      }
  free(r.allocated);
  printf("strided copy: %d wrong\n", wrong);
  return wrong != 0;
}
