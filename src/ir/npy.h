// NumPy .npy files: the interchange format for tensors between vfuse and Python
// (reference outputs, weights, test vectors).
//
// Reads format versions 1.0, 2.0 and 3.0; writes 1.0, or 2.0 when the header does not fit
// 1.0's 16-bit length. Supported dtypes, little-endian only: '<f4' '<f8' '|i1' '|u1'
// '<i4' '<i8' '|b1'. Data is in C (row-major) order; Fortran order is rejected. Any rank,
// including 0-d arrays (shape ()).
#pragma once

#include <span>
#include <string>

#include "ir/tensor.h"
#include "support/result.h"

namespace vf {

/// Reads a .npy file; an Error names the path and what is wrong with the file.
Result<Tensor> read_npy(const std::string& path);

/// Parses the bytes of a .npy file; `name` (usually the path) prefixes error messages.
Result<Tensor> parse_npy(std::span<const unsigned char> bytes, const std::string& name);

/// The bytes of a .npy file holding `t`.
std::string npy_bytes(const Tensor& t);

/// Writes `t` as a .npy file, through a temporary file and a rename.
Result<void> write_npy(const std::string& path, const Tensor& t);

/// The file name of tensor `name` in a folder of .npy files: every byte outside
/// [A-Za-z0-9_.-] becomes '_', then ".npy" (`vfuse run --inputs / --save-outputs`, the
/// ONNX Runtime runner bench/onnxruntime/run.js).
std::string npy_file_name(const std::string& name);

}  // namespace vf
