#include "ir/op_plan.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace vf {

int64_t norm_axis(int64_t axis, int64_t rank) { return axis < 0 ? axis + rank : axis; }

std::vector<int64_t> broadcast_strides(const Shape& in, size_t out_rank) {
  std::vector<int64_t> st(out_rank, 0);
  const std::vector<int64_t> rm = row_major_strides(in);
  const size_t off = out_rank - in.size();
  for (size_t i = 0; i < in.size(); ++i) st[off + i] = in[i] == 1 ? 0 : rm[i];
  return st;
}

AxisPlan axis_plan(const Shape& s, int64_t axis) {
  AxisPlan p;
  p.axis = static_cast<size_t>(norm_axis(axis, static_cast<int64_t>(s.size())));
  assert(p.axis < s.size());
  for (size_t k = 0; k < p.axis; ++k) p.outer *= s[k];
  p.len = s[p.axis];
  for (size_t k = p.axis + 1; k < s.size(); ++k) p.inner *= s[k];
  return p;
}

std::vector<int64_t> reversed_axes(size_t rank) {
  std::vector<int64_t> perm;
  for (size_t k = rank; k-- > 0;) perm.push_back(static_cast<int64_t>(k));
  return perm;
}

std::vector<int64_t> transpose_perm(const Attrs& a, size_t rank) {
  const std::vector<int64_t>& perm = a.get_ints("perm");
  return perm.empty() ? reversed_axes(rank) : perm;
}

std::vector<int64_t> permuted_strides(const Shape& xs, const std::vector<int64_t>& perm) {
  const auto xst = row_major_strides(xs);
  std::vector<int64_t> st(perm.size());
  for (size_t k = 0; k < perm.size(); ++k) st[k] = xst[static_cast<size_t>(perm[k])];
  return st;
}

SplitPlan split_plan(const Attrs& a, size_t rank) {
  SplitPlan p;
  p.axis = static_cast<size_t>(norm_axis(a.get_int("axis"), static_cast<int64_t>(rank)));
  const auto& sizes = a.get_ints("sizes");
  const size_t index = static_cast<size_t>(a.get_int("index"));
  for (size_t k = 0; k < index; ++k) p.start += sizes[k];
  p.size = sizes[index];
  return p;
}

int64_t upsampling_source(int64_t o, double scale, int64_t n_in) {
  return std::min(n_in - 1, static_cast<int64_t>(std::floor(static_cast<double>(o) / scale)));
}

int64_t upsampling_size(int64_t n, double scale) {
  return static_cast<int64_t>(static_cast<double>(n) * scale);
}

NearestPlan nearest_plan(OpKind op, const Attrs& a, const Shape& xs, const Shape& ys) {
  NearestPlan p;
  if (op == OpKind::ResizeNearest) {
    p.rows = a.get_ints("rows");
    p.cols = a.get_ints("cols");
    return p;
  }
  assert(op == OpKind::Upsampling);
  const double sh = a.get_float("scale_h"), sw = a.get_float("scale_w");
  for (int64_t i = 0; i < ys[2]; ++i) p.rows.push_back(upsampling_source(i, sh, xs[2]));
  for (int64_t j = 0; j < ys[3]; ++j) p.cols.push_back(upsampling_source(j, sw, xs[3]));
  return p;
}

MatMulPlan matmul_plan(const Shape& a, const Shape& b, const Shape& out) {
  MatMulPlan p;
  const size_t r = out.size();
  p.K = a.back();
  p.M = out[r - 2];
  p.N = out[r - 1];
  p.a_batch = broadcast_strides(Shape(a.begin(), a.end() - 2), r - 2);
  p.b_batch = broadcast_strides(Shape(b.begin(), b.end() - 2), r - 2);
  for (auto& s : p.a_batch) s *= a[a.size() - 2] * p.K;
  for (auto& s : p.b_batch) s *= p.K * b.back();
  for (size_t k = 0; k + 2 < r; ++k) p.batches *= out[k];
  return p;
}

GemmPlan gemm_plan(const Attrs& attrs, const Shape& a, const Shape& b, const Shape* c) {
  GemmPlan p;
  p.trans_a = attrs.get_int("trans_a") != 0;
  p.trans_b = attrs.get_int("trans_b") != 0;
  p.M = p.trans_a ? a[1] : a[0];
  p.K = p.trans_a ? a[0] : a[1];
  p.N = p.trans_b ? b[0] : b[1];
  p.lda = a[1];
  p.ldb = b[1];
  p.has_c = c != nullptr;
  if (c) p.c_strides = broadcast_strides(*c, 2);
  return p;
}

std::vector<size_t> reduce_axes(const Attrs& a, size_t rank) {
  std::vector<size_t> axes;
  for (int64_t k : a.get_ints("axes"))
    axes.push_back(static_cast<size_t>(norm_axis(k, static_cast<int64_t>(rank))));
  if (a.get_ints("axes").empty())
    for (size_t k = 0; k < rank; ++k) axes.push_back(k);
  std::sort(axes.begin(), axes.end());
  return axes;
}

ReducePlan reduce_plan(const Attrs& a, const Shape& in) {
  ReducePlan p;
  p.axes = reduce_axes(a, in.size());
  const bool keep = a.get_int("keepdims") != 0;
  const std::vector<int64_t> st = row_major_strides(in);
  std::vector<bool> reduced(in.size(), false);
  for (size_t k : p.axes) reduced[k] = true;
  Shape kept_dims, red_dims;
  std::vector<int64_t> kept_st, red_st;
  for (size_t k = 0; k < in.size(); ++k) {
    if (reduced[k]) {
      red_dims.push_back(in[k]);
      red_st.push_back(st[k]);
      if (keep) p.out.push_back(1);
    } else {
      kept_dims.push_back(in[k]);
      kept_st.push_back(st[k]);
      p.out.push_back(in[k]);
    }
  }
  // Offsets of every multi-index of `dims` under `strides`, row-major.
  auto offsets = [](const Shape& dims, const std::vector<int64_t>& strides) {
    std::vector<int64_t> v{0};
    for (size_t k = 0; k < dims.size(); ++k) {
      std::vector<int64_t> next;
      next.reserve(v.size() * static_cast<size_t>(std::max<int64_t>(dims[k], 0)));
      for (int64_t o : v)
        for (int64_t i = 0; i < dims[k]; ++i) next.push_back(o + i * strides[k]);
      v = std::move(next);
    }
    return v;
  };
  p.base = offsets(kept_dims, kept_st);
  p.inner = offsets(red_dims, red_st);
  p.count = static_cast<int64_t>(p.inner.size());
  return p;
}

AxisPlan norm_plan(const Shape& s, int64_t axis) {
  AxisPlan p = axis_plan(s, axis);
  p.len *= p.inner;
  p.inner = 1;
  return p;
}

bool gelu_tanh(const Attrs& a) { return a.get_str("approximate") == "tanh"; }

std::array<const char*, 2> gelu_constant_names(const Attrs& a) {
  if (gelu_tanh(a)) return {"tanh_scale", "tanh_cubic"};
  return {"erf_divisor", "erf_multiplier"};
}

std::array<double, 2> gelu_constants(const Attrs& a) {
  const auto names = gelu_constant_names(a);
  return {a.get_float(names[0]), a.get_float(names[1])};
}

std::vector<int64_t> pad_begins(const Attrs& a, size_t rank) {
  const auto& pads = a.get_ints("pads");
  return std::vector<int64_t>(pads.begin(), pads.begin() + static_cast<std::ptrdiff_t>(rank));
}

}  // namespace vf
