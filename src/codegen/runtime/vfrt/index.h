// vfrt/index.h — run-time integer data read into float32: gather (embedding rows picked by
// token ids), cast (an integer mask to float) and where (a mask's choice).
//
// A part of vfrt.h, which includes the parts in order, each after those it uses.
#pragma once

namespace vfrt {

// ---------------------------------------------------------------------------------------
// Token ids and masks (vfuse's ops.def: gather, cast, where). ids and conditions are int32
// or int64 (typed views of the ABI's float pointers, as<T>); results are float32.

/// int64 through a may_alias type, as i32 (quant.h).
typedef int64_t i64 __attribute__((may_alias));

/// The row id `id` reads in a table of n rows: a negative id wraps once, then clamps to
/// [0, n - 1] (ops.def; vfuse's gather_row in ir/op_plan.h). No id reads outside the table.
inline int64_t gather_row(int64_t id, int64_t n) {
  const int64_t r = id < 0 ? (id < -n ? -1 : id + n) : id;
  return r < 0 ? 0 : (r >= n ? n - 1 : r);
}

/// gather: y [outer, m, inner] = table [outer, n, inner] at row gather_row(ids[j], n): one
/// row copy of `inner` floats per (outer, id).
template <class I>
void gather(const float* table, const I* ids, float* y, int64_t outer, int64_t n, int64_t m,
            int64_t inner) {
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t j = 0; j < m; ++j)
      std::memcpy(y + (o * m + j) * inner,
                  table + (o * n + gather_row(static_cast<int64_t>(ids[j]), n)) * inner,
                  static_cast<size_t>(inner) * sizeof(float));
}

/// cast: y[i] = x[i] as float32 (round to nearest, ties to even: the C conversion).
template <class I>
void cast_to_float(const I* x, float* y, int64_t count) {
  for (int64_t i = 0; i < count; ++i) y[i] = static_cast<float>(x[i]);
}

/// where over broadcast operands: y[idx] = c[idx . sc] != 0 ? a[idx . sa] : b[idx . sb],
/// dims and strides of rank `rank` <= MAXR; read as (c < 0 || 0 < c), so that a NaN
/// condition picks b, as the semantics' where_at.
template <class C>
void where(int rank, const int64_t* dims, const int64_t* sc, const int64_t* sa, const int64_t* sb,
           const C* c, const float* a, const float* b, float* y) {
  if (rank == 0) {
    y[0] = (c[0] < 0 || 0 < c[0]) ? a[0] : b[0];
    return;
  }
  // The last axis in an inner loop (a mask over attention scores: the condition and the
  // scores along it, the fill a scalar), the others counted once per row.
  const int last = rank - 1;
  const int64_t n = dims[last], jc = sc[last], ja = sa[last], jb = sb[last];
  int64_t rows = 1;
  for (int k = 0; k < last; ++k) rows *= dims[k];
  int64_t idx[MAXR] = {};
  for (int64_t r = 0; r < rows; ++r, y += n) {
    int64_t oc = 0, oa = 0, ob = 0;
    for (int k = 0; k < last; ++k) oc += idx[k] * sc[k], oa += idx[k] * sa[k], ob += idx[k] * sb[k];
    const C* cr = c + oc;
    const float* ar = a + oa;
    const float* br = b + ob;
    if (jc == 1 && ja == 1 && jb == 0) {
      const float bv = br[0];
      for (int64_t j = 0; j < n; ++j) y[j] = (cr[j] < 0 || 0 < cr[j]) ? ar[j] : bv;
    } else if (jc == 1 && ja == 1 && jb == 1) {
      for (int64_t j = 0; j < n; ++j) y[j] = (cr[j] < 0 || 0 < cr[j]) ? ar[j] : br[j];
    } else {
      for (int64_t j = 0; j < n; ++j)
        y[j] = (cr[j * jc] < 0 || 0 < cr[j * jc]) ? ar[j * ja] : br[j * jb];
    }
    for (int k = last; k-- > 0;) {
      if (++idx[k] < dims[k]) break;
      idx[k] = 0;
    }
  }
}

}  // namespace vfrt
