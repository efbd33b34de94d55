// Which kernel the emitter uses for a convolution: the one choice that the emitter and
// the error bound (bound.h) both read, so the bound always describes the emitted code.
#pragma once

#include "ir/op_attrs.h"
#include "ir/shape.h"

namespace vf::codegen {

/// The kernels of a conv2d / fused_conv2d (runtime/vfrt.h).
enum class ConvAlgorithm {
  Direct,         ///< vfrt::conv2d: window sums, input channel outer, taps inner, FMA
  Winograd2x2,    ///< vfrt::conv2d_winograd: F(2x2, 3x3) (docs/codegen.md)
  DirectSmall,    ///< vfrt::conv2d_small: window sums, output channels in the vector lanes
  WinogradLanes,  ///< vfrt::conv2d_winograd_lanes: F(2x2, 3x3), output channels in the lanes
  Winograd4x4,    ///< vfrt::conv2d_winograd4: F(4x4, 3x3) (docs/codegen.md)
  Patches,        ///< vfrt::conv2d_patches: a patch embedding as a GEMM of the patches
};

/// Whether `algo` is one of the Winograd kernels.
inline bool is_winograd(ConvAlgorithm algo) {
  return algo == ConvAlgorithm::Winograd2x2 || algo == ConvAlgorithm::WinogradLanes ||
         algo == ConvAlgorithm::Winograd4x4;
}

/// The output tile's side of a Winograd kernel: 2 for the F(2x2, 3x3) kernels (which share
/// one bound: they compute every element by the same operations in the same order), 4 for
/// F(4x4, 3x3) (its own bound, codegen/bound.cpp).
inline int winograd_tile(ConvAlgorithm algo) { return algo == ConvAlgorithm::Winograd4x4 ? 4 : 2; }

/// The kernel for a conv with input shape `x` (NCHW), weights `w` (OIHW), output `y` and
/// geometry `a`. Winograd F(2x2, 3x3) for 3x3 stride-1 dilation-1 single-group convs with
/// at least 16 input and output channels (where its transforms pay for themselves): with
/// output channels in the lanes on planes of 4x4 to 256 output pixels (up to 64 tiles:
/// their products stay in L2), whose tile grid would fill vectors of tiles poorly (14x14:
/// 49 tiles in 64 lanes); with tiles in the lanes on larger planes. Else the small-plane
/// kernel for single-group convs of at most 64 output pixels (too few to fill pixel
/// vectors); else the direct kernel. A patch embedding (kernel = stride, no padding or
/// dilation, one group, at least 64 output channels and 256 products per output: ViT's
/// 16x16 / 16) is a GEMM of its patches (the emitter keeps the direct kernel where the
/// weight is computed or a residual is fused; both are one FMA chain per element, with
/// the same bound).
inline ConvAlgorithm conv_algorithm(const Shape& x, const Shape& w, const Shape& y,
                                    const Conv2dAttrs& a) {
  if (a.groups == 1 && w[2] * w[3] > 1 && w[2] == a.strides[0] && w[3] == a.strides[1] &&
      a.padding == std::array<int64_t, 4>{0, 0, 0, 0} && a.dilation[0] == 1 &&
      a.dilation[1] == 1 && w[0] >= 64 && w[1] * w[2] * w[3] >= 256)
    return ConvAlgorithm::Patches;
  const bool winograd = w[2] == 3 && w[3] == 3 && a.strides[0] == 1 && a.strides[1] == 1 &&
                        a.dilation[0] == 1 && a.dilation[1] == 1 && a.groups == 1 && x[1] >= 16 &&
                        w[0] >= 16 && y[2] >= 4 && y[3] >= 4;
  if (winograd && y[2] * y[3] <= 256) return ConvAlgorithm::WinogradLanes;
  if (winograd && y[2] >= 28 && y[3] >= 28) return ConvAlgorithm::Winograd4x4;
  if (winograd) return ConvAlgorithm::Winograd2x2;
  if (a.groups == 1 && y[2] * y[3] <= 64) return ConvAlgorithm::DirectSmall;
  return ConvAlgorithm::Direct;
}

}  // namespace vf::codegen
