#include "quant/agreement.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace vf::quant {

void accumulate(Agreement& a, double& signal, double& noise, const std::vector<Tensor>& ref,
                const std::vector<Tensor>& q) {
  ++a.inputs;
  for (size_t k = 0; k < ref.size(); ++k) {
    for (int64_t i = 0; i < ref[k].size(); ++i) {
      const double r = ref[k].get(i), v = q[k].get(i);
      signal += r * r;
      noise += (r - v) * (r - v);
      a.max_abs_difference = std::max(a.max_abs_difference, std::abs(r - v));
    }
  }
  if (!ref.empty()) {
    const Tensor &r = ref.back(), &v = q.back();
    const int64_t width = r.shape().empty() ? 1 : r.shape().back();
    for (int64_t row = 0; width > 0 && row < r.size() / width; ++row) {
      int64_t br = 0, bq = 0;
      for (int64_t j = 1; j < width; ++j) {
        if (r.get(row * width + j) > r.get(row * width + br)) br = j;
        if (v.get(row * width + j) > v.get(row * width + bq)) bq = j;
      }
      ++a.top1_rows;
      a.top1_same += br == bq;
    }
  }
  a.snr_db = noise == 0 ? std::numeric_limits<double>::infinity() : 10 * std::log10(signal / noise);
}

Result<Agreement> measure_agreement(const CertifiedGraph& reference,
                                    const CertifiedGraph& quantized,
                                    const std::vector<InputSet>& inputs, const GraphRunner& run) {
  Agreement a;
  double signal = 0, noise = 0;
  for (const InputSet& in : inputs) {
    auto r = run(reference, in);
    if (!r) return Error{"the float32 graph: " + r.error().message};
    auto q = run(quantized, in);
    if (!q) return Error{"the quantized graph: " + q.error().message};
    if (r->size() != q->size()) return Error{"the two graphs have different numbers of outputs"};
    for (size_t k = 0; k < r->size(); ++k)
      if ((*r)[k].shape() != (*q)[k].shape())
        return Error{fmt::format("output {} has shape {} in float32, {} quantized", k,
                                 shape_string((*r)[k].shape()), shape_string((*q)[k].shape()))};
    accumulate(a, signal, noise, *r, *q);
  }
  return a;
}

}  // namespace vf::quant
